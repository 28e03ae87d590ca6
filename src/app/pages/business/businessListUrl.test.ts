import { describe, expect, it } from 'vitest';
import { businessQueryParams } from '../../../api/business';
import { isFiltered, stateFromParams, stateToParams, toListQuery } from './businessListUrl';

describe('records list address', () => {
  it('reads filters, page and record, dropping what is not valid, and writes them back', () => {
    const state = stateFromParams(new URLSearchParams('type=Return,bogus,Borrowed&from=2030-05-01&to=2030-02-30&staff=9&asset=x&search=E2E&page=2&record=17'));
    expect(state).toEqual({ types: ['Borrowed', 'Return'], from: '2030-05-01', to: '', staff: 9, assetId: null, search: 'E2E', page: 2, record: 17 });
    expect(stateToParams(state).toString()).toBe('type=Borrowed%2CReturn&from=2030-05-01&staff=9&search=E2E&page=2&record=17');
    const plain = stateFromParams(new URLSearchParams(''));
    expect(plain.page).toBe(1);
    expect(isFiltered(plain)).toBe(false);
    expect(stateToParams(plain).toString()).toBe('');
  });

  it('queries the server with a range turned round and blank filters left out', () => {
    const state = stateFromParams(new URLSearchParams('type=Alter&from=2030-06-01&to=2030-05-01&asset=3&search=%20%20'));
    const query = toListQuery(state, 50);
    expect(query).toEqual({ types: ['Alter'], timeFrom: '2030-05-01', timeTo: '2030-06-01', affiliatedStaff: undefined, assetId: 3, search: undefined, pageIndex: 1, pageSize: 50 });
    expect(businessQueryParams(query)).toEqual({
      type: 'Alter',
      timeFrom: '2030-05-01',
      timeTo: '2030-06-01',
      affiliatedStaff: undefined,
      assetId: 3,
      search: undefined,
      isASC: undefined,
      pageIndex: 1,
      pageSize: 50,
    });
  });
});
