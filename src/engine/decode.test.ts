/**
 * Rendered pages read back by an independent decoder (rxing-wasm): what a scanner sees.
 */
import { BarcodeFormat } from 'rxing-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine.ts';
import { loadEngine } from './load-node.ts';
import { decodeWithRxing, show } from './testing.ts';
import type { PageSpec } from './types.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');

const INPUTS = [
  // digits: even and odd runs, alone and inside text
  '12', '123', '1234', '12345', '0123456789', '98765432101',
  'ASSET-000123', 'A1B2C3', 'x12345y', 'Room 4021, shelf 7',
  // mixed case and punctuation
  'Hello, World!', 'fixed-asset/2024#17', 'a~b{c}d|e`f', '"quoted" & <tagged>', 'back\\slash',
  PRINTABLE.slice(0, 40), PRINTABLE.slice(40, 80), PRINTABLE.slice(80),
  // control characters through set A, with and without lower case around them
  '\t', 'A\tB', 'line1\nline2', '\x00\x01\x02\x1f', 'ab\x01cd', '\x1b[1m12\x1b[0m', '1A\x01', 'DEL\x7f',
];

/** A label with a 0.5 mm border and the barcode inside, wide enough for ~2-dot modules. */
function label(data: string, dpi: number): PageSpec {
  const modules = engine.encode({ type: 'code128', data }).modules.length;
  const barcodeMm = modules * 0.3;
  return {
    widthMm: barcodeMm + 12,
    heightMm: 30,
    dpi,
    elements: [
      { kind: 'rect', xMm: 0, yMm: 0, widthMm: barcodeMm + 12, heightMm: 30, lineWidthMm: 0.5 },
      { kind: 'barcode', type: 'code128', data, xMm: 6, yMm: 5, widthMm: barcodeMm, heightMm: 15 },
    ],
  };
}

describe('rendered Code 128 decodes with rxing-wasm', () => {
  it.each(INPUTS.map((data) => [show(data), data]))('203 dpi: %s', (_, data) => {
    const page = engine.renderPage(label(data, 203));
    const result = decodeWithRxing(page);
    expect(result.format).toBe(BarcodeFormat.Code128);
    expect(result.text).toBe(data);
  });

  it.each(['ASSET-000123', 'ab\x01cd', PRINTABLE.slice(0, 30)].map((data) => [show(data), data]))('300 dpi: %s', (_, data) => {
    expect(decodeWithRxing(engine.renderPage(label(data, 300))).text).toBe(data);
  });

  it('decodes 1-dot modules at 203 dpi (the narrowest the fit allows)', () => {
    const data = 'TAG-778899';
    const modules = engine.encode({ type: 'code128', data }).modules.length;
    const widthMm = ((modules + 1) * 25.4) / 203; // room for 1 dot a module, not 2
    const page = engine.renderPage({
      widthMm: widthMm + 10, heightMm: 12, dpi: 203,
      elements: [{ kind: 'barcode', type: 'code128', data, xMm: 5, yMm: 2, widthMm, heightMm: 8 }],
    });
    expect(decodeWithRxing(page).text).toBe(data);
  });
});
