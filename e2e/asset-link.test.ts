/**
 * An asset's label link in the browser (issue 16): the link a label's QR carries
 * (<origin>/a/<token>, from GET api/AssetLabel/Rows) opens the login without a session and,
 * after it, the asset's own page; a made-up link opens /404. Every wait is on a page state.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AssetInfo, AssetLabelRowsResult } from '../src/api/contract';
import { openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
let asset: AssetInfo;
let link: string;

async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const reply = await fetch(`${server.baseUrl}/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { loginID: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await reply.json()) as { statusCode: number; resultInfo: T };
  if (envelope.statusCode !== 0) throw new Error(`${method} ${path}: ${JSON.stringify(envelope)}`);
  return envelope.resultInfo;
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 1280, height: 800 });
  page = browser.page;
  page.setDefaultTimeout(20_000);
  const token = (await api<{ loginID: string }>('POST', 'api/Login', null, { email: 'demo@assetmark.local', password: md5('demo1234') })).loginID;
  asset = await api<AssetInfo>('POST', 'api/Asset', token, { assetCoding: 'LINK-001', assetName: 'Linked laptop 链接' });
  const rows = await api<AssetLabelRowsResult>('GET', `api/AssetLabel/Rows?assetIds=${asset.id}`, token);
  link = rows.rows[0].link;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('asset link', () => {
  it('is this server’s address of the asset', () => {
    expect(link).toMatch(new RegExp(`^${server.baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/a/[A-Za-z0-9_-]{22}$`));
  });

  it('asks for the login first, then opens the asset’s page', async () => {
    await page.goto(link);
    await page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe(new URL(link).pathname);
    await page.locator('input[name="account"]').fill('demo@assetmark.local');
    await page.locator('input[name="password"]').fill('demo1234');
    await page.locator('[data-testid="login-submit"]').click();
    await page.waitForURL(`**/asset/listinfo?id=${asset.id}`);
    await page.getByText('LINK-001').first().waitFor();
  });

  it('opens the asset’s page at once with a session, and /404 for a link that names nothing', async () => {
    await page.goto('/dashboard');
    await page.goto(link);
    await page.waitForURL(`**/asset/listinfo?id=${asset.id}`);
    await page.goto('/a/AAAAAAAAAAAAAAAAAAAAAA');
    await page.waitForURL('**/404');
  });
});
