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
import { dotsToWire, mmToWire, normaliseThreshold, type Orientation } from './rules.ts';

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

/** The image part of PrintImageD's and DrawImageD's query: pixel format 1 and the page's rows. */
function imageParams(page: Page): WireParams {
  return { format: FORMAT_1BIT, imageWidth: page.width, imageHeight: page.height, lineSize: Math.ceil(page.width / 8) };
}

/**
 * The body: the rows as a data URL (the protocol's form; our helper takes bare base64 too).
 * Sent with the header BASE64_CONTENT_TYPE.
 */
function imageBody(page: Page): string {
  return `data:application/octet-stream;base64,${toBase64(tightRows(page))}`;
}

/** PrintImageD's query string and body for `page`. */
export function printImageRequest(page: Page, options: PageOptions): { query: string; body: string } {
  const query = encodeParams({
    printerName: options.printerName,
    ...imageParams(page),
    scaleUnit: 1,
    // The page prints at its own size: dots at the page's dpi, in mm x 100.
    printWidth: dotsToWire(page.width, options.dpi),
    printHeight: dotsToWire(page.height, options.dpi),
    threshold: normaliseThreshold(options.threshold),
    orientation: options.orientation ?? 0,
    copies: options.copies ?? 1,
    jobName: options.jobName ?? 'dtpweb',
  });
  return { query, body: imageBody(page) };
}

/**
 * DrawImageD's query string and body: `page` drawn at (x, y) mm on the job's page, at its
 * own size at `dpi`. Lengths in mm x 100, as StartJob set scaleUnit=1 for the job.
 */
export function drawImageRequest(page: Page, options: { dpi: number; xMm?: number; yMm?: number }): { query: string; body: string } {
  const query = encodeParams({
    ...imageParams(page),
    x: mmToWire(options.xMm ?? 0),
    y: mmToWire(options.yMm ?? 0),
    width: dotsToWire(page.width, options.dpi),
    height: dotsToWire(page.height, options.dpi),
  });
  return { query, body: imageBody(page) };
}
