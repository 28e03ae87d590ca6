/**
 * The demo company's sample data in Chromium, as a newcomer meets it: a server started with
 * ASSETMARK_DEMO_DATA=on (the default of `npm start`; the other browser tests turn it off),
 * "use demo" on the login page, then the dashboard shows the company's figures and charts and
 * the asset list shows its assets, in Chinese and in English.
 *
 * The figures are compared with the server's own answer (GET api/Dashboard); the server test
 * (server/modules/demo/seed.test.ts) checks those against the sample data.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardInfo, LoginResult } from '../src/api/contract';
import { DEMO_EMAIL, DEMO_PASSWORD, wirePassword } from '../server/modules/accounts/demo';
import { DEMO_ASSETS } from '../server/modules/demo/sample-data';
import { callApi, logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
let figures: DashboardInfo;

const byTestId = (id: string) => page.locator(`[data-testid="${id}"]`);

/** A figure's number as the page shows it ("¥1,234,567.00" / "CN¥1,234,567.00" → 1234567). */
async function figure(id: string): Promise<number> {
  const text = (await byTestId(`figure-${id}-value`).textContent()) ?? '';
  return Number(text.replace(/[^\d.-]/g, ''));
}

async function setLanguage(lang: 'zh-CN' | 'en') {
  await byTestId('language-menu').click();
  await byTestId(`language-${lang}`).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
}

/** The dashboard's four figures and its usage chart, as the server counts them. */
async function expectDashboard(labels: { totalAssets: string; expired: string }) {
  await expect.poll(() => figure('total-assets')).toBe(figures.totalAssets);
  await expect.poll(() => byTestId('figure-total-assets').textContent()).toContain(labels.totalAssets);
  expect(await figure('total-value')).toBe(figures.totalValue);
  expect(await figure('expired-assets')).toBe(figures.expiredAssets);
  await expect.poll(() => byTestId('figure-expired-assets').textContent()).toContain(labels.expired);
  expect(await figure('pending-inventory')).toBe(1);
  const counted = await byTestId('status-count').evaluateAll((items) =>
    items.map((item) => [Number(item.getAttribute('data-status')), Number(item.getAttribute('data-count'))]),
  );
  expect(counted.filter(([, count]) => count > 0)).toEqual(
    figures.statusCounts.filter((s) => s.count > 0).map((s) => [s.status, s.count]),
  );
}

/** The asset list: the count and a page of rows. */
async function expectAssetList(countText: string) {
  await page.goto('/asset/list');
  await expect.poll(() => byTestId('asset-count').getAttribute('data-count')).toBe(String(DEMO_ASSETS.length));
  expect(await byTestId('asset-count').textContent()).toContain(countText);
  await expect.poll(() => byTestId('asset-row').count()).toBeGreaterThan(10);
  expect(await byTestId('asset-table').textContent()).toContain('笔记本电脑 Laptop');
}

beforeAll(async () => {
  server = await startServer({ ASSETMARK_DEMO_DATA: 'on', ASSETMARK_HELPER: 'off' });
  const login = await callApi<LoginResult>(server.baseUrl, 'POST', 'api/Login', null, {
    account: DEMO_EMAIL,
    password: wirePassword(DEMO_PASSWORD),
  });
  figures = await callApi<DashboardInfo>(server.baseUrl, 'GET', 'api/Dashboard', login.loginID);
  browser = await openBrowser(server.baseUrl);
  page = browser.page;
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the demo company with sample data', () => {
  it('was seeded at start', () => {
    expect(server.output()).toContain(`[db] seeded the demo company's sample data (${DEMO_ASSETS.length} assets)`);
    expect(figures.totalAssets).toBe(DEMO_ASSETS.length);
  });

  it('shows its figures and assets after "use demo", in Chinese', async () => {
    await page.goto('/login');
    await logInAsDemo(page);
    await expectDashboard({ totalAssets: '资产总数', expired: '过期资产' });
    await expectAssetList(`筛选出 ${DEMO_ASSETS.length} 项资产`);
  });

  it('and in English', async () => {
    await setLanguage('en');
    await page.goto('/dashboard');
    await expectDashboard({ totalAssets: 'Total assets', expired: 'Expired assets' });
    await expectAssetList(`Matching assets: ${DEMO_ASSETS.length}`);
    expect(browser.errors).toEqual([]);
  });
});
