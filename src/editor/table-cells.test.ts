import { describe, expect, it } from 'vitest';
import { createElement } from '../label/elements/index.ts';
import type { TableElement } from '../label/elements/table.ts';
import { borderAtPoint, cellAtPoint, clampSelection, rangeRect, selectionRange, toTableAxes } from './table-cells.ts';

/** At (10, 20): columns 4, 6, 8 mm, rows 5, 3 mm (18 x 8 mm). */
function table(props: Record<string, unknown> = {}): TableElement {
  return createElement('table', { x: 10, y: 20, rows: 2, cols: 3, colWidth: '4,6,8', rowHeight: '5,3', ...props }) as TableElement;
}

describe('cell hit test', () => {
  it('finds the cell under a label point, null outside', () => {
    const t = table();
    expect(cellAtPoint(t, 11, 21)).toEqual({ row: 0, col: 0 });
    expect(cellAtPoint(t, 14.5, 21)).toEqual({ row: 0, col: 1 });
    expect(cellAtPoint(t, 27.9, 27.9)).toEqual({ row: 1, col: 2 });
    expect(cellAtPoint(t, 9.9, 21)).toBeNull();
    expect(cellAtPoint(t, 28.1, 21)).toBeNull();
    expect(cellAtPoint(t, 11, 28.1)).toBeNull();
  });

  it('gives a merged area its top-left cell', () => {
    const t = table({ group: '0,1,1,2' });
    expect(cellAtPoint(t, 27, 27)).toEqual({ row: 0, col: 1 });
    expect(cellAtPoint(t, 11, 27)).toEqual({ row: 1, col: 0 });
  });

  it('turns the point back for a turned table', () => {
    // Box 10..28 x 20..28, centre (19, 24); turned 90° clockwise it covers x 15..23,
    // y 15..33, and the box's top-left cell lands at the top-right.
    const t = table({ orientation: 90 });
    expect(cellAtPoint(t, 22.5, 15.5)).toEqual({ row: 0, col: 0 });
    expect(cellAtPoint(t, 15.5, 32.5)).toEqual({ row: 1, col: 2 });
    expect(cellAtPoint(t, 11, 21)).toBeNull(); // inside the unturned box, outside the table
    const r = rangeRect(t, { r1: 0, c1: 0, r2: 0, c2: 0 });
    expect(r.x).toBeCloseTo(18);
    expect(r.y).toBeCloseTo(15);
    expect(r.width).toBeCloseTo(5);
    expect(r.height).toBeCloseTo(4);
  });
});

describe('cell ranges and selections', () => {
  it('places a range of cells on the label', () => {
    expect(rangeRect(table(), { r1: 0, c1: 1, r2: 1, c2: 2 })).toEqual({ x: 14, y: 20, width: 14, height: 8 });
  });

  it('covers the anchor to the focus, with their merged areas', () => {
    const t = table({ rows: 3, cols: 3, rowHeight: '', colWidth: '', group: '1,1,2,2' });
    expect(selectionRange(t, { anchor: { row: 0, col: 0 }, focus: { row: 0, col: 1 } })).toEqual({ r1: 0, c1: 0, r2: 0, c2: 1 });
    expect(selectionRange(t, { anchor: { row: 0, col: 0 }, focus: { row: 1, col: 1 } })).toEqual({ r1: 0, c1: 0, r2: 2, c2: 2 });
    expect(selectionRange(t, { anchor: { row: 2, col: 0 }, focus: { row: 2, col: 0 } })).toEqual({ r1: 2, c1: 0, r2: 2, c2: 0 });
  });

  it('brings a selection back inside a grid that shrank', () => {
    const sel = { index: 0, anchor: { row: 1, col: 1 }, focus: { row: 4, col: 6 } };
    expect(clampSelection({ rows: 2, cols: 3 }, sel)).toEqual({ index: 0, anchor: { row: 1, col: 1 }, focus: { row: 1, col: 2 } });
    const fits = { index: 0, anchor: { row: 0, col: 0 }, focus: { row: 1, col: 2 } };
    expect(clampSelection({ rows: 2, cols: 3 }, fits)).toBe(fits);
  });
});

describe('row and column borders', () => {
  it('finds the border near a point, inside the table, not the outer left and top edges', () => {
    const t = table(); // columns end at 14, 20, 28; rows at 25, 28
    expect(borderAtPoint(t, 14.2, 22, 0.5)).toEqual({ axis: 'col', index: 0 });
    expect(borderAtPoint(t, 27.8, 27, 0.5)).toEqual({ axis: 'col', index: 2 });
    expect(borderAtPoint(t, 17, 24.7, 0.5)).toEqual({ axis: 'row', index: 0 });
    expect(borderAtPoint(t, 17, 28.3, 0.5)).toEqual({ axis: 'row', index: 1 });
    expect(borderAtPoint(t, 17, 22, 0.5)).toBeNull();
    expect(borderAtPoint(t, 10.1, 22, 0.5)).toBeNull(); // the left edge
    expect(borderAtPoint(t, 14, 30, 0.5)).toBeNull(); // below the table
  });

  it('works in the table axes when turned', () => {
    const t = table({ orientation: 90 }); // box column border at x 14 lands at y 19 (see above)
    expect(borderAtPoint(t, 20, 19.1, 0.3)).toEqual({ axis: 'col', index: 0 });
    const [u, v] = toTableAxes(t, 0, 2); // down the screen = along the box's columns
    expect(u).toBeCloseTo(2);
    expect(v).toBeCloseTo(0);
  });
});
