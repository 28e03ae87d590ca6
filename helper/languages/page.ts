/**
 * What both printer languages check and read the same way: a page and its settings are
 * valid before one byte is sent, and a page's rows are read with the padding bits after the
 * last dot cleared (helper/printer.ts allows any value there; a printer would print it).
 */
import { PrinterError, type Bitmap, type PrintSettings } from '../printer.ts';

/** Largest page side the languages take, dots (ZPL ^PW/^LL stop at 32000). */
export const MAX_PAGE_DOTS = 32000;

/**
 * Throws PrinterError 5 (no print data) for an empty page, 1 (parameter error) for a
 * malformed page or a setting out of its range; returns when both can be printed.
 */
export function checkPrintable(page: Bitmap, settings: PrintSettings): void {
  const { width, height, stride, data } = page;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0) {
    throw new PrinterError(1, `page size ${width} x ${height} dots is not a whole number of dots`);
  }
  if (width === 0 || height === 0) throw new PrinterError(5, `the page is empty (${width} x ${height} dots)`);
  if (width > MAX_PAGE_DOTS || height > MAX_PAGE_DOTS) {
    throw new PrinterError(1, `page ${width} x ${height} dots is larger than ${MAX_PAGE_DOTS} dots a side`);
  }
  const rowBytes = Math.ceil(width / 8);
  if (!Number.isInteger(stride) || stride < rowBytes) {
    throw new PrinterError(1, `page stride ${stride} bytes is less than the ${rowBytes} bytes a ${width}-dot row needs`);
  }
  if (!(data instanceof Uint8Array) || data.length < stride * (height - 1) + rowBytes) {
    throw new PrinterError(1, `page data holds ${data?.length ?? 0} bytes; ${height} rows of ${stride} bytes need ${stride * (height - 1) + rowBytes}`);
  }
  checkSettings(settings);
}

function checkSettings(s: PrintSettings): void {
  if (s.dpi !== 203 && s.dpi !== 300) throw new PrinterError(1, `dpi ${s.dpi} is not a label printer resolution (203 or 300)`);
  if (!Number.isInteger(s.copies) || s.copies < 1 || s.copies > 9999) throw new PrinterError(1, `copies ${s.copies} is not a whole number from 1 to 9999`);
  if (s.darkness !== undefined && !(Number.isInteger(s.darkness) && s.darkness >= 0 && s.darkness <= 14)) {
    throw new PrinterError(1, `darkness ${s.darkness} is not a whole number from 0 to 14 (leave it unset for the printer's own)`);
  }
  if (s.speed !== undefined && !(Number.isInteger(s.speed) && s.speed >= 0 && s.speed <= 4)) {
    throw new PrinterError(1, `speed ${s.speed} is not a whole number from 0 to 4 (leave it unset for the printer's own)`);
  }
  if (s.gapType !== undefined && ![0, 1, 2, 3].includes(s.gapType)) {
    throw new PrinterError(1, `gap type ${String(s.gapType)} is not 0 (none), 1 (hole), 2 (gap) or 3 (black mark)`);
  }
  if (s.gapLengthMm !== undefined && !(Number.isFinite(s.gapLengthMm) && s.gapLengthMm >= 0 && s.gapLengthMm <= 25.4)) {
    throw new PrinterError(1, `gap length ${s.gapLengthMm} mm is not from 0 to 25.4 mm`);
  }
}

/** Bytes a row takes in both languages: the dots rounded up to whole bytes. */
export function rowBytesOf(width: number): number {
  return Math.ceil(width / 8);
}

/**
 * The page's rows packed tight (`rowBytes` a row, no stride padding), padding bits after
 * the last dot of each row set to 0 (1 = black, leftmost dot in the high bit).
 */
export function packedRows(page: Bitmap): Uint8Array {
  const rowBytes = rowBytesOf(page.width);
  const out = new Uint8Array(rowBytes * page.height);
  const lastMask = page.width % 8 === 0 ? 0xff : (0xff << (8 - (page.width % 8))) & 0xff;
  if (page.stride === rowBytes) out.set(page.data.subarray(0, out.length));
  else {
    for (let y = 0; y < page.height; y++) {
      const from = y * page.stride;
      for (let i = 0; i < rowBytes; i++) out[y * rowBytes + i] = page.data[from + i]!;
    }
  }
  if (lastMask !== 0xff) for (let at = rowBytes - 1; at < out.length; at += rowBytes) out[at]! &= lastMask;
  return out;
}

/** The spec's speed 0 (slowest) to 4 (fastest) as inches per second: 2, 3, 4, 5, 6 ips,
 * the range nearly every 203/300 dpi desktop and industrial label printer offers. */
export function speedInchesPerSecond(speed: number): number {
  return 2 + speed;
}

/** A length in dots as millimetres at `dpi`, to 0.01 mm (a 0.01 mm step is 0.12 dots at
 * 300 dpi, so the printer rounds it back to the same dot count), without trailing zeros. */
export function dotsToMm(dots: number, dpi: number): string {
  return formatMm((dots * 25.4) / dpi);
}

export function formatMm(mm: number): string {
  return String(Math.round(mm * 100) / 100);
}
