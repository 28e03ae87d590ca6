/**
 * The records list (/asset/business) keeps its filters, page and opened record in the
 * address, so reload, back and a shared link show the same view:
 *   ?type=Borrowed,Return&from=2030-05-01&to=2030-05-31&staff=9&asset=3&search=E2E&page=2&record=17
 * Unknown types, ids that are not positive integers and dates that are not dates are dropped.
 */
import { BUSINESS_TYPES, type BusinessType } from '../../../api/contract';
import type { BusinessListQuery } from '../../../api/business';

export interface BusinessListState {
  types: BusinessType[];
  /** YYYY-MM-DD, '' for open. */
  from: string;
  to: string;
  staff: number | null;
  assetId: number | null;
  /** Asset code or name. */
  search: string;
  page: number;
  /** The record whose details are open. */
  record: number | null;
}

const positive = (value: string | null): number | null => (value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null);

function isDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return at.getUTCFullYear() === Number(m[1]) && at.getUTCMonth() === Number(m[2]) - 1 && at.getUTCDate() === Number(m[3]);
}

export function stateFromParams(params: URLSearchParams): BusinessListState {
  const types = (params.get('type') ?? '').split(',').filter((t): t is BusinessType => (BUSINESS_TYPES as readonly string[]).includes(t));
  const day = (key: string) => {
    const v = params.get(key) ?? '';
    return isDay(v) ? v : '';
  };
  return {
    types: BUSINESS_TYPES.filter((t) => types.includes(t)),
    from: day('from'),
    to: day('to'),
    staff: positive(params.get('staff')),
    assetId: positive(params.get('asset')),
    search: params.get('search') ?? '',
    page: positive(params.get('page')) ?? 1,
    record: positive(params.get('record')),
  };
}

export function stateToParams(state: BusinessListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.types.length > 0) params.set('type', state.types.join(','));
  if (state.from) params.set('from', state.from);
  if (state.to) params.set('to', state.to);
  if (state.staff !== null) params.set('staff', String(state.staff));
  if (state.assetId !== null) params.set('asset', String(state.assetId));
  if (state.search) params.set('search', state.search);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.record !== null) params.set('record', String(state.record));
  return params;
}

/** The server query of a state; a range given backwards is turned round. */
export function toListQuery(state: BusinessListState, pageSize: number): BusinessListQuery {
  const [from, to] = state.from && state.to && state.from > state.to ? [state.to, state.from] : [state.from, state.to];
  return {
    types: state.types,
    timeFrom: from || undefined,
    timeTo: to || undefined,
    affiliatedStaff: state.staff ?? undefined,
    assetId: state.assetId ?? undefined,
    search: state.search.trim() || undefined,
    pageIndex: state.page,
    pageSize,
  };
}

export function isFiltered(state: BusinessListState): boolean {
  return state.types.length > 0 || !!state.from || !!state.to || state.staff !== null || state.assetId !== null || state.search.trim() !== '';
}
