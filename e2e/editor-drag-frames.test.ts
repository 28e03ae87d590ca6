/**
 * What the editor shows while a control is dragged is the engine's full render (issue 13,
 * "Benchmarks"; src/app/pages/label/dragFrames.ts): on the editor benchmark's 50-control
 * label, a Code 128 dragged in steps; the canvas's pixels while the button is still down
 * (frames composed from the still controls and the moving one) equal those after release,
 * when the label has been rendered whole again; the overlay (selection border, handles) at
 * the last move's frame equals the overlay after release (it moves with the control in the
 * same frame, while the rest of the page renders after it).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLabel } from '../src/label/wdfx';
import { DRAGGED, editorBenchLabel } from '../bench/editor-fixture';
import { logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 1600, height: 1000 });
  page = browser.page;
  page.setDefaultTimeout(30_000);
  // Counts the editor's frames (src/editor/frame-mark.ts).
  // With `window.__overlayAfterFrame` set, the overlay's pixels at the animation frame after
  // each label frame (before anything the page does after that frame).
  await browser.context.addInitScript({
    content: `window.__frames = 0;
window.__overlaySum = () => {
  const c = document.querySelector('[data-testid="editor-overlay"]');
  const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let hash = 0;
  for (let i = 0; i < data.length; i++) hash = (Math.imul(hash, 31) + data[i]) | 0;
  return String(hash);
};
window.__assetmarkEditorFrame = () => {
  window.__frames++;
  if (window.__overlayAfterFrame !== undefined) requestAnimationFrame(() => { window.__overlayAfterFrame = window.__overlaySum(); });
};`,
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const raster = () => page.locator('[data-testid="editor-raster"]');

/** The raster canvas's pixels, as a string to compare (and its size). */
function pixels(): Promise<{ width: number; height: number; sum: string }> {
  return raster().evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let hash = 0;
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) {
      hash = (Math.imul(hash, 31) + data[i]!) | 0;
      if (data[i]! < 255) ink++;
    }
    return { width: c.width, height: c.height, sum: `${hash}:${ink}` };
  });
}

describe('the editor while dragging', () => {
  it('shows exactly the full render of the label as it is left', async () => {
    await page.goto('/login');
    await logInAsDemo(page);
    await page.goto('/label/editor?file=new');
    const doc = editorBenchLabel();
    await page.locator('[data-testid="editor-file"]').setInputFiles({ name: 'bench.wdfx', mimeType: 'application/xml', buffer: Buffer.from(writeLabel(doc)) });
    await expect.poll(() => page.locator('[data-testid="editor-file-name"]').textContent()).toBe('bench.wdfx');
    await page.locator('[data-testid="editor-raster"][data-state="ready"]').waitFor();

    const overlay = page.locator('[data-testid="editor-overlay"]');
    const box = (await overlay.boundingBox())!;
    const zoom = Number(await raster().getAttribute('data-zoom'));
    const el = doc.children[DRAGGED]!;
    const x = box.x + Number(await overlay.getAttribute('data-origin-x')) + (el.x + el.width / 2) * zoom;
    const y = box.y + Number(await overlay.getAttribute('data-origin-y')) + (el.y + el.height / 2) * zoom;
    const before = await pixels();

    await page.keyboard.down('Alt'); // no snapping: every step moves the control
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.evaluate(() => ((window as unknown as { __overlayAfterFrame: string }).__overlayAfterFrame = ''));
    const framesBefore = await page.evaluate(() => (window as unknown as { __frames: number }).__frames);
    for (let i = 1; i <= 12; i++) {
      await page.mouse.move(x + i * 3, y + i);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    }
    // Drag frames: drawn while the whole label is not rendered (the raster stays 'busy').
    await expect.poll(() => page.evaluate(() => (window as unknown as { __frames: number }).__frames)).toBeGreaterThan(framesBefore + 5);
    expect(await raster().getAttribute('data-state')).toBe('busy');
    const during = await pixels();
    // The selection border and handles as the last move's frame was shown: drawn with it.
    const overlayDuring = await page.evaluate(() => (window as unknown as { __overlayAfterFrame: string }).__overlayAfterFrame);
    await page.mouse.up();
    await page.keyboard.up('Alt');
    await page.locator('[data-testid="editor-raster"][data-state="ready"]').waitFor();
    const after = await pixels();
    expect(overlayDuring).not.toBe('');
    expect(overlayDuring).toBe(await page.evaluate(() => (window as unknown as { __overlaySum: () => string }).__overlaySum()));

    expect(during.sum).not.toBe(before.sum); // the control moved
    expect(during).toEqual(after);
    expect(await page.locator('[data-testid="prop-x"]').inputValue()).not.toBe(String(el.x));
  });
});
