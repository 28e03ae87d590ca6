/**
 * The property panel for shapes, lines, barcodes, 2D codes and every control's flags (issue
 * 26), in Chromium against the built app and the real server. A user builds one 80 x 60 mm
 * label with mirror print on, setting each property through the panel: a rounded, filled
 * rectangle (corner radius, with the note when it exceeds half the shorter side); a filled
 * ellipse that is not printed; an inverted rectangle; a dashed line (the note under 0.1 mm);
 * a Code 128 without human-readable text; a Code 39 with its text above, left-aligned, 8 pt,
 * bold; a QR Code with a 4-module quiet zone and version 4 (version 1 first: too small for
 * the data, the editor names the smallest that holds it, nothing crashes); a PDF417 of
 * aspect ratio 1.5 (0.5 refused at the field); a rectangle on the mirrored side only and
 * one on the normal side only, the latter locked (the canvas drag and the arrow keys leave
 * it, the same drag moves it unlocked; one undo step unlocks it).
 *
 * Then the label is printed on the virtual printer. Its two pages (normal, mirrored) are
 * the Node engine's pages for the saved file, dot for dot; each property changes the
 * printed dots (the same document with that one property at its default prints otherwise);
 * and independent checks read the printed dots: zbarimg decodes both barcodes and the QR
 * Code, rxing-wasm the PDF417; the QR Code measures 33 modules (17 + 4 x 4) by its finder
 * pattern; the Code 128's rows are all bars (no caption), the Code 39's caption sits above
 * its bars starting at their left edge; the dashed line is 12 dashes; the inverted box is
 * black; the unprinted ellipse is in the editor's raster but on neither printed side; the
 * mirrored-only rectangle is on the mirrored side only, the normal-only one on the normal
 * side only; the PDF417 is drawn nearer 1.5 than 3 times as wide as high.
 *
 * Every wait is on a UI state (data-state, polls on values), never on time.
 */
import { readFile } from 'node:fs/promises';
import { decode_barcode_with_hints, DecodeHintDictionary } from 'rxing-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYMBOLOGIES } from '../src/engine/symbologies';
import { pageToLuma } from '../src/engine/testing';
import type { Page } from '../src/engine/types';
import { updateElement } from '../src/label/elements/index';
import { contextOf, type LabelDocument } from '../src/label/label';
import { ptToMm } from '../src/label/units';
import { readLabel } from '../src/label/wdfx';
import { loadLabelEngine } from '../src/render/pool-renderer';
import { differ, Editor, installFrameCounter, type Dots } from './editor-user';
import { logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';
import { engineDots, printOnVirtualPrinter, zbarSymbols } from './printed-pages';

const DPI = 203;
const LABEL = { width: 80, height: 60 };

/** Where each control is put (mm) and its index in the document, in insertion order. */
const BOX = {
  rounded: { i: 0, x: 2, y: 2, w: 14, h: 8 },
  unprinted: { i: 1, x: 18, y: 2, w: 10, h: 8 },
  inverted: { i: 2, x: 30, y: 2, w: 8, h: 8 },
  dashed: { i: 3, x: 2, y: 13, w: 36, h: 0.5 },
  code128: { i: 4, x: 2, y: 17, w: 36, h: 10 },
  code39: { i: 5, x: 2, y: 30, w: 36, h: 12 },
  qr: { i: 6, x: 42, y: 2, w: 20, h: 20 },
  pdf417: { i: 7, x: 42, y: 25, w: 36, h: 14 },
  mirroredOnly: { i: 8, x: 42, y: 45, w: 8, h: 8 },
  normalOnly: { i: 9, x: 54, y: 45, w: 8, h: 8 },
} as const;
type Box = (typeof BOX)[keyof typeof BOX];

let server: RunningServer;
let browser: BrowserSession;
let editor: Editor;
/** The saved file and the editor's printer-dots view of it (the normal side, unprinted
 * controls included), taken before printing. */
let savedText = '';
let shownDots: Dots;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 1000 });
  await installFrameCounter(browser.context);
  browser.page.setDefaultTimeout(20_000);
  editor = new Editor(browser.page);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** mm to dots at 203 dpi (the engine's rounding is the same to within a dot; every region
 * read below keeps 0.3 mm off a control's edges, or reads its whole box). */
const dot = (mm: number) => Math.round((mm * DPI) / 25.4);

const at = (d: Dots, x: number, y: number) => d.dark[y * d.width + x]!;

/** Black dots in box `b` (mm), `inset` mm inside its edges; `mirrored` reads it where the
 * mirrored side puts it (flipped left-right). */
function blackIn(d: Dots, b: Pick<Box, 'x' | 'y' | 'w' | 'h'>, mirrored = false, inset = 0.3): { black: number; area: number } {
  const x = mirrored ? LABEL.width - b.x - b.w : b.x;
  let black = 0;
  let area = 0;
  for (let yy = dot(b.y + inset); yy < dot(b.y + b.h - inset); yy++) {
    for (let xx = dot(x + inset); xx < dot(x + b.w - inset); xx++) {
      black += at(d, xx, yy);
      area++;
    }
  }
  return { black, area };
}

/** Row `y` (dots) from x0 to x1 mm, as '0'/'1'. */
function row(d: Dots, y: number, x0: number, x1: number): string {
  let s = '';
  for (let x = dot(x0); x < dot(x1); x++) s += at(d, x, y);
  return s;
}

/** The bounding box (dots) of the black in box `b`. */
function blackBounds(d: Dots, b: Box): { x: number; y: number; w: number; h: number } {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -1, -1];
  for (let y = dot(b.y); y < dot(b.y + b.h); y++) {
    for (let x = dot(b.x); x < dot(b.x + b.w); x++) {
      if (!at(d, x, y)) continue;
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    }
  }
  return { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}


/** Box `b` of `d` as an engine page, for a decoder. */
function cropPage(d: Dots, b: Box): Page {
  const [x0, y0, w, h] = [dot(b.x), dot(b.y), dot(b.x + b.w) - dot(b.x), dot(b.y + b.h) - dot(b.y)];
  const stride = Math.ceil(w / 8);
  const data = new Uint8Array(stride * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (at(d, x0 + x, y0 + y)) data[y * stride + (x >> 3)]! |= 0x80 >> (x & 7);
  return { width: w, height: h, stride, data } as Page;
}

/** rxing-wasm's reading of a PDF417 in `page` (told to look for PDF417, as a scanner is). */
function readPdf417(page: Page): string {
  const hints = new DecodeHintDictionary();
  hints.set_hint(2, 'Pdf417'); // PossibleFormats
  hints.set_hint(3, 'true'); // TryHarder
  const result = decode_barcode_with_hints(pageToLuma(page), page.width, page.height, hints);
  const text = result.text();
  result.free();
  hints.free();
  return text;
}

/** Puts the selected control's box at (x, y) mm, `w` by `h` (a line: its length and place). */
async function place(b: Box, line = false): Promise<void> {
  await editor.setField('prop-width', b.w);
  if (!line) await editor.setField('prop-height', b.h);
  await editor.setField('prop-x', b.x);
  await editor.setField('prop-y', b.y);
}

async function insert(tool: string, kind: string, b: Box): Promise<void> {
  await editor.id(`insert-${tool}`).click();
  await expect.poll(() => editor.kind()).toBe(kind);
  await place(b, kind === 'line');
}

async function pick(testId: string, value: string): Promise<void> {
  await editor.id(testId).selectOption(value);
  await expect.poll(() => editor.id(testId).inputValue()).toBe(value);
}

async function check(testId: string, checked: boolean): Promise<void> {
  await editor.id(testId).click();
  await expect.poll(() => editor.id(testId).isChecked()).toBe(checked);
}

describe('the property panel for shapes, lines, barcodes, 2D codes and the flags, printed', () => {
  it('sets every property through the panel and saves the label', async () => {
    const page = editor.page;
    await page.goto('/login');
    await logInAsDemo(page);
    await page.goto('/label/editor?file=new');
    await editor.ready();
    await editor.setField('label-width', LABEL.width);
    await editor.setField('label-height', LABEL.height);

    // A rounded, filled rectangle; a corner radius over half the shorter side (4 mm) is said to be drawn at 4.
    await insert('rectangle', 'rectangle', BOX.rounded);
    await pick('prop-rect-type', 'roundrect');
    await editor.setField('prop-corner-radius', 5);
    await expect.poll(() => editor.id('prop-corner-note').textContent()).toContain('4 毫米');
    await editor.setField('prop-corner-radius', 2);
    await editor.id('prop-corner-note').waitFor({ state: 'detached' });
    await check('prop-filled', true);

    // A filled ellipse, not printed (the panel says so).
    await insert('rectangle', 'rectangle', BOX.unprinted);
    await pick('prop-rect-type', 'ellipse');
    expect(await editor.id('prop-corner-radius').count()).toBe(0);
    await check('prop-filled', true);
    await check('prop-printing', false);
    await editor.id('prop-not-printed').waitFor();

    // An inverted rectangle.
    await insert('rectangle', 'rectangle', BOX.inverted);
    await check('prop-anti-color', true);

    // A dashed line: 0.05 mm dashes are said to print solid, 1.5 mm ones are drawn.
    await insert('line', 'line', BOX.dashed);
    expect(await editor.id('prop-dash-gap').count()).toBe(0);
    await pick('prop-line-type', 'dash');
    await editor.setField('prop-dash-gap', 0.05);
    await expect.poll(() => editor.id('prop-dash-note').textContent()).toContain('0.1 毫米');
    await editor.setField('prop-dash-gap', 1.5);
    await editor.id('prop-dash-note').waitFor({ state: 'detached' });

    // A Code 128 without human-readable text: its caption fields go.
    await insert('barcode', 'barcode', BOX.code128);
    expect(await editor.id('prop-text-position').inputValue()).toBe('below');
    await pick('prop-text-position', 'none');
    await editor.id('prop-text-alignment').waitFor({ state: 'detached' });

    // A Code 39 with its text above, left-aligned, 8 pt, bold.
    await insert('barcode', 'barcode', BOX.code39);
    await pick('prop-barcode-type', 'code39');
    await pick('prop-text-position', 'above');
    await pick('prop-text-alignment', '0');
    expect(await editor.id('prop-caption-size').inputValue()).toBe('5');
    await pick('prop-caption-size', '8');
    await check('prop-caption-bold', true);

    // A QR Code, quiet zone 4; version 1 cannot hold the sample (20 bytes; version 2 holds
    // 26 at level M): the editor says so under the label and keeps working; version 4 draws.
    await insert('qrcode', 'qrcode', BOX.qr);
    expect(await editor.id('prop-zone-size').inputValue()).toBe('2');
    await pick('prop-zone-size', '4');
    expect(await editor.id('prop-qr-version').inputValue()).toBe('0');
    await pick('prop-qr-version', '1');
    await expect.poll(() => editor.id('editor-render-status').textContent()).toMatch(/第 7 个控件（二维码）.*版本（1）.*至少需要版本 2/);
    await editor.id('prop-qr-version-note').waitFor();
    await editor.ready();
    await pick('prop-qr-version', '4');
    await editor.id('editor-render-status').waitFor({ state: 'detached' });

    // A PDF417: aspect ratio 0.5 is refused at the field (nothing applied), 1.5 is taken.
    await insert('pdf417', 'qrcode', BOX.pdf417);
    expect(await editor.id('prop-qr-version').count()).toBe(0);
    await editor.id('prop-pdf417-aspect').fill('0.5');
    await editor.id('prop-pdf417-aspect').press('Enter');
    await expect.poll(() => page.getByText('请输入 1 到 30 之间的数。').count()).toBe(1);
    await editor.setField('prop-pdf417-aspect', 1.5);

    // The mirror modes, on a label without mirror print yet: the panel says what they do then.
    await insert('rectangle', 'rectangle', BOX.mirroredOnly);
    await check('prop-filled', true);
    await pick('prop-mirror-mode', '16');
    await expect.poll(() => editor.id('prop-mirror-note').textContent()).toContain('不打印');
    await insert('rectangle', 'rectangle', BOX.normalOnly);
    await check('prop-filled', true);
    await pick('prop-mirror-mode', '0');
    await expect.poll(() => editor.id('prop-mirror-note').textContent()).toContain('镜像打印时起作用');

    // Locked: the position fields are disabled, and neither a drag nor an arrow moves it;
    // one undo unlocks it.
    await check('prop-lock', true);
    await expect.poll(() => editor.id('prop-x').isDisabled()).toBe(true);
    const { normalOnly: n } = BOX;
    await editor.drag([n.x + n.w / 2, n.y + n.h / 2], [n.x + n.w / 2 + 8, n.y + n.h / 2 - 6]);
    await editor.id('editor-stage').press('ArrowLeft');
    await expect.poll(() => editor.kind()).toBe('rectangle');
    expect(await editor.box()).toEqual([n.x, n.y, n.w, n.h]);
    await editor.id('editor-undo').click();
    await expect.poll(() => editor.id('prop-lock').isChecked()).toBe(false);
    expect(await editor.id('prop-x').isDisabled()).toBe(false);
    await editor.id('editor-redo').click();
    await expect.poll(() => editor.id('prop-lock').isChecked()).toBe(true);
    // Unlocked, the same drag moves it (undone, and locked again).
    await check('prop-lock', false);
    await editor.drag([n.x + n.w / 2, n.y + n.h / 2], [n.x + n.w / 2 + 8, n.y + n.h / 2 - 6]);
    await expect.poll(async () => (await editor.box())[0]).toBeGreaterThan(n.x + 7);
    await editor.id('editor-undo').click();
    await expect.poll(() => editor.box()).toEqual([n.x, n.y, n.w, n.h]);
    await check('prop-lock', true);

    // Mirror print on: the mode notes go.
    await editor.id('editor-stage').press('Escape');
    await editor.id('prop-panel').waitFor({ state: 'detached' });
    await check('label-mirror-print', true);
    await editor.select(BOX.mirroredOnly.x + 4, BOX.mirroredOnly.y + 4, 'rectangle');
    expect(await editor.id('prop-mirror-mode').inputValue()).toBe('16');
    expect(await editor.id('prop-mirror-note').count()).toBe(0);
    await editor.id('editor-stage').press('Escape');
    await editor.id('prop-panel').waitFor({ state: 'detached' });

    // The editor's printer-dots view: the normal side as printed, plus what is not printed.
    await editor.newFrame(() => editor.id('zoom-dots').click(), { dots: 'true' });
    shownDots = await editor.dots();

    const download = page.waitForEvent('download');
    await editor.id('editor-save').click();
    savedText = await readFile((await (await download).path())!, 'utf8');
    const read = readLabel(savedText);
    expect(read.ok && read.warnings).toEqual([]);
    const doc = (read as { ok: true; value: LabelDocument }).value;
    expect(doc).toMatchObject({ labelWidth: 80, labelHeight: 60, mirrorPrint: true });
    const c = doc.children;
    expect(c.map((e) => e.kind)).toEqual(['rectangle', 'rectangle', 'rectangle', 'line', 'barcode', 'barcode', 'qrcode', 'qrcode', 'rectangle', 'rectangle']);
    expect(c[0]).toMatchObject({ type: 'roundrect', cornerWidth: 2, filled: true, printing: true });
    expect(c[1]).toMatchObject({ type: 'ellipse', filled: true, printing: false });
    expect(c[2]).toMatchObject({ type: 'rect', filled: false, antiColor: true });
    expect(c[3]).toMatchObject({ type: 'dash', dashGap: 1.5, x: 2, width: 36 });
    expect(c[4]).toMatchObject({ type: 'code128', textPosition: 'none' });
    expect(c[5]).toMatchObject({ type: 'code39', textPosition: 'above', textAlignment: 0, fontHeight: ptToMm(8), fontStyle: 1 });
    expect(c[6]).toMatchObject({ type: 'qrcode', zoneSize: 4, version: 4 });
    expect(c[7]).toMatchObject({ type: 'pdf417', aspectratio: 1.5 });
    expect(c[8]).toMatchObject({ mirrorMode: 16, lockMovement: false });
    expect(c[9]).toMatchObject({ mirrorMode: 0, lockMovement: true, x: n.x, y: n.y });
    for (const [key, b] of Object.entries(BOX)) expect([c[b.i]!.x, c[b.i]!.y, c[b.i]!.width], key).toEqual([b.x, b.y, b.w]);
    expect(browser.errors).toEqual([]);
  });

  it('prints both sides on the virtual printer as the engine renders the saved file, each property showing in the dots', async () => {
    const page = editor.page;
    const { pages, pngs } = await printOnVirtualPrinter(editor, server.dataDir);
    expect(pages.length).toBe(2); // the normal side, then the mirrored one
    const [front, mirrored] = pages;
    expect([front!.width, front!.height]).toEqual([dot(LABEL.width), dot(LABEL.height)]);

    // Both printed sides are the Node engine's pages for the saved file; the editor showed
    // the engine's preview (unprinted controls included) of the normal side.
    const engine = await loadLabelEngine();
    const render = (doc: string | LabelDocument, options: { preview?: boolean } = {}): Dots[] => engineDots(engine, doc, { dpi: DPI, turn: 'label', sides: 'both', ...options }, 2);
    const [nodeFront, nodeMirrored] = render(savedText);
    expect(differ(front!.dark, nodeFront!.dark)).toBe(0);
    expect(differ(mirrored!.dark, nodeMirrored!.dark)).toBe(0);
    expect(differ(shownDots.dark, render(savedText, { preview: true })[0]!.dark)).toBe(0);

    // Each property changes the print: the saved label with that one property at its
    // default prints other dots (on the side that shows it).
    const doc = (readLabel(savedText) as { ok: true; value: LabelDocument }).value;
    const ctx = contextOf(doc, 'zh-CN');
    const defaults: [Box, Record<string, unknown>, 0 | 1][] = [
      [BOX.rounded, { type: 'rect' }, 0], [BOX.rounded, { cornerWidth: 1 }, 0], [BOX.rounded, { filled: false }, 0],
      [BOX.unprinted, { printing: true }, 0], [BOX.inverted, { antiColor: false }, 0],
      [BOX.dashed, { type: 'solid' }, 0], [BOX.dashed, { dashGap: 1 }, 0],
      [BOX.code128, { textPosition: 'below' }, 0],
      [BOX.code39, { textPosition: 'below' }, 0], [BOX.code39, { textAlignment: 1 }, 0], [BOX.code39, { fontHeight: ptToMm(5) }, 0], [BOX.code39, { fontStyle: 0 }, 0],
      [BOX.qr, { zoneSize: 2 }, 0], [BOX.qr, { version: 0 }, 0], [BOX.pdf417, { aspectratio: 3 }, 0],
      [BOX.mirroredOnly, { mirrorMode: 1 }, 0], [BOX.normalOnly, { mirrorMode: 1 }, 1],
    ];
    for (const [b, patch, side] of defaults) {
      const children = doc.children.map((c, i) => (i === b.i ? updateElement(c, patch, ctx) : c));
      const other = render({ ...doc, children })[side]!;
      expect(differ(other.dark, [front, mirrored][side]!.dark), `control ${b.i} ${JSON.stringify(patch)}`).toBeGreaterThan(20);
    }

    // Independent readings of the printed dots.
    const symbols = (await zbarSymbols([pngs[0]!]))[0]!;
    expect(symbols['CODE-128']).toBe(SYMBOLOGIES.code128.sample);
    expect(symbols['CODE-39']).toBe(SYMBOLOGIES.code39.sample);
    expect(symbols['QR-Code']).toBe(SYMBOLOGIES.qrcode.sample);
    expect(readPdf417(cropPage(front!, BOX.pdf417))).toBe(SYMBOLOGIES.pdf417.sample);

    // QR version 4: 33 modules a side; the finder pattern's top edge is 7 modules.
    const qr = blackBounds(front!, BOX.qr);
    let finder = 0;
    while (at(front!, qr.x + finder, qr.y)) finder++;
    expect(qr.w).toBe(qr.h);
    expect((qr.w * 7) / finder).toBe(17 + 4 * 4);

    // PDF417 aspect ratio 1.5: drawn nearer 1.5 than the default 3 times as wide as high.
    const pdf = blackBounds(front!, BOX.pdf417);
    expect(Math.abs(pdf.w / pdf.h - 1.5)).toBeLessThan(Math.abs(pdf.w / pdf.h - 3));

    // Code 128 without text: every row of its box is the same bars.
    const c128 = BOX.code128;
    const c128Rows = new Set<string>();
    for (let y = dot(c128.y + 0.3); y < dot(c128.y + c128.h - 0.3); y++) c128Rows.add(row(front!, y, c128.x, c128.x + c128.w));
    expect(c128Rows.size).toBe(1);
    expect([...c128Rows][0]).toContain('1');

    // Code 39 with text above, left-aligned: its lower rows are bars only, its top 8 pt band
    // (2.8 mm) holds text starting where the bars start.
    const c39 = BOX.code39;
    const bars = row(front!, dot(c39.y + c39.h - 1), c39.x, c39.x + c39.w);
    let captionLeft = Infinity;
    let captionRows = 0;
    for (let y = dot(c39.y + 0.2); y < dot(c39.y + 2.6); y++) {
      const r = row(front!, y, c39.x, c39.x + c39.w);
      if (r !== bars && r.includes('1')) captionRows++;
      if (r.includes('1')) captionLeft = Math.min(captionLeft, r.indexOf('1'));
    }
    expect(captionRows).toBeGreaterThan(5);
    expect(Math.abs(captionLeft - bars.indexOf('1'))).toBeLessThanOrEqual(3);

    // The dashed line: 1.5 mm dashes and gaps over 36 mm, 12 dashes.
    const line = BOX.dashed;
    let lineRow = '';
    for (let y = dot(line.y - 0.5); y <= dot(line.y + 1); y++) {
      const r = row(front!, y, line.x, line.x + line.w);
      if (r.split('1').length > lineRow.split('1').length) lineRow = r;
    }
    const dashes = lineRow.split(/0+/).filter(Boolean);
    expect(dashes.length).toBe(12);
    for (const d of dashes) expect(Math.abs(d.length - dot(1.5))).toBeLessThanOrEqual(1);

    // Inverted: the rectangle's inside is black.
    const inverted = blackIn(front!, BOX.inverted, false, 1);
    expect(inverted.black).toBe(inverted.area);

    // Not printed: in the editor's raster, on neither printed side.
    expect(blackIn(shownDots, BOX.unprinted).black).toBeGreaterThan(blackIn(shownDots, BOX.unprinted).area / 2);
    expect(blackIn(front!, BOX.unprinted).black).toBe(0);
    expect(blackIn(mirrored!, BOX.unprinted, true).black).toBe(0);

    // Mirror modes: 16 only on the mirrored side, 0 only on the normal side, 1 on both.
    const full = (d: Dots, b: Box, m: boolean) => {
      const r = blackIn(d, b, m);
      return r.black === r.area;
    };
    expect([full(front!, BOX.mirroredOnly, false), blackIn(front!, BOX.mirroredOnly).black]).toEqual([false, 0]);
    expect(full(mirrored!, BOX.mirroredOnly, true)).toBe(true);
    expect(full(front!, BOX.normalOnly, false)).toBe(true);
    expect(blackIn(mirrored!, BOX.normalOnly, true).black).toBe(0);
    const roundedMiddle = (d: Dots, m: boolean) => {
      const r = blackIn(d, BOX.rounded, m, 2); // 2 mm in: clear of the rounded corners
      return r.black === r.area;
    };
    expect([roundedMiddle(front!, false), roundedMiddle(mirrored!, true)]).toEqual([true, true]);
    // The print page probes the helper ports 15216 then 35216: a port nobody listens on
    // fails to load, and one taken by another test run's server refuses this origin (CORS).
    expect(browser.errors.filter((e) => !e.includes('Failed to load resource') && !e.includes('/local/ServerInfo'))).toEqual([]);
  });
});
