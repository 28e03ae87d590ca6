/**
 * Spreadsheets given to the CLI (`render --data`, a label's embedded one), read in a worker
 * thread with a deadline and a heap cap (src/label/sheet-read.ts): a file SheetJS never
 * finishes ends the command with "the file took too long to read" and a non-zero exit
 * instead of running for ever, and one that needs too much memory ends its thread, not the
 * command. ASSETMARK_SHEET_READ_MS sets the deadline (ms; default 60,000).
 */
import { Worker } from 'node:worker_threads';
import type { LabelResult } from '../src/label/errors.ts';
import { readSpreadsheetInWorker, SHEET_READ_DEADLINE_MS, type SheetWorker } from '../src/label/sheet-read.ts';
import type { Workbook } from '../src/label/spreadsheet.ts';

/** Started through the render pool's bootstrap, which registers tsx for TypeScript entries. */
const BOOTSTRAP = new URL('../src/render/pool-worker.mjs', import.meta.url);
const ENTRY = new URL('./sheet-worker.ts', import.meta.url);
/** Old-generation heap of the reading thread, MB: the server's import worker's default (IMPORT_WORKER_HEAP_MB). */
export const SHEET_WORKER_HEAP_MB = 1024;

/** The deadline from ASSETMARK_SHEET_READ_MS (a positive number of ms), else the default. */
export function sheetReadDeadline(env: NodeJS.ProcessEnv = process.env): number {
  const set = Number(env.ASSETMARK_SHEET_READ_MS);
  return Number.isFinite(set) && set > 0 ? set : SHEET_READ_DEADLINE_MS;
}

/**
 * A worker thread reading one request; `onExit` hears when it has ended, `entry` is its module
 * (tests: one that never answers, for the deadline).
 */
export function startThread(onExit?: (code: number) => void, entry: URL = ENTRY): SheetWorker {
  let worker: Worker | undefined;
  return {
    start(request, onReply, onFailure) {
      worker = new Worker(BOOTSTRAP, {
        workerData: { entry: entry.href, ...request },
        resourceLimits: { maxOldGenerationSizeMb: SHEET_WORKER_HEAP_MB },
      });
      worker.once('message', onReply);
      worker.once('error', onFailure);
      worker.once('exit', (code) => {
        onExit?.(code);
        onFailure(new Error(`sheet reader exited (${code})`));
      });
    },
    terminate: () => void worker?.terminate(),
  };
}

export function readSpreadsheetInThread(bytes: Uint8Array, deadlineMs: number = sheetReadDeadline()): Promise<LabelResult<Workbook>> {
  return readSpreadsheetInWorker(bytes, () => startThread(), { deadlineMs });
}
