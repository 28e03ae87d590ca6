/**
 * Counting an import file's rows and cells before SheetJS builds any of them, so a small
 * file that holds millions of rows is refused in a fraction of a second instead of being
 * parsed (issue 14: a 0.7 MB .xlsx of 2.1 million rows took seconds and hundreds of MB even
 * with SheetJS's `sheetRows`, which still splits every row of the XML).
 *
 * - An .xlsx sheet is counted in its XML as the zip check inflates it (zip-limits.ts calls
 *   the watcher with each inflated chunk): a cell is a value tag (`<v>`, or `<is>` for an
 *   inline string), a row is a `<row>` holding at least one value, so formatted empty rows
 *   and cells (Excel writes them) cost nothing. Every worksheet of the zip is counted on its
 *   own; the first over a limit stops the inflating.
 * - Text between two tags of any XML part (worksheets, shared strings) longer than
 *   MAX_TEXT_RUN_BYTES is refused: no cell an Excel writes comes near it, and SheetJS would
 *   build strings of it (a 240 MB cell is a zip bomb of its own).
 * - A CSV is counted as records with some non-blank content, quotes respected (a quoted line
 *   break is no new record), as SheetJS reads it.
 * .xls files (at most 65,536 rows in the format) and HTML saved as .xls are cut at the limit
 * by SheetJS's `sheetRows` and counted after parsing (workbook.ts).
 */
import type { EntryWatcher } from '../../../src/label/zip-limits.ts';
import { LabelError } from '../../../src/label/errors.ts';

export interface SheetLimits {
  /** Data rows under the header row. */
  maxRows: number;
  /** Cells with a value, the header's included. */
  maxCells: number;
}

/** What a count found over a limit; the import answers it as importTooManyRows / importTooManyCells. */
export class SheetTooBig extends LabelError {
  constructor(
    readonly what: 'rows' | 'cells' | 'text',
    readonly max: number,
  ) {
    super('sheet.tooManyRows', { sheet: 1, max });
  }
}

/** Worksheet parts of an .xlsx (`xl/worksheets/sheet1.xml`, any folder depth or prefix case). */
export function isWorksheetEntry(name: string): boolean {
  return /(^|\/)worksheets\/[^/]+\.xml$/i.test(name);
}

/**
 * Longest text between two tags, in bytes: 1 MiB. An Excel cell holds at most 32,767
 * characters, at most 6 bytes each as XML writes them (`&quot;`), so about 192 KiB.
 */
export const MAX_TEXT_RUN_BYTES = 1024 * 1024;

/** Follows the longest run of bytes without '<' over the chunks of one entry. */
function textRunWatcher(): (chunk: Uint8Array) => boolean {
  let run = 0;
  return (chunk) => {
    const lt = chunk.lastIndexOf(0x3c);
    if (lt < 0) return (run += chunk.length) <= MAX_TEXT_RUN_BYTES;
    // The run into the chunk's first '<', then every run inside it, then the tail.
    let from = 0;
    for (let at = chunk.indexOf(0x3c); at >= 0 && at <= lt; at = chunk.indexOf(0x3c, at + 1)) {
      if (run + (at - from) > MAX_TEXT_RUN_BYTES) return false;
      run = 0;
      from = at + 1;
    }
    run = chunk.length - from;
    return run <= MAX_TEXT_RUN_BYTES;
  };
}

/** A row or a value tag, any namespace prefix, followed by what ends a tag name. */
const TAG = /<(?:[A-Za-z_][\w.-]*:)?(row|v|is)(?=[\s/>])/g;
/** A tag cut by the chunk's end is at most this long before its name ends. */
const LONGEST_CUT_TAG = 64;

/**
 * A watcher that counts one worksheet's rows and cells in its XML, returning SheetTooBig
 * at the first chunk that passes a limit. The header counts as a row, so a sheet may have
 * maxRows + 1 rows with values.
 */
export function worksheetCounter(limits: SheetLimits): EntryWatcher {
  const latin1 = new TextDecoder('latin1');
  let carry = '';
  let rows = 0;
  let cells = 0;
  let rowOpen = false;
  const runs = textRunWatcher();
  return (chunk) => {
    if (!runs(chunk)) return new SheetTooBig('text', MAX_TEXT_RUN_BYTES);
    // Tag names are ASCII, so reading UTF-8 as latin1 finds them at the same places, cheaply.
    const text = carry + latin1.decode(chunk);
    let lastEnd = 0;
    for (const match of text.matchAll(TAG)) {
      lastEnd = match.index + match[0].length;
      if (match[1] === 'row') {
        rowOpen = true;
        continue;
      }
      cells++;
      if (rowOpen) {
        rowOpen = false;
        rows++;
      }
    }
    if (rows > limits.maxRows + 1) return new SheetTooBig('rows', limits.maxRows);
    if (cells > limits.maxCells) return new SheetTooBig('cells', limits.maxCells);
    // Keep a tag that may be cut in two for the next chunk ('<ro' + 'w>'), unless it was counted.
    const lt = text.lastIndexOf('<');
    carry = lt >= lastEnd && text.length - lt < LONGEST_CUT_TAG ? text.slice(lt) : '';
    return null;
  };
}

/** The zip-check watcher of a whole .xlsx: each worksheet counted on its own, every XML part's text runs. */
export function xlsxCounter(limits: SheetLimits): (entryName: string) => EntryWatcher | null {
  return (name) => {
    if (isWorksheetEntry(name)) return worksheetCounter(limits);
    if (!/\.(xml|rels)$/i.test(name)) return null;
    const runs = textRunWatcher();
    return (chunk) => (runs(chunk) ? null : new SheetTooBig('text', MAX_TEXT_RUN_BYTES));
  };
}

/**
 * Records of a CSV (or tab-separated) text with some non-blank content, counting no further
 * than `stopAfter` + 1. Quotes toggle at every '"' (an escaped "" toggles twice), as SheetJS
 * reads them.
 */
export function csvRecords(text: string, stopAfter: number): number {
  let records = 0;
  let quoted = false;
  let content = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      quoted = !quoted;
      content = true;
    } else if ((c === 0x0a || c === 0x0d) && !quoted) {
      if (content && ++records > stopAfter) return records;
      content = false;
    } else if (!content && c !== 0x20 && c !== 0x09 && c !== 0x2c && c !== 0x3b && c !== 0xfeff) {
      // A line of separators only is blank too (Excel writes ",,,," for an emptied row).
      content = true;
    }
  }
  return content ? records + 1 : records;
}
