/**
 * The page caps as the print job meets them (issue 14). The element count and drawing work
 * are the engine's caps (crates/engine/src/work.rs, whose tests pin the cost model and show
 * nothing is drawn): here, a page over one comes back from the real engine as a PrintError
 * naming the page (and, for work, the costliest control) in zh and en, and a page under it
 * draws. The pictures' cap is the job's own (src/print/page-work.ts), checked before any
 * picture is decoded: refused jobs run on a trapping engine (src/print/testing.ts), which
 * would answer 'engine.crashed' if the job ever asked it to draw. Work is counted, never
 * timed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/engine.ts';
import { MAX_PAGE_PICTURE_PIXELS } from '../engine/limits.ts';
import { toDataUrl } from '../label/embedded.ts';
import type { LabelInput } from '../label/label.ts';
import { createLabel } from '../label/label.ts';
import { loadLabelEngine } from '../render/pool-renderer.ts';
import { formatPrintError } from './errors.ts';
import { openJob, type JobOptions, type PrintJob } from './job.ts';
import { trappingEngine } from './testing.ts';

/** crates/engine/src/work.rs MAX_PAGE_ELEMENTS and MAX_PAGE_WORK (in millions). */
const MAX_PAGE_ELEMENTS = 5000;
const MAX_PAGE_WORK_MILLIONS = 268;

let engine: Engine;
let trap: Engine;
beforeAll(async () => {
  engine = await loadLabelEngine();
  trap = await trappingEngine();
});

const OPTIONS: JobOptions = { dpi: 300, timeMs: Date.UTC(2026, 0, 1) };

function jobOf(on: Engine, input: LabelInput): PrintJob {
  const job = openJob(on, createLabel(input), null, OPTIONS);
  if (!job.ok) throw new Error(`job did not open: ${JSON.stringify(job.error)}`);
  return job.value;
}

/** A full 30 x 30 table of one-character cells: its grid and 900 cell texts. */
const table = (x: number) => ({ kind: 'table', x, y: 1, width: 9, height: 9, rows: 30, cols: 30, lineWidth: 0.1, cells: Array.from({ length: 900 }, () => ({ content: '1' })) });
const dot = (i: number) => ({ kind: 'rectangle', x: i % 50, y: 20 + ((i / 50) | 0) % 20, width: 0.5, height: 0.5, lineWidth: 0.1 });

/** Five full tables and `dots` small rectangles on a 60 x 45 mm label. */
function crowded(dots: number): LabelInput {
  return { labelWidth: 60, labelHeight: 45, children: [...[0, 10, 20, 30, 40].map(table), ...Array.from({ length: dots }, (_, i) => dot(i))] };
}

/** Rectangles that bring crowded() to `elements` display-list elements. */
function dotsFor(elements: number): number {
  const probe = jobOf(engine, crowded(0)).spec(0);
  if (!probe.ok) throw new Error(JSON.stringify(probe.error));
  const dots = elements - probe.value.spec.elements.length;
  expect(dots).toBeGreaterThan(0);
  return dots;
}

describe('the element cap', () => {
  it('draws a page of exactly MAX_PAGE_ELEMENTS elements', () => {
    const job = jobOf(engine, crowded(dotsFor(MAX_PAGE_ELEMENTS)));
    const spec = job.spec(0);
    expect(spec.ok && spec.value.spec.elements.length).toBe(MAX_PAGE_ELEMENTS);
    const page = job.page(0);
    expect(page.ok ? page.value.width : page.error).toBe(Math.round((60 * 300) / 25.4));
  });

  it('refuses one element more with the page, in zh and en', () => {
    const page = jobOf(engine, crowded(dotsFor(MAX_PAGE_ELEMENTS + 1))).page(0);
    expect(page.ok).toBe(false);
    if (page.ok) return;
    expect(page.error).toEqual({ code: 'page.tooManyElements', params: { count: MAX_PAGE_ELEMENTS + 1, max: MAX_PAGE_ELEMENTS }, page: 0 });
    expect(formatPrintError(page.error, 'en')).toBe(`page 1: The page has too many things to draw (${MAX_PAGE_ELEMENTS + 1}; at most ${MAX_PAGE_ELEMENTS}).`);
    expect(formatPrintError(page.error, 'zh-CN')).toBe(`第 1 页：页面要绘制的内容过多（${MAX_PAGE_ELEMENTS + 1} 项，最多 ${MAX_PAGE_ELEMENTS} 项）。`);
  });
});

/** A 300 x 300 mm label: a frame, then one text of `n` W's at a 50 mm em (591 dots at
 * 300 dpi, about 1.41 M work units a character: the cap falls near 170). */
function bigText(n: number): LabelInput {
  return {
    labelWidth: 300,
    labelHeight: 300,
    children: [
      { kind: 'rectangle', x: 1, y: 1, width: 298, height: 298, lineWidth: 0.5 },
      { kind: 'text', x: 5, y: 5, width: 290, height: 290, fontHeight: 50, autoReturn: true, content: 'W'.repeat(n) },
    ],
  };
}

describe('the work cap', () => {
  it('draws a large page under the cap', () => {
    const page = jobOf(engine, bigText(100)).page(0);
    expect(page.ok ? page.value.height : page.error).toBe(Math.round((300 * 300) / 25.4));
  });

  it('refuses a page over it, naming the page and the costliest control, in zh and en', () => {
    const page = jobOf(engine, bigText(400)).page(0);
    expect(page.ok).toBe(false);
    if (page.ok) return;
    expect(page.error.code).toBe('page.tooMuchWork');
    expect(page.error.page).toBe(0);
    expect(page.error.control).toEqual({ index: 1, kind: 'text' });
    expect(page.error.params.max).toBe(MAX_PAGE_WORK_MILLIONS);
    expect(page.error.params.work).toBeGreaterThan(MAX_PAGE_WORK_MILLIONS);
    expect(formatPrintError(page.error, 'en')).toMatch(/^page 1, control 2 \(text\): The page is too costly to draw \(about \d+ million dots of drawing; at most 268 million\)\./);
    expect(formatPrintError(page.error, 'zh-CN')).toMatch(/^第 1 页，第 2 个控件（文本）：页面绘制量过大（约 \d+ 百万点，最多 268 百万点）。/);
  });

  it('lets one full-page box on a 1 m page through and refuses two', () => {
    // 1000 mm at 300 dpi is 11,811 dots a side: one full-page box is 139 M dots, two 279 M.
    const box = { kind: 'rectangle', x: 0, y: 0, width: 1000, height: 1000, lineWidth: 0.3, filled: true };
    const one = jobOf(engine, { labelWidth: 1000, labelHeight: 1000, children: [box] }).page(0);
    expect(one.ok ? one.value.width : one.error).toBe(11_811);
    const two = jobOf(engine, { labelWidth: 1000, labelHeight: 1000, children: [box, box] }).page(0);
    expect(two.ok ? 'drawn' : two.error.code).toBe('page.tooMuchWork');
  });
});

/** A PNG's signature and header declaring `side` x `side` pixels, then `tag` (so each is a
 * different picture); no pixel data: only the header is to be read. */
function declaredPng(side: number, tag: number): string {
  const bytes = new Uint8Array(34);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, side);
  view.setUint32(20, side);
  bytes[24] = 8; // 8-bit grey
  view.setUint32(30, tag);
  return toDataUrl('image/png', bytes);
}

/** A label of a text control, then pictures declaring these sides (squares). */
function pictures(...sides: number[]): LabelInput {
  return {
    labelWidth: 60,
    labelHeight: 40,
    children: [
      { kind: 'text', x: 1, y: 1, width: 20, height: 5, content: 'pictures' },
      ...sides.map((side, i) => ({ kind: 'picture', x: 1 + 10 * i, y: 10, width: 8, height: 8, content: declaredPng(side, i), colorMode: 2 })),
    ],
  };
}

describe('the pictures of a page, before any is decoded', () => {
  it('draws a page whose pictures have exactly MAX_PAGE_PICTURE_PIXELS, each decoded once', () => {
    expect(8192 * 8192).toBe(MAX_PAGE_PICTURE_PIXELS);
    const decoded: string[] = [];
    // The browser's way: the job's caller decodes. A 64 x 64 grey stands in for each
    // picture's pixels (the header-only PNGs have none); what is counted is the header's.
    const decodeImage = (url: string) => (decoded.push(url), { width: 64, height: 64, data: new Uint8Array(64 * 64).fill(0) });
    const job = openJob(engine, createLabel(pictures(8192)), null, { ...OPTIONS, decodeImage });
    if (!job.ok) throw new Error(JSON.stringify(job.error));
    const page = job.value.page(0);
    expect(page.ok ? page.value.width : page.error).toBe(Math.round((60 * 300) / 25.4));
    expect(decoded).toHaveLength(1);
  });

  it('refuses one pixel more without decoding any picture, naming the largest, in zh and en', () => {
    const decoded: string[] = [];
    const job = openJob(trap, createLabel(pictures(1, 8192)), null, { ...OPTIONS, decodeImage: (url) => (decoded.push(url), null) });
    if (!job.ok) throw new Error(JSON.stringify(job.error));
    const page = job.value.page(0);
    expect(page.ok).toBe(false);
    if (page.ok) return;
    expect(page.error).toEqual({ code: 'page.picturesTooLarge', params: { pixels: 67.1, max: 67.1 }, page: 0, control: { index: 2, kind: 'picture' } });
    expect(formatPrintError(page.error, 'en')).toBe('page 1, control 3 (picture): The pictures of the page are too large together (67.1 megapixels; at most 67.1). Use fewer or smaller pictures.');
    expect(formatPrintError(page.error, 'zh-CN')).toBe('第 1 页，第 3 个控件（图片）：页面图片合计过大（67.1 百万像素，最多 67.1 百万像素）。请减少或缩小图片。');
    expect(decoded).toEqual([]);
  });

  it('counts a picture used twice once', () => {
    const input = pictures(8192);
    const again = { ...input.children![1]!, x: 20 };
    const job = openJob(trap, createLabel({ ...input, children: [...input.children!, again] }), null, { ...OPTIONS, decodeImage: () => null });
    expect(job.ok && job.value.spec(0).ok).toBe(true);
  });
});
