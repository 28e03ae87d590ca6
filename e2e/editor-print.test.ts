/**
 * The editor's Print button (issue 13), in Chromium against the built app and the real
 * server: a user designs a small label (a Code 128 bound to a spreadsheet attached in the
 * data panel), never saves it, and presses Ctrl+P. The print page shows that label, "from
 * the editor", with its own spreadsheet and the preview, without any file dialog; it prints
 * on the virtual printer and every page decodes (zbarimg, an independent decoder) to its
 * row's code. Browser Back returns to the editor with the label, its data, its unsaved mark
 * and its undo history, asking nothing; Forward and "Back to editing" do the same.
 *
 * Every wait is on a UI state, never on time.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { Editor, installFrameCounter } from './editor-user';
import { logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';
import { zbarSymbols } from './printed-pages';

const CODES = ['PB-1001', 'PB-1002', 'PB-1003'];
const VIRTUAL_PRINTER = 'Assetmark Virtual 203';

function codesXlsx(): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['编号'], ...CODES.map((c) => [c])]), '编号');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

let server: RunningServer;
let browser: BrowserSession;
let editor: Editor;
/** File dialogs and confirm/alert dialogs the app opened (none expected). */
let fileChoosers = 0;
let dialogs: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 900 });
  await installFrameCounter(browser.context);
  browser.page.setDefaultTimeout(20_000);
  editor = new Editor(browser.page);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('printing the label in the editor', () => {
  /** The barcode's box (mm) in the editor, before Print. */
  let barcodeBox: number[];

  it('designs an unsaved label with a Code 128 bound to an attached spreadsheet', async () => {
    const page = editor.page;
    await page.goto('/login');
    await logInAsDemo(page);
    await page.goto('/label/editor?file=new');
    await editor.ready();

    await editor.id('insert-barcode').click();
    await expect.poll(() => editor.kind()).toBe('barcode');
    expect(await editor.id('prop-barcode-type').inputValue()).toBe('code128');
    await editor.setField('prop-width', 36);
    barcodeBox = await editor.box();

    await editor.choose('data-attach', { name: '编号.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: codesXlsx() });
    await expect.poll(() => editor.id('data-paging').getAttribute('data-count')).toBe(String(CODES.length));
    const [x, y, w, h] = barcodeBox;
    await editor.select(x! + w! / 2, y! + h! / 2, 'barcode');
    await editor.bind('编号');
    await expect.poll(() => editor.id('data-page-content').textContent()).toContain(CODES[0]);
    await editor.id('editor-dirty').waitFor();
  });

  it('Ctrl+P opens the print page with that label and its spreadsheet, no file dialog, no question', async () => {
    const page = editor.page;
    page.on('filechooser', () => fileChoosers++);
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await editor.id('editor-stage').focus();
    await page.keyboard.press('Control+p');
    await page.waitForURL('**/label/print');

    expect(await editor.id('label-from-editor').textContent()).toContain('来自标签编辑器');
    await expect.poll(() => editor.id('label-info').textContent()).toContain('40 × 30');
    expect(await page.getByRole('radio', { name: '标签自带的表格' }).isChecked()).toBe(true);
    await expect.poll(() => editor.id('data-rows').textContent()).toContain(`数据 ${CODES.length} 行`);
    const preview = editor.id('preview-page');
    await preview.waitFor();
    // 40 x 30 mm at 203 dpi.
    expect(await preview.evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([320, 240]);
    expect(await editor.id('preview-caption').textContent()).toBe(`第 1 页，共 ${CODES.length} 页`);
    expect(fileChoosers).toBe(0);
    expect(dialogs).toEqual([]);
  });

  it('prints on the virtual printer, each page decoding to its row', async () => {
    const page = editor.page;
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
    const pngs = (await readdir(dir)).filter((f) => f.endsWith('.png')).sort().map((f) => join(dir, f));
    expect(pngs.length).toBe(CODES.length);
    expect((await zbarSymbols(pngs)).map((r) => r['CODE-128'])).toEqual(CODES);
  });

  it('browser Back returns to the editor with the label, its data, the unsaved mark and the undo history', async () => {
    const page = editor.page;
    await page.goBack();
    await page.waitForURL('**/label/editor?file=new');
    await editor.ready();
    await editor.id('editor-dirty').waitFor();
    expect(await editor.id('editor-undo').isEnabled()).toBe(true);
    expect(await editor.id('data-paging').getAttribute('data-count')).toBe(String(CODES.length));
    const [x, y, w, h] = barcodeBox;
    await editor.select(x! + w! / 2, y! + h! / 2, 'barcode');
    expect(await editor.box()).toEqual(barcodeBox);
    await expect.poll(() => editor.id('data-page-content').textContent()).toContain(CODES[0]);
    expect(dialogs).toEqual([]);
  });

  it('Forward shows the handed-over label again, and "Back to editing" returns to it', async () => {
    const page = editor.page;
    await page.goForward();
    await page.waitForURL('**/label/print');
    await editor.id('label-from-editor').waitFor();
    await expect.poll(() => editor.id('data-rows').textContent()).toContain(`数据 ${CODES.length} 行`);
    await editor.id('back-to-editor').click();
    await page.waitForURL('**/label/editor?file=new');
    await editor.ready();
    await editor.id('editor-dirty').waitFor();
    const [x, y, w, h] = barcodeBox;
    await editor.select(x! + w! / 2, y! + h! / 2, 'barcode');
    expect(await editor.box()).toEqual(barcodeBox);

    // The Print button does what Ctrl+P does.
    await editor.id('editor-print').click();
    await page.waitForURL('**/label/print');
    await editor.id('preview-page').waitFor();
    expect(fileChoosers).toBe(0);
    expect(dialogs).toEqual([]);
    expect(browser.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });
});
