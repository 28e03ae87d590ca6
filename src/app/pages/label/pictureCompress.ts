/**
 * Picture compression in the browser (the search is src/editor/picture-compress.ts): the
 * picture is decoded by the browser and drawn on a white canvas (JPEG has no transparency;
 * white is the label's paper), then encoded by the canvas as JPEG.
 */
import { MAX_PIXELS } from '../../../render/images';
import { compressToLimit, sizeWithin, type CompressedPicture } from '../../../editor/picture-compress';

/** `bytes` (any picture the browser decodes) as a JPEG of at most `limitBytes`, within the
 * renderer's pixel limit; null when the browser cannot decode it or nothing fits. */
export async function compressPicture(bytes: Uint8Array, limitBytes: number): Promise<CompressedPicture | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(new Blob([bytes as BlobPart]));
  } catch {
    return null;
  }
  try {
    const start = sizeWithin(bitmap.width, bitmap.height, MAX_PIXELS);
    const canvas = new OffscreenCanvas(1, 1);
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    return await compressToLimit(start.width, start.height, limitBytes, async (width, height, quality) => {
      canvas.width = width;
      canvas.height = height;
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, width, height);
      ctx.drawImage(bitmap, 0, 0, width, height);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
      return new Uint8Array(await blob.arrayBuffer());
    });
  } finally {
    bitmap.close();
  }
}
