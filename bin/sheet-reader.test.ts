/**
 * Spreadsheets in the CLI are read in a worker thread with a deadline (sheet-reader.ts):
 * the .xls SheetJS never finishes (fixtures/sheetjs-endless.xls, found by `npm run fuzz`)
 * holds its thread until the deadline, which ends it; `assetmark render` then says the file
 * took too long and exits non-zero instead of running for ever. A good file reads as before.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSpreadsheetInWorker } from '../src/label/sheet-read.ts';
import { run, writeLabelFile } from './render-testing.ts';
import { readSpreadsheetInThread, sheetReadDeadline, startThread } from './sheet-reader.ts';

const ENDLESS = new URL('../server/modules/import-export/fixtures/sheetjs-endless.xls', import.meta.url);
const scratch = mkdtempSync(join(tmpdir(), 'assetmark-sheet-reader-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('reading spreadsheets in a worker thread', () => {
  it('ends the thread held for ever by the endless .xls at the deadline, and says the file took too long', async () => {
    let exited: (code: number) => void;
    const threadExit = new Promise<number>((resolve) => (exited = resolve));
    const read = await readSpreadsheetInWorker(new Uint8Array(readFileSync(ENDLESS)), () => startThread((code) => exited(code)), { deadlineMs: 1500 });
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

  it('makes `assetmark render --data` with the endless .xls fail with the message and a non-zero exit', async () => {
    const label = writeLabelFile(scratch, 'bound.wdfx', {
      labelWidth: 40,
      labelHeight: 20,
      children: [{ kind: 'text', x: 1, y: 1, width: 38, height: 5, contentType: 2, dataColumnName: 'Code', fontHeight: 3 }],
    });
    const data = join(scratch, 'endless.xls');
    writeFileSync(data, readFileSync(ENDLESS));
    const r = await run(['render', label, '--data', data, '--out', join(scratch, 'out')], { ...process.env, ASSETMARK_SHEET_READ_MS: '1500' });
    expect(r.hung).toBe(false);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain(`${data}: The file took too long to read (more than 2 s)`);
  }, 60_000);
});
