/**
 * The render benchmark's inputs (issue 5, "Speed"): the reference asset label and its
 * spreadsheet.
 *
 * The label, 40 x 30 mm: a border (0.3 mm), two text lines (Chinese asset name in 黑体 3.2 mm,
 * a Latin location line in Arial 2.6 mm), a Code 128 of 12 characters (text below) and a QR
 * Code of 30 characters (level M: version 3, 29 x 29 modules, quiet zone 2). Every content
 * is bound to a spreadsheet column by name, so one document serves all 10,000 rows.
 * bench/fixtures/reference-label.wdfx is this document as src/label's writer writes it;
 * `node --import tsx bench/render-fixture.ts` rewrites it (run it after changing the layout).
 *
 * The spreadsheet: a header row and N data rows (.xlsx written by SheetJS), cached in the
 * system temp folder because writing 10,000 rows takes a few hundred ms.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from 'xlsx';
import { createLabel, readLabel, writeLabel, type LabelDocument } from '../src/label/index.ts';

export const FIXTURE_URL = new URL('./fixtures/reference-label.wdfx', import.meta.url);

/** The spreadsheet's columns, as the label binds them (dataColumnName). */
export const COLUMNS = ['资产编号', '资产名称', '位置', '链接'] as const;

/** The reference label, built from fields (what the fixture file holds). */
export function referenceLabel(): LabelDocument {
  const bound = (column: (typeof COLUMNS)[number]) => ({ contentType: 2, dataColumnName: column });
  return createLabel({
    templateID: 'bench-reference-asset-label',
    labelName: '固定资产标签 (benchmark reference)',
    labelWidth: 40,
    labelHeight: 30,
    children: [
      { kind: 'rectangle', x: 0.5, y: 0.5, width: 39, height: 29, lineWidth: 0.3 },
      { kind: 'text', x: 2, y: 1.8, width: 36, height: 4, fontName: '黑体', fontHeight: 3.2, ...bound('资产名称') },
      { kind: 'text', x: 2, y: 6.3, width: 36, height: 3.4, fontName: 'Arial', fontHeight: 2.6, ...bound('位置') },
      { kind: 'barcode', x: 2, y: 11, width: 24, height: 16, type: 'code128', textPosition: 'below', ...bound('资产编号') },
      { kind: 'qrcode', x: 27, y: 11.5, width: 11, height: 11, type: 'qrcode', eccLevel: 'M', zoneSize: 2, ...bound('链接') },
    ],
  });
}

const NAMES = ['笔记本电脑', '激光打印机', '投影仪', '办公桌', '服务器机柜', '空调', '扫描仪', '显示器'];
const DEPARTMENTS = ['财务部', '信息中心', '行政部', '市场部', '研发部'];

/** Data row `i` (0-based): code 12 characters, URL 30 characters. */
export function referenceRow(i: number): [code: string, name: string, location: string, url: string] {
  const n = String(i % 100_000).padStart(5, '0');
  return [
    `ZC20240${n}`,
    `${NAMES[i % NAMES.length]} ${DEPARTMENTS[i % DEPARTMENTS.length]}`,
    `Room ${4001 + (i % 300)} / shelf ${1 + (i % 12)}`,
    `https://am.example.com/a/${n}`,
  ];
}

/** The reference label read back from the fixture file (what the benchmark renders). */
export async function readReferenceLabel(): Promise<LabelDocument> {
  const read = readLabel(await readFile(FIXTURE_URL));
  if (!read.ok) throw new Error(`${fileURLToPath(FIXTURE_URL)}: ${read.error.message}`);
  return read.value;
}

/** An .xlsx of `rows` data rows under the COLUMNS header, cached in the temp folder. */
export async function referenceXlsx(rows: number): Promise<Uint8Array> {
  const dir = join(tmpdir(), 'assetmark-bench');
  // The name carries a version: bump it when referenceRow changes.
  const file = join(dir, `reference-rows-v1-${rows}.xlsx`);
  if (existsSync(file)) return new Uint8Array(await readFile(file));
  const sheet = XLSX.utils.aoa_to_sheet([[...COLUMNS], ...Array.from({ length: rows }, (_, i) => referenceRow(i))]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Assets');
  const bytes = new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer);
  await mkdir(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, bytes);
  await rename(tmp, file); // atomic: a concurrent run never reads half a file
  return bytes;
}

// `node --import tsx bench/render-fixture.ts`: (re)writes the fixture.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await writeFile(FIXTURE_URL, writeLabel(referenceLabel(), { indent: '  ' }));
  console.log(`wrote ${fileURLToPath(FIXTURE_URL)}`);
}
