/**
 * ASCII hex graphic data with the Alternative Data Compression Scheme, decoded as the ZPL II
 * Programming Guide describes it ("Alternative Data Compression Scheme for ~DG and ~DB
 * Commands" and "Reducing Download Time of Graphic Images"), for the fake printer. Written
 * from those definitions, not from our encoder:
 * - 0-9 A-F: one hex digit (half a byte), high half first.
 * - G H I ... Y: repeat counts 1 to 19 for the hex digit that follows; g h i ... z: repeat
 *   counts 20, 40, ..., 400. Several may stand before one digit; their values add up
 *   ("vMB or MvB will send 327 hexadecimal B's").
 * - ',' fills the line (row), to the right, with zeros; '!' fills it with ones.
 *   The guide: "if the HEX string ends in an odd number of zeros, one zero and a single
 *   comma is required", so a fill starts at a whole byte; one in the middle of a byte is
 *   an error here.
 * - ':' repeats the previous line.
 * - CR and LF are ignored ("ZPL II ignores the end of a text line").
 * A row is `rowBytes` bytes; the data must give exactly `totalBytes` bytes.
 */

export type AcsResult = { ok: true; data: Uint8Array } | { ok: false; error: string };

export function decodeAcs(text: string, rowBytes: number, totalBytes: number): AcsResult {
  if (!Number.isInteger(rowBytes) || rowBytes < 1) return fail(`bytes per row ${rowBytes} is not a whole number of at least 1`);
  if (!Number.isInteger(totalBytes) || totalBytes < 0 || totalBytes % rowBytes !== 0) {
    return fail(`total ${totalBytes} bytes is not a whole number of ${rowBytes}-byte rows`);
  }
  const out = new Uint8Array(totalBytes);
  const rowDigits = rowBytes * 2;
  const totalDigits = totalBytes * 2;
  /** Next half byte to write, counted from the start of the data. */
  let at = 0;
  let repeat = 0;
  const put = (digit: number, count: number): boolean => {
    if (at + count > totalDigits) return false;
    for (let k = 0; k < count; k++, at++) {
      if (at & 1) out[at >> 1]! |= digit;
      else out[at >> 1] = digit << 4;
    }
    return true;
  };
  const where = (i: number) => `at character ${i} ('${text[i]}')`;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0d || c === 0x0a) continue;
    if (c >= 0x47 && c <= 0x59) { repeat += c - 0x46; continue; } // G..Y = 1..19
    if (c >= 0x67 && c <= 0x7a) { repeat += (c - 0x66) * 20; continue; } // g..z = 20..400
    const digit = hexValue(c);
    if (digit >= 0) {
      if (!put(digit, repeat || 1)) return fail(`more data than ${totalBytes} bytes ${where(i)}`);
      repeat = 0;
      continue;
    }
    if (repeat) return fail(`a repeat count is not followed by a hex digit ${where(i)}`);
    const inRow = at % rowDigits;
    if (c === 0x2c || c === 0x21) { // ',' zeros, '!' ones to the end of the row
      if (at >= totalDigits) return fail(`more data than ${totalBytes} bytes ${where(i)}`);
      if (inRow & 1) return fail(`a row fill in the middle of a byte ${where(i)}`);
      put(c === 0x2c ? 0 : 15, rowDigits - inRow);
      continue;
    }
    if (c === 0x3a) { // ':' the previous row again
      if (inRow !== 0) return fail(`':' in the middle of a row ${where(i)}`);
      if (at === 0) return fail(`':' before any row ${where(i)}`);
      if (at >= totalDigits) return fail(`more data than ${totalBytes} bytes ${where(i)}`);
      const row = at >> 1;
      out.copyWithin(row, row - rowBytes, row);
      at += rowDigits;
      continue;
    }
    return fail(`'${text[i]}' is not ACS graphic data ${where(i)}`);
  }
  if (repeat) return fail('the data ends in a repeat count');
  if (at !== totalDigits) return fail(`the data gives ${at / 2} of ${totalBytes} bytes`);
  return { ok: true, data: out };
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

function fail(error: string): AcsResult {
  return { ok: false, error };
}
