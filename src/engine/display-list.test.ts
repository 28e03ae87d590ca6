import { describe, expect, it } from 'vitest';
import { compileDisplayList, compileSymbolSpec, matrixRequest, mmToUm, writeDisplayList } from './display-list.ts';
import { EngineError, ErrorCode } from './errors.ts';
import { engineError } from './testing.ts';
import type { PageSpec, TextElement } from './types.ts';

const le32 = (v: number) => [v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff];

describe('display-list compiler', () => {
  const header = (flags = 0, corner = 0, background = 255) =>
    [0x41, 0x4d, 0x44, 0x4c, 2, 0, flags, 0, ...le32(40_000), ...le32(30_000), 203, 0, 0, 0, ...le32(corner), background, 0, 0, 0];
  const prefix = (x: number, y: number, w: number, h: number, turns = 0, flags = 0) =>
    [...le32(x), ...le32(y), ...le32(w), ...le32(h), turns, flags, 0, 0];
  const page = (elements: PageSpec['elements'], options: Partial<PageSpec> = {}): number[] =>
    Array.from(compileDisplayList({ widthMm: 40, heightMm: 30, dpi: 203, elements, ...options }));

  it('writes the 28-byte header with page flags, corner radius and background', () => {
    expect(page([])).toEqual(header());
    expect(page([], { grey: true, flipH: true, flipV: true, cornerRadiusMm: 0.8, background: 200 })).toEqual(header(7, 800, 200));
    expect(page([], { flipH: true })).toEqual(header(2));
  });

  it('writes the page turn as TURN, quarter turns clockwise in flag bits 3-4', () => {
    expect(page([], { turn: 0 })).toEqual(header());
    expect(page([], { turn: 90 })).toEqual(header(1 << 3));
    expect(page([], { turn: 180, flipH: true })).toEqual(header((2 << 3) | 2));
    expect(page([], { turn: 270, grey: true, flipV: true })).toEqual(header((3 << 3) | 5));
    const e = engineError(() => page([], { turn: -90 as 0 }));
    expect([e.code, e.message, e.element]).toEqual([ErrorCode.Parameter, 'page turn must be 0, 90, 180 or 270, got -90', undefined]);
  });

  it('writes SHAPE commands (rect shorthand, round rectangle, ellipse) with the common prefix', () => {
    expect(page([
      { kind: 'rect', xMm: 0.5, yMm: -1.25, widthMm: 39, heightMm: 29, lineWidthMm: 0.35, filled: true },
      { kind: 'shape', shape: 'roundrect', xMm: 1, yMm: 2, widthMm: 10, heightMm: 5, lineWidthMm: 0.5, cornerRadiusMm: 1, rotation: 90, antiColor: true },
      { kind: 'shape', shape: 'ellipse', xMm: 1, yMm: 2, widthMm: 4, heightMm: 4, lineWidthMm: 0, filled: true, rotation: 270, mirror: true },
    ])).toEqual([
      ...header(),
      1, ...le32(32), ...prefix(500, -1250, 39_000, 29_000), 0, 1, 0, 0, ...le32(350), ...le32(0),
      1, ...le32(32), ...prefix(1000, 2000, 10_000, 5000, 1, 1), 1, 0, 0, 0, ...le32(500), ...le32(1000),
      1, ...le32(32), ...prefix(1000, 2000, 4000, 4000, 3, 2), 2, 1, 0, 0, ...le32(0), ...le32(0),
    ]);
  });

  it('writes BARCODE commands: prefix, module width, symbol spec; 2D controls of each type', () => {
    expect(page([
      { kind: 'barcode', type: 'code128', data: 'Hi', xMm: 2, yMm: 3, widthMm: 36, heightMm: 10, rotation: 180 },
      { kind: 'qrcode', data: 'x', ecc: 'L', xMm: 1, yMm: 1, widthMm: 10, heightMm: 10, moduleWidthMm: 0.25 },
      { kind: 'qrcode', type: 'datamatrix', data: 'x', shape: 'square', quietZone: 1, xMm: 0, yMm: 0, widthMm: 5, heightMm: 5 },
    ])).toEqual([
      ...header(),
      2, ...le32(30), ...prefix(2000, 3000, 36_000, 10_000, 2), ...le32(0), 20, 0, 0, 0, 0x48, 0x69,
      2, ...le32(33), ...prefix(1000, 1000, 10_000, 10_000), ...le32(250), 58, 0, 4, 0, 1, 8, 1, 0, 0x78,
      2, ...le32(36), ...prefix(0, 0, 5000, 5000), ...le32(0), 71, 0, 7, 0, 1, 13, 1, 1, 11, 1, 1, 0x78,
    ]);
  });

  it('writes LINE commands with the stroke\'s bounding box (or boxMm), end points, width and dashes', () => {
    expect(page([
      { kind: 'line', x1Mm: 1, y1Mm: 5, x2Mm: 11, y2Mm: 5, lineWidthMm: 0.5 },
      { kind: 'line', x1Mm: 20, y1Mm: 10, x2Mm: 20, y2Mm: 2, lineWidthMm: 0.3, dashMm: 1.5, antiColor: true },
      { kind: 'line', x1Mm: 0, y1Mm: 0, x2Mm: 3, y2Mm: 4, lineWidthMm: 0.2, dashMm: 1, gapMm: 0.5 },
      { kind: 'line', x1Mm: 36, y1Mm: 31.5, x2Mm: 56, y2Mm: 31.5, lineWidthMm: 1, antiColor: true, boxMm: { xMm: 36, yMm: 30, widthMm: 20, heightMm: 3 } },
    ])).toEqual([
      ...header(),
      // Half the width across the line: 250 µm above and below, 150 µm either side, and
      // 100 µm x (4/5, 3/5) for the 3-4-5 line.
      3, ...le32(48), ...prefix(1000, 4750, 10_000, 500), ...le32(1000), ...le32(5000), ...le32(11_000), ...le32(5000), ...le32(500), ...le32(0), ...le32(0),
      3, ...le32(48), ...prefix(19_850, 2000, 300, 8000, 0, 1), ...le32(20_000), ...le32(10_000), ...le32(20_000), ...le32(2000), ...le32(300), ...le32(1500), ...le32(1500),
      3, ...le32(48), ...prefix(-80, -60, 3160, 4120), ...le32(0), ...le32(0), ...le32(3000), ...le32(4000), ...le32(200), ...le32(1000), ...le32(500),
      3, ...le32(48), ...prefix(36_000, 30_000, 20_000, 3000, 0, 1), ...le32(36_000), ...le32(31_500), ...le32(56_000), ...le32(31_500), ...le32(1000), ...le32(0), ...le32(0),
    ]);
  });

  it('writes TEXT and ARC_TEXT: font height, spacing, style bits, alignment, font name, UTF-8 text', () => {
    const name = [...new TextEncoder().encode('黑体')];
    expect(page([
      {
        kind: 'text', text: 'Aé中', fontName: '黑体', fontHeightMm: 2.469, charSpaceMm: -0.2, lineSpace: 1.5,
        bold: true, underline: true, wrap: true, vertical: true, align: 'stretch', verticalAlign: 'bottom',
        xMm: 1, yMm: 2, widthMm: 20, heightMm: 5, rotation: 90,
      },
      { kind: 'arctext', text: 'ab', fontName: 'Arial', fontHeightMm: 3, italic: true, strikeout: true, autoHeight: true, align: 'center', xMm: 0, yMm: 0, widthMm: 20, heightMm: 20 },
    ])).toEqual([
      ...header(),
      4, ...le32(36 + 6 + 6), ...prefix(1000, 2000, 20_000, 5000, 1), ...le32(2469), ...le32(-200), 0xdc, 0x05, 1 | 4 | 16 | 64, 4, 2, 0, 6, 0, ...name,
      0x41, 0xc3, 0xa9, 0xe4, 0xb8, 0xad,
      5, ...le32(36 + 5 + 2), ...prefix(0, 0, 20_000, 20_000), ...le32(3000), ...le32(0), 0xe8, 0x03, 2 | 8 | 32, 1, 0, 0, 5, 0, 0x41, 0x72, 0x69, 0x61, 0x6c, 0x61, 0x62,
    ]);
  });

  it('writes IMAGE commands: dither, threshold, tile, pixel size, luminance', () => {
    const image = { width: 3, height: 2, data: new Uint8Array([0, 128, 255, 10, 20, 30]) };
    expect(page([
      { kind: 'image', image, dither: 'threshold', threshold: 100, xMm: 1, yMm: 1, widthMm: 3, heightMm: 2 },
      { kind: 'image', image, dither: 'atkinson', tile: { widthMm: 1.5, heightMm: 1 }, xMm: 0, yMm: 0, widthMm: 9, heightMm: 4, rotation: 180 },
      { kind: 'image', image, xMm: 0, yMm: 0, widthMm: 3, heightMm: 2 },
    ])).toEqual([
      ...header(),
      6, ...le32(46), ...prefix(1000, 1000, 3000, 2000), 0, 100, 0, 0, ...le32(3), ...le32(2), ...le32(0), ...le32(0), 0, 128, 255, 10, 20, 30,
      6, ...le32(46), ...prefix(0, 0, 9000, 4000, 2), 3, 128, 1, 0, ...le32(3), ...le32(2), ...le32(1500), ...le32(1000), 0, 128, 255, 10, 20, 30,
      6, ...le32(46), ...prefix(0, 0, 3000, 2000), 1, 128, 0, 0, ...le32(3), ...le32(2), ...le32(0), ...le32(0), 0, 128, 255, 10, 20, 30,
    ]);
  });

  it('writes TABLE commands: line width, grid, merges', () => {
    expect(page([
      { kind: 'table', xMm: 1, yMm: 2, widthMm: 24, heightMm: 10, lineWidthMm: 0.5, rowHeightsMm: [5, 5], colWidthsMm: [8, 8, 8], merges: [[0, 1, 1, 2]], rotation: 90 },
    ])).toEqual([
      ...header(),
      7, ...le32(28 + 8 + 12 + 2 + 8), ...prefix(1000, 2000, 24_000, 10_000, 1), ...le32(500), 2, 0, 3, 0,
      ...le32(5000), ...le32(5000), ...le32(8000), ...le32(8000), ...le32(8000), 1, 0, 0, 0, 1, 0, 1, 0, 2, 0,
    ]);
  });

  it.each<[string, PageSpec['elements'][number], RegExp]>([
    ['rotation', { kind: 'rect', xMm: 0, yMm: 0, widthMm: 1, heightMm: 1, lineWidthMm: 0, rotation: 45 as 90 }, /rotation must be 0, 90, 180 or 270/],
    ['shape', { kind: 'shape', shape: 'star' as 'rect', xMm: 0, yMm: 0, widthMm: 1, heightMm: 1, lineWidthMm: 0 }, /shape must be/],
    ['align', { kind: 'text', text: 'a', fontName: 'Arial', fontHeightMm: 3, align: 'middle' as 'left', xMm: 0, yMm: 0, widthMm: 1, heightMm: 1 }, /align must be one of 'left'/],
    ['lineSpace', { kind: 'text', text: 'a', fontName: 'Arial', fontHeightMm: 3, lineSpace: 0, xMm: 0, yMm: 0, widthMm: 1, heightMm: 1 }, /lineSpace/],
    ['image size', { kind: 'image', image: { width: 0, height: 1, data: new Uint8Array(0) }, xMm: 0, yMm: 0, widthMm: 1, heightMm: 1 }, /image width must be a whole number from 1 to 8192/],
    ['image data', { kind: 'image', image: { width: 2, height: 2, data: new Uint8Array(3) }, xMm: 0, yMm: 0, widthMm: 1, heightMm: 1 }, /image data must be 4 bytes/],
    ['dither', { kind: 'image', image: { width: 1, height: 1, data: new Uint8Array(1) }, dither: 'random' as 'grey', xMm: 0, yMm: 0, widthMm: 1, heightMm: 1 }, /dither must be one of/],
    ['table rows', { kind: 'table', rowHeightsMm: [], colWidthsMm: [1], lineWidthMm: 0.5, xMm: 0, yMm: 0, widthMm: 1, heightMm: 1 }, /table rows must be a whole number from 1 to 100/],
    ['merge', { kind: 'table', rowHeightsMm: [1], colWidthsMm: [1, 1], merges: [[0, 0, 1, 1]], lineWidthMm: 0.5, xMm: 0, yMm: 0, widthMm: 2, heightMm: 1 }, /merges\[0\] must be/],
    ['line end', { kind: 'line', x1Mm: NaN, y1Mm: 0, x2Mm: 1, y2Mm: 0, lineWidthMm: 0.5 }, /x1Mm must be a number/],
    ['line box', { kind: 'line', x1Mm: 0, y1Mm: 0, x2Mm: 1, y2Mm: 0, lineWidthMm: 0.5, boxMm: { xMm: 0, yMm: -0.25, widthMm: -1, heightMm: 0.5 } }, /boxMm\.widthMm must be a number of mm from 0/],
  ])('refuses an element with a bad %s, naming it', (_, element, message) => {
    const e = engineError(() => compileDisplayList({ widthMm: 40, heightMm: 30, dpi: 203, elements: [{ kind: 'rect', xMm: 0, yMm: 0, widthMm: 1, heightMm: 1, lineWidthMm: 0 }, element] }));
    expect([e.code, e.element]).toEqual([ErrorCode.Parameter, 1]);
    expect(e.message).toMatch(message);
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
    ['background above 255', { background: 256 }],
    ['negative corner radius', { cornerRadiusMm: -1 }],
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
    const error = engineError(() => compileDisplayList(page));
    expect(error.code).toBe(ErrorCode.Parameter);
    expect(error.element).toBe(1);
    expect(error.message).toMatch(/widthMm/);
  });

  it('refuses unknown barcode types and characters beyond one byte', () => {
    expect(engineError(() => compileSymbolSpec({ type: 'qr' as 'code128', data: 'x' })).code).toBe(ErrorCode.Unsupported);
    const e = engineError(() => compileSymbolSpec({ type: 'code128', data: 'ab中' }));
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
    const e = engineError(() => compileSymbolSpec({ data: 'x', ...options } as never));
    expect([e.code, e.message]).toEqual([ErrorCode.Parameter, message]);
  });

  // The compiler writes every page into one reused buffer (display-list.ts `scratch`).
  describe('reusing its buffer', () => {
    const text = (t: string): TextElement => ({ kind: 'text', text: t, fontName: 'Arial', fontHeightMm: 3, xMm: 0, yMm: 0, widthMm: 20, heightMm: 5 });

    it('returns lists of their own: a later page does not change an earlier one', () => {
      const first = compileDisplayList({ widthMm: 40, heightMm: 30, dpi: 203, elements: [text('first page')] });
      const kept = Array.from(first);
      const second = compileDisplayList({ widthMm: 10, heightMm: 10, dpi: 300, elements: [text('2')] });
      const again = writeDisplayList({ widthMm: 10, heightMm: 10, dpi: 300, elements: [text('3')] });
      expect(Array.from(first)).toEqual(kept);
      expect(second.buffer).not.toBe(first.buffer);
      expect(again.buffer).not.toBe(first.buffer);
      expect(new TextDecoder().decode(first.subarray(first.length - 10))).toBe('first page');
    });

    it('writes the same bytes in place (writeDisplayList) as compileDisplayList copies out', () => {
      const spec: PageSpec = { widthMm: 40, heightMm: 30, dpi: 203, elements: [text('Aé中😀'), { kind: 'qrcode', data: 'https://am.example.com/a/00001', ecc: 'M', xMm: 27, yMm: 11.5, widthMm: 11, heightMm: 11 }] };
      expect(Array.from(writeDisplayList(spec))).toEqual(Array.from(compileDisplayList(spec)));
    });

    it('compiles a page after one that failed half-written as if alone', () => {
      const good: PageSpec = { widthMm: 40, heightMm: 30, dpi: 203, elements: [text('ok')] };
      const alone = Array.from(compileDisplayList(good));
      expect(() => compileDisplayList({ ...good, elements: [text('a long text, written before the bad alignment fails'), { ...text('x'), align: 'middle' as 'left' }] })).toThrow(EngineError);
      expect(() => compileDisplayList({ ...good, elements: [{ kind: 'barcode', type: 'code128', data: 'ab中', xMm: 0, yMm: 0, widthMm: 20, heightMm: 10 }] })).toThrow(EngineError);
      expect(Array.from(compileDisplayList(good))).toEqual(alone);
    });

    it('compiles small pages right after a page larger than the buffer it keeps', () => {
      const side = 1500; // 2.25 MB of pixels, beyond the 1 MiB the compiler keeps
      const image = { width: side, height: side, data: new Uint8Array(side * side).fill(77) };
      const big = compileDisplayList({ widthMm: 40, heightMm: 30, dpi: 203, elements: [{ kind: 'image', image, xMm: 0, yMm: 0, widthMm: 40, heightMm: 30 }] });
      expect(big.length).toBe(28 + 5 + 40 + side * side);
      expect(big[big.length - 1]).toBe(77);
      expect(page([text('small')])).toEqual(page([text('small')]));
      expect(page([])).toEqual(header());
    });

    it('compiles a 2D element that names its type as the request matrixRequest makes of it', () => {
      const qr = { kind: 'qrcode' as const, data: 'x', ecc: 'H' as const, version: 2, quietZone: 4, xMm: 1, yMm: 1, widthMm: 10, heightMm: 10, rotation: 90 as const, antiColor: true };
      const named = page([{ ...qr, type: 'qrcode' }]);
      expect(named).toEqual(page([qr]));
      const spec = Array.from(compileSymbolSpec(matrixRequest(qr)));
      expect(named.slice(named.length - spec.length)).toEqual(spec);
      const dm = { kind: 'qrcode' as const, type: 'datamatrix' as const, data: 'x', shape: 'rectangle' as const, xMm: 0, yMm: 0, widthMm: 5, heightMm: 5 };
      const dmSpec = Array.from(compileSymbolSpec(matrixRequest(dm)));
      const dmList = page([dm]);
      expect(dmList.slice(dmList.length - dmSpec.length)).toEqual(dmSpec);
    });
  });

});
