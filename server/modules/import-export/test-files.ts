/**
 * Test files for imports that a spreadsheet program would not write: .xlsx files built part
 * by part, their sheet XML given in pieces and deflated as it comes, so a test can make a
 * file of millions of rows, or one that unpacks to hundreds of MB, without holding it unpacked.
 */
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';

/** XML-escaped inline-string cell. */
export function textCell(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<c t="inlineStr"><is><t xml:space="preserve">${escaped}</t></is></c>`;
}

/** A row of inline-string cells (null: an empty cell, left out). */
export function rowXml(cells: readonly (string | null)[]): string {
  return `<row>${cells.map((c) => (c === null ? '<c/>' : textCell(c))).join('')}</row>`;
}

/**
 * An .xlsx of one sheet whose <sheetData> is the concatenation of `pieces()` (each deflated
 * as it comes; level 9).
 */
export function streamedXlsx(pieces: () => Iterable<string>): Buffer {
  const out: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    out.push(chunk);
  });
  const add = (name: string, text: string) => {
    const file = new ZipPassThrough(name);
    zip.add(file);
    file.push(strToU8(text), true);
  };
  add('[Content_Types].xml', CONTENT_TYPES);
  add('_rels/.rels', ROOT_RELS);
  add('xl/workbook.xml', WORKBOOK);
  add('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 9 });
  zip.add(sheet);
  sheet.push(strToU8('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'));
  for (const piece of pieces()) sheet.push(strToU8(piece));
  sheet.push(strToU8('</sheetData></worksheet>'), true);
  zip.end();
  return withSizesInLocalHeaders(Buffer.concat(out));
}

/**
 * A streamed zip leaves its local headers' sizes 0 and puts them in a data descriptor after
 * the data (flag bit 3), which SheetJS does not read: copy them from the central directory.
 */
function withSizesInLocalHeaders(zip: Buffer): Buffer {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  for (let k = 0; k < count; k++) {
    const local = zip.readUInt32LE(p + 42);
    zip.writeUInt16LE(zip.readUInt16LE(p + 8) & ~8, p + 8);
    zip.writeUInt16LE(zip.readUInt16LE(local + 6) & ~8, local + 6);
    zip.copy(zip, local + 14, p + 16, p + 28); // crc, compressed size, uncompressed size
    p += 46 + zip.readUInt16LE(p + 28) + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
  return zip;
}

/** The pieces of `count` copies of `row`, about 1 MB at a time. */
export function* repeated(row: string, count: number): Iterable<string> {
  const perPiece = Math.max(1, Math.floor((1 << 20) / row.length));
  for (let done = 0; done < count; done += perPiece) yield row.repeat(Math.min(perPiece, count - done));
}

/** A sheet of a header and `count` rows of one asset name each (an import file of `count` rows). */
export function namesXlsx(count: number): Buffer {
  return streamedXlsx(function* () {
    yield rowXml(['资产名称']);
    yield* repeated(rowXml(['Chair']), count);
  });
}
