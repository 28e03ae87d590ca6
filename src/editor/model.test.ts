import { describe, expect, it } from 'vitest';
import { readLabel, writeLabel } from '../label/wdfx.ts';
import { createLabel } from '../label/label.ts';
import { resizeElement } from './edit.ts';
import { EditorModel } from './model.ts';

/** Timers that never fire by themselves: groups end at the model's own marks. */
const held = { setTimer: () => 0, clearTimer: () => undefined };

describe('EditorModel', () => {
  it('inserts, moves with the arrows, undoes and redoes each as one step', () => {
    const m = new EditorModel(createLabel(), 'en', held);
    expect(m.insert('text')).toBe(true);
    expect(m.insert('qrcode')).toBe(true);
    expect(m.selection).toEqual([1]);
    expect(m.arrow('ArrowRight', false)).toBe(true);
    expect(m.arrow('ArrowDown', true)).toBe(true);
    expect(m.doc.children[1]).toMatchObject({ x: 1.5, y: 6 });
    expect(m.isDirty).toBe(true);
    m.undo();
    expect(m.doc.children[1]).toMatchObject({ x: 1.5, y: 1 });
    m.undo();
    m.undo();
    expect(m.doc.children).toHaveLength(1);
    expect(m.selection).toEqual([]); // the undone control is no longer selected
    m.redo();
    m.redo();
    m.redo();
    expect(m.doc.children[1]).toMatchObject({ x: 1.5, y: 6 });
    expect(m.arrow('Enter', false)).toBe(false);
  });

  it('makes one drag one undo step (mergeKey), and two drags two', () => {
    const m = new EditorModel(createLabel({ children: [{ kind: 'text', x: 0, y: 0, width: 20, height: 5 }] }), 'en', held);
    const start = m.doc.children[0]!;
    for (const key of [m.newDragKey(), m.newDragKey()]) {
      const from = m.doc.children[0]!;
      for (let d = 1; d <= 5; d++) m.updateControl(0, 'resize', () => resizeElement(from, 'se', d, 0, m.doc, 'en'), key);
    }
    expect(m.doc.children[0]!.width).toBe(30);
    expect(m.history.undoDepth).toBe(2);
    m.undo();
    expect(m.doc.children[0]!.width).toBe(25);
    m.undo();
    expect(m.doc.children[0]).toEqual(start);
  });

  it('keeps a live drag one undo step and notifies once more when it ends', () => {
    const m = new EditorModel(createLabel({ children: [{ kind: 'text', x: 0, y: 0, width: 20, height: 5 }] }), 'en', held);
    let notified = 0;
    m.subscribe(() => notified++);
    const key = m.newDragKey();
    m.setLive(true);
    m.setLive(true); // already live: nothing to tell
    expect(notified).toBe(0);
    for (let d = 1; d <= 4; d++) m.updateControl(0, 'move', (el) => ({ ...el, x: d }), key);
    expect(m.live).toBe(true);
    expect(notified).toBe(4); // every move still notifies; views choose to refresh lazily
    m.setLive(false);
    expect(m.live).toBe(false);
    expect(notified).toBe(5); // the drag's end: lazy views catch up
    expect(m.doc.children[0]!.x).toBe(4);
    expect(m.history.undoDepth).toBe(1);
    m.undo();
    expect(m.doc.children[0]!.x).toBe(0);
  });

  it('selects, shift-selects, selects all and clears without undo steps', () => {
    const m = new EditorModel(createLabel({ children: [{ kind: 'text', x: 0 }, { kind: 'text', x: 1 }, { kind: 'text', x: 2 }] }), 'en', held);
    m.select(0, false);
    m.select(2, true);
    expect(m.selection).toEqual([0, 2]);
    expect(m.primary).toBe(2);
    m.select(0, true);
    expect(m.selection).toEqual([2]);
    m.selectAll();
    expect(m.selection).toEqual([0, 1, 2]);
    m.select(-1, false);
    expect(m.selection).toEqual([]);
    expect(m.history.canUndo).toBe(false);
    expect(m.isDirty).toBe(false);
  });

  it('deletes and duplicates the selection; a move of locked controls records nothing', () => {
    const m = new EditorModel(createLabel({ children: [{ kind: 'text', x: 2, y: 2, lockMovement: true }] }), 'en', held);
    m.select(0, false);
    m.arrow('ArrowLeft', false);
    expect(m.history.undoDepth).toBe(0);
    m.duplicateSelection();
    expect(m.doc.children[1]).toMatchObject({ x: 3, y: 3 });
    expect(m.selection).toEqual([1]);
    m.selectAll();
    m.deleteSelection();
    expect(m.doc.children).toEqual([]);
    m.undo();
    expect(m.doc.children).toHaveLength(2);
  });

  it('is clean after a save and after loading a file', () => {
    const m = new EditorModel(createLabel(), 'en', held);
    m.insert('rectangle');
    m.markSaved();
    expect(m.isDirty).toBe(false);
    m.patchLabel({ labelWidth: 50 });
    expect(m.isDirty).toBe(true);
    const depth = m.history.undoDepth;
    m.patchLabel({ labelWidth: 0 }); // refused (spec: must be above 0): no step
    expect(m.history.undoDepth).toBe(depth);
    expect(m.doc.labelWidth).toBe(50);
    const read = readLabel(writeLabel(m.doc));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    m.load(read.value);
    expect(m.isDirty).toBe(false);
    expect(m.history.canUndo).toBe(false);
    expect(m.doc.labelWidth).toBe(50);
    expect(m.doc.children).toHaveLength(1);
  });
});
