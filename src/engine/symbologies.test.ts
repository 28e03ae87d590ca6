/**
 * The symbol spec's drawing options written by symbologies.ts, checked byte by byte and
 * through the engine: box alignment (tag 22) and the caption's font (tag 23).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBundledFonts } from '../render/fonts-node.ts';
import { HINT, SPEC_SAMPLES, type CorpusCase } from './corpus/corpus.ts';
import { runCorpus } from './corpus/decoders.ts';
import { createEngine, type Engine } from './engine.ts';
import { EngineError, ErrorCode } from './errors.ts';
import { loadEngine } from './load-node.ts';
import { optionBytes } from './symbologies.ts';
import { engineError, pageRow } from './testing.ts';
import type { GreyPage, Page, SymbolRequest, TextPosition } from './types.ts';

const WASM = new URL('./generated/assetmark_engine.wasm', import.meta.url);
const FONT = fileURLToPath(new URL('../../public/fonts/LiberationSans-Regular.ttf', import.meta.url));
const FONT_BOLD = fileURLToPath(new URL('../../public/fonts/LiberationSans-Bold.ttf', import.meta.url));

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

function optionError(request: Record<string, unknown>): EngineError {
  return engineError(() => optionBytes({ data: 'x', ...request } as unknown as SymbolRequest));
}

describe('box alignment option (tag 22)', () => {
  it('writes horizontal then vertical, the one not given centred', () => {
    expect(optionBytes({ type: 'qrcode', data: 'x', boxAlign: 'left', boxVerticalAlign: 'bottom' })).toEqual([1, 22, 2, 0, 2]);
    expect(optionBytes({ type: 'code128', data: 'x', boxAlign: 'right' })).toEqual([1, 22, 2, 2, 1]);
    expect(optionBytes({ type: 'pdf417', data: 'x', boxVerticalAlign: 'top' })).toEqual([1, 22, 2, 1, 0]);
    // Not given: no record, so documents without it compile as before.
    expect(optionBytes({ type: 'qrcode', data: 'x' })).toEqual([]);
  });

  it('refuses values it does not know', () => {
    const e = optionError({ type: 'qrcode', boxAlign: 'justify' });
    expect([e.code, e.message]).toEqual([ErrorCode.Parameter, `boxAlign must be 'left', 'center' or 'right', got "justify"`]);
    expect(optionError({ type: 'qrcode', boxVerticalAlign: 'center' }).message).toBe(`boxVerticalAlign must be 'top', 'middle' or 'bottom', got "center"`);
  });

  it('moves a QR Code and a Code 128 where measure says', () => {
    // 20 x 10 mm at 203 dpi: 160 x 80 dots; "hello" is 21 modules + 2 x 2 quiet -> 3 dots.
    const box = { xMm: 0, yMm: 0, widthMm: 20, heightMm: 10 };
    const place = (boxAlign: 'left' | 'right', boxVerticalAlign: 'top' | 'bottom') => {
      const m = engine.measure({ type: 'qrcode', data: 'hello', ...box, dpi: 203, boxAlign, boxVerticalAlign });
      const page = engine.renderPage({ widthMm: 20, heightMm: 10, dpi: 203, elements: [{ kind: 'qrcode', type: 'qrcode', data: 'hello', ...box, boxAlign, boxVerticalAlign }] });
      const firstRow = Array.from({ length: page.height }, (_, y) => pageRow(page, y)).findIndex((r) => r.includes('1'));
      return { x: m.xDots, y: m.yDots, inkX: pageRow(page, m.yDots).indexOf('1'), inkY: firstRow };
    };
    // 63 dots + 2 x 6 of quiet zone leave 5 dots of the box's 80 free vertically.
    expect(place('left', 'top')).toEqual({ x: 6, y: 6, inkX: 6, inkY: 6 });
    expect(place('right', 'bottom')).toEqual({ x: 160 - 6 - 63, y: 80 - 6 - 63, inkX: 160 - 6 - 63, inkY: 80 - 6 - 63 });
    const tall = engine.measure({ type: 'qrcode', data: 'hello', xMm: 0, yMm: 0, widthMm: 10, heightMm: 20, dpi: 203, boxVerticalAlign: 'bottom' });
    expect([tall.xDots, tall.yDots]).toEqual([8, 160 - 6 - 63]);

    const code128 = { type: 'code128', data: 'AM-0042', xMm: 0, yMm: 0, widthMm: 40, heightMm: 10, moduleWidthMm: 0.25, textPosition: 'none' } as const;
    const right = engine.measure({ ...code128, dpi: 203, boxAlign: 'right' });
    expect(right.xDots + right.widthDots).toBe(320);
    const page = engine.renderPage({ widthMm: 40, heightMm: 10, dpi: 203, elements: [{ kind: 'barcode', ...code128, boxAlign: 'right' }] });
    expect(pageRow(page, 40).lastIndexOf('1')).toBe(319);
    expect(pageRow(page, 40).indexOf('1')).toBe(right.xDots);
  });
});

describe('caption font option (tag 23)', () => {
  it('writes the style byte, then the name in UTF-8', () => {
    expect(optionBytes({ type: 'code128', data: 'x', fontName: 'Sans' })).toEqual([1, 23, 5, 0, 0x53, 0x61, 0x6e, 0x73]);
    expect(optionBytes({ type: 'ean13', data: 'x', fontName: '黑', fontBold: true, fontItalic: true })).toEqual([1, 23, 4, 3, 0xe9, 0xbb, 0x91]);
    expect(optionBytes({ type: 'code39', data: 'x', fontItalic: true })).toEqual([1, 23, 1, 2]);
  });

  it('refuses a name over 64 bytes and a style that is not a flag', () => {
    expect(optionBytes({ type: 'code128', data: 'x', fontName: 'a'.repeat(64) })).toHaveLength(3 + 65);
    const e = optionError({ type: 'code128', fontName: '字'.repeat(22) });
    expect([e.code, e.message]).toEqual([ErrorCode.Parameter, `fontName must be at most 64 bytes of UTF-8, got "${'字'.repeat(22)}"`]);
    expect(optionError({ type: 'code128', fontBold: 1 }).message).toBe('fontBold must be true or false, got 1');
    // The engine names the option when a matrix type is given one.
    const own = engineError(() => engine.encode({ type: 'qrcode', data: 'x', fontName: 'Sans' } as unknown as SymbolRequest));
    expect([own.code, own.message]).toEqual([ErrorCode.Parameter, 'QR Code takes no text font option']);
  });

  it('draws the caption in the registered face, measured as drawn, anti-aliased on grey', async () => {
    const own = createEngine(await WebAssembly.compile(await readFile(WASM)));
    const element = { kind: 'barcode', type: 'code128', data: '12345678', xMm: 0, yMm: 0, widthMm: 40, heightMm: 10, fontName: 'Sans' } as const;
    const spec = (grey = false, extra = {}) => ({ widthMm: 40, heightMm: 10, dpi: 203, grey, elements: [{ ...element, ...extra }] });
    const stroke = own.renderPage(spec());
    own.loadFont('Sans', new Uint8Array(await readFile(FONT)), { fallback: true });
    own.loadFont('Sans', new Uint8Array(await readFile(FONT_BOLD)), { bold: true });
    const regular = own.renderPage(spec());
    const bold = own.renderPage(spec(false, { fontBold: true }));
    expect(regular.data).not.toEqual(stroke.data);
    expect(inkIn(bold, 66, 80)).toBeGreaterThan(inkIn(regular, 66, 80) * 1.1);
    // The bars are the same; only the text band changed, and a white gap row divides them.
    for (const y of [0, 30, 64]) expect(pageRow(regular, y)).toBe(pageRow(stroke, y));
    expect(pageRow(regular, 65)).not.toContain('1');
    const m = own.measure({ ...element, dpi: 203 });
    expect(m.textDots).toBe(14);

    const grey = own.renderPage(spec(true)) as GreyPage;
    const levels = new Set<number>();
    for (let y = 66; y < 80; y++) for (let x = 0; x < grey.width; x++) levels.add(grey.data[y * grey.stride + x]!);
    expect(levels.size).toBeGreaterThan(8);
    const barLevels = new Set<number>();
    for (let x = 0; x < grey.width; x++) barLevels.add(grey.data[30 * grey.stride + x]!);
    expect([...barLevels].sort((a, b) => a - b)).toEqual([0, 255]);
  });
});

describe('captions in the bundled faces', () => {
  it.each<TextPosition>(['below', 'above', 'mask'])('text %s: every spec sample still decodes with zbarimg and rxing-wasm', async (textPosition) => {
    const own = createEngine(await WebAssembly.compile(await readFile(WASM)));
    const { missing } = await loadBundledFonts(own);
    expect(missing).toEqual([]);
    const cases: CorpusCase[] = SPEC_SAMPLES.filter((c) => c.type !== 'qrcode').map((c) => ({
      name: `${c.type} ${c.data} (${textPosition})`,
      request: { type: c.type, data: c.data, textPosition, fontName: 'Liberation Sans', boxAlign: 'left' } as SymbolRequest,
      zbar: c.zbar,
      zbarOptions: c.type === 'itf' ? ['-Si25.min-length=2'] : [],
      rxing: c.rxing,
      rxingHints: (c.type === 'itf' ? { [HINT.AllowedLengths]: '8' } : {}) as Record<number, string>,
    }));
    // The default 30 x 10 mm box on a 40 x 30 mm label, the symbol at its box's left edge.
    const result = await runCorpus(own, cases, (engine, c) => ({
      page: engine.renderPage({ widthMm: 40, heightMm: 30, dpi: 203, elements: [{ kind: 'barcode', ...c.request, xMm: 5, yMm: 10, widthMm: 30, heightMm: 10 } as never] }),
      request: c.request,
    }));
    expect(result.mismatches).toEqual([]);
    expect([result.zbarChecked, result.rxingChecked]).toEqual([cases.length, cases.length]);
  });
});

function inkIn(page: Page, y0: number, y1: number): number {
  let n = 0;
  for (let y = y0; y < y1; y++) for (const c of pageRow(page, y)) n += c === '1' ? 1 : 0;
  return n;
}
