/**
 * The spec's sample contents (spec section 3: EAN13 690123456789, EAN8 6901234, UPCA
 * 69012345678, UPCE 0123456, ISBN 978012345678, other types 12345678; a web address for
 * the 2D control) on the spec's default label (40 x 30 mm, 203 dpi) at the default element
 * sizes (barcode 30 x 10 mm with 5 pt text below, 2D code 10 x 10 mm), modules fitted
 * automatically: what a new label prints. zbarimg and rxing-wasm must both read them, and
 * every text position must leave them readable.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine.ts';
import { loadEngine } from '../load-node.ts';
import type { SymbolRequest, TextPosition } from '../types.ts';
import { HINT, SPEC_SAMPLES, type CorpusCase } from './corpus.ts';
import { DPI, runCorpus, type Rendered } from './decoders.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

function sampleCases(textPosition: TextPosition): CorpusCase[] {
  const cases: CorpusCase[] = SPEC_SAMPLES.map((s) => ({
    name: `${s.type} ${s.data} (${textPosition})`,
    request: (s.type === 'qrcode' ? { type: s.type, data: s.data } : { type: s.type, data: s.data, textPosition }) as SymbolRequest,
    zbar: s.zbar,
    zbarOptions: s.type === 'itf' ? ['-Si25.min-length=2'] : [],
    rxing: s.rxing,
    rxingHints: (s.type === 'itf' ? { [HINT.AllowedLengths]: '8' } : {}) as Record<number, string>,
  }));
  cases.push({
    name: 'qrcode web address',
    request: { type: 'qrcode', data: 'https://example.com/asset?id=000123' },
    zbar: 'https://example.com/asset?id=000123',
    zbarOptions: [],
    rxing: 'https://example.com/asset?id=000123',
    rxingHints: {},
  });
  return cases;
}

/** A default label with the element at its default size, centred. */
function defaultLabel(engine: Engine, c: CorpusCase): Rendered {
  const qr = c.request.type === 'qrcode';
  const [w, h] = qr ? [10, 10] : [30, 10];
  const page = engine.renderPage({
    widthMm: 40, heightMm: 30, dpi: DPI,
    elements: [{ kind: 'barcode', ...c.request, xMm: (40 - w) / 2, yMm: (30 - h) / 2, widthMm: w, heightMm: h } as never],
  });
  return { page, request: c.request };
}

describe('spec samples on a default label', () => {
  it.each<TextPosition>(['below', 'above', 'mask', 'none'])('text %s: every type decodes with zbarimg and rxing-wasm', async (position) => {
    const cases = sampleCases(position);
    const result = await runCorpus(engine, cases, defaultLabel);
    expect(result.mismatches).toEqual([]);
    expect([result.zbarChecked, result.rxingChecked]).toEqual([cases.length, cases.length]);
  });

  it('fits whole-dot modules into the default 30 mm box at 203 dpi', () => {
    // 240 dots: EAN-13 95 + 7 modules -> 2 dots; Code 128 "12345678" (start C, 4 pairs,
    // check, stop = 79 modules) -> 3 dots; QR version 1 + 2 * 2 quiet in 80 dots -> 3.
    const m = (r: SymbolRequest, w: number, h: number) => engine.measure({ ...r, xMm: 0, yMm: 0, widthMm: w, heightMm: h, dpi: DPI });
    expect(m({ type: 'ean13', data: '690123456789' }, 30, 10)).toMatchObject({ moduleDots: 2, widthDots: 190, widthMm: 23.773 });
    expect(m({ type: 'code128', data: '12345678' }, 30, 10)).toMatchObject({ modulesWide: 79, moduleDots: 3, widthDots: 237 });
    expect(m({ type: 'qrcode', data: '12345678' }, 10, 10)).toMatchObject({ modulesWide: 21, moduleDots: 3, widthDots: 63 });
  });
});
