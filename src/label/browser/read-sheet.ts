/**
 * Spreadsheets a user picks, read in the browser: in a Web Worker with a deadline
 * (sheet-read.ts), so a file SheetJS never finishes cannot freeze the tab; the worker is
 * terminated at the deadline and the user told "the file took too long to read".
 *
 * The deadline is SHEET_READ_DEADLINE_MS; the browser tests shorten it with the
 * localStorage key below (never longer), so they need not wait a minute for the endless file.
 */
import type { LabelResult } from '../errors.ts';
import { readSpreadsheetInWorker, SHEET_READ_DEADLINE_MS, type SheetWorker } from '../sheet-read.ts';
import type { Workbook } from '../spreadsheet.ts';

/** localStorage key: a shorter deadline in ms (tests only). */
export const SHEET_READ_DEADLINE_KEY = 'assetmark.sheetReadDeadlineMs';

function deadlineMs(): number {
  let set = NaN;
  try {
    set = Number(globalThis.localStorage?.getItem(SHEET_READ_DEADLINE_KEY) ?? NaN);
  } catch {
    // Storage may be refused (privacy settings): the default then.
  }
  return Number.isFinite(set) && set > 0 ? Math.min(set, SHEET_READ_DEADLINE_MS) : SHEET_READ_DEADLINE_MS;
}

function startWebWorker(): SheetWorker {
  const worker = new Worker(new URL('./sheet-worker.ts', import.meta.url), { type: 'module', name: 'assetmark-sheet-reader' });
  return {
    start(request, onReply, onFailure) {
      worker.onmessage = (event) => onReply(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        onFailure(event.message);
      };
      worker.onmessageerror = () => onFailure('message');
      // Cloned, not transferred: the caller still embeds the bytes once they are read.
      worker.postMessage(request);
    },
    terminate: () => worker.terminate(),
  };
}

/** Reads spreadsheet `bytes` off the main thread (see the file comment). */
export function readSpreadsheetInBrowser(bytes: Uint8Array): Promise<LabelResult<Workbook>> {
  return readSpreadsheetInWorker(bytes, startWebWorker, { deadlineMs: deadlineMs() });
}
