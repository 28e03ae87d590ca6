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
    expect(compileSymbolSpec('code128', new Uint8Array([1, 2]))).toEqual(new Uint8Array([20, 0, 0, 0, 1, 2]));
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
    expect(captureError(() => compileSymbolSpec('qr' as 'code128', 'x')).code).toBe(ErrorCode.Unsupported);
    const e = captureError(() => compileSymbolSpec('code128', 'ab中'));
    expect([e.code, e.message]).toEqual([ErrorCode.InvalidCharacter, "Code 128: invalid character '中' at position 3"]);
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
