/**
 * Spreadsheets in the CLI are read in a worker thread with a deadline (sheet-reader.ts): a
 * reader that never answers (never-answering-sheet-worker.ts, as SheetJS once did on a
 * damaged .xls found by `npm run fuzz`) holds its thread until the deadline, which ends it
 * with "the file took too long to read". That .xls (fixtures/sheetjs-formula-overrun.xls)
 * now ends at once (scripts/patch-dependencies.mjs): `assetmark render` reads it without
 * waiting for the deadline. A good file reads as before.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSpreadsheetInWorker } from '../src/label/sheet-read.ts';
import { run, writeLabelFile } from './render-testing.ts';
import { readSpreadsheetInThread, sheetReadDeadline, startThread } from './sheet-reader.ts';

const DAMAGED = new URL('../server/modules/import-export/fixtures/sheetjs-formula-overrun.xls', import.meta.url);
const NEVER_ANSWERING = new URL('./never-answering-sheet-worker.ts', import.meta.url);
const scratch = mkdtempSync(join(tmpdir(), 'assetmark-sheet-reader-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('reading spreadsheets in a worker thread', () => {
  it('ends a thread that never answers at the deadline, and says the file took too long', async () => {
    let exited: (code: number) => void;
    const threadExit = new Promise<number>((resolve) => (exited = resolve));
    const read = await readSpreadsheetInWorker(new Uint8Array(readFileSync(DAMAGED)), () => startThread((code) => exited(code), NEVER_ANSWERING), {
      deadlineMs: 1500,
    });
    expect(read.ok ? null : read.error.code).toBe('sheet.tooSlow');
    // Terminated: the thread ends (exit code 1) instead of reading on in the background.
    expect(await threadExit).toBe(1);
  }, 30_000);

  it('reads a good file in its thread', async () => {
    const read = await readSpreadsheetInThread(new TextEncoder().encode('Code,Name\nAM-1,Laptop\nAM-2,打印机\n'), 30_000);
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.sheet(0)!.rowCount).toBe(2);
    expect(read.value.sheet(0)!.text(1, 1)).toBe('打印机');
  }, 30_000);

  it('takes its deadline from ASSETMARK_SHEET_READ_MS', () => {
    expect(sheetReadDeadline({ ASSETMARK_SHEET_READ_MS: '2500' })).toBe(2500);
    expect(sheetReadDeadline({ ASSETMARK_SHEET_READ_MS: 'soon' })).toBe(60_000);
    expect(sheetReadDeadline({})).toBe(60_000);
  });

  it('makes `assetmark render --data` with the damaged .xls SheetJS once read for ever answer without waiting for the deadline', async () => {
    const label = writeLabelFile(scratch, 'bound.wdfx', {
      labelWidth: 40,
      labelHeight: 20,
      children: [{ kind: 'text', x: 1, y: 1, width: 38, height: 5, contentType: 2, dataColumnName: 'Code', fontHeight: 3 }],
    });
    const data = join(scratch, 'damaged.xls');
    writeFileSync(data, readFileSync(DAMAGED));
    // Before the fix this ran into the deadline and said the file took too long.
    const r = await run(['render', label, '--data', data, '--out', join(scratch, 'out')], { ...process.env, ASSETMARK_SHEET_READ_MS: '20000' });
    expect(r.hung).toBe(false);
    expect(r.stderr).not.toContain('took too long');
    // Nor SheetJS's notes on the .xls records it does not know (sheetjs-read.ts).
    expect(r.stderr).not.toContain('Missing Info');
    // What SheetJS reads of it is a sheet without the label's column: the text prints empty.
    expect(r.status).toBe(0);
  }, 60_000);
});
