/**
 * Pictures in the browser: the page's own decoders (createImageBitmap, then an
 * OffscreenCanvas to read the pixels) instead of the pure-JavaScript ones, which matters
 * for large photos. Asynchronous, so pictures are decoded before `labelPage` runs:
 *
 *   const images = await decodeLabelImages(resolved);
 *   const spec = labelPage(resolved, { dpi, decodeImage: (url) => images.get(url) ?? null });
 *
 * Works on the main thread and in Web Workers. Anything the browser cannot decode falls
 * back to decodeEmbeddedImage (PNG and JPEG in JavaScript). Pictures whose header claims
 * more than MAX_PIXELS, or whose size cannot be read (formats other than PNG, JPEG, GIF,
 * BMP and WebP), are not decoded.
 */
import type { LumaImage } from '../engine/types.ts';
import type { ResolvedLabel } from '../label/resolve.ts';
import { embeddedBytes } from '../label/embedded.ts';
import { decodeEmbeddedImage, fitSide, MAX_IMAGE_SIDE, MAX_PIXELS, pictureSize } from './images.ts';

/** Every picture a resolved page draws (pictures, logos, background, border), decoded. */
export async function decodeLabelImages(resolved: ResolvedLabel): Promise<Map<string, LumaImage | null>> {
  const urls = new Set<string>();
  if (resolved.backgroundImage) urls.add(resolved.backgroundImage);
  if (resolved.border) urls.add(resolved.border.image);
  for (const el of resolved.elements) if ((el.kind === 'picture' || el.kind === 'logo') && el.image) urls.add(el.image);
  const out = new Map<string, LumaImage | null>();
  await Promise.all([...urls].map(async (url) => out.set(url, await decodeInBrowser(url))));
  return out;
}

async function decodeInBrowser(dataUrl: string): Promise<LumaImage | null> {
  try {
    // The bytes from the data URL itself, not fetch(dataUrl): the app's Content-Security-
    // Policy (connect-src) does not let pages or workers fetch data: URLs.
    const embedded = embeddedBytes(dataUrl);
    if (!embedded) return null;
    const blob = new Blob([embedded.bytes as Uint8Array<ArrayBuffer>], { type: embedded.mime });
    // The browser would allocate width x height x 4 bytes for whatever the header claims:
    // refuse pictures over MAX_PIXELS, and formats whose size cannot be read, first.
    // (All the bytes: a JPEG's frame header may follow large EXIF and ICC segments.)
    const size = pictureSize(embedded.bytes);
    if (!size || size.width * size.height > MAX_PIXELS) return null;
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const rgba = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    // A closed ImageBitmap reports 0 x 0: size everything from the canvas from here on.
    bitmap.close();
    const data = new Uint8Array(canvas.width * canvas.height);
    for (let p = 0, i = 0; p < data.length; p++, i += 4) {
      // Rec. 601 luma, composited on white (the paper) by alpha.
      const y = (299 * rgba[i]! + 587 * rgba[i + 1]! + 114 * rgba[i + 2]!) / 1000;
      const a = rgba[i + 3]!;
      data[p] = Math.round((y * a + 255 * (255 - a)) / 255);
    }
    return fitSide({ width: canvas.width, height: canvas.height, data }, MAX_IMAGE_SIDE);
  } catch {
    return decodeEmbeddedImage(dataUrl);
  }
}
