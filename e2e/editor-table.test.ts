/**
 * Tables and lines in the label editor, in Chromium (issue 13, Tables): insert a table,
 * select cells on the canvas (click, shift-click), add a row and a column, merge two cells
 * and split them, resize the table proportionally by its corner anchor, then undo each
 * step; a refused operation's button is disabled with the reason; type a width and drag a
 * column border. Then drag the ends of a diagonal line. The document is checked in the saved file (read back in Node).
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

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 900 });
  page = browser.page;
  page.setDefaultTimeout(20_000);
  await page.goto('/login');
  await logInAsDemo(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The page point (px) of label point (x, y) mm on the canvas at the current zoom. */
async function at(xMm: number, yMm: number): Promise<{ x: number; y: number }> {
  const overlay = byTestId('editor-overlay');
  const box = (await overlay.boundingBox())!;
  const ox = Number(await overlay.getAttribute('data-origin-x'));
  const oy = Number(await overlay.getAttribute('data-origin-y'));
  const z = Number(await byTestId('editor-raster').getAttribute('data-zoom'));
  return { x: box.x + ox + xMm * z, y: box.y + oy + yMm * z };
}

/** A click at label point (x, y) mm, with `hold` (e.g. Shift) held down. */
async function clickAt(xMm: number, yMm: number, hold?: 'Shift'): Promise<void> {
  const p = await at(xMm, yMm);
  if (hold) await page.keyboard.down(hold);
  await page.mouse.click(p.x, p.y);
  if (hold) await page.keyboard.up(hold);
}

/** Presses at `from` (mm) and moves in steps to `to`, then releases. */
async function drag(from: [number, number], to: [number, number]): Promise<void> {
  const a = await at(...from);
  const b = await at(...to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(a.x + ((b.x - a.x) * i) / 8, a.y + ((b.y - a.y) * i) / 8);
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

const savedTable = async () => (await saved()).children.find((c) => c.kind === 'table') as TableElement;
const range = () => byTestId('table-cells').getAttribute('data-range');
const rows = () => byTestId('prop-rows').inputValue();
const cols = () => byTestId('prop-cols').inputValue();
const stage = () => byTestId('editor-stage');

async function openLabel(name: string, doc: LabelDocument): Promise<void> {
  await page.goto('/label/editor?file=new');
  await byTestId('editor-file').setInputFiles({ name, mimeType: 'application/xml', buffer: Buffer.from(writeLabel(doc)) });
  await expect.poll(() => byTestId('editor-file-name').textContent()).toBe(name);
  await page.locator('[data-testid="editor-raster"][data-state="ready"]').waitFor();
}

describe('the label editor: tables and lines', () => {
  it('inserts a table, adds a row and a column, merges, splits, resizes, and undoes each step', async () => {
    await openLabel('table.wdfx', createLabel());
    await byTestId('insert-table').click();
    // 2 x 3 cells of 8 x 5 mm at the top-left corner, selected: the tools ask for a cell.
    await byTestId('table-tools').waitFor();
    expect(await rows()).toBe('2');
    expect(await byTestId('table-merge').getAttribute('data-refusal')).toBe('noCell');
    expect(await byTestId('table-rowBelow').getAttribute('aria-disabled')).toBe('true');

    // A click selects cell (1, 1); merging one cell is refused, with the reason.
    await clickAt(4, 2.5);
    await expect.poll(range).toBe('0,0,0,0');
    expect(await byTestId('table-merge').getAttribute('data-refusal')).toBe('mergeOneCell');
    expect(await byTestId('table-split').getAttribute('data-refusal')).toBe('splitNotMerged');
    await byTestId('table-merge').click({ force: true }); // disabled: nothing happens
    expect((await savedTable()).group).toEqual([]);

    // A row below, a column to the right: the selection stays on its cell.
    await byTestId('table-rowBelow').click();
    await expect.poll(rows).toBe('3');
    await byTestId('table-colRight').click();
    await expect.poll(cols).toBe('4');
    expect(await range()).toBe('0,0,0,0');

    // Shift-click extends to the cell on the right; merge, then split.
    await clickAt(12, 2.5, 'Shift');
    await expect.poll(range).toBe('0,0,0,1');
    await byTestId('table-merge').click();
    await expect.poll(() => byTestId('table-merge').getAttribute('data-refusal')).toBe('mergeAlready');
    expect((await savedTable()).group).toEqual([[0, 0, 0, 1]]);
    await byTestId('table-split').click();
    await expect.poll(() => byTestId('table-split').getAttribute('data-refusal')).toBe('splitNotMerged');
    let t = await savedTable();
    expect(t.group).toEqual([]);
    expect(t).toMatchObject({ rows: 3, cols: 4, width: 32, height: 15 });

    // The bottom-right anchor: 32 -> 40 mm wide, every column scaled alike, one drag.
    await drag([32, 15], [40, 15]);
    await expect.poll(() => byTestId('prop-width').inputValue()).toBe('40');
    t = await savedTable();
    expect(t.colWidth).toEqual([10, 10, 10, 10]);
    expect(t.rowHeight).toEqual([5, 5, 5]);
    expect(t).toMatchObject({ x: 0, y: 0, width: 40, height: 15 });

    // Undo each step: resize, split, merge, column, row.
    await stage().focus();
    await stage().press('Control+z');
    await expect.poll(() => byTestId('prop-width').inputValue()).toBe('32');
    await stage().press('Control+z');
    expect((await savedTable()).group).toEqual([[0, 0, 0, 1]]);
    await stage().focus();
    await stage().press('Control+z');
    expect((await savedTable()).group).toEqual([]);
    await stage().focus();
    await stage().press('Control+z');
    await expect.poll(cols).toBe('3');
    await stage().press('Control+z');
    await expect.poll(rows).toBe('2');
    t = await savedTable();
    expect(t).toMatchObject({ rows: 2, cols: 3, width: 24, height: 10, colWidth: [8, 8, 8], rowHeight: [5, 5], group: [] });

    // Width typed in the property panel: proportional too; under the minimum it is refused at the field.
    await byTestId('prop-width').fill('48');
    await byTestId('prop-width').press('Enter');
    await expect.poll(async () => (await savedTable()).colWidth).toEqual([16, 16, 16]);
    await byTestId('prop-width').fill('1');
    await byTestId('prop-width').press('Enter');
    // 3 columns of 16 mm: the smallest proportional width has 0.5 mm columns, 1.5 mm.
    await byTestId('prop-panel').getByText(/请输入 1\.5 到/).waitFor();
    expect((await savedTable()).width).toBe(48);

    // The border between columns 1 and 2 dragged 4 mm right: those two trade width, the table keeps its size.
    await drag([16, 2.5], [20, 2.5]);
    await expect.poll(async () => (await savedTable()).colWidth).toEqual([20, 12, 16]);
    expect((await savedTable()).width).toBe(48);
    await stage().focus();
    await stage().press('Control+z');
    await expect.poll(async () => (await savedTable()).colWidth).toEqual([16, 16, 16]);
  });

  it('drags an end of a diagonal line; the other end stays; undo puts it back', async () => {
    await openLabel('line.wdfx', createLabel({ children: [{ kind: 'line', x1: 5, y1: 20, x2: 15, y2: 25 }] }));
    await clickAt(10, 22.5);
    await byTestId('prop-panel').waitFor();
    // Alt: no snapping, so the end lands exactly where the pointer goes.
    await page.keyboard.down('Alt');
    await drag([15, 25], [25, 28]);
    await page.keyboard.up('Alt');
    await expect.poll(() => byTestId('prop-width').inputValue()).toBe('20');
    let line = (await saved()).children[0]!;
    expect(line).toMatchObject({ kind: 'line', x1: 5, y1: 20, x2: 25, y2: 28, x: 5, y: 20, width: 20, height: 8 });
    // The other end, dragged level with the first: a horizontal line again.
    await page.keyboard.down('Alt');
    await drag([5, 20], [5, 28]);
    await page.keyboard.up('Alt');
    await expect.poll(async () => (await saved()).children[0]).toMatchObject({ x1: 5, y1: 28, x2: 25, y2: 28, orientation: 0, width: 20 });
    await stage().focus();
    await stage().press('Control+z');
    await stage().press('Control+z');
    line = (await saved()).children[0]!;
    expect(line).toMatchObject({ x1: 5, y1: 20, x2: 15, y2: 25 });
  });
});
