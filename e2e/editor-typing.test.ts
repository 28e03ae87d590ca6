/**
 * In-place typing and the overlay's rules in Chromium (issue 13; label-editor.md sections
 * 2-4): double-click a text and type Chinese, a newline and a Tab (the canvas's shortcuts
 * stay quiet), a click outside commits as one undo step, Escape cancels; the empty-text hint
 * is on the overlay, not in the raster; an EAN-13 refuses letters and filters a paste; a
 * table cell is typed into; a locked control shows no handles and is not resized, a merely
 * selected one lacks the right- and bottom-centre handles; a flag label's tail is drawn on
 * the overlay while the raster stays the same; and the date ticker redraws on each whole
 * second of a clock the test drives (Playwright's page.clock). Documents are checked as
 * saved (.wdfx read back in Node), pixels on the canvases themselves.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLabel, type LabelDocument } from '../src/label/label';
import type { TableElement } from '../src/label/elements/table';
import { readLabel, writeLabel } from '../src/label/wdfx';
import { logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;

const byTestId = (id: string, on: Page | Locator = page) => on.locator(`[data-testid="${id}"]`);
const stage = () => byTestId('editor-stage');
const typing = () => byTestId('editor-typing');

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

/** 60 x 40 mm: an empty text, an EAN-13, a locked and an unlocked rectangle, a 2 x 3 table;
 * a flag tail of 15 mm to the right is set but the flag option is off. */
function typingLabel(): string {
  return writeLabel(
    createLabel({
      labelWidth: 60,
      labelHeight: 40,
      tailDirection: 'right',
      tailLength: 15,
      children: [
        { kind: 'text', x: 2, y: 2, width: 30, height: 6, content: '', fontHeight: 4 },
        { kind: 'barcode', type: 'ean13', x: 2, y: 10, width: 36, height: 12, content: '690123456789' },
        { kind: 'rectangle', x: 45, y: 2, width: 10, height: 6, lockMovement: true },
        { kind: 'table', x: 2, y: 26 },
        { kind: 'rectangle', x: 45, y: 14, width: 10, height: 6 },
      ],
    } as never),
  );
}

async function view(): Promise<{ zoom: number; ox: number; oy: number; box: { x: number; y: number } }> {
  const overlay = byTestId('editor-overlay');
  const box = (await overlay.boundingBox())!;
  return {
    zoom: Number(await byTestId('editor-raster').getAttribute('data-zoom')),
    ox: Number(await overlay.getAttribute('data-origin-x')),
    oy: Number(await overlay.getAttribute('data-origin-y')),
    box,
  };
}

/** The page point (px) of label point (x, y) mm. */
async function at(xMm: number, yMm: number): Promise<{ x: number; y: number }> {
  const v = await view();
  return { x: v.box.x + v.ox + xMm * v.zoom, y: v.box.y + v.oy + yMm * v.zoom };
}

/** The overlay's pixel (px of the stage) for label point (x, y) mm moved by (dx, dy) px. */
async function overlayPoint(xMm: number, yMm: number, dx = 0, dy = 0): Promise<[number, number]> {
  const v = await view();
  return [Math.round(v.ox + xMm * v.zoom + dx), Math.round(v.oy + yMm * v.zoom + dy)];
}

/** Pixels counted in a canvas's rectangle (canvas px): ink (raster: darker than 250) or,
 * on the overlay, anything drawn (alpha above 0). */
async function inked(testId: string, x: number, y: number, w: number, h: number): Promise<number> {
  return page.evaluate(
    ([id, x, y, w, h]) => {
      const c = document.querySelector(`[data-testid="${id}"]`) as HTMLCanvasElement;
      const d = c.getContext('2d')!.getImageData(x as number, y as number, w as number, h as number).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (id === 'editor-overlay' ? d[i + 3]! > 0 : d[i]! < 250) n++;
      return n;
    },
    [testId, x, y, w, h] as const,
  );
}

async function pixel(testId: string, x: number, y: number): Promise<[number, number, number, number]> {
  return page.evaluate(
    ([id, x, y]) => {
      const c = document.querySelector(`[data-testid="${id}"]`) as HTMLCanvasElement;
      return [...c.getContext('2d')!.getImageData(x as number, y as number, 1, 1).data] as [number, number, number, number];
    },
    [testId, x, y] as const,
  );
}

/** A digest of the raster's size and pixels. */
async function rasterDigest(): Promise<string> {
  return page.evaluate(() => {
    const c = document.querySelector('[data-testid="editor-raster"]') as HTMLCanvasElement;
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let h = 2166136261;
    for (let i = 0; i < d.length; i++) h = Math.imul(h ^ d[i]!, 16777619);
    return `${c.width}x${c.height}:${(h >>> 0).toString(16)}`;
  });
}

/** A ring of an anchor is drawn near this overlay pixel (semi-transparent teal). */
async function ringAt(x: number, y: number): Promise<boolean> {
  // The ring is 4 px wide around radius 12: look at the 3 x 3 pixels about the point.
  for (const [dx, dy] of [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
    const [r, g, b, a] = await pixel('editor-overlay', x + dx, y + dy);
    if (a > 0 && g > r + 40 && b > r + 40) return true;
  }
  return false;
}

async function ready(): Promise<void> {
  await page.locator('[data-testid="editor-raster"][data-state="ready"]').waitFor();
}

async function saved(): Promise<LabelDocument> {
  const download = page.waitForEvent('download');
  await byTestId('editor-save').click();
  const file = await download;
  const read = readLabel(await readFile((await file.path())!, 'utf8'));
  if (!read.ok) throw new Error(`saved file unreadable: ${read.error.code}`);
  return read.value;
}

async function openLabel(name: string, text: string): Promise<void> {
  await byTestId('editor-file').setInputFiles({ name, mimeType: 'application/xml', buffer: Buffer.from(text) });
  await expect.poll(() => byTestId('editor-file-name').textContent()).toBe(name);
  await ready();
}

/** Clicks empty canvas (commits typing, clears the selection). */
async function clickEmpty(): Promise<void> {
  const p = await at(45, 32);
  await page.mouse.click(p.x, p.y);
}

async function dblclickAt(xMm: number, yMm: number): Promise<void> {
  const p = await at(xMm, yMm);
  await page.mouse.dblclick(p.x, p.y);
}

describe('the label editor: typing in place, handles, flag tail, ticker', () => {
  it('types Chinese, a newline and a Tab into a text; a click outside commits one undo step; Escape cancels', async () => {
    await page.goto('/login');
    await logInAsDemo(page);
    await page.goto('/label/editor?file=new');
    await openLabel('typing.wdfx', typingLabel());

    // The empty text: nothing in the raster, the hint on the overlay.
    const v = await view();
    const [tx, ty, tw, th] = [2 * v.zoom, 2 * v.zoom, 30 * v.zoom, 6 * v.zoom].map(Math.round) as [number, number, number, number];
    expect(await inked('editor-raster', tx, ty, tw, th)).toBe(0);
    const [ox, oy] = await overlayPoint(2, 2);
    expect(await inked('editor-overlay', ox + 2, oy + 2, tw - 4, th - 4)).toBeGreaterThan(20);

    await dblclickAt(17, 5);
    await expect.poll(() => typing().count()).toBe(1);
    expect(await typing().getAttribute('data-target')).toBe('0');
    await page.keyboard.insertText('资产标签');
    await page.keyboard.press('Enter');
    await page.keyboard.type('A1');
    await page.keyboard.press('Tab');
    await page.keyboard.type('z');
    // Backspace and Delete edit the text, not the label (the control stays).
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Delete');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('End');
    expect(await typing().inputValue()).toBe('资产标签\nA1    ');
    // Tab kept the focus in the text box.
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe('editor-typing');

    await clickEmpty();
    await expect.poll(() => typing().count()).toBe(0);
    await ready();
    let doc = await saved();
    expect(doc.children).toHaveLength(5);
    expect(doc.children[0]).toMatchObject({ kind: 'text', content: '资产标签\nA1    ', x: 2, y: 2 });
    // Now printed in the raster; the hint is gone.
    expect(await inked('editor-raster', tx, ty, tw, th)).toBeGreaterThan(20);

    // One undo step takes the whole typing back, one redo brings it again.
    await stage().press('Control+z');
    await expect.poll(async () => (await saved()).children[0]).toMatchObject({ content: '' });
    await stage().press('Control+y');
    await expect.poll(async () => (await saved()).children[0]).toMatchObject({ content: '资产标签\nA1    ' });

    // Escape cancels: nothing changes and no undo step is added.
    await dblclickAt(17, 5);
    await expect.poll(() => typing().count()).toBe(1);
    await page.keyboard.type('zzz');
    await page.keyboard.press('Escape');
    await expect.poll(() => typing().count()).toBe(0);
    doc = await saved();
    expect(doc.children[0]).toMatchObject({ content: '资产标签\nA1    ' });
    await stage().press('Control+z');
    await expect.poll(async () => (await saved()).children[0]).toMatchObject({ content: '' });
    await stage().press('Control+y');
  });

  it('takes only digits in an EAN-13, pasted text filtered; Ctrl+Enter commits', async () => {
    await dblclickAt(20, 16);
    await expect.poll(() => typing().count()).toBe(1);
    expect(await typing().inputValue()).toBe('690123456789');
    await page.keyboard.press('End');
    await page.keyboard.type('ab-c X');
    expect(await typing().inputValue()).toBe('690123456789');
    await expect.poll(() => byTestId('editor-typing-note').textContent()).toContain('只能输入数字');
    await page.keyboard.type('2');
    expect(await typing().inputValue()).toBe('6901234567892');
    await page.keyboard.type('5'); // 12 digits and the check digit: no more
    expect(await typing().inputValue()).toBe('6901234567892');

    // A paste over the whole text keeps its digits only, at most 13.
    await page.keyboard.press('Control+a');
    await typing().evaluate((el, text) => {
      const dt = new DataTransfer();
      dt.setData('text/plain', text);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    }, 'EAN: 400-638-133-393-1 (box 7)');
    await expect.poll(() => typing().inputValue()).toBe('4006381333931');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => typing().count()).toBe(0);
    const doc = await saved();
    expect(doc.children[1]).toMatchObject({ kind: 'barcode', type: 'ean13', content: '4006381333931' });
    // Ctrl+a inside the text box selected text, not every control.
    expect(doc.children).toHaveLength(5);
  });

  it('types into the table cell under a double-click', async () => {
    // Row 1, column 2 of the table at (2, 26): columns 8 mm, rows 5 mm.
    await dblclickAt(22, 33.5);
    await expect.poll(() => typing().count()).toBe(1);
    expect(await typing().getAttribute('data-target')).toBe('3:1,2');
    await page.keyboard.insertText('格');
    await clickEmpty();
    await expect.poll(() => typing().count()).toBe(0);
    const table = (await saved()).children[3] as TableElement;
    expect(table.cells.map((c) => c.content)).toEqual(['', '', '', '', '', '格']);
  });

  it('shows no handles on a locked control and never resizes it; right- and bottom-centre handles only on the active control', async () => {
    // The locked rectangle (45, 2) 10 x 6: selected, no ring at its corners or edges.
    const p = await at(50, 5);
    await page.mouse.click(p.x, p.y);
    await expect.poll(() => byTestId('prop-x').inputValue()).toBe('45');
    for (const [x, y, dx, dy] of [[45, 2, -12, 0], [55, 5, 12, 0], [50, 8, 0, 12], [55, 8, 12, 0]] as const) {
      expect(await ringAt(...(await overlayPoint(x, y, dx, dy))), `${x},${y}`).toBe(false);
    }
    // Its border is drawn (dashed, on the overlay).
    expect(await inked('editor-overlay', ...(await overlayPoint(45, 2, -1, -1)), Math.round(10 * (await view()).zoom), 3)).toBeGreaterThan(0);
    // Dragging its corner changes nothing.
    const se = await at(55, 8);
    await page.mouse.move(se.x, se.y);
    await page.mouse.down();
    for (let i = 1; i <= 5; i++) await page.mouse.move(se.x + i * 10, se.y + i * 8);
    await page.mouse.up();
    expect((await saved()).children[2]).toMatchObject({ x: 45, y: 2, width: 10, height: 6 });

    // The text, then Shift+click the unlocked rectangle (45, 14) 10 x 6: it is the active one.
    await clickEmpty();
    const t = await at(17, 5);
    await page.mouse.click(t.x, t.y);
    const r = await at(50, 17);
    await page.keyboard.down('Shift');
    await page.mouse.click(r.x, r.y);
    await page.keyboard.up('Shift');
    await expect.poll(() => byTestId('prop-many').textContent()).toContain('2');
    // Active: its right-centre and bottom-centre handles are there.
    expect(await ringAt(...(await overlayPoint(55, 17, 12, 0)))).toBe(true);
    expect(await ringAt(...(await overlayPoint(50, 20, 0, 12)))).toBe(true);
    // Selected, not active: corners yes, right-centre and bottom-centre no.
    expect(await ringAt(...(await overlayPoint(2, 2, -12, 0)))).toBe(true);
    expect(await ringAt(...(await overlayPoint(32, 5, 12, 0)))).toBe(false);
    expect(await ringAt(...(await overlayPoint(17, 8, 0, 12)))).toBe(false);
    await clickEmpty();
  });

  it('draws a flag label\'s tail on the overlay, outside the label, and leaves the raster as it was', async () => {
    // A fixed zoom, so the tail's room does not change the raster's scale.
    await byTestId('zoom-in').click();
    await ready();
    const before = await rasterDigest();
    const v0 = await view();
    const rasterWidth = Number(await byTestId('editor-raster').evaluate((c) => (c as HTMLCanvasElement).width));
    expect(rasterWidth).toBe(Math.round(60 * v0.zoom));

    // The flag option is among the label's further settings (shown at once on a wide panel).
    if (await byTestId('label-settings-more').count()) await byTestId('label-settings-more').click();
    await byTestId('label-flag').click();
    await expect.poll(async () => (await saved()).isFlagLabel).toBe(true);
    await ready();
    // The tail (60..75 mm, right of the body) is tinted #E93423 on the overlay...
    const [mx, my] = await overlayPoint(67.5, 20);
    const [r, g, b, a] = await pixel('editor-overlay', mx, my);
    expect(a).toBeGreaterThan(0);
    expect(r).toBeGreaterThan(g + 80);
    expect(r).toBeGreaterThan(b + 80);
    // ... its dashed outline is drawn ...
    const [ex, ey] = await overlayPoint(75, 0);
    expect(await inked('editor-overlay', ex - 3, ey, 5, Math.round(40 * v0.zoom))).toBeGreaterThan(0);
    // ... and the raster is the very same page, bit for bit.
    expect(await rasterDigest()).toBe(before);

    // Off again: no tail on the overlay.
    await byTestId('label-flag').click();
    await expect.poll(async () => (await saved()).isFlagLabel).toBe(false);
    const [nx, ny] = await overlayPoint(67.5, 20);
    await expect.poll(async () => (await pixel('editor-overlay', nx, ny))[3]).toBe(0);
  });

  it('redraws the dates on each whole second of the clock, and stops when no date is left', async () => {
    const t0 = Date.UTC(2026, 2, 1, 10, 0, 0);
    await page.clock.install({ time: t0 });
    await page.goto('/label/editor?file=new');
    const dateLabel = writeLabel(
      createLabel({ labelWidth: 60, labelHeight: 40, children: [{ kind: 'date', x: 2, y: 2, width: 50, height: 10, dateFormat: 'yyyy-MM-dd', timeFormat: 'HH:mm:ss', fontHeight: 5 }] } as never),
    );
    await openLabel('clock.wdfx', dateLabel);
    const t1 = t0 + 10_500;
    await page.clock.pauseAt(t1);
    await ready();
    const shown = async () => Number(await byTestId('editor-raster').getAttribute('data-time'));

    await page.clock.runFor(1000);
    await expect.poll(shown).toBe(t0 + 11_000);
    await ready();
    const at11 = await rasterDigest();
    await page.clock.runFor(1000);
    await expect.poll(shown).toBe(t0 + 12_000);
    // The seconds on the label changed (…:12 instead of …:11).
    await expect.poll(rasterDigest).not.toBe(at11);

    // No date left: the label is drawn once more, then nothing ticks.
    const p = await at(20, 7);
    await page.mouse.click(p.x, p.y);
    await stage().press('Delete');
    await ready();
    const after = await shown();
    await page.clock.runFor(3000);
    await ready();
    expect(await shown()).toBe(after);
    expect(browser.errors.filter((e) => !/favicon/.test(e))).toEqual([]);
  });
});
