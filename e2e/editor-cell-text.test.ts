/**
 * The text settings of table cells (issue 26), in Chromium against the built app and the real
 * server. A user opens a label with a 2 x 2 table, selects its top row (a click, a
 * shift-click), and sets through the panel's "Text of the selected cells": bold, underline,
 * right alignment, a larger size and letter spacing. The saved file has them on the two
 * selected cells and nothing else changed; one undo takes back the last setting alone. Printed
 * on the virtual printer, the page is dot for dot the Node engine's for the saved file, and
 * differs from the engine's page of the label as it was opened (the settings print). Every
 * wait is on a UI state, never on time.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLabel, type LabelDocument } from '../src/label/label';
import { FontStyle } from '../src/label/elements/common';
import type { TableElement } from '../src/label/elements/table';
import { readLabel, writeLabel } from '../src/label/wdfx';
import { ptToMm } from '../src/label/units';
import { loadLabelEngine } from '../src/render/pool-renderer';
import { differ, Editor } from './editor-user';
import { logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';
import { engineDots, printOnVirtualPrinter } from './printed-pages';

const DPI = 203;
/** A 50 x 30 mm label with a 2 x 2 table of 20 x 10 mm cells at (4, 4) mm. */
const OPENED: LabelDocument = createLabel({
  labelWidth: 50,
  labelHeight: 30,
  children: [
    {
      kind: 'table',
      x: 4,
      y: 4,
      rows: 2,
      cols: 2,
      colWidth: '20,20',
      rowHeight: '10,10',
      cells: [{ content: 'AB' }, { content: 'CD' }, { content: 'EF' }, { content: 'GH' }],
    },
  ],
});

let server: RunningServer;
let browser: BrowserSession;
let editor: Editor;
let savedText = '';

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 1000 });
  browser.page.setDefaultTimeout(20_000);
  editor = new Editor(browser.page);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A click at label point (x, y) mm; with `shift`, a shift-click. */
async function clickAt(xMm: number, yMm: number, shift = false): Promise<void> {
  if (shift) await editor.page.keyboard.down('Shift');
  await editor.clickAt(xMm, yMm);
  if (shift) await editor.page.keyboard.up('Shift');
}

const cellProp = (testId: string) => editor.page.locator(`[data-testid="cell-text-props"] [data-testid="${testId}"]`);
const range = () => editor.id('table-cells').getAttribute('data-range');

async function saved(): Promise<{ text: string; table: TableElement }> {
  const download = editor.page.waitForEvent('download');
  await editor.id('editor-save').click();
  const text = await readFile((await (await download).path())!, 'utf8');
  const read = readLabel(text);
  if (!read.ok) throw new Error(read.error.code);
  return { text, table: read.value.children[0] as TableElement };
}

describe('the text settings of table cells', () => {
  it('sets bold, underline, alignment, size and spacing on the selected cells only, each one undo step', async () => {
    const page = editor.page;
    await page.goto('/login');
    await logInAsDemo(page);
    await page.goto('/label/editor?file=new');
    await editor.id('editor-file').setInputFiles({ name: 'cells.wdfx', mimeType: 'application/xml', buffer: Buffer.from(writeLabel(OPENED)) });
    await expect.poll(() => editor.id('editor-file-name').textContent()).toBe('cells.wdfx');
    await page.locator('[data-testid="editor-raster"][data-state="ready"]').waitFor();

    // The first click selects the table, the next its cell; a shift-click the row's other cell.
    await clickAt(10, 8);
    await editor.id('table-tools').waitFor();
    await clickAt(10, 8);
    await expect.poll(range).toBe('0,0,0,0');
    expect(await editor.id('cell-text-props').count()).toBe(1);
    await clickAt(30, 8, true);
    await expect.poll(range).toBe('0,0,0,1');

    await cellProp('prop-bold').click();
    await expect.poll(() => cellProp('prop-bold').isChecked()).toBe(true);
    await cellProp('prop-underline').click();
    await expect.poll(() => cellProp('prop-underline').isChecked()).toBe(true);
    await cellProp('prop-hor-align').selectOption('2');
    await expect.poll(() => cellProp('prop-hor-align').inputValue()).toBe('2');
    await cellProp('prop-font-size').selectOption('12');
    await expect.poll(() => cellProp('prop-font-size').inputValue()).toBe('12');
    // A cell's box is the grid's: no auto height here.
    expect(await cellProp('prop-auto-height').count()).toBe(0);

    // Letter spacing last: one undo takes it back, and nothing else.
    await editor.setField('prop-char-space', 0.4);
    let { table } = await saved();
    expect(table.cells[0]!.charSpace).toBe(0.4);
    await editor.id('editor-undo').click();
    await expect.poll(async () => (await saved()).table.cells[0]!.charSpace).toBe(0);
    await editor.setField('prop-char-space', 0.4);

    const result = await saved();
    savedText = result.text;
    table = result.table;
    const opened = OPENED.children[0] as TableElement;
    const styled = { fontStyle: FontStyle.Bold | FontStyle.Underline, horAlignment: 2, charSpace: 0.4 };
    for (const i of [0, 1]) {
      const { fontHeight, ...rest } = table.cells[i]!;
      expect(rest).toEqual({ ...opened.cells[i], ...styled, fontHeight: undefined });
      expect(fontHeight).toBeCloseTo(ptToMm(12), 2);
    }
    expect(table.cells.slice(2)).toEqual(opened.cells.slice(2));
    expect(browser.errors).toEqual([]);
  });

  it('prints the cells as the engine renders the saved file, otherwise than as opened', async () => {
    const { pages } = await printOnVirtualPrinter(editor, server.dataDir);
    expect(pages.length).toBe(1);
    const engine = await loadLabelEngine();
    const options = { dpi: DPI, turn: 'label' } as const;
    const printed = pages[0]!;
    expect(differ(printed.dark, engineDots(engine, savedText, options)[0]!.dark)).toBe(0);
    expect(differ(printed.dark, engineDots(engine, OPENED, options)[0]!.dark)).toBeGreaterThan(100);
  });
});
