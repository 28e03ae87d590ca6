/**
 * Printing in Chromium, end to end, as the demo user: the print page opens a .wdfx and a
 * 100-row .xlsx, previews the pages with the engine, and prints through the print helper
 * that `npm start` starts (server/main.ts) to
 *
 *   - the virtual printer: 100 PNG files whose Code 128 and QR code decode (zbarimg) to
 *     their rows' values, in order;
 *   - a network ZPL printer (printers.json in DATA_DIR) played by a listener that parses the
 *     ZPL back into bitmaps (helper/testing/printer-listener.ts): paused with a label in
 *     flight and resumed, cancelled, and cut off mid-label then resumed, every label
 *     arriving exactly once (each decoded with rxing-wasm to its row's code).
 *
 * The listener's gates (hold, drop after N labels) make each moment deterministic.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { decodeRxing } from '../src/engine/corpus/decoders';
import { createLabel } from '../src/label/label';
import { writeLabel } from '../src/label/wdfx';
import { startPrinterListener, type PrinterListener } from '../helper/testing/printer-listener';
import { logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';
import { zbarSymbols } from './printed-pages';

const ROWS = 100;
const ZPL_PRINTER = 'Test ZPL';
const VIRTUAL_PRINTER = 'Assetmark Virtual 203';

const rows = Array.from({ length: ROWS }, (_, i) => ({ name: `资产 ${i + 1}`, code: `AM-${String(i + 1).padStart(5, '0')}` }));

/** A 50 x 30 mm asset label: the name, and the code as a Code 128 and a QR code. */
const labelFile = writeLabel(
  createLabel({
    labelName: 'e2e asset label',
    labelWidth: 50,
    labelHeight: 30,
    children: [
      { kind: 'text', x: 2, y: 1, width: 46, height: 5, fontHeight: 3.5, contentType: 2, dataColumnName: 'name' },
      { kind: 'barcode', x: 2, y: 8, width: 30, height: 14, type: 'code128', contentType: 2, dataColumnName: 'code' },
      { kind: 'qrcode', x: 34, y: 8, width: 14, height: 14, contentType: 2, dataColumnName: 'code' },
    ],
  }),
);

function sheetBytes(): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.json_to_sheet(rows), 'assets');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
let listener: PrinterListener;

const byTestId = (id: string, on: Page | Locator = page) => on.locator(`[data-testid="${id}"]`);
const progress = () => byTestId('print-progress');

async function progressNumber(name: 'sent' | 'confirmed' | 'next'): Promise<number> {
  return Number(await progress().getAttribute(`data-${name}`));
}

async function waitForStatus(status: string, timeout = 120_000): Promise<void> {
  await page.locator(`[data-testid="print-progress"][data-status="${status}"]`).waitFor({ timeout });
}

async function choosePrinter(name: string): Promise<void> {
  await byTestId('printer').click();
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
  await expect.poll(() => byTestId('print').isEnabled(), { timeout: 15_000 }).toBe(true);
}

async function setPages(range: string): Promise<void> {
  await byTestId('page-range').fill(range);
}

/** Closes a finished run's panel so the next print starts from a clean form. */
async function closeRun(): Promise<void> {
  await byTestId('print-close').click();
  await progress().waitFor({ state: 'detached' });
}

/** The row code each of `labels` decodes to (rxing-wasm; both symbols carry the code). */
function decodedCodes(labels: readonly { width: number; height: number; stride: number; data: Uint8Array }[]): string[] {
  return labels.map((l) => decodeRxing({ width: l.width, height: l.height, stride: l.stride, data: l.data }, {}));
}

const codes = (from: number, to: number) => rows.slice(from - 1, to).map((r) => r.code);

beforeAll(async () => {
  listener = await startPrinterListener({ language: 'zpl', dpi: 203 });
  server = await startServer({}, {
    prepare: (dataDir) =>
      writeFile(join(dataDir, 'printers.json'), JSON.stringify({ printers: [{ url: listener.url, name: ZPL_PRINTER }], cups: false })),
  });
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 900 });
  page = browser.page;
  page.setDefaultTimeout(20_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await listener?.close();
});

describe('printing labels from a spreadsheet', () => {
  it('opens a label and a spreadsheet and previews the printer pages', async () => {
    await page.goto('/login');
    await logInAsDemo(page);
    // From the menu: the labels section, then its print page.
    const item = byTestId('nav-/label/print');
    if (!(await item.isVisible())) await page.getByRole('button', { name: '标签打印' }).click();
    await item.click();
    await page.waitForURL('**/label/print');

    await byTestId('label-file').setInputFiles({ name: 'asset-label.wdfx', mimeType: 'application/xml', buffer: Buffer.from(labelFile) });
    await expect.poll(() => byTestId('label-info').textContent()).toContain('50 × 30');
    await page.getByRole('radio', { name: '表格文件' }).check();
    await byTestId('data-file').setInputFiles({ name: 'assets.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: sheetBytes() });
    await expect.poll(() => byTestId('data-rows').textContent()).toContain(`数据 ${ROWS} 行`);
    await byTestId('helper-found').waitFor();
    await choosePrinter(VIRTUAL_PRINTER);

    // The preview is the engine's page at the printer's 203 dpi: 50 x 30 mm = 400 x 240 dots.
    const preview = byTestId('preview-page');
    await preview.waitFor();
    expect(await preview.evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([400, 240]);
    expect(await byTestId('preview-caption').textContent()).toBe(`第 1 页，共 ${ROWS} 页`);
    await page.getByRole('button', { name: '下一页' }).click();
    expect(await byTestId('preview-caption').textContent()).toBe(`第 2 页，共 ${ROWS} 页`);
    // Thumbnails are rendered only near the view: the 100th is not in the page yet.
    await byTestId('thumb-1').waitFor();
    expect(await byTestId(`thumb-${ROWS}`).count()).toBe(0);
  });

  it('prints 100 labels on the virtual printer, each reading back as its row', async () => {
    await byTestId('print').click();
    await waitForStatus('done');
    expect(await byTestId('print-labels').textContent()).toBe(`已打印 ${ROWS} / ${ROWS} 张标签`);
    const dir = join(server.dataDir, 'virtual-printer', 'Assetmark_Virtual_203', 'dtpweb');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.png')).sort();
    expect(files.length).toBe(ROWS);
    const read = await zbarSymbols(files.map((f) => join(dir, f)));
    expect(read.map((r) => r['QR-Code'])).toEqual(codes(1, ROWS));
    expect(read.map((r) => r['CODE-128'])).toEqual(codes(1, ROWS));
    await closeRun();
  });

  it('pauses with a label in flight on a network printer, then resumes: every label once', async () => {
    await choosePrinter(ZPL_PRINTER);
    await setPages('1-40');
    listener.hold({ afterLabels: 10 });
    await byTestId('print').click();
    await listener.waitForLabels(10);
    await expect.poll(() => progressNumber('sent')).toBe(10);
    await byTestId('print-pause').click();
    await waitForStatus('paused');
    listener.release();
    await expect.poll(() => progressNumber('confirmed')).toBe(10);
    expect(await progress().getAttribute('data-status')).toBe('paused');
    expect(await progressNumber('sent')).toBe(10);
    expect(listener.labels.length).toBe(10);
    await byTestId('print-resume').click();
    await waitForStatus('done');
    expect(decodedCodes(listener.labels)).toEqual(codes(1, 40));
    await closeRun();
  });

  it('cancels a run at once', async () => {
    const before = listener.labels.length;
    await setPages('41-60');
    listener.hold({ afterLabels: 5 });
    await byTestId('print').click();
    await listener.waitForLabels(before + 5);
    await byTestId('print-cancel').click();
    await waitForStatus('cancelled');
    listener.release();
    expect(await progressNumber('confirmed')).toBeLessThanOrEqual(5);
    expect(decodedCodes(listener.labels.slice(before, before + 5))).toEqual(codes(41, 45));
    await closeRun();
  });

  it('stops when the printer connection breaks mid-label and resumes from the label that was lost', async () => {
    const before = listener.labels.length;
    await setPages('61-100');
    listener.dropAfter({ labels: 12, midLabel: true });
    await byTestId('print').click();
    await waitForStatus('failed');
    expect(await progressNumber('confirmed')).toBe(12);
    const message = (await byTestId('print-message').textContent()) ?? '';
    expect(message).toContain('第 13 张');
    await byTestId('print-resume').click();
    await waitForStatus('done');
    expect(decodedCodes(listener.labels.slice(before))).toEqual(codes(61, 100));
    expect(listener.drops).toBe(1);
    expect(browser.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });
});
