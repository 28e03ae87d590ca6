/**
 * Picture compression (issue 26; label-editor.md section 9: "image compression tries
 * quality from 0.9 down to 0.1 to meet a size limit in MB; default scale 0.7"), in Chromium
 * against the built app and the real server. A user inserts a picture from a PNG over the
 * 10 MB a label embeds (noise, made here with fast-png): the editor compresses it to a JPEG
 * within 10 MB and says so, instead of refusing it. Then *Compress picture* with a 0.05 MB
 * limit re-encodes it smaller (one undo step; undo brings the larger one back, redo the
 * smaller); a limit the picture already meets leaves it as it is. The saved file embeds the
 * small JPEG (its size and pixels as the panel said), and the virtual printer's page is the
 * Node engine's page for the saved file (to within JPEG decoders' rounding, in the picture's
 * box only), the picture's box inked.
 *
 * Every wait is on a UI state (data-state, data-intent, polls on values), never on time.
 */
import { readFile } from 'node:fs/promises';
import { encode as encodePng } from 'fast-png';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedBytes } from '../src/label/embedded';
import type { LabelDocument } from '../src/label/label';
import { readLabel } from '../src/label/wdfx';
import { pictureSize } from '../src/render/images';
import { loadLabelEngine } from '../src/render/pool-renderer';
import { differ, Editor, installFrameCounter, type Dots } from './editor-user';
import { logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';
import { engineDots, printOnVirtualPrinter } from './printed-pages';

const DPI = 203;
const MAX_EMBEDDED = 10 * 1024 * 1024;
const PICTURE = { x: 2, y: 2, w: 30, h: 24 };

let server: RunningServer;
let browser: BrowserSession;
let editor: Editor;
let savedText = '';

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 1000 });
  await installFrameCounter(browser.context);
  browser.page.setDefaultTimeout(30_000);
  editor = new Editor(browser.page);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A noisy RGB PNG (seeded, so the same every run) that no PNG filter shrinks much:
 * 1900 x 1900 pixels, about 10.8 MB. */
function noisyPng(): Buffer {
  const width = 1900;
  const height = 1900;
  const data = new Uint8Array(width * height * 3);
  let s = 0x2545f491;
  for (let i = 0; i < data.length; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    data[i] = s & 0xff;
  }
  return Buffer.from(encodePng({ width, height, data, channels: 3, depth: 8 }));
}


/** The selected picture's embedded bytes, as the saved label would hold them. */
async function shownPicture(): Promise<{ mime: string; bytes: Uint8Array }> {
  const download = editor.page.waitForEvent('download');
  await editor.id('editor-save').click();
  savedText = await readFile((await (await download).path())!, 'utf8');
  const read = readLabel(savedText);
  expect(read.ok && read.warnings).toEqual([]);
  const doc = (read as { ok: true; value: LabelDocument }).value;
  const el = doc.children[0] as { kind: string; content: string };
  expect(el.kind).toBe('picture');
  return embeddedBytes(el.content)!;
}

async function compressTo(limitMb: number): Promise<string> {
  await editor.setField('prop-picture-limit', limitMb);
  await editor.id('prop-picture-compress').click();
  await editor.page.locator('[data-testid="prop-picture-compress"][data-state="idle"]').waitFor();
  await editor.id('prop-picture-compressed').waitFor();
  expect(await editor.id('prop-picture-compressed').getAttribute('data-intent')).toBe('done');
  return (await editor.id('prop-picture-compressed').textContent()) ?? '';
}

describe('picture compression: an oversized picture fits, and Compress picture meets a limit', () => {
  it('compresses a picture over 10 MB on the way in, then to 0.05 MB on request, one undo step', async () => {
    const page = editor.page;
    await page.goto('/login');
    await logInAsDemo(page);
    await page.goto('/label/editor?file=new');
    await editor.ready();
    await editor.setField('label-width', 40);
    await editor.setField('label-height', 30);

    const big = noisyPng();
    expect(big.length).toBeGreaterThan(MAX_EMBEDDED);
    await editor.choose('insert-picture', { name: 'noise.png', mimeType: 'image/png', buffer: big });
    await expect.poll(() => editor.kind()).toBe('picture');
    await expect.poll(() => editor.id('editor-message').textContent()).toContain('压缩');
    await editor.setField('prop-width', PICTURE.w);
    await editor.setField('prop-height', PICTURE.h);
    await editor.setField('prop-x', PICTURE.x);
    await editor.setField('prop-y', PICTURE.y);
    const fitted = await shownPicture();
    expect(fitted.mime).toBe('image/jpeg');
    expect(fitted.bytes.length).toBeLessThanOrEqual(MAX_EMBEDDED);
    expect(pictureSize(fitted.bytes)).toMatchObject({ format: 'jpeg', width: 1900, height: 1900 });

    // A limit the picture meets changes nothing.
    const unchanged = await compressTo(10);
    expect(unchanged).toContain('以内');
    expect((await shownPicture()).bytes).toEqual(fitted.bytes);

    // 0.05 MB: quality and then size come down until it fits, as the result says.
    const said = await compressTo(0.05);
    const small = await shownPicture();
    expect(small.mime).toBe('image/jpeg');
    expect(small.bytes.length).toBeLessThanOrEqual(0.05 * 1048576);
    const size = pictureSize(small.bytes)!;
    expect(size.width).toBeLessThan(1900);
    expect(said).toContain(`${size.width} × ${size.height}`);

    // One undo step: undo brings the larger picture back, redo the small one.
    await editor.id('editor-undo').click();
    await expect.poll(async () => (await shownPicture()).bytes.length).toBe(fitted.bytes.length);
    await editor.id('editor-redo').click();
    await expect.poll(async () => (await shownPicture()).bytes.length).toBe(small.bytes.length);
    expect(browser.errors).toEqual([]);
  });

  it('prints the compressed picture as the engine renders the saved file', async () => {
    const page = editor.page;
    const { pages } = await printOnVirtualPrinter(editor, server.dataDir);
    expect(pages.length).toBe(1);
    const printed = pages[0]!;

    const engine = await loadLabelEngine();
    const [shown] = engineDots(engine, savedText, { dpi: DPI, turn: 'label' });
    // The browser decodes the JPEG for the print, Node's decoder for the engine's page; JPEG
    // decoders may differ by a level in a few pixels (the standard bounds IDCT error, not
    // exact output), which flips a dot where a pixel sits at the threshold: within 1 % of
    // the picture's dots, and none outside it.
    const dot = (mm: number) => Math.round((mm * DPI) / 25.4);
    const area = dot(PICTURE.w) * dot(PICTURE.h);
    expect(differ(printed.dark, shown!.dark)).toBeLessThanOrEqual(area / 100);
    // The picture's box holds ink (noise prints as scattered dots), the rest of the label none.
    let inside = 0;
    let outside = 0;
    for (let y = 0; y < printed.height; y++) {
      for (let x = 0; x < printed.width; x++) {
        const inBox = x >= dot(PICTURE.x) && x < dot(PICTURE.x + PICTURE.w) && y >= dot(PICTURE.y) && y < dot(PICTURE.y + PICTURE.h);
        if (printed.dark[y * printed.width + x]) inBox ? inside++ : outside++;
      }
    }
    expect(inside).toBeGreaterThan(area / 10);
    expect(outside).toBe(0);
    expect(browser.errors.filter((e) => !e.includes('Failed to load resource') && !e.includes('/local/ServerInfo'))).toEqual([]);
  });
});
