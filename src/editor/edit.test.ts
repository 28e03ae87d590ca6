import { describe, expect, it } from 'vitest';
import { createLabel } from '../label/label.ts';
import { createElement } from '../label/elements/index.ts';
import { ptToMm } from '../label/units.ts';
import { arrowDelta, canDragEnds, canResize, deleteSelected, duplicateSelected, freePosition, insertControl, minSizeOf, moveLineEnd, moveSelected, resizeElement } from './edit.ts';
import { visualRect } from './geometry.ts';
import type { TableElement } from '../label/elements/table.ts';
type LineElement = Extract<ReturnType<typeof createElement>, { kind: 'line' }>;

const L = 'zh-CN';

describe('arrow moves', () => {
  it('step 0.5 mm, 5 mm with Shift, and ignore other keys', () => {
    expect(arrowDelta('ArrowRight', false)).toEqual([0.5, 0]);
    expect(arrowDelta('ArrowUp', false)).toEqual([0, -0.5]);
    expect(arrowDelta('ArrowLeft', true)).toEqual([-5, 0]);
    expect(arrowDelta('ArrowDown', true)).toEqual([0, 5]);
    expect(arrowDelta('a', false)).toBeNull();
  });

  it('move the selected unlocked controls only, to 3 decimals, lines with their ends', () => {
    const doc = createLabel({
      children: [
        { kind: 'text', x: 1, y: 1 },
        { kind: 'text', x: 5, y: 5, lockMovement: true },
        { kind: 'line', x1: 0, y1: 0, x2: 10, y2: 4 }, // diagonal: its ends define it
        { kind: 'rectangle', x: 9, y: 9 },
      ],
    });
    const next = moveSelected(doc, [0, 1, 2], 0.5, -0.5, L);
    expect(next.children[0]).toMatchObject({ x: 1.5, y: 0.5 });
    expect(next.children[1]).toBe(doc.children[1]); // locked
    expect(next.children[2]).toMatchObject({ x1: 0.5, y1: -0.5, x2: 10.5, y2: 3.5, x: 0.5, y: -0.5 });
    expect(next.children[3]).toBe(doc.children[3]); // not selected
    // Only locked controls selected: the very same document (no undo step).
    expect(moveSelected(doc, [1], 5, 5, L)).toBe(doc);
    let d = doc;
    for (let i = 0; i < 3; i++) d = moveSelected(d, [0], 0.1, 0, L);
    expect(d.children[0]!.x).toBe(1.3);
  });
});

describe('resizing', () => {
  const doc = createLabel();
  it('follows the anchor and clamps to the kind minimum (text: 3 pt high)', () => {
    const t = createElement('text', { x: 2, y: 2, width: 20, height: 5 });
    expect(resizeElement(t, 'se', 5, 1, doc, L)).toMatchObject({ x: 2, y: 2, width: 25, height: 6 });
    const small = resizeElement(t, 'se', -100, -100, doc, L);
    expect(small).toMatchObject({ x: 2, y: 2, width: 0.5, height: ptToMm(3) });
    const fromTop = resizeElement(t, 'n', 0, 100, doc, L);
    expect(fromTop.height).toBe(ptToMm(3));
    expect(fromTop.y).toBe(Math.round((2 + 5 - ptToMm(3)) * 1000) / 1000); // the bottom edge stays
  });

  it('keeps a barcode at least its modules wide at the label dpi', () => {
    const b = createElement('barcode', { x: 0, y: 0 });
    const min = minSizeOf(b, doc, L);
    // Code 128 of 12345678 (set C): start 11 + 4 x 11 + check 11 + stop 13 = 79 modules,
    // one 203-dpi dot each.
    expect(min.width).toBe(Math.round(((79 * 25.4) / 203) * 1000) / 1000);
    expect(resizeElement(b, 'e', -100, 0, doc, L).width).toBe(min.width);
  });

  it('resizes a turned control on screen: the minimum turns with it', () => {
    const t = createElement('text', { x: 0, y: 10, width: 20, height: 4, orientation: 90 }); // covers x 8..12, y 2..22
    const wider = resizeElement(t, 'e', 2, 0, doc, L); // visual 6 wide = box height 6
    expect(wider).toMatchObject({ width: 20, height: 6, orientation: 90 });
    const squashed = resizeElement(t, 's', 0, -100, doc, L); // visual height = box width, minimum 0.5
    expect(squashed.width).toBe(0.5);
  });
});

describe('inserting at a free position (spec section 5)', () => {
  it('never places a control on an occupied position', () => {
    let doc = createLabel();
    const r1 = insertControl(doc, 'text', L)!;
    expect(r1.doc.children[0]).toMatchObject({ kind: 'text', x: 0, y: 0 });
    doc = r1.doc;
    const r2 = insertControl(doc, 'qrcode', L)!;
    expect(r2.index).toBe(1);
    expect(r2.doc.children[1]).toMatchObject({ kind: 'qrcode', x: 1, y: 1, width: 10, height: 10 });
    expect(freePosition(createLabel({ children: [{ kind: 'text', x: 0.00001, y: 0 }] }), 0, 0)).toEqual([1, 1]); // same to 4 decimals
    expect(freePosition(createLabel({ children: [{ kind: 'text', x: 0.001, y: 0 }] }), 0, 0)).toEqual([0, 0]);
  });

  it('gives each kind its default size and content', () => {
    const doc = createLabel();
    const barcode = insertControl(doc, 'barcode', L)!.doc.children[0]!;
    expect(barcode).toMatchObject({ width: 30, height: 10, type: 'code128', content: '12345678' });
    const rect = insertControl(doc, 'rectangle', L)!.doc.children[0]!;
    expect(rect).toMatchObject({ width: 15, height: 5 });
  });

  it('duplicates beside the original, stepping past occupied positions', () => {
    const doc = createLabel({ children: [{ kind: 'text', x: 2, y: 2, content: 'a' }, { kind: 'rectangle', x: 3, y: 3 }] });
    const r = duplicateSelected(doc, [0], L);
    expect(r.indexes).toEqual([2]);
    expect(r.doc.children[2]).toMatchObject({ kind: 'text', content: 'a', x: 4, y: 4 });
    expect(doc.children).toHaveLength(2);
  });

  it('deletes the selected controls', () => {
    const doc = createLabel({ children: [{ kind: 'text', x: 0 }, { kind: 'text', x: 1 }, { kind: 'text', x: 2 }] });
    expect(deleteSelected(doc, [0, 2]).children.map((c) => c.x)).toEqual([1]);
  });
});

describe('resizing a table by an anchor (proportional)', () => {
  const doc = createLabel();
  const table = () => createElement('table', { x: 2, y: 3, colWidth: '4,8,12', rowHeight: '5,10' }) as TableElement; // 24 x 15

  it('scales rows and columns by the drag, the opposite edges fixed', () => {
    const se = resizeElement(table(), 'se', 12, -7.5, doc, L) as TableElement;
    expect(se).toMatchObject({ x: 2, y: 3, width: 36, height: 7.5, colWidth: [6, 12, 18], rowHeight: [2.5, 5] });
    const nw = resizeElement(table(), 'nw', 12, 0, doc, L) as TableElement; // half as wide, right edge stays at 26
    expect(nw).toMatchObject({ x: 14, y: 3, width: 12, colWidth: [2, 4, 6], rowHeight: [5, 10] });
  });

  it('stops where the smallest cell is 0.5 mm', () => {
    const small = resizeElement(table(), 'e', -100, 0, doc, L) as TableElement;
    expect(small.colWidth).toEqual([0.5, 1, 1.5]);
    expect(small).toMatchObject({ x: 2, width: 3 });
    const top = resizeElement(table(), 'n', 0, 100, doc, L) as TableElement;
    expect(top.rowHeight).toEqual([0.5, 1]);
    expect(top.y).toBe(3 + 15 - 1.5); // the bottom edge stays
  });

  it('resizes a turned table on screen: a wider visual box is a taller grid', () => {
    const t = { ...table(), orientation: 90 as const }; // box centre (14, 10.5); visual 15 wide, 24 high
    const wider = resizeElement(t, 'e', 15, 0, doc, L) as TableElement;
    expect(wider).toMatchObject({ width: 24, height: 30, rowHeight: [10, 20], orientation: 90 });
    expect(visualRect(wider).x).toBeCloseTo(visualRect(t).x); // the left edge on screen stays
  });

  it('leaves a locked table alone', () => {
    const t = { ...table(), lockMovement: true };
    expect(canResize(t)).toBe(false);
    expect(resizeElement(t, 'se', 5, 5, doc, L)).toBe(t);
  });
});

describe('dragging a line end', () => {
  it('moves one end of a diagonal line; the other stays and the box follows', () => {
    const line = createElement('line', { x1: 2, y1: 2, x2: 12, y2: 8 }) as LineElement;
    expect(canResize(line)).toBe(false);
    expect(canDragEnds(line)).toBe(true);
    const moved = moveLineEnd(line, 2, 3, 4);
    expect(moved).toMatchObject({ x1: 2, y1: 2, x2: 15, y2: 12, x: 2, y: 2, width: 13, height: 10, orientation: 0 });
    const first = moveLineEnd(line, 1, 20, 0); // end 1 passes end 2: the box flips round
    expect(first).toMatchObject({ x1: 22, y1: 2, x2: 12, y2: 8, x: 12, y: 2, width: 10, height: 6 });
  });

  it('makes a straight line diagonal and back, keeping its thickness', () => {
    const flat = createElement('line', { x: 0, y: 10, width: 10, height: 0.8 }) as LineElement; // ends (0, 10.4), (10, 10.4)
    expect(flat).toMatchObject({ x1: 0, y1: 10.4, x2: 10, y2: 10.4 });
    const diagonal = moveLineEnd(flat, 2, 0, 5) as LineElement;
    expect(diagonal).toMatchObject({ x1: 0, y1: 10.4, x2: 10, y2: 15.4, width: 10, height: 5 });
    const back = moveLineEnd(diagonal, 2, 0, -5);
    // Straight again: the line width is its thickness (the diagonal box height was the slope).
    expect(back).toMatchObject({ x1: 0, y1: 10.4, x2: 10, y2: 10.4, x: 0, width: 10, height: 0.5, orientation: 0 });
    const vertical = moveLineEnd(flat, 2, -10, 5); // straight down: a quarter turn clockwise
    expect(vertical).toMatchObject({ orientation: 90, x1: 0, y1: 10.4, x2: 0, y2: 15.4, width: 5, height: 0.8 });
    expect(canDragEnds({ ...flat, lockMovement: true })).toBe(false);
  });
});
