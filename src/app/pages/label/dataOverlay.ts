/**
 * The data highlights of the editor's overlay (label-editor.md section 2): a control whose
 * content comes from a data column gets a #3B91C3 border and a light tint of it, a serial
 * number #823279. Drawn on the overlay canvas only, never into the label's raster.
 */
import { toScreen, visualRect, type View } from '../../../editor/geometry';
import type { Highlight } from '../../../editor/data';
import type { LabelDocument } from '../../../label/label';

/** Opacity of the tint over the control's box (the raster stays readable under it). */
const TINT_ALPHA = 0.16;
/** Border width, px. */
const BORDER_PX = 1.5;

export function drawDataHighlights(ctx: CanvasRenderingContext2D, view: View, doc: LabelDocument, list: readonly Highlight[]): void {
  ctx.save();
  ctx.setLineDash([]);
  for (const h of list) {
    const el = doc.children[h.index];
    if (!el) continue;
    const r = visualRect(el);
    const [x0, y0] = toScreen(view, r.x, r.y);
    const x = Math.round(x0);
    const y = Math.round(y0);
    const w = Math.max(1, Math.round(r.width * view.zoom));
    const hgt = Math.max(1, Math.round(r.height * view.zoom));
    ctx.globalAlpha = TINT_ALPHA;
    ctx.fillStyle = h.color;
    ctx.fillRect(x, y, w, hgt);
    ctx.globalAlpha = 1;
    ctx.strokeStyle = h.color;
    ctx.lineWidth = BORDER_PX;
    ctx.strokeRect(x - 0.5, y - 0.5, w + 1, hgt + 1);
  }
  ctx.restore();
}
