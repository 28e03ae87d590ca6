/**
 * The canvas's part for tables and lines (issue 13, Tables): a click on the selected table
 * selects a cell, shift-click a rectangle of cells (drawn on the overlay); a line shows a
 * handle at each end, and dragging one moves that end (any angle), snapping like a resize;
 * on the selected table, dragging a row or column border resizes that row or column.
 * EditorCanvas calls these from its pointer handlers and overlay drawing.
 */
import type { LabelDocument } from '../../../label/label';
import { canDragEnds, moveLineEnd, type LineEnd } from '../../../editor/edit';
import { ANCHOR_COLOR, ANCHOR_LINE_PX, ANCHOR_RADIUS_PX, lineEndAt, lineEndPoints, toScreen, type View } from '../../../editor/geometry';
import { NO_GUIDES, snapMove, snapTargets, type Guides, type SnapTargets } from '../../../editor/arrange';
import type { EditorModel } from '../../../editor/model';
import { borderAtPoint, cellAtPoint, rangeRect, selectionRange, toTableAxes, type CellSelection, type TableBorder } from '../../../editor/table-cells';
import { clampBorderDelta, moveBorder } from '../../../editor/table-ops';
import type { TableElement } from '../../../label/elements/table';
import { contextOf } from '../../../label/label';

/** Selected cells: a teal wash and border, so they read as part of the selection. */
const CELL_FILL = 'rgba(0, 128, 128, 0.15)';
const CELL_BORDER = 'rgba(0, 128, 128, 0.9)';

/** How near a row or column border the pointer takes it, screen px. */
const BORDER_PX = 4;

/** Dragging one end of a line. */
export interface LineEndDrag {
  kind: 'lineEnd';
  pointerId: number;
  start: LabelDocument;
  index: number;
  end: LineEnd;
  fromX: number;
  fromY: number;
  key: string;
  targets: SnapTargets;
}

/** The line end handle under the press (of the active unlocked line), as a new drag; null otherwise. */
export function lineEndPress(model: EditorModel, view: View, doc: LabelDocument, px: number, py: number, pointerId: number): LineEndDrag | null {
  const p = model.primary;
  const el = p === null ? undefined : doc.children[p];
  if (p === null || !el || !canDragEnds(el) || doc.lockMovement) return null;
  const end = lineEndAt(view, el, px, py);
  if (!end) return null;
  return { kind: 'lineEnd', pointerId, start: doc, index: p, end, fromX: px, fromY: py, key: model.newDragKey(), targets: snapTargets(doc, [p]) };
}

/** Whether the pointer is over an end handle of the active line (for the cursor). */
export function lineEndHover(model: EditorModel, view: View, px: number, py: number): boolean {
  const p = model.primary;
  const el = p === null ? undefined : model.doc.children[p];
  return !!el && canDragEnds(el) && !model.doc.lockMovement && lineEndAt(view, el, px, py) !== null;
}

/** Moves the dragged end by (dx, dy) mm from where the drag began, its point snapped to
 * the label and other controls within `reachMm` (0: no snapping); returns the guides. */
export function dragLineEnd(model: EditorModel, d: LineEndDrag, dxMm: number, dyMm: number, reachMm: number): Guides {
  const start = d.start.children[d.index];
  if (!start || start.kind !== 'line') return NO_GUIDES;
  const [ex, ey] = d.end === 1 ? [start.x1, start.y1] : [start.x2, start.y2];
  let guides = NO_GUIDES;
  if (reachMm > 0) ({ dx: dxMm, dy: dyMm, guides } = snapMove({ x: ex, y: ey, width: 0, height: 0 }, dxMm, dyMm, d.targets, reachMm));
  const ctx = contextOf(d.start, model.locale);
  model.updateControl(d.index, 'line end', () => moveLineEnd(start, d.end, dxMm, dyMm, ctx), d.key);
  return guides;
}

/**
 * A press on control `hit` at label point (mm): on the table that is the one selected
 * control, it selects the cell there (`extend`: the rectangle from the first cell).
 * Returns whether a cell was selected.
 */
export function cellPress(model: EditorModel, hit: number, xMm: number, yMm: number, extend: boolean): boolean {
  const el = model.doc.children[hit];
  if (el?.kind !== 'table' || model.selection.length !== 1 || model.selection[0] !== hit) return false;
  const cell = cellAtPoint(el, xMm, yMm);
  if (!cell) return false;
  model.selectCell(hit, cell, extend);
  return true;
}

/** The selected cells of the selected table and the active line's end handles. */
export function drawTableAndLineOverlay(ctx: CanvasRenderingContext2D, view: View, doc: LabelDocument, cells: CellSelection | null, primary: number | null): void {
  const table = cells ? doc.children[cells.index] : undefined;
  if (cells && table?.kind === 'table') {
    const r = rangeRect(table, selectionRange(table, cells));
    const [x0, y0] = toScreen(view, r.x, r.y);
    const [x1, y1] = toScreen(view, r.x + r.width, r.y + r.height);
    ctx.fillStyle = CELL_FILL;
    ctx.fillRect(x0, y0, x1 - x0, y1 - y0);
    ctx.strokeStyle = CELL_BORDER;
    ctx.lineWidth = 2;
    ctx.setLineDash([]);
    ctx.strokeRect(Math.round(x0), Math.round(y0), Math.round(x1 - x0), Math.round(y1 - y0));
  }
  const line = primary === null ? undefined : doc.children[primary];
  if (line && canDragEnds(line) && !doc.lockMovement) {
    ctx.strokeStyle = ANCHOR_COLOR;
    ctx.lineWidth = ANCHOR_LINE_PX;
    for (const [x, y] of lineEndPoints(view, line)) {
      ctx.beginPath();
      ctx.arc(x, y, ANCHOR_RADIUS_PX, 0, Math.PI * 2);
      ctx.stroke();
    }
  }
}

/** Dragging a row or column border of the selected table. */
export interface BorderDrag extends TableBorder {
  kind: 'border';
  pointerId: number;
  start: LabelDocument;
  index: number;
  table: number;
  fromX: number;
  fromY: number;
  key: string;
}

/** The selected, unlocked table that is the only selected control, with its index. */
function soleTable(model: EditorModel, doc: LabelDocument): { index: number; table: TableElement } | null {
  if (model.selection.length !== 1 || doc.lockMovement) return null;
  const index = model.selection[0]!;
  const el = doc.children[index];
  return el?.kind === 'table' && !el.lockMovement ? { index, table: el } : null;
}

function borderUnder(model: EditorModel, view: View, doc: LabelDocument, px: number, py: number): { index: number; table: TableElement; border: TableBorder } | null {
  const sole = soleTable(model, doc);
  if (!sole) return null;
  const [x, y] = [(px - view.originX) / view.zoom, (py - view.originY) / view.zoom];
  const border = borderAtPoint(sole.table, x, y, BORDER_PX / view.zoom);
  return border ? { ...sole, border } : null;
}

/** A press on a border of the selected table, as a new drag; null otherwise. */
export function borderPress(model: EditorModel, view: View, doc: LabelDocument, px: number, py: number, pointerId: number): BorderDrag | null {
  const b = borderUnder(model, view, doc, px, py);
  if (!b) return null;
  return { kind: 'border', pointerId, start: doc, table: b.index, axis: b.border.axis, index: b.border.index, fromX: px, fromY: py, key: model.newDragKey() };
}

/** The cursor over a border of the selected table (as it is turned on screen), or null. */
export function borderHover(model: EditorModel, view: View, px: number, py: number): string | null {
  const b = borderUnder(model, view, model.doc, px, py);
  if (!b) return null;
  const across = b.table.orientation === 90 || b.table.orientation === 270;
  return (b.border.axis === 'col') !== across ? 'col-resize' : 'row-resize';
}

/** Moves the dragged border by the drag's (dx, dy) mm on the label, held where a cell
 * would fall under 0.5 mm; one undo step a drag. */
export function dragBorder(model: EditorModel, d: BorderDrag, dxMm: number, dyMm: number): void {
  const start = d.start.children[d.table];
  if (!start || start.kind !== 'table') return;
  const [du, dv] = toTableAxes(start, dxMm, dyMm);
  const delta = clampBorderDelta(start, d.axis, d.index, d.axis === 'col' ? du : dv);
  const r = moveBorder(start, d.axis, d.index, delta);
  if (r.ok) model.updateControl(d.table, 'border', () => r.table, d.key);
}
