/**
 * Fitting a picture into a size limit (label-editor.md section 9: "image compression tries
 * quality from 0.9 down to 0.1 to meet a size limit in MB; default scale 0.7"). The picture
 * is encoded as JPEG at qualities 0.9, 0.8 ... 0.1 at its own size, then again at 0.7 times
 * its width and height, and so on, until an encoding fits the limit; it gives up when a side
 * would drop under MIN_COMPRESSED_SIDE pixels. The encoder is the caller's (the browser's
 * canvas in the editor), so the search is the same wherever it runs.
 */

/** JPEG qualities tried at each size, best first. */
export const COMPRESS_QUALITIES: readonly number[] = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1];
/** Each size after the first is the previous one's width and height times this. */
export const COMPRESS_SCALE = 0.7;
/** Below this many pixels on a side a picture is no longer worth printing. */
export const MIN_COMPRESSED_SIDE = 8;

/** JPEG bytes of the picture drawn `width` by `height` pixels at `quality` (0..1). */
export type JpegEncoder = (width: number, height: number, quality: number) => Promise<Uint8Array>;

export interface CompressedPicture {
  bytes: Uint8Array;
  width: number;
  height: number;
  quality: number;
}

/** `width` by `height` scaled down (aspect kept, whole pixels) to at most `maxPixels`. */
export function sizeWithin(width: number, height: number, maxPixels: number): { width: number; height: number } {
  if (width * height <= maxPixels) return { width, height };
  const k = Math.sqrt(maxPixels / (width * height));
  return { width: Math.max(1, Math.floor(width * k)), height: Math.max(1, Math.floor(height * k)) };
}

/** The first encoding of at most `limitBytes`, trying the sizes and qualities above in
 * order; null when none fits. */
export async function compressToLimit(width: number, height: number, limitBytes: number, encode: JpegEncoder): Promise<CompressedPicture | null> {
  let w = width;
  let h = height;
  while (w >= MIN_COMPRESSED_SIDE && h >= MIN_COMPRESSED_SIDE) {
    for (const quality of COMPRESS_QUALITIES) {
      const bytes = await encode(w, h, quality);
      if (bytes.length <= limitBytes) return { bytes, width: w, height: h, quality };
    }
    w = Math.round(w * COMPRESS_SCALE);
    h = Math.round(h * COMPRESS_SCALE);
  }
  return null;
}
