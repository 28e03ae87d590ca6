/**
 * ZPL II for one page: the page is one `^GFA` graphic field at the label origin, its hex in
 * the Alternative Data Compression Scheme (ACS) of the ZPL II Programming Guide ("Advanced
 * Techniques"), which nearly every ZPL printer and emulation reads (Z64 is not as common).
 *
 *   ~SDnn ^XA ^MNa ^PRs ^PW{w} ^LL{h} ^LH0,0 ^FO0,0 ^GFA,{total},{total},{rowBytes},{acs} ^FS ^PQ{n} ^XZ
 *
 * ACS, as the guide defines it (all counts are of hex digits, i.e. half bytes):
 * - G..Y repeat the following hex digit 1..19 times, g..z 20, 40, ..., 400 times; several
 *   repeat characters before one digit add up ("vMB" = 320 + 7 = 327 B's).
 * - ',' fills the rest of the row with 0, '!' with 1 bits (F); the guide's condensed
 *   examples ("FFF0,") put it after a whole byte, so we only write it at a byte boundary.
 * - ':' repeats the previous row.
 * Our pages are 1 = black, leftmost dot in the high bit, as ^GF wants; padding bits after
 * the last dot of a row are sent as 0.
 *
 * Settings (all optional; unset leaves the printer's own):
 * - darkness, spec 0-14 -> `~SD` 00-30 (the printer's absolute darkness scale), linearly:
 *   round(d * 30 / 14), so the vendor's steps 0, 3, 5, 9, 14 become 0, 6, 11, 19, 30.
 *   `~SD` is a tilde command (taken at once, outside a format), so it goes before `^XA`.
 * - speed, spec 0-4 -> `^PR` 2-6 inches per second (print speed only; slew and backfeed
 *   keep the printer's defaults).
 * - gapType -> `^MN`: 0 none -> N (continuous media), 1 hole and 2 gap -> Y (non-continuous,
 *   web sensing), 3 black mark -> M (mark sensing). ZPL has no gap length; the printer
 *   measures it, so gapLengthMm is not sent.
 * - copies -> `^PQ`.
 */
import type { Bitmap, PrintSettings } from '../printer.ts';
import { checkPrintable, packedRows, rowBytesOf, speedInchesPerSecond } from './page.ts';

/** Host Status Return: the printer answers three <STX>...<ETX><CR><LF> strings. Sent after
 * each page; its answer says the printer has read everything before it. */
export const ZPL_STATUS_QUERY = '~HS';

/**
 * Cancel Current Partially Input Format. Written first on a new connection after a page
 * was cut off, so a printer that kept the cut-off format open (instead of dropping it with
 * the connection) does not take our next page as the rest of it. It does not touch formats
 * received whole.
 */
export const ZPL_CANCEL_PARTIAL = '~JX';

const HEX = '0123456789ABCDEF';
/** Repeat characters: UPPER[n] repeats 1..19 (index n), LOWER[k] repeats 20 * k. */
const UPPER = ' GHIJKLMNOPQRSTUVWXY';
const LOWER = ' ghijklmnopqrstuvwxyz';
/** Largest count one group of repeat characters says: z (400) + Y (19). */
const MAX_GROUP = 419;

/** ZPL darkness (`~SD`, 0-30) for the spec's 0-14. */
export function zplDarkness(darkness: number): number {
  return Math.round((darkness * 30) / 14);
}

/** The format for one page, as bytes (ASCII). Throws PrinterError 1/5 for bad input. */
export function encodeZpl(page: Bitmap, settings: PrintSettings): Uint8Array {
  checkPrintable(page, settings);
  const rowBytes = rowBytesOf(page.width);
  const total = rowBytes * page.height;
  let head = '';
  if (settings.darkness !== undefined) head += `~SD${String(zplDarkness(settings.darkness)).padStart(2, '0')}`;
  head += '^XA';
  if (settings.gapType !== undefined) head += `^MN${'NYYM'[settings.gapType]}`;
  if (settings.speed !== undefined) head += `^PR${speedInchesPerSecond(settings.speed)}`;
  head += `^PW${page.width}^LL${page.height}^LH0,0^FO0,0^GFA,${total},${total},${rowBytes},`;
  const body = acsBytes(packedRows(page), rowBytes);
  const tail = `^FS^PQ${settings.copies}^XZ`;
  const out = Buffer.allocUnsafe(head.length + body.length + tail.length);
  out.write(head, 0, 'latin1');
  out.set(body, head.length);
  out.write(tail, head.length + body.length, 'latin1');
  return out;
}

/** The format for one page as text (what encodeZpl sends). */
export function zplText(page: Bitmap, settings: PrintSettings): string {
  return Buffer.from(encodeZpl(page, settings)).toString('latin1');
}

/**
 * ACS hex of tightly packed rows (`rowBytes` a row): each row is ':' when it equals the
 * previous one, else its digits run-length coded, ended by ',' or '!' when the row ends
 * in whole bytes of 00 or FF.
 */
export function acsEncode(rows: Uint8Array, rowBytes: number): string {
  return Buffer.from(acsBytes(rows, rowBytes)).toString('latin1');
}

/** acsEncode as ASCII bytes. */
function acsBytes(rows: Uint8Array, rowBytes: number): Uint8Array {
  const height = rows.length / rowBytes;
  // A row never takes more than its digits and one fill character.
  const out = new Uint8Array(height * (rowBytes * 2 + 1));
  const digits = new Uint8Array(rowBytes * 2);
  let o = 0;
  for (let y = 0; y < height; y++) {
    const at = y * rowBytes;
    if (y > 0 && sameRow(rows, at - rowBytes, at, rowBytes)) {
      out[o++] = COLON;
      continue;
    }
    for (let i = 0; i < rowBytes; i++) {
      digits[2 * i] = rows[at + i]! >> 4;
      digits[2 * i + 1] = rows[at + i]! & 15;
    }
    o = encodeRow(digits, out, o);
  }
  return out.subarray(0, o);
}

const COLON = 0x3a;
const COMMA = 0x2c;
const BANG = 0x21;
const HEX_CODES = Uint8Array.from(HEX, (c) => c.charCodeAt(0));
const UPPER_CODES = Uint8Array.from(UPPER, (c) => c.charCodeAt(0));
const LOWER_CODES = Uint8Array.from(LOWER, (c) => c.charCodeAt(0));

function sameRow(rows: Uint8Array, a: number, b: number, n: number): boolean {
  for (let i = 0; i < n; i++) if (rows[a + i] !== rows[b + i]) return false;
  return true;
}

/** One row's digits written at out[o]: runs up to the trailing whole bytes of 0 or F, then
 * ',' or '!'. Returns the next free index. */
function encodeRow(digits: Uint8Array, out: Uint8Array, o: number): number {
  const n = digits.length;
  const last = digits[n - 1]!;
  let end = n;
  let fill = 0;
  if (last === 0 || last === 15) {
    let start = n;
    while (start > 0 && digits[start - 1] === last) start--;
    start += start & 1; // the fill starts at a byte boundary
    if (start < n) {
      end = start;
      fill = last === 0 ? COMMA : BANG;
    }
  }
  let i = 0;
  while (i < end) {
    const d = digits[i]!;
    let j = i + 1;
    while (j < end && digits[j] === d) j++;
    o = run(HEX_CODES[d]!, j - i, out, o);
    i = j;
  }
  if (fill) out[o++] = fill;
  return o;
}

/** `count` copies of one hex digit: as itself up to twice, else repeat characters (never
 * longer than the digits themselves). */
function run(digit: number, count: number, out: Uint8Array, o: number): number {
  if (count <= 2) {
    out[o++] = digit;
    if (count === 2) out[o++] = digit;
    return o;
  }
  while (count > 0) {
    const group = Math.min(count, MAX_GROUP);
    const twenties = Math.floor(group / 20);
    const ones = group % 20;
    if (twenties) out[o++] = LOWER_CODES[twenties]!;
    if (ones) out[o++] = UPPER_CODES[ones]!;
    out[o++] = digit;
    count -= group;
  }
  return o;
}

/** Whether `reply` holds a whole ~HS answer (three strings, each ending <ETX><CR><LF>);
 * returns the bytes it takes, or 0 while incomplete. */
export function zplStatusReplyLength(reply: Uint8Array): number {
  let found = 0;
  for (let i = 2; i < reply.length; i++) {
    if (reply[i - 2] === 0x03 && reply[i - 1] === 0x0d && reply[i] === 0x0a && ++found === 3) return i + 1;
  }
  return 0;
}
