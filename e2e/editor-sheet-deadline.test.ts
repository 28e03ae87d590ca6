/**
 * A spreadsheet whose reading never ends, picked in the label editor's data panel in
 * Chromium: it is read in a Web Worker, which is stopped at the deadline (shortened for this
 * test through localStorage, src/label/browser/read-sheet.ts); the panel says the file took
 * too long to read and the label keeps no data, and the page still works: a good file picked
 * next is attached. A label file carrying such a file inside opens, says the same of its data,
 * and stays editable.
 *
 * SheetJS once read a damaged .xls for ever (found by `npm run fuzz`; fixed by
 * scripts/patch-dependencies.mjs, and that file now reads at once: checked here too). Since
 * no file is known to do so now, the test serves the app's sheet worker (a Vite asset) behind
 * a first module that never answers a file whose bytes are NEVER_ANSWER, and lets every other
 * file through to the real worker.
 */
import { readFileSync } from 'node:fs';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHEET_READ_DEADLINE_KEY } from '../src/label/browser/read-sheet';
import { formatLabelMessage } from '../src/label/errors';
import { createLabel } from '../src/label/label';
import { spreadsheetDataUrl } from '../src/label/spreadsheet';
import { writeLabel } from '../src/label/wdfx';
import { logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

const NEVER_ANSWER = Buffer.from('NEVER ANSWER');
const DAMAGED = readFileSync(new URL('../server/modules/import-export/fixtures/sheetjs-formula-overrun.xls', import.meta.url));
/** The test's deadline, ms (the product's is 60 s). */
const DEADLINE_MS = 1500;

/** Runs before the real worker's module (imports evaluate in order) and sees each message first. */
const NEVER_ANSWERING_FIRST = `
const marker = ${JSON.stringify(NEVER_ANSWER.toString('latin1'))};
self.addEventListener('message', (event) => {
  const bytes = event.data && event.data.bytes;
  if (bytes && String.fromCharCode(...bytes) === marker) {
    event.stopImmediatePropagation();
    for (;;);
  }
});`;

/** The built app's sheet worker (dist/assets/sheet-worker-<hash>.js) is served behind NEVER_ANSWERING_FIRST. */
async function serveNeverAnsweringWorker(route: Route): Promise<void> {
  const url = new URL(route.request().url());
  if (url.searchParams.has('real')) return route.continue();
  await route.fulfill({
    contentType: 'text/javascript',
    body: `import '/never-answering-first.js';\nimport '${url.pathname}?real';\n`,
  });
}

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
const byTestId = (id: string) => page.locator(`[data-testid="${id}"]`);

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 900 });
  page = browser.page;
  page.setDefaultTimeout(20_000);
  await browser.context.addInitScript(([key, ms]) => localStorage.setItem(key, ms), [SHEET_READ_DEADLINE_KEY, String(DEADLINE_MS)] as const);
  await browser.context.route(/\/assets\/sheet-worker-[^/?]+\.js(\?real)?$/, serveNeverAnsweringWorker);
  await browser.context.route('**/never-answering-first.js', (route) => route.fulfill({ contentType: 'text/javascript', body: NEVER_ANSWERING_FIRST }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a spreadsheet that never finishes reading, in the editor', () => {
  it('is refused at the deadline with its message, changes nothing, and a good file works after it', async () => {
    await page.goto('/login');
    await logInAsDemo(page);
    await page.goto('/label/editor?file=new');
    await page.locator('[data-testid="editor-raster"][data-state="ready"]').waitFor();

    await byTestId('data-file').setInputFiles({ name: 'endless.xls', mimeType: 'application/vnd.ms-excel', buffer: NEVER_ANSWER });
    await expect.poll(() => byTestId('data-file-error').textContent()).toBe(formatLabelMessage('sheet.tooSlow', { seconds: 2 }, 'zh-CN'));
    // Nothing attached: no summary, no rows, and no longer "reading".
    expect(await byTestId('data-summary').count()).toBe(0);
    expect(await byTestId('data-reading').count()).toBe(0);
    expect(await byTestId('data-panel').getAttribute('data-rows')).toBe('');

    await byTestId('data-file').setInputFiles({ name: 'assets.csv', mimeType: 'text/csv', buffer: Buffer.from('资产编号,名称\nA-0001,笔记本电脑\nA-0002,扫描枪\n') });
    await expect.poll(() => byTestId('data-paging').getAttribute('data-count')).toBe('2');
    expect(await byTestId('data-file-error').count()).toBe(0);
    expect(await byTestId('data-reading').count()).toBe(0);
    expect(await byTestId('data-summary').textContent()).toContain('2');

    // The damaged .xls SheetJS once read for ever: read well within the deadline now.
    await byTestId('data-file').setInputFiles({ name: 'damaged.xls', mimeType: 'application/vnd.ms-excel', buffer: DAMAGED });
    await expect.poll(() => byTestId('data-summary').textContent()).toContain('XLS');
    expect(await byTestId('data-reading').count()).toBe(0);
    expect(await byTestId('data-file-error').count()).toBe(0);
    expect(browser.errors).toEqual([]);
  }, 120_000);

  it('opens a label file that carries it inside: the label shows, its data is refused with the message', async () => {
    const label = writeLabel(
      createLabel({
        labelWidth: 40,
        labelHeight: 20,
        dataFile: spreadsheetDataUrl(new Uint8Array(NEVER_ANSWER), 'xls'),
        children: [{ kind: 'text', x: 1, y: 1, width: 38, height: 5, content: 'Asset', fontHeight: 3 }],
      }),
    );
    // A fresh editor in a new tab of the same session (the first one has unsaved changes).
    page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(String(err)));
    await page.goto('/label/editor?file=new');
    await page.locator('[data-testid="editor-raster"][data-state="ready"]').waitFor();
    await byTestId('editor-file').setInputFiles({ name: 'endless-data.wdfx', mimeType: 'application/xml', buffer: Buffer.from(label) });
    await expect.poll(() => byTestId('data-error').textContent()).toBe(formatLabelMessage('sheet.tooSlow', { seconds: 2 }, 'zh-CN'));
    await page.locator('[data-testid="editor-raster"][data-state="ready"]').waitFor();
    // Still editable: a text is inserted into the label.
    await byTestId('insert-text').click();
    await expect.poll(() => byTestId('prop-panel').getAttribute('data-kind')).toBe('text');
    expect(errors).toEqual([]);
  }, 120_000);
});
