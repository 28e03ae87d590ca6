/**
 * Fuzzing the spreadsheet reader (readSpreadsheet, src/label/spreadsheet.ts) as the label
 * pages and the print road use it: it promises an error value for anything it cannot
 * read, and a workbook whose sheets answer every cell lookup. Inputs: CSV text (UTF-8,
 * BOM, GB18030 bytes, quotes, huge fields), and .xlsx and .xls workbooks written by SheetJS,
 * mutated inside the zip (the sheet and shared-string XML, then zipped again, so the
 * mutation reaches the parser instead of failing a CRC) and at the byte level.
 */
import * as XLSX from 'xlsx';
import { unzipSync, zipSync } from 'fflate';
import { readSpreadsheet } from '../../src/label/spreadsheet.ts';
import { mutateBytes } from '../mutate.ts';
import { Rng, randomText } from '../random.ts';
import { describeError, type FuzzFailure, type FuzzTarget } from '../target.ts';

/** Rows a fuzzed workbook may have (the reader's cap, kept small so one input stays cheap). */
const MAX_ROWS = 2000;
/** Cells read back per sheet, as a consumer would (column names, then rows). */
const READ_ROWS = 60;
const READ_COLS = 30;

const utf8 = new TextEncoder();

export function createSpreadsheetTarget(seed: number): FuzzTarget {
  const setup = new Rng(seed ^ 0x5eee7, 0);
  const workbooks: Uint8Array[] = [];
  for (let i = 0; i < 12; i++) workbooks.push(writeWorkbook(setup, i % 3 === 2 ? 'xls' : 'xlsx'));
  const csvs = Array.from({ length: 12 }, () => utf8.encode(randomCsv(setup)));
  const corpus = [...workbooks, ...csvs];

  return {
    name: 'sheet',
    input(seed: number, index: number) {
      return { input: makeInput(new Rng(seed, index), workbooks, csvs, corpus), label: 'readSpreadsheet' };
    },
    run(seed: number, index: number): FuzzFailure | null {
      const rng = new Rng(seed, index);
      const input = makeInput(rng, workbooks, csvs, corpus);
      try {
        const read = readSpreadsheet(input, { maxRows: MAX_ROWS });
        if (!read.ok) return null;
        const wb = read.value;
        for (let s = 0; s < Math.min(wb.sheetNames.length, 4); s++) {
          const sheet = wb.sheet(s);
          if (!sheet) return { kind: 'contract', message: `sheet ${s} of ${wb.sheetNames.length} is missing`, input, label: 'readSpreadsheet' };
          if (sheet.rowCount !== Math.max(0, sheet.totalRows - 1)) return { kind: 'contract', message: `rowCount ${sheet.rowCount} for ${sheet.totalRows} rows`, input, label: 'readSpreadsheet' };
          void sheet.columnNames.join(',');
          for (let r = 0; r < Math.min(sheet.totalRows, READ_ROWS); r++) {
            for (let c = 0; c < Math.min(sheet.columnCount, READ_COLS); c++) {
              const cell = sheet.cell(r, c);
              if (!cell || typeof cell.text !== 'string') return { kind: 'contract', message: `cell (${r}, ${c}) inside the sheet has no text`, input, label: 'readSpreadsheet' };
            }
          }
          if (sheet.columnCount > 0) sheet.findColumn(sheet.columnNames[0] ?? '');
        }
        return null;
      } catch (e) {
        return { kind: 'throw', message: describeError(e), input, label: 'readSpreadsheet' };
      }
    },
  };
}

function makeInput(rng: Rng, workbooks: Uint8Array[], csvs: Uint8Array[], corpus: Uint8Array[]): Uint8Array {
  switch (rng.int(6)) {
    case 0: return utf8.encode(randomCsv(rng));
    case 1: return mutateBytes(rng, rng.pick(csvs), csvs);
    case 2: return mutateBytes(rng, rng.pick(corpus), corpus);
    case 3: return writeWorkbook(rng, rng.chance(0.7) ? 'xlsx' : 'xls');
    default: return mutateInsideZip(rng, rng.pick(workbooks.filter((b) => b[0] === 0x50)));
  }
}

/** Mutates one XML part of an .xlsx and zips it again (valid CRCs, broken contents). */
function mutateInsideZip(rng: Rng, xlsx: Uint8Array): Uint8Array {
  const files = unzipSync(xlsx);
  const names = Object.keys(files).filter((n) => n.endsWith('.xml') || n.endsWith('.rels'));
  const name = rng.chance(0.6) ? (names.find((n) => /sheet1\.xml$/.test(n)) ?? rng.pick(names)) : rng.pick(names);
  let text = new TextDecoder().decode(files[name]!);
  const rounds = rng.range(1, 4);
  for (let i = 0; i < rounds; i++) {
    switch (rng.int(5)) {
      case 0: text = text.replace(/r="[A-Z]+\d+"/, `r="${rng.pick(['A0', 'XFE1048577', 'ZZZZZ9', '', 'A-1', 'a1', 'A99999999'])}"`); break;
      case 1: text = text.replace(/ref="[^"]*"/, `ref="${rng.pick(['A1:XFD1048576', 'B2:A1', '', 'A1:', 'Z:Z'])}"`); break;
      case 2: text = text.replace(/<v>[^<]*<\/v>/, `<v>${rng.pick(['', '-1', '1e309', 'NaN', '99999999', 'abc', '&#0;'])}</v>`); break;
      case 3: text = text.replace(/t="[a-z]+"/, `t="${rng.pick(['s', 'str', 'inlineStr', 'b', 'e', 'd', 'n', 'zz'])}"`); break;
      default: {
        const bytes = mutateBytes(rng, utf8.encode(text));
        text = new TextDecoder().decode(bytes);
      }
    }
  }
  files[name] = utf8.encode(text);
  return zipSync(files, { level: 0 });
}

function randomCsv(rng: Rng): string {
  const rows = rng.chance(0.05) ? rng.range(100, 3000) : rng.range(0, 12);
  const cols = rng.range(1, rng.chance(0.05) ? 200 : 8);
  const sep = rng.pick([',', ',', ';', '\t']);
  const eol = rng.pick(['\n', '\r\n', '\r']);
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) {
    const cells: string[] = [];
    for (let c = 0; c < cols; c++) {
      const v = rng.chance(0.3) ? String(rng.range(-1000, 100000)) : randomText(rng, 6);
      cells.push(rng.chance(0.3) ? `"${v.replace(/"/g, '""')}"` : rng.chance(0.05) ? `"${v}` : v);
    }
    lines.push(cells.join(sep));
  }
  return (rng.chance(0.2) ? '\ufeff' : '') + lines.join(eol);
}

function writeWorkbook(rng: Rng, bookType: 'xlsx' | 'xls'): Uint8Array {
  const rows = rng.range(0, 30);
  const cols = rng.range(1, 8);
  const aoa: unknown[][] = [];
  for (let r = 0; r < rows; r++) {
    const row: unknown[] = [];
    for (let c = 0; c < cols; c++) {
      const kind = rng.int(5);
      row.push(kind === 0 ? rng.float(-1e6, 1e6) : kind === 1 ? rng.chance(0.5) : kind === 2 ? new Date(Date.UTC(rng.range(1900, 2100), rng.int(12), rng.range(1, 28))) : kind === 3 ? null : randomText(rng, 8).replace(/[\ud800-\udfff\u0000]/g, ''));
    }
    aoa.push(row);
  }
  const wb = XLSX.utils.book_new();
  const sheets = rng.range(1, 3);
  for (let s = 0; s < sheets; s++) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), `S${s}${rng.chance(0.3) ? '资产' : ''}`);
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType }) as ArrayBuffer);
}
