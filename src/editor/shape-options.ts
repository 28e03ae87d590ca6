/**
 * What the property panel offers for rectangles, lines, barcodes and 2D codes and for every
 * control's flags (label-editor.md section 3), and the notes it shows where a value prints
 * otherwise than it reads: a dash length under 0.1 mm (the line prints solid), a corner
 * radius beyond half the shorter side (drawn smaller), a fixed QR version (its size in
 * modules), a mirror mode on a label without mirror print (no mirrored side is printed).
 * The values are the kinds' schemas' (src/label/elements/*.ts); nothing here changes a
 * document, the panel patches the control with what the user picked (one undo step).
 */
import { MAX_BARCODE_FONT_PT } from '../engine/limits.ts';
import { kindDef, type LabelElement } from '../label/elements/index.ts';
import { FontStyle, type Alignment } from '../label/elements/common.ts';
import type { MirrorMode } from '../label/elements/kind.ts';
import { DASH_MIN, type LineType } from '../label/elements/line.ts';
import { FONT_SIZES } from '../label/units.ts';

/** The barcode caption's alignments (barcode.ts textAlignment): left, centre, right, justify. */
export const CAPTION_ALIGNMENTS = [0, 1, 2, 3] as const satisfies readonly Alignment[];

/** A 2D code's quiet zone in modules (qrcode.ts zoneSize): none, 2 or 4. */
export const ZONE_SIZES = [0, 2, 4] as const;

/** QR versions offered: 0 automatic (the smallest that holds the data), then 1 to 40. */
export const QR_VERSIONS: readonly number[] = Array.from({ length: 41 }, (_, v) => v);

/** Modules a side of a QR symbol of `version` 1..40 (spec: 4 * version + 17). */
export function qrModules(version: number): number {
  return 4 * version + 17;
}

/** Mirror modes (common.ts mirrorMode): 0 the normal side only, 1 both sides (default),
 * 16 the mirrored side only; the sides exist only on a label with mirror print on. */
export const MIRROR_MODES: readonly MirrorMode[] = [0, 1, 16];

/** Caption sizes offered, points: the font list up to the engine's largest caption
 * (MAX_BARCODE_FONT_PT, about 283 pt; a larger one would be drawn at that size). */
export const CAPTION_FONT_SIZES = FONT_SIZES.filter((s) => s.pt <= MAX_BARCODE_FONT_PT);

/** The offered caption size nearest to `pt` (a file's 7.2 pt shows as 7). */
export function nearestCaptionSize(pt: number): number {
  let best = CAPTION_FONT_SIZES[0]!.pt;
  for (const { pt: p } of CAPTION_FONT_SIZES) if (Math.abs(p - pt) < Math.abs(best - pt)) best = p;
  return best;
}

/** `fontStyle` with its bold bit set or cleared (italic, underline and strikeout kept). */
export function withBold(fontStyle: number, bold: boolean): number {
  return bold ? fontStyle | FontStyle.Bold : fontStyle & ~FontStyle.Bold;
}

/** A dashed line whose dash length is below DASH_MIN (0.1 mm) prints solid (line.ts
 * resolve): the panel says so. */
export function dashTooShort(line: { type: LineType; dashGap: number }): boolean {
  return line.type === 'dash' && line.dashGap < DASH_MIN;
}

/** Control field `key`'s range in its kind's schema (unbounded where it has none). */
export function fieldRange(el: LabelElement, key: string): { min: number; max: number } {
  const f = kindDef(el.kind)?.fields[key];
  return { min: f?.min ?? -Infinity, max: f?.max ?? Infinity };
}
