/**
 * Overlay drawings of the editor (label-editor.md section 2), never part of the raster:
 * the resize handles by the spec's rule (editor/handles.ts), a flag label's tail outside
 * the body (editor/flag-tail.ts: dashed #E93423, dash 1.5 mm) and the hint "Double-click to
 * enter content" on empty text controls (editor/inplace.ts).
 */
import { ANCHOR_COLOR, ANCHOR_LINE_PX, ANCHOR_RADIUS_PX, anchorPoints, toScreen, visualRect, type View } from '../../../editor/geometry';
import { handleOwners, visibleAnchors } from '../../../editor/handles';
import { FLAG_TAIL_COLOR, FLAG_TAIL_DASH, tailRect } from '../../../editor/flag-tail';
import { showsEmptyHint } from '../../../editor/inplace';
import type { LabelDocument } from '../../../label/label';

/** Tint of the tail's area, so it reads as part of the label stock (alpha 0..1). */
const TAIL_FILL_ALPHA = 0.08;
const HINT_COLOR = 'rgba(96, 96, 96, 0.85)';
/** Hint text size, px: at most this, and never taller than the control on screen. */
const HINT_MAX_PX = 14;
const HINT_MIN_PX = 6;

/** Handles of the selected controls: the active one's 8, the others' 6, none when locked. */
export function drawHandles(ctx: CanvasRenderingContext2D, view: View, doc: LabelDocument, selection: readonly number[], primary: number | null): void {
  ctx.save();
  ctx.setLineDash([]);
  ctx.strokeStyle = ANCHOR_COLOR;
  ctx.lineWidth = ANCHOR_LINE_PX;
  for (const { index, active } of handleOwners(selection, primary)) {
    const el = doc.children[index];
    if (!el) continue;
    const points = anchorPoints(view, visualRect(el));
    for (const a of visibleAnchors(el, active, doc.lockMovement)) {
      const [x, y] = points[a];
      ctx.beginPath();
      ctx.arc(x, y, ANCHOR_RADIUS_PX, 0, Math.PI * 2);
      ctx.stroke();
    }
  }
  ctx.restore();
}

/** The tail's outline, dashed 1.5 mm at the zoom, with a light tint. */
export function drawFlagTail(ctx: CanvasRenderingContext2D, view: View, doc: LabelDocument): void {
  const t = tailRect(doc);
  if (!t) return;
  const [x0, y0] = toScreen(view, t.x, t.y);
  const x = Math.round(x0);
  const y = Math.round(y0);
  const w = Math.max(1, Math.round(t.width * view.zoom));
  const h = Math.max(1, Math.round(t.height * view.zoom));
  ctx.save();
  ctx.globalAlpha = TAIL_FILL_ALPHA;
  ctx.fillStyle = FLAG_TAIL_COLOR;
  ctx.fillRect(x, y, w, h);
  ctx.globalAlpha = 1;
  const dash = Math.max(2, FLAG_TAIL_DASH * view.zoom);
  ctx.setLineDash([dash, dash]);
  ctx.strokeStyle = FLAG_TAIL_COLOR;
  ctx.lineWidth = 1;
  ctx.strokeRect(x + 0.5, y + 0.5, w - 1, h - 1);
  ctx.restore();
}

/** The hint on every empty text control but `except` (the one being typed into). */
export function drawEmptyHints(ctx: CanvasRenderingContext2D, view: View, doc: LabelDocument, hint: string, except: number | null): void {
  ctx.save();
  ctx.fillStyle = HINT_COLOR;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  doc.children.forEach((el, i) => {
    if (i === except || !showsEmptyHint(el)) return;
    const r = visualRect(el);
    const [x0, y0] = toScreen(view, r.x, r.y);
    const w = r.width * view.zoom;
    const h = r.height * view.zoom;
    const size = Math.min(HINT_MAX_PX, h * 0.8);
    if (size < HINT_MIN_PX) return;
    ctx.font = `${size}px sans-serif`;
    const cx = x0 + w / 2;
    const cy = y0 + h / 2;
    ctx.save();
    ctx.beginPath();
    ctx.rect(x0, y0, w, h);
    ctx.clip();
    // A turned text control reads turned; its hint too.
    ctx.translate(cx, cy);
    if (el.orientation) ctx.rotate((el.orientation * Math.PI) / 180);
    const along = el.orientation === 90 || el.orientation === 270 ? h : w;
    ctx.fillText(hint, 0, 0, Math.max(1, along - 2));
    ctx.restore();
  });
  ctx.restore();
}
