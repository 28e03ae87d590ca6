/**
 * Canvas geometry of the label editor (label-editor.md section 2): where the label sits on
 * the screen at a zoom, which control is under the pointer and where the 8 resize anchors
 * are. Label coordinates are millimetres (y down); screen coordinates are CSS pixels of
 * the editor's stage. A control's box (x, y, width, height) is before its quarter turn;
 * the engine turns it clockwise about the box's centre, so what the user sees and clicks
 * is the "visual" rectangle computed here.
 */
import type { LabelElement } from '../label/elements/index.ts';
import type { Rotation } from '../label/units.ts';

/** Margin around the label on the canvas, px (spec section 2). */
export const MARGIN_PX = 10;
/** Zoom limits, px per mm (the issue: zoom 1 to 40). */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 40;
/** Anchor radius and ring width, px (spec section 2: radius 12, line 4). */
export const ANCHOR_RADIUS_PX = 12;
export const ANCHOR_LINE_PX = 4;
/** Semi-transparent teal (spec section 2). */
export const ANCHOR_COLOR = 'rgba(0, 128, 128, 0.5)';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the label is drawn: `zoom` px per mm, label (0, 0) at (originX, originY) px. */
export interface View {
  zoom: number;
  originX: number;
  originY: number;
}

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** The engine draws pages at a whole number of dots per inch: the screen raster's dpi for
 * a zoom (px per mm), kept within the zoom limits (26..1016 dpi). */
export function rasterDpi(zoom: number): number {
  const dpi = Math.round(zoom * 25.4);
  return Math.min(Math.floor(MAX_ZOOM * 25.4), Math.max(Math.ceil(MIN_ZOOM * 25.4), dpi));
}

/** The zoom actually shown for a requested one: a whole dpi, so the overlay's mm-to-px
 * scale is exactly the raster's. */
export function shownZoom(zoom: number): number {
  return rasterDpi(clampZoom(zoom)) / 25.4;
}

/** The zoom that fits a label (mm) into a stage (px) with the margin on every side. */
export function fitZoom(labelWidthMm: number, labelHeightMm: number, stageWidthPx: number, stageHeightPx: number): number {
  const zx = (stageWidthPx - 2 * MARGIN_PX) / labelWidthMm;
  const zy = (stageHeightPx - 2 * MARGIN_PX) / labelHeightMm;
  const z = Math.min(zx, zy);
  return clampZoom(Number.isFinite(z) && z > 0 ? z : MIN_ZOOM);
}

/** The label's size on screen at `zoom`, px: the engine's page is this many dots a side
 * at dpi = zoom x 25.4. */
export function labelPixels(labelWidthMm: number, labelHeightMm: number, zoom: number): { width: number; height: number } {
  return { width: Math.round(labelWidthMm * zoom), height: Math.round(labelHeightMm * zoom) };
}

/**
 * The stage (at least the container, at least the label plus its margins) and the view
 * that centres the label in it. Whole pixels, so the raster is drawn unscaled.
 */
export function layout(labelWidthMm: number, labelHeightMm: number, zoom: number, containerWidthPx: number, containerHeightPx: number): { stageWidth: number; stageHeight: number; view: View } {
  const px = labelPixels(labelWidthMm, labelHeightMm, zoom);
  const stageWidth = Math.max(Math.floor(containerWidthPx), px.width + 2 * MARGIN_PX);
  const stageHeight = Math.max(Math.floor(containerHeightPx), px.height + 2 * MARGIN_PX);
  return { stageWidth, stageHeight, view: { zoom, originX: Math.floor((stageWidth - px.width) / 2), originY: Math.floor((stageHeight - px.height) / 2) } };
}

export function toScreen(view: View, xMm: number, yMm: number): [number, number] {
  return [view.originX + xMm * view.zoom, view.originY + yMm * view.zoom];
}

export function toLabel(view: View, xPx: number, yPx: number): [number, number] {
  return [(xPx - view.originX) / view.zoom, (yPx - view.originY) / view.zoom];
}

type Boxed = Pick<LabelElement, 'x' | 'y' | 'width' | 'height' | 'orientation'>;

function turned(r: Rotation): boolean {
  return r === 90 || r === 270;
}

/** The rectangle a control covers on the label (mm): its box turned about its centre. */
export function visualRect(el: Boxed): Rect {
  if (!turned(el.orientation)) return { x: el.x, y: el.y, width: el.width, height: el.height };
  const cx = el.x + el.width / 2;
  const cy = el.y + el.height / 2;
  return { x: cx - el.height / 2, y: cy - el.width / 2, width: el.height, height: el.width };
}

/** The box (before the turn) whose visual rectangle is `r`. */
export function boxFromVisual(r: Rect, orientation: Rotation): Rect {
  if (!turned(orientation)) return { ...r };
  const cx = r.x + r.width / 2;
  const cy = r.y + r.height / 2;
  return { x: cx - r.height / 2, y: cy - r.width / 2, width: r.height, height: r.width };
}

export function contains(r: Rect, x: number, y: number, padMm = 0): boolean {
  return x >= r.x - padMm && x <= r.x + r.width + padMm && y >= r.y - padMm && y <= r.y + r.height + padMm;
}

/**
 * Index of the topmost control (drawn last) whose visual rectangle holds the label point
 * (x, y) mm, grown by `padMm` (thin lines stay clickable); -1 for none.
 */
export function hitTest(children: readonly Boxed[], xMm: number, yMm: number, padMm = 0): number {
  for (let i = children.length - 1; i >= 0; i--) if (contains(visualRect(children[i]!), xMm, yMm, padMm)) return i;
  return -1;
}

/** The 8 anchors, clockwise from the top-left corner. */
export const ANCHORS = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'] as const;
export type Anchor = (typeof ANCHORS)[number];

/** Anchor centres of a label rectangle on screen, px. */
export function anchorPoints(view: View, r: Rect): Record<Anchor, [number, number]> {
  const [x0, y0] = toScreen(view, r.x, r.y);
  const [x1, y1] = toScreen(view, r.x + r.width, r.y + r.height);
  const xm = (x0 + x1) / 2;
  const ym = (y0 + y1) / 2;
  return { nw: [x0, y0], n: [xm, y0], ne: [x1, y0], e: [x1, ym], se: [x1, y1], s: [xm, y1], sw: [x0, y1], w: [x0, ym] };
}

/** The anchor under the screen point (within its radius plus half its ring), or null; the
 * nearest wins where anchors overlap on a small control. */
export function anchorAt(view: View, r: Rect, xPx: number, yPx: number): Anchor | null {
  const points = anchorPoints(view, r);
  const reach = ANCHOR_RADIUS_PX + ANCHOR_LINE_PX / 2;
  let best: Anchor | null = null;
  let bestD = Infinity;
  for (const a of ANCHORS) {
    const [ax, ay] = points[a];
    const d = Math.hypot(xPx - ax, yPx - ay);
    if (d <= reach && d < bestD) {
      best = a;
      bestD = d;
    }
  }
  return best;
}

/**
 * The visual rectangle after dragging `anchor` by (dx, dy) mm: the edges the anchor holds
 * move, the opposite edges stay; a side smaller than its minimum (mm) is held at the
 * minimum against the fixed edge.
 */
export function resizeRect(r: Rect, anchor: Anchor, dxMm: number, dyMm: number, min: { width: number; height: number }): Rect {
  let left = r.x;
  let top = r.y;
  let right = r.x + r.width;
  let bottom = r.y + r.height;
  if (anchor.includes('w')) left = Math.min(left + dxMm, right - min.width);
  if (anchor.includes('e')) right = Math.max(right + dxMm, left + min.width);
  if (anchor.includes('n')) top = Math.min(top + dyMm, bottom - min.height);
  if (anchor.includes('s')) bottom = Math.max(bottom + dyMm, top + min.height);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** A line's two ends on screen, px: end 1 (x1, y1) and end 2 (x2, y2). */
export function lineEndPoints(view: View, line: { x1: number; y1: number; x2: number; y2: number }): [[number, number], [number, number]] {
  return [toScreen(view, line.x1, line.y1), toScreen(view, line.x2, line.y2)];
}

/** The line end whose handle is under the screen point (same reach as an anchor), or
 * null; the nearer end wins on a short line. */
export function lineEndAt(view: View, line: { x1: number; y1: number; x2: number; y2: number }, xPx: number, yPx: number): 1 | 2 | null {
  const [a, b] = lineEndPoints(view, line);
  const reach = ANCHOR_RADIUS_PX + ANCHOR_LINE_PX / 2;
  const da = Math.hypot(xPx - a[0], yPx - a[1]);
  const db = Math.hypot(xPx - b[0], yPx - b[1]);
  if (Math.min(da, db) > reach) return null;
  return da <= db ? 1 : 2;
}
