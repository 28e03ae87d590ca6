/**
 * Counting rows and cells while an .xlsx unpacks, and records of a CSV (sheet-count.ts).
 * The counts are checked against what SheetJS reads from the same files.
 */
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { checkZip } from '../../../src/label/zip-limits.ts';
import { csvRecords, MAX_TEXT_RUN_BYTES, SheetTooBig, worksheetCounter, xlsxCounter } from './sheet-count.ts';
import { namesXlsx, repeated, rowXml, streamedXlsx } from './test-files.ts';

const enc = new TextEncoder();

/** Feeds `xml` to a fresh counter cut into pieces of `step` bytes; the first refusal, or null. */
function countInPieces(xml: string, step: number, limits = { maxRows: 3, maxCells: 10 }) {
  const counter = worksheetCounter(limits);
  const bytes = enc.encode(xml);
  for (let at = 0; at < bytes.length; at += step) {
    const refused = counter(bytes.subarray(at, at + step));
    if (refused) return refused;
  }
  return null;
}

describe('worksheet counter', () => {
  // Header + 3 rows with values, one formatted empty row and one formatted empty cell (not counted), 9 values.
  const fits =
    '<sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>' +
    '<row r="2" spans="1:2"><c r="A2"><v>1</v></c><c r="B2" s="3"/></row>' +
    '<x:row r="3"><x:c r="A3" t="inlineStr"><x:is><x:t>a</x:t></x:is></x:c><x:c r="B3"><x:v>2</x:v></x:c></x:row>' +
    '<row r="4" s="2" customFormat="1"/>' +
    '<row r="5"><c r="A5"><f>A2+1</f><v>2</v></c><c r="B5"><v>7</v></c><c r="C5"><v>8</v></c><c r="D5"><v>9</v></c></row></sheetData>';

  it('counts rows holding a value and value tags, whatever the namespace prefix and wherever chunks are cut', () => {
    for (let step = 1; step <= fits.length; step++) expect(countInPieces(fits, step)).toBeNull();
    // One more row with a value passes maxRows + 1 (the header), at every cut.
    const oneRowMore = fits.replace('</sheetData>', '<row r="6"><c r="A6"><v>3</v></c></row></sheetData>');
    for (let step = 1; step <= oneRowMore.length; step++) {
      expect(countInPieces(oneRowMore, step), `step ${step}`).toMatchObject({ what: 'rows', max: 3 });
    }
    // Ten values fit, eleven do not.
    expect(countInPieces(fits, 7, { maxRows: 10, maxCells: 9 })).toBeNull();
    expect(countInPieces(fits, 7, { maxRows: 10, maxCells: 8 })).toMatchObject({ what: 'cells', max: 8 });
  });

  it('refuses a text run longer than 1 MiB between two tags, in any XML part, cut anywhere', () => {
    const long = `<row><c t="inlineStr"><is><t>${'a'.repeat(MAX_TEXT_RUN_BYTES + 1)}</t></is></c></row>`;
    const counter = worksheetCounter({ maxRows: 10, maxCells: 10 });
    const bytes = enc.encode(long);
    let refused = null;
    for (let at = 0; at < bytes.length && !refused; at += 70_001) refused = counter(bytes.subarray(at, at + 70_001));
    expect(refused).toMatchObject({ what: 'text' });
    // A run counts the bytes after a '<' up to the next one ('v>' and the digits here).
    expect(countInPieces(`<row><c><v>${'1'.repeat(MAX_TEXT_RUN_BYTES - 2)}</v></c></row>`, 65_536, { maxRows: 1, maxCells: 1 })).toBeNull();
    const shared = xlsxCounter({ maxRows: 1, maxCells: 1 })('xl/sharedStrings.xml')!;
    expect(shared(enc.encode(`<sst><si><t>${'b'.repeat(MAX_TEXT_RUN_BYTES + 1)}</t></si></sst>`))).toBeInstanceOf(SheetTooBig);
  });

  it('stops the unpacking of a 2.1-million-row file at the limit, and lets a file at the limit through to SheetJS', () => {
    const huge = namesXlsx(2_100_000);
    // Small as a file, large unpacked: what the probe sent.
    expect(huge.length).toBeLessThan(1024 * 1024);
    expect(checkZip(huge, undefined, xlsxCounter({ maxRows: 100_000, maxCells: 3_000_000 }))).toMatchObject({ what: 'rows', max: 100_000 });

    const atLimit = namesXlsx(1000);
    expect(checkZip(atLimit, undefined, xlsxCounter({ maxRows: 1000, maxCells: 1001 }))).toBeNull();
    expect(checkZip(atLimit, undefined, xlsxCounter({ maxRows: 999, maxCells: 1001 }))).toMatchObject({ what: 'rows' });
    expect(checkZip(atLimit, undefined, xlsxCounter({ maxRows: 1000, maxCells: 1000 }))).toMatchObject({ what: 'cells' });
    const rows = XLSX.utils.sheet_to_json(XLSX.read(atLimit, { type: 'buffer', dense: true }).Sheets.Sheet1, { header: 1 });
    expect(rows.length).toBe(1001);
  });

  it('counts a streamed 240 MB sheet no further than the limit', () => {
    // 240 MB unpacked (under the 256 MiB zip cap), a few hundred KB packed.
    const row = rowXml(['x'.repeat(200)]);
    const bomb = streamedXlsx(() => repeated(row, Math.ceil((240 * 1024 * 1024) / row.length)));
    expect(bomb.length).toBeLessThan(3 * 1024 * 1024);
    expect(checkZip(bomb, undefined, xlsxCounter({ maxRows: 100_000, maxCells: 3_000_000 }))).toMatchObject({ what: 'rows' });
  });
});

describe('CSV records', () => {
  it('counts records with content, not blank lines or separator-only lines, and respects quotes', () => {
    expect(csvRecords('a,b\n1,2\n', 10)).toBe(2);
    expect(csvRecords('a,b\r\n1,2\r\n\r\n,,,\r\n  \n3,4', 10)).toBe(3);
    expect(csvRecords('a,b\n"line 1\nline 2",x\n', 10)).toBe(2);
    expect(csvRecords('\uFEFFname\n"say ""hi""\n",1\n', 10)).toBe(2);
    // Stops counting past the limit.
    expect(csvRecords('a\n'.repeat(1_000_000), 5)).toBe(6);
  });

  it('agrees with SheetJS on a mixed file', () => {
    const text = 'name,code\n"Chair, red",1\n\n"multi\nline",2\n,,\nlast,3';
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(text, { type: 'string', raw: true }).Sheets.Sheet1, { header: 1, blankrows: false });
    expect(csvRecords(text, 100)).toBe(rows.length);
  });
});
