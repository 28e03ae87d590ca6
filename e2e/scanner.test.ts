/**
 * The scanner (ScannerPanel) in Chromium, in the transaction form's asset picker, as the
 * demo admin:
 *
 *   - camera: Chromium's fake camera plays a video of printed labels (e2e/fake-camera.ts:
 *     one QR, one Data Matrix, one Code 128, each carrying a registered asset's code); the
 *     worker reads all three and the picker adds the three assets (the set of codes, in
 *     whatever order and time the video gives them); stopping releases the camera, so do
 *     hiding the page (it resumes when shown) and leaving the form;
 *   - keyboard-wedge scanner: a burst of keys ending in Enter (dispatched in one task, as
 *     fast as a scanner types) adds its asset; the same code typed at a person's pace
 *     (120 ms a key) is not taken as a scan;
 *   - errors: camera permission denied and an insecure page give their message in Chinese
 *     and English.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeCameraArgs, writeFakeCamera, type FakeCameraLabel } from './fake-camera';
import { callApi, CHROMIUM_ARGS, startServer, type RunningServer } from './harness';

const LABELS: FakeCameraLabel[] = [
  { code: 'E2E-SCAN-QR1', symbology: 'qrcode' },
  { code: 'E2E-SCAN-DM2', symbology: 'datamatrix' },
  { code: 'E2E-SCAN-C3', symbology: 'code128' },
];
const WEDGE_CODE = 'E2E-SCAN-W4';
const SLOW_CODE = 'E2E-SCAN-S5';

let server: RunningServer;
let videoDir: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

const byTestId = (id: string, on: Page = page) => on.locator(`[data-testid="${id}"]`);
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();
const chosenCodes = async () => (await page.locator('[data-testid="business-asset"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code')))).sort();

const api = <T>(method: string, path: string, token: string | null, body?: unknown) => callApi<T>(server.baseUrl, method, path, token, body);

/** Camera tracks the page holds that are still live (getUserMedia's streams, recorded by an
 * init script). */
const liveTracks = () =>
  page.evaluate(() => ((window as unknown as { cameraStreams?: MediaStream[] }).cameraStreams ?? []).flatMap((s) => s.getTracks()).filter((t) => t.readyState === 'live').length);

/** Makes the page look hidden or shown to it (document.hidden and visibilitychange). */
async function setHidden(hidden: boolean) {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

async function login(on: Page) {
  await on.goto('/login');
  await byTestId('use-demo', on).click();
  await byTestId('login-submit', on).click();
  await on.waitForURL('**/dashboard');
}

beforeAll(async () => {
  videoDir = await mkdtemp(join(tmpdir(), 'assetmark-fake-camera-'));
  const video = await writeFakeCamera(videoDir, LABELS, { framesPerLabel: 15, gapFrames: 5 });
  server = await startServer();
  const admin = await api<{ loginID: string }>('POST', 'api/Login', null, { email: 'demo@assetmark.local', password: md5('demo1234') });
  const { departments } = await api<{ departments: Array<{ id: number; affiliatedDept: number | null }> }>('GET', 'api/Department/List', admin.loginID);
  const root = departments.find((d) => d.affiliatedDept === null)!;
  for (const code of [...LABELS.map((l) => l.code), WEDGE_CODE, SLOW_CODE]) {
    await api('POST', 'api/Asset', admin.loginID, { assetName: `扫码 ${code}`, assetCoding: code, affiliatedDept: root.id });
  }
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...fakeCameraArgs(video)] });
  context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams = streams;
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      streams.push(stream);
      return stream;
    };
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await login(page);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (videoDir) await rm(videoDir, { recursive: true, force: true });
});

describe('scanner in the asset picker', () => {
  it('reads QR, Data Matrix and Code 128 labels from the camera and adds their assets', async () => {
    await page.goto('/asset/businessInfo?type=Alter');
    await byTestId('scanner-camera-start').click();
    await expect.poll(() => byTestId('scanner').getAttribute('data-camera-status')).toBe('running');
    // The video loops; every label comes round within a few seconds.
    await expect.poll(chosenCodes, { timeout: 60_000 }).toEqual(LABELS.map((l) => l.code).sort());
    expect(await byTestId('scanner-last').getAttribute('data-source')).toBe('camera');

    await byTestId('scanner-camera-stop').click();
    await expect.poll(() => byTestId('scanner').getAttribute('data-camera-status')).toBe('idle');
    expect(await byTestId('scanner-video').evaluate((v) => (v as HTMLVideoElement).srcObject)).toBeNull();
    expect(await liveTracks()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('gives the camera back while the page is hidden and when the scanner goes away', async () => {
    await page.goto('/asset/businessInfo?type=Alter');
    await byTestId('scanner-camera-start').click();
    await expect.poll(() => byTestId('scanner').getAttribute('data-camera-status')).toBe('running');
    expect(await liveTracks()).toBe(1);
    await setHidden(true);
    await expect.poll(liveTracks).toBe(0);
    expect(await byTestId('scanner').getAttribute('data-camera-status')).toBe('idle');
    await setHidden(false);
    await expect.poll(() => byTestId('scanner').getAttribute('data-camera-status')).toBe('running');
    expect(await liveTracks()).toBe(1);
    // Leaving the form (a client-side navigation) unmounts the scanner.
    await byTestId('nav-/asset/business').click();
    await page.waitForURL('**/asset/business');
    await expect.poll(liveTracks).toBe(0);
    expect(errors).toEqual([]);
  });

  it('takes a fast burst of keys ending in Enter as a wedge scan, and typing at a person’s pace not', async () => {
    await page.goto('/asset/businessInfo?type=Alter');
    await byTestId('business-asset-count').waitFor();
    const scans = async () => Number(await byTestId('scanner').getAttribute('data-scans'));
    expect(await scans()).toBe(0);

    // A person typing the code (120 ms a key) with no field focused, then Enter.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.type(SLOW_CODE, { delay: 120 });
    await page.keyboard.press('Enter');
    // Then a scanner: every key in one task, microseconds apart.
    await page.evaluate((code) => {
      for (const key of [...code, 'Enter']) document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }, WEDGE_CODE);
    // Keys are handled in order: once the burst is seen, the slow typing was too, and it did not count.
    await expect.poll(() => byTestId('scanner-last').getAttribute('data-text')).toBe(WEDGE_CODE);
    expect(await scans()).toBe(1);
    expect(await byTestId('scanner-last').getAttribute('data-source')).toBe('wedge');
    await expect.poll(chosenCodes).toEqual([WEDGE_CODE]);

    // Keys into a text field are the field's, however fast: a burst there is no wedge scan.
    await byTestId('business-asset-code').evaluate((input, code) => {
      for (const key of [...code, 'Enter']) input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }, SLOW_CODE);
    // The typed entry: the code typed, then Enter.
    await byTestId('business-asset-code').fill(SLOW_CODE);
    await byTestId('business-asset-code').press('Enter');
    await expect.poll(chosenCodes).toEqual([SLOW_CODE, WEDGE_CODE].sort());
    expect(await byTestId('scanner-last').getAttribute('data-source')).toBe('typed');
    expect(await scans()).toBe(2);
    expect(errors).toEqual([]);
  });

  it('says why the camera cannot start: permission denied, insecure page (zh and en)', async () => {
    const cases = [
      {
        code: 'denied',
        script: () => {
          navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
        },
        zh: '摄像头权限被拒绝',
        en: 'Camera permission was denied',
      },
      {
        code: 'insecure',
        script: () => Object.defineProperty(window, 'isSecureContext', { value: false }),
        zh: '安全连接（https）',
        en: 'secure connection (https)',
      },
    ];
    for (const c of cases) {
      const other = await context.newPage();
      await other.addInitScript(c.script);
      await other.goto('/asset/businessInfo?type=Alter');
      await byTestId('scanner-camera-start', other).click();
      await expect.poll(() => byTestId('scanner-error', other).getAttribute('data-code')).toBe(c.code);
      expect(await byTestId('scanner-error', other).textContent()).toContain(c.zh);
      await byTestId('language-menu', other).click();
      await byTestId('language-en', other).click();
      await expect.poll(() => byTestId('scanner-error', other).textContent()).toContain(c.en);
      expect(await byTestId('scanner', other).getAttribute('data-camera-status')).toBe('error');
      await byTestId('language-menu', other).click();
      await byTestId('language-zh-CN', other).click();
      await other.close();
    }
  });
});
