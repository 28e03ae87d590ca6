/**
 * A job's pictures decoded with the browser's own decoders (src/render/images-browser.ts:
 * createImageBitmap and an OffscreenCanvas, which exist on the main thread and in Web
 * Workers), before any page is compiled: labelPage asks for pictures synchronously.
 *
 * Pictures are the document's own (picture and logo controls, the background and border
 * pictures hold embedded data, never a data column), so every page of a job draws the same
 * ones: they are decoded once when the job opens and kept with it. A picture missing from
 * that set (none should be) is decoded in JavaScript, as Node does.
 *
 * Opaque PNGs decode to the very pixels Node's decoder gives (the browser tests compare the
 * pages). Semi-transparent pictures and JPEGs may differ by a grey level here and there: a
 * 2D canvas keeps premultiplied alpha, and browsers' JPEG decoders round differently; the
 * page's previews and the worker pool's pages use the same decoder, so the print is what
 * the preview shows.
 */
import type { LumaImage } from '../../engine/types.ts';
import type { LabelDocument } from '../../label/label.ts';
import { resolvePage } from '../../label/resolve.ts';
import { decodeLabelImages } from '../../render/images-browser.ts';
import { decodeEmbeddedImage } from '../../render/images.ts';

export type PictureDecoder = (dataUrl: string) => LumaImage | null;

/** Whether the document draws any picture (most labels do not: nothing to decode). */
function hasPictures(doc: LabelDocument): boolean {
  return doc.backgroundImage !== '' || doc.borderImage !== '' || doc.children.some((c) => c.kind === 'picture' || c.kind === 'logo');
}

/** The decoder for a job of `doc`: its pictures decoded now, in the browser. */
export async function jobPictures(doc: LabelDocument, timeMs: number): Promise<PictureDecoder> {
  const decoded = new Map<string, LumaImage | null>();
  if (hasPictures(doc)) {
    // Page 0 without data lists every picture (they do not depend on the data row).
    let resolved;
    try {
      resolved = resolvePage(doc, null, 0, timeMs);
    } catch {
      resolved = null; // the job's pages will say what is wrong with the document
    }
    if (resolved) for (const [url, image] of await decodeLabelImages(resolved)) decoded.set(url, image);
  }
  return (url) => (decoded.has(url) ? decoded.get(url)! : decodeEmbeddedImage(url));
}
