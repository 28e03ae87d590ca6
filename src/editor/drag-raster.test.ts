import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/engine.ts';
import type { Page } from '../engine/types.ts';
import { createLabel, type LabelDocument } from '../label/label.ts';
import { randomLabelInput, seeded } from '../label/testing/random-labels.ts';
import { openJob, type JobOptions } from '../print/job.ts';
import { loadLabelEngine } from '../render/pool-renderer.ts';
import { composable, DragComposer, inkBounds, splitLabel } from './drag-raster.ts';
import { moveFrom } from './edit.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadLabelEngine();
});

const TIME_MS = Date.UTC(2026, 0, 1);
const GREY: JobOptions = { dpi: 254, grey: true, preview: true, timeMs: TIME_MS };
const BITS: JobOptions = { dpi: 203, preview: true, timeMs: TIME_MS };

function render(doc: LabelDocument, options: JobOptions): Page | null {
  const job = openJob(engine, doc, null, options);
  if (!job.ok) return null;
  const page = job.value.page(0);
  return page.ok ? page.value : null;
}

function mustRender(doc: LabelDocument, options: JobOptions): Page {
  const page = render(doc, options);
  if (!page) throw new Error('the label did not render');
  return page;
}

/** Every kind the editor's benchmark label has, overlapping, one turned and one mirrored. */
function mixedLabel(): LabelDocument {
  return createLabel({
    labelWidth: 60,
    labelHeight: 40,
    children: [
      { kind: 'rectangle', x: 0.5, y: 0.5, width: 59, height: 39, lineWidth: 0.3 },
      { kind: 'text', x: 2, y: 2, width: 30, height: 5, fontName: 'Arial', fontHeight: 3, content: 'Asset tag 42' },
      { kind: 'text', x: 2, y: 7, width: 30, height: 5, fontName: '黑体', fontHeight: 3.5, content: '固定资产 笔记本电脑' },
      { kind: 'barcode', x: 4, y: 12, width: 26, height: 10, type: 'code128', textPosition: 'below', content: 'ZC2024000123' },
      { kind: 'qrcode', x: 34, y: 4, width: 12, height: 12, type: 'qrcode', eccLevel: 'M', content: 'https://am.example.com/a/1' },
      { kind: 'rectangle', x: 30, y: 18, width: 20, height: 10, lineWidth: 0.5, orientation: 90 },
      { kind: 'line', x: 2, y: 25, width: 40, height: 0.4, lineWidth: 0.4 },
      { kind: 'text', x: 36, y: 30, width: 20, height: 5, fontName: 'Arial', fontHeight: 2.5, content: 'mirrored', mirrorMode: 16 },
      {
        kind: 'table',
        x: 4,
        y: 27,
        rows: 2,
        cols: 3,
        rowHeight: [4, 4],
        colWidth: [8, 8, 8],
        cells: ['编号', 'Qty', 'Name', '1', '2', '3'].map((content) => ({ content, fontName: 'Arial', fontHeight: 2 })),
      },
    ],
  });
}

/**
 * A drag of `indexes` along `steps` (mm offsets from the start), as the editor draws it:
 * the base once, then each step's layer composed onto the shown page. Returns the shown
 * page after the last step and the final document.
 */
function dragFrames(start: LabelDocument, indexes: number[], steps: [number, number][], options: JobOptions) {
  const { base, layer } = splitLabel(start, indexes);
  const composer = new DragComposer(mustRender(base, options), mustRender(layer, options), () => mustRender(start, options));
  let doc = start;
  for (const [dx, dy] of steps) {
    const moved = moveFrom(doc, start, indexes, dx, dy, 'en');
    composer.update(mustRender(splitLabel(moved, indexes).layer, options), () => mustRender(moved, options));
    doc = moved;
  }
  return { shown: composer.shown, doc, wholeRenders: composer.wholeRenders };
}

const STEPS: [number, number][] = [
  [0.5, 0],
  [1.2, 0.3],
  [3.7, 1.9],
  [-6, 2.2],
  [-6.1, 2.2],
  [10, -3],
  [12.3, 8.8],
];

describe('drag frames (the base once, the moving controls every move)', () => {
  it('equal the full render of the dragged label, byte for byte, grey and 1-bit', () => {
    const doc = mixedLabel();
    expect(composable(doc)).toBe(true);
    let composed = 0;
    for (const options of [GREY, BITS]) {
      for (const indexes of [[3], [4], [5], [8], [1, 2], [0], [2, 3, 7]]) {
        const { shown, doc: moved, wholeRenders } = dragFrames(doc, indexes, STEPS, options);
        const whole = mustRender(moved, options);
        expect(shown.width).toBe(whole.width);
        expect(Buffer.from(shown.data).equals(Buffer.from(whole.data)), `controls ${indexes} at ${options.dpi} dpi`).toBe(true);
        if (options.grey) composed += STEPS.length + 1 - wholeRenders;
        else expect(wholeRenders).toBe(0); // 1-bit pages always compose
      }
    }
    // Most grey moves composed (the rest met other controls' ink and rendered whole).
    expect(composed).toBeGreaterThan(STEPS.length * 3);
  });

  it('equal the full render for random labels that only add ink', () => {
    const rand = seeded(1313);
    let checked = 0;
    for (let i = 0; i < 120; i++) {
      // Without the two ways to paint white and without a background picture (such labels
      // render whole, tested below).
      const input = randomLabelInput(rand);
      const doc = createLabel({ ...input, backgroundImage: '', children: input.children.map((c) => ({ ...c, antiColor: false, ...(c.kind === 'barcode' ? { textPosition: 'below' } : {}) })) });
      if (!composable(doc) || doc.children.length === 0) continue;
      const indexes = doc.children.map((_, k) => k).filter(() => rand() < 0.3);
      if (indexes.length === 0) indexes.push(Math.floor(rand() * doc.children.length));
      const steps: [number, number][] = [
        [rand() * 4 - 2, rand() * 4 - 2],
        [rand() * 10 - 5, rand() * 10 - 5],
      ];
      const whole0 = render(doc, GREY);
      const { base, layer } = splitLabel(doc, indexes);
      if (!whole0 || !render(base, GREY) || !render(layer, GREY)) continue; // a label the engine refuses (e.g. a symbol's data)
      const { shown, doc: moved } = dragFrames(doc, indexes, steps, GREY);
      const whole = render(moved, GREY);
      if (!whole) continue;
      expect(Buffer.from(shown.data).equals(Buffer.from(whole.data)), `random label ${i}, controls ${indexes}`).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('refuses labels with controls that paint white, whose split renders would differ', () => {
    const inverted = createLabel({
      labelWidth: 40,
      labelHeight: 20,
      children: [
        { kind: 'rectangle', x: 2, y: 2, width: 30, height: 6, lineWidth: 1 },
        { kind: 'rectangle', x: 10, y: 1, width: 10, height: 8, lineWidth: 0.5, antiColor: true },
      ],
    });
    expect(composable(inverted)).toBe(false);
    // Why: the inverted box's white stroke crosses the black stroke of the box below and
    // turns it white: composed, the black one would show through.
    for (const options of [GREY, BITS]) {
      const { base, layer } = splitLabel(inverted, [1]);
      const composed = new DragComposer(mustRender(base, options), mustRender(layer, options), () => mustRender(inverted, options)).shown;
      expect(Buffer.from(composed.data).equals(Buffer.from(mustRender(inverted, options).data))).toBe(false);
    }

    const masked = createLabel({ children: [{ kind: 'barcode', x: 2, y: 2, width: 30, height: 12, type: 'code128', textPosition: 'mask', content: 'ABC123' }] });
    expect(composable(masked)).toBe(false);
    expect(composable(mixedLabel())).toBe(true);
    expect(composable({ ...mixedLabel(), backgroundImage: 'data:image/png;base64,AAAA' })).toBe(false);
  });

  it('reports the dots a move changed: where the layer was and where it is', () => {
    const doc = mixedLabel();
    const start = splitLabel(doc, [4]);
    const composer = new DragComposer(mustRender(start.base, GREY), mustRender(start.layer, GREY), () => mustRender(doc, GREY));
    const before = inkBounds(mustRender(start.layer, GREY))!;
    const moved = splitLabel(moveFrom(doc, doc, [4], 5, 3, 'en'), [4]).layer;
    const after = inkBounds(mustRender(moved, GREY))!;
    expect(after.x0 - before.x0).toBe(50); // 5 mm at 10 dots a mm
    expect(after.y0 - before.y0).toBe(30);
    const wholeMoved = () => mustRender(moveFrom(doc, doc, [4], 5, 3, 'en'), GREY);
    expect(composer.update(mustRender(moved, GREY), wholeMoved)).toEqual({ x0: before.x0, y0: before.y0, x1: after.x1, y1: after.y1 });
    // The same layer again changes nothing outside it.
    expect(composer.update(mustRender(moved, GREY), wholeMoved)).toEqual(after);
  });
});

describe('inkBounds', () => {
  it('finds the inked dots of grey and 1-bit pages, whatever their alignment', () => {
    const grey = (width: number, height: number, ink: [number, number][]) => {
      const data = new Uint8Array(width * height).fill(255);
      for (const [x, y] of ink) data[y * width + x] = 10;
      return { width, height, stride: width, data, grey: true } as Page;
    };
    expect(inkBounds(grey(8, 4, []))).toBeNull();
    expect(inkBounds(grey(8, 4, [[5, 1]]))).toEqual({ x0: 5, y0: 1, x1: 6, y1: 2 });
    expect(inkBounds(grey(12, 5, [[1, 3], [10, 1], [7, 4]]))).toEqual({ x0: 1, y0: 1, x1: 11, y1: 5 });
    // A width that is not a multiple of 4 (byte by byte).
    expect(inkBounds(grey(7, 3, [[0, 0], [6, 2]]))).toEqual({ x0: 0, y0: 0, x1: 7, y1: 3 });
    const bits = (width: number, height: number, ink: [number, number][]) => {
      const stride = (width + 7) >> 3;
      const data = new Uint8Array(stride * height);
      for (const [x, y] of ink) data[y * stride + (x >> 3)]! |= 0x80 >> (x & 7);
      return { width, height, stride, data } as Page;
    };
    expect(inkBounds(bits(40, 3, [[3, 1], [21, 2]]))).toEqual({ x0: 3, y0: 1, x1: 22, y1: 3 });
    expect(inkBounds(bits(13, 2, [[12, 0]]))).toEqual({ x0: 12, y0: 0, x1: 13, y1: 1 });
  });
});
