/**
 * An engine page as canvas pixels: the one conversion shared by the page preview and the
 * editor canvas (whole page or a dirty rectangle). It runs on every editor frame, so it
 * writes whole RGBA words from lookup tables rather than deciding each dot's colour.
 */
import type { Page } from '../../../engine/types';
import type { DotRect } from '../../../editor/drag-raster';

// Canvas pixels are RGBA bytes; read as little-endian 32-bit words: 0xAABBGGRR.
const BLACK = 0xff000000;
const WHITE = 0xffffffff;

/** Grey level (0 = black, 255 = white) -> opaque RGBA word. */
const GREY_WORDS = (() => {
  const words = new Uint32Array(256);
  for (let g = 0; g < 256; g++) words[g] = (BLACK | (g << 16) | (g << 8) | g) >>> 0;
  return words;
})();

/** 1-bit byte (most significant bit = leftmost dot, 1 = black) -> its 8 RGBA words. */
const BIT_WORDS = (() => {
  const words = new Uint32Array(256 * 8);
  for (let b = 0; b < 256; b++) for (let i = 0; i < 8; i++) words[b * 8 + i] = (b >> (7 - i)) & 1 ? BLACK : WHITE;
  return words;
})();

/** Writes `box` of `page` into `out` (the box's RGBA words, row by row; `box` lies within the page). */
export function pageToRgba(page: Page, box: DotRect, out: Uint32Array): void {
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  const { data, stride } = page;
  if ((page as { grey?: boolean }).grey === true) {
    for (let y = 0; y < h; y++) {
      const from = (box.y0 + y) * stride + box.x0;
      const to = y * w;
      for (let x = 0; x < w; x++) out[to + x] = GREY_WORDS[data[from + x]!]!;
    }
    return;
  }
  for (let y = 0; y < h; y++) {
    const row = (box.y0 + y) * stride;
    const to = y * w;
    let x = 0;
    // Dots up to the first byte boundary one at a time, then whole bytes of 8 dots, then the rest.
    for (; x < w && (box.x0 + x) & 7; x++) {
      const px = box.x0 + x;
      out[to + x] = BIT_WORDS[data[row + (px >> 3)]! * 8 + (px & 7)]!;
    }
    for (; x + 8 <= w; x += 8) {
      const from = data[row + ((box.x0 + x) >> 3)]! * 8;
      const at = to + x;
      for (let i = 0; i < 8; i++) out[at + i] = BIT_WORDS[from + i]!;
    }
    for (; x < w; x++) {
      const px = box.x0 + x;
      out[to + x] = BIT_WORDS[data[row + (px >> 3)]! * 8 + (px & 7)]!;
    }
  }
}

/** `box` of `page` as canvas image data. */
export function pageImageData(ctx: CanvasRenderingContext2D, page: Page, box: DotRect): ImageData {
  const image = ctx.createImageData(box.x1 - box.x0, box.y1 - box.y0);
  pageToRgba(page, box, new Uint32Array(image.data.buffer));
  return image;
}
