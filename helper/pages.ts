/**
 * Building a printer's page from what a call sends, shared by the LPAPI actions (lpapi.ts)
 * and JSON mode (json-mode.ts): the image parameters of a call, fitting an image to the page
 * size asked for, the page-size limits, and the print settings read from a call.
 */
import { blankBitmap, drawBitmap, scaleBitmap } from './bitmap.ts';
import type { ImageShape } from './images.ts';
import type { Bitmap } from './printer.ts';
import { CODE, HelperFailure, MAX_PAGE_HEIGHT, MAX_PAGE_WIDTH, type Params, thresholdOf } from './protocol.ts';

/** Quarter turns a page may be given, clockwise. */
export const ORIENTATIONS = [0, 90, 180, 270] as const;
/** "Unset" in every setting's range (spec section 9): the printer's own value. */
export const UNSET = 255;

/** Where print settings are read from: url-encoded parameters or JSON mode's jobInfo. */
export interface SettingSource {
  has(...names: string[]): boolean;
  number(names: string[], range: { min?: number; max?: number; integer?: boolean }): number | undefined;
  choice<T extends number>(names: string[], allowed: readonly T[]): T | undefined;
}

/** 255 (unset) becomes undefined; other values must lie within 0..max. */
export function unsetOr(value: number | undefined, name: string, max?: number): number | undefined {
  if (value === undefined || value === UNSET) return undefined;
  if (max !== undefined && value > max) throw new HelperFailure(CODE.parameter, `${name} must be 0 to ${max}, or 255 (the printer's own), got ${value}`);
  return value;
}

/** The image parameters of a PrintImageD / DrawImageD / DrawImage call. */
export function imageShape(p: Params, format: number): ImageShape {
  return {
    format,
    imageWidth: p.number(['imageWidth', 'bitmapWidth'], { integer: true, min: 1 }),
    imageHeight: p.number(['imageHeight', 'bitmapHeight'], { integer: true, min: 1 }),
    lineSize: p.number(['lineSize', 'lineBytes'], { integer: true, min: 1 }),
    threshold: thresholdOf(p.number('threshold', {})),
  };
}

/**
 * The image at the page size the call asked for (dots; undefined = not asked). Within 1 dot
 * of it, the image is taken dot for dot (client and helper may round a mm length apart);
 * otherwise it is scaled to fit. One side given: the other keeps the image's proportions.
 */
export function fitToSize(image: Bitmap, width: number | undefined, height: number | undefined): Bitmap {
  if (width === undefined && height === undefined) return image;
  const w = width ?? Math.max(1, Math.round((image.width * height!) / image.height));
  const h = height ?? Math.max(1, Math.round((image.height * width!) / image.width));
  checkSize(w, h);
  if (Math.abs(w - image.width) <= 1 && Math.abs(h - image.height) <= 1) return image;
  return scaleBitmap(image, w, h);
}

/**
 * The image on a page of `width` x `height` dots by PrintImageD's imageAlignment: 0 top-left,
 * 1 centred, 2 bottom-right (scaled to fit, proportions kept, the rest white); 3 stretched
 * (fitToSize); 4 scaled to fill the page, proportions kept, the overflow cut evenly. Without
 * an alignment, or without both sides, the image is fitted as fitToSize does.
 */
export function alignOnPage(image: Bitmap, width: number | undefined, height: number | undefined, alignment: number | undefined): Bitmap {
  if (alignment === undefined || alignment === 3 || width === undefined || height === undefined) return fitToSize(image, width, height);
  checkSize(width, height);
  const fit = alignment === 4 ? Math.max(width / image.width, height / image.height) : Math.min(width / image.width, height / image.height);
  const w = Math.max(1, Math.round(image.width * fit));
  const h = Math.max(1, Math.round(image.height * fit));
  const scaled = w === image.width && h === image.height ? image : scaleBitmap(image, w, h);
  const at = alignment === 0 ? 0 : alignment === 2 ? 1 : 0.5;
  const page = blankBitmap(width, height);
  drawBitmap(page, scaled, Math.round((width - w) * at), Math.round((height - h) * at));
  return page;
}

/** Refuses a page with no dots (code 6) or beyond MAX_PAGE_WIDTH x MAX_PAGE_HEIGHT (code 1). */
export function checkSize(width: number, height: number): void {
  if (width < 1 || height < 1) throw new HelperFailure(CODE.noPageSize, `the page has no size (${width} x ${height} dots)`);
  if (width > MAX_PAGE_WIDTH || height > MAX_PAGE_HEIGHT) {
    throw new HelperFailure(CODE.parameter, `page ${width} x ${height} dots is larger than this helper prints (${MAX_PAGE_WIDTH} x ${MAX_PAGE_HEIGHT} dots)`);
  }
}

/** A finished page within the size limits (checked after turning). */
export function checkedPage(page: Bitmap): Bitmap {
  checkSize(page.width, page.height);
  return page;
}
