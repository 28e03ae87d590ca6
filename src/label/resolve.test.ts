import { describe, expect, it } from 'vitest';
import { resolvePage, type ResolvedElementOf, type ResolvedLabel } from './resolve.ts';
import { createLabel, updateLabel } from './label.ts';
import { dataSourceFromRecords } from './binding/data.ts';
import { LabelError } from './errors.ts';

const clock = () => new Date(2024, 4, 17, 23, 59, 58);

function only<K extends ResolvedLabel['elements'][number]['kind']>(r: ResolvedLabel, kind: K): ResolvedElementOf<K> {
  const e = r.elements.find((x) => x.kind === kind);
  if (!e) throw new Error(`no ${kind}`);
  return e as ResolvedElementOf<K>;
}

describe('resolvePage', () => {
  const doc = createLabel({
    labelWidth: 50,
    labelHeight: 25,
    children: [
      { kind: 'text', x: 1, y: 2, width: 30, height: 5, orientation: 1, content: 'Name: ', fontStyle: 5, fontHeight: 3, antiColor: true, printing: false },
      { kind: 'text', contentType: 2, dataColumnName: 'NAME', contentId: 'name' },
      { kind: 'barcode', type: 'ean13', contentType: 1, content: '690123450001', degreeOffset: 5, textPosition: 'none' },
      { kind: 'qrcode', type: 'pdf417', content: 'id=name', pdf417AutoCols: false, pdf417Cols: 4, zoneSize: 4 },
      { kind: 'date', dateFormat: 'yyyy-MM-dd', timeFormat: 'HH:mm:ss', secondOffset: 3 },
      { kind: 'rectangle', type: 'roundrect', cornerWidth: 9, width: 10, height: 4, filled: true },
      { kind: 'rectangle', type: 'circle', x: 10, y: 10, width: 8, height: 4 },
      { kind: 'line', x: 5, y: 20, width: 40, height: 1, lineWidth: 0.3, type: 'dash', dashGap: 0.05 },
      { kind: 'picture', content: 'png*****iVBORw0KGgo=', colorMode: 1 },
      { kind: 'logo', content: 'https://example.com/logo.png' },
      { kind: 'arctext', content: 'id=name' },
      { kind: 'table', x: 2, y: 3, rows: 2, cols: 2, rowHeight: '4,6', colWidth: '10,20', cells: [{ content: 'A' }, { contentType: 2, dataColumnName: 'name' }, {}, {}] },
    ],
  });
  const data = dataSourceFromRecords([{ Name: 'Laptop' }, { Name: 'Printer' }]);

  it('gives the label, the page and every element with its final content', () => {
    const r = resolvePage(doc, data, 1, clock);
    expect(r).toMatchObject({ widthMm: 50, heightMm: 25, cornerRadiusMm: 0.8, background: '#FFFFFF', page: { index: 1, count: 2 }, tail: null, border: null, drawColor: '#000000' });
    expect(r.timeMs).toBe(clock().getTime());
    expect(r.elements).toHaveLength(12);

    expect(r.elements[0]).toMatchObject({
      kind: 'text', index: 0, box: { xMm: 1, yMm: 2, widthMm: 30, heightMm: 5 }, rotation: 90, printing: false, antiColor: true, locked: false,
      text: 'Name: ', binding: 'input', style: { fontHeightMm: 3, bold: true, italic: false, underline: true, strikeout: false },
    });
    expect(r.elements[1]).toMatchObject({ kind: 'text', text: 'Printer', binding: 'data', unresolved: false });
    expect(only(r, 'barcode')).toMatchObject({ symbology: 'ean13', data: '690123450006', binding: 'serial', textPosition: 'none' });
    expect(only(r, 'qrcode')).toMatchObject({ symbology: 'pdf417', data: 'Printer', binding: 'reference', quietZoneModules: 4, pdf417: { columns: 4, eccLevel: -1, aspectRatio: 3 } });
    expect(only(r, 'date').text).toBe('2024-05-18 00:00:01');
    expect(only(r, 'arctext')).toMatchObject({ text: 'Printer', lineWidthMm: 0.5 });
  });

  it('resolves shapes, lines and pictures for the renderer', () => {
    const r = resolvePage(doc, data, 0, clock);
    const [round, circle] = r.elements.filter((e) => e.kind === 'rectangle') as ResolvedElementOf<'rectangle'>[];
    expect(round).toMatchObject({ shape: 'roundrect', cornerRadiusMm: 2, filled: true, lineWidthMm: 0.5 });
    expect(circle!.figure).toEqual({ xMm: 12, yMm: 10, widthMm: 4, heightMm: 4 });
    expect(only(r, 'line')).toMatchObject({ x1: 5, y1: 20.5, x2: 45, y2: 20.5, lineWidthMm: 0.3, dash: null });
    expect(only(r, 'picture')).toMatchObject({ image: 'data:image/png;base64,iVBORw0KGgo=', mime: 'image/png', source: null, colorMode: 1 });
    expect(only(r, 'logo')).toMatchObject({ image: null, source: 'https://example.com/logo.png', colorMode: 0 });
    const t = only(r, 'table');
    expect(t.cells.map((c) => [c.text, c.box])).toEqual([
      ['A', { xMm: 2, yMm: 3, widthMm: 10, heightMm: 4 }],
      ['Laptop', { xMm: 12, yMm: 3, widthMm: 20, heightMm: 4 }],
      ['', { xMm: 2, yMm: 7, widthMm: 10, heightMm: 6 }],
      ['', { xMm: 12, yMm: 7, widthMm: 20, heightMm: 6 }],
    ]);
    expect(t.cells[0]).toMatchObject({ marginHMm: 1, marginVMm: 0, style: { horAlignment: 1, verAlignment: 1 } });
  });

  it('shows brackets without data, and steps serials on any page', () => {
    const r = resolvePage(doc, null, 7, clock);
    expect(r.page).toEqual({ index: 7, count: 1 });
    expect(r.elements[1]).toMatchObject({ text: '[NAME]', unresolved: true });
    expect(only(r, 'qrcode')).toMatchObject({ data: '[NAME]', unresolved: true, binding: 'reference' });
    expect(only(r, 'barcode').data).toBe('690123450036');
  });

  it('refuses pages beyond the data and pages that are not numbers', () => {
    expect(() => resolvePage(doc, data, 2, clock)).toThrow(LabelError);
    try {
      resolvePage(doc, data, 2, clock);
    } catch (e) {
      expect(e).toMatchObject({ code: 'page.outOfRange', params: { page: 3, count: 2 } });
    }
    expect(() => resolvePage(doc, data, -1, clock)).toThrow(/not a page number/);
    expect(() => resolvePage(doc, data, 0.5, clock)).toThrow(LabelError);
  });

  it('applies the label flags: lock, flag label, background and border images', () => {
    const flag = updateLabel(doc, { isFlagLabel: true, tailDirection: 'down', tailLength: 12, lockMovement: true, borderImage: 'png*****AAAA', backgroundColor: '#abc' });
    const r = resolvePage(flag, null, 0, clock);
    expect(r.background).toBeNull();
    expect(r.tail).toEqual({ direction: 'down', lengthMm: 12, color: '#E93423', dashMm: 1.5 });
    expect(r.border).toEqual({ image: 'data:image/png;base64,AAAA', dotsPerMm: 20 });
    expect(r.elements.every((e) => e.locked)).toBe(true);
    expect(resolvePage(createLabel({ backgroundColor: 'abc' }), null, 0, clock).background).toBe('#AABBCC');
    expect(resolvePage(createLabel({ backgroundImage: 'png*****AAAA' }), null, 0, clock).background).toBeNull();
  });

  it('is plain data (can be posted to a worker)', () => {
    const r = resolvePage(doc, data, 0, clock);
    expect(structuredClone(r)).toEqual(r);
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });
});
