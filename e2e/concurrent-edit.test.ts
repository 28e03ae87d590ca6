/**
 * Concurrent edits (issue 14, record versions): two browser pages (two tabs of one user, the
 * seeded demo admin) open the same asset. The first saves; the second, still showing the
 * version it loaded, saves too and is refused with "changed by someone else; reload it",
 * and nothing of it is written. Its Reload shows the first page's values, and a save from
 * there goes through.
 */
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

let server: RunningServer;
let browser: BrowserSession;
let first: Page;
let second: Page;
let token = '';
let assetId = 0;

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const reply = await fetch(`${server.baseUrl}/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', systemFlag: 'MYGDZC', ...(token ? { loginID: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await reply.json()) as { statusCode: number; resultInfo: T };
  if (envelope.statusCode !== 0) throw new Error(`${method} ${path}: ${JSON.stringify(envelope)}`);
  return envelope.resultInfo;
}

const inPage = (page: Page) => ({
  byTestId: (id: string) => page.locator(`[data-testid="${id}"]`),
  field: (name: string) => page.locator(`input[name="${name}"]`),
});

/** Opens the asset's form and waits until it shows the asset. */
async function openAsset(page: Page) {
  await page.goto(`/asset/info?id=${assetId}`);
  await inPage(page).field('assetName').waitFor();
  expect(await inPage(page).field('assetCoding').inputValue()).toBe('CONC-001');
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 900 });
  first = browser.page;
  first.setDefaultTimeout(15_000);
  token = (await api<{ loginID: string }>('POST', 'api/Login', { email: 'demo@assetmark.local', password: md5('demo1234') })).loginID;
  assetId = (
    await api<{ id: number }>('POST', 'api/Asset', { assetCoding: 'CONC-001', assetName: 'Shared laptop', supplier: 'Old supplier' })
  ).id;

  // One sign-in serves both pages: the second is another tab of the same browser profile.
  await first.goto('/login');
  await inPage(first).byTestId('use-demo').click();
  await inPage(first).byTestId('login-submit').click();
  await first.waitForURL('**/dashboard');
  second = await browser.context.newPage();
  second.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('two pages editing one asset', () => {
  it('refuses the later save, writes nothing of it, and reloads the first page’s values', async () => {
    await openAsset(first);
    await openAsset(second);

    // The first page saves its change (the form then returns to the list).
    await inPage(first).field('assetName').fill('Laptop of the first page');
    await inPage(first).field('supplier').fill('Supplier A');
    await inPage(first).byTestId('asset-submit').click();
    await first.waitForURL('**/asset/list**');

    // The second page still shows version 1 and saves other values.
    await inPage(second).field('assetName').fill('Laptop of the second page');
    await inPage(second).field('supplier').fill('Supplier B');
    await inPage(second).byTestId('asset-submit').click();
    const bar = inPage(second).byTestId('record-changed');
    await bar.waitFor();
    expect(await bar.innerText()).toContain('此记录已被他人修改，请重新加载。');
    // Shown where it is seen: Save was pressed at the foot of a long form, the bar is at its top.
    const shown = (await bar.boundingBox())!;
    expect(shown.y).toBeGreaterThanOrEqual(0);
    expect(shown.y + shown.height).toBeLessThanOrEqual(900);
    expect(await second.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('record-changed-reload');
    expect(await inPage(second).byTestId('asset-submit').isDisabled()).toBe(true);

    // Nothing of the second save was written.
    const stored = await api<{ assetName: string; supplier: string; version: number }>('GET', `api/Asset/details?id=${assetId}`);
    expect(stored).toMatchObject({ assetName: 'Laptop of the first page', supplier: 'Supplier A', version: 2 });

    // Reload shows the record as the first page left it, with nothing stale kept.
    await inPage(second).byTestId('record-changed-reload').click();
    await bar.waitFor({ state: 'detached' });
    expect(await inPage(second).field('assetName').inputValue()).toBe('Laptop of the first page');
    expect(await inPage(second).field('supplier').inputValue()).toBe('Supplier A');

    // Saved again from the reloaded form, the change goes through on version 2.
    await inPage(second).field('supplier').fill('Supplier C');
    await inPage(second).byTestId('asset-submit').click();
    await second.waitForURL('**/asset/list**');
    expect(await api('GET', `api/Asset/details?id=${assetId}`)).toMatchObject({
      assetName: 'Laptop of the first page',
      supplier: 'Supplier C',
      version: 3,
    });
    expect(browser.errors.filter((e) => !e.includes('favicon'))).toEqual([]);
  });
});
