/**
 * Cells of a table on the canvas (issue 13, Tables): which cell a label point falls in,
 * where a range of cells is on the label, and the cell selection the editor keeps while a
 * table is selected (click: a cell; shift-click: the rectangle from the first cell).
 *
 * A table's box (x, y, width, height) is before its quarter turn; the engine turns it
 * clockwise about the box's centre. Points are turned back into the box before the
 * column widths and row heights (mm) are walked, so a turned table hits as it is drawn.
 */
import type { TableElement } from '../label/elements/table.ts';
import { turnPoint, type Rotation } from '../label/units.ts';
import { cellArea, rangeOf, unionRange, type CellPos, type CellRange } from './table-ops.ts';
import type { Rect } from './geometry.ts';

type TableGrid = Pick<TableElement, 'x' | 'y' | 'width' | 'height' | 'orientation' | 'rows' | 'cols' | 'rowHeight' | 'colWidth' | 'group'>;

const UNDO_TURN: Record<Rotation, Rotation> = { 0: 0, 90: 270, 180: 180, 270: 90 };

/** Index of the slot of `list` (sizes in mm from 0) holding `v`; -1 outside. */
function slot(list: readonly number[], v: number): number {
  if (v < 0) return -1;
  let edge = 0;
  for (let i = 0; i < list.length; i++) {
    edge += list[i]!;
    if (v <= edge) return i;
  }
  return -1;
}

/**
 * The cell of `table` under the label point (xMm, yMm), or null outside the table. A
 * point in a merged area gives the area's top-left cell (the one that holds its text).
 */
export function cellAtPoint(table: TableGrid, xMm: number, yMm: number): CellPos | null {
  const cx = table.x + table.width / 2;
  const cy = table.y + table.height / 2;
  const [bx, by] = turnPoint(xMm, yMm, cx, cy, UNDO_TURN[table.orientation]);
  const col = slot(table.colWidth, bx - table.x);
  const row = slot(table.rowHeight, by - table.y);
  if (row < 0 || col < 0) return null;
  const area = cellArea(table, row, col);
  return { row: area.r1, col: area.c1 };
}

/** The label rectangle (mm, after the table's turn) covered by a range of cells. */
export function rangeRect(table: TableGrid, range: CellRange): Rect {
  const before = (list: readonly number[], n: number) => list.slice(0, n).reduce((a, b) => a + b, 0);
  const box = {
    x: table.x + before(table.colWidth, range.c1),
    y: table.y + before(table.rowHeight, range.r1),
    width: before(table.colWidth, range.c2 + 1) - before(table.colWidth, range.c1),
    height: before(table.rowHeight, range.r2 + 1) - before(table.rowHeight, range.r1),
  };
  if (table.orientation === 0) return box;
  // Turn the range's two corners with the table and take the rectangle between them.
  const cx = table.x + table.width / 2;
  const cy = table.y + table.height / 2;
  const [ax, ay] = turnPoint(box.x, box.y, cx, cy, table.orientation);
  const [bx, by] = turnPoint(box.x + box.width, box.y + box.height, cx, cy, table.orientation);
  return { x: Math.min(ax, bx), y: Math.min(ay, by), width: Math.abs(bx - ax), height: Math.abs(by - ay) };
}

/**
 * The cells selected in the table at control `index`: `anchor` is where the selection
 * began (a click), `focus` where it ends (the latest shift-click).
 */
export interface CellSelection {
  index: number;
  anchor: CellPos;
  focus: CellPos;
}

/** The rectangle of cells a selection covers: the anchor's and the focus's areas and the
 * cells between. Merged areas crossing its edge are not added (a merge then refuses). */
export function selectionRange(table: Pick<TableElement, 'group'>, sel: Pick<CellSelection, 'anchor' | 'focus'>): CellRange {
  const a = cellArea(table, sel.anchor.row, sel.anchor.col);
  const f = cellArea(table, sel.focus.row, sel.focus.col);
  return unionRange(unionRange(a, f), rangeOf(sel.anchor, sel.focus));
}

/** A selection of the cells of `range` (anchor top-left, focus bottom-right). */
export function selectionOfRange(index: number, range: CellRange): CellSelection {
  return { index, anchor: { row: range.r1, col: range.c1 }, focus: { row: range.r2, col: range.c2 } };
}

/** The selection still valid for `table` (after an undo or a row count change): cells
 * beyond the grid are brought inside it. */
export function clampSelection(table: Pick<TableElement, 'rows' | 'cols'>, sel: CellSelection): CellSelection {
  const fit = (p: CellPos): CellPos => ({ row: Math.min(Math.max(p.row, 0), table.rows - 1), col: Math.min(Math.max(p.col, 0), table.cols - 1) });
  const anchor = fit(sel.anchor);
  const focus = fit(sel.focus);
  const same = anchor.row === sel.anchor.row && anchor.col === sel.anchor.col && focus.row === sel.focus.row && focus.col === sel.focus.col;
  return same ? sel : { index: sel.index, anchor, focus };
}

/** A row or column border of a table: the one after row or column `index` (0-based). */
export interface TableBorder {
  axis: 'row' | 'col';
  index: number;
}

/**
 * The border of `table` within `reachMm` of the label point (mm), inside the table's span
 * on the other axis; the outer left and top edges are not borders (they move the table).
 * Column borders are tried first; the nearest wins.
 */
export function borderAtPoint(table: TableGrid, xMm: number, yMm: number, reachMm: number): TableBorder | null {
  const cx = table.x + table.width / 2;
  const cy = table.y + table.height / 2;
  const [bx, by] = turnPoint(xMm, yMm, cx, cy, UNDO_TURN[table.orientation]);
  const u = bx - table.x;
  const v = by - table.y;
  const near = (list: readonly number[], p: number): number => {
    let edge = 0;
    let best = -1;
    let bestD = reachMm;
    for (let i = 0; i < list.length; i++) {
      edge += list[i]!;
      const d = Math.abs(p - edge);
      if (d <= bestD) [best, bestD] = [i, d];
    }
    return best;
  };
  if (v >= 0 && v <= table.height) {
    const col = near(table.colWidth, u);
    if (col >= 0) return { axis: 'col', index: col };
  }
  if (u >= 0 && u <= table.width) {
    const row = near(table.rowHeight, v);
    if (row >= 0) return { axis: 'row', index: row };
  }
  return null;
}

/** A drag vector on the label (mm) in the table's own axes (before its turn). */
export function toTableAxes(table: Pick<TableElement, 'orientation'>, dxMm: number, dyMm: number): [number, number] {
  return turnPoint(dxMm, dyMm, 0, 0, UNDO_TURN[table.orientation]);
}
