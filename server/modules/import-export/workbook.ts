/**
 * Spreadsheet files in and out, through SheetJS (0.20.3, see architecture.md for why that
 * build). Reading tells the kind by the bytes, not the suffix: a zip is .xlsx, an OLE
 * compound file is .xls, anything else must be text (.csv, or the HTML/XML some systems save
 * as .xls), decoded as UTF-8 or, failing that, GB18030 (what Chinese Excel saves CSV in).
 * Text files are read without guessing types, so "00123" stays a code and "2024-01-02" a
 * date text.
 *
 * Files we write carry a marker: a very hidden sheet `_assetmark` whose A1 is JSON naming
 * the format and the attribute version of every classification whose columns the file has.
 * Importing compares it with the classifications as they are now (10009 when stale). CSV
 * cannot carry it; such files are checked by their headers instead (modules/import-export).
 */
import * as XLSX from 'xlsx';
import { readWorkbook } from '../../../src/label/sheetjs-read.ts';
import { checkZip } from '../../../src/label/zip-limits.ts';
import { AppError } from '../../errors.ts';
import { neutralizeCell, restoreCell } from './formula-guard.ts';
import { csvRecords, SheetTooBig, xlsxCounter, type SheetLimits } from './sheet-count.ts';

export type Cell = string | number | boolean | null;

export const MARKER_SHEET = '_assetmark';
/** Raised when the layout of our files changes: older files are then stale (10009). */
export const MARKER_FORMAT = 1;

export interface Marker {
  format: number;
  /** Classification id → attributesVersion when the file was made. */
  classes: Record<string, string>;
  /** A template made for one classification: its id (rows with an empty classification get it). */
  template?: number;
}

export interface SheetData {
  /**
   * The rows holding a cell, in order, with their 1-based spreadsheet row numbers; cells from
   * the sheet's first used column, up to the row's last cell (an empty cell is null).
   */
  rows: { row: number; cells: Cell[] }[];
  marker: Marker | null;
}

/** Columns a sheet may use: no import has a tenth of this, and each row is an array this wide at most. */
export const MAX_COLUMNS = 1024;

export type FileKind = 'xlsx' | 'xls' | 'text';

export function fileKind(bytes: Uint8Array): FileKind | null {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'xlsx';
  if ([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1].every((b, i) => bytes[i] === b)) return 'xls';
  // Text has no NUL bytes (UTF-16 files are not accepted either), and no C0 control
  // characters but tab, line feed, form feed and carriage return: a PDF, a picture or random
  // bytes are not a spreadsheet, whatever their suffix.
  const head = bytes.subarray(0, 8192);
  for (const b of head) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) return null;
  return 'text';
}

/**
 * Whether text bytes can be a spreadsheet of the suffix the user named: any text for .csv;
 * for .xls the HTML or XML (SpreadsheetML) other systems save under that name, or tab- or
 * comma-separated text; never for .xlsx, which is always a zip. A text file renamed .xlsx is
 * not a template of another time (10009) but no spreadsheet at all (10006).
 */
function textFits(text: string, suffix: string | undefined): boolean {
  if (suffix === undefined || suffix === 'csv') return true;
  if (suffix !== 'xls') return false;
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('<')) return true;
  const firstLine = start.split(/\r?\n/, 1)[0] ?? '';
  return firstLine.includes('\t') || firstLine.includes(',');
}

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

function tooBig(what: 'rows' | 'cells' | 'text', max: number): AppError {
  if (what === 'text') return new AppError('importTextTooLong', { max: Math.round(max / 1024) });
  return new AppError(what === 'rows' ? 'importTooManyRows' : 'importTooManyCells', { max });
}

/**
 * Reads the first visible sheet of a spreadsheet. `suffix` is the one the user named (xlsx,
 * xls, csv; without it, any kind the bytes show). Bytes that are no spreadsheet, or not one
 * the suffix allows, and a workbook SheetJS cannot read, are importUnreadable or
 * importDamaged (10006, in the user's language: SheetJS's own English text is not shown).
 * With `limits`, a file of more data rows or filled cells is refused (importTooManyRows,
 * importTooManyCells), counted before SheetJS builds rows wherever the format allows
 * (sheet-count.ts).
 */
export function readSpreadsheet(bytes: Uint8Array, suffix?: string, limits?: SheetLimits): SheetData {
  const kind = fileKind(bytes);
  if (kind === null) throw new AppError('importUnreadable');
  // An .xlsx is a zip: a 3 MB upload can claim gigabytes once unpacked (a zip bomb), and
  // SheetJS would unpack all of it before we see a row. Its entries are checked first, and
  // their rows and cells counted as they unpack.
  if (kind === 'xlsx') refuseBadZip(bytes, limits);
  const text = kind === 'text' ? decodeText(bytes) : '';
  if (kind === 'text' && !textFits(text, suffix)) throw new AppError('importUnreadable');
  if (kind === 'text' && limits && !text.trimStart().startsWith('<') && csvRecords(text, limits.maxRows + 1) > limits.maxRows + 1) {
    throw tooBig('rows', limits.maxRows);
  }
  let workbook: XLSX.WorkBook;
  try {
    const options: XLSX.ParsingOptions = {
      dense: true,
      cellDates: false,
      cellText: false,
      cellHTML: false,
      cellFormula: false,
      cellStyles: false,
      sheetStubs: false,
    };
    workbook =
      kind === 'text'
        ? readWorkbook(text, { ...options, type: 'string', raw: true })
        : readWorkbook(bytes, { ...options, type: 'buffer' });
  } catch {
    throw new AppError('importDamaged');
  }
  const hidden = (index: number) => Boolean(workbook.Workbook?.Sheets?.[index]?.Hidden);
  const name = workbook.SheetNames.find((n, i) => n !== MARKER_SHEET && !hidden(i));
  // A zip without a workbook in it (a .docx renamed) reads as no sheet at all.
  if (name === undefined || !workbook.Sheets[name]) throw new AppError('importUnreadable');
  const sheet = workbook.Sheets[name];
  const rows = sheetCells(sheet, limits);
  return { rows, marker: readMarker(workbook) };
}

/** The value of a SheetJS cell as imports read it: error and stub cells are empty. */
function valueOf(cell: XLSX.CellObject | undefined): Cell {
  if (!cell || cell.t === 'e' || cell.t === 'z' || cell.v === undefined || cell.v === null) return null;
  if (cell.v instanceof Date) return cell.v.toISOString();
  // Text our exports quoted against formula injection reads back as it was (formula-guard.ts).
  return typeof cell.v === 'string' ? restoreCell(cell.v) : cell.v;
}

/**
 * The rows of a dense sheet with their numbers. Counted again here for every format, exactly
 * (rows and cells with a value; the .xlsx and CSV counts before parsing stop the huge ones
 * early): more rows than the header and maxRows, more cells than maxCells, or a value past
 * MAX_COLUMNS refuse the file.
 */
function sheetCells(sheet: XLSX.WorkSheet, limits: SheetLimits | undefined): SheetData['rows'] {
  const range = sheet['!ref'] ? XLSX.utils.decode_range(sheet['!ref']) : null;
  const data = (sheet['!data'] as (XLSX.CellObject | undefined)[][] | undefined) ?? [];
  if (!range) return [];
  const rows: SheetData['rows'] = [];
  let cellCount = 0;
  for (let r = range.s.r; r <= range.e.r && r < data.length; r++) {
    const source = data[r];
    if (!source) continue;
    const cells: Cell[] = [];
    let last = -1;
    for (let c = range.s.c; c < source.length; c++) {
      const value = valueOf(source[c]);
      if (value === null || value === '') continue;
      if (c - range.s.c >= MAX_COLUMNS) throw new AppError('importTooManyColumns', { max: MAX_COLUMNS });
      while (last < c - range.s.c - 1) cells[++last] = null;
      cells[++last] = value;
      cellCount++;
    }
    if (cells.length === 0) continue;
    rows.push({ row: r + 1, cells });
    if (limits && rows.length > limits.maxRows + 1) throw tooBig('rows', limits.maxRows);
    if (limits && cellCount > limits.maxCells) throw tooBig('cells', limits.maxCells);
  }
  return rows;
}

function refuseBadZip(bytes: Uint8Array, limits: SheetLimits | undefined): void {
  const problem = checkZip(bytes, undefined, limits ? xlsxCounter(limits) : undefined);
  if (problem === null) return;
  if (problem instanceof SheetTooBig) throw tooBig(problem.what, problem.max);
  if (problem.code === 'sheet.unzippedTooLarge') throw new AppError('importUnzippedTooLarge', { size: problem.params.size, max: problem.params.max });
  throw new AppError(problem.code === 'sheet.encrypted' ? 'importEncrypted' : 'importDamaged');
}

function readMarker(workbook: XLSX.WorkBook): Marker | null {
  const sheet = workbook.Sheets[MARKER_SHEET];
  if (!sheet) return null;
  const rows = XLSX.utils.sheet_to_json<Cell[]>(sheet, { header: 1, raw: true, defval: null });
  const text = rows[0]?.[0];
  if (typeof text !== 'string') return { format: 0, classes: {} };
  try {
    const value = JSON.parse(text) as Partial<Marker>;
    const classes = value.classes && typeof value.classes === 'object' ? value.classes : {};
    return {
      format: typeof value.format === 'number' ? value.format : 0,
      classes: classes as Record<string, string>,
      ...(typeof value.template === 'number' ? { template: value.template } : {}),
    };
  } catch {
    // Someone edited it: treat the file as made by an unknown version.
    return { format: 0, classes: {} };
  }
}

/**
 * An .xlsx of one sheet (header row, then rows) and the marker. Every text cell, headers
 * too (attribute names are user text), is quoted where a spreadsheet program could evaluate
 * it as a formula (formula-guard.ts).
 */
export function writeSpreadsheet(sheetName: string, header: string[], rows: Cell[][], marker: Marker): Buffer {
  const safe = (cell: Cell): Cell => (typeof cell === 'string' ? neutralizeCell(cell) : cell);
  const sheet = XLSX.utils.aoa_to_sheet([header.map(safe), ...rows.map((row) => row.map(safe))], { dense: true } as XLSX.AOA2SheetOpts);
  sheet['!cols'] = header.map((h) => ({ wch: Math.max(10, Math.min(40, h.length * 2 + 2)) }));
  const markerSheet = XLSX.utils.aoa_to_sheet([[JSON.stringify(marker)]]);
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, sheetName);
  XLSX.utils.book_append_sheet(workbook, markerSheet, MARKER_SHEET);
  // 2: very hidden (Excel shows it in no menu).
  workbook.Workbook = { Sheets: [{ Hidden: 0 }, { Hidden: 2 }] };
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** An Excel serial day number as 'YYYY-MM-DD'; null when it is not one. */
export function serialToDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  const parts = XLSX.SSF.parse_date_code(serial);
  if (!parts) return null;
  return `${parts.y}-${String(parts.m).padStart(2, '0')}-${String(parts.d).padStart(2, '0')}`;
}

/** An Excel time (fraction of a day) as 'HH:mm:ss'; null when it is not one. */
export function serialToTime(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 0) return null;
  const seconds = Math.round((serial - Math.floor(serial)) * 86_400) % 86_400;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}
