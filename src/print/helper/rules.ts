/**
 * The spec's small printing rules, each a pure function (label-editor.md sections 3, 4, 5
 * and 9): which printers count as local, the resolution a printer's name implies, the
 * threshold, the ranges of gap type / darkness / speed, and lengths on the wire
 * (millimetres x 100 with scaleUnit=1, printing-protocol.md).
 */

/** Helper versions from this date on list local printers as every type below 10. */
export const LOCAL_TYPES_SINCE = 20230621;

/**
 * The date part of a helper's version string as yyyymmdd, e.g. 20230621 for
 * "dtpweb/2.3.20230621" or "2.3.20230621": the last run of exactly 8 digits that is a
 * plausible date. undefined when there is none (an unknown or garbled version).
 */
export function helperVersionDate(version: string): number | undefined {
  const runs = version.match(/\d+/g) ?? [];
  for (let i = runs.length - 1; i >= 0; i--) {
    const run = runs[i]!;
    if (run.length !== 8) continue;
    const month = Number(run.slice(4, 6));
    const day = Number(run.slice(6, 8));
    if (month >= 1 && month <= 12 && day >= 1 && day <= 31) return Number(run);
  }
  return undefined;
}

/**
 * Whether a printer of `type` counts as local (spec section 3): type < 10 for helper
 * versions from 2.3.20230621 on, type <= 1 before. A version without a readable date is
 * treated as old, the narrower rule, so an unknown helper never lists network printers as
 * local.
 */
export function isLocalPrinter(type: number, helperVersion: string): boolean {
  const date = helperVersionDate(helperVersion);
  return date !== undefined && date >= LOCAL_TYPES_SINCE ? type < 10 : type <= 1;
}

/**
 * Resolution a printer's name implies when the helper cannot tell (spec section 4): 300 dpi
 * when the name starts with 1 to 3 capital letters A-Z, then 1 to 4 digits, then a capital
 * P ("Q2P", "DT100P-B"); 203 dpi otherwise. Decided here: the pattern is a prefix of the name as the helper lists it
 * (anything may follow the P, nothing may precede the letters, case matters), so
 * "ABCD1P" (four letters), "A12345P" (five digits) and "q2P" are 203 dpi.
 */
export function dpiFromPrinterName(name: string): 300 | 203 {
  return /^[A-Z]{1,3}[0-9]{1,4}P/.test(name) ? 300 : 203;
}

/** The helper's default black/white threshold (spec sections 5 and 9). */
export const DEFAULT_THRESHOLD = 192;

/** Threshold must be a whole number 1 to 255; anything else becomes 192 (spec section 5). */
export function normaliseThreshold(threshold: number | undefined): number {
  return threshold !== undefined && Number.isInteger(threshold) && threshold >= 1 && threshold <= 255
    ? threshold
    : DEFAULT_THRESHOLD;
}

/** "Not set" for gap type, darkness and speed on the wire (spec section 9). */
export const UNSET = 255;

/**
 * SetParam ids (printing-protocol.md, GetParam/SetParam) and the spec's ranges: gap type 0
 * none, 1 hole, 2 gap, 3 black mark; darkness 0-14 (the vendor offers 0, 3, 5, 9, 14);
 * speed 0 (slowest) to 4 (fastest). 255 means "leave the printer's setting".
 */
export const PRINT_PARAMS = {
  gapType: { id: 1, max: 3 },
  darkness: { id: 2, max: 14 },
  speed: { id: 3, max: 4 },
} as const;

export type PrintParamName = keyof typeof PRINT_PARAMS;

/** Whether `value` is in the spec's range for `param` (0..max, or 255 = unset). */
export function isValidPrintParam(param: PrintParamName, value: number): boolean {
  return Number.isInteger(value) && ((value >= 0 && value <= PRINT_PARAMS[param].max) || value === UNSET);
}

export const ORIENTATIONS = [0, 90, 180, 270] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

export function isOrientation(value: unknown): value is Orientation {
  return typeof value === 'number' && (ORIENTATIONS as readonly number[]).includes(value);
}

/** Copies of a page one request may ask for (helper/printer.ts PrintSettings). */
export const MAX_COPIES = 9999;

/** A length of `dots` at `dpi` on the wire: millimetres x 100 (scaleUnit=1), rounded. */
export function dotsToWire(dots: number, dpi: number): number {
  return Math.round((dots * 2540) / dpi);
}

/** Millimetres on the wire: x 100 (scaleUnit=1), rounded to the wire's 0.01 mm. */
export function mmToWire(mm: number): number {
  return Math.round(mm * 100);
}
