/**
 * The printer vendor's own web SDK against our print helper: the demo page that ships in the
 * npm package `dtpweb` (test/html, unchanged) runs in Debian's Chromium, finds our helper on
 * the SDK's second port (35216), and every print button prints through it to the virtual
 * printer. Each printed page is read back by independent decoders (zbarimg, dmtxread,
 * rxing-wasm, tesseract) or, for shapes and pictures, by the dots the demo's measurements
 * in mm put there. The same buttons run twice: in the SDK's JSON mode (one Print call a
 * job) and with `jsonMode: false` (StartJob, Draw* calls in 0.01 mm, CommitJob).
 */
import { execFile } from 'node:child_process';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { encode as encodePng } from 'fast-png';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeDmtx, decodeRxing, decodeZbar } from '../src/engine/corpus/decoders';
import type { Bitmap } from '../helper/printer';
import { startHelper, type RunningHelper } from '../helper/server';
import { allPrinted, dot, readPbm, tempDir } from '../helper/server-testing';
import { CHROMIUM_ARGS, ROOT } from './harness';

const DEMO_DIR = join(ROOT, 'node_modules', 'dtpweb', 'test', 'html');
/** The picture the demo draws by URL; the machine has no internet, so the browser and the helper get ours. */
const DEMO_IMAGE_URL = 'https://detonger.com/beta/DetongPicture/softWare/download_weida.png';
/** The SDK tries 15216 then 35216; ours takes the second so a helper running on this machine does not interfere. */
const HELPER_PORT = 35216;
const PRINTER = 'Assetmark Virtual 203';
const PRINTER_FOLDER = 'Assetmark_Virtual_203';
/** 203 dpi: dots per mm. */
const DPMM = 203 / 25.4;
/** rxing-wasm's hint for the symbology to look for. */
const POSSIBLE_FORMATS = 2;

/** The demo's picture: 64 x 64, the left half black, the right half white. */
function demoPicture(): Uint8Array {
  const data = new Uint8Array(64 * 64);
  for (let y = 0; y < 64; y++) for (let x = 0; x < 64; x++) data[y * 64 + x] = x < 32 ? 0 : 255;
  return encodePng({ width: 64, height: 64, data, channels: 1, depth: 8 });
}

const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css' };

/** Serves the demo folder as it is in the package. */
async function serveDemo(): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    readFile(join(DEMO_DIR, path === '/' ? 'index.html' : path)).then(
      (body) => {
        res.writeHead(200, { 'Content-Type': CONTENT_TYPES[extname(path)] ?? 'application/octet-stream' });
        res.end(body);
      },
      () => {
        res.writeHead(404);
        res.end();
      },
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return { server, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

let dir: { path: string; remove(): Promise<void> };
let scratch: { path: string; remove(): Promise<void> };
let helper: RunningHelper;
let demo: { server: Server; origin: string };
let browser: Browser;
let scratchFiles = 0;

beforeAll(async () => {
  dir = await tempDir('dtpweb-demo');
  scratch = await tempDir('dtpweb-decode');
  demo = await serveDemo();
  const picture = demoPicture();
  helper = await startHelper({
    dataDir: dir.path,
    allowedOrigins: [demo.origin],
    port: HELPER_PORT,
    cups: false,
    log: { info() {}, error() {} },
    fetchUrl: async (url) => {
      if (url !== DEMO_IMAGE_URL) throw new Error('404 Not Found');
      return picture;
    },
  });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await helper?.close();
  await new Promise((done) => demo?.server.close(done));
  await scratch?.remove();
  await dir?.remove();
});

interface DemoPage {
  page: Page;
  /** Every alert the demo showed, in order. */
  alerts: string[];
  errors: string[];
}

/** The demo page with our printer chosen; `jsonMode: false` set on the SDK's getInstance when asked. */
async function openDemo(jsonMode: boolean): Promise<DemoPage> {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  const alerts: string[] = [];
  const errors: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.accept();
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  // The first port the SDK tries is someone else's: only ours answers.
  await page.route('http://127.0.0.1:15216/**', (route) => route.abort());
  await page.route(DEMO_IMAGE_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', headers: { 'Access-Control-Allow-Origin': '*' }, body: Buffer.from(demoPicture()) }),
  );
  if (!jsonMode) {
    // The SDK's own option, set the moment the demo's script defines `dtpweb`.
    await page.addInitScript(() => {
      let sdk: { getInstance(options?: object): unknown } | undefined;
      Object.defineProperty(window, 'dtpweb', {
        configurable: true,
        get: () => sdk,
        set(value: { getInstance(options?: object): unknown }) {
          const getInstance = value.getInstance.bind(value);
          value.getInstance = (options?: object) => getInstance({ ...options, jsonMode: false });
          sdk = value;
        },
      });
    });
  }
  await page.goto(`${demo.origin}/index.html`);
  // The demo fills the list once the SDK has found the helper.
  await page.waitForFunction((name) => Array.from(document.querySelectorAll('#select-printlist option')).some((o) => o.textContent === name), PRINTER);
  await page.selectOption('#select-printlist', PRINTER);
  return { page, alerts, errors };
}

/** Clicks a button and waits for `count` new pages on the virtual printer; their files (.pbm, .png) in print order. */
async function clickAndPrint(demoPage: DemoPage, button: string, count: number): Promise<{ pbm: string[]; png: string[] }> {
  const before = new Set(await allPrinted(dir.path));
  await demoPage.page.click(`#${button}`);
  let added: string[] = [];
  await expect
    .poll(async () => {
      added = (await allPrinted(dir.path)).filter((f) => !before.has(f) && f.endsWith('.pbm'));
      return added.length;
    }, { message: `${button}: pages printed (alerts ${demoPage.alerts.join(' | ')}; errors ${demoPage.errors.join(' | ')})` })
    .toBeGreaterThanOrEqual(count);
  expect(added, button).toHaveLength(count);
  const pbm = added.map((f) => join(dir.path, 'virtual-printer', f));
  return { pbm, png: pbm.map((f) => f.replace(/\.pbm$/, '.png')) };
}

async function pageAt(file: string): Promise<Bitmap> {
  return readPbm(new Uint8Array(await readFile(file)));
}

/** zbarimg's text for each file. */
async function zbar(files: string[], options: string[] = []): Promise<string[]> {
  const names: string[] = [];
  for (const [i, f] of files.entries()) {
    const name = `zbar-${++scratchFiles}-${i}${extname(f)}`;
    await copyFile(f, join(scratch.path, name));
    names.push(name);
  }
  return (await decodeZbar(scratch.path, names, options)).map((b) => b.toString());
}

async function dmtx(file: string): Promise<string> {
  const name = `dmtx-${++scratchFiles}.png`;
  await copyFile(file, join(scratch.path, name));
  return (await decodeDmtx(scratch.path, [name]))[0]!.toString();
}

interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A region given in mm, as dots at 203 dpi. */
function mm(x: number, y: number, width: number, height: number): Region {
  return { x: Math.round(x * DPMM), y: Math.round(y * DPMM), width: Math.round(width * DPMM), height: Math.round(height * DPMM) };
}

/**
 * tesseract's simplified-Chinese reading of a region of a page, spaces dropped. `turn` (degrees
 * clockwise) turns the region back to upright first, for text drawn rotated by that much.
 */
async function ocr(page: Bitmap, r: Region, turn: 0 | 90 | 180 | 270 = 0, options: { psm?: number; unslant?: number } = {}): Promise<string> {
  const sideways = turn === 90 || turn === 270;
  const shear = options.unslant ?? 0;
  // tesseract reads a crop better with a white border round it (2 mm); enlarging does not help.
  const scale = 1;
  const pad = 16;
  const upright = { width: sideways ? r.height : r.width, height: sideways ? r.width : r.height };
  const width = Math.ceil(upright.width + shear * upright.height) * scale + 2 * pad;
  const height = upright.height * scale + 2 * pad;
  const data = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      if (!dot(page, r.x + x, r.y + y)) continue;
      // Text turned clockwise by `turn` is read by turning it back the other way.
      const [tx, uy] = turn === 0 ? [x, y] : turn === 90 ? [y, r.width - 1 - x] : turn === 180 ? [r.width - 1 - x, r.height - 1 - y] : [r.height - 1 - y, x];
      // Slanted text leans right as it rises: moving each row right by its depth stands it up.
      const ux = tx + Math.round(shear * uy);
      for (let dy = 0; dy < scale; dy++) for (let dx = 0; dx < scale; dx++) data[(pad + uy * scale + dy) * width + pad + ux * scale + dx] = 0;
    }
  }
  const file = join(scratch.path, `ocr-${++scratchFiles}.png`);
  await writeFile(file, encodePng({ width, height, data, channels: 1, depth: 8 }));
  const { stdout } = await promisify(execFile)('tesseract', [file, 'stdout', '-l', 'chi_sim', '--psm', String(options.psm ?? 6)]);
  return stdout.replace(/\s/g, '');
}

/** Levenshtein distance: how many characters OCR got wrong, left out or added. */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/**
 * Whether OCR read `expected`: a quarter of the characters (at least one) may be misread, as
 * tesseract does with rare ones such as 臻 and with slanted CJK at 8 dots a mm; a text that is
 * not there, or garbled, is far further off.
 */
function readsAs(read: string, expected: string): boolean {
  return editDistance(read, expected) <= Math.max(1, Math.round(expected.length / 4));
}

/** The ink's bounds inside a region, dots from the region's edges (left, top, right, bottom margins). */
function inkMargins(page: Bitmap, r: Region): { left: number; top: number; right: number; bottom: number } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      if (!dot(page, r.x + x, r.y + y)) continue;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  if (maxX < 0) throw new Error(`no ink in ${JSON.stringify(r)}`);
  return { left: minX, top: minY, right: r.width - 1 - maxX, bottom: r.height - 1 - maxY };
}

/** The share of black dots in a region. */
function blackShare(page: Bitmap, r: Region): number {
  let black = 0;
  for (let y = 0; y < r.height; y++) for (let x = 0; x < r.width; x++) black += dot(page, r.x + x, r.y + y);
  return black / (r.width * r.height);
}

/** Dots at a point given in mm. */
function at(page: Bitmap, xMm: number, yMm: number): number {
  return dot(page, Math.round(xMm * DPMM), Math.round(yMm * DPMM));
}

function sizeOf(page: Bitmap): string {
  return `${page.width}x${page.height}`;
}

for (const jsonMode of [true, false]) {
  describe(`the dtpweb 2.7 demo page prints through our helper (${jsonMode ? 'JSON mode' : 'call by call'})`, () => {
    let demoPage: DemoPage;
    beforeAll(async () => {
      demoPage = await openDemo(jsonMode);
      // 0: print (the demo's default is a white preview).
      await demoPage.page.selectOption('#select-print-preview', '0');
    });
    afterAll(async () => {
      await demoPage?.page.context().close();
    });

    /** Clicks a button and answers the alert it shows. */
    async function alertOf(button: string): Promise<string> {
      const seen = demoPage.alerts.length;
      await demoPage.page.click(`#${button}`);
      await expect.poll(() => demoPage.alerts.length, { message: `${button}: an alert` }).toBeGreaterThan(seen);
      return demoPage.alerts[seen]!;
    }

    it('finds our helper and printer; opens it, names it, tells its resolution, shows its properties and closes it', async () => {
      expect(await alertOf('test-open-printer')).toBe('打印机打开成功');
      expect(await alertOf('test-is-printer-opened')).toBe('true');
      expect(await alertOf('test-get-printer-name')).toBe(PRINTER);
      expect(await alertOf('test-get-printer-dpi')).toContain('203');
      await demoPage.page.click('#test-show-property');
      await demoPage.page.click('#test-close-printer');
      expect(await alertOf('test-is-printer-opened')).toBe('false');
      expect(demoPage.errors).toEqual([]);
    });

    it('绘制文本: the text reads back, wrapped in the 40 x 30 mm label', async () => {
      const { pbm } = await clickAndPrint(demoPage, 'test-draw-text', 1);
      const page = await pageAt(pbm[0]!);
      expect(sizeOf(page)).toBe('320x240');
      const read = await ocr(page, mm(0, 0, 40, 30));
      expect(readsAs(read, '@上海道臻信息技术有限公司#'), read).toBe(true);
    });

    it('对齐测试: each quarter holds its text, aligned as asked', async () => {
      const { pbm } = await clickAndPrint(demoPage, 'test-alignment', 1);
      const page = await pageAt(pbm[0]!);
      expect(sizeOf(page)).toBe('360x320');
      // Inside the frame and the dividing lines (0.35 mm, 3 dots): 0.5 mm in from each.
      const quarter = (column: number, row: number) => mm(column * 22.5 + 0.5, row * 20 + 0.5, 21.5, 19);
      const near = 8; // 1 mm
      const topLeft = inkMargins(page, quarter(0, 0));
      expect([topLeft.left, topLeft.top].every((m) => m <= near), JSON.stringify(topLeft)).toBe(true);
      const centre = inkMargins(page, quarter(1, 0));
      expect(Math.abs(centre.left - centre.right) <= near && Math.abs(centre.top - centre.bottom) <= near, JSON.stringify(centre)).toBe(true);
      const bottomRight = inkMargins(page, quarter(1, 1));
      expect([bottomRight.right, bottomRight.bottom].every((m) => m <= near), JSON.stringify(bottomRight)).toBe(true);
      expect(bottomRight.left, 'right-aligned lines leave room on the left').toBeGreaterThan(near);
      const stretched = inkMargins(page, quarter(0, 1));
      expect([stretched.left, stretched.right].every((m) => m <= near), JSON.stringify(stretched)).toBe(true);
      // fontStyle 2 and 3 are italic: our engine slants a face without an italic by a 0.2 shear
      // (crates/raster), which tesseract's upright CJK model misreads until it is undone.
      const texts: [Region, string, number][] = [
        [quarter(0, 0), '水平居左对齐，垂直居上对齐', 0],
        [quarter(1, 0), '水平居中对齐，垂直居中对齐', 0],
        [quarter(1, 1), '水平居右对齐，垂直居下对齐', 0.2],
        [quarter(0, 1), '水平拉伸对齐，垂直拉伸对齐', 0.2],
      ];
      for (const [region, text, unslant] of texts) {
        const read = await ocr(page, region, 0, { unslant });
        expect(readsAs(read, text), `${text}: ${read}`).toBe(true);
      }
    });

    it('旋转测试: the text turned 0, 90, 180 and 270 degrees reads back turned upright', async () => {
      const { pbm } = await clickAndPrint(demoPage, 'test-rotation', 1);
      const page = await pageAt(pbm[0]!);
      const quarter = (column: number, row: number) => mm(column * 22.5 + 0.5, row * 20 + 0.5, 21.5, 19);
      const turns: [Region, 0 | 90 | 180 | 270][] = [[quarter(0, 0), 0], [quarter(1, 0), 90], [quarter(1, 1), 180], [quarter(0, 1), 270]];
      for (const [region, turn] of turns) {
        const read = await ocr(page, region, turn);
        expect(readsAs(read, '@上海道臻信息技术有限公司#'), `${turn}: ${read}`).toBe(true);
      }
    });

    it('绘制一维码, 绘制二维码, 绘制PDF417, 绘制DataMatrix: each symbol decodes to its text', async () => {
      const barcode = await clickAndPrint(demoPage, 'test-draw-barcode', 1);
      expect(await zbar(barcode.png)).toEqual(['1234567890']);
      const qr = await clickAndPrint(demoPage, 'test-draw-qrcode', 1);
      expect(await zbar(qr.png)).toEqual(['上海道臻信息技术有限公司']);
      const pdf417 = await clickAndPrint(demoPage, 'test-draw-pdf417', 1);
      expect(decodeRxing(await pageAt(pdf417.pbm[0]!), { [POSSIBLE_FORMATS]: 'pdf_417' })).toBe('上海道臻信息技术有限公司');
      const dataMatrix = await clickAndPrint(demoPage, 'test-draw-dtmx', 1);
      expect(await dmtx(dataMatrix.png[0]!)).toBe('www.dothantech.com');
    });

    it('绘制图片URL, 绘制Base64图片: the picture (left half black) lands where the demo put it', async () => {
      const byUrl = await pageAt((await clickAndPrint(demoPage, 'test-draw-image-url', 1)).pbm[0]!);
      // Drawn at 5, 5 mm, 20 x 20 mm: black from 5 to 15 mm, white from 15 to 25 mm.
      expect(blackShare(byUrl, mm(5.5, 5.5, 9, 19))).toBeGreaterThan(0.95);
      expect(blackShare(byUrl, mm(15.5, 5.5, 9, 19))).toBeLessThan(0.05);
      expect(blackShare(byUrl, mm(0, 0, 4.5, 30))).toBe(0);
      // The data URL the browser made of the same picture, drawn over the whole 30 x 30 mm label.
      const byData = await pageAt((await clickAndPrint(demoPage, 'test-draw-image-data', 1)).pbm[0]!);
      expect(sizeOf(byData)).toBe('240x240');
      expect(blackShare(byData, mm(0.5, 0.5, 14, 29))).toBeGreaterThan(0.95);
      expect(blackShare(byData, mm(15.5, 0.5, 14, 29))).toBeLessThan(0.05);
    });

    it('绘制矩形, 绘制椭圆, 绘制圆形, 绘制直线: outlines, fills and dashes where the demo drew them', async () => {
      const rect = await clickAndPrint(demoPage, 'test-draw-rect', 2);
      const square = await pageAt(rect.pbm[0]!);
      expect([at(square, 0, 15), at(square, 44.9, 15), at(square, 22.5, 0), at(square, 22.5, 29.9)]).toEqual([1, 1, 1, 1]);
      expect([at(square, 1.2, 15), at(square, 22.5, 1.2)]).toEqual([0, 0]);
      expect(blackShare(square, mm(2.5, 2.5, 40, 25))).toBe(1);
      const rounded = await pageAt(rect.pbm[1]!);
      // Corners of 3 mm (outline) and 2 mm (fill) leave the corner dots white.
      expect([at(rounded, 0, 0), at(rounded, 22.5, 0), at(rounded, 2.1, 2.1), at(rounded, 22.5, 15)]).toEqual([0, 1, 0, 1]);

      const ellipse = await pageAt((await clickAndPrint(demoPage, 'test-draw-ellipse', 1)).pbm[0]!);
      expect([at(ellipse, 22.5, 0.2), at(ellipse, 22.5, 1.2), at(ellipse, 22.5, 15), at(ellipse, 1, 1)]).toEqual([1, 0, 1, 0]);

      const circle = await pageAt((await clickAndPrint(demoPage, 'test-draw-circle', 1)).pbm[0]!);
      expect(sizeOf(circle)).toBe('240x240');
      expect([at(circle, 15, 0.15), at(circle, 15, 1), at(circle, 15, 15), at(circle, 1.5, 1.5)]).toEqual([1, 0, 1, 0]);

      const lines = await pageAt((await clickAndPrint(demoPage, 'test-draw-line', 1)).pbm[0]!);
      expect(sizeOf(lines)).toBe('360x160');
      const row = (yMm: number) => blackShare(lines, mm(0.5, yMm, 44, 0.1));
      expect(row(5)).toBe(1);
      // Dashes of 0.5 mm with 0.5 mm gaps, then 0.75 mm dashes with 0.5 mm gaps.
      expect(row(10)).toBeGreaterThan(0.35);
      expect(row(10)).toBeLessThan(0.65);
      expect(row(15)).toBeGreaterThan(0.45);
      expect(row(15)).toBeLessThan(0.75);
      expect(row(7.5)).toBe(0);
    });

    it('表格打印测试: the table\'s title reads back and its QR code cell decodes', async () => {
      const { pbm, png } = await clickAndPrint(demoPage, 'test-table-print', 1);
      const page = await pageAt(pbm[0]!);
      expect(sizeOf(page)).toBe('559x400');
      expect(await zbar(png)).toEqual(['资产编码']);
      const title = await ocr(page, mm(2, 2, 66, 5.5), 0, { psm: 7 });
      expect(readsAs(title, '青岛新士港科技产业有限公司'), title).toBe(true);
    });

    it('JSON打印测试: "[barcode]" filled from jobArguments prints two labels that scan as 10000001 and 10000002', async () => {
      const { png } = await clickAndPrint(demoPage, 'test-json-print', 2);
      expect(await zbar(png, ['-Si25.min-length=2'])).toEqual(['10000001', '10000002']);
    });

    it('WDFX打印测试: a .wdfx file picked in the browser (the vendor\'s element form) prints its label', async () => {
      const chooser = demoPage.page.waitForEvent('filechooser');
      const before = new Set(await allPrinted(dir.path));
      await demoPage.page.click('#test-wdfx-print');
      await (await chooser).setFiles(join(ROOT, 'e2e', 'fixtures', 'vendor-element-form.wdfx'));
      let added: string[] = [];
      await expect.poll(async () => (added = (await allPrinted(dir.path)).filter((f) => !before.has(f) && f.endsWith('.pbm'))).length).toBe(1);
      const file = join(dir.path, 'virtual-printer', added[0]!);
      const page = await pageAt(file);
      expect(sizeOf(page)).toBe('400x240');
      // zbarimg gives one line a symbol found: the QR code and the Code 128.
      const [symbols] = await zbar([file.replace(/\.pbm$/, '.png')]);
      expect(symbols!.split('\n').sort()).toEqual(['ZC-0001', 'https://assetmark.example/a/ZC-0001'].sort());
      const title = await ocr(page, mm(2, 1.5, 46, 6), 0, { psm: 7 });
      expect(readsAs(title, '固定资产标签'), title).toBe(true);
    });

    it('打印BASE64图片: the previews the demo shows print again as pictures, two copies each', async () => {
      await demoPage.page.selectOption('#select-print-preview', '1');
      await demoPage.page.click('#test-json-print');
      await expect.poll(() => demoPage.page.locator('#preview-list img').count()).toBe(2);
      await demoPage.page.selectOption('#select-print-preview', '0');
      const { png } = await clickAndPrint(demoPage, 'test-print-image-data', 4);
      expect(await zbar(png, ['-Si25.min-length=2'])).toEqual(['10000001', '10000001', '10000002', '10000002']);
    });

    it('RawData打印测试: the printer data the demo asked for prints as the same labels', async () => {
      await demoPage.page.selectOption('#select-print-preview', '3');
      await demoPage.page.click('#test-json-print');
      await demoPage.page.waitForFunction(() => (window as unknown as { dataInfo: { printData?: unknown[] } }).dataInfo.printData?.length === 2);
      await demoPage.page.selectOption('#select-print-preview', '0');
      const { png } = await clickAndPrint(demoPage, 'test-print-raw-data', 2);
      expect(await zbar(png, ['-Si25.min-length=2'])).toEqual(['10000001', '10000002']);
      expect(demoPage.errors).toEqual([]);
    });

    it('the SDK\'s printPackage (no demo button) prints its run-length package dot for dot', async () => {
      // 16 dots a row: a row of dots 0-7, that row twice more, two blank rows, dots 8-15.
      const sample = [0xb0, 0xff, 0x00, 0xb2, 0xc2, 0xa0, 0x01, 0x01, 0xff];
      const before = new Set(await allPrinted(dir.path));
      const sent = await demoPage.page.evaluate(
        ([bytes, printerName]) => (window as unknown as { api: { printPackage(o: object): boolean } }).api.printPackage({ data: new Uint8Array(bytes), width: 16, printerName, jobName: 'package' }),
        [sample, PRINTER] as const,
      );
      expect(sent).toBe(true);
      const added = (await allPrinted(dir.path)).filter((f) => !before.has(f) && f.endsWith('.pbm'));
      expect(added).toHaveLength(1);
      const page = await pageAt(join(dir.path, 'virtual-printer', added[0]!));
      const rows = Array.from({ length: page.height }, (_, y) => Array.from({ length: page.width }, (_, x) => dot(page, x, y)).join(''));
      const full = '1111111100000000';
      expect(rows).toEqual([full, full, full, '0'.repeat(16), '0'.repeat(16), '0000000011111111']);
    });
  });
}
