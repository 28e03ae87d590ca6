/**
 * From a read sheet (workbook.ts) to what an import checks: the header (the first non-blank
 * row), then the non-blank rows under it with their spreadsheet row numbers. Done in the
 * parse worker, so the request thread receives only these.
 *
 * A cell the database cannot keep as written refuses its row, with the row number and the
 * column (the same partial-import rule as any bad value: the other rows are saved, unless
 * all-or-nothing was asked): a NUL character (PostgreSQL refuses it in text) or a lone
 * UTF-16 surrogate (it would be stored as U+FFFD without a word), both of which an .xlsx
 * can hold (`_x0000_`, `&#xD800;`); and text longer than an Excel cell holds (32,767
 * characters), which no spreadsheet program writes. In the header they refuse the file.
 */
import * as XLSX from 'xlsx';
import { isCleanText } from '../../http/text.ts';
import { AppError } from '../../errors.ts';
import type { RowProblem } from './rows.ts';
import type { Cell, Marker, SheetData } from './workbook.ts';

/** Characters an Excel cell holds at most. */
export const MAX_CELL_CHARS = 32_767;

export interface SheetRows {
  header: Cell[];
  /** 1-based spreadsheet row number of the header. */
  headerRow: number;
  /** Non-blank rows under the header whose cells are all clean. */
  data: { row: number; cells: Cell[] }[];
  /** Rows refused for their characters or length. */
  problems: RowProblem[];
  marker: Marker | null;
}

export function isBlank(row: readonly Cell[] | undefined): boolean {
  return !row || row.every((cell) => cell === null || cell === undefined || String(cell).trim() === '');
}

/** The first unclean or over-long text cell of a row: its index and what is wrong. */
function badCell(row: readonly Cell[]): { index: number; tooLong: boolean } | null {
  for (let i = 0; i < row.length; i++) {
    const cell = row[i];
    if (typeof cell !== 'string') continue;
    if (!isCleanText(cell)) return { index: i, tooLong: false };
    if (cell.length > MAX_CELL_CHARS) return { index: i, tooLong: true };
  }
  return null;
}

/** The header and data rows of a sheet; importEmpty when it has no non-blank row at all. */
export function sheetRows(sheet: SheetData): SheetRows {
  const headerIndex = sheet.rows.findIndex((row) => !isBlank(row.cells));
  if (headerIndex < 0) throw new AppError('importEmpty');
  const header = sheet.rows[headerIndex].cells;
  const headerRow = sheet.rows[headerIndex].row;
  const headerBad = badCell(header);
  if (headerBad) throw new AppError('importHeaderBadCharacters', { row: headerRow, column: XLSX.utils.encode_col(headerBad.index) });
  // A column is named by its header, else by its letter.
  const columnName = (index: number) => {
    const text = header[index];
    return typeof text === 'string' && text.trim() !== '' ? text.trim() : XLSX.utils.encode_col(index);
  };
  const data: SheetRows['data'] = [];
  const problems: RowProblem[] = [];
  for (let i = headerIndex + 1; i < sheet.rows.length; i++) {
    const { row, cells } = sheet.rows[i];
    if (isBlank(cells)) continue;
    const bad = badCell(cells);
    if (!bad) data.push({ row, cells });
    else if (bad.tooLong) problems.push({ row, kind: 'rowCellTooLong', params: { column: columnName(bad.index), max: MAX_CELL_CHARS } });
    else problems.push({ row, kind: 'rowBadCharacters', params: { column: columnName(bad.index) } });
  }
  return { header, headerRow, data, problems, marker: sheet.marker };
}
