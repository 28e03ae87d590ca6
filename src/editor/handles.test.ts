import { describe, expect, it } from 'vitest';
import { createLabel } from '../label/label.ts';
import { ANCHORS, anchorPoints, visualRect, type View } from './geometry.ts';
import { handleAt, handleOwners, visibleAnchors } from './handles.ts';

const d = createLabel({
  children: [
    { kind: 'rectangle', x: 2, y: 2, width: 10, height: 6 },
    { kind: 'rectangle', x: 20, y: 2, width: 10, height: 6 },
    { kind: 'rectangle', x: 2, y: 15, width: 10, height: 6, lockMovement: true },
  ] as never,
});
const [a, b, locked] = d.children;

describe('resize handles (spec section 2)', () => {
  it('the active unlocked control shows all 8; a selected one all but right- and bottom-centre; a locked one none', () => {
    expect(visibleAnchors(a!, true)).toEqual(ANCHORS);
    expect(visibleAnchors(a!, false)).toEqual(['nw', 'n', 'ne', 'se', 'sw', 'w']);
    expect(visibleAnchors(locked!, true)).toEqual([]);
    expect(visibleAnchors(locked!, false)).toEqual([]);
  });

  it('a label lock locks every control, so none shows handles', () => {
    // A file may say so on the label alone; the engine then treats every control as locked.
    const all = createLabel({ lockMovement: true, children: [{ kind: 'text', x: 1, y: 1 }] as never });
    expect(visibleAnchors(all.children[0]!, true, all.lockMovement)).toEqual([]);
    const p = anchorPoints({ zoom: 10, originX: 0, originY: 0 }, visualRect(all.children[0]!));
    expect(handleAt({ zoom: 10, originX: 0, originY: 0 }, all, [0], 0, p.se[0], p.se[1])).toBeNull();
  });

  it('draws the active control\'s handles last (on top)', () => {
    expect(handleOwners([2, 0, 1], 0)).toEqual([
      { index: 2, active: false },
      { index: 1, active: false },
      { index: 0, active: true },
    ]);
    expect(handleOwners([], null)).toEqual([]);
  });

  for (const zoom of [1, 4, 12.5, 40]) {
    it(`hits only shown handles at zoom ${zoom}`, () => {
      const view: View = { zoom, originX: 10, originY: 10 };
      const pa = anchorPoints(view, visualRect(a!));
      const pb = anchorPoints(view, visualRect(b!));
      const pl = anchorPoints(view, visualRect(locked!));
      // The active control's right-centre handle resizes it.
      expect(handleAt(view, d, [1, 0], 0, pa.e[0], pa.e[1])).toMatchObject({ index: 0 });
      // The other selected control has no right- or bottom-centre handle...
      const hb = handleAt(view, d, [1, 0], 0, pb.e[0], pb.e[1]);
      if (hb) expect(hb.anchor).not.toBe('e');
      // ... but its corners resize it.
      expect(handleAt(view, d, [1, 0], 0, pb.se[0], pb.se[1])).toEqual({ index: 1, anchor: 'se' });
      // A locked control is never resized, active or not.
      for (const p of Object.values(pl)) {
        const h = handleAt(view, d, [2], 2, p[0], p[1]);
        expect(h).toBeNull();
      }
      // Far from every handle: nothing.
      expect(handleAt(view, d, [0, 1], 1, pa.se[0] + 100, pa.se[1] + 100)).toBeNull();
    });
  }
});
