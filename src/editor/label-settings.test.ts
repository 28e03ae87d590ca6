import { describe, expect, it } from 'vitest';
import { createLabel, labelFields } from '../label/label.ts';
import { readLabel, writeLabel } from '../label/wdfx.ts';
import { DARKNESS_OFFERED, GAP_TYPES, hexColorOf, optionsWith, SPEED_OFFERED } from './label-settings.ts';
import { EditorModel } from './model.ts';

const held = { setTimer: () => 0, clearTimer: () => undefined };

describe('label settings', () => {
  it("offer the spec's lists (section 9), each a value the label accepts", () => {
    expect(GAP_TYPES.map(([v]) => v)).toEqual([0, 1, 2, 3, 255]);
    expect(DARKNESS_OFFERED).toEqual([0, 3, 5, 9, 14, 255]);
    expect(SPEED_OFFERED).toEqual([0, 1, 2, 3, 4, 255]);
    for (const v of DARKNESS_OFFERED) expect(labelFields.printDarkness.parse(v)).toBe(v);
    for (const v of SPEED_OFFERED) expect(labelFields.printSpeed.parse(v)).toBe(v);
    for (const [v] of GAP_TYPES) expect(labelFields.gapType.parse(v)).toBe(v);
  });

  it("show a file's own darkness in the list, in order, unset last", () => {
    expect(optionsWith(DARKNESS_OFFERED, 7)).toEqual([0, 3, 5, 7, 9, 14, 255]);
    expect(optionsWith(DARKNESS_OFFERED, 5)).toEqual([...DARKNESS_OFFERED]);
  });

  it('take a background colour as hex digits only', () => {
    expect(hexColorOf('#ffcc00')).toBe('FFCC00');
    expect(hexColorOf(' fc0 ')).toBe('FFCC00');
    expect(hexColorOf('80FFFFFF')).toBe('80FFFFFF');
    for (const bad of ['', 'red', '#12345', 'GGGGGG', '#1234567']) expect(hexColorOf(bad)).toBeNull();
  });

  it('change through the history: orientation and mirror print are undone step by step', () => {
    const m = new EditorModel(createLabel(), 'en', held);
    m.patchLabel({ orientation: 90 });
    m.patchLabel({ mirrorPrint: true });
    expect(m.doc).toMatchObject({ orientation: 90, mirrorPrint: true });
    m.undo();
    expect(m.doc).toMatchObject({ orientation: 90, mirrorPrint: false });
    m.undo();
    expect(m.doc).toMatchObject({ orientation: 0, mirrorPrint: false });
    expect(m.isDirty).toBe(false);
    m.redo();
    expect(m.doc.orientation).toBe(90);
    // Saved as the vendor's printOrientation and read back.
    const xml = writeLabel(m.doc);
    expect(xml).toMatch(/printOrientation="90"/);
    const read = readLabel(xml);
    expect(read.ok && read.value.orientation).toBe(90);
  });

  it('lock the label and every control in one step, and unlock them on undo', () => {
    const m = new EditorModel(createLabel({ children: [{ kind: 'text', x: 0, y: 0 }, { kind: 'qrcode', x: 5, y: 5 }] }), 'en', held);
    m.patchLabel({ lockMovement: true });
    expect(m.doc.lockMovement).toBe(true);
    expect(m.doc.children.every((c) => c.lockMovement)).toBe(true);
    m.setSelection([0, 1]);
    expect(m.arrow('ArrowRight', false)).toBe(true);
    expect(m.doc.children.map((c) => c.x)).toEqual([0, 5]); // locked: nothing moves
    m.undo();
    expect(m.doc.lockMovement).toBe(false);
    expect(m.doc.children.some((c) => c.lockMovement)).toBe(false);
  });

  it('keep a flag label with its tail, gap, darkness, speed, corner radius and colour through a save', () => {
    const m = new EditorModel(createLabel(), 'en', held);
    m.patchLabel({ isFlagLabel: true, tailDirection: 'down', tailLength: 12 });
    m.patchLabel({ gapType: 3, gapLength: 4.5, printDarkness: 9, printSpeed: 2, cornerRadius: 1.5, backgroundColor: 'FFCC00' });
    const read = readLabel(writeLabel(m.doc));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value).toMatchObject({ isFlagLabel: true, tailDirection: 'down', tailLength: 12, gapType: 3, gapLength: 4.5, printDarkness: 9, printSpeed: 2, cornerRadius: 1.5, backgroundColor: 'FFCC00' });
    // Turning the tail from vertical to horizontal restarts its length (updateLabel's rule).
    m.patchLabel({ tailDirection: 'left' });
    expect(m.doc.tailLength).toBe(0);
  });
});
