import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { changeDataFile, changeDataSheet, labelDataSource, readSpreadsheet, selectSheet, type Workbook } from './spreadsheet.ts';
import { formatLabelMessage } from './errors.ts';
import { columnIndexOf, columnLetters } from './columns.ts';
import { createLabel } from './label.ts';
import { resolvePage } from './resolve.ts';

type Row = (string | number | boolean | null | XLSX.CellObject)[];

function book(sheets: Record<string, Row[]>, bookType: XLSX.BookType): Uint8Array {
  const wb = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws: XLSX.WorkSheet = {};
    let maxC = 0;
    rows.forEach((row, r) =>
      row.forEach((v, c) => {
        if (v === null) return;
        ws[XLSX.utils.encode_cell({ r, c })] = typeof v === 'object' ? v : { t: typeof v === 'number' ? 'n' : typeof v === 'boolean' ? 'b' : 's', v };
        maxC = Math.max(maxC, c);
      }),
    );
    ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length - 1, c: maxC } });
    XLSX.utils.book_append_sheet(wb, ws, name);
  }
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType }) as ArrayBuffer);
}

const ASSETS: Row[] = [
  ['Asset Code', '名称', 'Price', 'Bought', 'In use'],
  ['A-001', '笔记本电脑', { t: 'n', v: 3.5, z: '0.00' }, { t: 'n', v: 45000, z: 'yyyy-mm-dd' }, true],
  ['A-002', '打印机', 1200, null, false],
  [null, null, null, null, null],
];

function read(bytes: Uint8Array): Workbook {
  const r = readSpreadsheet(bytes);
  if (!r.ok) throw r.error;
  return r.value;
}

describe('column letters', () => {
  it('follow base 26 without a zero', () => {
    const cases: [number, string][] = [[0, 'A'], [1, 'B'], [25, 'Z'], [26, 'AA'], [27, 'AB'], [51, 'AZ'], [52, 'BA'], [701, 'ZZ'], [702, 'AAA'], [16383, 'XFD']];
    for (const [i, s] of cases) {
      expect(columnLetters(i)).toBe(s);
      expect(columnIndexOf(s)).toBe(i);
      expect(columnIndexOf(s.toLowerCase())).toBe(i);
      expect(XLSX.utils.encode_col(i)).toBe(s);
    }
    expect(columnIndexOf('A1')).toBe(-1);
    expect(() => columnLetters(-1)).toThrow(RangeError);
  });
});

describe.each(['xlsx', 'biff8'] as const)('reading %s', (bookType) => {
  const wb = read(book({ Assets: ASSETS, 第二页: [['x'], ['1']] }, bookType));

  it('lists sheets, columns and data rows (trailing blank rows dropped)', () => {
    expect(wb.sheetNames).toEqual(['Assets', '第二页']);
    const s = wb.sheet(0)!;
    expect(s.name).toBe('Assets');
    expect(s.columnNames).toEqual(['Asset Code', '名称', 'Price', 'Bought', 'In use']);
    expect(s.columnCount).toBe(5);
    expect(s.rowCount).toBe(2);
    expect(wb.sheetByName('第二页')!.rowCount).toBe(1);
    expect(wb.sheet(2)).toBeUndefined();
  });

  it('gives raw values and formatted text', () => {
    const s = wb.sheet(0)!;
    expect(s.cell(1, 2)).toEqual({ raw: 3.5, text: '3.50' });
    expect(s.cell(1, 3)).toEqual({ raw: 45000, text: '2023-03-15' });
    expect(s.cell(1, 4)).toEqual({ raw: true, text: 'TRUE' });
    expect(s.cell(2, 3)).toEqual({ raw: null, text: '' });
    expect(s.cell(1, 1)?.text).toBe('笔记本电脑');
    expect(s.cell(9, 0)).toBeUndefined();
  });

  it('finds columns ignoring case and reads data rows', () => {
    const s = wb.sheet(0)!;
    expect(s.findColumn('asset code')).toBe(0);
    expect(s.findColumn('PRICE')).toBe(2);
    expect(s.findColumn('名称')).toBe(1);
    expect(s.findColumn('nope')).toBe(-1);
    expect(s.text(1, 0)).toBe('A-002');
    expect(s.text(2, 0)).toBeUndefined();
  });
});

describe('reading CSV', () => {
  it('keeps values as written, UTF-8 with or without BOM', () => {
    const csv = 'Code,Name\r\n00123,"Desk, oak"\r\n007,椅子\r\n';
    for (const bytes of [new TextEncoder().encode(csv), new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(csv)])]) {
      const s = read(bytes).sheet(0)!;
      expect(s.columnNames).toEqual(['Code', 'Name']);
      expect(s.rowCount).toBe(2);
      expect(s.cell(1, 0)).toEqual({ raw: '00123', text: '00123' });
      expect(s.text(0, 1)).toBe('Desk, oak');
      expect(s.text(1, 1)).toBe('椅子');
    }
  });

  it('reads GBK, as Chinese Excel saves CSV', () => {
    // "编号,名称\n1,中文" with 编号 C2 E0 BA C5, 名称 C3 FB B3 C6, 中文 D6 D0 CE C4.
    const bytes = new Uint8Array([0xb1, 0xe0, 0xba, 0xc5, 0x2c, 0xc3, 0xfb, 0xb3, 0xc6, 0x0a, 0x31, 0x2c, 0xd6, 0xd0, 0xce, 0xc4, 0x0a]);
    const s = read(bytes).sheet(0)!;
    expect(s.columnNames).toEqual(['编号', '名称']);
    expect(s.text(0, 1)).toBe('中文');
  });
});

describe('large and broken files', () => {
  it('reads 10,000 rows in dense mode', () => {
    const rows: Row[] = [['Code', 'Name', 'Dept', 'Price']];
    for (let i = 1; i <= 10_000; i++) rows.push([`ZC-${String(i).padStart(5, '0')}`, `Asset ${i}`, `D${i % 17}`, i * 1.5]);
    const bytes = book({ Big: rows }, 'xlsx');
    const t0 = performance.now();
    const s = read(bytes).sheet(0)!;
    expect(s.rowCount).toBe(10_000);
    expect(s.text(9_999, 0)).toBe('ZC-10000');
    expect(s.text(4_999, s.findColumn('price'))).toBe('7500');
    // Reported, not asserted (times live in bench/).
    console.info(`10,000-row xlsx read in ${(performance.now() - t0).toFixed(0)} ms (${bytes.length} bytes)`);
  });

  it('refuses unreadable and oversized files with a message', () => {
    const zipGarbage = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const r = readSpreadsheet(zipGarbage);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('sheet.damaged');
    const big = readSpreadsheet(new Uint8Array(100), { maxBytes: 10 });
    expect(!big.ok && big.error.code).toBe('sheet.tooLarge');
  });

  it('refuses a workbook that unpacks past the cap before SheetJS inflates it', () => {
    // 50,000 identical rows, zipped again at fflate's best level: about 3 MB of sheet XML in
    // a zip of a few hundred KB, the shape of a decompression bomb.
    const rows: Row[] = [['Code']];
    for (let i = 0; i < 50_000; i++) rows.push(['ZC-00000000000000000000']);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'S');
    const entries = unzipSync(new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer));
    const bytes = zipSync(entries, { level: 9 });
    expect(bytes.length).toBeLessThan(300_000);
    const t0 = performance.now();
    const r = readSpreadsheet(bytes, { maxUnzippedBytes: 1024 * 1024 });
    expect(!r.ok && r.error.code).toBe('sheet.unzippedTooLarge');
    expect(!r.ok && r.error.message).toMatch(/^The spreadsheet is too large once unpacked \(at least [234] MB; at most 1 MB\)\.$/);
    const t1 = performance.now();
    expect(read(bytes).sheet(0)!.rowCount).toBe(50_000);
    console.info(`${bytes.length}-byte zip of ${Object.values(entries).reduce((n, e) => n + e.length, 0)} bytes: refused in ${(t1 - t0).toFixed(0)} ms, read in ${(performance.now() - t1).toFixed(0)} ms under the default cap`);
  });

  // Both found by `npm run fuzz` (fuzz/targets/spreadsheet.ts).
  it('reads a sheet the workbook lists but does not hold as an empty sheet', () => {
    const files = unzipSync(book({ S: [['Code'], ['A-1']] }, 'xlsx'));
    const workbookXml = new TextDecoder().decode(files['xl/workbook.xml']);
    files['xl/workbook.xml'] = new TextEncoder().encode(workbookXml.replace('</sheets>', '<sheet name="Ghost" sheetId="9" r:id="rId99"/></sheets>'));
    const wb = read(zipSync(files));
    expect(wb.sheetNames).toEqual(['S', 'Ghost']);
    expect(wb.sheet(0)!.rowCount).toBe(1);
    expect(wb.sheet(1)!.totalRows).toBe(0);
    expect(wb.sheet(1)!.columnNames).toEqual([]);
  });

  it('reads no column past Excel\'s last (XFD), however far a cell claims to be', () => {
    const files = unzipSync(book({ S: [['Code', 'Name'], ['A-1', 'x']] }, 'xlsx'));
    const name = Object.keys(files).find((n) => /sheet1\.xml$/.test(n))!;
    const xml = new TextDecoder().decode(files[name]).replace('r="B1"', 'r="ZZZZZ1"').replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:"/>');
    files[name] = new TextEncoder().encode(xml);
    const sheet = read(zipSync(files)).sheet(0)!;
    expect(sheet.columnCount).toBe(16_384);
    expect(sheet.columnNames[0]).toBe('Code');
    expect(sheet.columnNames.length).toBe(16_384);
  });

  it('refuses sheets with more data rows than the cap, in every format', () => {
    const rows: Row[] = [['Code'], ['1'], ['2'], ['3']];
    for (const type of ['xlsx', 'xls', 'csv'] as const) {
      const bytes = type === 'csv' ? new TextEncoder().encode('Code\n1\n2\n3\n') : book({ S: rows }, type === 'xls' ? 'biff8' : 'xlsx');
      const fits = readSpreadsheet(bytes, { maxRows: 3 });
      const fitsSheet = fits.ok && selectSheet(fits.value, 1);
      expect(fitsSheet && fitsSheet.ok && fitsSheet.value.rowCount, type).toBe(3);
      const long = readSpreadsheet(bytes, { maxRows: 2 });
      const longSheet = long.ok && selectSheet(long.value, 1);
      expect(longSheet && !longSheet.ok && longSheet.error.message, type).toBe('Sheet 1 has more than 2 rows of data.');
    }
  });

  it('says what is wrong in the user\'s language, never SheetJS\'s internal error', () => {
    const label = new TextEncoder().encode('<?xml version="1.0"?>\n<LPAPI labelWidth="40"><Page/></LPAPI>');
    const markup = readSpreadsheet(label);
    expect(!markup.ok && markup.error.code).toBe('sheet.markup');
    expect(!markup.ok && formatLabelMessage(markup.error.code, markup.error.params, 'zh-CN')).toBe(
      '文件不是可读取的 .xlsx、.xls 或 .csv 表格（它是 XML 或 HTML 文件）。',
    );
    // An OLE header over garbage, and a zip that holds no workbook: SheetJS throws inside.
    const ole = new Uint8Array(4096);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const notBook = zipSync({ 'readme.txt': new TextEncoder().encode('not a workbook') });
    for (const bytes of [ole, notBook]) {
      const r = readSpreadsheet(bytes);
      expect(!r.ok && r.error.message).toBe('The file is not a readable .xlsx, .xls or .csv spreadsheet.');
    }
  });
});

describe('the label data source (embedded spreadsheet)', () => {
  const bytes = book({ One: [['Code'], ['X1']], Assets: ASSETS }, 'xlsx');

  it('loads the file, selects sheet dataSheet, resets the page; unreadable files clear it', () => {
    const doc = createLabel({ dataSheet: 2, currPageNo: 3, children: [{ kind: 'text', contentType: 2, dataColumnName: 'ASSET CODE' }] });
    const { doc: d, data, error } = changeDataFile(doc, { bytes });
    expect(error).toBeUndefined();
    expect(d.dataFile.startsWith('data:application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;base64,')).toBe(true);
    expect(d.currPageNo).toBe(1);
    expect(data!.name).toBe('Assets');
    const again = labelDataSource(d);
    expect(again.ok && again.value!.rowCount).toBe(2);
    expect(resolvePage(d, data, 1, 0).elements[0]).toMatchObject({ text: 'A-002', binding: 'data' });

    const first = changeDataSheet(d, 1);
    expect(first.data!.name).toBe('One');
    expect(resolvePage(first.doc, first.data, 0, 0).elements[0]).toMatchObject({ text: '[ASSET CODE]', unresolved: true });
    expect(changeDataSheet(d, 7).error?.code).toBe('sheet.noSheet');

    const broken = changeDataFile(d, { bytes: new Uint8Array([0x50, 0x4b, 0, 0]) });
    expect(broken.error?.code).toBe('sheet.damaged');
    expect(broken.doc).toMatchObject({ dataFile: '', currPageNo: 1 });
    expect(changeDataFile(d, null).doc.dataFile).toBe('');
  });
});
