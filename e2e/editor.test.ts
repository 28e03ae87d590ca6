/**
 * The label editor in Chromium, end to end, as the demo user: a new label, a text and a QR
 * code from the toolbox, a text typed in the property panel, a mouse drag and arrow-key
 * moves, undo and redo from the keyboard, an anchor resize, select all, duplicate and
 * delete, a save (a download) that reads back (readLabel)
 * with the same controls at the same positions, and the editor's raster at "printer
 * dots" (one screen pixel a dot at the label's 203 dpi) equal, dot for dot, to the page the
 * Node engine renders for the saved file as a print job.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLabel } from '../src/label/wdfx';
import type { LabelDocument } from '../src/label/label';
import { openJob } from '../src/print/job';
import { loadLabelEngine } from '../src/render/pool-renderer';
import { logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;

const byTestId = (id: string, on: Page | Locator = page) => on.locator(`[data-testid="${id}"]`);

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 900 });
  page = browser.page;
  page.setDefaultTimeout(20_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits until the raster shows the current document. */
async function rasterReady(): Promise<void> {
  await page.locator('[data-testid="editor-raster"][data-state="ready"]').waitFor();
}

/** The page point (px) of label point (x, y) mm on the canvas at the current zoom. */
async function at(xMm: number, yMm: number): Promise<{ x: number; y: number }> {
  const overlay = byTestId('editor-overlay');
  const box = (await overlay.boundingBox())!;
  const ox = Number(await overlay.getAttribute('data-origin-x'));
  const oy = Number(await overlay.getAttribute('data-origin-y'));
  const zoom = Number(await byTestId('editor-raster').getAttribute('data-zoom'));
  return { x: box.x + ox + xMm * zoom, y: box.y + oy + yMm * zoom };
}

async function clickAt(xMm: number, yMm: number): Promise<void> {
  const p = await at(xMm, yMm);
  await page.mouse.click(p.x, p.y);
}

async function position(): Promise<[number, number]> {
  return [Number(await byTestId('prop-x').inputValue()), Number(await byTestId('prop-y').inputValue())];
}

describe('the label editor', () => {
  let saved: LabelDocument;
  let savedText: string;

  it('designs a label with the mouse and the keyboard, undoes, redoes and saves it', async () => {
    await page.goto('/login');
    await logInAsDemo(page);
    await page.goto('/label/editor?file=new');
    await rasterReady();
    expect(await byTestId('label-width').inputValue()).toBe('40');
    expect(await byTestId('label-height').inputValue()).toBe('30');

    // The toolbox: a text at (0, 0), then a QR code at the first free position (1, 1).
    await byTestId('insert-text').click();
    await byTestId('insert-qrcode').click();
    await expect.poll(() => byTestId('prop-panel').getAttribute('data-kind')).toBe('qrcode');
    expect(await position()).toEqual([1, 1]);

    // Select the text where the QR code does not cover it, and give it content.
    await clickAt(15, 2);
    await expect.poll(() => byTestId('prop-panel').getAttribute('data-kind')).toBe('text');
    await byTestId('prop-content').fill('资产 A-0042');
    await byTestId('prop-content').press('Tab');
    // A value out of range is refused at the field and changes nothing.
    await byTestId('prop-x').fill('-5000');
    await byTestId('prop-x').press('Enter');
    await expect.poll(() => page.getByText('-2000').count()).toBeGreaterThan(0);
    await byTestId('prop-x').fill('0');
    await byTestId('prop-x').press('Enter');

    // Drag the text 8 mm down with the mouse: one undo step.
    const from = await at(15, 2);
    const to = await at(15, 10);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(from.x, from.y + ((to.y - from.y) * i) / 8);
    await page.mouse.up();
    const [, dragY] = await position();
    expect(dragY).toBeCloseTo(8, 0);
    await byTestId('editor-stage').press('Control+z');
    await expect.poll(position).toEqual([0, 0]);
    await byTestId('editor-stage').press('Control+y');
    await expect.poll(position).toEqual([0, dragY]);

    // Select the QR code and move it with the arrows: 0.5 mm, and 5 mm with Shift.
    await clickAt(6, 5);
    await expect.poll(() => byTestId('prop-panel').getAttribute('data-kind')).toBe('qrcode');
    const stage = byTestId('editor-stage');
    await stage.press('ArrowRight');
    await stage.press('ArrowRight');
    await stage.press('Shift+ArrowDown');
    await expect.poll(position).toEqual([2, 6]);
    await stage.press('Control+z');
    await expect.poll(position).toEqual([2, 1]);
    await stage.press('Control+z');
    await expect.poll(position).toEqual([1.5, 1]);
    await stage.press('Control+Shift+z');
    await stage.press('Control+y');
    await expect.poll(position).toEqual([2, 6]);
    await byTestId('editor-dirty').waitFor();

    // Resize by the bottom-right anchor: 4 mm wider and taller in one drag, one undo step.
    const corner = await at(12, 16);
    const past = await at(16, 20);
    await page.mouse.move(corner.x, corner.y);
    await page.mouse.down();
    for (let i = 1; i <= 6; i++) await page.mouse.move(corner.x + ((past.x - corner.x) * i) / 6, corner.y + ((past.y - corner.y) * i) / 6);
    await page.mouse.up();
    await expect.poll(() => byTestId('prop-width').inputValue()).toBe('14');
    expect(await byTestId('prop-height').inputValue()).toBe('14');
    expect(await position()).toEqual([2, 6]);
    await stage.press('Control+z');
    await expect.poll(() => byTestId('prop-width').inputValue()).toBe('10');

    // Select all, deselect, duplicate beside the original and delete the copy.
    await stage.press('Control+a');
    await expect.poll(() => byTestId('prop-many').textContent()).toContain('2');
    await stage.press('Escape');
    await byTestId('prop-panel').waitFor({ state: 'detached' });
    await clickAt(7, 11);
    await stage.press('Control+d');
    await expect.poll(position).toEqual([3, 7]);
    await stage.press('Delete');
    await byTestId('prop-panel').waitFor({ state: 'detached' });
    await stage.press('Control+a');
    await expect.poll(() => byTestId('prop-many').textContent()).toContain('2');

    // Leaving with unsaved changes asks first; declining stays in the editor.
    const asked = page.waitForEvent('dialog').then(async (dialog) => {
      const text = dialog.message();
      await dialog.dismiss();
      return text;
    });
    await byTestId('nav-/label/print').click();
    expect(await asked).toContain('未保存');
    expect(new URL(page.url()).pathname).toBe('/label/editor');

    // Save: a .wdfx download that reads back with the same controls and positions.
    const download = page.waitForEvent('download');
    await byTestId('editor-save').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('label.wdfx');
    savedText = await readFile((await file.path())!, 'utf8');
    const read = readLabel(savedText);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    saved = read.value;
    expect(saved.version).toBe('1.3');
    expect(saved.children.map((c) => [c.kind, c.x, c.y])).toEqual([
      ['text', 0, dragY],
      ['qrcode', 2, 6],
    ]);
    expect(saved.children[0]).toMatchObject({ content: '资产 A-0042' });
    expect(saved.children[1]).toMatchObject({ width: 10, height: 10, type: 'qrcode' });
    await byTestId('editor-dirty').waitFor({ state: 'detached' });

    // A new label, then the saved file opened from disk: its two controls, not dirty.
    await byTestId('editor-new').click();
    await byTestId('editor-stage').press('Control+a');
    await byTestId('prop-panel').waitFor({ state: 'detached' });
    await byTestId('prop-many').waitFor({ state: 'detached' });
    await byTestId('editor-file').setInputFiles({ name: 'label.wdfx', mimeType: 'application/xml', buffer: Buffer.from(savedText) });
    await expect.poll(() => byTestId('editor-file-name').textContent()).toBe('label.wdfx');
    await byTestId('editor-stage').press('Control+a');
    await expect.poll(() => byTestId('prop-many').textContent()).toContain('2');
    expect(await byTestId('editor-dirty').count()).toBe(0);
    await rasterReady();
    expect(browser.errors).toEqual([]);
  });

  it("shows at printer dots exactly the page the print job renders at 203 dpi", async () => {
    await byTestId('editor-stage').press('Escape'); // no selection: nothing to compare but the label
    await byTestId('zoom-dots').click();
    await page.locator('[data-testid="editor-raster"][data-state="ready"][data-dots="true"]').waitFor();
    const shown = await byTestId('editor-raster').evaluate((canvas: HTMLCanvasElement) => {
      const ctx = canvas.getContext('2d')!;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const dark: number[] = [];
      for (let i = 0; i < canvas.width * canvas.height; i++) dark.push(data[i * 4]! < 128 ? 1 : 0);
      return { width: canvas.width, height: canvas.height, dark };
    });

    const engine = await loadLabelEngine();
    const job = openJob(engine, savedText, null, { dpi: 203 });
    expect(job.ok).toBe(true);
    if (!job.ok) return;
    const printed = job.value.page(0);
    expect(printed.ok).toBe(true);
    if (!printed.ok) return;
    const p = printed.value;
    expect([shown.width, shown.height]).toEqual([p.width, p.height]);
    const expected: number[] = [];
    for (let y = 0; y < p.height; y++) for (let x = 0; x < p.width; x++) expected.push((p.data[y * p.stride + (x >> 3)]! >> (7 - (x & 7))) & 1);
    const inked = expected.reduce((a, b) => a + b, 0);
    expect(inked).toBeGreaterThan(1000); // the QR code and the text are on it
    let differ = 0;
    for (let i = 0; i < expected.length; i++) if (expected[i] !== shown.dark[i]) differ++;
    expect(differ).toBe(0);
    expect(saved.children).toHaveLength(2);
  });
});
