/**
 * The label editor's files in Chromium (issue 13, Files): a vendor-layout .wdfx opened,
 * one control moved with the keyboard and saved (a download) keeps every vendor spelling
 * and differs from the file only in that control's x and y; Save as XML gives the same
 * text as an .xml file, which opens again and saves unchanged; a file that is not a label
 * is refused with a message and changes nothing.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLabel } from '../src/label/wdfx';
import { withoutSource } from '../src/label/file-source';
import { parseXml } from '../src/label/xml/tree';
import { xmlDiff } from '../src/label/testing/xml-diff';
import { logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;

const byTestId = (id: string, on: Page | Locator = page) => on.locator(`[data-testid="${id}"]`);
const FIXTURE = new URL('../src/label/fixtures/vendor-asset-label.wdfx', import.meta.url);

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

async function rasterReady(): Promise<void> {
  await page.locator('[data-testid="editor-raster"][data-state="ready"]').waitFor();
}

/** Clicks label point (x, y) mm on the canvas at the current zoom. */
async function clickAt(xMm: number, yMm: number): Promise<void> {
  const overlay = byTestId('editor-overlay');
  const box = (await overlay.boundingBox())!;
  const ox = Number(await overlay.getAttribute('data-origin-x'));
  const oy = Number(await overlay.getAttribute('data-origin-y'));
  const zoom = Number(await byTestId('editor-raster').getAttribute('data-zoom'));
  await page.mouse.click(box.x + ox + xMm * zoom, box.y + oy + yMm * zoom);
}

async function position(): Promise<[number, number]> {
  return [Number(await byTestId('prop-x').inputValue()), Number(await byTestId('prop-y').inputValue())];
}

/** Clicks `button` and returns the download's suggested name and text. */
async function downloadOf(button: string): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await byTestId(button).click();
  const file = await download;
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

/** The number of controls, by selecting all (the property panel counts them). */
async function controlCount(): Promise<number> {
  await byTestId('editor-stage').press('Control+a');
  const text = (await byTestId('prop-many').textContent()) ?? '';
  await byTestId('editor-stage').press('Escape');
  return Number(/\d+/.exec(text)?.[0]);
}

describe('label files in the editor', () => {
  it('opens a vendor file, moves one control, and saves it with only that position changed', async () => {
    await page.goto('/login');
    await logInAsDemo(page);
    await page.goto('/label/editor?file=new');
    await rasterReady();

    const original = await readFile(FIXTURE, 'utf8');
    await byTestId('editor-file').setInputFiles({ name: 'vendor-asset-label.wdfx', mimeType: 'application/xml', buffer: Buffer.from(original) });
    await expect.poll(() => byTestId('editor-file-name').textContent()).toBe('vendor-asset-label.wdfx');
    await rasterReady();
    expect(await byTestId('label-width').inputValue()).toBe('60');

    // The arc text (20, 20; 12 x 12 mm) is the topmost control at its centre.
    await clickAt(26, 26);
    await expect.poll(() => byTestId('prop-panel').getAttribute('data-kind')).toBe('arctext');
    expect(await position()).toEqual([20, 20]);
    const stage = byTestId('editor-stage');
    await stage.press('ArrowRight');
    await stage.press('ArrowRight');
    await stage.press('ArrowDown');
    await expect.poll(position).toEqual([21, 20.5]);
    await byTestId('editor-dirty').waitFor();

    const saved = await downloadOf('editor-save');
    expect(saved.name).toBe('vendor-asset-label.wdfx');
    expect(xmlDiff(parseXml(original), parseXml(saved.text))).toEqual([
      'LPAPI/Page[0]/ArcText[21]@x: "20" -> "21"',
      'LPAPI/Page[0]/ArcText[21]@y: "20" -> "20.5"',
    ]);
    for (const spelling of ['barcodeType="CODE128"', 'textPosition="2"', 'type="RoundRect"', 'zoneSize="None"', '<String ', '<Circle ']) expect(saved.text).toContain(spelling);
    await byTestId('editor-dirty').waitFor({ state: 'detached' });

    // Save as XML: the same text, named .xml.
    const xml = await downloadOf('editor-save-xml');
    expect(xml.name).toBe('vendor-asset-label.xml');
    expect(xml.text).toBe(saved.text);
    await expect.poll(() => byTestId('editor-file-name').textContent()).toBe('vendor-asset-label.xml');

    // A new label, then the .xml opened: the same 22 controls, not dirty; saved again unchanged.
    await byTestId('editor-new').click();
    await expect.poll(() => byTestId('label-width').inputValue()).toBe('40');
    await byTestId('editor-file').setInputFiles({ name: 'vendor-asset-label.xml', mimeType: 'application/xml', buffer: Buffer.from(xml.text) });
    await expect.poll(() => byTestId('editor-file-name').textContent()).toBe('vendor-asset-label.xml');
    await rasterReady();
    expect(await controlCount()).toBe(22);
    expect(await byTestId('editor-dirty').count()).toBe(0);
    const again = await downloadOf('editor-save');
    expect(again.name).toBe('vendor-asset-label.xml');
    expect(again.text).toBe(xml.text);
    const read = readLabel(again.text);
    const first = readLabel(saved.text);
    expect(read.ok && first.ok && withoutSource(read.value)).toStrictEqual(first.ok && withoutSource(first.value));
    expect(browser.errors).toEqual([]);
  });

  it('refuses a file that is not a label with a message, and keeps the open label', async () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0, 0, 0, 0, 0]);
    await byTestId('editor-file').setInputFiles({ name: 'broken.wdfx', mimeType: 'application/octet-stream', buffer: zip });
    await expect.poll(() => byTestId('editor-message').textContent()).toContain('broken.wdfx');
    const message = (await byTestId('editor-message').textContent()) ?? '';
    expect(message).toContain('zip');
    expect(message).toContain('标签文件（.wdfx 或 .xml）');
    expect(await byTestId('editor-file-name').textContent()).toBe('vendor-asset-label.xml');
    expect(await controlCount()).toBe(22);
    expect(await byTestId('editor-dirty').count()).toBe(0);
    expect(browser.errors).toEqual([]);
  });
});
