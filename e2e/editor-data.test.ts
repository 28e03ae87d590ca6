/**
 * The label editor's data panel in Chromium, end to end, as the demo user: a spreadsheet
 * that is not one is refused with its message; a real 5-row .xlsx is attached (embedded
 * in the label; its second sheet chosen, then the first again); a text and a QR code are
 * bound to its columns and a Code 128 becomes a serial number, each one undo step, tinted
 * on the overlay (#3B91C3 data, #823279 serial) and never in the raster; paging refuses
 * pages outside 1..5 and shows row 3; the raster at printer dots equals, dot for dot, page
 * 3 of the print job the Node engine opens for the saved file at 203 dpi; the saved file
 * reopens with its bindings and its spreadsheet.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { formatLabelMessage } from '../src/label/errors';
import { resolvePage } from '../src/label/resolve';
import { labelDataSource } from '../src/label/spreadsheet';
import { readLabel } from '../src/label/wdfx';
import { openJob } from '../src/print/job';
import { loadLabelEngine } from '../src/render/pool-renderer';
import { logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;

const byTestId = (id: string, on: Page | Locator = page) => on.locator(`[data-testid="${id}"]`);

const ROWS = [
  ['A-0001', '笔记本电脑'],
  ['A-0002', '激光打印机'],
  ['A-0003', '扫描枪'],
  ['A-0004', '投影仪'],
  ['A-0005', '显示器'],
];

/** A real .xlsx: a header row and the 5 asset rows, and a second sheet of 2 rows. */
function assetsXlsx(): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['资产编号', '名称'], ...ROWS]), '资产');
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['编号'], ['B-1'], ['B-2']]), '备用');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 900 });
  page = browser.page;
  page.setDefaultTimeout(20_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The page point (px) of label point (x, y) mm on the canvas at the current zoom. */
async function at(xMm: number, yMm: number): Promise<{ x: number; y: number }> {
  const overlay = byTestId('editor-overlay');
  const box = (await overlay.boundingBox())!;
  const ox = Number(await overlay.getAttribute('data-origin-x'));
  const oy = Number(await overlay.getAttribute('data-origin-y'));
  const zoom = Number(await byTestId('editor-raster').getAttribute('data-zoom'));
  return { x: box.x + ox + xMm * zoom, y: box.y + oy + yMm * zoom };
}

/** The overlay's pixel (r, g, b, a) at label point (x, y) mm. */
async function overlayPixel(xMm: number, yMm: number): Promise<number[]> {
  const overlay = byTestId('editor-overlay');
  const ox = Number(await overlay.getAttribute('data-origin-x'));
  const oy = Number(await overlay.getAttribute('data-origin-y'));
  const zoom = Number(await byTestId('editor-raster').getAttribute('data-zoom'));
  return overlay.evaluate((canvas: HTMLCanvasElement, p: { x: number; y: number }) => [...canvas.getContext('2d')!.getImageData(p.x, p.y, 1, 1).data], {
    x: Math.round(ox + xMm * zoom),
    y: Math.round(oy + yMm * zoom),
  });
}

/** Sets a property field and commits it with Enter. */
async function setField(id: string, value: string): Promise<void> {
  await byTestId(id).fill(value);
  await byTestId(id).press('Enter');
  await expect.poll(() => byTestId(id).inputValue()).toBe(value);
}

async function placeSelected(x: number, y: number): Promise<void> {
  await setField('prop-x', String(x));
  await setField('prop-y', String(y));
}

const paging = () => byTestId('data-paging').getAttribute('data-page');
const pageContent = () => byTestId('data-page-content').textContent();
const source = () => byTestId('data-column').inputValue();

describe('the label editor with spreadsheet data', () => {
  let savedText: string;

  it('attaches a spreadsheet, binds a text and a QR code to columns, makes a serial number and pages through the rows', async () => {
    await page.goto('/login');
    await logInAsDemo(page);
    await page.goto('/label/editor?file=new');
    await page.locator('[data-testid="editor-raster"][data-state="ready"]').waitFor();

    // Markup is no spreadsheet: refused with its message, the label keeps no data.
    await byTestId('data-file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('<html><body>x</body></html>') });
    await expect.poll(() => byTestId('data-file-error').textContent()).toBe(formatLabelMessage('sheet.markup', {}, 'zh-CN'));
    expect(await byTestId('data-summary').count()).toBe(0);

    await byTestId('data-file').setInputFiles({ name: 'assets.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: assetsXlsx() });
    await expect.poll(() => byTestId('data-paging').getAttribute('data-count')).toBe('5');
    expect(await byTestId('data-summary').textContent()).toContain('5');
    expect(await byTestId('data-file-error').count()).toBe(0);
    expect(await byTestId('data-sheet').inputValue()).toBe('1');
    expect(await paging()).toBe('1');
    expect(await byTestId('data-page-prev').isDisabled()).toBe(true);
    // The sheet choice: the second sheet has 2 rows; back to the first.
    await byTestId('data-sheet').selectOption('2');
    await expect.poll(() => byTestId('data-paging').getAttribute('data-count')).toBe('2');
    await byTestId('data-sheet').selectOption('1');
    await expect.poll(() => byTestId('data-paging').getAttribute('data-count')).toBe('5');

    // A text bound to the name column: one undo step.
    await byTestId('insert-text').click();
    await placeSelected(1, 1);
    await byTestId('data-column').selectOption('column:1');
    await expect.poll(pageContent).toContain('笔记本电脑');
    await byTestId('editor-stage').press('Control+z');
    await expect.poll(source).toBe('input');
    await byTestId('editor-stage').press('Control+y');
    await expect.poll(source).toBe('column:1');

    // A QR code bound to the asset code column, at the right.
    await byTestId('insert-qrcode').click();
    await expect.poll(() => byTestId('prop-panel').getAttribute('data-kind')).toBe('qrcode');
    await placeSelected(28, 2);
    await byTestId('data-column').selectOption('column:0');
    await expect.poll(pageContent).toContain('A-0001');
    expect(await byTestId('data-page-content').getAttribute('data-binding')).toBe('data');

    // A Code 128 whose number steps each page.
    await byTestId('insert-barcode').click();
    await expect.poll(() => byTestId('prop-panel').getAttribute('data-kind')).toBe('barcode');
    await placeSelected(2, 16);
    await byTestId('data-column').selectOption('serial');
    await expect.poll(pageContent).toContain('12345678');
    expect(await byTestId('data-page-content').getAttribute('data-binding')).toBe('serial');

    // The overlay tints data content blue (#3B91C3) and serial content purple (#823279).
    await expect.poll(() => overlayPixel(37, 11)).toSatisfy((p: number[]) => p[3]! > 0 && p[2]! > p[0]! && p[1]! > p[0]!);
    const serialTint = await overlayPixel(31, 25);
    expect(serialTint[3]).toBeGreaterThan(0);
    expect(serialTint[0]).toBeGreaterThan(serialTint[1]!);

    // Paging: next, then pages outside 1..5 refused with the spec's message, then page 3.
    await byTestId('data-page-next').click();
    await expect.poll(paging).toBe('2');
    await expect.poll(pageContent).toContain('12345679');
    await byTestId('data-page-input').fill('6');
    await byTestId('data-page-input').press('Enter');
    await expect.poll(() => page.getByText(formatLabelMessage('page.outOfRange', { page: 6, count: 5 }, 'zh-CN')).count()).toBe(1);
    await byTestId('data-page-input').fill('0');
    await byTestId('data-page-input').press('Enter');
    await expect.poll(() => page.getByText(formatLabelMessage('page.outOfRange', { page: 0, count: 5 }, 'zh-CN')).count()).toBe(1);
    expect(await paging()).toBe('2');
    await byTestId('data-page-input').fill('3');
    await byTestId('data-page-input').press('Enter');
    await expect.poll(paging).toBe('3');
    await expect.poll(pageContent).toContain('12345680');
    await byTestId('data-page-next').click();
    await expect.poll(paging).toBe('4');
    await byTestId('data-page-prev').click();
    await expect.poll(paging).toBe('3');
    const qr = await at(33, 7);
    await page.mouse.click(qr.x, qr.y);
    await expect.poll(() => byTestId('prop-panel').getAttribute('data-kind')).toBe('qrcode');
    await expect.poll(pageContent).toContain('A-0003');

    // Save: the bindings and the spreadsheet are in the file.
    const download = page.waitForEvent('download');
    await byTestId('editor-save').click();
    savedText = await readFile((await (await download).path())!, 'utf8');
    const read = readLabel(savedText);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const saved = read.value;
    expect(saved.children.map((c) => [c.kind, 'contentType' in c ? c.contentType : null, 'dataColumnName' in c ? c.dataColumnName : null])).toEqual([
      ['text', 2, '名称'],
      ['qrcode', 2, '资产编号'],
      ['barcode', 1, ''],
    ]);
    const data = labelDataSource(saved);
    expect(data.ok && data.value?.rowCount).toBe(5);
    if (!data.ok) return;
    // Texts show `text`, codes encode `data`.
    const third = resolvePage(saved, data.value, 2, 0).elements.map((e) => ('data' in e ? e.data : 'text' in e ? e.text : null));
    expect(third).toEqual(['扫描枪', 'A-0003', '12345680']);
    expect(browser.errors).toEqual([]);
  });

  it('shows page 3 at printer dots exactly as the print job renders it at 203 dpi', async () => {
    await byTestId('editor-stage').press('Escape');
    await byTestId('zoom-dots').click();
    await page.locator('[data-testid="editor-raster"][data-state="ready"][data-dots="true"][data-page="3"]').waitFor();
    const shown = await byTestId('editor-raster').evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      const dark: number[] = [];
      for (let i = 0; i < canvas.width * canvas.height; i++) dark.push(data[i * 4]! < 128 ? 1 : 0);
      return { width: canvas.width, height: canvas.height, dark };
    });

    const engine = await loadLabelEngine();
    const job = openJob(engine, savedText, null, { dpi: 203 });
    expect(job.ok).toBe(true);
    if (!job.ok) return;
    expect(job.value.labelPages).toBe(5);
    const dots = (i: number): number[] => {
      const r = job.value.page(i);
      if (!r.ok) throw new Error(r.error.code);
      const p = r.value;
      expect([shown.width, shown.height]).toEqual([p.width, p.height]);
      const out: number[] = [];
      for (let y = 0; y < p.height; y++) for (let x = 0; x < p.width; x++) out.push((p.data[y * p.stride + (x >> 3)]! >> (7 - (x & 7))) & 1);
      return out;
    };
    const third = dots(2);
    const differ = (a: number[], b: number[]) => a.reduce((n, v, i) => n + (v !== b[i] ? 1 : 0), 0);
    expect(third.reduce((a, b) => a + b, 0)).toBeGreaterThan(1000);
    expect(differ(third, shown.dark)).toBe(0);
    // Row 1 looks different (another name, code and number): the raster is not page 1.
    expect(differ(dots(0), shown.dark)).toBeGreaterThan(100);
  });

  it('reopens the saved file with its bindings and embedded spreadsheet; removing it is one undo step', async () => {
    await byTestId('zoom-fit').click();
    await byTestId('editor-new').click();
    await expect.poll(() => byTestId('data-panel').getAttribute('data-rows')).toBe('');
    await byTestId('editor-file').setInputFiles({ name: 'assets-label.wdfx', mimeType: 'application/xml', buffer: Buffer.from(savedText) });
    await expect.poll(() => byTestId('editor-file-name').textContent()).toBe('assets-label.wdfx');
    await expect.poll(() => byTestId('data-panel').getAttribute('data-rows')).toBe('5');
    expect(await byTestId('data-paging').getAttribute('data-count')).toBe('5');
    await page.locator('[data-testid="editor-raster"][data-state="ready"]').waitFor();
    const qr = await at(33, 7);
    await page.mouse.click(qr.x, qr.y);
    await expect.poll(() => byTestId('prop-panel').getAttribute('data-kind')).toBe('qrcode');
    expect(await source()).toBe('column:0');
    await expect.poll(pageContent).toContain('A-0001');

    await byTestId('data-remove').click();
    await expect.poll(() => byTestId('data-panel').getAttribute('data-rows')).toBe('');
    await expect.poll(pageContent).toContain('[资产编号]');
    await byTestId('editor-stage').press('Control+z');
    await expect.poll(() => byTestId('data-panel').getAttribute('data-rows')).toBe('5');
    expect(browser.errors).toEqual([]);
  });
});
