/**
 * The vendor's run-length "package" bitmap (LPASIF_PACKAGE, image format 90, and the body of
 * PrintPackage), read from its definition in the vendor's SDK documentation (dtpweb
 * LPAUtils.d.ts): rows top to bottom, each row `ceil(width / 8)` bytes of 1-bit dots (1 =
 * black, leftmost dot in the high bit), coded as a run of records whose first byte says
 * what follows:
 *
 * - `1010 zz cc`, then a byte of each: a row of `zzzzzzzzzz` zero bytes, then `cccccccccc`
 *   bytes of dots (the two high bits of each count in the first byte), the rest of the row
 *   zero. At most 1,023 bytes (8,184 dots) either way.
 * - `1011 0000` (0xB0), then a whole row of bytes.
 * - `1011 nnnn` (0xB1-0xBF): the row before, `nnnn` (1-15) more times.
 * - `110n nnnn` (0xC0-0xDF): `nnnnn` (0-31) blank rows.
 *
 * Any other first byte, a record cut short, a row longer than the width, or a repeat with
 * no row before it is damage: the whole package is refused (code 7) and nothing prints.
 */
import type { Bitmap } from './printer.ts';
import { CODE, HelperFailure, MAX_PAGE_HEIGHT, MAX_PAGE_WIDTH } from './protocol.ts';

/** The dots a package holds, `width` dots a row (the SDK's `width`, in pixels). */
export function readPackage(bytes: Uint8Array, width: number): Bitmap {
  if (!Number.isInteger(width) || width < 1 || width > MAX_PAGE_WIDTH) {
    throw new HelperFailure(CODE.parameter, `width must be 1 to ${MAX_PAGE_WIDTH} dots, got ${width}`);
  }
  if (bytes.length === 0) throw new HelperFailure(CODE.noData, 'the package holds no data');
  const stride = Math.ceil(width / 8);
  const rows: Uint8Array[] = [];
  let previous: Uint8Array | undefined;
  const damaged = (at: number, why: string) => new HelperFailure(CODE.invalidFile, `the package is damaged at byte ${at}: ${why}`);
  const push = (row: Uint8Array) => {
    if (rows.length >= MAX_PAGE_HEIGHT) throw new HelperFailure(CODE.parameter, `the package is longer than ${MAX_PAGE_HEIGHT} rows`);
    rows.push(row);
    previous = row;
  };
  let i = 0;
  while (i < bytes.length) {
    const at = i;
    const head = bytes[i++]!;
    if ((head & 0xf0) === 0xa0) {
      if (i + 2 > bytes.length) throw damaged(at, 'a dots record (0xAx) is cut short');
      const zeros = ((head >> 2) & 0x03) * 256 + bytes[i++]!;
      const count = (head & 0x03) * 256 + bytes[i++]!;
      if (zeros + count > stride) throw damaged(at, `a row of ${zeros} + ${count} bytes is longer than the width's ${stride}`);
      if (i + count > bytes.length) throw damaged(at, `a row's ${count} bytes of dots are cut short`);
      const row = new Uint8Array(stride);
      row.set(bytes.subarray(i, i + count), zeros);
      i += count;
      push(row);
    } else if (head === 0xb0) {
      if (i + stride > bytes.length) throw damaged(at, `a whole row (0xB0) of ${stride} bytes is cut short`);
      push(bytes.slice(i, i + stride));
      i += stride;
    } else if ((head & 0xf0) === 0xb0) {
      if (!previous) throw damaged(at, 'a repeat (0xBx) with no row before it');
      const row = previous;
      for (let n = head & 0x0f; n > 0; n--) push(row);
    } else if ((head & 0xe0) === 0xc0) {
      for (let n = head & 0x1f; n > 0; n--) push(new Uint8Array(stride));
    } else {
      throw damaged(at, `0x${head.toString(16).padStart(2, '0')} starts no record (0xAx dots, 0xB0 row, 0xBx repeat, 0xC0-0xDF blank rows)`);
    }
  }
  if (rows.length === 0) throw new HelperFailure(CODE.noData, 'the package holds no rows');
  const data = new Uint8Array(stride * rows.length);
  rows.forEach((row, y) => data.set(row, y * stride));
  // Bits past the width in the last byte of a row are not dots.
  const spare = stride * 8 - width;
  if (spare > 0) {
    const keep = (0xff << spare) & 0xff;
    for (let y = 0; y < rows.length; y++) data[y * stride + stride - 1] = data[y * stride + stride - 1]! & keep;
  }
  return { width, height: rows.length, stride, data };
}
