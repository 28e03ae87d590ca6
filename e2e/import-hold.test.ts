/**
 * An asset a running import is changing is held (server/modules/assets/import-hold.ts): its
 * form's Save is refused with a message naming it, in the user's language, and nothing is
 * saved. The server holds every import just before its publish (IMPORT_TEST_PAUSE_AT), after
 * its changes are staged, and says so in a marker file, so the test waits for that, not a time.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetInfo, AssetListResult, ImportStarted, LoginResult } from '../src/api/contract';
import { errorMessage } from '../server/errors';
import { DEMO_EMAIL, DEMO_PASSWORD, wirePassword } from '../server/modules/accounts/demo';
import { callApi, logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

const markerDir = mkdtempSync(join(tmpdir(), 'assetmark-hold-'));
let server: RunningServer;
let browser: BrowserSession;
let page: Page;
let token: string;

beforeAll(async () => {
  server = await startServer({ ASSETMARK_DEMO_DATA: 'on', IMPORT_TEST_PAUSE_AT: 'publishing', IMPORT_TEST_MARKER_DIR: markerDir });
  token = (await callApi<LoginResult>(server.baseUrl, 'POST', 'api/Login', null, { account: DEMO_EMAIL, password: wirePassword(DEMO_PASSWORD) })).loginID;
  browser = await openBrowser(server.baseUrl);
  page = browser.page;
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(markerDir, { recursive: true, force: true });
});

const api = <T>(method: string, path: string, body?: unknown) => callApi<T>(server.baseUrl, method, path, token, body);

describe('an asset a running import is changing', () => {
  it('cannot be saved from its form meanwhile: the form says why and nothing is saved', async () => {
    const [asset] = (await api<AssetListResult>('GET', 'api/Asset?pageSize=20&sortKey=assetCoding')).assets;
    const csv = `资产编码,资产名称\n${asset.assetCoding},Renamed by the import\n`;
    await api<ImportStarted>('POST', 'api/Excel', { suffix: 'csv', fileName: 'rename.csv', fileData: Buffer.from(csv, 'utf8').toString('base64') });
    await expect.poll(() => existsSync(join(markerDir, 'publishing')), { timeout: 30_000 }).toBe(true);

    await page.goto('/login');
    await logInAsDemo(page);
    await page.goto(`/asset/info?id=${asset.id}`);
    const name = page.locator('[data-testid="asset-form"] input[name="assetName"]');
    await expect.poll(() => name.inputValue(), { timeout: 15_000 }).toBe(asset.assetName);
    await name.fill('Renamed in the form');
    await page.locator('[data-testid="asset-submit"]').click();
    await expect
      .poll(() => page.locator('[data-testid="asset-form-error"]').textContent(), { timeout: 15_000 })
      .toBe(errorMessage('assetBeingImported', 'zh', { code: asset.assetCoding }));
    expect((await api<AssetInfo>('GET', `api/Asset/details?id=${asset.id}`)).assetName).toBe(asset.assetName);
  });
});
