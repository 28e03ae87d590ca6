/**
 * Inventory counts beyond their own pages, in Chromium against the real server and the built app:
 *
 * - scans waiting on the device sync app-wide: a scan that could not be sent (its request
 *   fails) shows in the shell header as "1 次扫描等待同步", on any page, linking to its order;
 *   once the network answers again, loading a page that is not an inventory page (the
 *   dashboard) sends it, the header empties and the server has it counted once;
 * - a sub-user without permission 201 sees no inventory menu entry, /inventory shows the
 *   unauthorized page, and the server refuses GET api/Anlageninventur/List.
 */
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, logIn, registerSubUser, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

const PLACE = 'E2E同步仓';
const CODE = 'E2E-SYNC-1';
const SUB_EMAIL = 'no.inventory@example.com';
const SUB_PASSWORD = 'clerk1234';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
let adminToken = '';
let orderId = 0;

const byTestId = (id: string, on: Page = page) => on.locator(`[data-testid="${id}"]`);
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();
/** Polls until the value matches, up to 15 s (a loaded machine answers slowly). */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000, interval: 100 });

/** A JSON call to the API as the given session; throws on a non-zero statusCode. */
const api = <T>(method: string, path: string, token: string | null, body?: unknown) => callApi<T>(server.baseUrl, method, path, token, body);

/** The result of the order's line of CODE as the server has it (0 pending, 2 normal). */
async function serverResult(): Promise<number | undefined> {
  const { inventoryAssetList } = await api<{ inventoryAssetList: Array<{ assetCoding: string; result: number }> }>(
    'GET',
    `api/InventoryAsset?anlageninventurId=${orderId}&pageIndex=1&pageSize=20`,
    adminToken,
  );
  return inventoryAssetList.find((l) => l.assetCoding === CODE)?.result;
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 900 });
  page = browser.page;
  page.setDefaultTimeout(20_000);
  adminToken = (await api<{ loginID: string }>('POST', 'api/Login', null, { email: 'demo@assetmark.local', password: md5('demo1234') })).loginID;
  const { departments } = await api<{ departments: Array<{ id: number; affiliatedDept: number | null }> }>('GET', 'api/Department/List', adminToken);
  const root = departments.find((d) => d.affiliatedDept === null)!;
  await api('POST', 'api/Asset', adminToken, { assetName: 'E2E同步资产', assetCoding: CODE, affiliatedDept: root.id, depositSite: PLACE });
  orderId = (await api<{ id: number }>('POST', 'api/Anlageninventur', adminToken, { name: 'E2E 同步盘点', places: [PLACE] })).id;
  await logIn(page, 'demo@assetmark.local', 'demo1234');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('inventory scans waiting on the device', () => {
  it('shows them in the header on any page and sends them from a page that is not an inventory page', async () => {
    expect(await byTestId('shell-scans-waiting').count()).toBe(0);
    // Every scan request fails as if the network were gone: the scan waits on the device.
    let failed = 0;
    await page.route('**/api/InventoryAsset', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      failed += 1;
      await route.abort('internetdisconnected');
    });
    await page.goto(`/inventory/details?id=${orderId}&count=1`);
    await byTestId('inventory-code').fill(CODE);
    await byTestId('inventory-code').press('Enter');
    await eventually(() => failed).toBeGreaterThan(0);
    await eventually(() => byTestId('shell-scans-waiting').getAttribute('data-waiting')).toBe('1');

    // Elsewhere in the app the header still says so, and leads to the order.
    await page.goto('/dashboard');
    await eventually(() => byTestId('shell-scans-waiting').getAttribute('data-waiting')).toBe('1');
    expect(await byTestId('shell-scans-waiting').textContent()).toContain('1 次扫描等待同步');
    expect(await serverResult()).toBe(0);
    await byTestId('shell-scans-waiting').locator('a').click();
    await page.waitForURL(`**/inventory/details?id=${orderId}`);

    // The network answers again; the dashboard's load sends the scan (no inventory page open).
    await page.unroute('**/api/InventoryAsset');
    await page.goto('/dashboard');
    await eventually(() => serverResult()).toBe(2);
    await eventually(() => byTestId('shell-scans-waiting').count()).toBe(0);
    expect(page.url()).toMatch(/\/dashboard$/);
  });
});

describe('inventory without permission 201', () => {
  it('hides the menu entry from the sub-user, shows /inventory as unauthorized, and the server refuses', async () => {
    await registerSubUser(server, adminToken, { email: SUB_EMAIL, password: SUB_PASSWORD, roleName: '登记员', permissions: [101], staffName: '赵六' });

    const context = await browser.browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    try {
      const sub = await context.newPage();
      sub.setDefaultTimeout(20_000);
      await logIn(sub, SUB_EMAIL, SUB_PASSWORD);
      // The menu is there (the dashboard's entry), without inventory; nor a scans-waiting link.
      await byTestId('nav-/dashboard', sub).waitFor();
      expect(await byTestId('nav-/inventory', sub).count()).toBe(0);
      expect(await byTestId('shell-scans-waiting', sub).count()).toBe(0);
      await sub.goto('/inventory');
      await sub.waitForURL('**/error/401');
      expect(await byTestId('inventory-list', sub).count()).toBe(0);
      await sub.goto(`/inventory/details?id=${orderId}`);
      await sub.waitForURL('**/error/401');

      const subToken = (await api<{ loginID: string }>('POST', 'api/Login', null, { email: SUB_EMAIL, password: md5(SUB_PASSWORD) })).loginID;
      await expect(api('GET', 'api/Anlageninventur/List?pageIndex=1&pageSize=20', subToken)).rejects.toThrow(/"statusCode":5\b/);
      // The same call as the admin answers, so the refusal is the permission's.
      await api('GET', 'api/Anlageninventur/List?pageIndex=1&pageSize=20', adminToken);
    } finally {
      await context.close();
    }
  });
});
