/**
 * Asset transactions in Chromium against the real server and the built app, as the seeded
 * demo admin: select an asset in the list, borrow it through the list's Transactions menu
 * (first without a person: the server's refusal shown in Chinese, then in English), see its
 * status change in the list, return it, and see the status back; then open the asset's own page
 * by a row click and see both in its history, newest first; its edit form shows department,
 * user and place read-only, with a link to the alter form; the records list (from the menu)
 * filters by type and asset and opens a record with its asset before and after; the form's
 * asset picker takes a label's link (<origin>/a/<token>, typed as a scanner would enter it)
 * as it takes a code, and says "not found" for a link that names no asset.
 *
 * Set E2E_SCREENSHOTS=/some/dir to keep screenshots of each screen.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

const CODE = 'E2E-TX-0001';
const NAME = 'E2E投影仪';
const PERSON = '王五';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
let assetId = 0;

const shotDir = process.env.E2E_SCREENSHOTS;
async function shot(name: string) {
  if (!shotDir) return;
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: join(shotDir, `${name}.png`), animations: 'disabled', fullPage: true });
}

const byTestId = (id: string) => page.locator(`[data-testid="${id}"]`);
const assetRow = (code: string) => page.locator(`[data-testid="asset-row"][data-code="${code}"]`);
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();

/** A JSON call to the API as the given session. */
const api = <T>(method: string, path: string, token: string | null, body?: unknown) => callApi<T>(server.baseUrl, method, path, token, body);

/** Shows the asset alone in the list and waits for its row. */
async function listOnly(code: string) {
  await page.goto('/asset/list');
  await byTestId('asset-search').fill(code);
  // The search reaches the address once typing stops (debounced); wait for it, so that a later
  // write cannot land after a click has left the list.
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(code);
  await expect.poll(() => byTestId('asset-count').getAttribute('data-count')).toBe('1');
}

/** Selects the listed asset and opens the form of `type` from the Transactions menu. */
async function startFromList(code: string, type: string) {
  await listOnly(code);
  await assetRow(code).locator('[data-testid="asset-select"]').click();
  await byTestId('asset-business-menu').click();
  await byTestId(`asset-business-${type}`).click();
  await page.waitForURL(`**/asset/businessInfo?type=${type}&ids=${assetId}`);
  await expect.poll(() => byTestId('business-asset-count').getAttribute('data-count')).toBe('1');
}

async function setLanguage(language: 'en' | 'zh-CN') {
  await byTestId('language-menu').click();
  await byTestId(`language-${language}`).click();
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 900 });
  page = browser.page;
  page.setDefaultTimeout(15_000);

  const admin = await api<{ loginID: string }>('POST', 'api/Login', null, { email: 'demo@assetmark.local', password: md5('demo1234') });
  const { departments } = await api<{ departments: Array<{ id: number; affiliatedDept: number | null }> }>('GET', 'api/Department/List', admin.loginID);
  const root = departments.find((d) => d.affiliatedDept === null)!;
  await api('POST', 'api/Staff', admin.loginID, { staffName: PERSON, affiliatedDept: root.id });
  // Registered without a user: unused.
  assetId = (await api<{ id: number }>('POST', 'api/Asset', admin.loginID, { assetName: NAME, assetCoding: CODE, affiliatedDept: root.id })).id;

  await page.goto('/login');
  await logInAsDemo(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('asset transactions', () => {
  it('refuses a borrow without a person in the language of the user', async () => {
    await listOnly(CODE);
    expect(await assetRow(CODE).locator('[data-testid="asset-status"]').textContent()).toBe('闲置');
    await startFromList(CODE, 'Borrowed');
    expect(await byTestId('business-title').textContent()).toBe('资产借用');
    await byTestId('business-submit').click();
    await expect.poll(() => byTestId('business-refusal').textContent()).toBe('领用和借用需要选择部门和人员。');
    await shot('transactions-01-borrow-refused-zh');

    await setLanguage('en');
    await byTestId('business-submit').click();
    await expect.poll(() => byTestId('business-refusal').textContent()).toBe('Receiving and borrowing need a department and a person.');
    expect(await byTestId('business-title').textContent()).toBe('Asset transaction: Borrow');
    await setLanguage('zh-CN');
    // Nothing was recorded.
    await listOnly(CODE);
    expect(await assetRow(CODE).locator('[data-testid="asset-status"]').textContent()).toBe('闲置');
  });

  it('borrows the asset from the list, sees it borrowed, returns it and sees it unused again', async () => {
    await startFromList(CODE, 'Borrowed');
    await byTestId('business-staff').fill(PERSON);
    await page.getByRole('option', { name: new RegExp(`^${PERSON}`) }).click();
    await byTestId('business-submit').click();
    await byTestId('business-outcome').waitFor();
    expect(await page.locator(`[data-testid="business-line"][data-code="${CODE}"] [data-testid="business-line-status"]`).textContent()).toBe('闲置 → 借用');
    await shot('transactions-02-borrowed-zh');
    await byTestId('business-back').click();
    await page.waitForURL('**/asset/list');
    await listOnly(CODE);
    expect(await assetRow(CODE).locator('[data-testid="asset-status"]').textContent()).toBe('借用');

    await startFromList(CODE, 'Return');
    await byTestId('business-submit').click();
    await byTestId('business-outcome').waitFor();
    expect(await page.locator(`[data-testid="business-line"][data-code="${CODE}"] [data-testid="business-line-status"]`).textContent()).toBe('借用 → 闲置');
    // The recorded transaction opens in the records.
    const record = await byTestId('business-outcome').getAttribute('data-record');
    await byTestId('business-open-record').click();
    await page.waitForURL(`**/asset/business?record=${record}`);
    await expect.poll(() => byTestId('business-details').locator('[data-testid="business-line-status"]').textContent()).toBe('借用 → 闲置');
    await byTestId('business-details-close').click();
    await byTestId('business-details').waitFor({ state: 'detached' });
    await listOnly(CODE);
    expect(await assetRow(CODE).locator('[data-testid="asset-status"]').textContent()).toBe('闲置');
    expect(browser.errors).toEqual([]);
  });

  it("shows both transactions on the asset's own page, newest first, and keeps custody out of the edit form", async () => {
    await listOnly(CODE);
    await assetRow(CODE).locator('td').nth(2).click();
    await page.waitForURL(`**/asset/listinfo?id=${assetId}`);
    await expect.poll(() => byTestId('asset-page').getAttribute('data-code')).toBe(CODE);
    expect(await byTestId('asset-page-status').textContent()).toBe('闲置');
    const rows = page.locator('[data-testid="asset-history-row"]');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.evaluateAll((all) => all.map((r) => r.getAttribute('data-type')))).toEqual(['Return', 'Borrowed']);
    expect(await rows.nth(0).locator('[data-testid="asset-history-status"]').textContent()).toBe('借用 → 闲置');
    expect(await rows.nth(1).locator('[data-testid="asset-history-status"]').textContent()).toBe('闲置 → 借用');
    expect(await rows.nth(1).locator('[data-testid="asset-history-person"]').textContent()).toBe(`— → ${PERSON}`);
    expect(await rows.nth(0).locator('[data-testid="asset-history-person"]').textContent()).toBe(`${PERSON} → —`);
    await shot('transactions-03-asset-page-zh');

    await byTestId('asset-page-edit').click();
    await page.waitForURL(`**/asset/info?id=${assetId}`);
    await byTestId('asset-custody-hint').waitFor();
    expect(await page.locator('input[name="depositSite"]').getAttribute('readonly')).not.toBeNull();
    expect(await byTestId('asset-staff').count()).toBe(0);
    await byTestId('asset-custody-alter').click();
    await page.waitForURL(`**/asset/businessInfo?type=Alter&ids=${assetId}`);
    await expect.poll(() => byTestId('business-asset-count').getAttribute('data-count')).toBe('1');
    // The scan / typed code field: an unknown code and one already chosen are said so, nothing added.
    await byTestId('business-asset-code').fill('E2E-NO-SUCH');
    await byTestId('business-asset-code').press('Enter');
    await expect.poll(() => byTestId('business-problem').textContent()).toBe('没有编码为“E2E-NO-SUCH”的资产。');
    await byTestId('business-asset-code').fill(CODE);
    await byTestId('business-asset-code').press('Enter');
    await expect.poll(() => byTestId('business-problem').textContent()).toBe(`资产“${CODE}”已在列表中。`);
    expect(await byTestId('business-asset-count').getAttribute('data-count')).toBe('1');
    await byTestId('business-asset').locator('button').click();
    await expect.poll(() => byTestId('business-asset-count').getAttribute('data-count')).toBe('0');
    await byTestId('business-asset-code').fill(CODE);
    await byTestId('business-asset-code').press('Enter');
    await expect.poll(() => byTestId('business-asset-count').getAttribute('data-count')).toBe('1');
    await shot('transactions-05-alter-form-zh');
    expect(browser.errors).toEqual([]);
  });

  it('lists the records from the menu, filters them by type and asset, and opens one with its asset before and after', async () => {
    const item = byTestId('nav-/asset/business');
    if (!(await item.isVisible())) await page.getByRole('button', { name: '资产管理' }).click();
    await item.click();
    await page.waitForURL('**/asset/business');
    await expect.poll(() => byTestId('business-count').getAttribute('data-count')).toBe('2');
    await byTestId('business-type-filter').click();
    // A multiselect's options are check box items.
    await page.getByRole('menuitemcheckbox', { name: '归还', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => byTestId('business-count').getAttribute('data-count')).toBe('1');
    expect(await page.locator('[data-testid="business-row"]').getAttribute('data-type')).toBe('Return');
    await byTestId('business-search').fill('no-such-asset');
    await byTestId('business-empty').waitFor();
    await byTestId('business-search').fill(CODE);
    await expect.poll(() => byTestId('business-count').getAttribute('data-count')).toBe('1');
    await page.locator('[data-testid="business-row"]').click();
    await byTestId('business-details').waitFor();
    await expect.poll(() => byTestId('business-details').locator(`[data-testid="business-line"][data-code="${CODE}"] [data-testid="business-line-status"]`).textContent()).toBe('借用 → 闲置');
    await shot('transactions-04-record-zh');
    await byTestId('business-details-close').click();
    await byTestId('business-details').waitFor({ state: 'detached' });

    // From the asset's page: its records only.
    await page.goto(`/asset/listinfo?id=${assetId}`);
    await byTestId('asset-page-records').click();
    await page.waitForURL(`**/asset/business?asset=${assetId}`);
    await expect.poll(() => byTestId('business-count').getAttribute('data-count')).toBe('2');
    expect(browser.errors).toEqual([]);
  });
  it("adds the asset a label's link names, typed as a scan, and says a made-up link names none", async () => {
    const admin = await api<{ loginID: string }>('POST', 'api/Login', null, { email: 'demo@assetmark.local', password: md5('demo1234') });
    const { rows } = await api<{ rows: Array<{ link: string }> }>('GET', `api/AssetLabel/Rows?assetIds=${assetId}`, admin.loginID);
    const link = rows[0]!.link;
    expect(link).toMatch(/\/a\/[A-Za-z0-9_-]{22}$/);

    await page.goto('/asset/businessInfo?type=Borrowed');
    await expect.poll(() => byTestId('business-asset-count').getAttribute('data-count')).toBe('0');
    await byTestId('business-asset-code').fill(link);
    await byTestId('business-asset-code').press('Enter');
    await expect.poll(() => byTestId('business-asset-count').getAttribute('data-count')).toBe('1');
    expect(await page.locator('[data-testid="business-asset"]').getAttribute('data-code')).toBe(CODE);

    const madeUp = `${server.baseUrl}/a/AAAAAAAAAAAAAAAAAAAAAA`;
    await byTestId('business-asset-code').fill(madeUp);
    await byTestId('business-asset-code').press('Enter');
    await expect.poll(() => byTestId('business-problem').textContent()).toBe(`没有链接为“${madeUp}”的资产。`);
    expect(await byTestId('business-asset-count').getAttribute('data-count')).toBe('1');
    // The same link again: already chosen, not added twice.
    await byTestId('business-asset-code').fill(link);
    await byTestId('business-asset-code').press('Enter');
    await expect.poll(() => byTestId('business-problem').textContent()).toBe(`资产“${CODE}”已在列表中。`);
    expect(await byTestId('business-asset-count').getAttribute('data-count')).toBe('1');
    expect(browser.errors).toEqual([]);
  });
});
