import { describe, expect, it } from 'vitest';
import { pageCountOf, pageFromParams, pageInRange, shownPage, withPage, type PageAnchor } from './pagedList';

describe('the page in the address', () => {
  it('reads a whole number from 1, and 1 for anything else', () => {
    const page = (query: string, key?: string) => pageFromParams(new URLSearchParams(query), key);
    expect(page('')).toBe(1);
    expect(page('page=3')).toBe(3);
    expect(page('page= 7 ')).toBe(7);
    for (const junk of ['page=0', 'page=-2', 'page=2.5', 'page=x', 'page=', 'page=1e3', 'page=9999999999999999']) expect(page(junk)).toBe(1);
    expect(page('p=4&page=2', 'p')).toBe(4);
  });

  it('writes a page and keeps the rest of the address; page 1 is left out', () => {
    const params = new URLSearchParams('q=chair&dept=3&page=5');
    expect(withPage(params, 2).toString()).toBe('q=chair&dept=3&page=2');
    expect(withPage(params, 1).toString()).toBe('q=chair&dept=3');
    expect(withPage(new URLSearchParams('q=a'), 4, 'p').toString()).toBe('q=a&p=4');
    // The given address is not changed in place (it is the router's).
    expect(params.get('page')).toBe('5');
  });
});

describe('page counts', () => {
  it('counts pages of a total, an empty list being one page', () => {
    expect(pageCountOf(0, 50)).toBe(1);
    expect(pageCountOf(50, 50)).toBe(1);
    expect(pageCountOf(51, 50)).toBe(2);
    expect(pageCountOf(201, 20)).toBe(11);
  });

  it('moves a page past the last one to the last one', () => {
    expect(pageInRange(3, 101, 50)).toBeNull();
    expect(pageInRange(4, 101, 50)).toBe(3);
    // The last row of page 3 deleted: 100 rows are two pages.
    expect(pageInRange(3, 100, 50)).toBe(2);
    expect(pageInRange(2, 0, 20)).toBe(1);
    expect(pageInRange(1, 0, 20)).toBeNull();
  });
});

describe('the page shown when filters or the address change', () => {
  const at: PageAnchor = { filterKey: '{"q":"chair"}', urlPage: 3, page: 3 };

  it('keeps the page while nothing changes', () => {
    expect(shownPage(at, at.filterKey, 3)).toBe(3);
  });

  it('follows the address when it names another page (pager, back, forward, a link)', () => {
    expect(shownPage(at, at.filterKey, 4)).toBe(4);
    expect(shownPage(at, at.filterKey, 1)).toBe(1);
  });

  it('starts again at page 1 when the filters change and the address keeps its page', () => {
    expect(shownPage(at, '{"q":"desk"}', 3)).toBe(1);
  });

  it('takes the page the address brings with new filters (back to an earlier search on page 2)', () => {
    expect(shownPage(at, '{"q":"desk"}', 2)).toBe(2);
  });

  it('stays on page 1 while the reset address is on its way', () => {
    // After the reset the anchor holds the new filters, the old address page and page 1.
    const reset: PageAnchor = { filterKey: '{"q":"desk"}', urlPage: 3, page: 1 };
    expect(shownPage(reset, reset.filterKey, 3)).toBe(1);
    // The address arrives without a page: page 1 still.
    expect(shownPage(reset, reset.filterKey, 1)).toBe(1);
  });
});
