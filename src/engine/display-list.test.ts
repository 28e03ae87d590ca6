import { describe, expect, it } from 'vitest';
import { compileDisplayList, compileSymbolSpec, mmToUm } from './display-list.ts';
import { EngineError, ErrorCode } from './errors.ts';
import type { PageSpec } from './types.ts';

const le32 = (v: number) => [v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff];

describe('display-list compiler', () => {
  it('writes the header, a RECT and a BARCODE byte for byte', () => {
    const bytes = compileDisplayList({
      widthMm: 40,
      heightMm: 30,
      dpi: 203,
      elements: [
        { kind: 'rect', xMm: 0.5, yMm: -1.25, widthMm: 39, heightMm: 29, lineWidthMm: 0.35, filled: true },
        { kind: 'barcode', type: 'code128', data: 'Hi', xMm: 2, yMm: 3, widthMm: 36, heightMm: 10 },
      ],
    });
    expect(Array.from(bytes)).toEqual([
      ...[0x41, 0x4d, 0x44, 0x4c], 1, 0, 0, 0, ...le32(40_000), ...le32(30_000), 203, 0, 0, 0,
      1, ...le32(21), ...le32(500), ...le32(-1250), ...le32(39_000), ...le32(29_000), ...le32(350), 1,
      2, ...le32(26), ...le32(2_000), ...le32(3_000), ...le32(36_000), ...le32(10_000), ...le32(0),
      20, 0, 0, 0, 0x48, 0x69,
    ]);
  });

  it('rounds millimetres to whole micrometres', () => {
    expect(mmToUm(0.1 + 0.2)).toBe(300);
    expect(mmToUm(12.3456)).toBe(12_346);
    expect(compileSymbolSpec({ type: 'code128', data: new Uint8Array([1, 2]) })).toEqual(new Uint8Array([20, 0, 0, 0, 1, 2]));
  });

  it.each<[string, Partial<PageSpec>]>([
    ['negative width', { widthMm: -1 }],
    ['NaN height', { heightMm: NaN }],
    ['fractional dpi', { dpi: 203.5 }],
    ['zero dpi', { dpi: 0 }],
  ])('refuses a page with %s', (_, change) => {
    const page: PageSpec = { widthMm: 40, heightMm: 30, dpi: 203, elements: [], ...change };
    expect(() => compileDisplayList(page)).toThrow(EngineError);
  });

  it('names the element and field at fault', () => {
    const page: PageSpec = {
      widthMm: 40,
      heightMm: 30,
      dpi: 203,
      elements: [
        { kind: 'rect', xMm: 0, yMm: 0, widthMm: 1, heightMm: 1, lineWidthMm: 0.1 },
        { kind: 'rect', xMm: 0, yMm: 0, widthMm: Infinity, heightMm: 1, lineWidthMm: 0.1 },
      ],
    };
    const error = captureError(() => compileDisplayList(page));
    expect(error.code).toBe(ErrorCode.Parameter);
    expect(error.element).toBe(1);
    expect(error.message).toMatch(/widthMm/);
  });

  it('refuses unknown barcode types and characters beyond one byte', () => {
    expect(captureError(() => compileSymbolSpec({ type: 'qr' as 'code128', data: 'x' })).code).toBe(ErrorCode.Unsupported);
    const e = captureError(() => compileSymbolSpec({ type: 'code128', data: 'ab中' }));
    expect([e.code, e.message]).toEqual([ErrorCode.InvalidCharacter, "Code 128: invalid character '中' at position 3"]);
  });

  it('writes options as version-1 records, only those given', () => {
    // symbology 58, flags 0, options length, [version 1, (tag, len, value)...], data
    expect(Array.from(compileSymbolSpec({ type: 'qrcode', data: 'A', ecc: 'H', version: 3, mask: 5, quietZone: 4 }))).toEqual([
      58, 0, 13, 0, 1, 8, 1, 3, 9, 1, 3, 10, 1, 5, 11, 1, 4, 0x41,
    ]);
    // 5 pt = 1764 µm = 0x06E4; text below, justify; Code 39 full ASCII with check, ratio 3.
    expect(Array.from(compileSymbolSpec({
      type: 'code39', data: 'a', textPosition: 'below', textAlign: 'justify', fontSizePt: 5, fullAscii: true, checkDigit: true, wideRatio: 3,
    }))).toEqual([8, 0, 22, 0, 1, 1, 1, 2, 2, 1, 3, 3, 4, 0xe4, 0x06, 0, 0, 4, 1, 1, 5, 1, 1, 12, 1, 30, 0x61]);
    // QR from bytes: binary; from text: UTF-8.
    expect(Array.from(compileSymbolSpec({ type: 'qrcode', data: new Uint8Array([0xff]) }))).toEqual([58, 0, 4, 0, 1, 7, 1, 1, 0xff]);
    expect(Array.from(compileSymbolSpec({ type: 'qrcode', data: '中' }))).toEqual([58, 0, 0, 0, 0xe4, 0xb8, 0xad]);
    // GS1 from text.
    expect(Array.from(compileSymbolSpec({ type: 'code128', data: '(10)A', gs1: true }))).toEqual([20, 0, 4, 0, 1, 6, 1, 1, ...Array.from('(10)A', (c) => c.charCodeAt(0))]);
  });

  it('turns characters beyond ASCII into ? for Code 39 and Code 93 (spec section 5)', () => {
    expect(Array.from(compileSymbolSpec({ type: 'code39', data: 'Aé中😀' }))).toEqual([8, 0, 0, 0, 0x41, 0x3f, 0x3f, 0x3f]);
    expect(Array.from(compileSymbolSpec({ type: 'code93', data: 'ß' }))).toEqual([25, 0, 0, 0, 0x3f]);
    expect(Array.from(compileSymbolSpec({ type: 'codabar', data: 'é' }))).toEqual([18, 0, 0, 0, 0xe9]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['ecc', { type: 'qrcode', ecc: 'X' }, `ecc must be 'L', 'M', 'Q' or 'H', got "X"`],
    ['version', { type: 'qrcode', version: 41 }, 'version must be a whole number from 0 to 40, got 41'],
    ['mask', { type: 'qrcode', mask: 1.5 }, 'mask must be a whole number from 0 to 7, got 1.5'],
    ['quietZone', { type: 'qrcode', quietZone: -1 }, 'quietZone must be a whole number from 0 to 16, got -1'],
    ['textPosition', { type: 'code128', textPosition: 'left' }, `textPosition must be 'none', 'above', 'below' or 'mask', got "left"`],
    ['fontSizePt', { type: 'code128', fontSizePt: 0 }, 'fontSizePt must be a number of points above 0 and up to 283, got 0'],
    ['wideRatio', { type: 'itf', wideRatio: 3.5 }, 'wideRatio must be a number from 2 to 3, got 3.5'],
    ['gs1', { type: 'code128', gs1: 'yes' }, 'gs1 must be true or false, got "yes"'],
  ])('refuses a bad %s option with a message', (_, options, message) => {
    const e = captureError(() => compileSymbolSpec({ data: 'x', ...options } as never));
    expect([e.code, e.message]).toEqual([ErrorCode.Parameter, message]);
  });

  it('compiles a qrcode element as a BARCODE command of type qrcode', () => {
    const page: PageSpec = {
      widthMm: 20, heightMm: 20, dpi: 203,
      elements: [{ kind: 'qrcode', data: 'x', ecc: 'L', xMm: 1, yMm: 1, widthMm: 10, heightMm: 10 }],
    };
    const bytes = Array.from(compileDisplayList(page));
    expect(bytes.slice(20, 25)).toEqual([2, ...le32(29)]);
    expect(bytes.slice(45)).toEqual([58, 0, 4, 0, 1, 8, 1, 0, 0x78]);
  });
});

function captureError(f: () => unknown): EngineError {
  try {
    f();
  } catch (e) {
    if (e instanceof EngineError) return e;
    throw e;
  }
  throw new Error('expected an EngineError');
}
