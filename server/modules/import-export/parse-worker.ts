/**
 * Worker thread of parse-queue.ts: reads one import file (unzip, row and cell counts,
 * SheetJS, sheet-rows.ts) and sends the header, then the rows 1,000 to a message, then the refused
 * rows. Its heap is capped by the queue, so a file that needs too much memory ends this
 * thread, never the server. Answers one file and ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../errors.ts';
import type { FromWorker, ParseRequest } from './parse-queue.ts';
import { sheetRows } from './sheet-rows.ts';
import { readSpreadsheet } from './workbook.ts';

/** Rows a message carries: the request thread decodes each message between other requests. */
const ROWS_PER_MESSAGE = 1000;

const request = workerData as ParseRequest;
const port = parentPort!;
const send = (message: FromWorker) => port.postMessage(message);

/** Waits for the parent's go-ahead at a stage it asked to be told of (tests hold imports there). */
function gate(stage: 'parsed'): Promise<void> {
  if (!request.gated) return Promise.resolve();
  return new Promise((resolve) => {
    port.once('message', () => resolve());
    send({ type: 'gate', stage });
  });
}

async function run(): Promise<void> {
  let rows;
  try {
    rows = sheetRows(readSpreadsheet(request.bytes, request.suffix, request.limits));
  } catch (err) {
    if (err instanceof AppError) send({ type: 'refused', kind: err.kind, params: err.params });
    else send({ type: 'refused', kind: 'importDamaged', params: {} });
    return;
  }
  await gate('parsed');
  send({ type: 'head', header: rows.header, headerRow: rows.headerRow, marker: rows.marker });
  for (let at = 0; at < rows.data.length; at += ROWS_PER_MESSAGE) {
    send({ type: 'rows', data: rows.data.slice(at, at + ROWS_PER_MESSAGE) });
  }
  send({ type: 'done', problems: rows.problems });
}

void run();
