/**
 * The facade on an ABI 3 engine (display list version 2): grey output, page flips,
 * corner radius, background, rotation and antiColor, and fonts (load, replace, refuse,
 * clear, survive a trap). At 254 dpi one dot is 0.1 mm, so positions are exact.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from './engine.ts';
import { ErrorCode } from './errors.ts';
import { engineError } from './testing.ts';
import { loadEngine } from './load-node.ts';
import type { PageElement, PageSpec } from './types.ts';

const FONT = fileURLToPath(new URL('../../public/fonts/LiberationSans-Regular.ttf', import.meta.url));

let engine: Engine;
let font: Uint8Array;
beforeAll(async () => {
  engine = await loadEngine();
  font = new Uint8Array(await readFile(FONT));
});

const page = (elements: PageElement[], options: Partial<PageSpec> = {}): PageSpec => ({ widthMm: 4, heightMm: 2, dpi: 254, elements, ...options });
const block = (xMm: number, extra: Partial<PageElement> = {}): PageElement =>
  ({ kind: 'shape', shape: 'rect', xMm, yMm: 0, widthMm: 1, heightMm: 2, lineWidthMm: 0, filled: true, ...extra }) as PageElement;

function bit(p: { data: Uint8Array; stride: number }, x: number, y: number): number {
  return (p.data[y * p.stride + (x >> 3)]! >> (7 - (x & 7))) & 1;
}

describe('page options (ABI 3)', () => {
  it('speaks ABI 3', () => {
    expect(engine.abiVersion).toBe(3);
  });

  it('renders 8-bit grey pages: one byte a dot, stride = width, background level', () => {
    const grey = engine.renderPage({ ...page([]), grey: true, background: 200 });
    expect([grey.width, grey.height, grey.stride, grey.grey]).toEqual([40, 20, 40, true]);
    expect(grey.data.length).toBe(800);
    expect(grey.data.every((v) => v === 200)).toBe(true);
    const inked = engine.renderPage({ ...page([block(0)]), grey: true });
    expect([inked.data[0], inked.data[5], inked.data[39]]).toEqual([0, 0, 255]);
  });

  it('fills a 1-bit background darker than 128 with black', () => {
    expect(engine.renderPage(page([], { background: 127 })).data.every((b) => b === 0xff)).toBe(true);
    expect(engine.renderPage(page([], { background: 128 })).data.every((b) => b === 0)).toBe(true);
  });

  it('mirrors the finished page left-right and top-bottom', () => {
    const plain = engine.renderPage(page([block(0)]));
    const flipped = engine.renderPage(page([block(0)], { flipH: true }));
    expect([bit(plain, 0, 0), bit(plain, 39, 0)]).toEqual([1, 0]);
    expect([bit(flipped, 0, 0), bit(flipped, 39, 0), bit(flipped, 30, 0), bit(flipped, 29, 0)]).toEqual([0, 1, 1, 0]);
    const top = { kind: 'shape', shape: 'rect', xMm: 0, yMm: 0, widthMm: 4, heightMm: 0.5, lineWidthMm: 0, filled: true } as const;
    const v = engine.renderPage(page([top], { flipV: true }));
    expect([bit(v, 5, 0), bit(v, 5, 19)]).toEqual([0, 1]);
  });

  it('keeps the dots outside rounded page corners white', () => {
    const p = engine.renderPage(page([], { background: 0, cornerRadiusMm: 0.8 }));
    expect([bit(p, 0, 0), bit(p, 39, 0), bit(p, 0, 19), bit(p, 39, 19)]).toEqual([0, 0, 0, 0]);
    expect([bit(p, 20, 10), bit(p, 8, 0), bit(p, 0, 8)]).toEqual([1, 1, 1]);
  });
});

describe('element prefix (ABI 3)', () => {
  it('paints an antiColor element\'s box black and its content white', () => {
    const outline = { kind: 'shape', shape: 'rect', xMm: 1, yMm: 0.5, widthMm: 2, heightMm: 1, lineWidthMm: 0.3, antiColor: true } as const;
    const p = engine.renderPage(page([outline]));
    expect([bit(p, 11, 6), bit(p, 20, 10), bit(p, 5, 10)]).toEqual([0, 1, 0]);
  });

  it('turns a box a quarter about its centre', () => {
    // A 2 x 1 mm filled rectangle centred at (2, 1) mm becomes 1 x 2 mm about the same centre.
    const r = { kind: 'shape', shape: 'rect', xMm: 1, yMm: 0.5, widthMm: 2, heightMm: 1, lineWidthMm: 0, filled: true, rotation: 90 } as const;
    const p = engine.renderPage(page([r]));
    expect([bit(p, 15, 0), bit(p, 24, 19), bit(p, 14, 10), bit(p, 25, 10)]).toEqual([1, 1, 0, 0]);
  });
});

describe('MIRROR (ABI 3)', () => {
  it('mirrors an element\'s content within its box: centred on the page, as a page flip does', () => {
    const f = (mirror: boolean): PageElement => ({ kind: 'text', text: 'F7', fontName: 'none', fontHeightMm: 1.5, xMm: 1, yMm: 0, widthMm: 2, heightMm: 2, mirror });
    const mirrored = engine.renderPage(page([f(true)]));
    const plain = engine.renderPage(page([f(false)]));
    expect(mirrored.data).not.toEqual(plain.data);
    expect(mirrored.data).toEqual(engine.renderPage(page([f(false)], { flipH: true })).data);
  });
});

describe('fonts (ABI 3)', () => {
  const text = (fontName: string): PageSpec => ({
    widthMm: 30, heightMm: 8, dpi: 203,
    elements: [{ kind: 'text', text: 'Asset 42', fontName, fontHeightMm: 5, xMm: 1, yMm: 1, widthMm: 28, heightMm: 6 }],
  });
  /** Bytes with any black dot. */
  const ink = (p: { data: Uint8Array }) => p.data.filter((b) => b !== 0).length;

  it('draws text in a registered face, refuses a bad font by name and keeps the registry', async () => {
    const own = createEngine(await WebAssembly.compile(await readFile(new URL('./generated/assetmark_engine.wasm', import.meta.url))));
    const builtin = own.renderPage(text('Sans'));
    own.loadFont('Sans', font, { fallback: true });
    const trueType = own.renderPage(text('Sans'));
    expect(ink(builtin)).toBeGreaterThan(0);
    expect(trueType.data).not.toEqual(builtin.data);
    const e = engineError(() => own.loadFont('Broken', font.subarray(0, 100)));
    expect([e.code, e.message]).toEqual([ErrorCode.Parameter, expect.stringContaining('Broken')]);
    expect(own.renderPage(text('Sans')).data).toEqual(trueType.data);
    own.clearFonts();
    expect(own.renderPage(text('Sans')).data).toEqual(builtin.data);
    expect(engineError(() => own.loadFont('', font)).code).toBe(ErrorCode.Parameter);
  });

  it('registers its fonts again on the fresh instance after a trap', async () => {
    const own = createEngine(await WebAssembly.compile(await readFile(new URL('./generated/assetmark_engine.wasm', import.meta.url))));
    own.loadFont('Sans', font, { fallback: true });
    const before = own.renderPage(text('Sans'));
    const internals = own as unknown as { exports: Record<string, unknown> };
    internals.exports = { ...internals.exports, render: () => { throw new WebAssembly.RuntimeError('unreachable'); } };
    expect(engineError(() => own.renderPage(text('Sans'))).code).toBe(ErrorCode.EngineCrashed);
    expect(own.renderPage(text('Sans')).data).toEqual(before.data);
  });
});
