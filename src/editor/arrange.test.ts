import { describe, expect, it } from 'vitest';
import { createLabel } from '../label/label.ts';
import { moveFrom } from './edit.ts';
import {
  alignSelected,
  canAlign,
  canDistribute,
  canZOrder,
  copyControls,
  distributeSelected,
  marqueeHits,
  marqueeSelection,
  movable,
  pasteControls,
  rectFromPoints,
  snapMove,
  snapResize,
  snapTargets,
  SNAP_PX,
  unionRect,
  zOrderSelected,
} from './arrange.ts';
import { EditorModel } from './model.ts';

const L = 'zh-CN';
/** Timers that never fire by themselves: groups end at the model's own marks. */
const held = { setTimer: () => 0, clearTimer: () => undefined };

/** Three rectangles: (2,2) 10x5, (20,10) 5x5 locked, and (5,20) 4x4 turned 90 degrees. */
function sample() {
  return createLabel({
    labelWidth: 50,
    labelHeight: 40,
    children: [
      { kind: 'rectangle', x: 2, y: 2, width: 10, height: 5 },
      { kind: 'rectangle', x: 20, y: 10, width: 5, height: 5, lockMovement: true },
      { kind: 'rectangle', x: 5, y: 20, width: 8, height: 4, orientation: 90 },
    ],
  });
}

describe('marquee selection', () => {
  it('spans two corners in any order', () => {
    expect(rectFromPoints(10, 8, 2, 3)).toEqual({ x: 2, y: 3, width: 8, height: 5 });
  });

  it('selects controls fully inside only, by their turned rectangle', () => {
    const doc = sample();
    // The turned control's visual rectangle is (7, 18) 4 x 8.
    expect(marqueeHits(doc.children, { x: 0, y: 0, width: 13, height: 30 })).toEqual([0, 2]);
    expect(marqueeHits(doc.children, { x: 6, y: 19, width: 10, height: 10 })).toEqual([]); // cuts the turned one
    expect(marqueeHits(doc.children, { x: 7, y: 18, width: 4, height: 8 })).toEqual([2]); // edges count as inside
    expect(marqueeHits(doc.children, { x: 0, y: 0, width: 50, height: 40 })).toEqual([0, 1, 2]);
  });

  it('replaces the selection, or with shift adds to it', () => {
    expect(marqueeSelection([1], [0, 2], false)).toEqual([0, 2]);
    expect(marqueeSelection([1, 0], [0, 2], true)).toEqual([1, 0, 2]);
  });
});

describe('snapping', () => {
  const doc = sample();
  const targets = snapTargets(doc, [0]);

  it('targets the label edges and centre lines and the other controls’ edges and centres', () => {
    expect(targets.xs).toEqual([0, 25, 50, 20, 22.5, 25, 7, 9, 11]);
    expect(targets.ys).toEqual([0, 20, 40, 10, 12.5, 15, 18, 22, 26]);
  });

  it('snaps the nearest of left, centre and right within the reach, each axis alone', () => {
    const box = unionRect(doc.children, [0])!; // (2, 2) 10 x 5
    // Left edge at 0.4 mm: 0.4 mm from the label edge, within 0.5 mm.
    expect(snapMove(box, -1.6, 0.7, targets, 0.5)).toEqual({ dx: -2, dy: 0.7, guides: { xs: [0], ys: [] } });
    // Centre at 24.8 (x 19.8): onto the label's centre line 25; bottom 9.8 onto control
    // 1's top 10.
    const s = snapMove(box, 17.8, 2.8, { xs: [0, 25, 50], ys: [10] }, 0.5);
    expect(s.dx).toBeCloseTo(18, 9);
    expect(s.dy).toBeCloseTo(3, 9);
    expect(s.guides).toEqual({ xs: [25], ys: [10] });
    // The nearest wins: left 19.95 is 0.05 from control 1's left 20; the centre 24.95 ties
    // with it (0.05 from 25) and the first found (the left edge) is kept.
    expect(snapMove(box, 17.95, 0, targets, 0.5).guides.xs).toEqual([20]);
    // Too far from everything: the move as dragged, no guides.
    expect(snapMove(box, 3.3, -1, targets, 0.5)).toEqual({ dx: 3.3, dy: -1, guides: { xs: [], ys: [] } });
  });

  it('converts the reach from screen px at the zoom', () => {
    const box = unionRect(doc.children, [0])!;
    // 0.4 mm off the edge is 4 px at 10 px/mm (snaps) but 16 px at 40 px/mm (does not).
    expect(snapMove(box, -1.6, 0, targets, SNAP_PX / 10).dx).toBe(-2);
    expect(snapMove(box, -1.6, 0, targets, SNAP_PX / 40).dx).toBe(-1.6);
  });

  it('snaps only the edges a resize anchor moves', () => {
    const r = { x: 2, y: 2, width: 10, height: 5 };
    // Dragging the east anchor: the right edge 19.7 onto 20; y is not moved.
    const e = snapResize(r, 'e', 7.7, 3, targets, 0.5);
    expect(e.dx).toBeCloseTo(8, 9);
    expect(e.dy).toBe(3);
    expect(e.guides).toEqual({ xs: [20], ys: [] });
    // North-west: the left edge 0.3 onto 0, the top 9.8 onto 10.
    const nw = snapResize(r, 'nw', -1.7, 7.8, targets, 0.5);
    expect(nw.dx).toBeCloseTo(-2, 9);
    expect(nw.dy).toBeCloseTo(8, 9);
    expect(nw.guides).toEqual({ xs: [0], ys: [10] });
  });
});

describe('group move', () => {
  it('moves every selected unlocked control by the same drag; locked ones stay', () => {
    const doc = sample();
    expect(movable(doc.children, [0, 1, 2])).toEqual([0, 2]);
    const next = moveFrom(doc, doc, [0, 1, 2], 3, -1, L);
    expect(next.children[0]).toMatchObject({ x: 5, y: 1 });
    expect(next.children[1]).toBe(doc.children[1]);
    expect(next.children[2]).toMatchObject({ x: 8, y: 19 });
  });

  it('is one undo step through the model', () => {
    const m = new EditorModel(sample(), L, held);
    const start = m.doc;
    const key = m.newDragKey();
    for (let d = 1; d <= 4; d++) m.edit('move', (doc) => moveFrom(doc, start, [0, 2], d, d, L), key);
    expect(m.doc.children[0]).toMatchObject({ x: 6, y: 6 });
    expect(m.doc.children[2]).toMatchObject({ x: 9, y: 24 });
    m.undo();
    expect(m.doc).toBe(start);
  });
});

describe('align and distribute', () => {
  const doc = sample();

  it('align needs 2 or more controls, one of them unlocked', () => {
    expect(canAlign(doc, [0])).toBe(false);
    expect(canAlign(doc, [0, 1])).toBe(true);
    expect(canAlign(createLabel({ children: [{ kind: 'text', lockMovement: true }, { kind: 'text', x: 3, y: 3, lockMovement: true }] }), [0, 1])).toBe(false);
    expect(alignSelected(doc, [0], 'left', L)).toBe(doc);
  });

  it('aligns to the selection’s edges and centre lines by the turned rectangles; locked stay', () => {
    const sel = [0, 1, 2]; // union: x 2..25, y 2..26
    const left = alignSelected(doc, sel, 'left', L);
    expect(left.children[0]!.x).toBe(2);
    expect(left.children[1]).toBe(doc.children[1]);
    // Turned control: its visual left (7) goes to 2, so its box x goes from 5 to 0.
    expect(left.children[2]!.x).toBe(0);
    const right = alignSelected(doc, sel, 'right', L);
    expect(right.children[0]!.x).toBe(15);
    expect(right.children[2]!.x).toBe(19); // visual 7..11 moved 14 to 21..25
    const centre = alignSelected(doc, sel, 'centre', L);
    expect(centre.children[0]!.x).toBe(8.5); // 13.5 - 5
    const top = alignSelected(doc, sel, 'top', L);
    expect(top.children[0]!.y).toBe(2);
    expect(top.children[2]!.y).toBe(4); // visual top 18 -> 2: y 20 -> 4
    const middle = alignSelected(doc, sel, 'middle', L);
    expect(middle.children[0]!.y).toBe(11.5); // 14 - 2.5
    const bottom = alignSelected(doc, sel, 'bottom', L);
    expect(bottom.children[0]!.y).toBe(21);
    // Already aligned: the same document (no undo step).
    expect(alignSelected(left, [0, 2], 'left', L)).toBe(left);
  });

  it('distributes with equal gaps between first and last; needs 3', () => {
    const row = createLabel({
      labelWidth: 60,
      children: [
        { kind: 'rectangle', x: 0, y: 0, width: 10, height: 5 },
        { kind: 'rectangle', x: 40, y: 0, width: 10, height: 5 },
        { kind: 'rectangle', x: 12, y: 10, width: 4, height: 4 },
      ],
    });
    expect(canDistribute(row, [0, 1], 'horizontal')).toBe(false);
    expect(canDistribute(row, [0, 1, 2], 'horizontal')).toBe(true);
    const h = distributeSelected(row, [0, 1, 2], 'horizontal', L);
    // Span 0..50, sizes 24: gaps of 13; the middle one at 23.
    expect(h.children.map((c) => c.x)).toEqual([0, 40, 23]);
    expect(h.children[2]!.y).toBe(10);
    const v = distributeSelected(createLabel({ children: [{ kind: 'rectangle', x: 0, y: 0, width: 5, height: 2 }, { kind: 'rectangle', x: 1, y: 3, width: 5, height: 2 }, { kind: 'rectangle', x: 2, y: 20, width: 5, height: 2 }] }), [2, 1, 0], 'vertical', L);
    expect(v.children.map((c) => c.y)).toEqual([0, 10, 20]);
    // Middle control locked: nothing to move.
    const locked = createLabel({ children: [{ kind: 'rectangle', x: 0, y: 0 }, { kind: 'rectangle', x: 3, y: 5, lockMovement: true }, { kind: 'rectangle', x: 20, y: 9 }] });
    expect(canDistribute(locked, [0, 1, 2], 'horizontal')).toBe(false);
    expect(distributeSelected(locked, [0, 1, 2], 'horizontal', L)).toBe(locked);
  });
});

describe('z-order', () => {
  const doc = createLabel({ children: ['a', 'b', 'c', 'd'].map((t, i) => ({ kind: 'text', x: i, y: i, content: t })) });
  const names = (d: typeof doc) => d.children.map((c) => (c as { content: string }).content).join('');

  it('brings to front and sends to back, keeping the selection’s own order', () => {
    const f = zOrderSelected(doc, [1, 0], 'front');
    expect(names(f.doc)).toBe('cdab');
    expect(f.indexes).toEqual([3, 2]); // same controls, same selection order
    const b = zOrderSelected(doc, [3, 2], 'back');
    expect(names(b.doc)).toBe('cdab');
    expect(b.indexes).toEqual([1, 0]);
  });

  it('moves forward and backward one step, past one unselected control', () => {
    expect(names(zOrderSelected(doc, [0, 2], 'forward').doc)).toBe('badc');
    expect(names(zOrderSelected(doc, [1, 3], 'backward').doc)).toBe('badc');
    expect(zOrderSelected(doc, [0], 'forward').indexes).toEqual([1]);
  });

  it('changes nothing (and cannot apply) where the selection already is', () => {
    expect(zOrderSelected(doc, [2, 3], 'front').doc).toBe(doc);
    expect(zOrderSelected(doc, [3], 'forward').doc).toBe(doc);
    expect(zOrderSelected(doc, [0, 1], 'back').doc).toBe(doc);
    expect(zOrderSelected(doc, [0], 'backward').doc).toBe(doc);
    expect(zOrderSelected(doc, [], 'front').doc).toBe(doc);
    expect(canZOrder(doc, [3], 'front')).toBe(false);
    expect(canZOrder(doc, [3], 'back')).toBe(true);
  });

  it('is one undo step through the model, the same controls staying selected', () => {
    const m = new EditorModel(doc, L, held);
    m.setSelection([0]);
    m.zOrder('front');
    expect(names(m.doc)).toBe('bcda');
    expect(m.selection).toEqual([3]);
    m.zOrder('front'); // nothing to do: no step
    m.undo();
    expect(m.doc).toBe(doc);
  });
});

describe('copy and paste', () => {
  it('pastes copies at the first free position from where they were copied', () => {
    const doc = sample();
    const clip = copyControls(doc, [2, 0, 2]);
    expect(clip.map((c) => c.x)).toEqual([2, 5]); // bottom to top, once each
    const p = pasteControls(doc, clip, L);
    expect(p.indexes).toEqual([3, 4]);
    expect(p.doc.children[3]).toMatchObject({ x: 3, y: 3, width: 10, height: 5 });
    expect(p.doc.children[4]).toMatchObject({ x: 6, y: 21, orientation: 90 });
    // Pasting again: (3, 3) is taken now, so (4, 4).
    const again = pasteControls(p.doc, clip, L);
    expect(again.doc.children[5]).toMatchObject({ x: 4, y: 4 });
    // Into a label where the original position is free: pasted in place.
    const empty = createLabel();
    expect(pasteControls(empty, clip, L).doc.children[0]).toMatchObject({ x: 2, y: 2 });
  });

  it('copies a line with its ends', () => {
    // A 10 mm horizontal line at (0, 0): its ends at y 0.25 (half its 0.5 mm width).
    const doc = createLabel({ children: [{ kind: 'line', width: 10 }] });
    expect(doc.children[0]).toMatchObject({ x1: 0, y1: 0.25, x2: 10, y2: 0.25 });
    const p = pasteControls(doc, copyControls(doc, [0]), L);
    expect(p.doc.children[1]).toMatchObject({ x: 1, y: 1, x1: 1, y1: 1.25, x2: 11, y2: 1.25 });
  });

  it('works through the model: Ctrl+C keeps the copies, Ctrl+V is one undo step', () => {
    const m = new EditorModel(sample(), L, held);
    expect(m.copySelection()).toBe(false); // nothing selected
    expect(m.paste()).toBe(false);
    m.setSelection([0]);
    expect(m.copySelection()).toBe(true);
    m.deleteSelection();
    expect(m.paste()).toBe(true);
    expect(m.doc.children).toHaveLength(3);
    expect(m.doc.children[2]).toMatchObject({ x: 2, y: 2 }); // free again after the delete
    expect(m.selection).toEqual([2]);
    expect(m.paste()).toBe(true);
    expect(m.doc.children[3]).toMatchObject({ x: 3, y: 3 });
    m.undo();
    expect(m.doc.children).toHaveLength(3);
  });
});

describe('align and distribute through the model', () => {
  it('is one undo step each', () => {
    const m = new EditorModel(sample(), L, held);
    const start = m.doc;
    m.setSelection([0, 2]);
    m.align('top');
    expect(m.doc.children[2]!.y).toBe(4);
    m.undo();
    expect(m.doc).toBe(start);
  });
});
