/**
 * The label's editable flag in the editor model (label-editor.md section 4): a protected
 * label (editable off) takes no change of any kind but turning the flag back on.
 */
import { describe, expect, it } from 'vitest';
import { createLabel } from '../label/label.ts';
import { readLabel, writeLabel } from '../label/wdfx.ts';
import { EditorModel } from './model.ts';

/** Timers that never fire by themselves: groups end at the model's own marks. */
const held = { setTimer: () => 0, clearTimer: () => undefined };

function protectedModel(): EditorModel {
  const doc = createLabel({
    editable: false,
    children: [
      { kind: 'text', x: 1, y: 1, width: 20, height: 5, content: 'A' },
      { kind: 'table', x: 1, y: 10, width: 20, height: 10, rowCount: 2, columnCount: 2 },
    ],
  });
  return new EditorModel(doc, 'en', held);
}

describe('a protected label (editable off)', () => {
  it('refuses every change, leaving the document, its history and the selection as they were', () => {
    const m = protectedModel();
    const before = m.doc;
    expect(m.isProtected).toBe(true);
    m.select(0, false);
    expect(m.insert('qrcode')).toBe(false);
    expect(m.arrow('ArrowRight', false)).toBe(true); // the key is the editor's, the move refused
    m.patchControl(0, { content: 'B', x: 5 });
    m.updateControl(0, 'resize', (el) => ({ ...el, width: 30 }));
    m.duplicateSelection();
    expect(m.copySelection()).toBe(true); // copying changes nothing and stays allowed
    expect(m.paste()).toBe(false);
    m.align('right');
    m.zOrder('front');
    m.deleteSelection();
    m.patchLabel({ labelWidth: 60, backgroundColor: '000000', lockMovement: true });
    m.select(1, false);
    m.selectCell(1, { row: 0, col: 0 }, false);
    m.selectCell(1, { row: 0, col: 1 }, true);
    expect(m.tableOp('merge')).toBeNull();
    expect(m.doc).toBe(before);
    expect(m.isDirty).toBe(false);
    expect(m.history.canUndo).toBe(false);
    expect(m.selection).toEqual([1]);
    // The same merge on the label with the flag on applies: the refusal above was the flag's.
    m.patchLabel({ editable: true });
    m.selectCell(1, { row: 0, col: 0 }, false);
    m.selectCell(1, { row: 0, col: 1 }, true);
    expect(m.tableOp('merge')).toBeNull();
    expect(m.doc.children[1]).not.toEqual(before.children[1]);
  });

  it('takes turning the flag back on, with other settings in the same change, as one undo step', () => {
    const m = protectedModel();
    m.patchLabel({ editable: true, labelWidth: 50 });
    expect(m.doc).toMatchObject({ editable: true, labelWidth: 50 });
    expect(m.isProtected).toBe(false);
    m.patchControl(0, { content: 'B' });
    expect(m.doc.children[0]).toMatchObject({ content: 'B' });
    m.undo();
    m.undo();
    expect(m.doc).toMatchObject({ editable: false, labelWidth: 40 });
  });

  it('can be protected and the protection undone; saved and opened, it stays protected', () => {
    const m = new EditorModel(createLabel({ children: [{ kind: 'text', content: 'A' }] }), 'en', held);
    m.patchLabel({ editable: false });
    expect(m.isProtected).toBe(true);
    m.patchControl(0, { content: 'B' });
    expect(m.doc.children[0]).toMatchObject({ content: 'A' });
    const opened = readLabel(writeLabel(m.doc));
    if (!opened.ok) throw opened.error;
    const reopened = new EditorModel(opened.value, 'en', held);
    expect(reopened.isProtected).toBe(true);
    m.undo();
    expect(m.isProtected).toBe(false);
    m.patchControl(0, { content: 'B' });
    expect(m.doc.children[0]).toMatchObject({ content: 'B' });
  });
});
