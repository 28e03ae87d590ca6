/**
 * The scan check on real engine pages decoded by real rxing-wasm (its Node entry): every
 * code of a page is named with what a scanner must read (check digits, Codabar's start and
 * stop, the UPC-E expansion by the published rules), pages of every symbology and every
 * printOrientation read back, mirrored sides are read through the medium, and a page whose
 * code runs off the label or under another control fails with a PrintError naming the
 * control, what was expected and (for a wrong read) what was read.
 */
import * as rxing from 'rxing-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/engine.ts';
import type { BarcodeType } from '../engine/types.ts';
import { dataSourceFromRows } from '../label/binding/data.ts';
import { createLabel, type LabelInput } from '../label/label.ts';
import { loadLabelEngine } from '../render/pool-renderer.ts';
import { formatPrintError, type PrintError, type Result } from './errors.ts';
import { openJob, type JobOptions, type PrintJob } from './job.ts';
import { expectedCodes, gs1CheckDigit, readBack, scanJobPage, scanPage, type ScanSummary } from './scan.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadLabelEngine();
});

const OPTIONS: JobOptions = { dpi: 203, timeMs: Date.UTC(2026, 0, 1), turn: 'label', sides: 'both' };

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected success, got ${JSON.stringify(r.error)}`);
  return r.value;
}

function open(label: LabelInput, rows?: { columns: string[]; rows: string[][] }): PrintJob {
  return value(openJob(engine, createLabel(label), rows ? dataSourceFromRows(rows.columns, rows.rows) : null, OPTIONS));
}

/** Renders and checks job page `i`. */
function check(job: PrintJob, i: number): Result<ScanSummary> {
  return scanJobPage(rxing, job, i, value(job.page(i)));
}

describe('what a scanner reads', () => {
  it('adds GS1 check digits as published examples have them', () => {
    // EAN-13 4006381333931, UPC-A 036000291452, ITF-14 (GTIN-14) 15400141288763.
    expect(gs1CheckDigit('400638133393')).toBe('1');
    expect(readBack('ean13', '400638133393')).toBe('4006381333931');
    expect(readBack('ean13', '4006381333931')).toBe('4006381333931');
    expect(readBack('upca', '03600029145')).toBe('036000291452');
    expect(readBack('itf14', '1540014128876')).toBe('15400141288763');
    // ISBN 0-306-40615-2 is printed as EAN-13 978-0-306-40615-7.
    expect(readBack('isbn', '0-306-40615-2')).toBe('9780306406157');
    expect(readBack('isbn', '978-030640615')).toBe('9780306406157');
  });

  it('expands UPC-E by its last digit for the check digit', () => {
    // 0 + 425261 (last digit 1: 42 1 0000 526) -> UPC-A 04210000526, check 4.
    expect(readBack('upce', '425261')).toBe('04252614');
    expect(readBack('upce', '0425261')).toBe('04252614');
    expect(readBack('upce', '04252614')).toBe('04252614');
  });

  it('drops Codabar start and stop, pads odd ITF, upper-cases Code 39, skips Grid Matrix', () => {
    expect(readBack('codabar', 'A123456B')).toBe('123456');
    expect(readBack('codabar', '123456')).toBe('123456');
    expect(readBack('codabar', 'A1B')).toBeNull(); // one data character: rxing reads none
    expect(readBack('itf', '1234567')).toBe('01234567');
    expect(readBack('code39', 'abc-12')).toBe('ABC-12');
    expect(readBack('code93', 'Aé1')).toBe('A?1');
    expect(readBack('gridmatrix', 'A-0042')).toBeNull();
    expect(readBack('qrcode', '固定资产 A-0042')).toBe('固定资产 A-0042');
  });
});

describe('expectedCodes', () => {
  it("names each code of a data-bound page with its control and its row's data", () => {
    const job = open(
      {
        labelWidth: 60,
        labelHeight: 40,
        children: [
          { kind: 'text', x: 2, y: 1, width: 40, height: 5, contentType: 2, dataColumnName: 'name' },
          { kind: 'barcode', x: 2, y: 8, width: 34, height: 12, type: 'ean13', contentType: 2, dataColumnName: 'ean' },
          { kind: 'qrcode', x: 40, y: 8, width: 16, height: 16, contentType: 2, dataColumnName: 'code' },
          { kind: 'qrcode', x: 40, y: 25, width: 12, height: 12, type: 'gridmatrix', contentType: 2, dataColumnName: 'code' },
          // Shown in the editor, not printed: not on the page, so not checked.
          { kind: 'barcode', x: 2, y: 25, width: 30, height: 10, content: 'NOT PRINTED', contentType: 1, printing: false },
          // Empty data draws nothing.
          { kind: 'barcode', x: 2, y: 36, width: 30, height: 3, contentType: 2, dataColumnName: 'empty' },
        ],
      },
      { columns: ['name', 'ean', 'code', 'empty'], rows: [['a', '690123456789', 'AM-1', ''], ['b', '400638133393', 'AM-2', '']] },
    );
    const codes = value(expectedCodes(job, 1));
    expect(codes.place).toEqual({ page: 1, row: 3 });
    expect(codes.flipH).toBe(false);
    expect(codes.codes.map((c) => [c.control.index, c.control.kind, c.type, c.data, c.read])).toEqual([
      [1, 'barcode', 'ean13', '400638133393', '4006381333931'],
      [2, 'qrcode', 'qrcode', 'AM-2', 'AM-2'],
      [3, 'qrcode', 'gridmatrix', 'AM-2', null],
    ]);
    const scanned = value(check(job, 1));
    expect(scanned.read).toBe(2);
    expect(scanned.skipped).toEqual(['Grid Matrix']);
  });

  it('fails as the page would for a page outside the data', () => {
    const job = open({ children: [{ kind: 'qrcode', x: 1, y: 1, width: 10, height: 10, contentType: 2, dataColumnName: 'code' }] }, { columns: ['code'], rows: [['A']] });
    const r = expectedCodes(job, 5);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('page.outOfRange');
  });
});

/** One code of `type` with `data` on a 50 x 30 mm label turned by `orientation`. */
function oneCode(type: BarcodeType, data: string, orientation: number, extra: object = {}): LabelInput {
  const linear = !['qrcode', 'datamatrix', 'pdf417', 'gridmatrix'].includes(type);
  return {
    labelWidth: 50,
    labelHeight: 30,
    orientation,
    children: [
      linear
        ? { kind: 'barcode', x: 3, y: 3, width: 44, height: 14, type, content: data, contentType: 1, ...extra }
        : { kind: 'qrcode', x: 3, y: 3, width: 24, height: 24, type, content: data, contentType: 1, ...extra },
      { kind: 'text', x: 30, y: 22, width: 18, height: 5, content: 'NO.1', contentType: 1 },
    ],
  } as LabelInput;
}

const SAMPLES: [BarcodeType, string][] = [
  ['code128', 'A-0042 资'.slice(0, 6)],
  ['ean13', '690123456789'],
  ['ean8', '6901234'],
  ['upca', '69012345678'],
  ['upce', '0123456'],
  ['isbn', '978-0-306-40615-7'],
  ['code39', 'abc-12'],
  ['code93', 'Abc12'],
  ['codabar', 'A123456B'],
  ['itf', '1234567'],
  ['itf14', '1234567890123'],
  ['qrcode', '固定资产 A-0042'],
  ['datamatrix', 'A-0042 资产'],
  ['pdf417', 'A-0042 资产'],
];

describe('pages that read back', () => {
  it.each([0, 90, 180, 270])('every symbology reads back on a label turned %i°', (orientation) => {
    for (const [type, data] of SAMPLES) {
      const job = open(oneCode(type, data, orientation));
      const page = value(job.page(0));
      // The turn is the page's: a quarter turn swaps its sides.
      expect([page.width, page.height]).toEqual(orientation % 180 === 0 ? [400, 240] : [240, 400]);
      const r = check(job, 0);
      expect(r, `${type} at ${orientation}°`).toMatchObject({ ok: true, value: { read: 1, skipped: [] } });
    }
  });

  it('reads an inverted QR code (light modules on dark, its quiet zone dark in its box)', () => {
    expect(check(open(oneCode('qrcode', 'AM-00042', 0, { antiColor: true })), 0)).toMatchObject({ ok: true, value: { read: 1 } });
  });

  it('refuses an inverted Code 128 that fills its box: no dark quiet zone round its light bars', () => {
    // The 44 mm box is 352 dots; the symbol is drawn at 3 dots a module, 336 dots wide,
    // leaving 8 dark dots (under 3 modules) each side where Code 128 needs 10 modules.
    expect(check(open(oneCode('code128', 'AM-00042', 0, { antiColor: true })), 0)).toMatchObject({ ok: false, error: { code: 'scan.unreadable' } });
  });

  it("reads a mirrorPrint label's mirrored side through the medium", () => {
    const job = open({ ...oneCode('datamatrix', 'AM-00042', 0), mirrorPrint: true });
    expect(job.pageCount).toBe(2);
    const codes = value(expectedCodes(job, 1));
    expect(codes.flipH).toBe(true);
    expect(codes.place).toEqual({ page: 1, side: 'mirrored' });
    expect(check(job, 0)).toMatchObject({ ok: true, value: { read: 1 } });
    expect(check(job, 1)).toMatchObject({ ok: true, value: { read: 1 } });
  });
});

describe('pages that do not read back', () => {
  const ROWS = Array.from({ length: 10 }, (_, i) => [`AM-${String(i + 1).padStart(5, '0')}`]);
  // Row 7's code is 45 characters: at one dot a module (the least the engine draws) its
  // Code 128 is wider than the 50 mm label (400 dots) and runs off both edges.
  ROWS[6] = ['AM-00007-' + 'ABCDEFGHIJ'.repeat(4)];

  it('stops at the row whose Code 128 runs off the label, naming the control and the data', () => {
    const job = open(
      { labelWidth: 50, labelHeight: 30, children: [{ kind: 'barcode', x: 1, y: 3, width: 48, height: 12, type: 'code128', contentType: 2, dataColumnName: 'code' }] },
      { columns: ['code'], rows: ROWS },
    );
    const results = ROWS.map((_, i) => check(job, i));
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true, true, true, false, true, true, true]);
    const error = (results[6] as { ok: false; error: PrintError }).error;
    expect(error).toEqual({
      code: 'scan.unreadable',
      params: { symbology: 'Code 128', expected: ROWS[6]![0]! },
      page: 6,
      row: 8,
      control: { index: 0, kind: 'barcode' },
    });
    expect(formatPrintError(error, 'en')).toBe(
      `page 7 (spreadsheet row 8), control 1 (barcode): Scan check: the Code 128 code could not be read back (it should read "${ROWS[6]![0]}"); the page was not sent.`,
    );
    expect(formatPrintError(error, 'zh-CN')).toBe(`第 7 页（表格第 8 行），第 1 个控件（条码）：扫描校验：Code 128 码无法识读（应读出“${ROWS[6]![0]}”），此页未发送。`);
  });

  it('fails a QR code that a text is printed over', () => {
    const job = open({
      labelWidth: 50,
      labelHeight: 30,
      children: [
        { kind: 'qrcode', x: 3, y: 3, width: 20, height: 20, content: 'AM-00007', contentType: 1 },
        { kind: 'text', x: 3, y: 8, width: 40, height: 8, fontHeight: 6, content: 'XXXXXXXXXXXXX', contentType: 1 },
      ],
    });
    expect(check(job, 0)).toMatchObject({ ok: false, error: { code: 'scan.unreadable', params: { symbology: 'QR Code', expected: 'AM-00007' }, control: { index: 0, kind: 'qrcode' } } });
  });

  it('says what was read when a code reads as something else', () => {
    const job = open(oneCode('code128', 'AM-00042', 0));
    const codes = value(expectedCodes(job, 0));
    // The page carries AM-00042; told it must read AM-00043, the check names both.
    const wrong = { ...codes, codes: codes.codes.map((c) => ({ ...c, read: 'AM-00043' })) };
    const r = scanPage(rxing, value(job.page(0)), wrong);
    expect(r).toEqual({ ok: false, error: { code: 'scan.mismatch', params: { symbology: 'Code 128', expected: 'AM-00043', read: 'AM-00042' }, page: 0, control: { index: 0, kind: 'barcode' } } });
    expect(formatPrintError((r as { ok: false; error: PrintError }).error, 'en')).toBe(
      'page 1, control 1 (barcode): Scan check: the Code 128 code reads "AM-00042", but it should read "AM-00043"; the page was not sent.',
    );
  });

  it('checks two codes of one symbology on a page, each once', () => {
    const label: LabelInput = {
      labelWidth: 60,
      labelHeight: 30,
      children: [
        { kind: 'qrcode', x: 2, y: 2, width: 20, height: 20, content: 'LEFT-1', contentType: 1 },
        { kind: 'qrcode', x: 36, y: 2, width: 20, height: 20, content: 'RIGHT-2', contentType: 1 },
      ],
    };
    expect(check(open(label), 0)).toMatchObject({ ok: true, value: { read: 2 } });
    // The second QR covered by a filled rectangle: the first still reads, the second fails.
    const covered = open({ ...label, children: [...label.children!, { kind: 'rectangle', x: 38, y: 4, width: 16, height: 16, filled: true }] });
    expect(check(covered, 0)).toMatchObject({ ok: false, error: { code: 'scan.unreadable', params: { expected: 'RIGHT-2' }, control: { index: 1 } } });
  });
});
