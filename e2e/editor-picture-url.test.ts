/**
 * A picture by web address in the label editor's property panel (issue 26), in Chromium
 * against the built app and the real server. A web server started here on 127.0.0.1 serves a
 * PNG (the app's server is let fetch from this machine: PICTURE_URL_PRIVATE_ADDRESSES=on).
 * The user inserts a picture from a blank file, types the PNG's address under the file
 * button and fetches it: the saved label carries the PNG's very bytes, embedded; printed on
 * the virtual printer, the page is the engine's page for the saved file, dot for dot, and
 * differs from the same label without the picture. Addresses that are not http(s), and one
 * that serves no picture, show their message under the field and change nothing.
 *
 * Every wait is on a UI state (data-state, polls on values), never on time.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encode as encodePng } from 'fast-png';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedBytes, normalizeEmbedded } from '../src/label/embedded';
import type { LabelDocument } from '../src/label/label';
import { readLabel } from '../src/label/wdfx';
import { loadLabelEngine } from '../src/render/pool-renderer';
import { differ, Editor, installFrameCounter, type Dots } from './editor-user';
import { logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';
import { engineDots, printOnVirtualPrinter } from './printed-pages';

const DPI = 203;
const LABEL = { width: 40, height: 30 };
/** The picture's box on the label, in mm. */
const BOX = { x: 5, y: 5, w: 20, h: 20 };

/** A w x h PNG: black where `ink(x, y)`, white elsewhere. */
function png(w: number, h: number, ink: (x: number, y: number) => boolean): Buffer {
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set(ink(x, y) ? [0, 0, 0, 255] : [255, 255, 255, 255], (y * w + x) * 4);
  return Buffer.from(encodePng({ width: w, height: h, data, channels: 4, depth: 8 }));
}
/** The picture fetched by address: a black ring around a black square (something to see). */
const REMOTE_PNG = png(48, 48, (x, y) => {
  const r = Math.hypot(x - 23.5, y - 23.5);
  return (r > 18 && r < 23) || (Math.abs(x - 23.5) < 8 && Math.abs(y - 23.5) < 8);
});
/** The picture the control is inserted with: all white, so prints nothing. */
const BLANK_PNG = png(8, 8, () => false);

let server: RunningServer;
let browser: BrowserSession;
let editor: Editor;
let site: Server;
let siteUrl = '';
let savedText = '';

beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url === '/ring.png') return res.writeHead(200, { 'Content-Type': 'image/png' }).end(REMOTE_PNG);
    // Claims to be a picture; its bytes say otherwise.
    if (req.url === '/page.png') return res.writeHead(200, { 'Content-Type': 'image/png' }).end('<html>no picture here</html>');
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  server = await startServer({ PICTURE_URL_PRIVATE_ADDRESSES: 'on' });
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 1000 });
  await installFrameCounter(browser.context);
  browser.page.setDefaultTimeout(20_000);
  editor = new Editor(browser.page);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

/** The picture bytes a control's content embeds (data URL or bare base64). */
function contentBytes(content: string): Buffer | null {
  const normal = normalizeEmbedded(content);
  const embedded = normal ? embeddedBytes(normal) : null;
  return embedded ? Buffer.from(embedded.bytes) : null;
}


async function fetchByUrl(url: string): Promise<void> {
  await editor.id('prop-picture-url').fill(url);
  await editor.id('prop-picture-url-fetch').click();
  // The button is disabled while the server fetches.
  await expect.poll(() => editor.id('prop-picture-url-fetch').isEnabled()).toBe(true);
}

describe('a picture by web address, embedded and printed', () => {
  it('fetches the picture by its address into the selected picture control; bad addresses change nothing', async () => {
    const page = editor.page;
    await page.goto('/login');
    await logInAsDemo(page);
    await page.goto('/label/editor?file=new');
    await editor.ready();
    await editor.setField('label-width', LABEL.width);
    await editor.setField('label-height', LABEL.height);

    await editor.choose('insert-picture', { name: 'blank.png', mimeType: 'image/png', buffer: BLANK_PNG });
    await expect.poll(() => editor.kind()).toBe('picture');
    await editor.setField('prop-width', BOX.w);
    await editor.setField('prop-height', BOX.h);
    await editor.setField('prop-x', BOX.x);
    await editor.setField('prop-y', BOX.y);

    // Not a web address: refused in the panel, in the UI's language (the demo's is Chinese).
    await fetchByUrl('ftp://127.0.0.1/ring.png');
    await expect.poll(() => editor.id('prop-picture-url-error').textContent()).toBe('请输入以 http:// 或 https:// 开头的网址。');

    // The picture by its address: embedded, the error gone, the canvas redrawn.
    await editor.newFrame(() => fetchByUrl(`${siteUrl}/ring.png`));
    expect(await editor.id('prop-picture-url-error').count()).toBe(0);

    // An address serving no picture: the server's message, in the same language; the
    // control keeps the picture it has.
    await fetchByUrl(`${siteUrl}/page.png`);
    await expect.poll(() => editor.id('prop-picture-url-error').textContent()).toBe('该网址的内容不是 png 或 jpg 图片。');
    await fetchByUrl(`${siteUrl}/missing.png`);
    await expect.poll(() => editor.id('prop-picture-url-error').textContent()).toBe('该网址没有返回图片（HTTP 404）。');
    await editor.ready();

    const download = page.waitForEvent('download');
    await editor.id('editor-save').click();
    savedText = await readFile((await (await download).path())!, 'utf8');
    const read = readLabel(savedText);
    expect(read.ok && read.warnings).toEqual([]);
    const doc = (read as { ok: true; value: LabelDocument }).value;
    expect(doc.children.map((e) => e.kind)).toEqual(['picture']);
    const picture = doc.children[0] as LabelDocument['children'][number] & { content: string };
    expect([picture.x, picture.y, picture.width, picture.height]).toEqual([BOX.x, BOX.y, BOX.w, BOX.h]);
    // The PNG's very bytes are in the file: nothing to fetch when it is opened or printed.
    expect(contentBytes(picture.content)?.equals(REMOTE_PNG)).toBe(true);
    expect(savedText).not.toContain(siteUrl);
    expect(browser.errors).toEqual([]);
  });

  it('prints the fetched picture as the engine renders the saved file', async () => {
    const page = editor.page;
    const { pages } = await printOnVirtualPrinter(editor, server.dataDir);
    expect(pages.length).toBe(1);
    const printed = pages[0]!;

    const engine = await loadLabelEngine();
    const render = (doc: string | LabelDocument): Dots => engineDots(engine, doc, { dpi: DPI, turn: 'label' })[0]!;
    expect(differ(printed.dark, render(savedText).dark)).toBe(0);
    // Without the picture the page is another: the fetched picture is what printed.
    const doc = (readLabel(savedText) as { ok: true; value: LabelDocument }).value;
    const without = render({ ...doc, children: [] });
    expect(differ(printed.dark, without.dark)).toBeGreaterThan(100);
    expect(browser.errors).toEqual([]);
  });
});
