import { describe, expect, it } from 'vitest';
import { contentResolver, type ContentValues } from './content.ts';
import { dataSourceFromRows } from './data.ts';
import { clampPage, gotoPage, movePage, pageCount, pageInfoOf } from './paging.ts';
import { createLabel } from '../label.ts';

const el = (p: Partial<ContentValues>): ContentValues => ({ kind: 'text', content: '', contentId: '', contentType: 0, degreeOffset: 1, dataColumn: 1, dataColumnName: '', ...p });
const data = dataSourceFromRows(['Code', 'Name', 'Dept'], [['A-1', 'Laptop', 'IT'], ['A-2', 'Printer', '']]);

describe('content binding', () => {
  it('binds a column by name ignoring case, or by 1-based number', () => {
    const r = contentResolver([], { pageIndex: 1, data }, () => 15);
    expect(r(el({ contentType: 2, dataColumnName: 'name' }))).toEqual({ text: 'Printer', binding: 'data', unresolved: false });
    expect(r(el({ contentType: 2, dataColumnName: ' NAME ' })).text).toBe('Printer');
    expect(r(el({ contentType: 2, dataColumn: 1 })).text).toBe('A-2');
    expect(r(el({ contentType: 2, dataColumnName: 'Dept' }))).toEqual({ text: '', binding: 'data', unresolved: false });
  });

  it('shows unresolved names in square brackets', () => {
    const r = contentResolver([], { pageIndex: 0, data }, () => 15);
    expect(r(el({ contentType: 2, dataColumnName: 'Owner' }))).toEqual({ text: '[Owner]', binding: 'data', unresolved: true });
    expect(r(el({ contentType: 2, dataColumn: 5 })).text).toBe('[E]');
    const none = contentResolver([], { pageIndex: 0, data: null }, () => 15);
    expect(none(el({ contentType: 2, dataColumnName: 'Code' })).text).toBe('[Code]');
    expect(none(el({ contentType: 2, dataColumn: 28 })).text).toBe('[AB]');
    const beyond = contentResolver([], { pageIndex: 5, data }, () => 15);
    expect(beyond(el({ contentType: 2, dataColumn: 2 })).text).toBe('[Name]');
  });

  it('resolves id=name to the referenced control on the same page', () => {
    const code = el({ contentId: 'code', contentType: 2, dataColumnName: 'Code' });
    const serial = el({ contentId: 'sn', contentType: 1, content: 'N001' });
    const ref = el({ content: 'id=code' });
    const chain = el({ contentId: 'chain', content: 'id=sn' });
    const controls = [code, serial, ref, chain];
    const r = contentResolver(controls, { pageIndex: 1, data }, () => 15);
    expect(r(ref)).toEqual({ text: 'A-2', binding: 'reference', unresolved: false });
    expect(r(el({ content: 'id=chain' })).text).toBe('N002');
    expect(r(el({ content: 'id=missing' }))).toEqual({ text: '[missing]', binding: 'reference', unresolved: true });
    expect(r(el({ content: ' id= code ' })).text).toBe('A-2');
    expect(r(el({ content: 'see id=code' })).text).toBe('see id=code'); // only the whole content refers
  });

  it('breaks reference loops with brackets', () => {
    const a = el({ contentId: 'a', content: 'id=b' });
    const b = el({ contentId: 'b', content: 'id=a' });
    const self = el({ contentId: 's', content: 'id=s' });
    const r = contentResolver([a, b, self], { pageIndex: 0, data: null }, () => 15);
    expect(r(a).unresolved).toBe(true);
    expect(r(b).unresolved).toBe(true);
    expect(r(self).text).toBe('[s]');
  });

  it('steps serials with the kind digit limit', () => {
    const r = contentResolver([], { pageIndex: 3, data: null }, (e) => (e.kind === 'text' ? 9 : 15));
    expect(r(el({ contentType: 1, content: '999999998' })).text).toBe('999999999');
    expect(r(el({ kind: 'barcode', contentType: 1, content: '999999998' })).text).toBe('1000000001');
  });
});

describe('paging', () => {
  it('counts pages from data rows (at least 1)', () => {
    const doc = createLabel();
    expect(pageCount(doc, data)).toBe(2);
    expect(pageCount(doc, dataSourceFromRows(['A'], []))).toBe(1);
    expect(pageCount(doc, null)).toBe(1);
  });

  it('counts pages from N/M serials, the highest level winning', () => {
    const doc = createLabel({
      children: [
        { kind: 'text', contentType: 1, content: '1/5' },
        { kind: 'barcode', contentType: 1, content: '1/7' },
        { kind: 'text', contentType: 0, content: '1/99' },
      ],
    });
    expect(pageInfoOf(doc)).toEqual({ current: 1, total: 7, level: 30, source: 1 });
    expect(pageCount(doc, null)).toBe(7);
    const withQr = createLabel({ children: [...doc.children, { kind: 'qrcode', contentType: 1, content: '2/3' }] });
    expect(pageCount(withQr, null)).toBe(3);
    expect(pageCount(createLabel({ ...withQr, pageInfo: '1/20' }), null)).toBe(20);
    expect(pageCount(withQr, data)).toBe(2); // a data source decides
  });

  it('clamps the current page, refuses going out of range, clamps relative moves', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(NaN, 5)).toBe(1);
    expect(gotoPage(3, 5)).toEqual({ ok: true, value: 3, warnings: [] });
    for (const p of [0, 6, -1]) {
      const r = gotoPage(p, 5);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatchObject({ code: 'page.outOfRange', params: { page: p, count: 5 } });
    }
    expect(gotoPage(1.5, 5).ok).toBe(false);
    expect(movePage(4, 10, 5)).toBe(5);
    expect(movePage(2, -10, 5)).toBe(1);
    expect(movePage(2, 1, 5)).toBe(3);
  });
});
