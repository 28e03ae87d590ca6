/**
 * The symbology table (symbologies.ts SYMBOLOGIES), the one place the label model reads
 * types, samples and module counts from: the module counts checked against the engine's
 * own encoder, every sample encoded, and the label controls' types, defaults and vendor
 * numbering read from it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { barcodeKind, BARCODE_TYPES as LABEL_LINEAR_TYPES, barcodeModules } from '../label/elements/barcode.ts';
import { CODE2D_TYPES, qrcodeKind } from '../label/elements/qrcode.ts';
import { createElement, normalizeElement } from '../label/elements/index.ts';
import type { Engine } from './engine.ts';
import { loadEngine } from './load-node.ts';
import { BARCODE_TYPES, LINEAR_TYPES, MATRIX_TYPES, SYMBOLOGIES } from './symbologies.ts';
import type { LinearType, SymbolRequest } from './types.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

/**
 * Modules the engine's symbol for `data` takes with its wide elements at twice the narrow
 * (what the table's counts assume: the narrowest ratio drawn). The engine's module form
 * writes wide elements at zint's widths (2 modules for Code 39 and Codabar, 3 for ITF):
 * for those types each run of equal modules is a narrow (1) or a wide (2) element.
 */
function engineModules(type: LinearType, data: string): number {
  const symbol = engine.encode({ type, data } as SymbolRequest);
  if (symbol.kind !== 'linear') throw new Error(`${type} did not encode as a linear symbol`);
  const m = symbol.modules;
  if (type !== 'code39' && type !== 'codabar' && type !== 'itf' && type !== 'itf14') return m.length;
  let total = 0;
  for (let i = 0; i < m.length; ) {
    let j = i;
    while (j < m.length && m[j] === m[i]) j++;
    total += j - i === 1 ? 1 : 2;
    i = j;
  }
  return total;
}

describe('the symbology table', () => {
  it('splits every type into linear and two-dimensional, linear first', () => {
    expect([...LINEAR_TYPES, ...MATRIX_TYPES]).toEqual(BARCODE_TYPES);
    expect(MATRIX_TYPES.slice().sort()).toEqual(['datamatrix', 'gridmatrix', 'pdf417', 'qrcode']);
    for (const t of LINEAR_TYPES) expect(typeof SYMBOLOGIES[t].modules, t).toBe('function');
  });

  it('counts the modules the engine draws for the samples, digits and capitals', () => {
    for (const type of LINEAR_TYPES) {
      expect(barcodeModules(type, SYMBOLOGIES[type].sample), `${type} sample`).toBe(engineModules(type, SYMBOLOGIES[type].sample));
    }
    // Variable-length types at several lengths, odd and even (Code 128 packs digit pairs;
    // ITF pads an odd count), digits and capital letters where the type takes them.
    for (const n of [1, 2, 3, 4, 5, 6, 7, 10, 13, 20]) {
      const digits = '1234567890'.repeat(2).slice(0, n);
      for (const type of ['code128', 'code39', 'code93', 'codabar', 'itf'] as const) {
        expect(barcodeModules(type, digits), `${type} ${digits}`).toBe(engineModules(type, digits));
      }
      const letters = 'ABCDEFGHIJKLMNOPQRST'.slice(0, n);
      for (const type of ['code128', 'code39', 'code93'] as const) {
        expect(barcodeModules(type, letters), `${type} ${letters}`).toBe(engineModules(type, letters));
      }
    }
  });

  it('encodes every sample', () => {
    for (const type of BARCODE_TYPES) {
      const symbol = engine.encode({ type, data: SYMBOLOGIES[type].sample } as SymbolRequest);
      expect(symbol.kind, type).toBe(SYMBOLOGIES[type].matrix ? 'matrix' : 'linear');
    }
  });
});

describe('label controls read the table', () => {
  it('offers the linear types on the barcode control and the 2D types on the 2D control', () => {
    expect(LABEL_LINEAR_TYPES).toEqual(LINEAR_TYPES);
    expect(barcodeKind.fields.type.choices).toEqual(LINEAR_TYPES);
    expect(CODE2D_TYPES.slice().sort()).toEqual(MATRIX_TYPES.slice().sort());
    expect(qrcodeKind.fields.type.choices).toEqual(CODE2D_TYPES);
  });

  it("defaults a new control's content to its type's sample", () => {
    for (const type of LINEAR_TYPES) expect(createElement('barcode', { type }).content, type).toBe(SYMBOLOGIES[type].sample);
    for (const type of MATRIX_TYPES) expect(createElement('qrcode', { type }).content, type).toBe(SYMBOLOGIES[type].sample);
    expect(SYMBOLOGIES.qrcode.sample).toBe('https://example.com/'); // spec: a placeholder web address
  });

  it("reads the vendor's 2D type numbers: 0 QR, 1 Data Matrix, 2 PDF417, 3 Grid Matrix", () => {
    const typeOf = (raw: unknown) => (normalizeElement({ kind: 'qrcode', type: raw }) as { type: string }).type;
    expect([0, 1, 2, 3].map(typeOf)).toEqual(['qrcode', 'datamatrix', 'pdf417', 'gridmatrix']);
    expect(['0', '1', '2', '3'].map(typeOf)).toEqual(['qrcode', 'datamatrix', 'pdf417', 'gridmatrix']);
    expect(typeOf(4)).toBe('qrcode'); // out of range: the default
  });
});
