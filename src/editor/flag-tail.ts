/**
 * A flag label's tail on the canvas (label-editor.md sections 3, 4 and 9): with the
 * label's flag option on, the tail (tailDirection, tailLength mm) sticks out of the label
 * body on that side. It is drawn on the editor's overlay (dashed #E93423, dash 1.5 mm),
 * never in the engine's raster, and the canvas makes room for it so it is seen at any zoom.
 */
import type { LabelDocument } from '../label/label.ts';
import { FLAG_TAIL_COLOR, FLAG_TAIL_DASH } from '../label/resolve.ts';
import { fitZoom, layout, type Rect, type View } from './geometry.ts';

export { FLAG_TAIL_COLOR, FLAG_TAIL_DASH };

type TailFields = Pick<LabelDocument, 'isFlagLabel' | 'tailDirection' | 'tailLength' | 'labelWidth' | 'labelHeight'>;

/** The tail's rectangle in label mm (outside the body, touching it), or null when the
 * label is no flag label or its tail has no length. */
export function tailRect(doc: TailFields): Rect | null {
  const l = doc.tailLength;
  if (!doc.isFlagLabel || !(l > 0)) return null;
  const w = doc.labelWidth;
  const h = doc.labelHeight;
  switch (doc.tailDirection) {
    case 'right':
      return { x: w, y: 0, width: l, height: h };
    case 'left':
      return { x: -l, y: 0, width: l, height: h };
    case 'up':
      return { x: 0, y: -l, width: w, height: l };
    case 'down':
      return { x: 0, y: h, width: w, height: l };
  }
}

/** The body and the tail together, mm (label (0, 0) at the body's top-left). */
export function extent(doc: TailFields): Rect {
  const body = { x: 0, y: 0, width: doc.labelWidth, height: doc.labelHeight };
  const t = tailRect(doc);
  if (!t) return body;
  const x = Math.min(0, t.x);
  const y = Math.min(0, t.y);
  return { x, y, width: Math.max(body.width, t.x + t.width) - x, height: Math.max(body.height, t.y + t.height) - y };
}

/** The zoom that fits body and tail into the container with the canvas margin. */
export function fitZoomWithTail(doc: TailFields, containerWidthPx: number, containerHeightPx: number): number {
  const e = extent(doc);
  return fitZoom(e.width, e.height, containerWidthPx, containerHeightPx);
}

/**
 * The canvas layout (geometry.ts layout) for body and tail: the pair is centred, and the
 * view's origin is still the body's top-left corner, so every other drawing is unchanged.
 * Without a tail it is exactly `layout` of the label.
 */
export function layoutWithTail(doc: TailFields, zoom: number, containerWidthPx: number, containerHeightPx: number): { stageWidth: number; stageHeight: number; view: View } {
  const e = extent(doc);
  if (e.x === 0 && e.y === 0 && e.width === doc.labelWidth && e.height === doc.labelHeight) return layout(doc.labelWidth, doc.labelHeight, zoom, containerWidthPx, containerHeightPx);
  const l = layout(e.width, e.height, zoom, containerWidthPx, containerHeightPx);
  return { ...l, view: { zoom, originX: l.view.originX + Math.round(-e.x * zoom), originY: l.view.originY + Math.round(-e.y * zoom) } };
}
