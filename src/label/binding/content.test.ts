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

  it('resolves the same in any order: before, after and between references', () => {
    // The reference index and cache are built at the first reference (content.ts
    // PageContent): what was resolved before must not be resolved differently after.
    const code = el({ contentId: 'code', contentType: 2, dataColumnName: 'Code' });
    const serial = el({ contentId: 'sn', contentType: 1, content: 'N001' });
    const ref = el({ content: 'id=code' });
    const chain = el({ contentId: 'chain', content: 'id=sn' });
    const a = el({ contentId: 'a', content: 'id=b' });
    const b = el({ contentId: 'b', content: 'id=a' });
    const controls = [code, serial, ref, chain, a, b];
    const orders = [controls, [...controls].reverse(), [ref, code, b, chain, serial, a], [a, b, serial, chain, code, ref]];
    const results = orders.map((order) => {
      const r = contentResolver(controls, { pageIndex: 1, data }, () => 15);
      const out = new Map(order.map((c) => [c, r(c)]));
      // Asked again (cached or not), the same.
      for (const c of order) expect(r(c)).toEqual(out.get(c));
      return controls.map((c) => out.get(c));
    });
    expect(results[0]!.slice(0, 4)).toEqual([
      { text: 'A-2', binding: 'data', unresolved: false },
      { text: 'N002', binding: 'serial', unresolved: false },
      { text: 'A-2', binding: 'reference', unresolved: false },
      { text: 'N002', binding: 'reference', unresolved: false },
    ]);
    // A loop stays unresolved whichever of its controls is asked first.
    for (const r of results) expect(r.slice(4).every((c) => c!.unresolved && c!.binding === 'reference')).toBe(true);
    for (const other of results.slice(1)) expect(other.slice(0, 4)).toEqual(results[0]!.slice(0, 4));
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

describe('id=name naming a data column (spec section 5)', () => {
  it("shows the page's cell of the column, ignoring case, when no control has that contentId", () => {
    const page0 = contentResolver([], { pageIndex: 0, data }, () => 15);
    const page1 = contentResolver([], { pageIndex: 1, data }, () => 15);
    expect(page0(el({ content: 'id=code' }))).toEqual({ text: 'A-1', binding: 'data', unresolved: false });
    expect(page1(el({ content: 'id=code' }))).toEqual({ text: 'A-2', binding: 'data', unresolved: false });
    expect(page1(el({ content: ' id= NAME ' })).text).toBe('Printer');
    expect(page1(el({ content: 'id=Dept' }))).toEqual({ text: '', binding: 'data', unresolved: false }); // an empty cell
  });

  it("lets a control's contentId win over a column of the same name", () => {
    const control = el({ contentId: 'Name', content: 'fixed' });
    const r = contentResolver([control], { pageIndex: 0, data }, () => 15);
    expect(r(el({ content: 'id=Name' }))).toEqual({ text: 'fixed', binding: 'reference', unresolved: false });
    // contentIds match exactly; the column lookup ignores case, so `name` finds the column.
    expect(r(el({ content: 'id=name' })).text).toBe('Laptop');
  });

  it('brackets a name that is no column, or a page without a data row', () => {
    expect(contentResolver([], { pageIndex: 0, data }, () => 15)(el({ content: 'id=Owner' }))).toEqual({ text: '[Owner]', binding: 'reference', unresolved: true });
    expect(contentResolver([], { pageIndex: 0, data: null }, () => 15)(el({ content: 'id=Code' })).text).toBe('[Code]');
    expect(contentResolver([], { pageIndex: 5, data }, () => 15)(el({ content: 'id=Code' })).text).toBe('[Code]');
  });

  it('follows a reference chain that ends at a column', () => {
    const alias = el({ contentId: 'alias', content: 'id=code' });
    const r = contentResolver([alias], { pageIndex: 1, data }, () => 15);
    expect(r(el({ content: 'id=alias' }))).toEqual({ text: 'A-2', binding: 'reference', unresolved: false });
  });
});
