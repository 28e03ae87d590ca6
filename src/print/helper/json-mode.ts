/**
 * JSON mode (printing-protocol.md; spec section 4 "In JSON mode ... commit sends one print
 * request"): a whole job in one `POST lpapi/Print?action=4096`, for helpers that prefer it
 * to the call-by-call job. Our pages are finished bitmaps, so each page is one `image` item
 * covering the page, the image a 1-bit PNG in base64: the documented form of an image in
 * the protocol (DrawImage's imageFile: "URL or base64"; pixel format 93 "image file").
 *
 * The PNG is written with fast-png (fflate inside), not src/engine/png.ts, whose deflate is
 * node:zlib: this file also runs in the browser.
 */
import { encode } from 'fast-png';
import type { Page } from '../../engine/types.ts';
import { toBase64, tightRows } from './wire.ts';
import type { Orientation } from './rules.ts';

/** The print-action bits (spec section 9): 0x1000 prints; 1, 2, 4 return data or previews. */
export const JSON_PRINT_ACTION = 0x1000;

/** jobInfo: lengths in mm (no scaleUnit: plain mm), the job's settings (printing-protocol.md "JSON mode"). */
export interface JsonJobInfo {
  jobWidth: number;
  jobHeight: number;
  orientation?: Orientation;
  /** 1-255, else 192. */
  grayThreshold?: number;
  copies?: number;
  /** 0-14 or 255 (unset). */
  printDarkness?: number;
  /** 0-4 or 255 (unset). */
  printSpeed?: number;
  /** 0 none, 1 hole, 2 gap, 3 black mark, 255 unset. */
  gapType?: number;
  /** mm. */
  gapLength?: number;
  /** Copies one after another, each through all pages (spec "autoPageing"). */
  autoPage?: boolean;
  /** "dtpweb" prints (the helper's default). */
  jobName?: string;
}

export interface JsonPrinterInfo {
  printerName: string;
  printerDPI?: number;
  /** mm. */
  printerWidth?: number;
}

/** A drawing item of a page. Only `image` is built here; the rest pass through as given. */
export type JsonItem = JsonImageItem | ({ type: string } & Record<string, unknown>);

export interface JsonImageItem {
  type: 'image';
  /** Position and size on the page, mm. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Base64 of a PNG (no data-URL prefix). */
  imageFile: string;
}

/** The whole-page image item for `page` at `dpi`: at (0, 0), the page's size in mm. */
export function pageImageItem(page: Page, dpi: number): JsonImageItem {
  return {
    type: 'image',
    x: 0,
    y: 0,
    width: (page.width * 25.4) / dpi,
    height: (page.height * 25.4) / dpi,
    imageFile: toBase64(pageToPng1Bit(page)),
  };
}

/**
 * A greyscale PNG at bit depth 1. PNG greyscale 1 is white where a page's 1 is black, so
 * the rows are inverted; the padding bits after the last dot are written white.
 */
export function pageToPng1Bit(page: Page): Uint8Array {
  const rowBytes = Math.ceil(page.width / 8);
  const rows = tightRows(page);
  const inverted = new Uint8Array(rows.length);
  const padBits = rowBytes * 8 - page.width;
  const padMask = (1 << padBits) - 1; // low bits of a row's last byte
  for (let y = 0; y < page.height; y++) {
    const at = y * rowBytes;
    for (let i = 0; i < rowBytes; i++) inverted[at + i] = ~rows[at + i]! & 0xff;
    if (rowBytes > 0) inverted[at + rowBytes - 1]! |= padMask;
  }
  return encode({ width: page.width, height: page.height, data: inverted, depth: 1, channels: 1 });
}
