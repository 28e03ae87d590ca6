/**
 * The label's editable flag (issue 26; label-editor.md section 4: "an editable flag on the
 * label decides whether data changes and ticking take effect"), in Chromium against the
 * built app and the real server. A user builds a 40 x 30 mm label with a text, a Code 128
 * and a date, and turns "Editable" off. The editor then says the label is protected;
 * the toolbox, the control panel and every label setting but the flag are disabled; a drag,
 * the arrow keys and Delete change nothing; the date stops ticking on the canvas (it ticks
 * again once the flag is back on). Turning the flag on makes the label editable (one undo
 * step puts the protection back). The saved file says editable="false", and printing is
 * not affected: the virtual printer's page is the Node engine's page for the saved file.
 *
 * Every wait is on a UI state or a poll, except one: "the date does not tick" is checked
 * after the page's clock has passed two whole seconds, when an editable label would have
 * drawn two new frames.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabelDocument } from '../src/label/label';
import { readLabel } from '../src/label/wdfx';
import { loadLabelEngine } from '../src/render/pool-renderer';
import { differ, Editor, installFrameCounter, type Dots } from './editor-user';
import { logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';
import { engineDots, printOnVirtualPrinter } from './printed-pages';

const DPI = 203;
const TEXT = { x: 2, y: 2, w: 20, h: 5 };
const CODE = { x: 2, y: 9, w: 34, h: 10 };
const DATE = { x: 2, y: 22, w: 30, h: 5 };

let server: RunningServer;
let browser: BrowserSession;
let editor: Editor;
let savedText = '';

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


async function insert(tool: string, kind: string, b: typeof TEXT): Promise<void> {
  await editor.id(`insert-${tool}`).click();
  await expect.poll(() => editor.kind()).toBe(kind);
  await editor.setField('prop-width', b.w);
  await editor.setField('prop-height', b.h);
  await editor.setField('prop-x', b.x);
  await editor.setField('prop-y', b.y);
}

/** Waits until the page's own clock has passed `seconds` whole seconds. */
async function pageClockPasses(seconds: number): Promise<void> {
  const start = await editor.page.evaluate(() => Date.now());
  await expect.poll(() => editor.page.evaluate(() => Date.now()), { timeout: (seconds + 5) * 1000 }).toBeGreaterThan(start + seconds * 1000 + 100);
}

describe('the editable flag: a protected label takes no change, does not tick, and prints', () => {
  it('protects the label, refusing every change until the flag is back on, and saves it protected', async () => {
    const page = editor.page;
    await page.goto('/login');
    await logInAsDemo(page);
    await page.goto('/label/editor?file=new');
    await editor.ready();
    await insert('text', 'text', TEXT);
    await insert('barcode', 'barcode', CODE);
    await insert('date', 'date', DATE);
    // A date without the time: the printed page is compared with the engine's for the day.
    await editor.id('prop-time-format').selectOption('');
    await expect.poll(() => editor.id('prop-time-format').inputValue()).toBe('');
    expect(await editor.id('label-editable').isChecked()).toBe(true);
    expect(await editor.id('label-protected-notice').count()).toBe(0);

    // Editable, the date ticks: a new frame each second.
    const ticking = await editor.frames();
    await expect.poll(() => editor.frames(), { timeout: 10_000 }).toBeGreaterThan(ticking + 1);

    // Protected: the notice, disabled tools and fields, and nothing moves or goes.
    await editor.select(CODE.x + 10, CODE.y + 5, 'barcode');
    await editor.id('label-editable').click();
    await editor.id('label-protected-notice').waitFor();
    expect(await editor.id('label-editable').isChecked()).toBe(false);
    expect(await editor.id('insert-text').isDisabled()).toBe(true);
    expect(await editor.id('prop-x').isDisabled()).toBe(true);
    expect(await editor.id('label-width').isDisabled()).toBe(true);
    expect(await editor.id('label-editable').isDisabled()).toBe(false);
    const box = await editor.box();
    expect(box).toEqual([CODE.x, CODE.y, CODE.w, CODE.h]);
    await editor.drag([CODE.x + 10, CODE.y + 5], [CODE.x + 16, CODE.y + 10]);
    await editor.id('editor-stage').press('ArrowRight');
    await editor.id('editor-stage').press('Delete');
    await expect.poll(() => editor.kind()).toBe('barcode');
    expect(await editor.box()).toEqual(box);

    // Protected, the date does not tick.
    const still = await editor.frames();
    await pageClockPasses(2);
    expect(await editor.frames()).toBe(still);

    // The flag back on: editable again, and the same drag moves the code; undo puts the
    // drag back, and another undo the protection.
    await editor.id('label-editable').click();
    await editor.id('label-protected-notice').waitFor({ state: 'detached' });
    await expect.poll(() => editor.id('prop-x').isDisabled()).toBe(false);
    await editor.drag([CODE.x + 10, CODE.y + 5], [CODE.x + 16, CODE.y + 10]);
    await expect.poll(async () => (await editor.box())[0]).toBeGreaterThan(CODE.x + 5);
    await editor.id('editor-undo').click();
    await expect.poll(() => editor.box()).toEqual(box);
    await editor.id('editor-undo').click();
    await editor.id('label-protected-notice').waitFor();
    expect(await editor.id('label-editable').isChecked()).toBe(false);

    const download = page.waitForEvent('download');
    await editor.id('editor-save').click();
    savedText = await readFile((await (await download).path())!, 'utf8');
    expect(savedText).toMatch(/<LPAPI [^>]*editable="false"/);
    const read = readLabel(savedText);
    expect(read.ok && read.warnings).toEqual([]);
    const doc = (read as { ok: true; value: LabelDocument }).value;
    expect(doc.editable).toBe(false);
    expect(doc.children.map((c) => [c.kind, c.x, c.y])).toEqual([
      ['text', TEXT.x, TEXT.y],
      ['barcode', CODE.x, CODE.y],
      ['date', DATE.x, DATE.y],
    ]);
    expect(browser.errors).toEqual([]);
  });

  it('prints the protected label as the engine renders the saved file', async () => {
    const page = editor.page;
    const before = Date.now();
    const { pages } = await printOnVirtualPrinter(editor, server.dataDir);
    const after = Date.now();
    expect(pages.length).toBe(1);
    const printed = pages[0]!;

    // The date prints the day of printing: the page is the engine's at the clock reading
    // before or after the print (the same day unless midnight passed in between).
    const engine = await loadLabelEngine();
    const render = (timeMs: number): Dots => engineDots(engine, savedText, { dpi: DPI, turn: 'label', timeMs })[0]!;
    const differences = [before, after].map((ms) => differ(printed.dark, render(ms).dark));
    expect(Math.min(...differences)).toBe(0);
    // ... and the date and the code are on it.
    expect(printed.dark.filter(Boolean).length).toBeGreaterThan(500);
    expect(browser.errors.filter((e) => !e.includes('Failed to load resource') && !e.includes('/local/ServerInfo'))).toEqual([]);
  });
});
