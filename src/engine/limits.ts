/**
 * The engine's limits on lengths it draws, in the facade's units (mm, pt, dots), for code
 * that clamps before it compiles a page: the label model's field ranges (src/label) and
 * labelPage after printScale (src/render/label-page.ts). A page past one of these is
 * refused as a whole (EngineError Parameter), so callers that must always draw clamp to
 * them instead.
 *
 * Each constant mirrors one in crates/engine (named beside it). There is no ABI call that
 * reports them, so limits.test.ts checks each against the engine itself: a page at the
 * limit renders and one µm beyond is refused.
 */

/** µm per point (1/72 inch). */
const UM_PER_PT = 25_400 / 72;

/** Largest text font height (the em), µm: crates/engine/src/text_command.rs MAX_FONT_UM. */
export const MAX_FONT_UM = 500_000;
/** Largest em the engine rasterises, dots: crates/engine/src/text_draw.rs MAX_FONT_DOTS. */
export const MAX_FONT_DOTS = 4096;
/** Largest extra space between characters either way, µm: text_command.rs MAX_CHAR_SPACE_UM. */
export const MAX_CHAR_SPACE_UM = 100_000;
/** Largest barcode caption size, µm: crates/engine/src/symbol_spec.rs, option TAG_TEXT_SIZE (1-100000 µm). */
export const MAX_BARCODE_FONT_UM = 100_000;

/** Largest text font height, mm (500 mm; at high resolutions maxFontMm is smaller). */
export const MAX_FONT_MM = MAX_FONT_UM / 1000;
/** Largest character spacing either way, mm (100 mm). */
export const MAX_CHAR_SPACE_MM = MAX_CHAR_SPACE_UM / 1000;
/** Largest barcode caption size, mm (100 mm). */
export const MAX_BARCODE_FONT_MM = MAX_BARCODE_FONT_UM / 1000;
/**
 * Largest barcode caption size, points (about 283.46 pt; the spec's font list goes to
 * 300 pt). A number of points is sent as round(pt x 25400 / 72) µm, which this gives back
 * as exactly MAX_BARCODE_FONT_UM.
 */
export const MAX_BARCODE_FONT_PT = MAX_BARCODE_FONT_UM / UM_PER_PT;

/**
 * Largest text font height the engine draws at `dpi`, mm: MAX_FONT_MM, or less where that
 * would be more than MAX_FONT_DOTS (above 208 dpi: 346.794 mm at 300 dpi). Whole µm,
 * rounded down, so the height sent (whole µm) is never a fraction of a dot over.
 */
export function maxFontMm(dpi: number): number {
  return Math.min(MAX_FONT_UM, Math.floor((MAX_FONT_DOTS * 25_400) / dpi)) / 1000;
}

/*
 * The page work caps (element count, drawing work) are the engine's own, checked before it
 * draws: crates/engine/src/work.rs (MAX_PAGE_ELEMENTS 5000, MAX_PAGE_WORK 2^28 units, with
 * the cost model), refused as EngineError TooManyElements / TooMuchWork.
 */
/**
 * Source pixels of all distinct embedded pictures of one page (PNG, JPEG), read from their
 * headers before any is decoded: 64 Mi, the most one picture may have
 * (src/render/images.ts MAX_PIXELS; the editor refuses larger files), so any picture the
 * editor accepts prints, and a page of many does not decode for minutes. Decoding costs
 * about 15 ns a pixel (3.9 s for four 8192 x 8192 grey PNGs), so about a second at most.
 * Over it: PrintError 'page.picturesTooLarge'.
 */
export const MAX_PAGE_PICTURE_PIXELS = 64 * 1024 * 1024;
