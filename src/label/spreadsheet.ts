/**
 * Spreadsheets that drive labels (spec section 3, spreadsheet data source): .xlsx, .xls
 * and .csv read with SheetJS from bytes, in dense mode (10,000 rows parse in well under a
 * second). A sheet has rows and columns; the first row is the header of column names; each
 * cell has a raw value and its formatted text (what Excel shows). Column letters are
 * base 26 (columns.ts). Rows after the last non-empty one are dropped, so blank formatted
 * rows at the end do not become blank labels.
 *
 * CSV keeps every value as written (no number conversion, so `00123` stays `00123`) and
 * may be UTF-8 (with or without BOM) or GB18030/GBK, as Chinese Excel saves it.
 */
import * as XLSX from 'xlsx';
import { LabelError, type LabelResult } from './errors.ts';
import { readWorkbook } from './sheetjs-read.ts';
import { checkZip, MAX_UNZIPPED_BYTES } from './zip-limits.ts';
import { embeddedBytes, toDataUrl, mimeForExtension, extensionForMime } from './embedded.ts';
import { columnFinder, type DataSource } from './binding/data.ts';
import type { LabelDocument } from './label.ts';

export type SpreadsheetFormat = 'xlsx' | 'xls' | 'csv';

export interface SheetCell {
  /** The stored value: number, text, boolean, or null for an empty cell. */
  raw: string | number | boolean | null;
  /** The formatted text ('' for an empty cell). */
  text: string;
}

/** One sheet; as a DataSource its data rows are the rows after the header. */
export interface Sheet extends DataSource {
  readonly name: string;
  /** All rows, the header included. */
  readonly totalRows: number;
  readonly columnCount: number;
  /** The cell at sheet row `row` and column `col` (0-based; row 0 is the header). */
  cell(row: number, col: number): SheetCell | undefined;
}

export interface Workbook {
  readonly sheetNames: readonly string[];
  /** Sheet `index` (0-based), or undefined. */
  sheet(index: number): Sheet | undefined;
  sheetByName(name: string): Sheet | undefined;
  /** Data rows a sheet may have (MAX_SHEET_ROWS unless read with another cap); selectSheet refuses longer ones. */
  readonly maxRows?: number;
}

/** Largest spreadsheet read, in bytes. */
export const MAX_SPREADSHEET_BYTES = 50 * 1024 * 1024;
/**
 * Most data rows (after the header) a sheet may have: 1,000,000, as many pages as one
 * `assetmark render` run may write. SheetJS stops building rows there (`sheetRows`), so a
 * sheet of millions of tiny rows costs the memory of a million at most, and a longer sheet
 * is refused rather than cut short without a word.
 */
export const MAX_SHEET_ROWS = 1_000_000;

/** Columns a sheet may have: Excel's, A to XFD. */
export const MAX_SHEET_COLUMNS = 16_384;

export function detectFormat(bytes: Uint8Array): SpreadsheetFormat {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return 'xlsx';
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) return 'xls';
  return 'csv';
}

function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/**
 * A workbook as plain data: what readWorkbookData gives and a worker thread sends back
 * (structured-cloneable: no functions), and workbookFromData turns into a Workbook.
 */
export interface WorkbookData {
  sheets: { name: string; columnCount: number; rows: SheetCell[][] }[];
  maxRows: number;
}

export interface SpreadsheetLimits {
  maxBytes?: number;
  maxUnzippedBytes?: number;
  maxRows?: number;
}

/**
 * Reads a spreadsheet's bytes. The format is recognised from the bytes (zip: xlsx, OLE: xls,
 * else CSV). Refused with a message: files over `maxBytes`, zips that unpack to more than
 * MAX_UNZIPPED_BYTES (checked before SheetJS inflates anything), password-protected
 * workbooks, XML or HTML given as CSV, and anything SheetJS cannot parse.
 *
 * This runs SheetJS on the calling thread, and a crafted file could keep SheetJS busy for ever
 * (fixture sheetjs-formula-overrun.xls, fixed since by scripts/patch-dependencies.mjs; others
 * may exist): files a user picks are read off the thread with a deadline
 * (sheet-read.ts), and readSpreadsheet only serves workbooks already read so (labelDataSource).
 */
export function readSpreadsheet(bytes: Uint8Array, options: SpreadsheetLimits = {}): LabelResult<Workbook> {
  const data = readWorkbookData(bytes, options);
  return data.ok ? { ok: true, value: workbookFromData(data.value), warnings: [] } : data;
}

/**
 * The checks that need no SheetJS (size, the zip's directory, markup at the start), quick on
 * any thread: a file they refuse never costs a worker (sheet-read.ts). readWorkbookData
 * makes them again.
 */
export function precheckSpreadsheet(bytes: Uint8Array, options: SpreadsheetLimits = {}): LabelError | null {
  const max = options.maxBytes ?? MAX_SPREADSHEET_BYTES;
  if (bytes.length > max) return new LabelError('sheet.tooLarge', { size: bytes.length, max });
  const format = detectFormat(bytes);
  if (format === 'xlsx') return checkZip(bytes, options.maxUnzippedBytes ?? MAX_UNZIPPED_BYTES);
  // The start is enough to see markup (readWorkbookData looks at the whole text).
  if (format === 'csv' && decodeText(bytes.subarray(0, 4096)).trimStart().startsWith('<')) return new LabelError('sheet.markup');
  return null;
}

/** readSpreadsheet's work up to plain data: what a worker does. */
export function readWorkbookData(bytes: Uint8Array, options: SpreadsheetLimits = {}): LabelResult<WorkbookData> {
  const refused = precheckSpreadsheet(bytes, options);
  if (refused) return { ok: false, error: refused };
  const format = detectFormat(bytes);
  // One row past the cap, so selectSheet can tell a sheet that is too long from one that fits.
  const maxRows = options.maxRows ?? MAX_SHEET_ROWS;
  const sheetRows = maxRows + 2;
  const common: XLSX.ParsingOptions = { dense: true, cellFormula: false, cellHTML: false, cellStyles: false, bookVBA: false, sheetStubs: false, sheetRows };
  let wb: XLSX.WorkBook;
  try {
    if (format === 'csv') {
      const text = decodeText(bytes);
      // SheetJS reads text starting with '<' as SpreadsheetML or HTML (a label file given as
      // data would land there and fail inside it); neither is a format offered.
      if (text.trimStart().startsWith('<')) return { ok: false, error: new LabelError('sheet.markup') };
      wb = readWorkbook(text, { ...common, type: 'string', raw: true });
    } else {
      wb = readWorkbook(bytes, { ...common, type: 'array', cellDates: false });
    }
  } catch (e) {
    // SheetJS's messages are internal ("Cannot read properties of undefined"); the user
    // learns only whether the workbook is password-protected, which they can fix. Its
    // "Unsupported ZIP encryption" is not one of those: it also comes from damaged OLE
    // files, and real zips were checked for encryption above.
    const message = e instanceof Error ? e.message : String(e);
    const code = /password|^encryption/i.test(message) ? 'sheet.encrypted' : 'sheet.unreadable';
    return { ok: false, error: new LabelError(code) };
  }
  // A damaged workbook can list a sheet it has no part for (SheetJS then names it but gives
  // no sheet): it reads as an empty sheet, as Excel shows a blank one.
  const sheets = wb.SheetNames.map((name) => sheetData(name, wb.Sheets[name] ?? {}));
  return { ok: true, value: { sheets, maxRows }, warnings: [] };
}

/** The Workbook of data read by readWorkbookData (here or in a worker). */
export function workbookFromData(data: WorkbookData): Workbook {
  const names = data.sheets.map((s) => s.name);
  const cache = new Map<number, Sheet>();
  const sheet = (i: number): Sheet | undefined => {
    if (!Number.isInteger(i) || i < 0 || i >= names.length) return undefined;
    let s = cache.get(i);
    if (!s) cache.set(i, (s = makeSheet(data.sheets[i]!)));
    return s;
  };
  return { sheetNames: names, sheet, sheetByName: (n) => sheet(names.indexOf(n)), maxRows: data.maxRows };
}

function cellOf(c: XLSX.CellObject | undefined): SheetCell {
  if (!c || c.v === undefined || c.v === null || c.t === 'z') return { raw: null, text: '' };
  const v = c.v instanceof Date ? c.v.toISOString() : (c.v as string | number | boolean);
  return { raw: v, text: c.w ?? String(v) };
}

const EMPTY_CELL: SheetCell = { raw: null, text: '' };

/** A SheetJS sheet's rows as cells, up to its last non-empty row. */
function sheetData(name: string, ws: XLSX.WorkSheet): WorkbookData['sheets'][number] {
  const data: (XLSX.CellObject | undefined)[][] = (ws['!data'] as XLSX.CellObject[][] | undefined) ?? [];
  const ref = ws['!ref'];
  const range = ref ? XLSX.utils.decode_range(ref) : { s: { r: 0, c: 0 }, e: { r: -1, c: -1 } };
  let totalRows = Math.min(range.e.r + 1, data.length);
  while (totalRows > 0 && !(data[totalRows - 1] ?? []).some((c) => cellOf(c).text !== '')) totalRows--;
  // Excel's last column is XFD (16,384); SheetJS reads a cell written at column ZZZZZ, and a
  // 20 KB file would then ask for 12 million column names. Columns past Excel's cannot be
  // seen or typed into, so they are not read.
  const columnCount = Math.min(range.e.c + 1, MAX_SHEET_COLUMNS);
  const rows: SheetCell[][] = [];
  for (let r = 0; r < totalRows; r++) {
    const row = data[r] ?? [];
    const width = Math.min(row.length, columnCount);
    const cells: SheetCell[] = new Array(width);
    for (let c = 0; c < width; c++) cells[c] = cellOf(row[c]);
    rows.push(cells);
  }
  return { name, columnCount, rows };
}

function makeSheet({ name, columnCount, rows }: WorkbookData['sheets'][number]): Sheet {
  const totalRows = rows.length;
  const header = rows[0] ?? [];
  const columnNames = Array.from({ length: columnCount }, (_, c) => (header[c] ?? EMPTY_CELL).text);
  const cell = (row: number, col: number): SheetCell | undefined =>
    row >= 0 && row < totalRows && col >= 0 && col < columnCount ? (rows[row]![col] ?? EMPTY_CELL) : undefined;
  return {
    name,
    totalRows,
    columnCount,
    rowCount: Math.max(0, totalRows - 1),
    columnNames,
    cell,
    findColumn: columnFinder(columnNames),
    text: (row, col) => cell(row + 1, col)?.text,
  };
}

/** The 1-based sheet `dataSheet` of a workbook (spec: dataSheet minus 1), as a data source. */
export function selectSheet(wb: Workbook, dataSheet: number): LabelResult<Sheet> {
  const s = wb.sheet(dataSheet - 1);
  if (!s) return { ok: false, error: new LabelError('sheet.noSheet', { sheet: dataSheet }) };
  const max = wb.maxRows ?? MAX_SHEET_ROWS;
  if (s.rowCount > max) return { ok: false, error: new LabelError('sheet.tooManyRows', { sheet: dataSheet, max }) };
  return { ok: true, value: s, warnings: [] };
}

/** The data source a label's embedded spreadsheet gives (null when it has none). */
export function labelDataSource(doc: Pick<LabelDocument, 'dataFile' | 'dataSheet'>): LabelResult<Sheet | null> {
  if (doc.dataFile === '') return { ok: true, value: null, warnings: [] };
  const known = rememberedWorkbook(doc.dataFile);
  if (known) return selectSheet(known, doc.dataSheet);
  const file = embeddedBytes(doc.dataFile);
  if (!file) return { ok: false, error: new LabelError('embedded.invalid', { what: 'spreadsheet' }) };
  const wb = readSpreadsheet(file.bytes);
  return wb.ok ? selectSheet(wb.value, doc.dataSheet) : wb;
}

/**
 * Workbooks read off the calling thread (sheet-read.ts), by the data URL that embeds their
 * file in a label: labelDataSource and the editor take them from here instead of running
 * SheetJS again on their own thread. The last few are kept (the file attached now and the
 * ones an undo may bring back); the strings are the labels' own, so this holds no copy.
 */
const rememberedWorkbooks = new Map<string, Workbook>();
const REMEMBERED_WORKBOOKS = 4;

/** The data URL a label embeds spreadsheet `bytes` as (its dataFile). */
export function spreadsheetDataUrl(bytes: Uint8Array, format: SpreadsheetFormat = detectFormat(bytes)): string {
  return toDataUrl(mimeForExtension(format), bytes);
}

export function rememberWorkbook(dataFile: string, workbook: Workbook): void {
  rememberedWorkbooks.delete(dataFile);
  rememberedWorkbooks.set(dataFile, workbook);
  while (rememberedWorkbooks.size > REMEMBERED_WORKBOOKS) rememberedWorkbooks.delete(rememberedWorkbooks.keys().next().value!);
}

export function rememberedWorkbook(dataFile: string): Workbook | undefined {
  return rememberedWorkbooks.get(dataFile);
}

/**
 * Spec section 4: changing the data file loads the workbook and selects sheet dataSheet;
 * an unreadable file clears the source and the current page. Returns the new document and
 * its data source, with the error when the file was refused.
 */
export function changeDataFile<D extends LabelDocument>(
  doc: D,
  file: { bytes: Uint8Array; format?: SpreadsheetFormat } | null,
): { doc: D; data: Sheet | null; error?: LabelError } {
  if (!file) return { doc: { ...doc, dataFile: '', currPageNo: 1 }, data: null };
  const dataFile = spreadsheetDataUrl(file.bytes, file.format);
  const next = { ...doc, dataFile, currPageNo: 1 };
  const data = labelDataSource(next);
  if (!data.ok) return { doc: { ...doc, dataFile: '', currPageNo: 1 }, data: null, error: data.error };
  return { doc: next, data: data.value };
}

/** Spec section 4: changing the sheet re-selects it from the workbook. */
export function changeDataSheet<D extends LabelDocument>(doc: D, dataSheet: number): { doc: D; data: Sheet | null; error?: LabelError } {
  const next = { ...doc, dataSheet: Math.max(1, Math.trunc(dataSheet) || 1), currPageNo: 1 };
  const data = labelDataSource(next);
  return data.ok ? { doc: next, data: data.value } : { doc: next, data: null, error: data.error };
}

/** The format of a label's embedded spreadsheet, from its type. */
export function dataFileFormat(doc: Pick<LabelDocument, 'dataFile'>): string | null {
  const m = /^data:([^;,]+)/.exec(doc.dataFile);
  return m ? extensionForMime(m[1]!) : null;
}
