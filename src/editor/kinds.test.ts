import { describe, expect, it } from 'vitest';
import { encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { createLabel } from '../label/label.ts';
import { createElement } from '../label/elements/index.ts';
import { mergeCells, type TableElement } from '../label/elements/table.ts';
import { SYMBOLOGIES } from '../engine/symbologies.ts';
import { readLabel, writeLabel } from '../label/wdfx.ts';
import { checkInteger, insertElement, insertTool, MAX_PICTURE_BYTES, MORE_TOOLS, pictureDataUrl, resizeGrid, TABLE_COUNT } from './kinds.ts';
import { EditorModel } from './model.ts';

/** Timers that never fire by themselves: each edit is its own undo step. */
const held = { setTimer: () => 0, clearTimer: () => undefined };

/** A 3 x 2 RGB PNG, made by a real encoder. */
const PNG = encodePng({ width: 3, height: 2, channels: 3, data: new Uint8Array([0, 0, 0, 255, 255, 255, 0, 0, 0, 255, 255, 255, 0, 0, 0, 255, 255, 255]) });
/** A 4 x 4 JPEG. */
const JPEG = new Uint8Array(jpeg.encode({ width: 4, height: 4, data: new Uint8Array(4 * 4 * 4).fill(200) }, 90).data);

const tool = (id: string) => MORE_TOOLS.find((t) => t.id === id)!;

describe('the toolbox kinds', () => {
  it('insert each kind with the spec defaults at the first free position, one undo step each', () => {
    const m = new EditorModel(createLabel(), 'en', held);
    const picture = pictureDataUrl(PNG);
    expect(picture.ok).toBe(true);
    if (!picture.ok) return;
    for (const t of MORE_TOOLS) expect(insertTool(m, t, t.picture ? { content: picture.dataUrl } : {})).toBe(true);
    const kids = m.doc.children;
    expect(kids.map((c) => [c.kind, c.x, c.y])).toEqual(MORE_TOOLS.map((t, i) => [t.kind, i, i]));
    expect(m.selection).toEqual([MORE_TOOLS.length - 1]);
    for (const [i, type] of (['datamatrix', 'pdf417', 'gridmatrix'] as const).entries()) {
      // Spec section 3: a 2D code is 10 x 10 mm with its type's placeholder content.
      expect(kids[i]).toMatchObject({ kind: 'qrcode', type, width: 10, height: 10, content: SYMBOLOGIES[type].sample });
    }
    expect(kids[3]).toMatchObject({ kind: 'arctext', width: 20, height: 20, lineWidth: 0.5 });
    expect(kids[4]).toMatchObject({ kind: 'picture', width: 10, height: 10, colorMode: 3, threshold: 128, content: picture.dataUrl });
    expect(kids[5]).toMatchObject({ kind: 'logo', width: 10, height: 10, colorMode: 0, content: picture.dataUrl });
    // Table: 2 rows x 3 columns of 8 x 5 mm.
    expect(kids[6]).toMatchObject({ kind: 'table', rows: 2, cols: 3, width: 24, height: 10, colWidth: [8, 8, 8], rowHeight: [5, 5] });
    for (let i = 0; i < MORE_TOOLS.length; i++) m.undo();
    expect(m.doc.children).toEqual([]);
    expect(m.undo()).toBe(false);
  });

  it('never inserts on an occupied position', () => {
    const doc = createLabel({ children: [{ kind: 'text', x: 0, y: 0 }, { kind: 'text', x: 1, y: 1 }] });
    const r = insertElement(doc, 'table', {}, 'en');
    expect(r?.index).toBe(2);
    expect(r?.doc.children[2]).toMatchObject({ kind: 'table', x: 2, y: 2 });
    expect(doc.children).toHaveLength(2); // the input is not changed
  });

  it('survive saving and reading back, every kind with its fields', () => {
    const m = new EditorModel(createLabel(), 'zh-CN', held);
    const jpegPicture = pictureDataUrl(JPEG);
    expect(jpegPicture.ok).toBe(true);
    if (!jpegPicture.ok) return;
    for (const t of MORE_TOOLS) insertTool(m, t, t.picture ? { content: jpegPicture.dataUrl } : {});
    m.patchControl(1, { pdf417EccLevel: 4, pdf417AutoCols: false, pdf417Cols: 3 });
    m.patchControl(2, { gmEccLevel: 2, gmVersion: 5 });
    m.patchControl(0, { dmCodeShape: 'square' });
    const read = readLabel(writeLabel(m.doc));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.children).toEqual(m.doc.children);
    expect(read.value.children[4]).toMatchObject({ kind: 'picture', content: jpegPicture.dataUrl });
  });
});

describe('picture files', () => {
  it('embed PNG and JPEG as data URLs typed by their bytes', () => {
    const png = pictureDataUrl(PNG);
    expect(png).toMatchObject({ ok: true, width: 3, height: 2 });
    if (png.ok) expect(png.dataUrl.startsWith('data:image/png;base64,iVBORw0KGgo')).toBe(true);
    const jpg = pictureDataUrl(JPEG);
    expect(jpg).toMatchObject({ ok: true, width: 4, height: 4 });
    if (jpg.ok) expect(jpg.dataUrl.startsWith('data:image/jpeg;base64,/9j/')).toBe(true);
  });

  it('refuse what is not a PNG or JPEG, and what is too large', () => {
    expect(pictureDataUrl(new TextEncoder().encode('not a picture at all, just words'))).toMatchObject({ ok: false, reason: 'notPicture' });
    expect(pictureDataUrl(new Uint8Array(0))).toMatchObject({ ok: false, reason: 'notPicture' });
    const gif = new TextEncoder().encode('GIF89a\x04\x00\x04\x00\x00\x00\x00;');
    expect(pictureDataUrl(gif)).toMatchObject({ ok: false, reason: 'notPicture' });
    // A PNG header declaring 20000 x 20000 pixels (400 million, over the renderer's limit).
    const huge = PNG.slice();
    new DataView(huge.buffer).setUint32(16, 20000);
    new DataView(huge.buffer).setUint32(20, 20000);
    expect(pictureDataUrl(huge)).toMatchObject({ ok: false, reason: 'tooLarge' });
    const big = new Uint8Array(MAX_PICTURE_BYTES + 1);
    big.set(PNG);
    expect(pictureDataUrl(big)).toEqual({ ok: false, reason: 'tooLarge', maxMb: 10 });
  });
});

describe('table rows and columns', () => {
  it('take whole numbers within 1..30 only', () => {
    expect(checkInteger('4', TABLE_COUNT.min, TABLE_COUNT.max)).toEqual({ ok: true, value: 4 });
    expect(checkInteger('30', TABLE_COUNT.min, TABLE_COUNT.max)).toEqual({ ok: true, value: 30 });
    for (const bad of ['0', '31', '2.5', '-1', '', 'x']) expect(checkInteger(bad, TABLE_COUNT.min, TABLE_COUNT.max)).toEqual({ ok: false, min: 1, max: 30 });
  });

  it('grow and shrink the grid at its end, keeping cells, sizes and merges that still fit', () => {
    const t0 = createElement('table', {}) as TableElement;
    const merged = mergeCells(t0, 0, 0, 0, 1)!;
    const cells = merged.cells.map((c, i) => ({ ...c, content: `c${i}` }));
    const t = { ...merged, cells };
    const grown = resizeGrid(t, 4, 5);
    expect([grown.rows, grown.cols, grown.width, grown.height, grown.cells.length]).toEqual([4, 5, 40, 20, 20]);
    expect(grown.cells[0]!.content).toBe('c0');
    expect(grown.cells[5 + 2]!.content).toBe('c5'); // row 1, column 2 kept its text
    expect(grown.group).toEqual([[0, 0, 0, 1]]);
    const shrunk = resizeGrid(grown, 1, 1);
    expect([shrunk.rows, shrunk.cols, shrunk.width, shrunk.height, shrunk.cells.length]).toEqual([1, 1, 8, 5, 1]);
    expect(shrunk.group).toEqual([]); // a merge of one cell is no merge
    expect(resizeGrid(t, 2, 3)).toEqual(t);
  });

  it('change through the model as one undo step', () => {
    const m = new EditorModel(createLabel(), 'en', held);
    insertTool(m, tool('table'));
    m.updateControl(0, 'rows', (c) => (c.kind === 'table' ? resizeGrid(c, 30, c.cols) : c));
    expect(m.doc.children[0]).toMatchObject({ rows: 30, height: 150 });
    m.undo();
    expect(m.doc.children[0]).toMatchObject({ rows: 2, height: 10 });
  });
});
