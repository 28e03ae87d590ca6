import { describe, expect, it } from 'vitest';
import { createElement, normalizeElement, updateElement, ELEMENT_KINDS, kindForTag } from './index.ts';
import { createLabel, updateLabel, effectiveBackground, canInsertAt, contextOf } from '../label.ts';
import { DEFAULT_CONTEXT, type Fields, type SchemaContext } from '../schema.ts';
import { ptToMm } from '../units.ts';
import { barcodeModules } from './barcode.ts';
import { cellFields } from './cell.ts';
import { MAX_BARCODE_FONT_MM, MAX_CHAR_SPACE_MM, maxFontMm } from '../../engine/limits.ts';

const en: SchemaContext = { ...DEFAULT_CONTEXT, locale: 'en' };
const n = <K extends Parameters<typeof createElement>[0]>(kind: K, props: Record<string, unknown> = {}, ctx = DEFAULT_CONTEXT) =>
  normalizeElement({ kind, ...props }, ctx) as ReturnType<typeof createElement<K>>;

describe('label defaults and limits', () => {
  it('has the spec defaults', () => {
    const d = createLabel();
    expect(d).toMatchObject({
      version: '1.3', labelWidth: 40, labelHeight: 30, gapType: 2, gapLength: 3, orientation: 0,
      printHorOffset: 0, printVerOffset: 0, printDarkness: 255, printSpeed: 255, currPageNo: 1,
      autoMargin: false, printScale: 1, sourceDpi: 203, shareImageWithBg: true, drawColorHex: '000000',
      horFlip: false, dataFile: '', dataSheet: 1, backgroundImage: '', borderImage: '', borderImageDpm: 20,
      backgroundColor: 'FFFFFF', repeatRemind: false, isFlagLabel: false, tailDirection: 'right', tailLength: 0,
      mirrorPrint: false, highLightExternalData: true, mirrorMode: 1, cornerRadius: 0.8, children: [],
    });
  });

  it('clamps and rounds label fields', () => {
    expect(createLabel({ labelWidth: 0, labelHeight: -3 })).toMatchObject({ labelWidth: 40, labelHeight: 30 });
    expect(createLabel({ labelWidth: '50.12345', labelHeight: 'abc' })).toMatchObject({ labelWidth: 50.123, labelHeight: 30 });
    expect(createLabel({ orientation: 3 }).orientation).toBe(270);
    expect(createLabel({ printDarkness: 20, printSpeed: 4, gapType: 7 })).toMatchObject({ printDarkness: 255, printSpeed: 4, gapType: 2 });
    expect(createLabel({ drawColorHex: '#f0a' }).drawColorHex).toBe('FF00AA');
    expect(createLabel({ dataSheet: 0, currPageNo: -5 })).toMatchObject({ dataSheet: 1, currPageNo: 1 });
    expect(createLabel({ tailDirection: 'Up' }).tailDirection).toBe('up');
  });

  it('applies the label editing rules', () => {
    const d = createLabel({ tailDirection: 'right', tailLength: 5, children: [{ kind: 'text' }, { kind: 'line' }] });
    expect(updateLabel(d, { tailDirection: 'left' }).tailLength).toBe(5);
    expect(updateLabel(d, { tailDirection: 'up' }).tailLength).toBe(0);
    expect(updateLabel(d, { labelWidth: 0 }).labelWidth).toBe(40);
    expect(updateLabel(d, { labelWidth: 55 }).labelWidth).toBe(55);
    expect(updateLabel(d, { lockMovement: true }).children.every((c) => c.lockMovement)).toBe(true);
    expect(updateLabel(d, { mirrorMode: 16 }).children.every((c) => c.mirrorMode === 16)).toBe(true);
    expect(effectiveBackground(d)).toBe('#FFFFFF');
    expect(effectiveBackground(updateLabel(d, { isFlagLabel: true }))).toBeNull();
    expect(canInsertAt(d, 0, 0)).toBe(false);
    expect(canInsertAt(d, 0.00004, 0)).toBe(false);
    expect(canInsertAt(d, 0.0001, 0)).toBe(true);
  });
});

describe('common control fields', () => {
  it('reads rotations: quarter turns 1-3, multiples of 90, anything else 0', () => {
    const cases: [unknown, number][] = [[0, 0], [1, 90], [2, 180], [3, 270], ['3', 270], [90, 90], [180, 180], [270, 270], [360, 0], [-90, 270], [450, 90], [45, 0], [4, 0], [1.5, 0], ['x', 0]];
    for (const [v, want] of cases) expect(n('text', { orientation: v }).orientation, String(v)).toBe(want);
    expect(n('text', { direction: 1 }).orientation).toBe(0); // only the XML reader maps aliases
  });

  it('has the flag defaults and 3-decimal boxes', () => {
    for (const d of ELEMENT_KINDS) {
      const el = normalizeElement({ kind: d.kind }) as Record<string, unknown>;
      expect(el, d.kind).toMatchObject({ lockMovement: false, printing: true, antiColor: false, mirrorMode: 1, isSelected: false, orientation: 0 });
    }
    expect(n('rectangle', { x: 1.23449, y: -2.0004, width: 7.77777 })).toMatchObject({ x: 1.234, y: -2, width: 7.778 });
    expect(n('rectangle', { mirrorMode: 16 }).mirrorMode).toBe(16);
    expect(n('rectangle', { mirrorMode: 2 }).mirrorMode).toBe(1);
    expect(n('rectangle', { printing: 'false', antiColor: '1', lockMovement: 'yes' })).toMatchObject({ printing: false, antiColor: true, lockMovement: true });
  });

  it('clamps width and height to each kind minimum', () => {
    expect(n('rectangle', { width: 0.1, height: -1 })).toMatchObject({ width: 0.5, height: 0.5 });
    expect(n('text', { width: 0.1, height: 0.2 })).toMatchObject({ width: 0.5, height: ptToMm(3) });
    expect(n('arctext', { width: 1, height: 2 })).toMatchObject({ width: 5, height: 5 });
    expect(n('line', { width: 0.1, height: 0.1 })).toMatchObject({ width: 0.25, height: 0.25 });
    // A barcode is at least its modules wide at one dot each (203 dpi by default).
    const ean = n('barcode', { type: 'ean13', width: 1 });
    expect(ean.width).toBe(Number((95 * (25.4 / 203)).toFixed(3)));
    const at300 = normalizeElement({ kind: 'barcode', type: 'ean13', width: 1 }, { ...DEFAULT_CONTEXT, sourceDpi: 300 });
    expect(at300.width).toBe(Number((95 * (25.4 / 300)).toFixed(3)));
    expect(barcodeModules('code128', '12345678')).toBe((4 + 2) * 11 + 13);
    expect(n('barcode', { content: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', width: 1 }).width).toBeGreaterThan(n('barcode', { content: 'AB', width: 1 }).width);
  });
});

describe('text', () => {
  it('has its defaults', () => {
    expect(n('text')).toMatchObject({
      width: 20, height: 5, content: '', contentType: 0, contentId: '', degreeOffset: 1, degreeLength: 3, dataColumn: 1, dataColumnName: '',
      fontName: '黑体', fontHeight: ptToMm(7), fontStyle: 0, charSpace: 0, lineSpace: 1, autoReturn: false, autoHeight: true, verDisplay: false,
      horAlignment: 0, verAlignment: 0,
    });
    expect(n('text', {}, en).fontName).toBe('Arial');
    expect(ptToMm(7)).toBe(2.469);
  });

  it('clamps font height to 3-300 points; 0 or less resets to the default', () => {
    expect(n('text', { fontHeight: 0 }).fontHeight).toBe(2.469);
    expect(n('text', { fontHeight: -4 }).fontHeight).toBe(2.469);
    expect(n('text', { fontHeight: 0.2 }).fontHeight).toBe(ptToMm(3));
    expect(n('text', { fontHeight: 500 }).fontHeight).toBe(ptToMm(300));
    const t = createElement('text', { fontHeight: 5 });
    expect(updateElement(t, { fontHeight: 0 }).fontHeight).toBe(2.469);
    expect(updateElement(t, { width: 'nonsense' }).width).toBe(t.width);
    expect(updateElement(t, { width: 0.1 }).width).toBe(0.5);
  });

  it("clamps a barcode's caption to the engine's largest (100 mm, about 283 pt), below 300 points", () => {
    expect(MAX_BARCODE_FONT_MM).toBeLessThan(ptToMm(300));
    expect(n('barcode', { fontHeight: ptToMm(300) }).fontHeight).toBe(MAX_BARCODE_FONT_MM);
    expect(n('barcode', { fontHeight: 99.5 }).fontHeight).toBe(99.5);
    expect(n('barcode', { fontHeight: 0.2 }).fontHeight).toBe(ptToMm(3));
    // Text keeps the list's 300 points: the engine draws text up to 500 mm.
    expect(n('text', { fontHeight: ptToMm(300) }).fontHeight).toBe(ptToMm(300));
  });

  it('keeps every font size and character spacing within what the engine draws at 203 and 300 dpi', () => {
    const tables = [...ELEMENT_KINDS.map((d) => [d.kind, d.fields] as const), ['cell', cellFields] as const];
    let checked = 0;
    for (const [kind, fields] of tables) {
      const f = fields as Fields;
      if (f.fontHeight) {
        checked++;
        expect(f.fontHeight.max, kind).toBeLessThanOrEqual(kind === 'barcode' ? MAX_BARCODE_FONT_MM : maxFontMm(300));
      }
      if (f.charSpace) {
        expect(f.charSpace.min, kind).toBeGreaterThanOrEqual(-MAX_CHAR_SPACE_MM);
        expect(f.charSpace.max, kind).toBeLessThanOrEqual(MAX_CHAR_SPACE_MM);
      }
    }
    // text, date, arctext, barcode and table cells
    expect(checked).toBe(5);
  });

  it('sizes new text by the label: 20% of height when wide, 10% of width when tall, else 10%', () => {
    const ctx = (w: number, h: number) => contextOf({ labelWidth: w, labelHeight: h, sourceDpi: 203 });
    expect(createElement('text', {}, ctx(40, 30)).fontHeight).toBe(6);
    expect(createElement('text', {}, ctx(30, 60)).fontHeight).toBe(3);
    expect(createElement('text', {}, ctx(50, 50)).fontHeight).toBe(5);
    expect(createElement('text', {}, ctx(2, 2)).fontHeight).toBe(ptToMm(3));
  });

  it('limits serial settings to 9 digits (15 elsewhere)', () => {
    expect(n('text', { degreeLength: 12, degreeOffset: 1e12 })).toMatchObject({ degreeLength: 9, degreeOffset: 999_999_999 });
    expect(n('barcode', { degreeLength: 20, degreeOffset: -1e20 })).toMatchObject({ degreeLength: 15, degreeOffset: -999_999_999_999_999 });
    expect(n('text', { contentType: 3 }).contentType).toBe(0);
    expect(n('text', { dataColumn: 0 }).dataColumn).toBe(1);
  });
});

describe('barcode', () => {
  it('has its defaults and the type samples', () => {
    expect(n('barcode')).toMatchObject({ type: 'code128', width: 30, height: 10, content: '12345678', fontHeight: ptToMm(5), textPosition: 'below', textAlignment: 1 });
    const samples: Record<string, string> = { EAN13: '690123456789', EAN8: '6901234', UPCA: '69012345678', UPCE: '0123456', ISBN: '978012345678', Code39: '12345678', Codabar: '12345678' };
    for (const [type, content] of Object.entries(samples)) expect(n('barcode', { type }).content, type).toBe(content);
    expect(n('barcode', { type: 'Code 128' }).type).toBe('code128');
    expect(n('barcode', { type: 'UPC-A' }).type).toBe('upca');
    expect(n('barcode', { type: 'ITF25' }).type).toBe('itf');
    expect(n('barcode', { type: 'nonsense' }).type).toBe('code128');
    expect(n('barcode', { textPosition: 'upper' }).textPosition).toBe('above');
    expect(n('barcode', { textPosition: 3 }).textPosition).toBe('mask');
    expect(n('barcode', { textPosition: 0 }).textPosition).toBe('none');
  });
});

describe('2D code', () => {
  it('has its defaults', () => {
    expect(n('qrcode')).toMatchObject({
      type: 'qrcode', width: 10, height: 10, horAlignment: 1, verAlignment: 1, content: 'https://example.com/', zoneSize: 2, eccLevel: 'M',
      version: 0, pdf417EccLevel: -1, pdf417Cols: 1, pdf417AutoCols: true, dmCodeShape: 'auto', gmVersion: 0, gmEccLevel: 0, aspectratio: 3,
    });
  });

  it('clamps every option into its range', () => {
    expect(n('qrcode', { type: 'Data Matrix' }).type).toBe('datamatrix');
    expect(n('qrcode', { type: 'PDF417' }).type).toBe('pdf417');
    expect(n('qrcode', { type: 'GM' }).type).toBe('gridmatrix');
    expect(n('qrcode', { type: 3 }).type).toBe('gridmatrix');
    expect(n('qrcode', { zoneSize: 'None' }).zoneSize).toBe(0);
    expect(n('qrcode', { zoneSize: 4 }).zoneSize).toBe(4);
    expect(n('qrcode', { zoneSize: 3 }).zoneSize).toBe(2);
    expect(n('qrcode', { eccLevel: 'High' }).eccLevel).toBe('H');
    expect(n('qrcode', { eccLevel: 0 }).eccLevel).toBe('L');
    expect(n('qrcode', { version: 41 }).version).toBe(40);
    expect(n('qrcode', { version: -2 }).version).toBe(0);
    expect(n('qrcode', { pdf417EccLevel: 9, pdf417Cols: 31 })).toMatchObject({ pdf417EccLevel: 8, pdf417Cols: 30 });
    expect(n('qrcode', { pdf417EccLevel: -5, pdf417Cols: 0 })).toMatchObject({ pdf417EccLevel: -1, pdf417Cols: 1 });
    expect(n('qrcode', { gmVersion: 14, gmEccLevel: 6 })).toMatchObject({ gmVersion: 13, gmEccLevel: 5 });
    expect(n('qrcode', { dmCodeShape: 'Square' }).dmCodeShape).toBe('square');
    expect(n('qrcode', { aspectratio: 0.5 }).aspectratio).toBe(1);
  });
});

describe('other kinds', () => {
  it('arc text: 20 by 20, line 0.5, at least 5', () => {
    expect(n('arctext')).toMatchObject({ width: 20, height: 20, lineWidth: 0.5 });
  });

  it('date: locale formats, offsets, never both formats empty', () => {
    expect(n('date')).toMatchObject({ dateFormat: 'yyyy年MM月dd日', timeFormat: 'HH:mm:ss', dateOffset: 0, hourOffset: 0, minuteOffset: 0, secondOffset: 0 });
    expect(n('date', {}, en).dateFormat).toBe('yyyy-MM-dd');
    expect(n('date', { dateFormat: '', timeFormat: '' }).dateFormat).toBe('yyyy年MM月dd日');
    expect(n('date', { dateOffset: 1e9 }).dateOffset).toBe(36_500);
    const d = createElement('date', { dateFormat: 'yyyy-MM-dd', timeFormat: '' });
    expect(updateElement(d, { dateFormat: '' })).toBe(d); // would leave no format: ignored
    expect(updateElement(d, { dateFormat: '', timeFormat: 'HH:mm' })).toMatchObject({ dateFormat: '', timeFormat: 'HH:mm' });
  });

  it('picture and logo: 10 by 10, half-tone (logo original), threshold 128', () => {
    expect(n('picture')).toMatchObject({ width: 10, height: 10, colorMode: 3, threshold: 128, tile: false, content: '' });
    expect(n('logo').colorMode).toBe(0);
    expect(n('picture', { colorMode: 7, threshold: 300 })).toMatchObject({ colorMode: 3, threshold: 255 });
    expect(n('picture', { content: 'png*****iVBORw0KGgo=' }).content).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(n('picture', { content: 'data:image/JPG;base64,/9j/ 4AA=' }).content).toBe('data:image/jpeg;base64,/9j/4AA=');
    expect(n('picture', { content: 'png*****not base64!' }).content).toBe('');
    expect(n('picture', { content: 'https://example.com/a.png' }).content).toBe('https://example.com/a.png');
  });

  it('rectangle: 15 by 5, line 0.5, corner 1, four shapes', () => {
    expect(n('rectangle')).toMatchObject({ width: 15, height: 5, lineWidth: 0.5, cornerWidth: 1, filled: false, type: 'rect' });
    expect(n('rectangle', { type: 'RoundRect' }).type).toBe('roundrect');
    expect(n('rectangle', { type: 'Ellipse' }).type).toBe('ellipse');
    expect(n('rectangle', { type: 'Circle' }).type).toBe('circle');
  });

  it('line: 10 by 0.5, at least 0.25, solid, dash gap 1', () => {
    expect(n('line')).toMatchObject({ width: 10, height: 0.5, lineWidth: 0.5, type: 'solid', dashGap: 1 });
    expect(n('line', { lineWidth: 0.1 }).lineWidth).toBe(0.25);
    expect(n('line', { type: 'Dash' }).type).toBe('dash');
  });

  it('table: 2 by 3 cells of 8 by 5, line 0.5 (at least 0.25), at most 30 by 30', () => {
    const t = n('table');
    expect(t).toMatchObject({ rows: 2, cols: 3, colWidth: [8, 8, 8], rowHeight: [5, 5], width: 24, height: 10, lineWidth: 0.5, group: [] });
    expect(t.cells).toHaveLength(6);
    expect(t.cells[0]).toMatchObject({ kind: 'cell', horAlignment: 1, verAlignment: 1, content: '' });
    expect(n('table', { lineWidth: 0.1 }).lineWidth).toBe(0.25);
    expect(n('table', { rows: 31, cols: 0 })).toMatchObject({ rows: 30, cols: 1 });
    expect(n('table', { colWidth: [0.1, 3.33333], cols: 2 }).colWidth).toEqual([0.5, 3.333]);
    expect(n('table', { cols: 3, width: 10, colWidth: [] })).toMatchObject({ colWidth: [3.333, 3.333, 3.334], width: 10 });
    expect(n('table', { group: '0,0,1,1;1,1,1,2;0,2,0,2;5,5,6,6' }).group).toEqual([[0, 0, 1, 1]]);
  });

  it('maps every spec tag name to its kind', () => {
    const tags: Record<string, string> = {
      text: 'text', String: 'text', BARCODE: 'barcode', qrcode: 'qrcode', image: 'picture', Photo: 'picture', logo: 'logo', table: 'table',
      time: 'date', Date: 'date', arctext: 'arctext', line: 'line', rectangle: 'rectangle', rect: 'rectangle', circle: 'rectangle', ellipse: 'rectangle',
    };
    for (const [tag, kind] of Object.entries(tags)) expect(kindForTag(tag)?.kind, tag).toBe(kind);
    expect(kindForTag('cell')).toBeUndefined();
  });

  it('normalising is idempotent for every kind', () => {
    for (const d of ELEMENT_KINDS) {
      const once = normalizeElement({ kind: d.kind, width: 0.01, height: 9999, x: 1.0004, content: 'x', orientation: 2 });
      expect(normalizeElement(once), d.kind).toEqual(once);
    }
  });
});
