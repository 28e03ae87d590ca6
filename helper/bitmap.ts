/**
 * 1-bit page operations the helper needs between what a client sends and what a printer
 * takes (helper/printer.ts Bitmap: rows MSB-first, 1 = black, `stride` bytes a row):
 * blank pages, packed rows read from a client's buffer, grey images cut at a threshold,
 * nearest-dot scaling and drawing one bitmap onto another. Sizes are dots.
 */
import type { LumaImage } from '../src/engine/page-types.ts';
import type { Bitmap } from './printer.ts';

/** A white page of `width` x `height` dots with the tight stride. */
export function blankBitmap(width: number, height: number): Bitmap {
  const stride = Math.ceil(width / 8);
  return { width, height, stride, data: new Uint8Array(stride * height) };
}

/** Whether dot (x, y) is black. */
export function dotAt(b: Bitmap, x: number, y: number): boolean {
  return ((b.data[y * b.stride + (x >> 3)]! >> (7 - (x & 7))) & 1) === 1;
}

/**
 * A page from packed rows as a client sends them (PrintImageD format 1 and 2): `height`
 * rows of `lineSize` bytes, leftmost dot in the high bit, 1 = black (format 1) or
 * 1 = white (format 2, `invert`). Padding bits after the last dot come out white.
 */
export function bitmapFromRows(bytes: Uint8Array, width: number, height: number, lineSize: number, invert: boolean): Bitmap {
  const out = blankBitmap(width, height);
  const full = width >> 3;
  const rest = width & 7;
  const lastMask = rest === 0 ? 0 : (0xff << (8 - rest)) & 0xff;
  for (let y = 0; y < height; y++) {
    const src = y * lineSize;
    const dst = y * out.stride;
    for (let i = 0; i < full; i++) out.data[dst + i] = invert ? ~bytes[src + i]! & 0xff : bytes[src + i]!;
    if (rest !== 0) {
      const b = invert ? ~bytes[src + full]! & 0xff : bytes[src + full]!;
      out.data[dst + full] = b & lastMask;
    }
  }
  return out;
}

/** Dots as a grey image: black 0, white 255 (what the engine's picture element takes). */
export function lumaFromBitmap(b: Bitmap): LumaImage {
  const out = new Uint8Array(b.width * b.height).fill(255);
  for (let y = 0; y < b.height; y++) {
    const row = y * b.stride;
    for (let x = 0; x < b.width; x++) if ((b.data[row + (x >> 3)]! << (x & 7)) & 0x80) out[y * b.width + x] = 0;
  }
  return { width: b.width, height: b.height, data: out };
}

/** A grey image (0 black - 255 white) as dots: black where the grey is below `threshold`. */
export function bitmapFromLuma(image: LumaImage, threshold: number): Bitmap {
  const out = blankBitmap(image.width, image.height);
  for (let y = 0; y < image.height; y++) {
    const row = y * image.width;
    const dst = y * out.stride;
    for (let x = 0; x < image.width; x++) {
      if (image.data[row + x]! < threshold) out.data[dst + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return out;
}

/** `src` scaled to `width` x `height` dots, each dot taking the source dot under its centre. */
export function scaleBitmap(src: Bitmap, width: number, height: number): Bitmap {
  if (width === src.width && height === src.height) return src;
  const out = blankBitmap(width, height);
  const xs = new Int32Array(width);
  for (let x = 0; x < width; x++) xs[x] = Math.min(src.width - 1, Math.floor(((x + 0.5) * src.width) / width));
  for (let y = 0; y < height; y++) {
    const sy = Math.min(src.height - 1, Math.floor(((y + 0.5) * src.height) / height));
    const srow = sy * src.stride;
    const drow = y * out.stride;
    for (let x = 0; x < width; x++) {
      const sx = xs[x]!;
      if ((src.data[srow + (sx >> 3)]! >> (7 - (sx & 7))) & 1) out.data[drow + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return out;
}

/**
 * Draws `src` onto `dst` with its top-left dot at (x, y), black over white (ink adds, as
 * on paper); dots falling outside `dst` are dropped. Changes `dst`.
 */
export function drawBitmap(dst: Bitmap, src: Bitmap, x: number, y: number): void {
  const y0 = Math.max(0, y);
  const y1 = Math.min(dst.height, y + src.height);
  const x0 = Math.max(0, x);
  const x1 = Math.min(dst.width, x + src.width);
  if (x0 >= x1 || y0 >= y1) return;
  const byteAligned = ((x0 - x) & 7) === 0 && (x0 & 7) === 0;
  for (let dy = y0; dy < y1; dy++) {
    const srow = (dy - y) * src.stride;
    const drow = dy * dst.stride;
    if (byteAligned && ((x1 - x0) & 7) === 0) {
      // Whole bytes line up: OR them (the common case, a full page drawn at 0, 0).
      const s = srow + ((x0 - x) >> 3);
      const d = drow + (x0 >> 3);
      for (let i = 0; i < (x1 - x0) >> 3; i++) dst.data[d + i]! |= src.data[s + i]!;
      continue;
    }
    for (let dx = x0; dx < x1; dx++) {
      const sx = dx - x;
      if ((src.data[srow + (sx >> 3)]! >> (7 - (sx & 7))) & 1) dst.data[drow + (dx >> 3)]! |= 0x80 >> (dx & 7);
    }
  }
}

/**
 * `src` turned clockwise by `degrees` as seen on the page (y down): a 90° turn moves the
 * top-left dot to the top-right corner and swaps width and height, the sense of the
 * engine's page turn and of an element's rotation. 0 returns `src` itself. Dot by dot: a
 * label page (a few hundred thousand dots) turns in about a millisecond, and the helper
 * turns a page once.
 */
export function turnBitmap(src: Bitmap, degrees: 0 | 90 | 180 | 270): Bitmap {
  if (degrees === 0) return src;
  const { width: w, height: h } = src;
  const out = degrees === 180 ? blankBitmap(w, h) : blankBitmap(h, w);
  for (let y = 0; y < h; y++) {
    const row = y * src.stride;
    for (let x = 0; x < w; x++) {
      if (((src.data[row + (x >> 3)]! >> (7 - (x & 7))) & 1) === 0) continue;
      // Where source dot (x, y) lands.
      const dx = degrees === 90 ? h - 1 - y : degrees === 180 ? w - 1 - x : y;
      const dy = degrees === 90 ? x : degrees === 180 ? h - 1 - y : w - 1 - x;
      out.data[dy * out.stride + (dx >> 3)]! |= 0x80 >> (dx & 7);
    }
  }
  return out;
}

/** Bytes a page holds (for job memory limits). */
export function bitmapBytes(b: Bitmap): number {
  return b.stride * b.height;
}
