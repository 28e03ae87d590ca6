import { describe, expect, it } from 'vitest';
import { createElement } from '../label/elements/index.ts';
import { TABLE_MAX, type TableElement } from '../label/elements/table.ts';
import { applyTableOp, clampBorderDelta, moveBorder, rangeOf, resizedTable, resizeTableTo, tableMinSize, tableOpRefusal, TABLE_OPS, type CellRange, type TableOp } from './table-ops.ts';

/** A table whose cells are named by their first position ("rc"), so moves are visible. */
function table(props: Record<string, unknown> = {}): TableElement {
  const t = createElement('table', { x: 2, y: 3, ...props }) as TableElement;
  return { ...t, cells: t.cells.map((c, i) => ({ ...c, content: `${Math.floor(i / t.cols)}${i % t.cols}` })) };
}
const grid = (t: TableElement) => Array.from({ length: t.rows }, (_, r) => t.cells.slice(r * t.cols, (r + 1) * t.cols).map((c) => c.content || '..').join(' '));
const cell = (row: number, col: number): CellRange => rangeOf({ row, col });

function ok(t: TableElement, op: TableOp, range: CellRange) {
  const r = applyTableOp(t, op, range);
  if (!r.ok) throw new Error(`refused: ${r.refusal.key}`);
  return r;
}

describe('inserting and deleting rows and columns', () => {
  it('inserts a row above or below the selected cells, moving the selection with its cells', () => {
    const t = table(); // 2 x 3
    const above = ok(t, 'rowAbove', cell(1, 1));
    expect(grid(above.table)).toEqual(['00 01 02', '.. .. ..', '10 11 12']);
    expect(above.table).toMatchObject({ rows: 3, rowHeight: [5, 5, 5], height: 15, x: 2, y: 3 });
    expect(above.range).toEqual(cell(2, 1)); // still on "11"
    const below = ok(t, 'rowBelow', rangeOf({ row: 0, col: 0 }, { row: 1, col: 0 }));
    expect(grid(below.table)).toEqual(['00 01 02', '10 11 12', '.. .. ..']);
    expect(below.range).toEqual({ r1: 0, c1: 0, r2: 1, c2: 0 });
  });

  it('inserts a column left or right', () => {
    const t = table();
    const left = ok(t, 'colLeft', cell(0, 0));
    expect(grid(left.table)).toEqual(['.. 00 01 02', '.. 10 11 12']);
    expect(left.table).toMatchObject({ cols: 4, width: 32 });
    expect(left.range).toEqual(cell(0, 1));
    const right = ok(t, 'colRight', cell(1, 1));
    expect(grid(right.table)).toEqual(['00 01 .. 02', '10 11 .. 12']);
    expect(right.range).toEqual(cell(1, 1));
  });

  it('refuses a 31st row or column, and changes nothing', () => {
    const rows = table({ rows: TABLE_MAX });
    expect(applyTableOp(rows, 'rowAbove', cell(0, 0))).toEqual({ ok: false, refusal: { key: 'tooManyRows', params: { max: 30 } } });
    expect(applyTableOp(rows, 'rowBelow', cell(29, 0))).toMatchObject({ ok: false, refusal: { key: 'tooManyRows' } });
    const cols = table({ cols: TABLE_MAX });
    expect(applyTableOp(cols, 'colRight', cell(0, 29))).toEqual({ ok: false, refusal: { key: 'tooManyCols', params: { max: 30 } } });
    expect(ok(table({ rows: 29 }), 'rowBelow', cell(28, 0)).table.rows).toBe(30);
  });

  it('deletes the selected rows or columns, keeping at least one of each', () => {
    const t = table({ rows: 3, cols: 3 });
    const rows = ok(t, 'deleteRow', rangeOf({ row: 0, col: 1 }, { row: 1, col: 1 }));
    expect(grid(rows.table)).toEqual(['20 21 22']);
    expect(rows.table).toMatchObject({ rows: 1, height: 5, rowHeight: [5] });
    expect(rows.range).toEqual(cell(0, 1));
    expect(applyTableOp(t, 'deleteRow', rangeOf({ row: 0, col: 0 }, { row: 2, col: 0 }))).toEqual({ ok: false, refusal: { key: 'lastRow' } });
    expect(applyTableOp(rows.table, 'deleteRow', cell(0, 0))).toMatchObject({ ok: false, refusal: { key: 'lastRow' } });
    const cols = ok(t, 'deleteCol', cell(2, 2));
    expect(grid(cols.table)).toEqual(['00 01', '10 11', '20 21']);
    expect(cols.range).toEqual(cell(2, 1)); // the last column went: the one before it
    expect(applyTableOp(table({ cols: 1 }), 'deleteCol', cell(0, 0))).toEqual({ ok: false, refusal: { key: 'lastCol' } });
  });

  it('refuses a range outside the table and a locked table', () => {
    const t = table();
    for (const r of [cell(2, 0), cell(0, 3), cell(-1, 0), { r1: 1, c1: 0, r2: 0, c2: 0 }, { r1: 0.5, c1: 0, r2: 1, c2: 0 }]) {
      for (const op of TABLE_OPS) expect(applyTableOp(t, op, r)).toEqual({ ok: false, refusal: { key: 'outOfRange', params: { rows: 2, cols: 3 } } });
    }
    const locked = { ...t, lockMovement: true };
    for (const op of TABLE_OPS) expect(tableOpRefusal(locked, op, cell(0, 0))).toEqual({ key: 'locked' });
  });

  it('shifts and shrinks merged areas with inserted and deleted rows', () => {
    const t = ok(table({ rows: 3, cols: 3 }), 'merge', rangeOf({ row: 0, col: 0 }, { row: 1, col: 1 })).table;
    expect(ok(t, 'rowAbove', cell(0, 2)).table.group).toEqual([[1, 0, 2, 1]]);
    expect(ok(t, 'deleteRow', cell(1, 2)).table.group).toEqual([[0, 0, 0, 1]]);
    expect(ok(t, 'deleteCol', cell(2, 0)).table.group).toEqual([[0, 0, 1, 0]]);
  });
});

describe('merging and splitting', () => {
  it('merges a rectangle of two or more cells; text stays in its cells', () => {
    const t = table();
    const r = ok(t, 'merge', rangeOf({ row: 0, col: 0 }, { row: 0, col: 1 }));
    expect(r.table.group).toEqual([[0, 0, 0, 1]]);
    expect(r.table.cells).toBe(t.cells);
    expect(applyTableOp(t, 'merge', cell(1, 1))).toEqual({ ok: false, refusal: { key: 'mergeOneCell' } });
    expect(applyTableOp(r.table, 'merge', rangeOf({ row: 0, col: 0 }, { row: 0, col: 1 }))).toEqual({ ok: false, refusal: { key: 'mergeAlready' } });
  });

  it('absorbs merged areas wholly inside, refuses one crossing the edge', () => {
    const t = ok(table({ rows: 3, cols: 3 }), 'merge', rangeOf({ row: 0, col: 1 }, { row: 1, col: 1 })).table;
    // 0,0..1,2 holds the merge wholly: absorbed into one area.
    expect(ok(t, 'merge', rangeOf({ row: 0, col: 0 }, { row: 1, col: 2 })).table.group).toEqual([[0, 0, 1, 2]]);
    // 1,0..2,2 cuts it (row 0 is outside): refused, nothing changed.
    expect(applyTableOp(t, 'merge', rangeOf({ row: 1, col: 0 }, { row: 2, col: 2 }))).toEqual({ ok: false, refusal: { key: 'mergePartial' } });
    expect(applyTableOp(t, 'merge', rangeOf({ row: 0, col: 0 }, { row: 0, col: 1 }))).toMatchObject({ ok: false, refusal: { key: 'mergePartial' } });
  });

  it('splits a merged cell back into single cells, refuses a single cell', () => {
    const merged = ok(table(), 'merge', rangeOf({ row: 0, col: 1 }, { row: 1, col: 2 }));
    const split = ok(merged.table, 'split', merged.range);
    expect(split.table.group).toEqual([]);
    expect(split.range).toEqual(cell(0, 1));
    expect(applyTableOp(split.table, 'split', cell(0, 1))).toEqual({ ok: false, refusal: { key: 'splitNotMerged', params: { row: 1, col: 2 } } });
  });
});

describe('resizing', () => {
  it('scales every column width and row height by the same factor', () => {
    const t = { ...table(), colWidth: [4, 8, 12], width: 24, rowHeight: [5, 10], height: 15 };
    const r = resizeTableTo(t, 36, 7.5);
    expect(r).toMatchObject({ ok: true, table: { colWidth: [6, 12, 18], rowHeight: [2.5, 5], width: 36, height: 7.5, x: 2, y: 3 } });
  });

  it('keeps the lists adding up to the size at 3 decimals', () => {
    const t = table(); // 3 x 8 by 2 x 5
    const r = resizeTableTo(t, 10, 10);
    if (!r.ok) throw new Error('refused');
    expect(r.table.colWidth).toEqual([3.333, 3.333, 3.334]);
    expect(r.table.colWidth.reduce((a, b) => a + b, 0)).toBeCloseTo(10, 9);
    expect(r.table.width).toBe(10);
  });

  it('refuses a size where the smallest cell would be under 0.5 mm', () => {
    const t = { ...table(), colWidth: [1, 4, 5], width: 10 };
    expect(tableMinSize(t)).toEqual({ width: 5, height: 1 });
    expect(resizeTableTo(t, 5, 1).ok).toBe(true);
    expect(resizeTableTo(t, 4.999, 10)).toEqual({ ok: false, refusal: { key: 'tooSmall', params: { width: 5, height: 1 } } });
    expect(resizeTableTo(t, 10, 0.9).ok).toBe(false);
    expect(resizeTableTo(t, Number.NaN, 10).ok).toBe(false);
    expect(resizeTableTo({ ...t, lockMovement: true }, 20, 20)).toEqual({ ok: false, refusal: { key: 'locked' } });
    expect(resizedTable(t, 4, 10)).toBe(t); // refused: the same table, nothing half-applied
    expect(resizedTable(t, 20, 4)).toMatchObject({ colWidth: [2, 8, 10], width: 20, height: 4 });
  });

  it('drags one border: inner borders trade between neighbours, the last one resizes', () => {
    const t = table(); // columns 8, 8, 8
    expect(moveBorder(t, 'col', 0, 2)).toMatchObject({ ok: true, table: { colWidth: [10, 6, 8], width: 24 } });
    expect(moveBorder(t, 'col', 2, -3)).toMatchObject({ ok: true, table: { colWidth: [8, 8, 5], width: 21 } });
    expect(moveBorder(t, 'row', 1, 1)).toMatchObject({ ok: true, table: { rowHeight: [5, 6], height: 11 } });
    expect(moveBorder(t, 'col', 0, 7.6)).toEqual({ ok: false, refusal: { key: 'borderTooSmall', params: { min: 0.5 } } });
    expect(moveBorder(t, 'col', 0, 7.5).ok).toBe(true);
    expect(moveBorder(t, 'col', 3, 1).ok).toBe(false);
    // A drag is held at the limits instead of refused.
    expect(clampBorderDelta(t, 'col', 0, 9)).toBe(7.5);
    expect(clampBorderDelta(t, 'col', 0, -9)).toBe(-7.5);
    expect(clampBorderDelta(t, 'col', 2, 50)).toBe(50); // the last border grows the table
    expect(clampBorderDelta(t, 'row', 1, -6)).toBe(-4.5);
    expect(moveBorder(t, 'col', 0, clampBorderDelta(t, 'col', 0, 9))).toMatchObject({ ok: true, table: { colWidth: [15.5, 0.5, 8] } });
  });
});
