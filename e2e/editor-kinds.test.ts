/**
 * The label editor's further kinds, label settings and PNG export in Chromium (issue 13):
 * each new toolbox kind inserted once (Data Matrix, PDF417, Grid Matrix, arc text, a
 * picture and a logo from a PNG file, a table), a table's row count refused out of 1..30
 * and accepted within, a label setting (orientation 90, mirror print) set and undone, the
 * current page exported as a PNG whose size in dots and dots themselves are the page the
 * Node engine prints at 203 dpi for the saved file, and the saved file read back
 * (readLabel) with every kind in it.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { decode, encode } from 'fast-png';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLabel } from '../src/label/wdfx';
import { openJob } from '../src/print/job';
import { loadLabelEngine } from '../src/render/pool-renderer';
import { logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;

const byTestId = (id: string, on: Page | Locator = page) => on.locator(`[data-testid="${id}"]`);

/** An opaque 8 x 8 RGB picture, black and white quarters (the browser and Node decode
 * opaque PNGs to the same pixels). */
function picturePng(): Buffer {
  const data = new Uint8Array(8 * 8 * 3);
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) data.fill((x < 4) === (y < 4) ? 0 : 255, (y * 8 + x) * 3, (y * 8 + x) * 3 + 3);
  return Buffer.from(encode({ width: 8, height: 8, channels: 3, data }));
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 1000 });
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

const kindShown = () => byTestId('prop-panel').getAttribute('data-kind');

/** Clicks a picture tool and gives its file chooser `file`. */
async function choosePicture(testId: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await byTestId(testId).click();
  await (await chooser).setFiles(file);
}

describe('the label editor: more kinds, label settings, PNG export', () => {
  it('inserts every new kind, edits a table, sets and undoes label settings, exports PNG and saves', async () => {
    await page.goto('/login');
    await logInAsDemo(page);
    await page.goto('/label/editor?file=new');
    await rasterReady();

    // 2D codes of each further type: a 2D code control with its type and the type's options.
    await byTestId('insert-datamatrix').click();
    await expect.poll(kindShown).toBe('qrcode');
    expect(await byTestId('prop-code-type').inputValue()).toBe('datamatrix');
    await byTestId('prop-dm-shape').selectOption('square');
    await byTestId('insert-pdf417').click();
    await expect.poll(() => byTestId('prop-code-type').inputValue()).toBe('pdf417');
    await byTestId('prop-pdf417-ecc').selectOption('4');
    await byTestId('insert-gridmatrix').click();
    await expect.poll(() => byTestId('prop-code-type').inputValue()).toBe('gridmatrix');
    await byTestId('prop-gm-ecc').selectOption('3');

    // Arc text: its content and font size in the panel.
    await byTestId('insert-arctext').click();
    await expect.poll(kindShown).toBe('arctext');
    await byTestId('prop-content').fill('固定资产 ASSET');
    await byTestId('prop-content').press('Enter');
    await byTestId('prop-font-size').waitFor();

    // A file that is not a picture is refused with a message and inserts nothing.
    await choosePicture('insert-picture', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect.poll(() => byTestId('editor-message').textContent()).toContain('PNG');
    await expect.poll(kindShown).toBe('arctext');
    await choosePicture('insert-picture', { name: 'photo.png', mimeType: 'image/png', buffer: picturePng() });
    await expect.poll(kindShown).toBe('picture');
    await byTestId('prop-color-mode').selectOption('2');
    await choosePicture('insert-logo', { name: 'logo.png', mimeType: 'image/png', buffer: picturePng() });
    await expect.poll(kindShown).toBe('logo');

    // Table: 2 x 3; 31 rows are refused at the field (nothing applied), 4 are taken.
    await byTestId('insert-table').click();
    await expect.poll(kindShown).toBe('table');
    expect([await byTestId('prop-rows').inputValue(), await byTestId('prop-cols').inputValue()]).toEqual(['2', '3']);
    await byTestId('prop-rows').fill('31');
    await byTestId('prop-rows').press('Enter');
    await expect.poll(() => page.getByText('1 到 30').count()).toBeGreaterThan(0);
    expect(await byTestId('prop-height').inputValue()).toBe('10');
    await byTestId('prop-rows').fill('4');
    await byTestId('prop-rows').press('Enter');
    await expect.poll(() => byTestId('prop-height').inputValue()).toBe('20');
    await rasterReady();

    // Label settings (nothing selected): orientation 90 and mirror print, then undone.
    await byTestId('editor-stage').press('Escape');
    await byTestId('prop-panel').waitFor({ state: 'detached' });
    await byTestId('label-orientation').selectOption('90');
    await byTestId('label-mirror-print').click();
    await expect.poll(() => byTestId('label-mirror-print').isChecked()).toBe(true);
    expect(await byTestId('label-orientation').inputValue()).toBe('90');
    await byTestId('editor-undo').click();
    await expect.poll(() => byTestId('label-mirror-print').isChecked()).toBe(false);
    expect(await byTestId('label-orientation').inputValue()).toBe('90');
    await byTestId('editor-undo').click();
    await expect.poll(() => byTestId('label-orientation').inputValue()).toBe('0');
    // The table's 4 rows are still there: only the two settings were undone.
    await byTestId('editor-stage').press('Control+a');
    await expect.poll(() => byTestId('prop-many').textContent()).toContain('7');
    await byTestId('editor-stage').press('Escape');
    await rasterReady();

    // Export the current page: a PNG download of the printer's page.
    const pngDownload = page.waitForEvent('download');
    await byTestId('editor-export-png').click();
    const pngFile = await pngDownload;
    expect(pngFile.suggestedFilename()).toBe('label-0001.png');
    const png = decode(await readFile((await pngFile.path())!));
    await expect.poll(() => byTestId('editor-message').textContent()).toContain('label-0001.png');

    // Save and read back: every kind there, with the options set above.
    const saveDownload = page.waitForEvent('download');
    await byTestId('editor-save').click();
    const savedText = await readFile((await (await saveDownload).path())!, 'utf8');
    const read = readLabel(savedText);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const doc = read.value;
    expect(doc).toMatchObject({ orientation: 0, mirrorPrint: false });
    expect(doc.children.map((c) => (c.kind === 'qrcode' ? c.type : c.kind))).toEqual(['datamatrix', 'pdf417', 'gridmatrix', 'arctext', 'picture', 'logo', 'table']);
    expect(doc.children[0]).toMatchObject({ dmCodeShape: 'square', width: 10, height: 10 });
    expect(doc.children[1]).toMatchObject({ pdf417EccLevel: 4 });
    expect(doc.children[2]).toMatchObject({ gmEccLevel: 3 });
    expect(doc.children[3]).toMatchObject({ content: '固定资产 ASSET', width: 20, height: 20 });
    expect(doc.children[4]).toMatchObject({ colorMode: 2 });
    expect(doc.children[5]).toMatchObject({ colorMode: 0 });
    for (const i of [4, 5]) expect((doc.children[i] as { content: string }).content.startsWith('data:image/png;base64,')).toBe(true);
    expect(doc.children[6]).toMatchObject({ rows: 4, cols: 3, width: 24, height: 20 });

    // The PNG is the page the Node engine prints for the saved file at 203 dpi, dot for dot.
    const engine = await loadLabelEngine();
    const job = openJob(engine, savedText, null, { dpi: 203, turn: 'label' });
    expect(job.ok).toBe(true);
    if (!job.ok) return;
    const printed = job.value.page(0);
    expect(printed.ok).toBe(true);
    if (!printed.ok) return;
    const p = printed.value;
    expect([png.width, png.height, png.depth, png.channels]).toEqual([p.width, p.height, 1, 1]);
    expect([png.width, png.height]).toEqual([Math.round((40 * 203) / 25.4), Math.round((30 * 203) / 25.4)]);
    expect(png.resolution).toEqual({ x: 7992, y: 7992, unit: 1 });
    const rowBytes = Math.ceil(p.width / 8);
    let differ = 0;
    let black = 0;
    for (let y = 0; y < p.height; y++) {
      for (let x = 0; x < p.width; x++) {
        const dot = (p.data[y * p.stride + (x >> 3)]! >> (7 - (x & 7))) & 1;
        const white = (png.data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
        if (dot === white) differ++;
        black += dot;
      }
    }
    expect(black).toBeGreaterThan(2000); // three codes, pictures, a table and arc text
    expect(differ).toBe(0);
    expect(browser.errors).toEqual([]);
  });
});
