/**
 * Table operations of the label editor (label-editor.md sections 4 and 5; issue 13,
 * Tables): insert a row above or below and a column left or right of the selected cells,
 * delete the selected rows or columns, merge the selected rectangle, split (break) a
 * merged cell, resize the whole table proportionally and drag one row or column border.
 *
 * Each operation is pure: it takes the table and the selected cell range and returns
 * either the new table (and the range to select afterwards) or a refusal naming an i18n
 * key under `labelEditor.table` with its parameters. A refusal changes nothing, so the
 * editor applies a result as one undo step or not at all. The grid arithmetic itself
 * (cells moved with their rows, merges shifted) lives with the table kind in
 * src/label/elements/table.ts; this file adds the editor's view: which cells, and why not.
 *
 * Rows and columns are 0-based here; messages show them 1-based.
 */
import {
  deleteColumn,
  deleteRow,
  insertColumn,
  insertRow,
  mergeAt,
  mergeCells,
  splitCell,
  TABLE_MAX,
  type Merge,
  type TableElement,
} from '../label/elements/table.ts';
import { CELL_MIN } from '../label/elements/cell.ts';
import { round3 } from '../label/units.ts';

/** One grid position, 0-based. */
export interface CellPos {
  row: number;
  col: number;
}

/** A rectangle of cells: first and last row and column, 0-based, inclusive, r1 <= r2, c1 <= c2. */
export interface CellRange {
  r1: number;
  c1: number;
  r2: number;
  c2: number;
}

/** Why an operation was refused: a key under `labelEditor.table` and its parameters. */
export type TableRefusalKey =
  | 'locked'
  | 'outOfRange'
  | 'tooManyRows'
  | 'tooManyCols'
  | 'lastRow'
  | 'lastCol'
  | 'mergeOneCell'
  | 'mergeAlready'
  | 'mergePartial'
  | 'splitNotMerged'
  | 'tooSmall'
  | 'borderTooSmall';

export interface TableRefusal {
  key: TableRefusalKey;
  params?: Record<string, number>;
}

export type TableOpResult = { ok: true; table: TableElement; range: CellRange } | { ok: false; refusal: TableRefusal };

/** The operations of the table toolbar. */
export const TABLE_OPS = ['rowAbove', 'rowBelow', 'colLeft', 'colRight', 'deleteRow', 'deleteCol', 'merge', 'split'] as const;
export type TableOp = (typeof TABLE_OPS)[number];

const refuse = (key: TableRefusalKey, params?: Record<string, number>): TableOpResult => ({ ok: false, refusal: params ? { key, params } : { key } });

/** The range spanned by two cells in any order. */
export function rangeOf(a: CellPos, b: CellPos = a): CellRange {
  return { r1: Math.min(a.row, b.row), c1: Math.min(a.col, b.col), r2: Math.max(a.row, b.row), c2: Math.max(a.col, b.col) };
}

/** The range covered by cell (row, col): its merged area, or the cell alone. */
export function cellArea(t: Pick<TableElement, 'group'>, row: number, col: number): CellRange {
  const m = mergeAt(t, row, col);
  return m ? { r1: m[0], c1: m[1], r2: m[2], c2: m[3] } : { r1: row, c1: col, r2: row, c2: col };
}

/** The smallest range holding both. */
export function unionRange(a: CellRange, b: CellRange): CellRange {
  return { r1: Math.min(a.r1, b.r1), c1: Math.min(a.c1, b.c1), r2: Math.max(a.r2, b.r2), c2: Math.max(a.c2, b.c2) };
}

function inTable(t: TableElement, r: CellRange): boolean {
  const whole = [r.r1, r.c1, r.r2, r.c2].every(Number.isInteger);
  return whole && r.r1 >= 0 && r.c1 >= 0 && r.r1 <= r.r2 && r.c1 <= r.c2 && r.r2 < t.rows && r.c2 < t.cols;
}

/** Checks shared by every operation: the table is not locked and the range lies in it. */
function precheck(t: TableElement, r: CellRange): TableOpResult | null {
  if (t.lockMovement) return refuse('locked');
  if (!inTable(t, r)) return refuse('outOfRange', { rows: t.rows, cols: t.cols });
  return null;
}

/** Applies toolbar operation `op` to the selected `range` of table `t`. */
export function applyTableOp(t: TableElement, op: TableOp, range: CellRange): TableOpResult {
  const bad = precheck(t, range);
  if (bad) return bad;
  switch (op) {
    case 'rowAbove':
    case 'rowBelow': {
      if (t.rows >= TABLE_MAX) return refuse('tooManyRows', { max: TABLE_MAX });
      const at = op === 'rowAbove' ? range.r1 : range.r2 + 1;
      // The selection stays on the same cells: below the new row it moves down by one.
      const shift = op === 'rowAbove' ? 1 : 0;
      return { ok: true, table: insertRow(t, at)!, range: { ...range, r1: range.r1 + shift, r2: range.r2 + shift } };
    }
    case 'colLeft':
    case 'colRight': {
      if (t.cols >= TABLE_MAX) return refuse('tooManyCols', { max: TABLE_MAX });
      const at = op === 'colLeft' ? range.c1 : range.c2 + 1;
      const shift = op === 'colLeft' ? 1 : 0;
      return { ok: true, table: insertColumn(t, at)!, range: { ...range, c1: range.c1 + shift, c2: range.c2 + shift } };
    }
    case 'deleteRow': {
      if (range.r2 - range.r1 + 1 >= t.rows) return refuse('lastRow');
      let next = t;
      for (let r = range.r2; r >= range.r1; r--) next = deleteRow(next, r)!;
      const row = Math.min(range.r1, next.rows - 1);
      return { ok: true, table: next, range: cellArea(next, row, range.c1) };
    }
    case 'deleteCol': {
      if (range.c2 - range.c1 + 1 >= t.cols) return refuse('lastCol');
      let next = t;
      for (let c = range.c2; c >= range.c1; c--) next = deleteColumn(next, c)!;
      const col = Math.min(range.c1, next.cols - 1);
      return { ok: true, table: next, range: cellArea(next, range.r1, col) };
    }
    case 'merge':
      return merge(t, range);
    case 'split':
      return split(t, range);
  }
}

function merge(t: TableElement, r: CellRange): TableOpResult {
  if (r.r1 === r.r2 && r.c1 === r.c2) return refuse('mergeOneCell');
  const same = (m: Merge) => m[0] === r.r1 && m[1] === r.c1 && m[2] === r.r2 && m[3] === r.c2;
  if (t.group.some(same)) return refuse('mergeAlready');
  const next = mergeCells(t, r.r1, r.c1, r.r2, r.c2);
  // The only other refusal of mergeCells left: a merged area crossing the range's edge.
  if (!next) return refuse('mergePartial');
  return { ok: true, table: next, range: r };
}

/** Breaks the merged area at the range's top-left cell. */
function split(t: TableElement, r: CellRange): TableOpResult {
  const next = splitCell(t, r.r1, r.c1);
  if (!next) return refuse('splitNotMerged', { row: r.r1 + 1, col: r.c1 + 1 });
  return { ok: true, table: next, range: { r1: r.r1, c1: r.c1, r2: r.r1, c2: r.c1 } };
}

/** Whether `op` would apply to `range` (the toolbar disables the button otherwise). */
export function tableOpRefusal(t: TableElement, op: TableOp, range: CellRange): TableRefusal | null {
  const r = applyTableOp(t, op, range);
  return r.ok ? null : r.refusal;
}

// ---- size

/**
 * The smallest size (mm) a proportional resize can reach: the scale at which the
 * narrowest column and the lowest row are 0.5 mm (spec section 5: minimum cell).
 */
export function tableMinSize(t: Pick<TableElement, 'width' | 'height' | 'colWidth' | 'rowHeight'>): { width: number; height: number } {
  const sx = CELL_MIN / Math.min(...t.colWidth);
  const sy = CELL_MIN / Math.min(...t.rowHeight);
  return { width: round3(Math.max(t.width * sx, CELL_MIN)), height: round3(Math.max(t.height * sy, CELL_MIN)) };
}

/** `list` scaled to add up to `total` (3 decimals); the last entry takes the rounding. */
function scaleList(list: readonly number[], total: number): number[] {
  const sum = list.reduce((a, b) => a + b, 0);
  const out = list.map((v) => round3((v * total) / sum));
  const rest = round3(total - out.slice(0, -1).reduce((a, b) => a + b, 0));
  out[out.length - 1] = rest;
  return out;
}

/**
 * The table resized to `width` x `height` mm, every column width and row height scaled by
 * the same factors (spec section 4). Refused below {@link tableMinSize}, where a cell
 * would be narrower or lower than 0.5 mm.
 */
export function resizeTableTo(t: TableElement, width: number, height: number): { ok: true; table: TableElement } | { ok: false; refusal: TableRefusal } {
  if (t.lockMovement) return { ok: false, refusal: { key: 'locked' } };
  const min = tableMinSize(t);
  if (!(width >= min.width) || !(height >= min.height) || !Number.isFinite(width) || !Number.isFinite(height)) {
    return { ok: false, refusal: { key: 'tooSmall', params: { width: min.width, height: min.height } } };
  }
  const colWidth = scaleList(t.colWidth, round3(width));
  const rowHeight = scaleList(t.rowHeight, round3(height));
  // The rounding remainder could push the last entry just under the minimum at the limit.
  if (colWidth.some((w) => w < CELL_MIN) || rowHeight.some((h) => h < CELL_MIN)) {
    return { ok: false, refusal: { key: 'tooSmall', params: { width: min.width, height: min.height } } };
  }
  return { ok: true, table: { ...t, colWidth, rowHeight, width: round3(width), height: round3(height) } };
}

/** The table resized proportionally to `width` x `height` mm, or the same table when refused. */
export function resizedTable(t: TableElement, width: number, height: number): TableElement {
  const r = resizeTableTo(t, width, height);
  return r.ok ? r.table : t;
}

/**
 * Drags the border after column `index` (axis 'col') or row `index` (axis 'row') by
 * `deltaMm`: an inner border moves between its two neighbours (the table keeps its size),
 * the last one grows or shrinks the table. Refused when a cell would fall under 0.5 mm.
 */
export function moveBorder(t: TableElement, axis: 'row' | 'col', index: number, deltaMm: number): { ok: true; table: TableElement } | { ok: false; refusal: TableRefusal } {
  if (t.lockMovement) return { ok: false, refusal: { key: 'locked' } };
  const list = axis === 'col' ? [...t.colWidth] : [...t.rowHeight];
  if (!Number.isInteger(index) || index < 0 || index >= list.length || !Number.isFinite(deltaMm)) {
    return { ok: false, refusal: { key: 'outOfRange', params: { rows: t.rows, cols: t.cols } } };
  }
  list[index] = round3(list[index]! + deltaMm);
  if (index + 1 < list.length) list[index + 1] = round3(list[index + 1]! - deltaMm);
  if (list.some((v) => v < CELL_MIN)) return { ok: false, refusal: { key: 'borderTooSmall', params: { min: CELL_MIN } } };
  const total = round3(list.reduce((a, b) => a + b, 0));
  return { ok: true, table: axis === 'col' ? { ...t, colWidth: list, width: total } : { ...t, rowHeight: list, height: total } };
}

/** `deltaMm` brought within what the border after row or column `index` can move: both
 * neighbours (the last one: the cell before it) stay at least 0.5 mm. */
export function clampBorderDelta(t: Pick<TableElement, 'colWidth' | 'rowHeight'>, axis: 'row' | 'col', index: number, deltaMm: number): number {
  const list = axis === 'col' ? t.colWidth : t.rowHeight;
  const lo = CELL_MIN - (list[index] ?? CELL_MIN);
  const hi = index + 1 < list.length ? list[index + 1]! - CELL_MIN : Infinity;
  return round3(Math.min(Math.max(deltaMm, lo), hi));
}
