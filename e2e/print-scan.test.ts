/**
 * The print page's scan check in Chromium, as the demo user, printing to the virtual
 * printer the app's helper starts ("Assetmark Virtual 203"): with "check every code" on,
 * the render workers decode every page's codes (rxing-wasm, loaded in the workers for the
 * checked job only) before the page is sent.
 *
 *   - 20 rows print without the check, and no worker fetches rxing-wasm; then with it, and
 *     every page was read back (the page's scan summary counts them);
 *   - a spreadsheet whose row 7 holds a code too long for the label (its Code 128 runs off
 *     both edges) stops at label 7 with the scan check's message, the 6 labels before it
 *     printed; skipping it prints the other 13, and every printed file reads (zbarimg) as
 *     its own row.
 */
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { createLabel } from '../src/label/label';
import { writeLabel } from '../src/label/wdfx';
import { logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

const ROWS = 20;
const VIRTUAL_PRINTER = 'Assetmark Virtual 203';
const code = (i: number) => `AM-${String(i).padStart(5, '0')}`;
/** Row 7's code in the second spreadsheet: 49 characters, a Code 128 of more than 400
 * modules, wider than the 50 mm label (400 dots at 203 dpi) even at one dot a module. */
const LONG_CODE = `${code(7)}-${'ABCDEFGHIJ'.repeat(4)}`;

/** 50 x 40 mm: the name, the code as a Code 128 across the label and as a QR code below. */
const labelFile = writeLabel(
  createLabel({
    labelName: 'e2e scan-check label',
    labelWidth: 50,
    labelHeight: 40,
    children: [
      { kind: 'text', x: 2, y: 1, width: 46, height: 5, fontHeight: 3.5, contentType: 2, dataColumnName: 'name' },
      { kind: 'barcode', x: 1, y: 7, width: 48, height: 12, type: 'code128', contentType: 2, dataColumnName: 'code' },
      { kind: 'qrcode', x: 2, y: 21, width: 18, height: 18, contentType: 2, dataColumnName: 'code' },
    ],
  }),
);

function sheetBytes(rows: { name: string; code: string }[]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.json_to_sheet(rows), 'assets');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

const goodRows = Array.from({ length: ROWS }, (_, i) => ({ name: `资产 ${i + 1}`, code: code(i + 1) }));
const badRows = goodRows.map((r, i) => (i === 6 ? { ...r, code: LONG_CODE } : r));

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
/** Requests for rxing-wasm's module (from the render workers). */
const rxingRequests: string[] = [];

const byTestId = (id: string, on: Page | Locator = page) => on.locator(`[data-testid="${id}"]`);
const progress = () => byTestId('print-progress');
const printerDir = () => join(server.dataDir, 'virtual-printer', 'Assetmark_Virtual_203', 'dtpweb');

async function printedFiles(): Promise<string[]> {
  return (await readdir(printerDir()).catch(() => [] as string[])).filter((f) => f.endsWith('.png')).sort();
}

async function waitForStatus(status: string, timeout = 120_000): Promise<void> {
  await page.locator(`[data-testid="print-progress"][data-status="${status}"]`).waitFor({ timeout });
}

/**
 * Opens a spreadsheet and waits until it is read: its name shows at once, and its row count
 * only once it is read (while it is read the page shows no rows, and Print waits), so a
 * second file of as many rows is never taken for read while the first one's rows show.
 */
async function openData(rows: { name: string; code: string }[], fileName: string): Promise<void> {
  await byTestId('data-file').setInputFiles({ name: fileName, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: sheetBytes(rows) });
  await expect
    .poll(async () => `${await byTestId('data-file-name').textContent()} | ${(await byTestId('data-rows').count()) > 0 ? await byTestId('data-rows').textContent() : 'reading'}`)
    .toContain(`${fileName} | 数据 ${rows.length} 行`);
}

/** zbarimg's QR reading of each file (one run, XML output). */
async function qrCodes(files: string[]): Promise<string[]> {
  const { stdout } = await promisify(execFile)('zbarimg', ['--xml', '-q', ...files], { maxBuffer: 64 * 1024 * 1024 }).catch(
    (e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }),
  );
  const byFile = new Map<string, string>();
  for (const source of stdout.split('<source href=').slice(1)) {
    const href = /^'([^']*)'/.exec(source)?.[1] ?? '';
    const qr = /<symbol type='QR-Code'[^>]*><data><!\[CDATA\[(.*?)\]\]><\/data>/.exec(source)?.[1];
    if (qr !== undefined) byFile.set(href, qr);
  }
  return files.map((f) => byFile.get(f) ?? '');
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 900 });
  page = browser.page;
  page.setDefaultTimeout(20_000);
  browser.context.on('request', (r) => {
    if (r.url().includes('rxing_wasm_bg')) rxingRequests.push(r.url());
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the scan check', () => {
  it('prints 20 labels without the check (no decoder loaded), then with every page read back before it was sent', async () => {
    await page.goto('/login');
    await logInAsDemo(page);
    await page.goto('/label/print');
    await byTestId('label-file').setInputFiles({ name: 'scan-label.wdfx', mimeType: 'application/xml', buffer: Buffer.from(labelFile) });
    await expect.poll(() => byTestId('label-info').textContent()).toContain('50 × 40');
    await page.getByRole('radio', { name: '表格文件' }).check();
    await openData(goodRows, 'good-assets.xlsx');
    await byTestId('helper-found').waitFor();
    await byTestId('printer').click();
    await page.getByRole('option', { name: new RegExp(`^${VIRTUAL_PRINTER}`) }).click();
    await expect.poll(() => byTestId('print').isEnabled(), { timeout: 15_000 }).toBe(true);

    // Ordinary printing first: the workers never fetch the decoder.
    await byTestId('print').click();
    await waitForStatus('done');
    expect(await byTestId('scan-summary').count()).toBe(0);
    expect(rxingRequests).toEqual([]);
    await byTestId('print-close').click();
    await progress().waitFor({ state: 'detached' });
    const before = (await printedFiles()).length;
    expect(before).toBe(ROWS);

    await byTestId('scan-check').check();
    await byTestId('print').click();
    await waitForStatus('done');
    expect(await byTestId('print-labels').textContent()).toBe(`已打印 ${ROWS} / ${ROWS} 张标签`);
    // Now each worker fetched rxing-wasm's module (one request a worker at most: the HTTP
    // cache may answer some).
    expect(rxingRequests.length).toBeGreaterThan(0);
    // Every page was decoded: 20 pages, a Code 128 and a QR code each.
    const summary = byTestId('scan-summary');
    expect(await summary.getAttribute('data-pages')).toBe(String(ROWS));
    expect(await summary.getAttribute('data-codes')).toBe(String(2 * ROWS));
    expect(await summary.getAttribute('data-skipped')).toBe('');
    expect(await summary.textContent()).toContain(`${ROWS} 页中已有 ${ROWS} 页识读无误`);
    const files = (await printedFiles()).slice(before);
    expect(files.length).toBe(ROWS);
    expect(await qrCodes(files.map((f) => join(printerDir(), f)))).toEqual(goodRows.map((r) => r.code));
    await byTestId('print-close').click();
    await progress().waitFor({ state: 'detached' });
  });

  it('stops at label 7 whose code does not read back, and skipping it prints the rest', async () => {
    const before = (await printedFiles()).length;
    await openData(badRows, 'bad-assets.xlsx');
    // The box stays checked for the next run.
    expect(await byTestId('scan-check').isChecked()).toBe(true);
    await byTestId('print').click();
    await waitForStatus('failed');
    expect(Number(await progress().getAttribute('data-confirmed'))).toBe(6);
    const message = (await byTestId('print-message').textContent()) ?? '';
    expect(message).toContain('打印停在第 7 张');
    expect(message).toContain('第 7 页（表格第 8 行），第 2 个控件（条码）：扫描校验：Code 128 码无法识读');
    expect(message).toContain(LONG_CODE);
    expect((await printedFiles()).length).toBe(before + 6);

    await byTestId('print-skip').click();
    await waitForStatus('done');
    const files = (await printedFiles()).slice(before);
    expect(files.length).toBe(ROWS - 1);
    const expected = badRows.filter((_, i) => i !== 6).map((r) => r.code);
    expect(await qrCodes(files.map((f) => join(printerDir(), f)))).toEqual(expected);
    expect(await byTestId('scan-summary').getAttribute('data-pages')).toBe(String(ROWS - 1));
    expect(browser.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });
});
