/**
 * Prints pages one after another on any Printer, sending a page again when the printer did
 * not confirm it because the network failed (codes 90, 91, 92, 95): with a network printer
 * the failed page was discarded (see network.ts for the one case where it may not have
 * been), so every page is printed once, in order. Bad input (1, 5), a system error (2)
 * and a cancel (93) are not retried. When a page still fails after `retries` more tries,
 * the error says which page is next, so the job can be resumed from it.
 */
import { PrinterError, type Bitmap, type Printer, type PrintSettings } from '../printer.ts';

export interface PrintAllOptions {
  /** Tries after the first for one page; 3. */
  retries?: number;
  /** Pause before each retry, ms; 1000 (a printer that just dropped a connection may need a
   * moment to take the next). */
  retryDelayMs?: number;
  signal?: AbortSignal;
  /** Called after each confirmed page with its index (from 0, counting `pages`). */
  onConfirmed?: (index: number) => void;
}

/** Codes worth trying again: the network failed, the page was not taken. */
const RETRIED = new Set([90, 91, 92, 95]);

/** printAll gave up: pages before `nextPage` are confirmed, `nextPage` and after are not. */
export class PrintAllError extends PrinterError {
  constructor(
    override readonly cause: PrinterError,
    /** Index of the first page not printed. */
    readonly nextPage: number,
    /** Tries made for that page. */
    readonly tries: number,
  ) {
    super(cause.code, `page ${nextPage + 1} not printed after ${tries} ${tries === 1 ? 'try' : 'tries'}: ${cause.message}`);
  }
}

/** Prints every page with `settings` (or the settings for its index); resolves with the
 * number of pages printed. */
export async function printAll(
  printer: Printer,
  pages: Iterable<Bitmap> | AsyncIterable<Bitmap>,
  settings: PrintSettings | ((index: number) => PrintSettings),
  options: PrintAllOptions = {},
): Promise<number> {
  const retries = options.retries ?? 3;
  const delay = options.retryDelayMs ?? 1000;
  const { signal } = options;
  let index = 0;
  for await (const page of pages) {
    const s = typeof settings === 'function' ? settings(index) : settings;
    for (let tries = 1; ; tries++) {
      try {
        await printer.print(page, s, signal ? { signal } : undefined);
        break;
      } catch (e) {
        const error = e instanceof PrinterError ? e : new PrinterError(95, (e as Error)?.message ?? String(e));
        if (!RETRIED.has(error.code) || tries > retries || signal?.aborted) throw new PrintAllError(error, index, tries);
        if (delay > 0) await pause(delay, signal);
      }
    }
    options.onConfirmed?.(index);
    index++;
  }
  return index;
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
