import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { dataSourceFromRows } from '../label/binding/data.ts';
import { createLabel, type ElementInput, type LabelDocument } from '../label/label.ts';
import { changeDataFile, changeDataSheet } from '../label/spreadsheet.ts';
import { writeLabel, readLabel } from '../label/wdfx.ts';
import { resolvePage } from '../label/resolve.ts';
import { EditorModel } from './model.ts';
import {
  attachSpreadsheet,
  bindColumn,
  canBind,
  columnTitle,
  contentSourceOf,
  highlights,
  LabelDataReader,
  makeSerial,
  pageContent,
  pagingOf,
  parsePage,
  renderData,
  setContentSource,
  unbind,
  type BindableElement,
} from './data.ts';

/** A real .xlsx: sheet `Assets` with a header and `rows` rows, and a second sheet. */
function workbook(rows: number): Uint8Array {
  const wb = XLSX.utils.book_new();
  const aoa = [['资产编号', '名称', '', '名称'], ...Array.from({ length: rows }, (_, i) => [`A-00${i + 1}`, `设备${i + 1}`, `x${i + 1}`, `dup${i + 1}`])];
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'Assets');
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['Code'], ['Z1'], ['Z2']]), 'Other');
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

const DATA = dataSourceFromRows(['资产编号', '名称', '', '名称'], [
  ['A-001', '设备1', 'x1', 'dup1'],
  ['A-002', '设备2', 'x2', 'dup2'],
]);

function label(children: readonly ElementInput[] = [{ kind: 'text', content: '资产' }, { kind: 'qrcode' }, { kind: 'rectangle' }]): LabelDocument {
  return createLabel({ children });
}

function bindable(doc: LabelDocument, i: number): BindableElement {
  const el = doc.children[i];
  if (!canBind(el)) throw new Error(`control ${i} takes no binding`);
  return el;
}

describe('binding a control to a data column', () => {
  it('binds texts and codes by the column header, keeps the typed content, and unbinds to it', () => {
    const doc = label();
    expect(canBind(doc.children[2])).toBe(false); // a rectangle has no content
    const text = bindable(doc, 0);
    const bound = bindColumn(text, DATA, 1)!;
    expect(bound).toMatchObject({ contentType: 2, dataColumnName: '名称', dataColumn: 2, content: '资产' });
    expect(contentSourceOf(bound, DATA)).toEqual({ type: 'column', column: 1 });
    expect(unbind(bound)).toMatchObject({ contentType: 0, content: '资产' });
    expect(contentSourceOf(unbind(bound), DATA)).toEqual({ type: 'input' });
    const qr = bindColumn(bindable(doc, 1), DATA, 0)!;
    expect(qr).toMatchObject({ contentType: 2, dataColumnName: '资产编号', dataColumn: 1 });
  });

  it('binds a column without a header, or whose header an earlier column carries, by number', () => {
    const text = bindable(label(), 0);
    const empty = bindColumn(text, DATA, 2)!;
    expect(empty).toMatchObject({ contentType: 2, dataColumnName: '', dataColumn: 3 });
    const dup = bindColumn(text, DATA, 3)!;
    expect(dup).toMatchObject({ dataColumnName: '', dataColumn: 4 });
    const doc = { ...label(), children: [dup] };
    expect(pageContent(doc, DATA, 1, dup)).toMatchObject({ text: 'dup2', binding: 'data' });
    expect(contentSourceOf(dup, DATA)).toEqual({ type: 'column', column: 3 });
    expect(columnTitle(DATA, 2)).toBe('[C]');
    expect(columnTitle(DATA, 1)).toBe('B: 名称');
  });

  it('refuses a column outside the data, and a bound column missing from other data is -1', () => {
    const text = bindable(label(), 0);
    expect(bindColumn(text, DATA, 4)).toBeNull();
    expect(bindColumn(text, DATA, -1)).toBeNull();
    expect(bindColumn(text, DATA, 1.5)).toBeNull();
    expect(setContentSource(text, { type: 'column', column: 0 }, null)).toBeNull();
    const bound = bindColumn(text, DATA, 1)!;
    expect(contentSourceOf(bound, dataSourceFromRows(['Code'], [['1']]))).toEqual({ type: 'column', column: -1 });
    expect(contentSourceOf(bound, null)).toEqual({ type: 'column', column: -1 });
  });

  it('makes serial numbers that step per page; content without digits gets a seed', () => {
    const doc = label([{ kind: 'text', content: '资产', degreeLength: 4 }, { kind: 'barcode', content: 'SN-0998' }]);
    const text = makeSerial(bindable(doc, 0));
    expect(text).toMatchObject({ contentType: 1, content: '资产0001' });
    const code = setContentSource(bindable(doc, 1), { type: 'serial' }, null)!;
    expect(code).toMatchObject({ contentType: 1, content: 'SN-0998' });
    const d = { ...doc, children: [text, code] };
    expect(pageContent(d, null, 2, code)).toMatchObject({ text: 'SN-1000', binding: 'serial' });
    expect(pageContent(d, DATA, 1, text).text).toBe('资产0002');
  });

  it('goes through the model history: one undo step each, undone and redone', () => {
    // Timers that never fire by themselves: each edit is its own step.
    const model = new EditorModel(label(), 'zh-CN', { setTimer: () => 0, clearTimer: () => undefined });
    model.updateControl(0, 'bind column', (el) => (canBind(el) ? (bindColumn(el, DATA, 1) ?? el) : el));
    expect(model.doc.children[0]).toMatchObject({ contentType: 2, dataColumnName: '名称' });
    expect(model.undo()).toBe(true);
    expect(model.doc.children[0]).toMatchObject({ contentType: 0 });
    expect(model.redo()).toBe(true);
    expect(model.doc.children[0]).toMatchObject({ contentType: 2 });
    model.dispose();
  });
});

describe('the label spreadsheet', () => {
  it('is embedded, read once per file, saved in the .wdfx and read back with its bindings', () => {
    const doc = label();
    const attached = changeDataFile(doc, { bytes: workbook(5) });
    expect(attached.error).toBeUndefined();
    const bound = { ...attached.doc, children: [bindColumn(bindable(attached.doc, 0), attached.data!, 1)!, ...attached.doc.children.slice(1)] };
    const reader = new LabelDataReader();
    const data = reader.read(bound);
    expect(data.workbook!.sheetNames).toEqual(['Assets', 'Other']);
    expect(data.sheet!.rowCount).toBe(5);
    // Another edit shares the file: the same workbook, not read again.
    expect(reader.read({ ...bound, dataSheet: 1 }).workbook).toBe(data.workbook);
    expect(renderData(data)).toBe(data.sheet);

    const reopened = readLabel(writeLabel(bound));
    expect(reopened.ok).toBe(true);
    if (!reopened.ok) return;
    expect(reopened.value.children[0]).toMatchObject({ contentType: 2, dataColumnName: '名称' });
    const again = new LabelDataReader().read(reopened.value);
    expect(again.sheet!.rowCount).toBe(5);
    expect(resolvePage(reopened.value, again.sheet, 2, 0).elements[0]).toMatchObject({ text: '设备3', binding: 'data' });

    const other = changeDataSheet(bound, 2);
    expect(reader.read(other.doc).sheet!.rowCount).toBe(2);
    const missing = reader.read({ ...bound, dataSheet: 9 });
    expect(missing.error?.code).toBe('sheet.noSheet');
    // The label still draws, its bound controls bracketed, while the panel says why.
    expect(renderData(missing)!.rowCount).toBe(0);
    expect(reader.read(changeDataFile(bound, null).doc)).toEqual({ workbook: null, sheet: null, error: null });
  });

  it("attaches a new file on the label's sheet, or its first sheet when it has no such sheet; refused files change nothing", () => {
    const onSecond = createLabel({ dataSheet: 2 });
    const two = attachSpreadsheet(onSecond, workbook(5));
    expect(two.error).toBeUndefined();
    expect(two.doc.dataSheet).toBe(2);
    expect(new LabelDataReader().read(two.doc).sheet!.name).toBe('Other');
    const csv = new TextEncoder().encode('Code,Name\nC1,One\n');
    const one = attachSpreadsheet(two.doc, csv);
    expect(one.error).toBeUndefined();
    expect(one.doc.dataSheet).toBe(1);
    expect(new LabelDataReader().read(one.doc).sheet!.rowCount).toBe(1);
    const refused = attachSpreadsheet(two.doc, new TextEncoder().encode('<html></html>'));
    expect(refused.error?.code).toBe('sheet.markup');
    expect(refused.doc).toBe(two.doc);
  });

  it('refuses an unreadable embedded spreadsheet with a message, not a crash', () => {
    const data = new LabelDataReader().read({ dataFile: 'data:application/vnd.ms-excel;base64,0M8R4KGxGuEAAAAA', dataSheet: 1 });
    expect(data.sheet).toBeNull();
    expect(data.error?.code).toMatch(/^sheet\./);
  });
});

describe('paging through the rows', () => {
  const doc = label();

  it('clamps the shown page to 1..rows (at least 1) and steps within it', () => {
    expect(pagingOf(doc, DATA, 1)).toEqual({ page: 1, count: 2 });
    expect(pagingOf(doc, DATA, 9)).toEqual({ page: 2, count: 2 });
    expect(pagingOf(doc, DATA, 0)).toEqual({ page: 1, count: 2 });
    expect(pagingOf(doc, DATA, Number.NaN)).toEqual({ page: 1, count: 2 });
    expect(pagingOf(doc, dataSourceFromRows(['a'], []), 3)).toEqual({ page: 1, count: 1 });
    expect(pagingOf(doc, null, 4)).toEqual({ page: 1, count: 1 });
  });

  it('goes to a typed page only within 1..max', () => {
    expect(parsePage(' 3 ', 5)).toMatchObject({ ok: true, value: 3 });
    expect(parsePage('5', 5)).toMatchObject({ ok: true, value: 5 });
    const over = parsePage('6', 5);
    expect(!over.ok && over.error.code).toBe('page.outOfRange');
    expect(!over.ok && over.error.params).toEqual({ page: 6, count: 5 });
    for (const bad of ['0', '-1']) expect(parsePage(bad, 5)).toMatchObject({ ok: false, error: { code: 'page.outOfRange' } });
    for (const bad of ['', '2.5', 'abc', '1e3']) expect(parsePage(bad, 5)).toMatchObject({ ok: false, error: { code: 'page.invalid' } });
  });
});

describe('overlay highlights', () => {
  it('tint data content #3B91C3 and serial content #823279, unless the label turns them off', () => {
    const doc = label([
      { kind: 'text', contentType: 2, dataColumnName: '名称' },
      { kind: 'barcode', contentType: 1, content: 'A001' },
      { kind: 'text', content: 'id=资产编号' }, // a column reference is data too
      { kind: 'text', content: 'typed' },
      { kind: 'rectangle' },
    ]);
    expect(highlights(doc, DATA, 0)).toEqual([
      { index: 0, color: '#3B91C3' },
      { index: 1, color: '#823279' },
      { index: 2, color: '#3B91C3' },
    ]);
    expect(highlights({ ...doc, highLightExternalData: false }, DATA, 0)).toEqual([]);
  });
});
