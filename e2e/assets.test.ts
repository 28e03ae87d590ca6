/**
 * The asset register in Chromium against the real server and the built app, as the seeded
 * demo admin:
 *
 *   classification  the spec's messages (name required, items duplicated, name taken), then
 *                   one with all four attribute types (Text, Select with items, Date, Time)
 *   registration    an asset with values for the four attributes, a picture (uploaded and
 *                   previewed), RFID and department; edit it again from the list
 *   list            search and classification filters, the filtered count, remaining value
 *                   and expiry shown; export downloads "资产列表 <date>.xlsx" holding the row;
 *                   a classification in use refuses deletion with the server's message
 *   permissions     a sub-user with add and edit but not delete (103) sees the asset with an
 *                   edit button and no delete button
 *   delete          one asset, then two selected at once (one assigned to a staff member,
 *                   found by the user filter, in use), each after confirmation
 *
 * Set E2E_SCREENSHOTS=/some/dir to keep screenshots of each screen.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { callApi, logInAsDemo, openBrowser, registerSubUser, startServer, type BrowserSession, type RunningServer } from './harness';

const COMPANY = '演示企业 Demo Co.';
const CLASSIFY = 'E2E电子设备';
const CODE = 'E2E-0001';
const NAME = 'E2E笔记本电脑';
const SUB_EMAIL = 'lisi@assets-e2e.test';
const SUB_PASSWORD = 'lisi-pass-1';
/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
let subContext: BrowserContext | undefined;

const shotDir = process.env.E2E_SCREENSHOTS;
async function shot(name: string, target: Page = page) {
  if (!shotDir) return;
  mkdirSync(shotDir, { recursive: true });
  await target.screenshot({ path: join(shotDir, `${name}.png`), animations: 'disabled', fullPage: true });
}

const byTestId = (id: string, on: Page = page) => on.locator(`[data-testid="${id}"]`);
const fieldMessage = (control: string) => page.locator(`.fui-Field:has(${control}) .fui-Field__validationMessage`);
const assetRow = (code: string, on: Page = page) => on.locator(`[data-testid="asset-row"][data-code="${code}"]`);
const classifyRow = (name: string) => page.locator(`[data-testid="classify-row"][data-name="${name}"]`);
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();

async function openFromMenu(section: string, path: string, on: Page = page) {
  const item = byTestId(`nav-${path}`, on);
  if (!(await item.isVisible())) await on.getByRole('button', { name: section }).click();
  await item.click();
  await on.waitForURL(`**${path}`);
}

/** Chooses an option of a Fluent Dropdown (its trigger's test id). */
async function choose(testId: string, option: string) {
  await byTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function pickDept(testId: string, name: string) {
  await byTestId(testId).click();
  await byTestId(`${testId}-search`).fill(name);
  await page.locator(`[data-testid="${testId}-tree"] [data-name="${name}"]`).click();
  await byTestId(`${testId}-tree`).waitFor({ state: 'detached' });
}

/** Types into the list's search box and waits until exactly `count` assets match. */
async function search(text: string, count: number, on: Page = page) {
  await byTestId('asset-search', on).fill(text);
  await expect.poll(() => byTestId('asset-count', on).getAttribute('data-count')).toBe(String(count));
}

/** A JSON call to the API as the given session. */
const api = <T>(method: string, path: string, token: string | null, body?: unknown) => callApi<T>(server.baseUrl, method, path, token, body);

async function registerQuick(name: string, code: string, another: boolean) {
  await page.locator('input[name="assetName"]').fill(name);
  await page.locator('input[name="assetCoding"]').fill(code);
  if (another) {
    await byTestId('asset-save-new').click();
    await expect.poll(() => page.locator('input[name="assetName"]').inputValue()).toBe('');
  } else {
    await byTestId('asset-submit').click();
    await page.waitForURL('**/asset/list');
  }
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 900 });
  page = browser.page;
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await subContext?.close();
  await browser?.close();
  await server?.stop();
});

describe('asset register', () => {
  it('creates a classification with the four attribute types, with the spec messages on the way', async () => {
    await page.goto('/login');
    await logInAsDemo(page);
    await openFromMenu('资产管理', '/asset/classify');
    await expect.poll(() => page.title()).toBe('资产分类 - 资产标签管理');
    await byTestId('classify-empty').waitFor();

    await byTestId('classify-create').click();
    await byTestId('classify-submit').click();
    await expect.poll(() => fieldMessage('[name="classifyName"]').textContent()).toBe('分类名称不能为空');
    await page.locator('input[name="classifyName"]').fill(CLASSIFY);
    for (let i = 0; i < 4; i++) await byTestId('classify-add-attribute').click();
    await byTestId('classify-submit').click();
    await expect.poll(() => fieldMessage('[name="attr-0-name"]').textContent()).toBe('参数名称不能为空');
    await page.locator('input[name="attr-0-name"]').fill('颜色');
    await page.locator('input[name="attr-1-name"]').fill('尺寸');
    await choose('attr-1-type', '下拉选择');
    await page.locator('input[name="attr-1-item-0"]').fill('大');
    await byTestId('attr-1-add-item').click();
    await page.locator('input[name="attr-1-item-1"]').fill('大');
    await page.locator('input[name="attr-2-name"]').fill('保修到期');
    await choose('attr-2-type', '日期');
    await page.locator('input[name="attr-3-name"]').fill('颜色');
    await choose('attr-3-type', '时间');
    await expect.poll(() => fieldMessage('[name="attr-1-item-1"]').textContent()).toBe('选项“大”重复');
    await expect.poll(() => fieldMessage('[name="attr-3-name"]').textContent()).toBe('参数名称“颜色”重复');
    await shot('assets-01-classify-dialog-zh');
    await page.locator('input[name="attr-1-item-1"]').fill('小');
    await page.locator('input[name="attr-3-name"]').fill('开机时间');
    await byTestId('classify-submit').click();
    await byTestId('classify-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => classifyRow(CLASSIFY).locator('[data-testid="classify-attributes"]').textContent()).toBe(
      '颜色 · 文本尺寸 · 下拉选择保修到期 · 日期开机时间 · 时间',
    );
    await shot('assets-02-classify-list-zh');

    // The same name again, in another letter case or not: refused before sending.
    await byTestId('classify-create').click();
    await page.locator('input[name="classifyName"]').fill(CLASSIFY);
    await byTestId('classify-submit').click();
    await expect.poll(() => fieldMessage('[name="classifyName"]').textContent()).toBe('分类名称已存在');
    await page.keyboard.press('Escape');
    await byTestId('classify-dialog').waitFor({ state: 'detached' });
  });

  it('registers an asset with values for every attribute type, a picture, RFID and a department', async () => {
    await openFromMenu('资产管理', '/asset/info');
    await byTestId('asset-submit').click();
    await expect.poll(() => fieldMessage('[name="assetName"]').textContent()).toBe('请输入资产名称。');

    await page.locator('input[name="assetCoding"]').fill(CODE);
    await page.locator('input[name="assetName"]').fill(NAME);
    await page.locator('input[name="specifications"]').fill('X1 Carbon');
    await page.locator('input[name="unit"]').fill('台');
    await choose('asset-classify', CLASSIFY);
    await page.locator('input[name="attr-0"]').fill('黑色');
    await choose('asset-attr-1', '小');
    await page.locator('input[name="attr-2"]').fill('2030-12-31');
    await page.locator('input[name="attr-3"]').fill('08:30');
    await shot('assets-03a-register-top-zh');
    // A bad amount is refused at its field.
    await page.locator('input[name="buyPrice"]').fill('12.345');
    await byTestId('asset-submit').click();
    await expect.poll(() => fieldMessage('[name="buyPrice"]').textContent()).toBe('请输入不小于 0、最多两位小数的金额');
    await page.locator('input[name="buyPrice"]').fill('12000');
    await page.locator('input[name="buyDate"]').fill('2020-01-01');
    await page.locator('input[name="lossCycle"]').fill('36');
    await pickDept('asset-dept', COMPANY);
    await page.locator('input[name="depositSite"]').fill('三楼机房');
    await page.locator('input[name="epc"]').fill('E2003412B802011A');
    await page.locator('input[name="tid"]').fill('E2801160200074CF');
    await byTestId('asset-picture-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect.poll(() => byTestId('asset-picture-error').textContent()).toBe('只能上传 png、jpg、gif 或 webp 图片。');
    await byTestId('asset-picture-file').setInputFiles({ name: 'laptop.png', mimeType: 'image/png', buffer: PNG });
    await byTestId('asset-picture-preview').waitFor();
    await expect.poll(() => byTestId('asset-picture-preview').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await shot('assets-03-register-zh');
    await byTestId('asset-submit').click();
    await page.waitForURL('**/asset/list');
  });

  it('filters the list to it, shows remaining value and expiry, and opens it for editing', async () => {
    await search(CODE, 1);
    const row = assetRow(CODE);
    expect(await row.getAttribute('data-name')).toBe(NAME);
    // Bought 2020-01-01 over 36 months: fully depreciated, and expired.
    expect(await row.locator('[data-testid="asset-current-value"]').textContent()).toBe('0.00');
    expect(await row.locator('[data-testid="asset-expiry"]').getAttribute('data-band')).toBe('expired');
    expect(await row.textContent()).toContain('已过期');
    expect(await row.textContent()).toContain(CLASSIFY);
    // The picture's thumbnail, loaded with the session.
    await expect.poll(() => row.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await shot('assets-04-list-zh');
    await byTestId('asset-table').evaluate((table) => table.parentElement!.scrollBy(2000, 0));
    await shot('assets-05-list-values-zh');
    if (shotDir) {
      await byTestId('language-menu').click();
      await byTestId('language-en').click();
      await expect.poll(() => byTestId('asset-count').textContent()).toBe('Matching assets: 1');
      await shot('assets-06-list-en');
      await byTestId('language-menu').click();
      await byTestId('language-zh-CN').click();
      await expect.poll(() => byTestId('asset-count').textContent()).toBe('筛选出 1 项资产');
    }

    // Expiry bands (several at once) and the purchase dates narrow it further.
    await byTestId('asset-more-filters').click();
    await byTestId('asset-band-filter').click();
    await page.getByRole('menuitemcheckbox', { name: '7 天内到期' }).click();
    await expect.poll(() => byTestId('asset-count').getAttribute('data-count')).toBe('0');
    await byTestId('asset-empty').waitFor();
    expect(await byTestId('asset-empty').textContent()).toBe('没有符合条件的资产');
    await page.getByRole('menuitemcheckbox', { name: '已过期' }).click();
    await expect.poll(() => byTestId('asset-count').getAttribute('data-count')).toBe('1');
    await page.keyboard.press('Escape');
    await byTestId('asset-date-from').fill('2020-01-02');
    await expect.poll(() => byTestId('asset-count').getAttribute('data-count')).toBe('0');
    await byTestId('asset-date-from').fill('2020-01-01');
    await expect.poll(() => byTestId('asset-count').getAttribute('data-count')).toBe('1');
    await byTestId('asset-clear-filters').click();
    expect(await byTestId('asset-search').inputValue()).toBe('');

    await choose('asset-classify-filter', CLASSIFY);
    await expect.poll(() => byTestId('asset-count').getAttribute('data-count')).toBe('1');
    await choose('asset-classify-filter', '全部分类');

    await search(CODE, 1);
    await row.locator('[data-testid="asset-edit"]').click();
    await page.waitForURL('**/asset/info?id=*');
    await expect.poll(() => page.locator('input[name="assetName"]').inputValue()).toBe(NAME);
    expect(await page.locator('input[name="attr-0"]').inputValue()).toBe('黑色');
    expect(await page.locator('input[name="attr-2"]').inputValue()).toBe('2030-12-31');
    expect(await page.locator('input[name="attr-3"]').inputValue()).toBe('08:30');
    expect(await byTestId('asset-attr-1').textContent()).toContain('小');
    await byTestId('asset-picture-preview').waitFor();
    await page.locator('input[name="supplier"]').fill('联想');
    await byTestId('asset-submit').click();
    await page.waitForURL('**/asset/list');
    await search(CODE, 1);
    expect(browser.errors).toEqual([]);
  });

  it('exports the filtered list as a spreadsheet with a dated name', async () => {
    await search(CODE, 1);
    const [download] = await Promise.all([page.waitForEvent('download'), byTestId('asset-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^资产列表 \d{4}-?\d{2}-?\d{2}\.xlsx$/);
    const book = XLSX.read(await readFile((await download.path())!));
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ 资产编码: CODE, 资产名称: NAME, 供应商: '联想', 资产分类: CLASSIFY, 颜色: '黑色', 尺寸: '小' });
  });

  it('refuses to delete a classification in use, with the server message', async () => {
    await openFromMenu('资产管理', '/asset/classify');
    await classifyRow(CLASSIFY).locator('[data-testid="classify-delete"]').click();
    await byTestId('confirm-ok').click();
    await expect.poll(() => byTestId('confirm-error').textContent()).toContain('1');
    await byTestId('confirm-cancel').click();
    expect(await classifyRow(CLASSIFY).locator('[data-testid="classify-count"]').textContent()).toBe('1');
  });

  it('shows a sub-user without delete (103) no delete button', async () => {
    const admin = await api<{ loginID: string }>('POST', 'api/Login', null, { email: 'demo@assetmark.local', password: md5('demo1234') });
    const token = admin.loginID;
    await registerSubUser(server, token, { email: SUB_EMAIL, password: SUB_PASSWORD, roleName: '资产录入员', permissions: [101, 102], staffName: '李四' });

    subContext = await browser.browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const sub = await subContext.newPage();
    sub.setDefaultTimeout(15_000);
    await sub.goto('/login');
    await sub.locator('input[name="account"]').fill(SUB_EMAIL);
    await sub.locator('input[name="password"]').fill(SUB_PASSWORD);
    await byTestId('login-submit', sub).click();
    await sub.waitForURL('**/dashboard');
    await sub.goto('/asset/list');
    await search(CODE, 1, sub);
    expect(await assetRow(CODE, sub).locator('[data-testid="asset-edit"]').count()).toBe(1);
    expect(await assetRow(CODE, sub).locator('[data-testid="asset-delete"]').count()).toBe(0);
    expect(await byTestId('asset-delete-selected', sub).count()).toBe(0);
    expect(await byTestId('asset-create', sub).count()).toBe(1);
    // No classification permission: the page is not in the menu.
    expect(await byTestId('nav-/asset/classify', sub).count()).toBe(0);
  });

  it('deletes the asset after confirmation, then several selected at once', async () => {
    await openFromMenu('资产管理', '/asset/list');
    await search(CODE, 1);
    await assetRow(CODE).locator('[data-testid="asset-delete"]').click();
    await byTestId('confirm-ok').click();
    await byTestId('confirm-dialog').waitFor({ state: 'detached' });
    await search(CODE, 0);
    await byTestId('asset-empty').waitFor();

    await byTestId('asset-create').click();
    await page.waitForURL('**/asset/info');
    // The first one goes to 李四 (the staff picker also sets his department).
    await byTestId('asset-staff').fill('李四');
    await page.getByRole('option', { name: /^李四/ }).click();
    expect(await byTestId('asset-dept').getAttribute('data-value')).not.toBe('');
    await registerQuick('E2E批量A', 'E2E-B1', true);
    // A taken code: the server's message at the field.
    await page.locator('input[name="assetName"]').fill('E2E批量B');
    await page.locator('input[name="assetCoding"]').fill('E2E-B1');
    await byTestId('asset-submit').click();
    await expect.poll(() => fieldMessage('[name="assetCoding"]').textContent()).toBe('资产编码“E2E-B1”已存在。');
    await registerQuick('E2E批量B', 'E2E-B2', false);
    await search('E2E-B', 2);
    await byTestId('asset-staff-filter').fill('李四');
    await page.getByRole('option', { name: /^李四/ }).click();
    await expect.poll(() => byTestId('asset-count').getAttribute('data-count')).toBe('1');
    expect(await assetRow('E2E-B1').locator('[data-testid="asset-status"]').textContent()).toBe('在用');
    await byTestId('asset-staff-filter').click();
    await page.getByRole('option', { name: '全部使用人' }).click();
    await expect.poll(() => byTestId('asset-count').getAttribute('data-count')).toBe('2');
    const codes = () => page.locator('[data-testid="asset-row"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code')));
    await byTestId('asset-sort-assetCoding').click();
    await expect.poll(codes).toEqual(['E2E-B1', 'E2E-B2']);
    await byTestId('asset-sort-assetCoding').click();
    await expect.poll(codes).toEqual(['E2E-B2', 'E2E-B1']);
    await byTestId('asset-delete-selected').click();
    await expect.poll(() => page.locator('.fui-ToastTitle', { hasText: '请至少选择一项资产。' }).count()).toBeGreaterThan(0);
    await byTestId('asset-select-all').click();
    await byTestId('asset-delete-selected').click();
    expect(await byTestId('confirm-dialog').textContent()).toContain('确定要删除选中的 2 项资产吗？');
    await byTestId('confirm-ok').click();
    await byTestId('confirm-dialog').waitFor({ state: 'detached' });
    await search('E2E-B', 0);

    // No longer in use: the classification goes.
    await openFromMenu('资产管理', '/asset/classify');
    await classifyRow(CLASSIFY).locator('[data-testid="classify-delete"]').click();
    await byTestId('confirm-ok').click();
    await classifyRow(CLASSIFY).waitFor({ state: 'detached' });
    expect(browser.errors).toEqual([]);
  });
});
