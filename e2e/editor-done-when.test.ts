/**
 * Issue 13's "Done when", as one user who reads nothing, in Chromium against the built app
 * and the real server: a new label set to 50 x 30 mm in the label settings; a logo (a PNG
 * chosen in the file chooser), a text typed in place in Chinese, a Code 128 and a QR code
 * from the toolbox, each dragged into place with the mouse (the QR code enlarged by its
 * anchor); a spreadsheet made with SheetJS (.xlsx: 资产编号, 资产名称, 4 rows) attached in
 * the data panel, the text bound to 资产名称 and both codes to 资产编号 in its content-source
 * list; paging (next, previous, go to page) changes the canvas; the label is saved (a
 * download) and reopened in a fresh editor tab with the same controls (boxes), bindings
 * and page-2 rasters (grey at the same fitting zoom, and printer dots), pixel for pixel;
 * and it prints on the virtual printer from the print page (the saved file and the same
 * spreadsheet) exactly as shown.
 *
 * "Exactly as shown" is checked as: the editor's *printer dots* view (打印点阵: one screen
 * pixel a printer dot at the label's 203 dpi; the test checks that every pixel of it is pure
 * black or pure white, so reading black as red < 128 is no threshold at all)
 * of every row's page equals, dot for dot, the .pbm the 203-dpi virtual printer wrote for
 * that row; and each printed page decodes (zbarimg, an independent decoder) to its row's
 * 资产编号 for both the Code 128 and the QR code. The grey anti-aliased view at screen zoom
 * is only checked to change when paging.
 *
 * Every wait is on a UI state (a locator's attributes, or a frame counter the editor's
 * frame hook advances when it draws a new raster), never on time.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encode as encodePng } from 'fast-png';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { readLabel } from '../src/label/wdfx';
import type { LabelDocument } from '../src/label/label';
import { differ, Editor, installFrameCounter, type Dots } from './editor-user';
import { logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';
import { printedDots, zbarSymbols } from './printed-pages';

const ROWS = [
  ['ZC-2026-001', '笔记本电脑'],
  ['ZC-2026-002', '激光打印机'],
  ['ZC-2026-003', '会议投影仪'],
  ['ZC-2026-004', '办公桌椅'],
];
const VIRTUAL_PRINTER = 'Assetmark Virtual 203';

let server: RunningServer;
let browser: BrowserSession;
let context: BrowserContext;

/** The asset sheet as a real .xlsx (SheetJS): a header row and the rows above. */
function assetsXlsx(): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['资产编号', '资产名称'], ...ROWS]), '资产');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** A 48 x 48 px company logo: a black ring around a black square, on white. */
function logoPng(): Uint8Array {
  const size = 48;
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x - 23.5, y - 23.5);
      const ink = (r > 18 && r < 23) || (Math.abs(x - 23.5) < 8 && Math.abs(y - 23.5) < 8);
      data.set(ink ? [0, 0, 0, 255] : [255, 255, 255, 255], (y * size + x) * 4);
    }
  }
  return encodePng({ width: size, height: size, data, channels: 4, depth: 8 });
}

const XLSX_FILE = { name: '资产清单.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: assetsXlsx() };

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 900 });
  context = browser.context;
  await installFrameCounter(context);
  browser.page.setDefaultTimeout(20_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Where the test puts each control (mm): dragged there by its centre. */
const PLACE = {
  logo: { x: 1, y: 1 },
  text: { x: 13, y: 2 },
  barcode: { x: 1, y: 14 },
  qrcode: { x: 36, y: 13 },
};

describe('issue 13 done when: a new user designs, binds, saves, reopens and prints an asset label', () => {
  let editor: Editor;
  let savedText: string;
  let savedName: string;
  /** The editor's printer-dots view of each row's page, before saving. */
  const shownDots: Dots[] = [];
  /** The editor's grey view of page 2 at the fitting zoom, before saving. */
  let shownGrey2: { zoom: string; red: string };
  /** Where each control landed after its drag (mm). */
  const placed = {} as Record<keyof typeof PLACE, [number, number]>;

  it('designs a 50 x 30 mm label with a logo, a Chinese text, a Code 128 and a QR code using the toolbox and the mouse', async () => {
    editor = new Editor(browser.page);
    const page = editor.page;
    await page.goto('/login');
    await logInAsDemo(page);
    await page.goto('/label/editor?file=new');
    await editor.ready();

    // Label settings (shown while nothing is selected): 50 x 30 mm.
    await editor.setField('label-width', 50);
    await editor.setField('label-height', 30);
    await editor.ready();

    // A text, typed in place in Chinese, dragged by its middle to its place and widened.
    await editor.id('insert-text').click();
    await expect.poll(() => editor.kind()).toBe('text');
    placed.text = await editor.dragSelectedTo(PLACE.text);
    await editor.setField('prop-width', 36);
    const [x, y, w, h] = await editor.box();
    const middle = await editor.at(x + w / 2, y + h / 2);
    await page.mouse.dblclick(middle.x, middle.y);
    await page.keyboard.insertText('资产名称');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => editor.id('prop-content').inputValue()).toBe('资产名称');

    // A Code 128 (the toolbox's barcode) dragged below.
    await editor.id('insert-barcode').click();
    await expect.poll(() => editor.kind()).toBe('barcode');
    expect(await editor.id('prop-barcode-type').inputValue()).toBe('code128');
    placed.barcode = await editor.dragSelectedTo(PLACE.barcode);

    // A QR code dragged to the right, then made bigger by its bottom-right anchor.
    await editor.id('insert-qrcode').click();
    await expect.poll(() => editor.kind()).toBe('qrcode');
    placed.qrcode = await editor.dragSelectedTo(PLACE.qrcode);
    const [qx, qy, qw, qh] = await editor.box();
    await editor.drag([qx + qw, qy + qh], [qx + 13, qy + 13]);
    await expect.poll(async () => Math.min(...(await editor.box()).slice(2))).toBeGreaterThan(12.5);
    expect((await editor.box()).slice(0, 2)).toEqual(placed.qrcode);

    // The logo: the toolbox asks for a picture file, then it is dragged to the corner.
    await editor.choose('insert-logo', { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(logoPng()) });
    await expect.poll(() => editor.kind()).toBe('logo');
    placed.logo = await editor.dragSelectedTo(PLACE.logo);
    await editor.ready();
    expect(await editor.id('editor-message').count()).toBe(0);
  });

  it('attaches the spreadsheet, binds the text to 资产名称 and both codes to 资产编号, and pages through the rows', async () => {
    const page = editor.page;
    await editor.id('editor-stage').press('Escape');
    await editor.choose('data-attach', XLSX_FILE);
    await expect.poll(() => editor.id('data-paging').getAttribute('data-count')).toBe(String(ROWS.length));
    expect(await editor.pageShown()).toBe('1');

    await editor.select(PLACE.text.x + 10, PLACE.text.y + 3, 'text');
    await editor.bind('资产名称');
    await expect.poll(() => editor.id('data-page-content').textContent()).toContain(ROWS[0]![1]);
    await editor.select(PLACE.barcode.x + 15, PLACE.barcode.y + 4, 'barcode');
    await editor.bind('资产编号');
    await expect.poll(() => editor.id('data-page-content').textContent()).toContain(ROWS[0]![0]);
    await editor.select(PLACE.qrcode.x + 6, PLACE.qrcode.y + 6, 'qrcode');
    // The canvas's frame for the last binding is the page-1 raster paging starts from.
    await editor.newFrame(() => editor.bind('资产编号'), { page: '1' });
    await expect.poll(() => editor.id('data-page-content').textContent()).toContain(ROWS[0]![0]);
    expect(await editor.id('data-page-content').getAttribute('data-binding')).toBe('data');
    await editor.id('editor-stage').press('Escape');
    await editor.ready({ page: '1' });

    // Paging: next, previous, go to page; each page's raster differs, and page 1 comes back.
    const first = await editor.pixels();
    await editor.newFrame(() => editor.id('data-page-next').click(), { page: '2' });
    const second = await editor.pixels();
    shownGrey2 = { zoom: (await editor.id('editor-raster').getAttribute('data-zoom'))!, red: second.red };
    expect(differ(first.red, second.red)).toBeGreaterThan(100);
    await editor.newFrame(() => editor.id('data-page-prev').click(), { page: '1' });
    expect(differ(first.red, (await editor.pixels()).red)).toBe(0);
    await editor.newFrame(() => editor.goTo(3), { page: '3' });
    const third = await editor.pixels();
    expect(differ(third.red, first.red)).toBeGreaterThan(100);
    expect(differ(third.red, second.red)).toBeGreaterThan(100);
    expect(await editor.pageShown()).toBe('3');

    // The printer-dots view of every row's page: what the print must equal.
    await editor.newFrame(() => editor.id('zoom-dots').click(), { dots: 'true', page: '3' });
    for (let n = 1; n <= ROWS.length; n++) {
      if ((await editor.pageShown()) !== String(n)) await editor.newFrame(() => editor.goTo(n), { dots: 'true', page: String(n) });
      shownDots.push(await editor.dots());
    }
    expect(shownDots[0]!.width).toBe(400); // 50 mm at 203 dpi
    expect(shownDots[0]!.height).toBe(240); // 30 mm at 203 dpi
    expect(differ(shownDots[0]!.dark, shownDots[1]!.dark)).toBeGreaterThan(100);
    expect(browser.errors).toEqual([]);
    expect(page.url()).toContain('/label/editor');
  });

  it('saves the label, and a fresh editor page reopens it with the same controls, bindings and page-2 raster', async () => {
    const page = editor.page;
    const download = page.waitForEvent('download');
    await editor.id('editor-save').click();
    const file = await download;
    savedName = file.suggestedFilename();
    expect(savedName).toMatch(/\.wdfx$/);
    savedText = await readFile((await file.path())!, 'utf8');
    await editor.id('editor-dirty').waitFor({ state: 'detached' });

    const read = readLabel(savedText);
    expect(read.ok).toBe(true);
    const saved = (read as { ok: true; value: LabelDocument }).value;
    expect([saved.labelWidth, saved.labelHeight]).toEqual([50, 30]);
    const summary = (doc: LabelDocument) =>
      doc.children.map((c) => [c.kind, c.x, c.y, 'contentType' in c ? c.contentType : null, 'dataColumnName' in c ? c.dataColumnName : null]);
    expect(summary(saved)).toEqual([
      ['text', ...placed.text, 2, '资产名称'],
      ['barcode', ...placed.barcode, 2, '资产编号'],
      ['qrcode', ...placed.qrcode, 2, '资产编号'],
      ['logo', ...placed.logo, null, null],
    ]);

    // A fresh tab: a new label, then the saved file opened through the file chooser.
    const fresh = new Editor(await context.newPage());
    fresh.page.setDefaultTimeout(20_000);
    fresh.page.on('pageerror', (err) => browser.errors.push(String(err)));
    await fresh.page.goto('/label/editor?file=new');
    await fresh.ready();
    await fresh.choose('editor-open', { name: savedName, mimeType: 'application/xml', buffer: Buffer.from(savedText) });
    await expect.poll(() => fresh.id('editor-file-name').textContent()).toBe(savedName);
    await expect.poll(() => fresh.id('data-paging').getAttribute('data-count')).toBe(String(ROWS.length));
    expect(await fresh.id('label-width').inputValue()).toBe('50');
    expect(await fresh.id('label-height').inputValue()).toBe('30');

    // Same controls in the same places, same bindings, as the panels show them.
    const boxes: [string, number, number][] = [
      ['text', PLACE.text.x + 10, PLACE.text.y + 3],
      ['barcode', PLACE.barcode.x + 15, PLACE.barcode.y + 4],
      ['qrcode', PLACE.qrcode.x + 6, PLACE.qrcode.y + 6],
      ['logo', PLACE.logo.x + 5, PLACE.logo.y + 5],
    ];
    for (const [kind, bx, by] of boxes) {
      await editor.select(bx, by, kind);
      await fresh.select(bx, by, kind);
      expect(await fresh.box()).toEqual(await editor.box());
      if (kind !== 'logo') expect(await fresh.id('data-column').inputValue()).toBe(await editor.id('data-column').inputValue());
    }
    await fresh.id('editor-stage').press('Escape');
    await editor.id('editor-stage').press('Escape');

    // Page 2, at the fitting zoom and at printer dots: the same rasters as before saving.
    await fresh.newFrame(() => fresh.goTo(2), { dots: 'false', page: '2' });
    expect(await fresh.id('editor-raster').getAttribute('data-zoom')).toBe(shownGrey2.zoom);
    expect(differ((await fresh.pixels()).red, shownGrey2.red)).toBe(0);
    await fresh.newFrame(() => fresh.id('zoom-dots').click(), { dots: 'true', page: '2' });
    const reopened = await fresh.dots();
    expect(differ(reopened.dark, shownDots[1]!.dark)).toBe(0);
    await fresh.page.close();
  });

  it('prints the saved label with the same spreadsheet on the virtual printer exactly as the editor showed it', async () => {
    const page = editor.page;
    await page.goto('/label/print');
    await editor.choose('open-label', { name: savedName, mimeType: 'application/xml', buffer: Buffer.from(savedText) });
    await expect.poll(() => editor.id('label-info').textContent()).toContain('50 × 30');
    await page.getByRole('radio', { name: '表格文件' }).check();
    await editor.choose('open-data', XLSX_FILE);
    await expect.poll(() => editor.id('data-rows').textContent()).toContain(`数据 ${ROWS.length} 行`);
    await editor.id('helper-found').waitFor();
    await editor.id('printer').click();
    await page.getByRole('option', { name: new RegExp(`^${VIRTUAL_PRINTER}`) }).click();
    await expect.poll(() => editor.id('print').isEnabled()).toBe(true);
    await editor.id('print').click();
    await page.locator('[data-testid="print-progress"][data-status="done"]').waitFor({ timeout: 120_000 });

    const printerDir = join(server.dataDir, 'virtual-printer', 'Assetmark_Virtual_203');
    const jobs = await readdir(printerDir);
    expect(jobs.length).toBe(1);
    const dir = join(printerDir, jobs[0]!);
    const files = (await readdir(dir)).sort();
    const pngs = files.filter((f) => f.endsWith('.png')).map((f) => join(dir, f));
    const pbms = files.filter((f) => f.endsWith('.pbm')).map((f) => join(dir, f));
    expect(pngs.length).toBe(ROWS.length);
    expect(pbms.length).toBe(ROWS.length);

    // Each printed page reads back as its row, both symbols (zbarimg).
    const read = await zbarSymbols(pngs);
    expect(read.map((r) => r['CODE-128'])).toEqual(ROWS.map((r) => r[0]));
    expect(read.map((r) => r['QR-Code'])).toEqual(ROWS.map((r) => r[0]));

    // Each printed page is the editor's printer-dots view of that row, dot for dot.
    for (let i = 0; i < ROWS.length; i++) {
      const printed = printedDots(await readFile(pbms[i]!));
      expect([printed.width, printed.height]).toEqual([shownDots[i]!.width, shownDots[i]!.height]);
      expect(printed.dark.reduce((a, b) => a + b, 0)).toBeGreaterThan(1000);
      expect(differ(printed.dark, shownDots[i]!.dark)).toBe(0);
    }
    expect(browser.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });
});
