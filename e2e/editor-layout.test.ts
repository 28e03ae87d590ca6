/**
 * The label editor's selection and layout tools in Chromium (issue 13, "The canvas"): a
 * label with three rectangles (one locked) opened from disk; marquee selection (shift
 * adds); align and distribute, each one undo step; a group move that leaves the locked
 * control where it is; snapping to another control's edge with a guide on the overlay, and
 * Alt turning it off; z-order; Ctrl+C / Ctrl+V at the first free position. Positions are
 * checked in the saved file (read back in Node), so they are the document's own numbers.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLabel, type LabelDocument } from '../src/label/label';
import { readLabel, writeLabel } from '../src/label/wdfx';
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

/** A (2, 2) 10 x 5, B (20, 12) 6 x 6 locked, C (6, 20) 8 x 4, on a 40 x 30 mm label. */
function layoutLabel(): string {
  return writeLabel(
    createLabel({
      children: [
        { kind: 'rectangle', x: 2, y: 2, width: 10, height: 5 },
        { kind: 'rectangle', x: 20, y: 12, width: 6, height: 6, lockMovement: true },
        { kind: 'rectangle', x: 6, y: 20, width: 8, height: 4 },
      ],
    }),
  );
}

async function zoom(): Promise<number> {
  return Number(await byTestId('editor-raster').getAttribute('data-zoom'));
}

/** The page point (px) of label point (x, y) mm on the canvas at the current zoom. */
async function at(xMm: number, yMm: number): Promise<{ x: number; y: number }> {
  const overlay = byTestId('editor-overlay');
  const box = (await overlay.boundingBox())!;
  const ox = Number(await overlay.getAttribute('data-origin-x'));
  const oy = Number(await overlay.getAttribute('data-origin-y'));
  const z = await zoom();
  return { x: box.x + ox + xMm * z, y: box.y + oy + yMm * z };
}

async function clickAt(xMm: number, yMm: number): Promise<void> {
  const p = await at(xMm, yMm);
  await page.mouse.click(p.x, p.y);
}

/** Presses at `from` (mm), moves in steps to `to` and, before releasing, runs `during`. */
async function drag(from: [number, number], to: [number, number], during?: () => Promise<void>): Promise<void> {
  const a = await at(...from);
  const b = await at(...to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) await page.mouse.move(a.x + ((b.x - a.x) * i) / 6, a.y + ((b.y - a.y) * i) / 6);
  if (during) await during();
  await page.mouse.up();
}

/** The document as saved (a .wdfx download read back). */
async function saved(): Promise<LabelDocument> {
  const download = page.waitForEvent('download');
  await byTestId('editor-save').click();
  const file = await download;
  const read = readLabel(await readFile((await file.path())!, 'utf8'));
  if (!read.ok) throw new Error(`saved file unreadable: ${read.error.code}`);
  return read.value;
}

const xy = (d: LabelDocument) => d.children.map((c) => [c.x, c.y]);
const many = () => byTestId('prop-many').textContent();
const stage = () => byTestId('editor-stage');

describe('the label editor: selection and layout tools', () => {
  it('marquee-selects, aligns, distributes, group-moves, snaps, restacks, copies and pastes', async () => {
    await page.goto('/login');
    await logInAsDemo(page);
    await page.goto('/label/editor?file=new');
    await byTestId('editor-file').setInputFiles({ name: 'layout.wdfx', mimeType: 'application/xml', buffer: Buffer.from(layoutLabel()) });
    await expect.poll(() => byTestId('editor-file-name').textContent()).toBe('layout.wdfx');
    await page.locator('[data-testid="editor-raster"][data-state="ready"]').waitFor();

    // One control selected: align and distribute cannot apply; A is at the bottom.
    await clickAt(4, 3);
    await expect.poll(() => byTestId('prop-x').inputValue()).toBe('2');
    expect(await byTestId('align-left').isDisabled()).toBe(true);
    expect(await byTestId('distribute-horizontal').isDisabled()).toBe(true);
    expect(await byTestId('zorder-back').isDisabled()).toBe(true);
    expect(await byTestId('zorder-front').isDisabled()).toBe(false);

    // Marquee over C only (A is not fully inside): C alone; then Shift adds A.
    await drag([1, 18], [16, 26], async () => {
      await expect.poll(() => byTestId('editor-overlay').getAttribute('data-marquee')).toBe('true');
    });
    await expect.poll(() => byTestId('editor-overlay').getAttribute('data-marquee')).toBe('false');
    await expect.poll(() => byTestId('prop-x').inputValue()).toBe('6');
    await page.keyboard.down('Shift');
    await drag([1, 1], [13, 8]);
    await page.keyboard.up('Shift');
    await expect.poll(many).toContain('2');
    expect(await byTestId('align-left').isDisabled()).toBe(false);

    // Align top: C goes up to A's top; one undo step.
    await byTestId('align-top').click();
    expect(xy(await saved())).toEqual([[2, 2], [20, 12], [6, 2]]);
    await stage().press('Control+z');
    expect(xy(await saved())).toEqual([[2, 2], [20, 12], [6, 20]]);

    // All three: distribute horizontally between A (left 2) and B (right 26): C's left at
    // 12 (gaps of 0); B is locked and is never moved by align.
    await stage().press('Control+a');
    await expect.poll(many).toContain('3');
    await byTestId('distribute-horizontal').click();
    expect(xy(await saved())).toEqual([[2, 2], [20, 12], [12, 20]]);
    await stage().press('Control+z');
    await byTestId('align-right').click();
    // Right edges at 26: A to 16, C to 18, B stays.
    expect(xy(await saved())).toEqual([[16, 2], [20, 12], [18, 20]]);
    await stage().press('Control+z');

    // Group move with all three selected, Alt held (no snapping): A and C move together
    // by the same amount, B (locked) stays; one undo step puts both back.
    await page.keyboard.down('Alt');
    await drag([4, 3], [9, 3]);
    await page.keyboard.up('Alt');
    const moved = await saved();
    const dx = moved.children[0]!.x - 2;
    expect(dx).toBeGreaterThan(4.5);
    expect(dx).toBeLessThan(5.5);
    expect(moved.children[2]!.x).toBeCloseTo(6 + dx, 3);
    expect(moved.children[1]).toMatchObject({ x: 20, y: 12 });
    expect(moved.children[0]!.y).toBeCloseTo(2, 3);
    await stage().press('Control+z');
    expect(xy(await saved())).toEqual([[2, 2], [20, 12], [6, 20]]);

    // Snapping: drag C so its left edge comes 2 px short of B's left edge (20 mm): it
    // snaps onto 20 and the overlay shows the guide while snapped.
    await stage().press('Escape');
    await clickAt(10, 22);
    await expect.poll(() => byTestId('prop-x').inputValue()).toBe('6');
    const near = 14 - 2 / (await zoom());
    await drag([10, 22], [10 + near, 22], async () => {
      await expect.poll(() => byTestId('editor-overlay').getAttribute('data-guides-x')).toBe('20');
    });
    await expect.poll(() => byTestId('editor-overlay').getAttribute('data-guides-x')).toBe('');
    expect(xy(await saved())[2]).toEqual([20, 20]);
    await stage().press('Control+z');
    // The same drag with Alt: no snapping, no guide; C stops short of 20.
    await page.keyboard.down('Alt');
    await drag([10, 22], [10 + near, 22], async () => {
      expect(await byTestId('editor-overlay').getAttribute('data-guides-x')).toBe('');
    });
    await page.keyboard.up('Alt');
    const unsnapped = (await saved()).children[2]!.x;
    expect(unsnapped).toBeLessThan(20);
    expect(unsnapped).toBeGreaterThan(19);
    await stage().press('Control+z');

    // Z-order: C is on top (front and forward disabled); send it to the back, then undo.
    await stage().press('Escape');
    await clickAt(10, 22);
    await expect.poll(() => byTestId('prop-x').inputValue()).toBe('6');
    expect(await byTestId('zorder-front').isDisabled()).toBe(true);
    expect(await byTestId('zorder-forward').isDisabled()).toBe(true);
    await byTestId('zorder-back').click();
    expect(xy(await saved())).toEqual([[6, 20], [2, 2], [20, 12]]);
    expect(await byTestId('zorder-back').isDisabled()).toBe(true);
    await stage().press('Control+z');
    expect(xy(await saved())).toEqual([[2, 2], [20, 12], [6, 20]]);

    // Copy and paste: A's copy at the first free position (3, 3), then (4, 4); each paste
    // one undo step, the pasted control selected.
    await stage().press('Escape');
    await clickAt(4, 3);
    await expect.poll(() => byTestId('prop-x').inputValue()).toBe('2');
    await stage().press('Control+c');
    await stage().press('Control+v');
    await expect.poll(() => byTestId('prop-x').inputValue()).toBe('3');
    expect(await byTestId('prop-y').inputValue()).toBe('3');
    await stage().press('Control+v');
    await expect.poll(() => byTestId('prop-x').inputValue()).toBe('4');
    const pasted = await saved();
    expect(xy(pasted)).toEqual([[2, 2], [20, 12], [6, 20], [3, 3], [4, 4]]);
    expect(pasted.children[4]).toMatchObject({ kind: 'rectangle', width: 10, height: 5 });
    await stage().press('Control+z');
    expect(xy(await saved())).toHaveLength(4);
    expect(browser.errors).toEqual([]);
  });
});
