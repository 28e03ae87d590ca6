/**
 * The print job on the real engine with the bundled fonts: every user-caused failure comes
 * back as a PrintError value naming where it happened (never a throw), in zh and en; both
 * sides of a mirrorPrint label; the whole-page turns; and a job opened in this thread
 * gives the very pages (and the very errors) the render pool's workers give from its
 * JobSetup.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/engine.ts';
import type { Page } from '../engine/types.ts';
import { dataSourceFromRows } from '../label/binding/data.ts';
import { toDataUrl } from '../label/embedded.ts';
import { formatLabelMessage } from '../label/errors.ts';
import { createLabel, type LabelInput } from '../label/label.ts';
import { changeDataFile } from '../label/spreadsheet.ts';
import { readLabel, writeLabel } from '../label/wdfx.ts';
import { RenderPool } from '../render/pool.ts';
import { loadLabelEngine } from '../render/pool-renderer.ts';
import { dot, inkIn } from '../render/testing.ts';
import { formatPrintError, type PrintError, type Result } from './errors.ts';
import { jobSetup, openJob, openJobFromSetup, type JobOptions, type PrintJob, type RenderedPage } from './job.ts';
import { trappingEngine } from './testing.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadLabelEngine();
});

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected success, got ${JSON.stringify(r.error)}`);
  return r.value;
}

function error<T>(r: Result<T>): PrintError {
  if (r.ok) throw new Error('expected a PrintError, got a value');
  return r.error;
}

const same = (a: Page, b: Page) =>
  a.width === b.width && a.height === b.height && a.stride === b.stride && Buffer.from(a.data).equals(Buffer.from(b.data));

/** A 40 x 20 mm label: an EAN-13 bound to column `ean`, a bound text, a fixed text. */
const EAN_LABEL: LabelInput = {
  labelWidth: 40,
  labelHeight: 20,
  children: [
    { kind: 'barcode', x: 2, y: 2, width: 30, height: 12, type: 'ean13', contentType: 2, dataColumnName: 'ean' },
    { kind: 'text', x: 2, y: 15, width: 36, height: 4, fontHeight: 3, contentType: 2, dataColumnName: 'name' },
    { kind: 'text', x: 33, y: 2, width: 6, height: 4, fontHeight: 2, contentType: 1, content: 'NO.1' },
  ],
};
const ROWS = [
  ['690123456789', '资产 1'],
  ['69012345678X', '资产 2'],
  ['690123456780', 'asset 3'],
];
const data = () => dataSourceFromRows(['ean', 'name'], ROWS);
const OPTIONS: JobOptions = { dpi: 203, timeMs: Date.UTC(2026, 0, 1) };

describe('errors as values', () => {
  it('a file that is not XML, with the reader\'s message', () => {
    const e = error(openJob(engine, '<Page><Text></Page>', null, OPTIONS));
    expect(e).toEqual({ code: 'xml.mismatched', params: { found: 'Page', expected: 'Text', line: 1 } });
    expect(formatPrintError(e, 'en')).toBe('Closing tag </Page> at line 1 does not match <Text>.');
    expect(formatPrintError(e, 'zh-CN')).toBe('第 1 行的结束标签 </Page> 与 <Text> 不匹配。');
    // The same from bytes, and from jobSetup (the worker road).
    expect(error(openJob(engine, new TextEncoder().encode('<Page><Text></Page>'), null, OPTIONS))).toEqual(e);
    expect(error(jobSetup('<Page><Text></Page>', null, OPTIONS))).toEqual(e);
  });

  it('XML that is not a label', () => {
    const e = error(openJob(engine, '<html><body/></html>', null, OPTIONS));
    expect(e).toEqual({ code: 'label.notLabel', params: { root: 'html' } });
    expect(formatPrintError(e, 'en')).toBe(formatLabelMessage('label.notLabel', { root: 'html' }, 'en'));
    expect(formatPrintError(e, 'zh-CN')).toBe('这不是标签文件（根元素为 <html>）。');
  });

  it("a label whose own spreadsheet cannot be read (data null), in this thread and for workers", () => {
    const doc = createLabel(EAN_LABEL);
    const markup = { ...doc, dataFile: toDataUrl('text/csv', new TextEncoder().encode('<html><table></table></html>')) };
    const e = error(openJob(engine, markup, null, OPTIONS));
    expect(e.code).toBe('sheet.markup');
    expect(formatPrintError(e, 'en')).toBe('The file is not a readable .xlsx, .xls or .csv spreadsheet (it is XML or HTML).');
    expect(formatPrintError(e, 'zh-CN')).toBe('文件不是可读取的 .xlsx、.xls 或 .csv 表格（它是 XML 或 HTML 文件）。');
    expect(error(jobSetup(markup, null, OPTIONS))).toEqual(e);
  });

  it('pages outside the data, and page numbers that are none', () => {
    const job = value(openJob(engine, createLabel(EAN_LABEL), data(), OPTIONS));
    expect(job.pageCount).toBe(3);
    const e = error(job.page(3));
    expect(e).toEqual({ code: 'page.outOfRange', params: { page: 4, count: 3 } });
    expect(formatPrintError(e, 'en')).toBe('Page 4 is outside 1 to 3.');
    expect(formatPrintError(e, 'zh-CN')).toBe('第 4 页超出范围 1 到 3。');
    expect(error(job.page(-1)).code).toBe('page.invalid');
    expect(error(job.page(1.5))).toEqual({ code: 'page.invalid', params: { page: '1.5' } });
    // Without data, pages past the count still render (serial numbers keep stepping).
    const serial = value(openJob(engine, createLabel({ children: [{ kind: 'text', x: 1, y: 1, width: 20, height: 5, content: 'A001', contentType: 1 }] }), null, OPTIONS));
    expect(serial.pageCount).toBe(1);
    expect(value(serial.page(5)).width).toBe(320);
  });

  it('bad barcode data: the page, the spreadsheet row and the control, then the good pages', () => {
    const job = value(openJob(engine, createLabel(EAN_LABEL), data(), OPTIONS));
    const e = error(job.page(1));
    expect(e).toEqual({
      code: 'engine.invalidCharacter',
      params: { symbology: 'EAN-13', character: "'X'", position: 12, detail: "EAN-13: invalid character 'X' at position 12" },
      page: 1,
      row: 3,
      control: { index: 0, kind: 'barcode' },
    });
    expect(formatPrintError(e, 'en')).toBe("page 2 (spreadsheet row 3), control 1 (barcode): EAN-13: invalid character 'X' at position 12");
    expect(formatPrintError(e, 'zh-CN')).toBe("第 2 页（表格第 3 行），第 1 个控件（条码）：EAN-13：第 12 位的字符 'X' 无法编码");
    // The job goes on: the pages around it render.
    expect(value(job.page(0)).width).toBe(320);
    expect(value(job.page(2)).width).toBe(320);
  });

  it('an engine trap (EngineCrashed) is a value too, and the job goes on', () => {
    const job = value(openJob(trappingEngine(), createLabel(EAN_LABEL), data(), OPTIONS));
    for (const i of [0, 2]) {
      const e = error(job.page(i));
      expect(e).toMatchObject({ code: 'engine.crashed', page: i, row: i + 2 });
      expect(e.params.detail).toMatch(/^the label engine crashed \(.+\)$/);
      expect(formatPrintError(e, 'en')).toBe(`page ${i + 1} (spreadsheet row ${i + 2}): The label engine crashed on this page and was restarted; the page was not rendered.`);
      expect(formatPrintError(e, 'zh-CN')).toBe(`第 ${i + 1} 页（表格第 ${i + 2} 行）：标签引擎在此页崩溃并已重新启动，此页未生成。`);
    }
  });

  it('a page too large for the engine, without a control to blame', () => {
    // 2000 mm (the model's largest label) at 300 dpi: 23622 dots a side, 66 MiB at 1 bit.
    const job = value(openJob(engine, createLabel({ labelWidth: 2000, labelHeight: 2000 }), null, { dpi: 300 }));
    const e = error(job.page(0));
    expect(e).toMatchObject({ code: 'engine.pageTooLarge', params: { width: 23622, height: 23622, maxSide: 32767 }, page: 0 });
    expect(e.control).toBeUndefined();
    expect(formatPrintError(e, 'en')).toBe('page 1: The page is too large to print (23622 x 23622 dots; at most 32767 dots a side, 64 MiB).');
    expect(formatPrintError(e, 'zh-CN')).toBe('第 1 页：页面过大，无法打印（23622 x 23622 点；每边最多 32767 点，最多 64 MiB）。');
  });

  it('only caller bugs throw', () => {
    const doc = createLabel(EAN_LABEL);
    expect(() => openJob(engine, doc, null, { dpi: 0 })).toThrow(RangeError);
    expect(() => openJob(engine, doc, null, { dpi: 203, turn: 45 as never })).toThrow(RangeError);
    expect(() => jobSetup(doc, null, { dpi: 203, sides: 'back' as never })).toThrow(RangeError);
  });
});

describe('pages', () => {
  it('binds each data row, shows one clock, and carries labelPage warnings', () => {
    const job = value(openJob(engine, createLabel(EAN_LABEL), data(), OPTIONS));
    expect([job.pageCount, job.labelPages, job.doc.labelWidth]).toEqual([3, 3, 40]);
    const [a, c] = [value(job.page(0)), value(job.page(2))];
    expect(a).toMatchObject({ width: 320, height: 160, stride: 40 });
    expect(same(a, c)).toBe(false);
    expect(a.warnings).toBeUndefined();

    const picture = createLabel({ children: [{ kind: 'picture', x: 1, y: 1, width: 10, height: 10, content: 'data:image/png;base64,AAAA' }] });
    expect(value(value(openJob(engine, picture, null, OPTIONS)).page(0)).warnings).toEqual(['control 1: the picture could not be decoded']);
  });

  it("the label's embedded spreadsheet with data null", () => {
    const csv = new TextEncoder().encode(['ean,name', ...ROWS.filter((_, i) => i !== 1).map((r) => r.join(','))].join('\n'));
    const embedded = changeDataFile(createLabel(EAN_LABEL), { bytes: csv, format: 'csv' });
    expect(embedded.error).toBeUndefined();
    const own = value(openJob(engine, writeLabel(embedded.doc), null, OPTIONS));
    const given = value(openJob(engine, createLabel(EAN_LABEL), dataSourceFromRows(['ean', 'name'], [ROWS[0]!, ROWS[2]!]), OPTIONS));
    expect(own.pageCount).toBe(2);
    for (const i of [0, 1]) expect(same(value(own.page(i)), value(given.page(i)))).toBe(true);
  });

  it('grey previews with the controls not printed', () => {
    const input: LabelInput = { ...EAN_LABEL, children: [{ kind: 'rectangle', x: 0, y: 0, width: 10, height: 10, lineWidth: 0.5, filled: true, printing: false }] };
    const printed = value(value(openJob(engine, createLabel(input), null, OPTIONS)).page(0));
    const preview = value(value(openJob(engine, createLabel(input), null, { ...OPTIONS, grey: true, preview: true })).page(0));
    expect(inkIn(printed, 0, 0, 70, 70)).toBe(0);
    expect(preview).toMatchObject({ width: 320, height: 160, stride: 320, grey: true });
    expect(preview.data[20 * 320 + 20]).toBeLessThan(64); // dark inside the shown rectangle
  });
});

/** A 40 x 20 mm label with a 6 x 4 mm black block in its top-left corner (48 x 32 dots). */
const CORNER: LabelInput = {
  labelWidth: 40,
  labelHeight: 20,
  children: [{ kind: 'rectangle', x: 0, y: 0, width: 6, height: 4, lineWidth: 0.3, filled: true }],
};

/** Which corners of a 1-bit page have ink, clockwise from the top left. */
function inkedCorners(p: Page): string[] {
  const probe = 4;
  const corners: [string, number, number][] = [
    ['top-left', probe, probe], ['top-right', p.width - 1 - probe, probe],
    ['bottom-right', p.width - 1 - probe, p.height - 1 - probe], ['bottom-left', probe, p.height - 1 - probe],
  ];
  return corners.filter(([, x, y]) => dot(p, x, y) === 1).map(([name]) => name);
}

/** The page mirrored left-right (1-bit). */
function mirrored(p: Page): Page {
  const out = new Uint8Array(p.stride * p.height);
  for (let y = 0; y < p.height; y++) for (let x = 0; x < p.width; x++) if (dot(p, x, y)) out[y * p.stride + ((p.width - 1 - x) >> 3)]! |= 0x80 >> ((p.width - 1 - x) & 7);
  return { ...p, data: out };
}

describe('turns and sides', () => {
  it.each<[JobOptions['turn'], number, string[], [number, number]]>([
    [undefined, 90, ['top-left'], [320, 160]],
    [0, 90, ['top-left'], [320, 160]],
    [90, 0, ['top-right'], [160, 320]],
    [180, 0, ['bottom-right'], [320, 160]],
    [270, 0, ['bottom-left'], [160, 320]],
    ['label', 90, ['top-right'], [160, 320]],
    ['label', 270, ['bottom-left'], [160, 320]],
  ])('turn %s with printOrientation %i', (turn, orientation, corners, size) => {
    const job = value(openJob(engine, createLabel({ ...CORNER, orientation: orientation as 0 }), null, { ...OPTIONS, ...(turn === undefined ? {} : { turn }) }));
    const page = value(job.page(0));
    expect([page.width, page.height]).toEqual(size);
    expect(inkedCorners(page)).toEqual(corners);
  });

  it('both sides of a mirrorPrint label: page 2k front, 2k + 1 mirrored; one side otherwise', () => {
    const doc = createLabel({ ...EAN_LABEL, mirrorPrint: true });
    const both = value(openJob(engine, doc, data(), { ...OPTIONS, sides: 'both' }));
    const front = value(openJob(engine, doc, data(), OPTIONS));
    expect([both.pageCount, both.labelPages, front.pageCount]).toEqual([6, 3, 3]);
    const [f, m] = [value(both.page(4)), value(both.page(5))];
    expect(same(f, value(front.page(2)))).toBe(true);
    // Every control draws on both sides (mirrorMode 1): the back is the front mirrored.
    expect(same(m, mirrored(f))).toBe(true);
    expect(same(m, f)).toBe(false);
    // Not mirrorPrint: 'both' gives one side.
    expect(value(openJob(engine, createLabel(EAN_LABEL), data(), { ...OPTIONS, sides: 'both' })).pageCount).toBe(3);
    // Sides and turn together: the mirrored side turned.
    const turned = value(openJob(engine, doc, data(), { ...OPTIONS, sides: 'both', turn: 90 }));
    expect([value(turned.page(5)).width, value(turned.page(5)).height]).toEqual([160, 320]);
  });

  it('a failing page names its side', () => {
    const job = value(openJob(engine, createLabel({ ...EAN_LABEL, mirrorPrint: true }), data(), { ...OPTIONS, sides: 'both' }));
    const [front, back] = [error(job.page(2)), error(job.page(3))];
    expect(front).toMatchObject({ page: 2, row: 3, side: 'front', control: { index: 0, kind: 'barcode' } });
    expect(back).toMatchObject({ page: 3, row: 3, side: 'mirrored' });
    expect(formatPrintError(front, 'en')).toBe("page 2 (spreadsheet row 3), control 1 (barcode): EAN-13: invalid character 'X' at position 12");
    expect(formatPrintError(back, 'en')).toBe("page 2 mirrored side (spreadsheet row 3), control 1 (barcode): EAN-13: invalid character 'X' at position 12");
    expect(formatPrintError(back, 'zh-CN')).toMatch(/^第 2 页镜像面（表格第 3 行），第 1 个控件（条码）：EAN-13：/);
    expect(error(job.page(6))).toEqual({ code: 'page.outOfRange', params: { page: 7, count: 6 } });
  });
});

describe('the worker road: jobSetup and openJobFromSetup', () => {
  let pool: RenderPool | undefined;
  afterAll(() => pool?.close());

  const setupOptions: JobOptions = { ...OPTIONS, sides: 'both', turn: 'label', halftone: 'atkinson' };
  const doc = () => createLabel({ ...EAN_LABEL, mirrorPrint: true, orientation: 270 });

  function allPages(job: PrintJob): Result<RenderedPage>[] {
    return Array.from({ length: job.pageCount }, (_, i) => job.page(i));
  }

  it('is plain data (the data as a table of text, the clock read) and opens to the same pages', () => {
    const { timeMs: _now, ...withoutClock } = setupOptions;
    const setup = value(jobSetup(writeLabel(doc()), data(), withoutClock));
    expect(setup.data).toEqual({ columnNames: ['ean', 'name'], rows: ROWS });
    expect(typeof setup.options.timeMs).toBe('number');
    const cloned = structuredClone(setup);
    const here = value(openJob(engine, doc(), data(), { ...setupOptions, timeMs: setup.options.timeMs }));
    const there = value(openJobFromSetup(engine, cloned));
    expect(there.pageCount).toBe(here.pageCount);
    // Bad data fails the same way on both roads, the good pages are equal byte for byte.
    allPages(here).forEach((r, i) => {
      const t = there.page(i);
      if (!r.ok) expect(t).toEqual(r);
      else expect(same(value(t), r.value), `page ${i}`).toBe(true);
    });
  });

  it("leaves a vendor file's memory of its spelling behind (a worker only prints)", () => {
    const vendor = `<LPAPI labelWidth="40" labelHeight="30"><Page><String x="1" y="1" width="20" height="5" vendorStyle="x">A</String></Page></LPAPI>`;
    const read = readLabel(vendor);
    expect(read.ok && read.value.children[0]!.source).toBeDefined();
    const setup = value(jobSetup(vendor, null, OPTIONS));
    expect(setup.label.source).toBeUndefined();
    expect(setup.label.children[0]!.source).toBeUndefined();
    expect(setup.label.children[0]).toMatchObject({ kind: 'text', content: 'A' });
  });

  it('gives on the render pool the pages and the error this thread gives', async () => {
    const setup = value(jobSetup(doc(), data(), setupOptions));
    const here = allPages(value(openJob(engine, doc(), data(), setupOptions)));
    pool = await RenderPool.open({ workers: 2 });
    const seen: Page[] = [];
    const done = await pool.render(setup, (p) => void seen.push(p), { chunkPages: 1 });
    // Job pages 0 and 1 (row 2, both sides) render; page 2 (row 3, front) is the bad EAN.
    expect(done).toEqual(here[2]);
    expect(seen).toHaveLength(2);
    seen.forEach((p, i) => expect(same(p, value(here[i]!)), `page ${i}`).toBe(true));
    const good = await pool.renderAll(setup, { first: 4, count: 2 });
    value(good).forEach((p, i) => expect(same(p, value(here[4 + i]!)), `page ${4 + i}`).toBe(true));
    expect(value(good)[0]).toMatchObject({ width: 160, height: 320 });
  });
});
