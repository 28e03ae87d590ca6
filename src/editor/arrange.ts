/**
 * Selection and layout tools of the label editor (issue 13, "The canvas"): marquee
 * selection, snapping of moves and resizes to the label and to other controls (with the
 * guide lines the overlay draws), align, distribute, z-order, and copy and paste. All
 * positions are label millimetres on the controls' visual rectangles (geometry.ts), so a
 * turned control aligns by what the user sees. Every edit returns a new document (or the
 * same one when nothing changes, so no empty undo step is recorded).
 */
import { contextOf, type LabelDocument } from '../label/label.ts';
import type { LabelElement } from '../label/elements/index.ts';
import { round3 } from '../label/units.ts';
import { canMove, freePosition, moveElement } from './edit.ts';
import { visualRect, type Anchor, type Rect } from './geometry.ts';

/** Snapping reach, screen px (converted to mm at the zoom: 5 px is 0.5 mm at 10 px/mm). */
export const SNAP_PX = 5;

// ---- marquee

/** The rectangle (mm) spanned by two corner points in any order. */
export function rectFromPoints(x0: number, y0: number, x1: number, y1: number): Rect {
  return { x: Math.min(x0, x1), y: Math.min(y0, y1), width: Math.abs(x1 - x0), height: Math.abs(y1 - y0) };
}

/** Indexes of the controls whose visual rectangle lies fully inside `r` (mm). */
export function marqueeHits(children: readonly LabelElement[], r: Rect): number[] {
  const out: number[] = [];
  children.forEach((c, i) => {
    const v = visualRect(c);
    if (v.x >= r.x && v.y >= r.y && v.x + v.width <= r.x + r.width && v.y + v.height <= r.y + r.height) out.push(i);
  });
  return out;
}

/** The selection after a marquee: the hits, or (shift) the earlier selection plus the hits. */
export function marqueeSelection(base: readonly number[], hits: readonly number[], additive: boolean): number[] {
  return additive ? [...new Set([...base, ...hits])] : [...hits];
}

// ---- snapping

/** Lines a moving edge or centre may snap to, mm: vertical lines (x) and horizontal (y). */
export interface SnapTargets {
  xs: number[];
  ys: number[];
}

/** Guide lines to draw while snapped, mm. */
export interface Guides {
  xs: number[];
  ys: number[];
}

export const NO_GUIDES: Guides = { xs: [], ys: [] };

/** The label's edges and centre lines, and the edges and centres of every control not in
 * `exclude` (the ones being moved). */
export function snapTargets(doc: Pick<LabelDocument, 'children' | 'labelWidth' | 'labelHeight'>, exclude: readonly number[]): SnapTargets {
  const skip = new Set(exclude);
  const xs = [0, doc.labelWidth / 2, doc.labelWidth];
  const ys = [0, doc.labelHeight / 2, doc.labelHeight];
  doc.children.forEach((c, i) => {
    if (skip.has(i)) return;
    const r = visualRect(c);
    xs.push(r.x, r.x + r.width / 2, r.x + r.width);
    ys.push(r.y, r.y + r.height / 2, r.y + r.height);
  });
  return { xs, ys };
}

/** The smallest correction (mm) bringing one of `values` onto one of `targets` within
 * `reach` mm, with the target; null when none is that close. */
function nearest(values: readonly number[], targets: readonly number[], reach: number): { shift: number; at: number } | null {
  let best: { shift: number; at: number } | null = null;
  for (const v of values)
    for (const t of targets) {
      const d = t - v;
      if (Math.abs(d) <= reach && (!best || Math.abs(d) < Math.abs(best.shift))) best = { shift: d, at: t };
    }
  return best;
}

/**
 * A move by (dx, dy) mm of the controls whose union is `box` (as the drag began), snapped:
 * its left, centre or right onto a vertical target and its top, middle or bottom onto a
 * horizontal one, each axis alone, within `reachMm`. Returns the corrected move and the
 * guides to draw.
 */
export function snapMove(box: Rect, dxMm: number, dyMm: number, targets: SnapTargets, reachMm: number): { dx: number; dy: number; guides: Guides } {
  const x = box.x + dxMm;
  const y = box.y + dyMm;
  const sx = nearest([x, x + box.width / 2, x + box.width], targets.xs, reachMm);
  const sy = nearest([y, y + box.height / 2, y + box.height], targets.ys, reachMm);
  return { dx: dxMm + (sx?.shift ?? 0), dy: dyMm + (sy?.shift ?? 0), guides: { xs: sx ? [sx.at] : [], ys: sy ? [sy.at] : [] } };
}

/**
 * A resize by dragging `anchor` of the visual rectangle `r` by (dx, dy) mm, snapped: the
 * edges the anchor moves snap onto targets within `reachMm` (the other edges stay where
 * they are, so only the moving edges are compared).
 */
export function snapResize(r: Rect, anchor: Anchor, dxMm: number, dyMm: number, targets: SnapTargets, reachMm: number): { dx: number; dy: number; guides: Guides } {
  const edgeX = anchor.includes('w') ? r.x + dxMm : anchor.includes('e') ? r.x + r.width + dxMm : null;
  const edgeY = anchor.includes('n') ? r.y + dyMm : anchor.includes('s') ? r.y + r.height + dyMm : null;
  const sx = edgeX === null ? null : nearest([edgeX], targets.xs, reachMm);
  const sy = edgeY === null ? null : nearest([edgeY], targets.ys, reachMm);
  return { dx: dxMm + (sx?.shift ?? 0), dy: dyMm + (sy?.shift ?? 0), guides: { xs: sx ? [sx.at] : [], ys: sy ? [sy.at] : [] } };
}

/** The union of the visual rectangles of the controls at `indexes` (mm); null for none. */
export function unionRect(children: readonly LabelElement[], indexes: readonly number[]): Rect | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const i of indexes) {
    const c = children[i];
    if (!c) continue;
    const r = visualRect(c);
    x0 = Math.min(x0, r.x);
    y0 = Math.min(y0, r.y);
    x1 = Math.max(x1, r.x + r.width);
    y1 = Math.max(y1, r.y + r.height);
  }
  return x0 === Infinity ? null : { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** The selected controls that a drag moves: unlocked ones only (locked controls stay). */
export function movable(children: readonly LabelElement[], indexes: readonly number[]): number[] {
  return indexes.filter((i) => children[i] !== undefined && canMove(children[i]!));
}

// ---- align and distribute

export type AlignMode = 'left' | 'centre' | 'right' | 'top' | 'middle' | 'bottom';
export const ALIGN_MODES: readonly AlignMode[] = ['left', 'centre', 'right', 'top', 'middle', 'bottom'];
export type Axis = 'horizontal' | 'vertical';

/** `doc` with the controls moved by their (dx, dy) mm (rounded to 3 decimals); the same
 * document when no control moves. */
function applyMoves(doc: LabelDocument, moves: ReadonlyMap<number, [number, number]>, locale: string): LabelDocument {
  const ctx = contextOf(doc, locale);
  let changed = false;
  const children = doc.children.map((c, i) => {
    const m = moves.get(i);
    if (!m || (round3(m[0]) === 0 && round3(m[1]) === 0)) return c;
    const next = moveElement(c, m[0], m[1], ctx);
    if (next.x === c.x && next.y === c.y) return c;
    changed = true;
    return next;
  });
  return changed ? { ...doc, children } : doc;
}

/** Whether align applies: 2 or more controls selected, one of them unlocked. */
export function canAlign(doc: LabelDocument, indexes: readonly number[]): boolean {
  const valid = indexes.filter((i) => doc.children[i]);
  return valid.length >= 2 && movable(doc.children, valid).length > 0;
}

/**
 * The selected controls aligned to the edge or centre line of their union (all selected
 * controls, locked ones included, make the union; locked ones stay where they are).
 */
export function alignSelected(doc: LabelDocument, indexes: readonly number[], mode: AlignMode, locale: string): LabelDocument {
  if (!canAlign(doc, indexes)) return doc;
  const box = unionRect(doc.children, indexes)!;
  const moves = new Map<number, [number, number]>();
  for (const i of movable(doc.children, indexes)) {
    const r = visualRect(doc.children[i]!);
    const target: Record<AlignMode, [number, number]> = {
      left: [box.x - r.x, 0],
      centre: [box.x + box.width / 2 - (r.x + r.width / 2), 0],
      right: [box.x + box.width - (r.x + r.width), 0],
      top: [0, box.y - r.y],
      middle: [0, box.y + box.height / 2 - (r.y + r.height / 2)],
      bottom: [0, box.y + box.height - (r.y + r.height)],
    };
    moves.set(i, target[mode]);
  }
  return applyMoves(doc, moves, locale);
}

/** Whether distribute applies: 3 or more controls selected (with 2 the outer two stay and
 * there is nothing between them), one of the inner ones unlocked. */
export function canDistribute(doc: LabelDocument, indexes: readonly number[], axis: Axis): boolean {
  const order = sortedAlong(doc, indexes, axis);
  return order.length >= 3 && movable(doc.children, order.slice(1, -1)).length > 0;
}

function sortedAlong(doc: LabelDocument, indexes: readonly number[], axis: Axis): number[] {
  const start = (i: number) => {
    const r = visualRect(doc.children[i]!);
    return axis === 'horizontal' ? r.x : r.y;
  };
  return [...new Set(indexes)].filter((i) => doc.children[i]).sort((a, b) => start(a) - start(b) || a - b);
}

/**
 * Equal gaps between the selected controls along `axis`: the first and the last (by their
 * left or top edge) stay; the others are placed in order between them with the same space
 * between neighbours. A locked control keeps its place (it is skipped, not moved).
 */
export function distributeSelected(doc: LabelDocument, indexes: readonly number[], axis: Axis, locale: string): LabelDocument {
  if (!canDistribute(doc, indexes, axis)) return doc;
  const order = sortedAlong(doc, indexes, axis);
  const h = axis === 'horizontal';
  const rects = order.map((i) => visualRect(doc.children[i]!));
  const first = rects[0]!;
  const last = rects[rects.length - 1]!;
  const span = h ? last.x + last.width - first.x : last.y + last.height - first.y;
  const sizes = rects.reduce((s, r) => s + (h ? r.width : r.height), 0);
  const gap = (span - sizes) / (order.length - 1);
  const moves = new Map<number, [number, number]>();
  let at = h ? first.x + first.width + gap : first.y + first.height + gap;
  for (let k = 1; k < order.length - 1; k++) {
    const i = order[k]!;
    const r = rects[k]!;
    if (canMove(doc.children[i]!)) moves.set(i, h ? [at - r.x, 0] : [0, at - r.y]);
    at += (h ? r.width : r.height) + gap;
  }
  return applyMoves(doc, moves, locale);
}

// ---- z-order (children are drawn in order: the last is on top)

export type ZOrder = 'front' | 'back' | 'forward' | 'backward';
export const Z_ORDERS: readonly ZOrder[] = ['front', 'forward', 'backward', 'back'];

/** The order of child indexes after `op` on the selected ones (relative order kept). */
function reorder(count: number, indexes: readonly number[], op: ZOrder): number[] {
  const pick = new Set(indexes.filter((i) => Number.isInteger(i) && i >= 0 && i < count));
  const order = Array.from({ length: count }, (_, i) => i);
  if (op === 'front') return [...order.filter((i) => !pick.has(i)), ...order.filter((i) => pick.has(i))];
  if (op === 'back') return [...order.filter((i) => pick.has(i)), ...order.filter((i) => !pick.has(i))];
  if (op === 'forward') {
    // From the top down: a selected control swaps with the unselected one just above it.
    for (let k = count - 2; k >= 0; k--) if (pick.has(order[k]!) && !pick.has(order[k + 1]!)) [order[k], order[k + 1]] = [order[k + 1]!, order[k]!];
  } else {
    for (let k = 1; k < count; k++) if (pick.has(order[k]!) && !pick.has(order[k - 1]!)) [order[k], order[k - 1]] = [order[k - 1]!, order[k]!];
  }
  return order;
}

/** The document with the selected controls restacked, and their new indexes; the same
 * document when the order would not change (already at the front, say). */
export function zOrderSelected(doc: LabelDocument, indexes: readonly number[], op: ZOrder): { doc: LabelDocument; indexes: number[] } {
  const order = reorder(doc.children.length, indexes, op);
  if (order.every((from, to) => from === to)) return { doc, indexes: [...indexes] };
  const where = new Map(order.map((from, to) => [from, to]));
  return { doc: { ...doc, children: order.map((from) => doc.children[from]!) }, indexes: indexes.filter((i) => where.has(i)).map((i) => where.get(i)!) };
}

/** Whether `op` changes the stacking of the selection. */
export function canZOrder(doc: LabelDocument, indexes: readonly number[], op: ZOrder): boolean {
  return zOrderSelected(doc, indexes, op).doc !== doc;
}

// ---- copy and paste

/** The editor's in-memory clipboard: copies of the selected controls, bottom to top. */
export function copyControls(doc: LabelDocument, indexes: readonly number[]): LabelElement[] {
  return [...new Set(indexes)]
    .filter((i) => doc.children[i])
    .sort((a, b) => a - b)
    .map((i) => ({ ...doc.children[i]!, isSelected: false }) as LabelElement);
}

/**
 * The clipboard's controls added on top, each at the first free position from where it
 * was copied, stepping 1 mm right and down (spec section 5: no control at an occupied
 * position, compared to 4 decimals). Returns the new document and the pasted controls'
 * indexes (a control with no free position within reach is left out).
 */
export function pasteControls(doc: LabelDocument, clip: readonly LabelElement[], locale: string): { doc: LabelDocument; indexes: number[] } {
  const ctx = contextOf(doc, locale);
  let next = doc;
  const added: number[] = [];
  for (const el of clip) {
    const at = freePosition(next, el.x, el.y);
    if (!at) continue;
    const copy = moveElement(el, at[0] - el.x, at[1] - el.y, ctx);
    added.push(next.children.length);
    next = { ...next, children: [...next.children, copy] };
  }
  return { doc: next, indexes: added };
}
