/**
 * labelPage without the engine: what each control compiles to, and the label-level rules
 * (scale, offsets, printing, mirror sides, flips, background, tail, tables, fonts).
 */
import { encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import type { LineElement, PageElement, TextElement } from '../engine/types.ts';
import { compileDisplayList } from '../engine/display-list.ts';
import { toDataUrl } from '../label/embedded.ts';
import { createLabel, type LabelInput } from '../label/label.ts';
import { resolvePage } from '../label/resolve.ts';
import { CJK_FAMILY, LATIN_FAMILY, fontFamilyFor } from './fonts.ts';
import { colourLevel } from './geometry.ts';
import { decodeImageBytes } from './images.ts';
import { labelPage, type LabelPage, type LabelPageOptions } from './label-page.ts';
import { MAX_BARCODE_FONT_MM, MAX_BARCODE_FONT_PT, MAX_CHAR_SPACE_MM, MAX_FONT_MM, maxFontMm } from '../engine/limits.ts';
import { ptToMm } from '../label/units.ts';

const compile = (input: LabelInput, options: Partial<LabelPageOptions> = {}) =>
  labelPage(resolvePage(createLabel(input), null, 0, 0), { dpi: 203, ...options });
const kinds = (elements: readonly PageElement[]) => elements.map((e) => e.kind);

describe('labelPage: one element per control', () => {
  it('compiles every kind to its display-list element, in document order', () => {
    const png = toDataUrl('image/png', encodePng({ width: 2, height: 1, data: new Uint8Array([0, 255]), depth: 8, channels: 1 }));
    const page = compile({
      labelWidth: 60, labelHeight: 40,
      children: [
        { kind: 'text', content: 'Hi', fontName: 'Arial', x: 1, y: 2, width: 20, height: 5, fontStyle: 1 | 4, horAlignment: 1, verAlignment: 2 },
        { kind: 'barcode', type: 'ean13', content: '690123456789', textAlignment: 3, textPosition: 'above' },
        { kind: 'qrcode', type: 'pdf417', content: 'x', pdf417EccLevel: 3, pdf417AutoCols: false, pdf417Cols: 4, zoneSize: 4 },
        { kind: 'arctext', content: 'Round' },
        { kind: 'date', dateFormat: 'yyyy-MM-dd', timeFormat: '' },
        { kind: 'picture', content: png, colorMode: 2, threshold: 90 },
        { kind: 'logo', content: png, tile: true },
        { kind: 'rectangle', type: 'circle', x: 10, y: 10, width: 8, height: 4, filled: true },
        { kind: 'line', x: 5, y: 20, width: 40, height: 1, lineWidth: 0.3, type: 'dash', dashGap: 0.5 },
        { kind: 'table', rows: 1, cols: 2, colWidth: '10,20', rowHeight: '5', cells: [{ content: 'A' }, {}] },
      ],
    });
    expect(kinds(page.elements)).toEqual(['text', 'barcode', 'qrcode', 'arctext', 'text', 'image', 'image', 'shape', 'line', 'table', 'text']);
    expect(page.sources).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9]);
    expect(page).toMatchObject({ widthMm: 60, heightMm: 40, dpi: 203, cornerRadiusMm: 0.8, background: 255 });
    const [text, barcode, qr, arc, date, picture, logo, circle, line] = page.elements;
    expect(text).toMatchObject({
      kind: 'text', text: 'Hi', fontName: LATIN_FAMILY, xMm: 1, yMm: 2, widthMm: 20, heightMm: 5, bold: true, underline: true, italic: false,
      align: 'center', verticalAlign: 'bottom', rotation: 0,
    });
    expect(barcode).toMatchObject({ kind: 'barcode', type: 'ean13', data: '690123456789', textPosition: 'above', textAlign: 'justify' });
    expect((barcode as { fontSizePt: number }).fontSizePt).toBeCloseTo(5, 2);
    expect(qr).toMatchObject({ kind: 'qrcode', type: 'pdf417', data: 'x', ecc: 3, columns: 4, aspect: 3, quietZone: 4 });
    expect(arc).toMatchObject({ kind: 'arctext', text: 'Round' });
    expect(date).toMatchObject({ kind: 'text', text: '1970-01-01' });
    expect(picture).toMatchObject({ kind: 'image', dither: 'threshold', threshold: 90, image: { width: 2, height: 1, data: new Uint8Array([0, 255]) } });
    // A tile is the picture's own size at the label's design resolution (203 dpi).
    expect(logo).toMatchObject({ kind: 'image', dither: 'grey', tile: { widthMm: (2 * 25.4) / 203, heightMm: 25.4 / 203 } });
    expect(circle).toEqual(expect.objectContaining({ kind: 'shape', shape: 'ellipse', xMm: 12, yMm: 10, widthMm: 4, heightMm: 4, filled: true }));
    expect(line).toMatchObject({ kind: 'line', x1Mm: 5, y1Mm: 20.5, x2Mm: 45, y2Mm: 20.5, lineWidthMm: 0.3, dashMm: 0.5, gapMm: 0.5 });
  });

  it('passes QR, Data Matrix and Grid Matrix options, leaving automatic ones out', () => {
    const page = compile({
      children: [
        { kind: 'qrcode', content: 'a', eccLevel: 'H', version: 0, zoneSize: 0 },
        { kind: 'qrcode', content: 'a', eccLevel: 'L', version: 5 },
        { kind: 'qrcode', type: 'datamatrix', content: 'a', dmCodeShape: 'rectangle' },
        { kind: 'qrcode', type: 'gridmatrix', content: 'a', gmVersion: 2, gmEccLevel: 0 },
      ],
    });
    expect(page.elements).toMatchObject([
      { type: 'qrcode', ecc: 'H', version: undefined, quietZone: 0 },
      { type: 'qrcode', ecc: 'L', version: 5, quietZone: 2 },
      { type: 'datamatrix', shape: 'rectangle' },
      { type: 'gridmatrix', layers: 2, ecc: undefined },
    ]);
  });

  it('turns a line\'s end points about its box centre', () => {
    const [line] = compile({ children: [{ kind: 'line', x: 10, y: 10, width: 10, height: 2, orientation: 90 }] }).elements as LineElement[];
    // Horizontal through (15, 11) from x 10 to 20; a quarter turn makes it vertical.
    expect([line!.x1Mm, line!.y1Mm, line!.x2Mm, line!.y2Mm]).toEqual([15, 6, 15, 16]);
  });

  it('passes a diagonal line\'s end points through, scaled and offset with the label', () => {
    const input = { children: [{ kind: 'line', x1: 2, y1: 30, x2: 20, y2: 4.5, lineWidth: 1, type: 'dash', dashGap: 2, antiColor: true }] };
    const [line] = compile(input).elements as LineElement[];
    expect(line).toMatchObject({ kind: 'line', x1Mm: 2, y1Mm: 30, x2Mm: 20, y2Mm: 4.5, lineWidthMm: 1, dashMm: 2, gapMm: 2, antiColor: true });
    const [scaled] = compile({ ...input, printScale: 0.5, printHorOffset: 1 }).elements as LineElement[];
    expect(scaled!.x2Mm - scaled!.x1Mm).toBeCloseTo(9, 9);
    expect(scaled!.y2Mm - scaled!.y1Mm).toBeCloseTo(-12.75, 9);
    expect(scaled!.lineWidthMm).toBeCloseTo(0.5, 9);
  });

  it('turns table cells about the table centre and gives them its rotation', () => {
    const page = compile({
      children: [{ kind: 'table', x: 0, y: 0, rows: 1, cols: 2, colWidth: '10,10', rowHeight: '4', lineWidth: 0.5, orientation: 90, cells: [{ content: 'L' }, { content: 'R' }] }],
    });
    expect(page.elements[0]).toMatchObject({ kind: 'table', rotation: 90, rowHeightsMm: [4], colWidthsMm: [10, 10], lineWidthMm: 0.5 });
    const [left, right] = page.elements.slice(1) as TextElement[];
    // Table centre (10, 2). Cell L's text box: x 1.5..8.5, y 0.5..3.5, centre (5, 2) -> (10, -3).
    expect(left).toMatchObject({ text: 'L', rotation: 90, widthMm: 7, heightMm: 3 });
    expect([left!.xMm + left!.widthMm / 2, left!.yMm + left!.heightMm / 2]).toEqual([10, -3]);
    expect([right!.xMm + right!.widthMm / 2, right!.yMm + right!.heightMm / 2]).toEqual([10, 7]);
  });
});

describe('labelPage: label-level rules', () => {
  it('applies printScale and the print offsets to positions and lengths', () => {
    const page = compile({
      printScale: 2, printHorOffset: 1, printVerOffset: -0.5,
      children: [{ kind: 'text', x: 3, y: 4, width: 10, height: 5, fontHeight: 2, charSpace: 0.25, content: 'x' }, { kind: 'rectangle', x: 1, y: 1, width: 2, height: 2, lineWidth: 0.3 }],
    });
    expect(page.elements[0]).toMatchObject({ xMm: 7, yMm: 7.5, widthMm: 20, heightMm: 10, fontHeightMm: 4, charSpaceMm: 0.5 });
    expect(page.elements[1]).toMatchObject({ xMm: 3, yMm: 1.5, widthMm: 4, heightMm: 4, lineWidthMm: 0.6 });
    expect([page.widthMm, page.heightMm]).toEqual([40, 30]);
  });

  it("keeps scaled fonts and spacing within the engine's limits, and the page at least a dot a side", () => {
    const doc = (printScale: number): LabelInput => ({
      printScale, labelWidth: 0.001, labelHeight: 30,
      children: [
        { kind: 'text', fontHeight: ptToMm(300), charSpace: 60, content: 'x' },
        { kind: 'arctext', fontHeight: 50, charSpace: -50, content: 'x' },
        { kind: 'barcode', fontHeight: MAX_BARCODE_FONT_MM },
        { kind: 'table', rows: 1, cols: 1, colWidth: '10', rowHeight: '10', cells: [{ content: 'x', fontHeight: ptToMm(300) }] },
      ],
    });
    const fonts = (page: LabelPage) => page.elements.map((e) => (e.kind === 'text' || e.kind === 'arctext' ? [e.fontHeightMm, e.charSpaceMm] : e.kind === 'barcode' && 'fontSizePt' in e ? e.fontSizePt : e.kind));
    expect(fonts(compile(doc(5)))).toEqual([[MAX_FONT_MM, MAX_CHAR_SPACE_MM], [250, -MAX_CHAR_SPACE_MM], MAX_BARCODE_FONT_PT, 'table', [MAX_FONT_MM, 0]]);
    // At 300 dpi the engine's 4096-dot em is the smaller limit.
    expect(fonts(compile(doc(5), { dpi: 300 }))[0]).toEqual([maxFontMm(300), MAX_CHAR_SPACE_MM]);
    // Within the limits, values are only scaled.
    const half = fonts(compile(doc(0.5)));
    expect(half[0]).toEqual([ptToMm(300) / 2, 30]);
    expect(half[2]).toBeCloseTo(MAX_BARCODE_FONT_PT / 2, 9);
    // 0.001 mm would be no dots: the page keeps one (25.4 / 203 mm).
    expect([compile(doc(1)).widthMm, compile(doc(1)).heightMm]).toEqual([25.4 / 203, 30]);
  });

  it('skips controls not printed unless previewing', () => {
    const input: LabelInput = { children: [{ kind: 'text', content: 'a', printing: false }, { kind: 'text', content: 'b' }] };
    expect(compile(input).sources).toEqual([1]);
    expect(compile(input, { preview: true }).sources).toEqual([0, 1]);
  });

  it('places barcodes and 2D codes in their box by the control\'s alignment, centred by default', () => {
    const codes = (kind: string, alignments: [number, number][]) =>
      compile({ children: alignments.map(([horAlignment, verAlignment]) => ({ kind, horAlignment, verAlignment })) }).elements as unknown as Record<string, unknown>[];
    const qr = codes('qrcode', [[0, 0], [1, 1], [2, 2], [3, 1], [4, 1]]);
    expect(qr.map((e) => [e.boxAlign, e.boxVerticalAlign])).toEqual([
      ['left', 'top'], [undefined, undefined], ['right', 'bottom'], [undefined, undefined], [undefined, undefined],
    ]);
    const bars = codes('barcode', [[0, 2], [2, 0], [3, 0]]);
    // A barcode's bars fill its box's height: only the horizontal alignment is passed.
    expect(bars.map((e) => [e.boxAlign, e.boxVerticalAlign])).toEqual([['left', undefined], ['right', undefined], [undefined, undefined]]);
    // Untouched controls: the documents' defaults (horAlignment 1) keep symbols centred.
    const [barcode, code2d] = compile({ children: [{ kind: 'barcode' }, { kind: 'qrcode' }] }).elements as unknown as Record<string, unknown>[];
    expect([barcode!.boxAlign, code2d!.boxAlign, code2d!.boxVerticalAlign]).toEqual([undefined, undefined, undefined]);
  });

  it('sets a barcode\'s caption in the control\'s font family and style', () => {
    const [plain, bold, chinese] = compile({
      children: [
        { kind: 'barcode', fontName: 'Arial' },
        { kind: 'barcode', fontName: 'Arial', fontStyle: 1 | 2 | 4 },
        { kind: 'barcode', fontName: '宋体' },
      ],
    }).elements as unknown as Record<string, unknown>[];
    expect([plain!.fontName, plain!.fontBold, plain!.fontItalic]).toEqual([fontFamilyFor('Arial'), undefined, undefined]);
    expect([bold!.fontName, bold!.fontBold, bold!.fontItalic]).toEqual([LATIN_FAMILY, true, true]);
    expect(chinese!.fontName).toBe(CJK_FAMILY);
  });

  it('keeps rotation and antiColor per element', () => {
    const [e] = compile({ children: [{ kind: 'barcode', orientation: 3, antiColor: true }] }).elements;
    expect(e).toMatchObject({ rotation: 270, antiColor: true });
  });

  it('flips for horFlip and for the mirrored side, which draws mirror modes 1 and 16', () => {
    const children = [0, 1, 16].map((mirrorMode) => ({ kind: 'text', content: String(mirrorMode), mirrorMode }));
    const front = compile({ children });
    const back = compile({ children }, { side: 'mirrored' });
    expect([front.flipH, front.sources]).toEqual([undefined, [0, 1]]);
    expect([back.flipH, back.sources]).toEqual([true, [1, 2]]);
    expect(compile({ horFlip: true }).flipH).toBe(true);
    expect(compile({ horFlip: true }, { side: 'mirrored' }).flipH).toBe(undefined);
  });

  it('turns the background colour into a grey level; transparent is white', () => {
    expect(compile({ backgroundColor: '000000' }).background).toBe(0);
    expect(compile({ backgroundColor: '808080' }).background).toBe(128);
    expect(compile({ backgroundColor: '000000', isFlagLabel: true }).background).toBe(255);
    expect(colourLevel('#00000000')).toBe(255);
    expect(colourLevel('#FF0000')).toBe(76);
    expect(colourLevel(null)).toBe(255);
  });

  it('prints nothing for a flag label\'s tail, and the editor\'s view shows none in its raster (the overlay draws it)', () => {
    for (const tailDirection of ['right', 'down'] as const) {
      const flag = { labelWidth: 60, labelHeight: 20, isFlagLabel: true, tailDirection, tailLength: 25 };
      expect(compile(flag).elements).toEqual([]);
      expect(compile(flag, { preview: true }).elements).toEqual([]);
    }
  });

  it('asks for the font name the engine has, by the catalog', () => {
    expect(['Arial', 'Times New Roman', 'helvetica', 'Unknown Sans'].map(fontFamilyFor)).toEqual(Array(4).fill(LATIN_FAMILY));
    expect(['宋体', 'SimSun', '黑体', 'SimHei', '微软雅黑', 'Microsoft YaHei', 'KaiTi', '方正兰亭黑'].map(fontFamilyFor)).toEqual(Array(8).fill(CJK_FAMILY));
    const [t] = compile({ children: [{ kind: 'text', content: '资产', fontName: '宋体' }] }).elements;
    expect(t).toMatchObject({ fontName: CJK_FAMILY });
  });

  it('skips a picture that cannot be decoded, with a warning', () => {
    const page = compile({ children: [{ kind: 'picture', content: 'png*****iVBORw0KGgo=' }] });
    expect(page.elements).toEqual([]);
    expect(page.warnings).toEqual(['control 1: the picture could not be decoded']);
  });
});

describe('pictures to luminance', () => {
  it('composites PNG alpha on white and reads grey, palette-free RGB and 16-bit', () => {
    // RGBA: opaque black, transparent black, half-transparent black, opaque red.
    const rgba = decodeImageBytes(encodePng({ width: 4, height: 1, depth: 8, channels: 4, data: new Uint8Array([0, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 128, 255, 0, 0, 255]) }));
    expect(Array.from(rgba.data)).toEqual([0, 255, 127, 76]);
    const grey16 = decodeImageBytes(encodePng({ width: 2, height: 1, depth: 16, channels: 1, data: new Uint16Array([0, 65535]) }));
    expect(Array.from(grey16.data)).toEqual([0, 255]);
    const bits = decodeImageBytes(encodePng({ width: 3, height: 1, depth: 1, channels: 1, data: new Uint8Array([0b01000000]) }));
    expect(Array.from(bits.data)).toEqual([0, 255, 0]);
  });

  it('reads JPEG', () => {
    const width = 8;
    const data = new Uint8Array(width * width * 4).fill(255);
    for (let i = 0; i < width * 4 * 4; i += 4) data.set([0, 0, 0, 255], i); // top half black
    const jpg = jpeg.encode({ width, height: width, data }, 95).data;
    const img = decodeImageBytes(new Uint8Array(jpg));
    expect([img.width, img.height]).toEqual([8, 8]);
    expect(img.data[0]!).toBeLessThan(30);
    expect(img.data[63]!).toBeGreaterThan(225);
  });

  it('refuses what is not a picture', () => {
    expect(() => decodeImageBytes(new TextEncoder().encode('GIF89a'))).toThrow(/not a PNG or JPEG/);
  });
});

describe('labelPage: the box an anti-colour line blackens', () => {
  const lineOf = (input: LabelInput) => compile(input).elements[0] as LineElement;
  const near = (box: LineElement['boxMm'], expected: [number, number, number, number]) => {
    expect(box).toBeDefined();
    [box!.xMm, box!.yMm, box!.widthMm, box!.heightMm].forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 9));
  };

  it('is a horizontal or vertical line\'s box, placed with the label and turned upright', () => {
    // The golden `lines` bar: 20 x 3 mm, the 1 mm line along its middle.
    const bar = lineOf({ children: [{ kind: 'line', x: 36, y: 30, width: 20, height: 3, lineWidth: 1, antiColor: true }] });
    expect(bar).toMatchObject({ x1Mm: 36, y1Mm: 31.5, x2Mm: 56, y2Mm: 31.5, lineWidthMm: 1, antiColor: true, boxMm: { xMm: 36, yMm: 30, widthMm: 20, heightMm: 3 } });
    // A quarter turn: centre (15, 11), 2 mm wide and 10 high; at half scale and 1 mm
    // offsets, centre (8.5, 6.5), 1 x 5 mm.
    const turned = { kind: 'line', x: 10, y: 10, width: 10, height: 2, orientation: 90, antiColor: true };
    near(lineOf({ children: [turned] }).boxMm, [14, 6, 2, 10]);
    near(lineOf({ children: [{ ...turned, orientation: 270 }] }).boxMm, [14, 6, 2, 10]);
    near(lineOf({ children: [{ ...turned, orientation: 180 }] }).boxMm, [10, 10, 10, 2]);
    near(lineOf({ printScale: 0.5, printHorOffset: 1, printVerOffset: 1, children: [turned] }).boxMm, [8, 4, 1, 5]);
  });

  it('is a diagonal line\'s stroke rectangle\'s bounding box, written by the compiler', () => {
    // A 3-4-5 line 0.5 mm wide: half the width across it is 200 µm in x and 150 in y.
    const line = lineOf({ children: [{ kind: 'line', x1: 10, y1: 10, x2: 13, y2: 14, lineWidth: 0.5, antiColor: true }] });
    expect(line).toMatchObject({ x1Mm: 10, y1Mm: 10, x2Mm: 13, y2Mm: 14, boxMm: undefined });
    const bytes = compileDisplayList({ widthMm: 40, heightMm: 30, dpi: 203, elements: [line] });
    const view = new DataView(bytes.buffer, bytes.byteOffset + 28 + 5);
    expect([view.getInt32(0, true), view.getInt32(4, true), view.getUint32(8, true), view.getUint32(12, true), view.getUint8(17)]).toEqual([9800, 9850, 3400, 4300, 1]);
  });
});
