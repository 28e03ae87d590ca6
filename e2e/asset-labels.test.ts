/**
 * Asset labels in Chromium, end to end (issue 16), as the demo admin against the built app,
 * the real server and the print helper it starts (server/main.ts):
 *
 *   - the editor binds a QR code to the asset code and a text to the asset name (the data
 *     panel's asset fields) and saves the label as a template; the template is in
 *     /template/private and opens in the editor as an asset label (asset fields, bindings kept);
 *   - the asset list is filtered to 20 of 25 assets; "Print labels" previews them with the
 *     template and hands them to the print page, which prints them to the virtual printer:
 *     20 PNG pages, each decoding (zbarimg) to its asset's code, in id order; the server
 *     recorded each as printed, and the list's "label printed" column shows it;
 *   - a sub-user without the template right (303) sees only general templates in the dialog,
 *     and the server refuses them the private template.
 *
 * Every wait is on a UI state or a file count, never on time.
 */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, logIn, registerSubUser, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';
import { zbarSymbols } from './printed-pages';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();
const PRINTED = 20;
const VIRTUAL_PRINTER = 'Assetmark Virtual 203';
const SUB_EMAIL = 'asset.labeller@example.com';
const SUB_PASSWORD = 'label1234';
const TEMPLATE_NAME = 'E2E 资产标签';
/** How long a UI state may take to appear on a busy machine (expect.poll's default is 1 s). */
const POLL = { timeout: 20_000 };

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
let adminToken: string;
let templateId: number;
/** The printed assets' codes in id order (the order labels print in). */
let codes: string[];

const api = <T>(method: string, path: string, token: string | null, body?: unknown) => callApi<T>(server.baseUrl, method, path, token, body);

const byTestId = (id: string, on: Page | Locator = page) => on.locator(`[data-testid="${id}"]`);

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 900 });
  page = browser.page;
  page.setDefaultTimeout(20_000);
  adminToken = (await api<{ loginID: string }>('POST', 'api/Login', null, { email: 'demo@assetmark.local', password: md5('demo1234') })).loginID;
  // 20 assets the filter finds (created out of code order: labels go in id order) and 5 it
  // does not, in the root department (a sub-user sees assets of departments in their scope).
  const { departments } = await api<{ departments: Array<{ id: number; affiliatedDept: number | null }> }>('GET', 'api/Department/List', adminToken);
  const root = departments.find((d) => d.affiliatedDept === null)!;
  const made: { id: number; code: string }[] = [];
  for (let i = 0; i < PRINTED; i++) {
    const code = `LBL-${String(PRINTED - i).padStart(4, '0')}`;
    made.push({ id: (await api<{ id: number }>('POST', 'api/Asset', adminToken, { assetCoding: code, assetName: `标签资产 ${PRINTED - i}`, affiliatedDept: root.id })).id, code });
  }
  for (let i = 0; i < 5; i++) await api('POST', 'api/Asset', adminToken, { assetCoding: `OTHER-${i + 1}`, assetName: `别的资产 ${i + 1}`, affiliatedDept: root.id });
  codes = made.sort((a, b) => a.id - b.id).map((a) => a.code);
  await logIn(page, 'demo@assetmark.local', 'demo1234');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('asset labels', () => {
  it('binds a QR code to the asset code and a text to the name, saves the label as a template and opens it from /template/private', async () => {
    await page.goto('/label/editor?file=new');
    await page.locator('[data-testid="editor-raster"][data-state="ready"]').waitFor();
    // A new label offers spreadsheet columns; switch to the asset fields (sample assets).
    await byTestId('data-mode').selectOption('assets');
    await byTestId('asset-samples').waitFor();

    await byTestId('insert-qrcode').click();
    // Down 10 mm (the canvas has the keyboard after an insert), clear of the text above it.
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await byTestId('data-column').selectOption('column:0'); // assetCoding
    await expect.poll(() => byTestId('data-page-content').getAttribute('data-binding'), POLL).toBe('data');
    await byTestId('insert-text').click();
    await byTestId('data-column').selectOption('column:1'); // assetName
    await expect.poll(() => byTestId('data-page-content').textContent(), POLL).toMatch(/资产/);

    await byTestId('editor-save-template').click();
    await page.waitForURL(/\/label\/editor\?template=\d+$/);
    templateId = Number(new URL(page.url()).searchParams.get('template'));
    await api('POST', 'api/Template/Rename', adminToken, { templateID: templateId, templateName: TEMPLATE_NAME });

    // The stored label binds by the stable keys.
    const { templateContent } = await api<{ templateContent: string }>('GET', `api/Template?templateID=${templateId}`, adminToken);
    expect(templateContent).toMatch(/dataColumnName="assetCoding"/);
    expect(templateContent).toMatch(/dataColumnName="assetName"/);

    await page.goto('/template/private');
    const card = page.locator(`[data-testid="template-card"][data-template-id="${templateId}"]`);
    await card.waitFor();
    await card.locator('[data-testid="template-open"]').click();
    await page.waitForURL(`**/label/editor?template=${templateId}`);
    await page.locator('[data-testid="editor-raster"][data-state="ready"]').waitFor();
    // A template opens on the asset fields.
    expect(await byTestId('data-mode').inputValue()).toBe('assets');
  });

  it('prints the 20 filtered assets to the virtual printer, each page decoding to its asset code, and records them printed', async () => {
    await page.goto('/asset/list');
    await byTestId('asset-search').fill('LBL-');
    await expect.poll(() => byTestId('asset-count').getAttribute('data-count'), POLL).toBe(String(PRINTED));

    await byTestId('asset-print-labels').click();
    const dialog = byTestId('asset-label-dialog');
    await dialog.waitFor();
    await byTestId('asset-label-template').click();
    await page.getByRole('option', { name: new RegExp(`^${TEMPLATE_NAME}`) }).click();
    // The first labels, rendered by the engine.
    await page.locator('[data-testid="asset-label-previews"][data-state="shown"]').waitFor();
    expect(await byTestId('asset-label-preview').count()).toBe(3);
    await byTestId('asset-label-continue').click();

    await page.waitForURL('**/label/print');
    expect(await byTestId('asset-label-count').getAttribute('data-count')).toBe(String(PRINTED));
    await byTestId('helper-found').waitFor();
    await byTestId('printer').click();
    await page.getByRole('option', { name: new RegExp(`^${VIRTUAL_PRINTER}`) }).click();
    await expect.poll(() => byTestId('print').isEnabled(), POLL).toBe(true);
    expect(await byTestId('preview-caption').textContent()).toBe(`第 1 页，共 ${PRINTED} 页`);

    await byTestId('print').click();
    const ended = page.locator('[data-testid="print-progress"][data-status="done"], [data-testid="print-progress"][data-status="failed"]');
    await ended.waitFor({ timeout: 120_000 });
    expect(await ended.getAttribute('data-status'), (await byTestId('print-message').textContent().catch(() => '')) ?? '').toBe('done');
    await expect.poll(() => byTestId('asset-label-recorded').getAttribute('data-recorded'), POLL).toBe(String(PRINTED));

    const dir = join(server.dataDir, 'virtual-printer', 'Assetmark_Virtual_203', 'dtpweb');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.png')).sort();
    expect(files.length).toBe(PRINTED);
    const read = await zbarSymbols(files.map((f) => join(dir, f)));
    expect(read.map((r) => r['QR-Code'])).toEqual(codes);

    // The list shows when each was printed (the column is offered in the chooser).
    await page.goto('/asset/list?q=LBL-');
    await expect.poll(() => byTestId('asset-count').getAttribute('data-count'), POLL).toBe(String(PRINTED));
    // Without the column, each printed asset's code carries the printer mark.
    await expect.poll(() => byTestId('asset-label-printed-mark').count(), POLL).toBe(PRINTED);
    await byTestId('asset-columns').click();
    await byTestId('asset-column-labelPrintedAt').click();
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await byTestId('asset-label-printed').allTextContents()).filter((t) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(t)).length, POLL).toBe(PRINTED);
    await page.goto('/asset/list?q=OTHER-');
    await expect.poll(() => byTestId('asset-count').getAttribute('data-count'), POLL).toBe('5');
    expect((await byTestId('asset-label-printed').allTextContents()).every((t) => t === '—')).toBe(true);
    expect(await byTestId('asset-label-printed-mark').count()).toBe(0);
  });

  it('shows a sub-user without the template right no private template to print with; the server refuses it too', async () => {
    await registerSubUser(server, adminToken, { email: SUB_EMAIL, password: SUB_PASSWORD, roleName: '贴标员', permissions: [101], staffName: '赵六' });

    const context = await browser.browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    try {
      const sub = await context.newPage();
      sub.setDefaultTimeout(20_000);
      await logIn(sub, SUB_EMAIL, SUB_PASSWORD);
      await sub.goto('/asset/list?q=LBL-');
      await expect.poll(() => byTestId('asset-count', sub).getAttribute('data-count'), POLL).toBe(String(PRINTED));
      await byTestId('asset-print-labels', sub).click();
      await byTestId('asset-label-dialog', sub).waitFor();
      await byTestId('asset-label-template', sub).click();
      const options = await sub.getByRole('option').allTextContents();
      expect(options.length).toBeGreaterThan(0); // the general gallery
      expect(options.some((o) => o.startsWith(TEMPLATE_NAME))).toBe(false);
      expect(options.every((o) => o.includes('通用'))).toBe(true);

      const subToken = (await api<{ loginID: string; templateUserId: number | null }>('POST', 'api/Login', null, { email: SUB_EMAIL, password: md5(SUB_PASSWORD) })).loginID;
      await expect(api('GET', `api/Template?templateID=${templateId}`, subToken)).rejects.toThrow(/"statusCode":5/);
      // The rows of the assets the sub-user sees are theirs to print.
      const rows = await api<{ total: number }>('GET', 'api/AssetLabel/Rows?search=LBL-&limit=1', subToken);
      expect(rows.total).toBe(PRINTED);
    } finally {
      await context.close();
    }
  });
});
