/**
 * Opening a label while another is shown (src/app/pages/label/EditorCanvas.tsx): the overlay
 * (the label's border, selection, hints, table lines) waits for the raster's first frame of
 * the new label, so the new label's outline never shows over the old label's pixels or an
 * empty page. The order is read from the page's own task queue: every frame the editor puts
 * on its raster (src/editor/frame-mark.ts) and every outline the overlay strokes are logged as
 * they happen, so the test does not depend on timing.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLabel } from '../src/label';
import { writeLabel } from '../src/label/wdfx';
import { editorBenchLabel } from '../bench/editor-fixture';
import { logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 1600, height: 1000 });
  page = browser.page;
  page.setDefaultTimeout(30_000);
  await browser.context.addInitScript({
    content: `window.__log = [];
window.__assetmarkEditorFrame = (frame) => window.__log.push('frame:' + frame.controls);
const strokeRect = CanvasRenderingContext2D.prototype.strokeRect;
CanvasRenderingContext2D.prototype.strokeRect = function (x, y, w, h) {
  if (this.canvas.dataset && this.canvas.dataset.testid === 'editor-overlay') window.__log.push('outline:' + Math.round(w) + 'x' + Math.round(h));
  return strokeRect.call(this, x, y, w, h);
};`,
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(name: string, xml: string): Promise<void> {
  await page.locator('[data-testid="editor-file"]').setInputFiles({ name, mimeType: 'application/xml', buffer: Buffer.from(xml) });
  await expect.poll(() => page.locator('[data-testid="editor-file-name"]').textContent(), { timeout: 15_000 }).toBe(name);
  await page.locator('[data-testid="editor-raster"][data-state="ready"]').waitFor();
}

describe('the editor opening a label over another', () => {
  it("draws the new label's outline only with or after the raster's first frame of it", async () => {
    await page.goto('/login');
    await logInAsDemo(page);
    await page.goto('/label/editor?file=new');
    await open('first.wdfx', writeLabel(editorBenchLabel()));

    // A label of another size and control count: its outline and frames are told apart.
    const second = createLabel({
      templateID: 'open-frames',
      labelName: 'Second',
      labelWidth: 60,
      labelHeight: 40,
      children: [
        { kind: 'rectangle', x: 1, y: 1, width: 58, height: 38, lineWidth: 0.3 },
        { kind: 'text', x: 4, y: 4, width: 40, height: 6, fontName: 'Arial', fontHeight: 4, content: 'Second label' },
        { kind: 'barcode', x: 4, y: 14, width: 40, height: 14, type: 'code128', textPosition: 'below', content: 'ZC00000001' },
      ],
    });
    await page.evaluate(() => void ((window as unknown as { __log: string[] }).__log.length = 0));
    await open('second.wdfx', writeLabel(second));
    await expect.poll(() => page.evaluate(() => (window as unknown as { __log: string[] }).__log.includes('frame:3')), { timeout: 15_000 }).toBe(true);

    const zoom = Number(await page.locator('[data-testid="editor-raster"]').getAttribute('data-zoom'));
    // drawOverlay strokes the label's border one pixel outside it: (mm x zoom + 1) px.
    const outline = `outline:${Math.round(60 * zoom + 1)}x${Math.round(40 * zoom + 1)}`;
    const log = await page.evaluate(() => (window as unknown as { __log: string[] }).__log);
    const firstFrame = log.indexOf('frame:3');
    const firstOutline = log.indexOf(outline);
    expect(firstOutline, log.join(' ')).toBeGreaterThan(firstFrame);
    // Nothing of the second label's overlay came before its first frame.
    expect(log.slice(0, firstFrame).filter((e) => e === outline)).toEqual([]);
  });
});
