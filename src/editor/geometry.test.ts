import { describe, expect, it } from 'vitest';
import { createElement } from '../label/elements/index.ts';
import { rasterDpi, shownZoom, ANCHOR_RADIUS_PX, anchorAt, anchorPoints, boxFromVisual, fitZoom, hitTest, layout, lineEndAt, lineEndPoints, MARGIN_PX, resizeRect, toLabel, toScreen, visualRect } from './geometry.ts';

describe('zoom and layout', () => {
  it('fits the label with a 10 px margin, within 1..40 px per mm', () => {
    // 40 x 30 mm in 420 x 320 px: (420 - 20) / 40 = 10, (320 - 20) / 30 = 10.
    expect(fitZoom(40, 30, 420, 320)).toBe(10);
    expect(fitZoom(40, 30, 820, 320)).toBe(10); // height decides
    expect(fitZoom(40, 30, 100000, 100000)).toBe(40);
    expect(fitZoom(2000, 2000, 300, 300)).toBe(1);
  });

  it('shows zooms the engine can draw: a whole dpi within the limits', () => {
    expect(rasterDpi(10)).toBe(254);
    expect(rasterDpi(15.3333)).toBe(389); // 389.47 dpi is not a page resolution
    expect(shownZoom(15.3333)).toBe(389 / 25.4);
    expect(rasterDpi(203 / 25.4)).toBe(203);
    expect(rasterDpi(0.5)).toBe(26); // 1 px/mm at least
    expect(rasterDpi(100)).toBe(1016); // 40 px/mm at most
  });

  it('centres the label in the stage and grows the stage for a large zoom', () => {
    const small = layout(40, 30, 5, 600, 400); // label 200 x 150 px
    expect(small.view).toEqual({ zoom: 5, originX: 200, originY: 125 });
    expect([small.stageWidth, small.stageHeight]).toEqual([600, 400]);
    const large = layout(40, 30, 40, 600, 400); // label 1600 x 1200 px
    expect([large.stageWidth, large.stageHeight]).toEqual([1600 + 2 * MARGIN_PX, 1200 + 2 * MARGIN_PX]);
    expect(large.view).toEqual({ zoom: 40, originX: MARGIN_PX, originY: MARGIN_PX });
  });

  it('converts between label mm and screen px both ways', () => {
    const view = { zoom: 8, originX: 30, originY: 12 };
    expect(toScreen(view, 2.5, 1)).toEqual([50, 20]);
    expect(toLabel(view, 50, 20)).toEqual([2.5, 1]);
  });
});

describe('hit testing', () => {
  const a = createElement('rectangle', { x: 0, y: 0, width: 20, height: 10 });
  const b = createElement('qrcode', { x: 5, y: 5, width: 10, height: 10 });
  it('picks the topmost control under the point, or none', () => {
    expect(hitTest([a, b], 6, 6)).toBe(1); // both: b is drawn last
    expect(hitTest([a, b], 1, 1)).toBe(0);
    expect(hitTest([a, b], 30, 25)).toBe(-1);
    expect(hitTest([a, b], 20.5, 1)).toBe(-1);
    expect(hitTest([a, b], 20.5, 1, 1)).toBe(0); // within the padding
  });

  it('tests a turned control where it is drawn: its box turned about the centre', () => {
    // 20 x 4 box at (0, 10), centre (10, 12): turned 90 degrees it covers x 8..12, y 2..22.
    const t = createElement('text', { x: 0, y: 10, width: 20, height: 4, orientation: 90 });
    expect(visualRect(t)).toEqual({ x: 8, y: 2, width: 4, height: 20 });
    expect(hitTest([t], 10, 3)).toBe(0);
    expect(hitTest([t], 1, 12)).toBe(-1); // inside the unturned box only
    expect(boxFromVisual(visualRect(t), 90)).toEqual({ x: 0, y: 10, width: 20, height: 4 });
    expect(boxFromVisual({ x: 1, y: 2, width: 3, height: 4 }, 180)).toEqual({ x: 1, y: 2, width: 3, height: 4 });
  });
});

describe('anchors', () => {
  const r = { x: 2, y: 3, width: 10, height: 4 };
  for (const zoom of [1, 2.5, 8, 16, 40]) {
    it(`sit on the corners and edge middles at zoom ${zoom}`, () => {
      const view = { zoom, originX: 10, originY: 20 };
      const p = anchorPoints(view, r);
      expect(p.nw).toEqual([10 + 2 * zoom, 20 + 3 * zoom]);
      expect(p.se).toEqual([10 + 12 * zoom, 20 + 7 * zoom]);
      expect(p.n).toEqual([10 + 7 * zoom, 20 + 3 * zoom]);
      expect(p.e).toEqual([10 + 12 * zoom, 20 + 5 * zoom]);
      expect(p.w).toEqual([10 + 2 * zoom, 20 + 5 * zoom]);
      expect(p.s).toEqual([10 + 7 * zoom, 20 + 7 * zoom]);
      // An anchor answers within its radius (plus half its 4 px ring), whatever the zoom.
      const [sx, sy] = p.se;
      expect(anchorAt(view, r, sx + ANCHOR_RADIUS_PX + 1, sy)).toBe('se');
      expect(anchorAt(view, r, sx + ANCHOR_RADIUS_PX + 3, sy)).toBeNull();
    });
  }

  it('the nearest anchor wins when a small control makes them overlap', () => {
    const view = { zoom: 1, originX: 0, originY: 0 };
    const tiny = { x: 0, y: 0, width: 4, height: 4 };
    expect(anchorAt(view, tiny, 0, 0)).toBe('nw');
    expect(anchorAt(view, tiny, 4, 4)).toBe('se');
    expect(anchorAt(view, tiny, 2, 0)).toBe('n');
  });
});

describe('resizing by an anchor', () => {
  const r = { x: 10, y: 10, width: 20, height: 10 };
  const min = { width: 5, height: 2 };
  it('moves the edges the anchor holds and keeps the opposite ones', () => {
    expect(resizeRect(r, 'se', 3, 2, min)).toEqual({ x: 10, y: 10, width: 23, height: 12 });
    expect(resizeRect(r, 'nw', 3, 2, min)).toEqual({ x: 13, y: 12, width: 17, height: 8 });
    expect(resizeRect(r, 'e', 3, 2, min)).toEqual({ x: 10, y: 10, width: 23, height: 10 });
    expect(resizeRect(r, 'n', 3, -2, min)).toEqual({ x: 10, y: 8, width: 20, height: 12 });
  });

  it('clamps to the minimum size against the fixed edge, also when dragged past it', () => {
    expect(resizeRect(r, 'se', -100, -100, min)).toEqual({ x: 10, y: 10, width: 5, height: 2 });
    expect(resizeRect(r, 'nw', 100, 100, min)).toEqual({ x: 25, y: 18, width: 5, height: 2 });
    expect(resizeRect(r, 'w', 16, 0, min)).toEqual({ x: 25, y: 10, width: 5, height: 10 });
  });
});

describe('line end handles', () => {
  const view = { zoom: 10, originX: 5, originY: 7 };
  const line = { x1: 1, y1: 1, x2: 11, y2: 5 };
  it('sit on the ends and are hit within the anchor reach, the nearer end first', () => {
    expect(lineEndPoints(view, line)).toEqual([[15, 17], [115, 57]]);
    expect(lineEndAt(view, line, 15 + 13, 17)).toBe(1);
    expect(lineEndAt(view, line, 115, 57 - 14)).toBe(2);
    expect(lineEndAt(view, line, 15 + 15, 17)).toBeNull();
    expect(lineEndAt(view, line, 65, 37)).toBeNull(); // the middle
    const short = { x1: 1, y1: 1, x2: 1.5, y2: 1.2 };
    expect(lineEndAt(view, short, 16, 17)).toBe(1);
    expect(lineEndAt(view, short, 19, 19)).toBe(2);
  });
});
