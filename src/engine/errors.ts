/**
 * Engine errors. Codes 1-26 mirror `crates/engine/src/error.rs` (keep the two tables in
 * step); codes from 100 are the facade's own (loading and crashes).
 */
export const ErrorCode = {
  /** A malformed request: invalid numbers in a page, bad display list. */
  Parameter: 1,
  /** The engine failed (out of memory). */
  System: 2,
  /** Page width or height rounds to 0 dots. */
  NoPageDimension: 6,
  /** Unknown symbology, command or format version. */
  Unsupported: 8,
  /** The page is larger than the engine renders in one piece (32767 dots a side, 64 MiB). */
  PageTooLarge: 10,
  /** The page has more elements than one page may draw (crates/engine/src/work.rs, 5000). */
  TooManyElements: 11,
  /** The page would cost more drawing than one page may (work.rs); `element` is the
   * costliest element. */
  TooMuchWork: 12,
  /** A barcode with no data (renderPage draws nothing for empty data instead). */
  NoData: 20,
  /** Barcode data longer than its symbology takes. */
  DataTooLong: 21,
  /** Barcode data with a character its symbology cannot encode. */
  InvalidCharacter: 22,
  /** Barcode data of a length a fixed-length symbology (EAN, UPC, ITF-14) does not take. */
  InvalidLength: 23,
  /** Barcode data ending in a wrong check digit. */
  InvalidCheckDigit: 24,
  /** Barcode data breaking another rule of its symbology. */
  InvalidData: 25,
  /** A fixed symbol version too small for the data (QR). */
  VersionTooSmall: 26,
  /** The Wasm module is missing or from another build. */
  EngineMissing: 100,
  /** The Wasm module trapped; the facade has started a fresh instance. */
  EngineCrashed: 101,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** An error from the engine or its facade: a code, a message fit for people, and for
 * renderPage errors caused by one element, that element's index in `elements`. */
export class EngineError extends Error {
  override readonly name = 'EngineError';

  constructor(
    readonly code: number,
    message: string,
    readonly element?: number,
  ) {
    super(message);
  }
}
