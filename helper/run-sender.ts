/**
 * A print run's sender (src/print/run.ts RunSender) that prints straight on one of the
 * helper's printers, without HTTP: `assetmark print` and tests. A page is confirmed when the
 * printer's `print()` resolves (a network printer answered its status query after it).
 */
import type { RunSender } from '../src/print/run.ts';
import { PrinterError, type Printer, type PrintSettings } from './printer.ts';

export function printerSender(printer: Printer, settings: Omit<PrintSettings, 'copies'>): RunSender<PrinterError> {
  return {
    async send(page, send, signal) {
      if (signal.aborted) return { ok: false, error: new PrinterError(93, 'the print run was cancelled') };
      try {
        await printer.print(page, { ...settings, copies: send.copies }, { signal });
        return { ok: true };
      } catch (e) {
        if (e instanceof PrinterError) return { ok: false, error: e };
        return { ok: false, error: new PrinterError(95, e instanceof Error ? e.message : String(e)) };
      }
    },
  };
}
