/**
 * The helper's side of the LPAPI / dtpweb wire (printing-protocol.md): result codes (spec
 * section 8), the version we announce, the limits we enforce, and typed reading of the
 * url-encoded parameters every action takes. Everything an action refuses becomes a
 * HelperFailure, which the server turns into `{statusCode, resultInfo: message}`.
 */

/** Helper result codes, label-editor.md section 8. */
export const CODE = {
  ok: 0,
  parameter: 1,
  system: 2,
  noPrinter: 3,
  unsupportedPrinter: 4,
  noData: 5,
  noPageSize: 6,
  invalidFile: 7,
  unsupported: 8,
  invalidFont: 9,
} as const;

/**
 * What ServerInfo and Version announce. The client decides which printers are local from
 * the version's date (type < 10 is local from 2.3.20230621 on, type <= 1 before), so ours
 * carries a date after that one, in the vendor's form, and says who we are elsewhere.
 */
export const DTPWEB_VERSION = '2.3.20261126';
export const HELPER_VERSION = `dtpweb/${DTPWEB_VERSION}`;
export const LPAPI_VERSION = 'assetmark-helper/0.1.0';

/** Ports tried in order (spec section 9): the second when the first is taken. */
export const DEFAULT_PORTS = [15216, 35216] as const;

/** Largest request body, bytes: a 4096 x 8192-dot page as base64 PNG fits many times over. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;
/**
 * Largest page, dots. 4096 dots across is 347 mm at 300 dpi (wider than any label head,
 * 4-inch heads are 832 dots at 203 dpi and 1248 at 300); 8192 dots down is 694 mm at
 * 300 dpi. A page of that size is 4 MiB as 1-bit rows.
 */
export const MAX_PAGE_WIDTH = 4096;
export const MAX_PAGE_HEIGHT = 8192;
/** Copies of one page (PrintSettings.copies). */
export const MAX_COPIES = 9999;
/** Pages one StartJob ... CommitJob job may collect before it is committed. */
export const MAX_JOB_PAGES = 1000;
/** 1-bit bytes one job may hold in memory (its pages together): 64 MiB. */
export const MAX_JOB_BYTES = 64 * 1024 * 1024;
/** The threshold a grey image is cut at when none (or one outside 1-255) is given. */
export const DEFAULT_THRESHOLD = 192;
/** The job name that makes StartJob ... CommitJob a preview instead of a print. */
export const PREVIEW_JOB_NAME = '#!#Preview#!#';

/** An action's refusal: the code of section 8 and a message for the user. */
export class HelperFailure extends Error {
  override readonly name = 'HelperFailure';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** `true`/`1`/`yes` (any case) are true; anything else, or nothing, is false. */
export function isTrue(value: string | undefined): boolean {
  return value !== undefined && /^(1|true|yes|on)$/i.test(value.trim());
}

/**
 * The parameters of one call: the query string merged with a url-encoded body (the client
 * sends the same string in both; the body wins where they differ). Names are matched
 * exactly as the protocol spells them; aliases (`name` / `printerName`) are tried in order.
 */
export class Params {
  constructor(private readonly values: Map<string, string>) {}

  static from(...sources: URLSearchParams[]): Params {
    const values = new Map<string, string>();
    for (const source of sources) for (const [k, v] of source) values.set(k, v);
    return new Params(values);
  }

  has(...names: string[]): boolean {
    return names.some((n) => this.values.has(n) && this.values.get(n)!.trim() !== '');
  }

  /** Every parameter as sent (for reading a Draw* call as a drawing item). */
  entries(): ReadonlyMap<string, string> {
    return this.values;
  }

  /** The first non-empty value among `names`, trimmed; undefined when none is set. */
  string(...names: string[]): string | undefined {
    for (const n of names) {
      const v = this.values.get(n);
      if (v !== undefined && v.trim() !== '') return v.trim();
    }
    return undefined;
  }

  /**
   * A number among `names`, or `fallback` when none is set. A value that is not a finite
   * number, or lies outside [min, max], is a parameter error naming the parameter.
   */
  number(names: string | string[], range: { min?: number; max?: number; integer?: boolean }, fallback: number): number;
  number(names: string | string[], range: { min?: number; max?: number; integer?: boolean }): number | undefined;
  number(names: string | string[], range: { min?: number; max?: number; integer?: boolean }, fallback?: number): number | undefined {
    const list = typeof names === 'string' ? [names] : names;
    const name = list.find((n) => this.has(n));
    if (name === undefined) return fallback;
    const text = this.values.get(name)!.trim();
    const value = Number(text);
    if (!Number.isFinite(value) || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) {
      throw new HelperFailure(CODE.parameter, `${name} must be a number, got '${clip(text)}'`);
    }
    if (range.integer && !Number.isInteger(value)) throw new HelperFailure(CODE.parameter, `${name} must be a whole number, got ${text}`);
    if ((range.min !== undefined && value < range.min) || (range.max !== undefined && value > range.max)) {
      throw new HelperFailure(CODE.parameter, `${name} must be ${describeRange(range)}, got ${text}`);
    }
    return value;
  }

  /** One of `allowed` (numbers), or `fallback` when unset. */
  choice<T extends number>(names: string | string[], allowed: readonly T[], fallback: T): T;
  choice<T extends number>(names: string | string[], allowed: readonly T[]): T | undefined;
  choice<T extends number>(names: string | string[], allowed: readonly T[], fallback?: T): T | undefined {
    const value = this.number(names, {});
    if (value === undefined) return fallback;
    if (!allowed.includes(value as T)) {
      const list = typeof names === 'string' ? [names] : names;
      const name = list.find((n) => this.has(n))!;
      throw new HelperFailure(CODE.parameter, `${name} must be one of ${allowed.join(', ')}, got ${value}`);
    }
    return value as T;
  }
}

function describeRange(range: { min?: number; max?: number }): string {
  if (range.min !== undefined && range.max !== undefined) return `${range.min} to ${range.max}`;
  if (range.min !== undefined) return `at least ${range.min}`;
  return `at most ${range.max}`;
}

/** At most 40 characters of a value for a message (values can be megabytes long). */
export function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
}

/**
 * A length parameter in dots at `dpi`: with scaleUnit 1 (the web SDK's choice) lengths are
 * hundredths of a millimetre, otherwise millimetres (our decision: the protocol gives no
 * other unit). Rounded to the nearest dot, the engine's one rounding rule for mm -> dots.
 */
export function lengthToDots(value: number, scaleUnit: number, dpi: number): number {
  const mm = scaleUnit === 1 ? value / 100 : value;
  return Math.round((mm * dpi) / 25.4);
}

/** The threshold rule of section 5: 1 to 255, otherwise 192. */
export function thresholdOf(value: number | undefined): number {
  return value !== undefined && Number.isInteger(value) && value >= 1 && value <= 255 ? value : DEFAULT_THRESHOLD;
}
