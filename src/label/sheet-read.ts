/**
 * Reading a spreadsheet someone hands us, off the calling thread and with a deadline.
 *
 * SheetJS could be kept busy for ever by a small damaged file (`npm run fuzz` found two .xls,
 * e.g. server/modules/import-export/fixtures/sheetjs-formula-overrun.xls; that loop is fixed
 * by scripts/patch-dependencies.mjs, and others may exist). On the browser's main
 * thread that freezes the tab; in the CLI the command never ends. So a file is read in a
 * worker (a Web Worker in the browser: browser/read-sheet.ts; a worker thread with a heap cap
 * in Node: bin/sheet-reader.ts); when the deadline passes first, the worker is terminated and
 * the answer is `sheet.tooSlow`. Nothing is changed by a refused file: callers attach or use
 * a workbook only once it is read.
 *
 * The limits are those of readWorkbookData (bytes, unpacked bytes, rows), the same as the
 * server's import worker applies in kind (server/modules/import-export/limits.ts); the
 * checks that need no SheetJS run first, here, so a file they refuse starts no worker.
 */
import { LabelError, type LabelErrorCode, type LabelMessageParams, type LabelResult } from './errors.ts';
import { precheckSpreadsheet, readWorkbookData, workbookFromData, type SpreadsheetLimits, type Workbook, type WorkbookData } from './spreadsheet.ts';

/**
 * 60 s: a 1,000,000-row sheet (the most a label's data may have) reads in well under that on
 * a 2-core machine, and a file that never ends is stopped. Tests set a shorter one.
 */
export const SHEET_READ_DEADLINE_MS = 60_000;

/** What the caller sends a worker. */
export interface SheetReadRequest {
  bytes: Uint8Array;
  limits: SpreadsheetLimits;
}

/** What a worker answers: the workbook as data, or the error's code and params (errors are not cloneable). */
export type SheetReadReply = { ok: true; value: WorkbookData } | { ok: false; code: LabelErrorCode; params: LabelMessageParams };

/** The worker's whole job (both worker entries call it). */
export function answerSheetRead(request: SheetReadRequest): SheetReadReply {
  const read = readWorkbookData(request.bytes, request.limits);
  return read.ok ? { ok: true, value: read.value } : { ok: false, code: read.error.code, params: read.error.params };
}

/** A started worker, as the two environments give it. */
export interface SheetWorker {
  /** Sends the request; `onReply` gets the answer, `onFailure` a worker that died without one. */
  start(request: SheetReadRequest, onReply: (reply: SheetReadReply) => void, onFailure: (error: unknown) => void): void;
  /** Stops the worker, wherever it is. */
  terminate(): void;
}

/** Milliseconds shown as whole seconds in the message (at least 1). */
const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));

/**
 * Reads `bytes` in a worker made by `startWorker`; `sheet.tooSlow` if it has not answered
 * within `deadlineMs` (the worker is then terminated), `sheet.readerFailed` if it died.
 * The worker is always terminated once this settles.
 */
export function readSpreadsheetInWorker(
  bytes: Uint8Array,
  startWorker: () => SheetWorker,
  options: { deadlineMs?: number; limits?: SpreadsheetLimits } = {},
): Promise<LabelResult<Workbook>> {
  const deadlineMs = options.deadlineMs ?? SHEET_READ_DEADLINE_MS;
  const refused = precheckSpreadsheet(bytes, options.limits);
  if (refused) return Promise.resolve({ ok: false, error: refused });
  return new Promise((resolve) => {
    let worker: SheetWorker | undefined;
    let settled = false;
    const settle = (result: LabelResult<Workbook>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker?.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => settle({ ok: false, error: new LabelError('sheet.tooSlow', { seconds: seconds(deadlineMs) }) }), deadlineMs);
    try {
      worker = startWorker();
      worker.start(
        { bytes, limits: options.limits ?? {} },
        (reply) =>
          settle(reply.ok ? { ok: true, value: workbookFromData(reply.value), warnings: [] } : { ok: false, error: new LabelError(reply.code, reply.params) }),
        () => settle({ ok: false, error: new LabelError('sheet.readerFailed') }),
      );
    } catch {
      settle({ ok: false, error: new LabelError('sheet.readerFailed') });
    }
  });
}
