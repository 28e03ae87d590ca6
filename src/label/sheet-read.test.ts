/**
 * The deadline of an off-thread spreadsheet read (sheet-read.ts), with workers made here:
 * one that never answers is terminated at the deadline and the answer says the file took too
 * long; one that answers gives the same workbook as reading on this thread; one that dies
 * gives its own message. The real threads: bin/sheet-reader.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { formatLabelMessage } from './errors.ts';
import { answerSheetRead, readSpreadsheetInWorker, type SheetReadReply, type SheetReadRequest, type SheetWorker } from './sheet-read.ts';
import { readSpreadsheet } from './spreadsheet.ts';

const CSV = new TextEncoder().encode('Code,Name\nA-1,Laptop\nA-2,打印机\n');

/** A worker that does what `behave` says with the request, and records its termination. */
function fakeWorker(behave: (request: SheetReadRequest, reply: (r: SheetReadReply) => void, fail: (e: unknown) => void) => void) {
  const state = { terminated: 0 };
  const start = (): SheetWorker => ({
    start: (request, onReply, onFailure) => behave(request, onReply, onFailure),
    terminate: () => void state.terminated++,
  });
  return { state, start };
}

describe('reading a spreadsheet in a worker', () => {
  it('terminates a worker that never answers at the deadline, and says the file took too long (zh and en)', async () => {
    const worker = fakeWorker(() => {});
    const read = await readSpreadsheetInWorker(CSV, worker.start, { deadlineMs: 50 });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.error.code).toBe('sheet.tooSlow');
    expect(worker.state.terminated).toBe(1);
    expect(formatLabelMessage(read.error.code, read.error.params, 'en')).toMatch(/^The file took too long to read \(more than 1 s\).*nothing was changed/);
    expect(formatLabelMessage(read.error.code, read.error.params, 'zh-CN')).toMatch(/^读取文件用时过长（超过 1 秒）.*未做任何更改/);
  });

  it('gives the workbook the worker read, the same as reading here, and ends the worker', async () => {
    const worker = fakeWorker((request, reply) => queueMicrotask(() => reply(structuredClone(answerSheetRead(request)))));
    const read = await readSpreadsheetInWorker(CSV, worker.start, { deadlineMs: 60_000 });
    const here = readSpreadsheet(CSV);
    if (!read.ok || !here.ok) throw new Error('both reads should succeed');
    const there = read.value.sheet(0)!;
    const local = here.value.sheet(0)!;
    expect(read.value.sheetNames).toEqual(here.value.sheetNames);
    expect(there.columnNames).toEqual(['Code', 'Name']);
    expect([there.rowCount, there.text(1, 1)]).toEqual([local.rowCount, '打印机']);
    expect(worker.state.terminated).toBe(1);
  });

  it('passes on the reader\'s refusal and the limits given', async () => {
    const worker = fakeWorker((request, reply) => reply(answerSheetRead(request)));
    const read = await readSpreadsheetInWorker(CSV, worker.start, { limits: { maxBytes: 10 } });
    expect(read.ok ? null : [read.error.code, read.error.params]).toEqual(['sheet.tooLarge', { size: CSV.length, max: 10 }]);
  });

  it('says the reader failed when the worker dies or cannot start', async () => {
    const dies = fakeWorker((_request, _reply, fail) => fail(new Error('out of memory')));
    const died = await readSpreadsheetInWorker(CSV, dies.start);
    expect(died.ok ? null : died.error.code).toBe('sheet.readerFailed');
    expect(dies.state.terminated).toBe(1);
    const refused = await readSpreadsheetInWorker(CSV, () => {
      throw new Error('workers are blocked');
    });
    expect(refused.ok ? null : refused.error.code).toBe('sheet.readerFailed');
  });
});
