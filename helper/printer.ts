/**
 * What every printer backend of the print helper is (virtual, network ZPL/TSPL over raw TCP
 * 9100, CUPS): a named printer that takes one finished 1-bit page at a time and says when
 * the printer has it. The HTTP service (server.ts), `assetmark print` and the tests all
 * drive printers through this one interface.
 *
 * Pages are the engine's own bitmaps (src/engine/types.ts Page): rows packed MSB-first,
 * leftmost dot in the high bit, 1 = black, `stride` bytes a row (at least (width + 7) / 8).
 * A page is printed whole, at the printer's origin, at `settings.dpi`; no scaling.
 */

/** A 1-bit page as the engine renders it. */
export interface Bitmap {
  /** Dots across and down. */
  width: number;
  height: number;
  /** Bytes a row (>= ceil(width / 8)); padding bits after the last dot are ignored. */
  stride: number;
  data: Uint8Array;
}

/** Gap types (spec section 9): none 0, hole 1, gap 2, black mark 3. 255 (unset) = undefined. */
export type GapType = 0 | 1 | 2 | 3;

/** How to print one page. Unset values leave the printer's own setting alone. */
export interface PrintSettings {
  /** The bitmap's resolution, dots per inch (203 or 300 for label printers). */
  dpi: number;
  /** Copies of this page, 1 to 9999, printed one after another. */
  copies: number;
  /** Print darkness, spec scale 0 to 14 (the vendor offers 0, 3, 5, 9, 14). */
  darkness?: number;
  /** Print speed, spec scale 0 (slowest) to 4 (fastest). */
  speed?: number;
  gapType?: GapType;
  /** Gap or black-mark length, mm. */
  gapLengthMm?: number;
  /** The job's name (shown by CUPS; the virtual printer names its folder after it). */
  jobName?: string;
}

export type PrinterKind = 'virtual' | 'zpl' | 'tspl' | 'cups';

/** What GetPrinters lists for a printer (printing-protocol.md `printers[]`). */
export interface PrinterDescription {
  /** Unique among the helper's printers; what OpenPrinter and PrintImageD name. */
  name: string;
  kind: PrinterKind;
  /** Native resolution, dots per inch. */
  dpi: number;
  /** Printable width, mm (0 when unknown). */
  widthMm: number;
  /** Network address for network printers ('' otherwise). */
  ip: string;
  port: number;
  /** The commands the printer reads (Print action 1's printData); undefined: ZPL. */
  rawLanguage?: 'zpl' | 'tspl';
}

/**
 * Helper result codes (spec section 8) a printer failure carries: 2 system error (CUPS
 * refused, disk full), 3 no supported printer, 5 no print data, 90 network failed
 * (connection refused), 91 network timeout, 92 network error (reset mid-page), 93 network
 * abort (the job was cancelled), 95 network exception.
 */
export type PrinterErrorCode = 1 | 2 | 3 | 4 | 5 | 90 | 91 | 92 | 93 | 94 | 95;

/** A page the printer did not confirm. The page counts as not printed: send it again. */
export class PrinterError extends Error {
  override readonly name = 'PrinterError';
  constructor(
    readonly code: PrinterErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Options of one Printer.print call. */
export interface PrintOptions {
  /**
   * Aborting stops the page where it is: it counts as not printed and print rejects with
   * PrinterError 93. (A network printer drops the connection, and with it the unfinished
   * label.) Backends that hand a page over in one step may only check it before starting.
   */
  signal?: AbortSignal;
}

export interface Printer {
  readonly description: PrinterDescription;
  /**
   * Prints `settings.copies` copies of `page`. Resolves once the printer has confirmed the
   * page (a network printer answered its status query after the page; the virtual printer
   * wrote its files; `lp` accepted the job); rejects with PrinterError when it did not, in
   * which case the page must be sent again (a printer discards an incomplete label format).
   * Calls are serialised by the caller: one page at a time per printer.
   */
  print(page: Bitmap, settings: PrintSettings, options?: PrintOptions): Promise<void>;
  /** Whether the printer answers now (network: a connection and a status reply). */
  isOnline(): Promise<boolean>;
  /** Releases connections; the printer may be used again afterwards (it reconnects). */
  close(): Promise<void>;
}
