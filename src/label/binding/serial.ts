/**
 * Serial-number (Degree) content, spec section 4:
 *
 * - The last run of digits in the content is the number; it steps by `degreeOffset` per
 *   page (page 0 shows the content as it is).
 * - The number has at most 15 digits (text controls: 9, values up to 999 999 999). In a
 *   longer run only the last 15 (9) digits count; the digits before them stay as text.
 * - The value is clamped to 0 and to the maximum, so a count-down stops at 0 and a
 *   count-up at 999...9 (15 or 9 nines).
 * - The result keeps the run's width with leading zeros (`A009` -> `A010`) and grows past
 *   it when needed (`A999` -> `A1000`).
 * - A page pattern `N/M` or `N-M` (the last two runs of digits, joined by one slash or
 *   hyphen, nothing but non-digits after M, 0 <= N <= M, M >= 1) gives the current value N
 *   and the maximum M: N steps and clamps to 0..M, M stays, and M is the page count it
 *   declares. When N > M (`SN-2024-001`) the text is no page pattern and the last run
 *   steps as usual.
 * - Content without digits does not change.
 */

export interface SerialDigits {
  /** Most digits in the number: 15, or 9 for text controls. */
  digits: number;
}

/** Where the number is: `content.slice(start, end)`. */
export interface SerialRun {
  start: number;
  end: number;
  value: number;
}

/** A page pattern: N at `n`, M's value, both within the digit limit. */
export interface PagePattern {
  n: SerialRun;
  total: number;
}

/** The last run of digits, cut to its last `digits` digits; null when there is none. */
export function findSerialRun(content: string, digits: number): SerialRun | null {
  let end = content.length;
  while (end > 0 && !isDigit(content.charCodeAt(end - 1))) end--;
  if (end === 0) return null;
  let start = end;
  while (start > 0 && isDigit(content.charCodeAt(start - 1))) start--;
  if (end - start > digits) start = end - digits;
  return { start, end, value: Number(content.slice(start, end)) };
}

const PAGE_PATTERN = /(\d+)([/-])(\d+)(?=\D*$)/;

export function findPagePattern(content: string, digits: number): PagePattern | null {
  const m = PAGE_PATTERN.exec(content);
  if (!m) return null;
  const [, a, , b] = m;
  if (a!.length > digits || b!.length > digits) return null;
  const n = Number(a);
  const total = Number(b);
  if (total < 1 || n > total) return null;
  return { n: { start: m.index, end: m.index + a!.length, value: n }, total };
}

/**
 * The content on page `pageIndex` (0-based) of a serial control stepping by `offset`.
 * `digits` is the control kind's limit (15, text 9).
 */
export function stepSerial(content: string, offset: number, pageIndex: number, digits: number): string {
  if (pageIndex === 0 || offset === 0) return content;
  const page = findPagePattern(content, digits);
  const run = page ? page.n : findSerialRun(content, digits);
  if (!run) return content;
  const max = page ? page.total : 10 ** digits - 1;
  const raw = run.value + offset * pageIndex;
  const value = raw < 0 ? 0 : raw > max ? max : raw;
  const width = run.end - run.start;
  return content.slice(0, run.start) + String(value).padStart(width, '0') + content.slice(run.end);
}

/** The page count a serial content declares with N/M or N-M, or undefined. */
export function serialPageCount(content: string, digits: number): number | undefined {
  return findPagePattern(content, digits)?.total;
}

/** Content for a control newly switched to serial numbers: `degreeLength` digits, from 1. */
export function serialSeed(degreeLength: number): string {
  return '1'.padStart(Math.max(1, degreeLength), '0');
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}
