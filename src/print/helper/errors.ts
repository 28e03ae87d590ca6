/**
 * What can go wrong between the web app and a print helper (ours in helper/, or the
 * vendor's), as values: every call of the client returns a `HelperResult` and never throws
 * on the wire's account (a closed port, a stalled helper, a reply that is not the protocol's
 * are all errors here, not exceptions). messages.ts turns each into zh-CN or en text.
 */
import type { Result } from '../errors.ts';

/**
 * The helper's result codes (label-editor.md section 8): 0 OK, 1-9 request and printer
 * errors, 90-95 errors of the helper's own network connection to a printer.
 */
export const HELPER_CODES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 90, 91, 92, 93, 94, 95] as const;
export type HelperCode = (typeof HELPER_CODES)[number];

export function isHelperCode(value: unknown): value is HelperCode {
  return typeof value === 'number' && (HELPER_CODES as readonly number[]).includes(value);
}

/** Named codes the client itself produces or checks for. */
export const CODE = {
  ok: 0,
  parameter: 1,
  system: 2,
  noSupportedPrinter: 3,
  unsupportedPrinter: 4,
  noPrintData: 5,
  noPageDimension: 6,
  invalidFile: 7,
  unsupportedFunction: 8,
  invalidFontName: 9,
  networkFailed: 90,
  networkTimeout: 91,
  networkError: 92,
  networkAbort: 93,
  networkUnsupported: 94,
  networkException: 95,
} as const satisfies Record<string, HelperCode>;

export type HelperError =
  /**
   * The helper answered with a non-zero statusCode (or the client refused a parameter
   * before sending it: code 1). `code` is any number the helper sent, so a newer vendor
   * code still shows; `detail` is the helper's own text (resultInfo) when it gave one.
   */
  | { kind: 'code'; code: number; detail?: string }
  /** No whole reply within `ms` milliseconds. */
  | { kind: 'timeout'; ms: number }
  /** No helper answered on any port tried (findHelper only). */
  | { kind: 'notFound' }
  /**
   * The request never got an HTTP answer (connection refused or reset, or the browser
   * blocked it). `plainHttp`: the page is served over plain http from a host other than
   * this machine, where Chrome's Local Network Access (older: private-network request
   * blocking) is the likely cause, so the UI explains how to allow it.
   */
  | { kind: 'network'; plainHttp: boolean }
  /** An HTTP answer that is not the protocol's `{statusCode, resultInfo}` JSON. */
  | { kind: 'badReply'; status?: number; detail?: string }
  /** The caller's AbortSignal cancelled the call (a user's cancel: nothing to report). */
  | { kind: 'aborted' };

/** A value or the error that stopped it (src/print's one Result shape). */
export type HelperResult<T> = Result<T, HelperError>;

export function ok<T>(value: T): HelperResult<T> {
  return { ok: true, value };
}

export function fail<T = never>(error: HelperError): HelperResult<T> {
  return { ok: false, error };
}

/** A parameter the client refuses before sending anything (the helper's own code 1). */
export function parameterError<T = never>(detail: string): HelperResult<T> {
  return fail({ kind: 'code', code: CODE.parameter, detail });
}
