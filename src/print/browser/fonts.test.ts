import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../engine/engine.ts';
import { dataSourceFromRows } from '../../label/binding/data.ts';
import { createLabel, type LabelDocument } from '../../label/index.ts';
import { FONT_FACES, registerFonts, type FontFace } from '../../render/fonts.ts';
import { FONT_DIR } from '../../render/fonts-node.ts';
import { openJob } from '../job.ts';
import { fontsFor } from './fonts.ts';

const REGULAR = 'LiberationSans-Regular.ttf';
const BOLD = 'LiberationSans-Bold.ttf';
const BOLD_ITALIC = 'LiberationSans-BoldItalic.ttf';
const CJK = 'wqy-microhei.ttc';
const LAST = 'DroidSansFallbackFull.ttf';
const TIME = Date.UTC(2026, 0, 1);

const files = (faces: FontFace[]) => faces.map((f) => f.file);

/** A 40 x 30 mm label with these controls. */
function label(children: Record<string, unknown>[]): LabelDocument {
  return createLabel({ labelWidth: 40, labelHeight: 30, children: children as never });
}

const bound = (column: string) => ({ contentType: 2, dataColumnName: column });
const text = (extra: Record<string, unknown>) => ({ kind: 'text', x: 2, y: 2, width: 36, height: 5, fontName: 'Arial', fontHeight: 3, ...extra });

describe('fontsFor', () => {
  it('needs no face for a label without text', () => {
    const doc = label([
      { kind: 'rectangle', x: 1, y: 1, width: 38, height: 28 },
      { kind: 'qrcode', x: 2, y: 2, width: 20, height: 20, content: '固定资产' },
      { kind: 'barcode', x: 2, y: 22, width: 30, height: 6, type: 'code128', content: 'A-1', textPosition: 'none', fontName: '黑体' },
    ]);
    expect(fontsFor(doc, null, TIME)).toEqual([]);
  });

  it('takes the Latin face alone for Latin text and Latin data', () => {
    const doc = label([
      text({ ...bound('Location') }),
      { kind: 'barcode', x: 2, y: 10, width: 30, height: 12, type: 'code128', fontName: 'Arial', ...bound('Code') },
    ]);
    const data = dataSourceFromRows(['Code', 'Location', 'Note'], [['A-1', 'Room 4001', '笔记本电脑']]);
    // The CJK note is in a column no control shows.
    expect(files(fontsFor(doc, data, TIME))).toEqual([REGULAR]);
  });

  it('takes the CJK face for CJK data in a shown column, from a DataSource or a table', () => {
    const doc = label([text({ ...bound('Name') })]);
    const rows = [['Laptop'], ['笔记本电脑']];
    expect(files(fontsFor(doc, dataSourceFromRows(['Name'], rows), TIME))).toEqual([REGULAR, CJK]);
    expect(files(fontsFor(doc, { columnNames: ['name'], rows }, TIME))).toEqual([REGULAR, CJK]);
    // By column number when the control names none.
    const byNumber = label([text({ contentType: 2, dataColumn: 2 })]);
    expect(files(fontsFor(byNumber, { columnNames: ['A', 'B'], rows: [['x', '资产']] }, TIME))).toEqual([REGULAR, CJK]);
    expect(files(fontsFor(byNumber, { columnNames: ['A', 'B'], rows: [['资产', 'x']] }, TIME))).toEqual([REGULAR]);
  });

  it('takes the CJK face for a font name drawn with it, whatever the text', () => {
    expect(files(fontsFor(label([text({ content: 'A-0042', fontName: '黑体' })]), null, TIME))).toEqual([REGULAR, CJK]);
    const caption = label([{ kind: 'barcode', x: 2, y: 2, width: 30, height: 12, type: 'code128', content: 'A1', fontName: '宋体' }]);
    expect(files(fontsFor(caption, null, TIME))).toEqual([REGULAR, CJK]);
  });

  it('takes bold and italic Latin faces only when used', () => {
    const doc = label([text({ content: 'Asset', fontStyle: 1 }), text({ y: 10, content: 'Tag', fontStyle: 3 })]);
    expect(files(fontsFor(doc, null, TIME))).toEqual([REGULAR, BOLD, BOLD_ITALIC]);
  });

  it('takes the last-resort face for characters neither the Latin nor the CJK face has', () => {
    // U+3400 (CJK Extension A): only Droid Sans Fallback draws it.
    expect(files(fontsFor(label([text({ content: '㐀' })]), null, TIME))).toEqual([REGULAR, CJK, LAST]);
    // Cyrillic and Greek are Latin-face characters.
    expect(files(fontsFor(label([text({ content: 'Привет αβγ' })]), null, TIME))).toEqual([REGULAR]);
  });

  it('reads table cells, date formats and placeholder column names', () => {
    const table = label([{ kind: 'table', x: 1, y: 1, rows: 1, cols: 2, cells: [{ content: 'Code', fontName: 'Arial' }, { content: '名称', fontName: 'Arial' }] }]);
    expect(files(fontsFor(table, null, TIME))).toEqual([REGULAR, CJK]);
    const date = label([{ kind: 'date', x: 2, y: 2, width: 30, height: 5, fontName: 'Arial', dateFormat: 'yyyy年MM月dd日', timeFormat: '' }]);
    expect(files(fontsFor(date, null, TIME))).toEqual([REGULAR, CJK]);
    // Without data, a bound control shows its column's name in brackets: [资产名称].
    expect(files(fontsFor(label([text({ ...bound('资产名称') })]), null, TIME))).toEqual([REGULAR, CJK]);
  });
});

describe('the faces fontsFor picks draw the same pages as every face', () => {
  async function engineWith(faces: readonly FontFace[]): Promise<Engine> {
    const module = await WebAssembly.compile(await readFile(new URL('../../engine/generated/assetmark_engine.wasm', import.meta.url)));
    const engine = createEngine(module);
    const wanted = new Set(faces.map((f) => f.file));
    await registerFonts(engine, async (file) => (wanted.has(file) ? new Uint8Array(await readFile(FONT_DIR + file)) : null));
    return engine;
  }

  it('for CJK and Latin labels, bold and italic, at 203 dpi', async () => {
    const doc = label([
      { kind: 'rectangle', x: 0.5, y: 0.5, width: 39, height: 29, lineWidth: 0.3 },
      text({ y: 1.5, ...bound('Name'), fontName: '黑体' }),
      text({ y: 7, ...bound('Location'), fontStyle: 1 }),
      text({ y: 12, content: 'Asset tag', fontStyle: 2 }),
      { kind: 'barcode', x: 2, y: 17, width: 24, height: 12, type: 'code128', fontName: 'Arial', ...bound('Code') },
    ]);
    const data = dataSourceFromRows(['Code', 'Name', 'Location'], [
      ['ZC2024000001', '笔记本电脑 财务部', 'Room 4001 / shelf 1'],
      ['ZC2024000002', 'Server rack', 'Raum Größe ÄÖÜ'],
      ['ZC2024000003', '投影仪 㐀', 'Zimmer 7'],
    ]);
    const subset = fontsFor(doc, data, TIME);
    expect(files(subset)).toEqual([REGULAR, BOLD, 'LiberationSans-Italic.ttf', CJK, LAST]);
    const [some, all] = await Promise.all([engineWith(subset), engineWith(FONT_FACES)]);
    for (let row = 0; row < data.rowCount; row++) {
      const a = openJob(some, doc, data, { dpi: 203, timeMs: TIME });
      const b = openJob(all, doc, data, { dpi: 203, timeMs: TIME });
      if (!a.ok || !b.ok) throw new Error('job did not open');
      const pa = a.value.page(row);
      const pb = b.value.page(row);
      if (!pa.ok || !pb.ok) throw new Error('page did not render');
      expect(Buffer.from(pa.value.data).equals(Buffer.from(pb.value.data))).toBe(true);
    }
    // And a Latin-only label with the Latin face alone.
    const latin = label([text({ ...bound('Location') })]);
    const latinData = dataSourceFromRows(['Location'], [['Room 4001 / shelf 1 – “quoted” €']]);
    const latinFaces = fontsFor(latin, latinData, TIME);
    expect(files(latinFaces)).toEqual([REGULAR]);
    const [one, every] = await Promise.all([engineWith(latinFaces), engineWith(FONT_FACES)]);
    const x = openJob(one, latin, latinData, { dpi: 203, timeMs: TIME });
    const y = openJob(every, latin, latinData, { dpi: 203, timeMs: TIME });
    if (!x.ok || !y.ok) throw new Error('job did not open');
    const [px, py] = [x.value.page(0), y.value.page(0)];
    if (!px.ok || !py.ok) throw new Error('page did not render');
    expect(Buffer.from(px.value.data).equals(Buffer.from(py.value.data))).toBe(true);
  });
});
