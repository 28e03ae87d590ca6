import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, filterQuery, NO_FILTERS, stateFromParams, stateToParams, type AssetListState } from './assetListQuery';

const from = (query: string) => stateFromParams(new URLSearchParams(query));
const plain: AssetListState = { filters: NO_FILTERS, sort: DEFAULT_SORT, page: 1 };

describe('asset list state <-> address', () => {
  it('a plain address is the unfiltered first page by id, and that state writes no parameters', () => {
    expect(from('')).toEqual(plain);
    expect(stateToParams(plain).toString()).toBe('');
  });

  it('writes every part and reads the same state back', () => {
    const state: AssetListState = {
      filters: {
        search: '笔记本 & co',
        classify: 3,
        dept: 4,
        staff: 9,
        statuses: [8, 2],
        buyDateFrom: '2024-01-01',
        buyDateTo: '2024-12-31',
        expiryBands: ['within30', 'expired'],
      },
      sort: { key: 'currentValue', asc: false },
      page: 3,
    };
    const params = stateToParams(state);
    // Statuses and bands in their fixed order, so one choice is one link.
    expect(params.get('status')).toBe('2,8');
    expect(params.get('expiry')).toBe('expired,within30');
    expect([...params.keys()]).toEqual(['q', 'classify', 'dept', 'staff', 'status', 'from', 'to', 'expiry', 'sort', 'order', 'page']);
    const back = stateFromParams(new URLSearchParams(params.toString()));
    expect(back).toEqual({ ...state, filters: { ...state.filters, statuses: [2, 8], expiryBands: ['expired', 'within30'] } });
  });

  it('keeps the classification link of the classification page (?classify=ID)', () => {
    expect(from('classify=7')).toEqual({ ...plain, filters: { ...NO_FILTERS, classify: 7 } });
  });

  it('an ascending sort on another column is written with its order; the default order is not', () => {
    expect(stateToParams({ ...plain, sort: { key: 'assetName', asc: true } }).toString()).toBe('sort=assetName&order=asc');
    expect(from('sort=assetName&order=asc').sort).toEqual({ key: 'assetName', asc: true });
    expect(from('sort=id&order=desc').sort).toEqual({ key: 'id', asc: false });
    expect(stateToParams({ ...plain, sort: { key: 'id', asc: false } }).toString()).toBe('sort=id&order=desc');
    // No order given: ascending.
    expect(from('sort=buyPrice').sort).toEqual({ key: 'buyPrice', asc: true });
  });

  it('drops junk from a hand-edited or old link instead of failing', () => {
    const state = from(
      'classify=abc&dept=-4&staff=1.5&status=2,99,x,2&from=2024-2-3&to=yesterday&expiry=soon,later&sort=password&order=desc&page=0',
    );
    expect(state).toEqual({ filters: { ...NO_FILTERS, statuses: [2], expiryBands: ['later'] }, sort: DEFAULT_SORT, page: 1 });
    // A date of the right shape stays in the date input (a year being typed), but does not filter.
    const typing = from('from=0002-03-15&to=2024-02-30');
    expect([typing.filters.buyDateFrom, typing.filters.buyDateTo]).toEqual(['0002-03-15', '2024-02-30']);
    expect(filterQuery(typing.filters)).toEqual({});
    expect(from('page=x').page).toBe(1);
    expect(from('page=-2').page).toBe(1);
    expect(from('page=12').page).toBe(12);
    expect(from('classify=0').filters.classify).toBeNull();
    expect(from('sort=__proto__').sort).toEqual(DEFAULT_SORT);
    expect(from('sort=toString').sort).toEqual(DEFAULT_SORT);
  });

  it('a blank search is not written; a search is written as typed and read back whole', () => {
    expect(stateToParams({ ...plain, filters: { ...NO_FILTERS, search: '   ' } }).toString()).toBe('');
    const params = stateToParams({ ...plain, filters: { ...NO_FILTERS, search: ' a=b&c?d ' } });
    expect(from(params.toString()).filters.search).toBe(' a=b&c?d ');
  });

  it('page 1 is not written, later pages are', () => {
    expect(stateToParams({ ...plain, page: 1 }).has('page')).toBe(false);
    expect(stateToParams({ ...plain, page: 2 }).get('page')).toBe('2');
  });
});
