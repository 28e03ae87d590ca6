/**
 * Edits of a label document as the editor makes them (label-editor.md sections 2 and 5):
 * moving, resizing with the kind's minimum size, inserting at the first free position,
 * duplicating and deleting. Every function returns a new document; the inputs are never
 * changed, so each result can be one undo step.
 */
import { canInsertAt, contextOf, type LabelDocument } from '../label/label.ts';
import { createElement, kindDef, updateElement, type ElementKind, type LabelElement } from '../label/elements/index.ts';
import { DEFAULT_MIN_SIZE, type Size } from '../label/elements/kind.ts';
import { round3 } from '../label/units.ts';
import { DEFAULT_CONTEXT, type SchemaContext } from '../label/schema.ts';
import { boxFromVisual, resizeRect, visualRect, type Anchor } from './geometry.ts';
import { LINE_MIN, lineFromEnds } from '../label/elements/line.ts';
import type { TableElement } from '../label/elements/table.ts';
import { resizeTableTo, tableMinSize } from './table-ops.ts';

/** Arrow-key steps, mm (spec section 2: 0.5 mm; the issue: Shift 5 mm). */
export const ARROW_STEP_MM = 0.5;
export const ARROW_STEP_SHIFT_MM = 5;
/** How far apart the candidate positions of a new or duplicated control are, mm. */
export const INSERT_STEP_MM = 1;
/** Candidates tried before giving up (a label this crowded gets no more controls there). */
const INSERT_TRIES = 2000;

/** Whether a line's ends (not its box) define it: a diagonal line (label/elements/line.ts). */
function isDiagonalLine(el: LabelElement): boolean {
  return el.kind === 'line' && el.x1 !== el.x2 && el.y1 !== el.y2;
}

/** Whether the user may move the control (spec section 2: only when not locked). */
export function canMove(el: LabelElement): boolean {
  return !el.lockMovement;
}

/** Whether the 8 anchors resize the control: unlocked and not a line (a line is reshaped
 * by its two end handles instead, {@link canDragEnds}). A table resizes proportionally. */
export function canResize(el: LabelElement): boolean {
  return !el.lockMovement && el.kind !== 'line';
}

/** Whether the control shows the two end handles of a line (any angle; unlocked). */
export function canDragEnds(el: LabelElement): el is Extract<LabelElement, { kind: 'line' }> {
  return el.kind === 'line' && !el.lockMovement;
}

/** A line's end: the first (x1, y1) or the second (x2, y2). */
export type LineEnd = 1 | 2;

/**
 * The line `start` (as the drag began) with end `which` moved by (dx, dy) mm; the other
 * end stays. A horizontal or vertical result keeps the line's thickness (its box height;
 * for a line that was diagonal, its line width); any other angle is defined by its ends.
 */
export function moveLineEnd(start: Extract<LabelElement, { kind: 'line' }>, which: LineEnd, dxMm: number, dyMm: number, ctx: SchemaContext = DEFAULT_CONTEXT): LabelElement {
  let { x1, y1, x2, y2 } = start;
  if (which === 1) [x1, y1] = [x1 + dxMm, y1 + dyMm];
  else [x2, y2] = [x2 + dxMm, y2 + dyMm];
  const thickness = isDiagonalLine(start) ? Math.max(start.lineWidth, LINE_MIN) : start.height;
  return updateElement(start, lineFromEnds(x1, y1, x2, y2, thickness), ctx);
}

/** The control moved by (dx, dy) mm; a line's ends move with it. */
export function moveElement(el: LabelElement, dxMm: number, dyMm: number, ctx: SchemaContext = DEFAULT_CONTEXT): LabelElement {
  const patch: Record<string, unknown> = { x: round3(el.x + dxMm), y: round3(el.y + dyMm) };
  if (el.kind === 'line') Object.assign(patch, { x1: round3(el.x1 + dxMm), y1: round3(el.y1 + dyMm), x2: round3(el.x2 + dxMm), y2: round3(el.y2 + dyMm) });
  return updateElement(el, patch, ctx);
}

/** Moves the controls at `indexes` that are not locked. */
export function moveSelected(doc: LabelDocument, indexes: readonly number[], dxMm: number, dyMm: number, locale: string): LabelDocument {
  const ctx = contextOf(doc, locale);
  const pick = new Set(indexes);
  let moved = false;
  const children = doc.children.map((c, i) => {
    if (!pick.has(i) || !canMove(c)) return c;
    moved = true;
    return moveElement(c, dxMm, dyMm, ctx);
  });
  // Nothing unlocked selected: the same document, so no undo step is recorded.
  return moved ? { ...doc, children } : doc;
}

/** The arrow key's move (mm) for `key`, or null for any other key. */
export function arrowDelta(key: string, shift: boolean): [number, number] | null {
  const s = shift ? ARROW_STEP_SHIFT_MM : ARROW_STEP_MM;
  switch (key) {
    case 'ArrowLeft':
      return [-s, 0];
    case 'ArrowRight':
      return [s, 0];
    case 'ArrowUp':
      return [0, -s];
    case 'ArrowDown':
      return [0, s];
    default:
      return null;
  }
}

/** The control's minimum width and height, mm (spec section 5; the kind decides). */
export function minSizeOf(el: LabelElement, doc: LabelDocument, locale: string): Size {
  const def = kindDef(el.kind);
  return def?.minSize ? def.minSize(el as never, contextOf(doc, locale)) : { width: DEFAULT_MIN_SIZE, height: DEFAULT_MIN_SIZE };
}

/**
 * The control resized by dragging `anchor` by (dx, dy) mm from its size `start` (the
 * control as the drag began), never below its minimum size (for a turned control the
 * minimum turns with it).
 */
export function resizeElement(start: LabelElement, anchor: Anchor, dxMm: number, dyMm: number, doc: LabelDocument, locale: string): LabelElement {
  if (start.kind === 'table') return resizeTableByAnchor(start, anchor, dxMm, dyMm);
  const min = minSizeOf(start, doc, locale);
  const turned = start.orientation === 90 || start.orientation === 270;
  const visualMin = turned ? { width: min.height, height: min.width } : min;
  const r = resizeRect(visualRect(start), anchor, dxMm, dyMm, visualMin);
  const box = boxFromVisual(r, start.orientation);
  return updateElement(start, { x: round3(box.x), y: round3(box.y), width: round3(box.width), height: round3(box.height) }, contextOf(doc, locale));
}

/**
 * A table resized by dragging `anchor`: its rows and columns scaled proportionally
 * (spec section 4), never below the size where the smallest cell is 0.5 mm; the edges
 * opposite the anchor stay where they are.
 */
function resizeTableByAnchor(start: TableElement, anchor: Anchor, dxMm: number, dyMm: number): TableElement {
  const turned = start.orientation === 90 || start.orientation === 270;
  const min = tableMinSize(start);
  const visualMin = turned ? { width: min.height, height: min.width } : min;
  const want = resizeRect(visualRect(start), anchor, dxMm, dyMm, visualMin);
  const box = boxFromVisual(want, start.orientation);
  const r = resizeTableTo(start, round3(Math.max(box.width, min.width)), round3(Math.max(box.height, min.height)));
  if (!r.ok) return start;
  // The scaled size can differ from the wanted one by the rounding: hold the fixed edges.
  const size = turned ? { width: r.table.height, height: r.table.width } : { width: r.table.width, height: r.table.height };
  const from = visualRect(start);
  const vx = anchor.includes('w') ? from.x + from.width - size.width : from.x;
  const vy = anchor.includes('n') ? from.y + from.height - size.height : from.y;
  const placed = boxFromVisual({ x: vx, y: vy, ...size }, start.orientation);
  return { ...r.table, x: round3(placed.x), y: round3(placed.y) };
}

/**
 * The first position from (x, y) mm, stepping 1 mm right and down, where no control
 * stands (spec section 5: no control may be inserted at an occupied position); null when
 * none is free within the tries.
 */
export function freePosition(doc: Pick<LabelDocument, 'children'>, x: number, y: number): [number, number] | null {
  for (let i = 0; i < INSERT_TRIES; i++) {
    const px = round3(x + i * INSERT_STEP_MM);
    const py = round3(y + i * INSERT_STEP_MM);
    if (canInsertAt(doc, px, py)) return [px, py];
  }
  return null;
}

/** The document with a new control of `kind` (the spec's default size and content) at the
 * first free position from the label's top-left corner, and its index; null when full. */
export function insertControl(doc: LabelDocument, kind: ElementKind, locale: string): { doc: LabelDocument; index: number } | null {
  const at = freePosition(doc, 0, 0);
  if (!at) return null;
  const el = createElement(kind, { x: at[0], y: at[1] }, contextOf(doc, locale));
  return { doc: { ...doc, children: [...doc.children, el] }, index: doc.children.length };
}

/** Copies of the controls at `indexes`, each at the first free position 1 mm right and
 * down from it, added on top; returns the new document and the copies' indexes. */
export function duplicateSelected(doc: LabelDocument, indexes: readonly number[], locale: string): { doc: LabelDocument; indexes: number[] } {
  const ctx = contextOf(doc, locale);
  let next = doc;
  const added: number[] = [];
  for (const i of [...indexes].sort((a, b) => a - b)) {
    const el = doc.children[i];
    if (!el) continue;
    const at = freePosition(next, el.x + INSERT_STEP_MM, el.y + INSERT_STEP_MM);
    if (!at) continue;
    const copy = moveElement({ ...el, isSelected: false } as LabelElement, at[0] - el.x, at[1] - el.y, ctx);
    added.push(next.children.length);
    next = { ...next, children: [...next.children, copy] };
  }
  return { doc: next, indexes: added };
}

/** The document without the controls at `indexes`. */
export function deleteSelected(doc: LabelDocument, indexes: readonly number[]): LabelDocument {
  const drop = new Set(indexes);
  return { ...doc, children: doc.children.filter((_, i) => !drop.has(i)) };
}

/**
 * A drag's move: the controls at `indexes` as they were when the drag began (`start`)
 * moved by the drag's total (dx, dy) mm, so rounding never accumulates over a drag.
 */
export function moveFrom(doc: LabelDocument, start: LabelDocument, indexes: readonly number[], dxMm: number, dyMm: number, locale: string): LabelDocument {
  const ctx = contextOf(doc, locale);
  const pick = new Set(indexes);
  let moved = false;
  const children = doc.children.map((c, i) => {
    const from = start.children[i];
    if (!pick.has(i) || !from || !canMove(from)) return c;
    const next = moveElement(from, dxMm, dyMm, ctx);
    if (next.x === c.x && next.y === c.y) return c;
    moved = true;
    return next;
  });
  return moved ? { ...doc, children } : doc;
}
