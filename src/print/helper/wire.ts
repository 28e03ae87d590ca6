/**
 * How the client's calls look on the wire (printing-protocol.md "Calls"), kept apart from
 * the fetching so the encoding is checked on its own: the url-encoded parameter string,
 * base64 that works in browsers and Node alike, and PrintImageD's 1-bit page.
 *
 * PrintImageD, pixel format 1: rows of ceil(width / 8) bytes, leftmost dot in the high bit,
 * 1 = black: the engine's own page layout (src/engine/types.ts Page), so a tight page is
 * sent as it is and only a padded stride is repacked. `lineSize` says the row length
 * anyway, as the protocol allows other strides.
 */
import type { Page } from '../../engine/types.ts';
import { dotsToWire, normaliseThreshold, type Orientation } from './rules.ts';

/** Parameter values as they go on the wire; undefined ones are left out. */
export type WireParams = Record<string, string | number | boolean | undefined>;

/** `a=1&b=x`: the query string, and for form calls the body too (UTF-8, url-encoded). */
export function encodeParams(params: WireParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.append(key, String(value));
  }
  return search.toString();
}

/** Base64 of `bytes` without Node's Buffer (the client also runs in browsers). */
export function toBase64(bytes: Uint8Array): string {
  // String.fromCharCode takes its arguments on the stack: 32 KiB at a time is safe everywhere.
  const CHUNK = 0x8000;
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

/** The page's rows with no padding bytes: ceil(width / 8) bytes each. */
export function tightRows(page: Page): Uint8Array {
  const rowBytes = Math.ceil(page.width / 8);
  if (page.stride === rowBytes) return page.data.subarray(0, rowBytes * page.height);
  const out = new Uint8Array(rowBytes * page.height);
  for (let y = 0; y < page.height; y++) {
    out.set(page.data.subarray(y * page.stride, y * page.stride + rowBytes), y * rowBytes);
  }
  return out;
}

/** How one page prints (PrintImageD's query besides the image). */
export interface PageOptions {
  printerName: string;
  /** The page's resolution, dots per inch; sets the printed size in mm. */
  dpi: number;
  /** 1-255, else the helper default 192 (only matters to image formats with grey). */
  threshold?: number;
  /** Clockwise quarter turn the helper applies before printing; default 0. */
  orientation?: Orientation;
  /** Copies of this page, 1 to 9999; default 1. */
  copies?: number;
  /** "dtpweb" prints (the default); "#!#Preview#!#" only previews. */
  jobName?: string;
}

/** Pixel format 1: 1 bit a dot, 1 = black, high bit leftmost (printing-protocol.md "Images"). */
export const FORMAT_1BIT = 1;

/** The header PrintImageD's base64 body is sent with. */
export const BASE64_CONTENT_TYPE = 'application/octet-stream;encoding=base64';

/** PrintImageD's query string and body for `page`. */
export function printImageRequest(page: Page, options: PageOptions): { query: string; body: string } {
  const rowBytes = Math.ceil(page.width / 8);
  const query = encodeParams({
    printerName: options.printerName,
    format: FORMAT_1BIT,
    imageWidth: page.width,
    imageHeight: page.height,
    lineSize: rowBytes,
    scaleUnit: 1,
    // The page prints at its own size: dots at the page's dpi, in mm x 100.
    printWidth: dotsToWire(page.width, options.dpi),
    printHeight: dotsToWire(page.height, options.dpi),
    threshold: normaliseThreshold(options.threshold),
    orientation: options.orientation ?? 0,
    copies: options.copies ?? 1,
    jobName: options.jobName ?? 'dtpweb',
  });
  // printing-protocol.md: the body is a data URL (the vendor's form; ours takes bare base64 too).
  return { query, body: `data:application/octet-stream;base64,${toBase64(tightRows(page))}` };
}
