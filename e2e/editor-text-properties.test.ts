/**
 * The property panel's text and date/time settings (issue 26), in Chromium against the built
 * app and the real server: a user sets, through the panel only, a text's font name,
 * underline, strikeout, letter and line spacing, alignments, wrap, auto height and vertical
 * text, a date control's date and time formats (a choice leaving neither is refused with a
 * message) and its four offsets (a value outside its range is refused), and an arc text's
 * font and letter spacing. The saved file carries every value (readLabel). Printed on the
 * virtual printer, the page is dot for dot what the Node engine prints for the saved file,
 * as is the editor's PNG export; and each setting changed the page: the Node page with that
 * one setting back at its default differs from the printed one. The printed date is read
 * back by tesseract OCR and is the text computed here from the clock and the offsets. A
 * file's own font name (宋体) and date format (yy-MM-dd) are shown as written, the font with
 * the face that prints it.
 *
 * The date shows no seconds (dd-MM-yyyy HH:mm): the pages are compared with the engine's at
 * each minute between the clock readings taken before the export and after the print, so a
 * minute ticking over in between changes nothing. Every wait is on a UI state, never on time.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode } from 'fast-png';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine';
import { readLabel } from '../src/label/wdfx';
import type { LabelDocument } from '../src/label/label';
import { createElement, updateElement, type LabelElement } from '../src/label/elements/index';
import { FontStyle } from '../src/label/elements/common';
import { openJob } from '../src/print/job';
import { loadLabelEngine } from '../src/render/pool-renderer';
import { differ, Editor, type Dots } from './editor-user';
import { logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';
import { printedDots } from './printed-pages';

const VIRTUAL_PRINTER = 'Assetmark Virtual 203';
const DPI = 203;
/** The label, mm: room for five controls side by side. */
const LABEL = { width: 72, height: 50 };
/** Where each control goes (mm) and its font size (pt). */
const TEXT_BOX = { x: 2, y: 2, w: 30, h: 16 };
const WRAP_BOX = { x: 36, y: 2, w: 24, h: 5 };
const VERTICAL_BOX = { x: 64, y: 2, w: 6, h: 20 };
const DATE_BOX = { x: 2, y: 22, w: 44, h: 8 };
const ARC_BOX = { x: 50, y: 28, w: 20, h: 20 };
/** The date's offsets as set in the panel: days, hours, minutes, seconds. */
const OFFSETS = { dateOffset: 3, hourOffset: 5, minuteOffset: 7, secondOffset: 7200 };

let server: RunningServer;
let browser: BrowserSession;
let editor: Editor;
let engine: Engine;
let scratch: string;
/** The file the editor saved, its text. */
let savedText: string;

beforeAll(async () => {
  [server, engine, scratch] = await Promise.all([startServer(), loadLabelEngine(), mkdtemp(join(tmpdir(), 'assetmark-text-props-'))]);
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 1000 });
  browser.page.setDefaultTimeout(20_000);
  editor = new Editor(browser.page);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** Places the selected control at `box` (mm) with the font size `pt`. */
async function place(box: { x: number; y: number; w: number; h: number }, pt: number): Promise<void> {
  await editor.id('prop-font-size').selectOption(String(pt));
  await expect.poll(() => editor.id('prop-font-size').inputValue()).toBe(String(pt));
  await editor.setField('prop-width', box.w);
  await editor.setField('prop-height', box.h);
  await editor.setField('prop-x', box.x);
  await editor.setField('prop-y', box.y);
}

async function setContent(text: string): Promise<void> {
  await editor.id('prop-content').fill(text);
  await editor.id('prop-content').blur();
  await expect.poll(() => editor.id('prop-content').inputValue()).toBe(text);
}

async function choose(testId: string, value: string): Promise<void> {
  await editor.id(testId).selectOption(value);
  await expect.poll(() => editor.id(testId).inputValue()).toBe(value);
}

async function check(testId: string, on: boolean): Promise<void> {
  await editor.id(testId).setChecked(on);
  await expect.poll(() => editor.id(testId).isChecked()).toBe(on);
}

/** A page the engine rendered in Node, as dots (1 = black). */
function renderDots(doc: LabelDocument, timeMs: number): Dots {
  const job = openJob(engine, doc, null, { dpi: DPI, turn: 'label', timeMs });
  if (!job.ok) throw job.error;
  const page = job.value.page(0);
  if (!page.ok) throw page.error;
  const p = page.value;
  const dark: number[] = [];
  for (let y = 0; y < p.height; y++) for (let x = 0; x < p.width; x++) dark.push((p.data[y * p.stride + (x >> 3)]! >> (7 - (x & 7))) & 1);
  return { width: p.width, height: p.height, dark };
}

/** A 1-bit PNG (the editor's export: 0 = black) as dots. */
function pngDots(bytes: Uint8Array): Dots {
  const png = decode(bytes);
  expect([png.depth, png.channels]).toEqual([1, 1]);
  const rowBytes = Math.ceil(png.width / 8);
  const dark: number[] = [];
  for (let y = 0; y < png.height; y++) for (let x = 0; x < png.width; x++) dark.push(1 - ((png.data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1));
  return { width: png.width, height: png.height, dark };
}

/** The start of each minute from `fromMs` to `toMs` (the clock readings around a print). */
function minutesBetween(fromMs: number, toMs: number): number[] {
  const out: number[] = [];
  for (let m = Math.floor(fromMs / 60_000); m <= Math.floor(toMs / 60_000); m++) out.push(m * 60_000);
  return out;
}

/** The minute at which the engine's page for `doc` is `dots` (null: at none of them). */
function minuteShown(doc: LabelDocument, dots: Dots, minutes: number[]): number | null {
  return minutes.find((m) => differ(renderDots(doc, m).dark, dots.dark) === 0) ?? null;
}

/** What the date control shows at `nowMs`, worked out here from the offsets (local time, the
 * same zone as the browser's): days by the calendar, then hours, minutes, seconds elapsed. */
function dateText(nowMs: number): string {
  const d = new Date(nowMs);
  d.setDate(d.getDate() + OFFSETS.dateOffset);
  d.setTime(d.getTime() + ((OFFSETS.hourOffset * 60 + OFFSETS.minuteOffset) * 60 + OFFSETS.secondOffset) * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}-${two(d.getMonth() + 1)}-${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** Tesseract's reading (English, one line) of the mm rectangle `box` of a page. */
async function ocrBox(dots: Dots, box: { x: number; y: number; w: number; h: number }): Promise<string> {
  const toDots = (mm: number) => Math.round((mm * DPI) / 25.4);
  const [x0, y0, w, h] = [toDots(box.x), toDots(box.y), toDots(box.w), toDots(box.h)];
  // A binary PBM (P4) of the crop: rows packed MSB-first, 1 = black.
  const stride = Math.ceil(w / 8);
  const bits = new Uint8Array(stride * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (dots.dark[(y0 + y) * dots.width + x0 + x]) bits[y * stride + (x >> 3)]! |= 0x80 >> (x & 7);
  const file = join(scratch, 'date.pbm');
  await writeFile(file, Buffer.concat([Buffer.from(`P4\n${w} ${h}\n`), bits]));
  // --psm 7: the crop is one line of text.
  return execFileSync('tesseract', [file, 'stdout', '-l', 'eng', '--psm', '7'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

/**
 * Each setting of the saved document put back at its default, one at a time (the defaults a
 * new control of the kind has in the Chinese UI): the page must differ from the printed one
 * for every entry, or that setting did not reach the print.
 */
function withDefaults(doc: LabelDocument): [string, LabelDocument][] {
  const defaults = (el: LabelElement) => createElement(el.kind, {}) as unknown as Record<string, unknown>;
  const variant = (index: number, patch: (el: Record<string, unknown>, d: Record<string, unknown>) => Record<string, unknown>): LabelDocument => {
    const children = [...doc.children];
    const el = children[index]!;
    children[index] = updateElement(el, patch(el as unknown as Record<string, unknown>, defaults(el)));
    return { ...doc, children };
  };
  const field = (index: number, key: string): [string, LabelDocument] => [`${doc.children[index]!.kind}[${index}].${key}`, variant(index, (_, d) => ({ [key]: d[key] }))];
  const bit = (index: number, name: string, b: number): [string, LabelDocument] => [`${doc.children[index]!.kind}[${index}].${name}`, variant(index, (el) => ({ fontStyle: (el.fontStyle as number) & ~b }))];
  return [
    field(0, 'fontName'),
    bit(0, 'underline', FontStyle.Underline),
    bit(0, 'strikeout', FontStyle.Strikeout),
    field(0, 'charSpace'),
    field(0, 'lineSpace'),
    field(0, 'horAlignment'),
    field(0, 'verAlignment'),
    field(1, 'autoReturn'),
    field(1, 'autoHeight'),
    field(2, 'verDisplay'),
    field(3, 'fontName'),
    field(3, 'dateFormat'),
    field(3, 'timeFormat'),
    field(3, 'dateOffset'),
    field(3, 'hourOffset'),
    field(3, 'minuteOffset'),
    field(3, 'secondOffset'),
    field(4, 'fontName'),
    field(4, 'charSpace'),
  ];
}

describe('the property panel: text and date/time settings', () => {
  it('sets every text and date/time setting through the panel, refusing what the rules refuse; the saved file carries them', async () => {
    const page = editor.page;
    await page.goto('/login');
    await logInAsDemo(page);
    await page.goto('/label/editor?file=new');
    await editor.ready();
    await editor.setField('label-width', LABEL.width);
    await editor.setField('label-height', LABEL.height);

    // A two-line text: font, underline, strikeout, spacing and alignment.
    await editor.id('insert-text').click();
    await expect.poll(() => editor.kind()).toBe('text');
    await editor.id('prop-section-text').waitFor();
    // A new text in the Chinese UI: 黑体, plain, single spacing, top left, growing with its text.
    expect(await editor.id('prop-font-name').inputValue()).toBe('黑体');
    expect(await editor.id('prop-auto-height').isChecked()).toBe(true);
    await place(TEXT_BOX, 10);
    await setContent('Ab\nCd');
    await choose('prop-font-name', 'Arial');
    await check('prop-underline', true);
    // One change, one undo step: undo clears the underline only, redo sets it again.
    await editor.id('editor-undo').click();
    await expect.poll(() => editor.id('prop-underline').isChecked()).toBe(false);
    expect(await editor.id('prop-font-name').inputValue()).toBe('Arial');
    await editor.id('editor-redo').click();
    await expect.poll(() => editor.id('prop-underline').isChecked()).toBe(true);
    await check('prop-strikeout', true);
    await editor.setField('prop-char-space', 0.8);
    // Line spacing 0.1 to 10 lines: 20 is refused at the field, nothing applied.
    await editor.id('prop-line-space').fill('20');
    await editor.id('prop-line-space').press('Enter');
    await expect.poll(() => page.getByText('0.1 到 10').count()).toBeGreaterThan(0);
    await editor.setField('prop-line-space', 1.5);
    await choose('prop-hor-align', '2');
    await choose('prop-ver-align', '2');

    // A wrapped text in a box one line high, not growing: wrap and auto height.
    await editor.id('insert-text').click();
    await expect.poll(() => editor.id('prop-content').inputValue()).toBe('');
    await place(WRAP_BOX, 10);
    await setContent('ASSET 0042 LAPTOP');
    await check('prop-wrap', true);
    await check('prop-auto-height', false);

    // Vertical text.
    await editor.id('insert-text').click();
    await expect.poll(() => editor.id('prop-content').inputValue()).toBe('');
    await place(VERTICAL_BOX, 10);
    await setContent('竖排文字');
    await check('prop-vertical', true);

    // The date: its own section with the formats and offsets.
    await editor.id('insert-date').click();
    await expect.poll(() => editor.kind()).toBe('date');
    await editor.id('prop-section-date').waitFor();
    expect([await editor.id('prop-date-format').inputValue(), await editor.id('prop-time-format').inputValue()]).toEqual(['yyyy年MM月dd日', 'HH:mm:ss']);
    await place(DATE_BOX, 14);
    await choose('prop-font-name', 'Arial');
    // No date (time only) is taken; then no time as well is refused with the reason, and
    // the time format stays.
    await choose('prop-date-format', '');
    await editor.id('prop-time-format').selectOption('');
    await editor.id('prop-format-refused').waitFor();
    expect(await editor.id('prop-time-format').inputValue()).toBe('HH:mm:ss');
    await choose('prop-date-format', 'dd-MM-yyyy');
    await editor.id('prop-format-refused').waitFor({ state: 'detached' });
    await choose('prop-time-format', 'HH:mm');
    // Days within ±36500: 40000 is refused at the field.
    await editor.id('prop-date-offset').fill('40000');
    await editor.id('prop-date-offset').press('Enter');
    await expect.poll(() => page.getByText('-36500 到 36500').count()).toBeGreaterThan(0);
    await editor.setField('prop-date-offset', OFFSETS.dateOffset);
    await editor.setField('prop-hour-offset', OFFSETS.hourOffset);
    await editor.setField('prop-minute-offset', OFFSETS.minuteOffset);
    await editor.setField('prop-second-offset', OFFSETS.secondOffset);

    // Arc text: font and letter spacing (underline, wrap and alignment do not apply on an arc).
    await editor.id('insert-arctext').click();
    await expect.poll(() => editor.kind()).toBe('arctext');
    await editor.setField('prop-x', ARC_BOX.x);
    await editor.setField('prop-y', ARC_BOX.y);
    await setContent('ASSET 资产 TAG');
    await choose('prop-font-name', 'Droid Sans Fallback');
    await editor.setField('prop-char-space', 0.5);
    expect(await editor.id('prop-underline').count()).toBe(0);
    expect(await editor.id('prop-hor-align').count()).toBe(0);
    await editor.ready();

    // Saved and read back: every value as set.
    const download = page.waitForEvent('download');
    await editor.id('editor-save').click();
    savedText = await readFile((await (await download).path())!, 'utf8');
    const read = readLabel(savedText);
    if (!read.ok) throw read.error;
    const doc = read.value;
    expect(doc).toMatchObject({ labelWidth: LABEL.width, labelHeight: LABEL.height });
    expect(doc.children.map((c) => c.kind)).toEqual(['text', 'text', 'text', 'date', 'arctext']);
    const [text, wrap, vertical, date, arc] = doc.children;
    expect(text).toMatchObject({ x: TEXT_BOX.x, y: TEXT_BOX.y, width: TEXT_BOX.w, height: TEXT_BOX.h, content: 'Ab\nCd', fontName: 'Arial', fontStyle: FontStyle.Underline | FontStyle.Strikeout, charSpace: 0.8, lineSpace: 1.5, horAlignment: 2, verAlignment: 2 });
    expect(wrap).toMatchObject({ content: 'ASSET 0042 LAPTOP', autoReturn: true, autoHeight: false, verDisplay: false });
    expect(vertical).toMatchObject({ content: '竖排文字', verDisplay: true, autoReturn: false });
    expect(date).toMatchObject({ fontName: 'Arial', dateFormat: 'dd-MM-yyyy', timeFormat: 'HH:mm', ...OFFSETS });
    expect(arc).toMatchObject({ content: 'ASSET 资产 TAG', fontName: 'Droid Sans Fallback', charSpace: 0.5 });
  });

  it("prints them: the virtual printer's page and the PNG export are the engine's page for the saved file, and each setting changed it", async () => {
    const page = editor.page;
    const before = Date.now();
    const pngDownload = page.waitForEvent('download');
    await editor.id('editor-export-png').click();
    const exported = pngDots(await readFile((await (await pngDownload).path())!));

    await editor.id('editor-stage').focus();
    await page.keyboard.press('Control+p');
    await page.waitForURL('**/label/print');
    await editor.id('helper-found').waitFor();
    await editor.id('printer').click();
    await page.getByRole('option', { name: new RegExp(`^${VIRTUAL_PRINTER}`) }).click();
    await expect.poll(() => editor.id('print').isEnabled()).toBe(true);
    await editor.id('print').click();
    await page.locator('[data-testid="print-progress"][data-status="done"]').waitFor({ timeout: 120_000 });
    const after = Date.now();

    const printerDir = join(server.dataDir, 'virtual-printer', 'Assetmark_Virtual_203');
    const jobs = await readdir(printerDir);
    expect(jobs.length).toBe(1);
    const dir = join(printerDir, jobs[0]!);
    const pbms = (await readdir(dir)).filter((f) => f.endsWith('.pbm'));
    expect(pbms.length).toBe(1);
    const printed = printedDots(await readFile(join(dir, pbms[0]!)));
    expect([printed.width, printed.height]).toEqual([Math.round((LABEL.width * DPI) / 25.4), Math.round((LABEL.height * DPI) / 25.4)]);

    // Dot for dot the engine's page for the saved file, at a minute between the readings.
    const read = readLabel(savedText);
    if (!read.ok) throw read.error;
    const doc = read.value;
    const minutes = minutesBetween(before, after);
    const printedAt = minuteShown(doc, printed, minutes);
    expect(printedAt).not.toBeNull();
    expect(minuteShown(doc, exported, minutes)).not.toBeNull();
    expect(printed.dark.reduce((a, b) => a + b, 0)).toBeGreaterThan(3000);

    // Each setting reached the print: with it back at its default the page is another.
    const unchanged = withDefaults(doc)
      .filter(([, variant]) => differ(renderDots(variant, printedAt!).dark, printed.dark) === 0)
      .map(([name]) => name);
    expect(unchanged).toEqual([]);

    // An independent reading of the printed date: tesseract's text is the date and time
    // worked out from the clock and the offsets.
    expect(await ocrBox(printed, DATE_BOX)).toBe(dateText(printedAt!));
    // The helper probe (15216, then 35216) may meet another program's helper on this machine
    // first, which refuses our origin: the browser logs that, and the app goes on to ours.
    expect(browser.errors.filter((e) => !e.includes('Failed to load resource') && !e.includes('/local/ServerInfo'))).toEqual([]);
  });

  it("shows a file's own font name and date format as written, and the alignment a file's 3 prints as", async () => {
    const page = editor.page;
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await page.goto('/label/editor?file=new');
    await editor.ready();
    const own = `<LPAPI labelWidth="40" labelHeight="30"><Page>
      <Text x="2" y="2" width="30" height="8" content="宋体 Song" fontName="宋体" verAlignment="3"/>
      <Date x="2" y="14" width="30" height="6" dateFormat="yy-MM-dd" timeFormat=""/>
    </Page></LPAPI>`;
    await editor.choose('editor-open', { name: 'own-font.wdfx', mimeType: 'application/xml', buffer: Buffer.from(own) });
    await editor.ready();
    await editor.select(10, 6, 'text');
    expect(await editor.id('prop-font-name').inputValue()).toBe('宋体');
    expect(await editor.id('prop-font-name').locator('option:checked').textContent()).toBe('宋体');
    // 宋体 prints with the CJK face (src/render/fonts.ts): the panel says which.
    expect(await editor.id('prop-font-own').textContent()).toBe('文件自带的字体，以中文黑体打印');
    expect(await editor.id('prop-ver-align').inputValue()).toBe('0');
    // Another font is one step; undone, the file's own name is back, still offered.
    await choose('prop-font-name', 'Arial');
    await editor.id('prop-font-own').waitFor({ state: 'detached' });
    await editor.id('editor-undo').click();
    await expect.poll(() => editor.id('prop-font-name').inputValue()).toBe('宋体');
    await editor.select(10, 17, 'date');
    expect([await editor.id('prop-date-format').inputValue(), await editor.id('prop-time-format').inputValue()]).toEqual(['yy-MM-dd', '']);
    expect(await editor.id('prop-date-format').locator('option').first().textContent()).toBe('yy-MM-dd');
    expect(dialogs).toEqual([]);
  });
});
