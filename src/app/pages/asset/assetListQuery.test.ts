import { describe, expect, it } from 'vitest';
import { filterQuery, isFiltered, listQuery, nextSort, NO_FILTERS } from './assetListQuery';

describe('asset list filters → query', () => {
  it('leaves out what does not filter', () => {
    expect(filterQuery(NO_FILTERS)).toEqual({});
    expect(filterQuery({ ...NO_FILTERS, search: '   ' })).toEqual({});
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(listQuery(NO_FILTERS, { key: 'id', asc: true }, 1, 50)).toEqual({ sortKey: 'id', isASC: true, pageIndex: 1, pageSize: 50 });
  });

  it('maps every filter to its parameter', () => {
    const query = listQuery(
      {
        search: ' 笔记本 ',
        classify: 3,
        dept: 4,
        staff: 9,
        statuses: [8, 2],
        buyDateFrom: '2024-01-01',
        buyDateTo: '2024-12-31',
        expiryBands: ['within30', 'expired'],
      },
      { key: 'currentValue', asc: false },
      2,
      100,
    );
    expect(query).toEqual({
      search: '笔记本',
      classify: 3,
      affiliatedDept: 4,
      affiliatedStaff: 9,
      status: '2,8',
      buyDateFrom: '2024-01-01',
      buyDateTo: '2024-12-31',
      expiryBand: 'expired,within30',
      sortKey: 'currentValue',
      isASC: false,
      pageIndex: 2,
      pageSize: 100,
    });
  });

  it('turns a backwards date range round and drops a date that is not one', () => {
    expect(filterQuery({ ...NO_FILTERS, buyDateFrom: '2024-12-31', buyDateTo: '2024-01-01' })).toEqual({
      buyDateFrom: '2024-01-01',
      buyDateTo: '2024-12-31',
    });
    expect(filterQuery({ ...NO_FILTERS, buyDateFrom: '2024-02-30', buyDateTo: '2024-03-01' })).toEqual({ buyDateTo: '2024-03-01' });
    expect(isFiltered({ ...NO_FILTERS, staff: 1 })).toBe(true);
  });

  it('sorts by a new column ascending and turns the same column round', () => {
    expect(nextSort({ key: 'id', asc: true }, 'assetName')).toEqual({ key: 'assetName', asc: true });
    expect(nextSort({ key: 'assetName', asc: true }, 'assetName')).toEqual({ key: 'assetName', asc: false });
  });
});
