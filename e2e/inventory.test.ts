/**
 * Inventory counts in Chromium against the real server and the built app, as the seeded demo
 * admin (the company may hold other assets, so the order is scoped to a place of its own):
 *
 * - create an order from /inventory (name and a place), land on its details: 5 lines pending;
 * - count it in the Count mode: a typed code, a QR label read by the camera (Chromium's fake
 *   camera playing printed labels, e2e/fake-camera.ts), a keyboard-wedge scan (key events in a burst, as
 *   a scanner types them, caught by the page's listener), a second scan of one asset (a
 *   duplicate warning), a registered asset from elsewhere and an unknown code (surplus; the
 *   unknown one offers "register this asset", which opens the asset form with its code);
 * - go offline (context.setOffline), scan: the scan waits on the device ("1 scan waiting to
 *   sync"), nothing reaches the server; back online, it is sent once;
 * - a scan whose reply is lost (the server records it, the page never hears back) stays queued
 *   through page loads and a reload (IndexedDB; the orders list says it waits), is sent again
 *   and counts once;
 * - finish waits for the scans on the device (offline: it says so and finishes nothing); then
 *   the asset never scanned becomes a shortage, the order "not complete" (128); the
 *   lines filter by result; the export downloads "盘点明细<yyyyMMdd>.xlsx" holding every line.
 *
 * Set E2E_SCREENSHOTS=/some/dir to keep screenshots of each screen.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { fakeCameraArgs, writeFakeCamera } from './fake-camera';
import { CHROMIUM_ARGS, logInAsDemo, startServer, type BrowserSession, type RunningServer } from './harness';

const PLACE = 'E2E盘点仓';
const ORDER = 'E2E 年终盘点';
const CODES = ['E2E-INV-1', 'E2E-INV-2', 'E2E-INV-3', 'E2E-INV-4'];
/** Registered, but in another place: a surplus that names a known asset. */
const OUTSIDE = 'E2E-INV-OUT';
/** In no register: a surplus to be registered. */
const UNKNOWN = 'E2E-INV-NEW';
/** In no register: the scan whose reply is lost. */
const LOST = 'E2E-INV-LOST';
/** In the order, counted by the camera (a QR label in Chromium's fake camera). */
const CAMERA = 'E2E-INV-CAM';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
let token = '';
let orderId = 0;
let videoDir = '';

/** Debian's Chromium whose only camera plays `video` (granted without asking), one page. */
async function openCameraBrowser(baseUrl: string, video: string): Promise<BrowserSession> {
  const launched = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...fakeCameraArgs(video)] });
  const context = await launched.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const opened = await context.newPage();
  const errors: string[] = [];
  opened.on('pageerror', (err) => errors.push(String(err)));
  opened.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  return {
    browser: launched,
    context,
    page: opened,
    errors,
    async close() {
      await context.close();
      await launched.close();
    },
  };
}

const shotDir = process.env.E2E_SCREENSHOTS;
async function shot(name: string) {
  if (!shotDir) return;
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: join(shotDir, `${name}.png`), animations: 'disabled', fullPage: true });
}

/** Polls until the value matches, up to 10 s (a loaded machine answers slowly). */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 10_000, interval: 100 });
const byTestId = (id: string) => page.locator(`[data-testid="${id}"]`);
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();
/** The newest scan row of `text` in the Count panel. */
const scanRow = (text: string) => page.locator(`[data-testid="inventory-scan"][data-text="${text}"]`).first();
const waitingCount = () => byTestId('inventory-sync').getAttribute('data-waiting');

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

interface Line {
  assetCoding: string;
  assetId: number | null;
  result: number;
}
interface Counts {
  total: number;
  pending: number;
  normal: number;
  surplus: number;
  shortage: number;
}

/** The order's lines and counts as the server has them. */
async function serverLines(): Promise<{ byCode: Record<string, number>; counts: Counts; lines: Line[] }> {
  const result = await api<{ inventoryAssetList: Line[]; counts: Counts }>(
    'GET',
    `api/InventoryAsset?anlageninventurId=${orderId}&pageIndex=1&pageSize=200`,
  );
  return {
    byCode: Object.fromEntries(result.inventoryAssetList.map((l) => [l.assetCoding, l.result])),
    counts: result.counts,
    lines: result.inventoryAssetList,
  };
}

/** Types `code` into the Count panel's entry and presses Enter. */
async function typeCode(code: string) {
  await byTestId('inventory-code').fill(code);
  await byTestId('inventory-code').press('Enter');
}

/**
 * A keyboard-wedge scan: the code's keys then Enter, a few milliseconds apart as a scanner
 * sends them, to the page (no text field focused), where the scanner listener picks them up.
 */
async function wedgeScan(code: string) {
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.evaluate((text) => {
    for (const key of [...text, 'Enter']) {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }
  }, code);
}

beforeAll(async () => {
  server = await startServer();
  videoDir = await mkdtemp(join(tmpdir(), 'assetmark-inventory-camera-'));
  const video = await writeFakeCamera(videoDir, [{ code: CAMERA, symbology: 'qrcode' }]);
  browser = await openCameraBrowser(server.baseUrl, video);
  page = browser.page;
  page.setDefaultTimeout(15_000);

  token = (await api<{ loginID: string }>('POST', 'api/Login', { email: 'demo@assetmark.local', password: md5('demo1234') })).loginID;
  const { departments } = await api<{ departments: Array<{ id: number; affiliatedDept: number | null }> }>('GET', 'api/Department/List');
  const root = departments.find((d) => d.affiliatedDept === null)!;
  for (const [i, code] of [...CODES, CAMERA].entries()) {
    await api('POST', 'api/Asset', { assetName: `E2E盘点资产${i + 1}`, assetCoding: code, affiliatedDept: root.id, depositSite: PLACE });
  }
  await api('POST', 'api/Asset', { assetName: 'E2E别处资产', assetCoding: OUTSIDE, affiliatedDept: root.id, depositSite: 'E2E其他' });

  await page.goto('/login');
  await logInAsDemo(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (videoDir) await rm(videoDir, { recursive: true, force: true });
});

describe('inventory counts', () => {
  it('creates an order for a place from the menu and opens it with its lines pending', async () => {
    await byTestId('nav-/inventory').click();
    await page.waitForURL('**/inventory');
    await byTestId('inventory-new').first().click();
    await byTestId('inventory-new-submit').click();
    // No name: said at the field, nothing sent.
    await eventually(() => byTestId('inventory-new-dialog').textContent()).toContain('请输入盘点单名称');
    await byTestId('inventory-new-name').fill(ORDER);
    await byTestId('inventory-new-places').fill(`${PLACE}\n`);
    await shot('inventory-01-new-order');
    await byTestId('inventory-new-submit').click();
    await page.waitForURL('**/inventory/details?id=*');
    orderId = Number(new URL(page.url()).searchParams.get('id'));
    expect(orderId).toBeGreaterThan(0);
    await eventually(() => byTestId('inventory-order-name').textContent()).toBe(ORDER);
    expect(await byTestId('inventory-order').getAttribute('data-status')).toBe('2');
    expect(await byTestId('inventory-order-status').textContent()).toBe('未盘点');
    await eventually(() => byTestId('inventory-line-count').getAttribute('data-count')).toBe('5');
    const lines = page.locator('[data-testid="inventory-line"]');
    expect((await lines.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code')))).sort()).toEqual([...CODES, CAMERA].sort());
    expect(await lines.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-result')))).toEqual(['0', '0', '0', '0', '0']);

    // The list shows it with its status tag and counts.
    await page.goto('/inventory');
    const row = page.locator(`[data-testid="inventory-order-row"][data-order="${orderId}"]`);
    expect(await row.locator('[data-testid="inventory-order-status"]').textContent()).toBe('未盘点');
    expect(await row.locator('[data-testid="inventory-order-counts"]').getAttribute('data-total')).toBe('5');
    await row.locator('[data-testid="inventory-order-open"]').click();
    await page.waitForURL(`**/inventory/details?id=${orderId}`);
    expect(browser.errors).toEqual([]);
  });

  it('counts typed and wedge scans, warns of a duplicate and records surplus codes', async () => {
    await byTestId('inventory-count-mode').click();
    await byTestId('inventory-count').waitFor();
    expect(await waitingCount()).toBe('0');

    await typeCode(CODES[0]);
    await eventually(() => scanRow(CODES[0]).getAttribute('data-status')).toBe('normal');
    await wedgeScan(CODES[1]);
    await eventually(() => scanRow(CODES[1]).getAttribute('data-status')).toBe('normal');
    await typeCode(CODES[0]);
    await eventually(() => page.locator(`[data-testid="inventory-scan"][data-text="${CODES[0]}"]`).count()).toBe(2);
    await eventually(() => scanRow(CODES[0]).getAttribute('data-status')).toBe('duplicate');
    expect(await scanRow(CODES[0]).textContent()).toContain('该资产已盘点过');
    await wedgeScan(OUTSIDE);
    await eventually(() => scanRow(OUTSIDE).getAttribute('data-status')).toBe('surplus');
    expect(await scanRow(OUTSIDE).locator('[data-testid="inventory-register"]').count()).toBe(0);
    await typeCode(UNKNOWN);
    await eventually(() => scanRow(UNKNOWN).getAttribute('data-status')).toBe('surplus');
    await scanRow(UNKNOWN).locator('[data-testid="inventory-register"]').waitFor();

    // The header and the lines follow the answers; the order is in progress now.
    await eventually(() => byTestId('inventory-order').getAttribute('data-status')).toBe('4');
    await eventually(() => byTestId('inventory-order-counts').getAttribute('data-total')).toBe('7');
    await eventually(() => page.locator(`[data-testid="inventory-line"][data-code="${CODES[1]}"]`).getAttribute('data-result')).toBe('2');
    expect(await waitingCount()).toBe('0');
    await shot('inventory-02-counting');

    const { byCode, counts } = await serverLines();
    expect(byCode).toMatchObject({ [CODES[0]]: 2, [CODES[1]]: 2, [CODES[2]]: 0, [CODES[3]]: 0, [OUTSIDE]: 4, [UNKNOWN]: 4 });
    expect(counts).toEqual({ total: 7, pending: 3, normal: 2, surplus: 2, shortage: 0 });
    expect(browser.errors).toEqual([]);
  });

  it('counts a label read by the camera', async () => {
    await byTestId('scanner-camera-start').click();
    await eventually(() => byTestId('scanner').getAttribute('data-camera-status')).toBe('running');
    // The video loops: the label comes round every couple of seconds (later reads are duplicates).
    await expect
      .poll(() => page.locator(`[data-testid="inventory-scan"][data-text="${CAMERA}"][data-status="normal"]`).count(), { timeout: 60_000 })
      .toBe(1);
    await byTestId('scanner-camera-stop').click();
    await eventually(() => byTestId('scanner').getAttribute('data-camera-status')).toBe('idle');
    expect(await byTestId('scanner-last').getAttribute('data-source')).toBe('camera');
    await eventually(waitingCount).toBe('0');
    const { byCode, counts } = await serverLines();
    expect(byCode[CAMERA]).toBe(2);
    expect(counts).toEqual({ total: 7, pending: 2, normal: 3, surplus: 2, shortage: 0 });
    expect(browser.errors).toEqual([]);
  });

  it('offers to register an unknown code: the asset form opens with the code filled in', async () => {
    const [popupOrSame] = await Promise.all([page.waitForURL('**/asset/info?code=*'), scanRow(UNKNOWN).locator('[data-testid="inventory-register"] a').click()]);
    void popupOrSame;
    await eventually(() => page.locator('input[name="assetCoding"]').inputValue()).toBe(UNKNOWN);
    await page.goBack();
    await page.waitForURL(`**/inventory/details?id=${orderId}&count=1`);
    await byTestId('inventory-count').waitFor();
  });

  it('keeps a scan made offline on the device and sends it once when the connection returns', async () => {
    await browser.context.setOffline(true);
    await typeCode(CODES[2]);
    await eventually(waitingCount).toBe('1');
    expect(await scanRow(CODES[2]).getAttribute('data-status')).toBe('waiting');
    expect(await byTestId('inventory-sync').getAttribute('data-offline')).toBe('true');
    expect(await byTestId('inventory-sync').textContent()).toContain('1 次扫描等待同步');
    // The cache of lines already knows the asset of the waiting scan.
    expect(await scanRow(CODES[2]).textContent()).toContain('E2E盘点资产3');
    await shot('inventory-03-offline');
    expect((await serverLines()).byCode[CODES[2]]).toBe(0);

    // Back online: the browser's 'online' event sends it.
    await browser.context.setOffline(false);
    await eventually(() => scanRow(CODES[2]).getAttribute('data-status')).toBe('normal');
    await eventually(waitingCount).toBe('0');
    const { byCode, counts } = await serverLines();
    expect(byCode[CODES[2]]).toBe(2);
    expect(counts).toEqual({ total: 7, pending: 1, normal: 4, surplus: 2, shortage: 0 });
  });

  it('keeps a scan whose reply was lost through a reload, and counts it once when sent again', async () => {
    // While `loseReplies`, the server records the scans; their answers never reach the page.
    let loseReplies = true;
    let delivered = 0;
    await page.route('**/api/InventoryAsset', async (route) => {
      if (route.request().method() !== 'POST' || !loseReplies) return route.continue();
      await route.fetch();
      delivered += 1;
      await route.abort('connectionreset');
    });
    await typeCode(LOST);
    await eventually(() => delivered).toBeGreaterThan(0);
    await eventually(waitingCount).toBe('1');
    const before = await serverLines();
    expect(before.byCode[LOST]).toBe(4);
    expect(before.counts.surplus).toBe(3);

    // Still queued after loading other pages (each load tries again, and loses the reply again).
    await page.goto('/inventory');
    await eventually(() => byTestId('inventory-list-waiting').getAttribute('data-waiting')).toBe('1');
    await page.goto(`/inventory/details?id=${orderId}&count=1`);
    await page.reload();
    await byTestId('inventory-count').waitFor();
    await eventually(waitingCount).toBe('1');
    expect(await scanRow(LOST).getAttribute('data-status')).toBe('waiting');

    loseReplies = false;
    // What the browser's 'online' event does (the page also retries on a timer, and offers Sync now).
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await eventually(waitingCount).toBe('0');
    await page.unroute('**/api/InventoryAsset');
    // The answer of its first delivery (surplus), not that of a second scan (duplicate).
    expect(await scanRow(LOST).getAttribute('data-status')).toBe('surplus');
    const after = await serverLines();
    expect(after.counts).toEqual(before.counts);
    expect(after.lines.filter((l) => l.assetCoding === LOST)).toHaveLength(1);
    expect(browser.errors.filter((e) => !e.includes('net::ERR'))).toEqual([]);
  });

  it('finishes only once the scans on the device are sent', async () => {
    await browser.context.setOffline(true);
    await typeCode(CODES[0]);
    await eventually(waitingCount).toBe('1');
    await byTestId('inventory-finish').click();
    await eventually(() => byTestId('inventory-finish-problem').textContent()).toContain('还有 1 次扫描等待同步');
    expect(await byTestId('confirm-dialog').count()).toBe(0);
    await browser.context.setOffline(false);
    await eventually(waitingCount).toBe('0');
    expect(await scanRow(CODES[0]).getAttribute('data-status')).toBe('duplicate');
    await eventually(() => byTestId('inventory-finish-problem').count()).toBe(0);
    expect(await byTestId('inventory-order').getAttribute('data-status')).toBe('4');
  });

  it('finishes the count: the asset never scanned is short, the order not complete', async () => {
    await byTestId('inventory-finish').click();
    await eventually(() => byTestId('confirm-dialog').textContent()).toContain('尚未盘点的 1 项资产记为盘亏');
    await byTestId('confirm-ok').click();
    await eventually(() => byTestId('inventory-order').getAttribute('data-status')).toBe('128');
    expect(await byTestId('inventory-order-status').textContent()).toBe('未完成');
    expect(await byTestId('inventory-count-mode').count()).toBe(0);
    expect(await byTestId('inventory-finish').count()).toBe(0);
    const { byCode, counts } = await serverLines();
    expect(byCode[CODES[3]]).toBe(8);
    expect(counts).toEqual({ total: 8, pending: 0, normal: 4, surplus: 3, shortage: 1 });

    // The lines by result: shortage only.
    await byTestId('inventory-result-filter').click();
    await page.getByRole('option', { name: '盘亏', exact: true }).click();
    await eventually(() => byTestId('inventory-line-count').getAttribute('data-count')).toBe('1');
    expect(await page.locator('[data-testid="inventory-line"]').getAttribute('data-code')).toBe(CODES[3]);
    expect(new URL(page.url()).searchParams.get('result')).toBe('8');
    await shot('inventory-04-finished');
  });

  it('exports the lines as 盘点明细<date>.xlsx', async () => {
    await byTestId('inventory-result-filter').click();
    await page.getByRole('option', { name: '全部结果', exact: true }).click();
    await eventually(() => byTestId('inventory-line-count').getAttribute('data-count')).toBe('8');
    const [download] = await Promise.all([page.waitForEvent('download'), byTestId('inventory-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^盘点明细\d{8}\.xlsx$/);
    const book = XLSX.read(await readFile((await download.path())!));
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    const text = rows.map((r) => r.join('|'));
    expect(rows.length).toBeGreaterThanOrEqual(9); // a header and the 8 lines
    for (const code of [...CODES, CAMERA, OUTSIDE, UNKNOWN, LOST]) expect(text.filter((r) => r.includes(code))).toHaveLength(1);
    expect(text.find((r) => r.includes(CODES[3]))).toContain('盘亏');
    expect(text.find((r) => r.includes(CODES[0]))).toContain('正常');
    expect(text.find((r) => r.includes(UNKNOWN))).toContain('盘盈');
  });

  it('deletes the order after confirming', async () => {
    await page.goto('/inventory');
    const row = page.locator(`[data-testid="inventory-order-row"][data-order="${orderId}"]`);
    await row.locator('[data-testid="inventory-order-delete"]').click();
    await byTestId('confirm-cancel').click();
    expect(await row.count()).toBe(1);
    await row.locator('[data-testid="inventory-order-delete"]').click();
    await byTestId('confirm-ok').click();
    await eventually(() => row.count()).toBe(0);
    expect(browser.errors.filter((e) => !e.includes('net::ERR'))).toEqual([]);
  });
});
