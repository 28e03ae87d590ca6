/**
 * Label templates in the browser (issue 16), against the built app and the real server: the
 * general gallery and the company's private templates as thumbnail grids (the server's
 * engine-rendered PNG, loaded with a file token), search, the empty state; a label saved from
 * the editor as a template, opened, changed and saved back (its version and thumbnail follow,
 * a stale version shows the "changed" bar); a general template saved as a private copy; new
 * from a size, rename, duplicate, export, import (a bad file refused) and delete; and
 * the private page closed to a sub-user without the template right (303), in the menu and
 * by the server.
 *
 * Every wait is on a UI state, never on time.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, logIn, registerSubUser, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();
const SUB_EMAIL = 'label.clerk@example.com';
const SUB_PASSWORD = 'clerk1234';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
let adminToken: string;

const api = <T>(method: string, path: string, token: string | null, body?: unknown) => callApi<T>(server.baseUrl, method, path, token, body);

const byTestId = (id: string, on: Page = page) => on.locator(`[data-testid="${id}"]`);
const cards = (on: Page = page) => byTestId('template-card', on);
const cardNamed = (name: string, on: Page = page) => cards(on).filter({ has: on.locator('[data-testid="template-name"]', { hasText: name }) });

/** Every shown thumbnail has loaded as an image with pixels (not a broken image). */
async function thumbnailsLoaded(on: Page = page): Promise<number[]> {
  return on.locator('[data-testid="template-thumbnail"]').evaluateAll((images) =>
    images.map((img) => ((img as HTMLImageElement).complete ? (img as HTMLImageElement).naturalWidth : 0)),
  );
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 900 });
  page = browser.page;
  page.setDefaultTimeout(20_000);
  adminToken = (await api<{ loginID: string }>('POST', 'api/Login', null, { email: 'demo@assetmark.local', password: md5('demo1234') })).loginID;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('label template pages', () => {
  it('shows the general gallery as thumbnails with name, size and version, and searches it', async () => {
    await logIn(page, 'demo@assetmark.local', 'demo1234');
    // The menu section leads to the general gallery.
    await page.goto('/template');
    await page.waitForURL('**/template/public');
    await byTestId('template-grid').waitFor();
    const total = Number(await byTestId('template-grid').getAttribute('data-total'));
    expect(total).toBeGreaterThanOrEqual(8);
    const card = cardNamed('资产标签 60×40');
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.locator('[data-testid="template-size"]').textContent()).toContain('60 × 40 mm');
    await expect.poll(async () => (await thumbnailsLoaded()).length).toBe(await cards().count());
    await expect.poll(async () => (await thumbnailsLoaded()).every((w) => w > 0)).toBe(true);

    await byTestId('template-search').fill('70');
    await expect.poll(() => cards().count()).toBe(2);
    await expect.poll(() => byTestId('template-grid').getAttribute('data-total')).toBe('2');
    await byTestId('template-search').fill('no such template');
    await byTestId('template-empty').waitFor();
    expect(await byTestId('template-empty').textContent()).toContain('no such template');
    expect(browser.errors).toEqual([]);
  });

  it('lists a private template with its thumbnail, and an empty state before the first one', async () => {
    await page.goto('/template/private');
    await byTestId('template-empty').waitFor();
    expect(await byTestId('template-empty').textContent()).toContain('存为模板');

    const gallery = await api<{ templates: Array<{ templateID: number; templateName: string }> }>('GET', 'api/Template/List?scope=public&search=50&pageIndex=1&pageSize=20', adminToken);
    const source = gallery.templates.find((t) => t.templateName === '资产标签 50×30')!;
    const { templateContent } = await api<{ templateContent: string }>('GET', `api/Template?templateID=${source.templateID}`, adminToken);
    const created = await api<{ templateID: number }>('POST', 'api/Template', adminToken, { templateName: '仓库标签', templateContent });

    await page.reload();
    const card = cardNamed('仓库标签');
    await card.waitFor();
    expect(await card.getAttribute('data-template-id')).toBe(String(created.templateID));
    expect(await card.locator('[data-testid="template-size"]').textContent()).toContain('50 × 30 mm');
    await expect.poll(async () => (await thumbnailsLoaded()).every((w) => w > 0) && (await thumbnailsLoaded()).length === 1).toBe(true);
    // Open leads to the editor with the template's id.
    await card.locator('[data-testid="template-open"]').click();
    await page.waitForURL(`**/label/editor?template=${created.templateID}`);
  });

  it('saves a label from the editor as a template, finds it with its thumbnail, opens, changes and saves it to version 2', async () => {
    await page.goto('/label/editor?file=new');
    await page.locator('[data-testid="editor-raster"][data-state="ready"]').waitFor();
    await byTestId('insert-qrcode').click();
    await byTestId('editor-dirty').waitFor();
    await byTestId('editor-save-template').click();
    await page.waitForURL(/\/label\/editor\?template=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get('template'));
    await expect.poll(() => byTestId('editor-message').textContent()).toContain('已存为模板');
    expect(await byTestId('editor-dirty').count()).toBe(0);
    expect(await byTestId('editor-save').textContent()).toBe('保存到模板');

    const token = (await api<{ fileToken: string }>('GET', 'api/File/Token', adminToken)).fileToken;
    const thumbnail = async () => Buffer.from(await (await fetch(`${server.baseUrl}/api/Template/Thumbnail/${id}?fileToken=${token}`)).arrayBuffer());
    const before = await thumbnail();

    await page.goto('/template/private');
    const card = page.locator(`[data-testid="template-card"][data-template-id="${id}"]`);
    await card.waitFor();
    expect(await card.getAttribute('data-version')).toBe('1');
    await expect.poll(async () => card.locator('[data-testid="template-thumbnail"]').evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);

    // Open it: the editor loads the template's content from the server.
    await card.locator('[data-testid="template-open"]').click();
    await page.waitForURL(`**/label/editor?template=${id}`);
    await page.locator('[data-testid="editor-raster"][data-state="ready"]').waitFor();
    await expect.poll(() => byTestId('editor-file-name').textContent()).not.toBe('');
    expect(await byTestId('editor-dirty').count()).toBe(0);
    await byTestId('insert-rectangle').click();
    await byTestId('editor-dirty').waitFor();
    await byTestId('editor-save').click();
    await expect.poll(() => byTestId('editor-message').textContent()).toContain('版本 2');
    expect(await byTestId('editor-dirty').count()).toBe(0);
    const after = await thumbnail();
    expect(after.equals(before)).toBe(false);

    // Someone else saves meanwhile: the editor's next save is refused with the bar (31).
    const { templateContent } = await api<{ templateContent: string }>('GET', `api/Template?templateID=${id}`, adminToken);
    await api('POST', 'api/Template/Save', adminToken, { templateID: id, version: 2, templateContent });
    await byTestId('insert-line').click();
    await byTestId('editor-save').click();
    await byTestId('record-changed').waitFor();
    await byTestId('record-changed-reload').click();
    await expect.poll(() => byTestId('record-changed').count()).toBe(0);
    expect(await byTestId('editor-dirty').count()).toBe(0);

    await page.goto('/template/private');
    await expect.poll(() => card.getAttribute('data-version')).toBe('3');
    expect(await card.locator('[data-testid="template-thumbnail"]').getAttribute('src')).toContain('v=3');
  });

  it('opens a general template and saves it as a private copy', async () => {
    await page.goto('/template/public');
    await cardNamed('资产标签 40×30').locator('[data-testid="template-open"]').click();
    await page.waitForURL(/\/label\/editor\?template=\d+$/);
    const publicId = new URL(page.url()).searchParams.get('template');
    await expect.poll(() => byTestId('editor-file-name').textContent()).toBe('资产标签 40×30');
    expect(await byTestId('editor-save').textContent()).toBe('另存为私有模板');
    await byTestId('editor-save').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('template')).not.toBe(publicId);
    await expect.poll(() => byTestId('editor-message').textContent()).toContain('私有模板');
    const copyId = new URL(page.url()).searchParams.get('template');
    await expect.poll(() => byTestId('editor-save').textContent()).toBe('保存到模板');

    await page.goto('/template/private');
    await page.locator(`[data-testid="template-card"][data-template-id="${copyId}"]`).waitFor();
    expect(browser.errors).toEqual([]);
  });

  it('makes a template from a size, renames, duplicates, exports, imports and deletes (after confirming) templates', async () => {
    await page.goto('/template/private');
    await byTestId('template-grid').waitFor();
    await byTestId('template-new').click();
    await byTestId('template-new-width').fill('0');
    await byTestId('template-new-ok').click();
    await expect.poll(() => byTestId('dialog-error').textContent()).toContain('0 到 2000');
    await byTestId('template-new-width').fill('62');
    await byTestId('template-new-height').fill('29');
    await byTestId('template-new-ok').click();
    await page.waitForURL(/\/label\/editor\?template=\d+$/);
    const id = new URL(page.url()).searchParams.get('template');
    await expect.poll(() => byTestId('editor-file-name').textContent()).toBe('新模板 62×29');

    await page.goto('/template/private');
    const card = () => page.locator(`[data-testid="template-card"][data-template-id="${id}"]`);
    await card().waitFor();
    expect(await card().locator('[data-testid="template-size"]').textContent()).toContain('62 × 29 mm');

    await card().locator('[data-testid="template-more"]').click();
    await byTestId('template-rename').click();
    await byTestId('template-name-input').fill('货架标签');
    await byTestId('template-rename-ok').click();
    await expect.poll(() => card().locator('[data-testid="template-name"]').textContent()).toBe('货架标签');

    await card().locator('[data-testid="template-more"]').click();
    const [download] = await Promise.all([page.waitForEvent('download'), byTestId('template-export').click()]);
    expect(download.suggestedFilename()).toBe('货架标签.wdfx');
    const exported = await readFile((await download.path())!);
    expect(exported.toString('utf8')).toContain('62');

    const single = await cards().count();
    await card().locator('[data-testid="template-more"]').click();
    await byTestId('template-duplicate').click();
    await expect.poll(() => cards().count()).toBe(single + 1);
    const before = single + 1;

    await byTestId('template-import-file').setInputFiles({ name: '导入标签.wdfx', mimeType: 'application/xml', buffer: exported });
    await expect.poll(() => cardNamed('导入标签').count()).toBe(1);
    await byTestId('template-import-file').setInputFiles({ name: 'broken.wdfx', mimeType: 'application/xml', buffer: Buffer.from('not a label') });
    await expect.poll(() => page.getByText('未导入 broken.wdfx', { exact: false }).count()).toBeGreaterThan(0);
    expect(await cards().count()).toBe(before + 1);

    // Delete asks first; Cancel keeps it.
    await card().locator('[data-testid="template-more"]').click();
    await byTestId('template-delete').click();
    await byTestId('confirm-cancel').click();
    expect(await card().count()).toBe(1);
    await card().locator('[data-testid="template-more"]').click();
    await byTestId('template-delete').click();
    await byTestId('confirm-ok').click();
    await expect.poll(() => card().count()).toBe(0);
  });

  it('shows a sub-user without the template right (303) no private templates; the server refuses too', async () => {
    await registerSubUser(server, adminToken, { email: SUB_EMAIL, password: SUB_PASSWORD, roleName: '标签员', permissions: [101], staffName: '王五' });

    const context = await browser.browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    try {
      const sub = await context.newPage();
      sub.setDefaultTimeout(20_000);
      await logIn(sub, SUB_EMAIL, SUB_PASSWORD);
      // The menu section opens on the general templates only.
      await sub.getByRole('button', { name: '标签模板' }).click();
      await byTestId('nav-/template/public', sub).waitFor();
      expect(await byTestId('nav-/template/private', sub).count()).toBe(0);
      await sub.goto('/template/private');
      await sub.waitForURL('**/error/401');
      expect(await byTestId('template-page-private', sub).count()).toBe(0);
      // The general gallery stays open to the sub-user.
      await sub.goto('/template/public');
      await byTestId('template-grid', sub).waitFor();

      const subToken = (await api<{ loginID: string; templateUserId: number | null }>('POST', 'api/Login', null, { email: SUB_EMAIL, password: md5(SUB_PASSWORD) }));
      expect(subToken.templateUserId).toBeNull();
      await expect(api('GET', 'api/Template/List?scope=private&pageIndex=1&pageSize=20', subToken.loginID)).rejects.toThrow(/"statusCode":5/);
    } finally {
      await context.close();
    }
  });
});
