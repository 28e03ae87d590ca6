/**
 * The asset list's filters as the page holds them, and the query they make (GET api/Asset
 * and GET api/Excel/Export take the same filters): blank and absent filters left out,
 * several statuses or expiry bands joined with commas, a date range given backwards turned
 * round, a date that is not one dropped.
 */
import {
  AssetUseStatus,
  EXPIRY_BANDS,
  type AssetListQuery,
  type AssetSortKey,
  type AssetUseStatusValue,
  type ExpiryBand,
  type PageSize,
} from '../../../api/contract';
import type { MessageKey } from '../../i18n/types';
import { isDate } from './assetForm';

export interface AssetFilters {
  search: string;
  classify: number | null;
  dept: number | null;
  staff: number | null;
  statuses: AssetUseStatusValue[];
  buyDateFrom: string;
  buyDateTo: string;
  expiryBands: ExpiryBand[];
}

export interface AssetSort {
  key: AssetSortKey;
  asc: boolean;
}

export const NO_FILTERS: AssetFilters = {
  search: '',
  classify: null,
  dept: null,
  staff: null,
  statuses: [],
  buyDateFrom: '',
  buyDateTo: '',
  expiryBands: [],
};

/** The statuses a user can filter on (None is never an asset's effective status). */
export const USE_STATUSES: ReadonlyArray<{ value: AssetUseStatusValue; labelKey: MessageKey }> = [
  { value: AssetUseStatus.unused, labelKey: 'asset.statusUnused' },
  { value: AssetUseStatus.using, labelKey: 'asset.statusUsing' },
  { value: AssetUseStatus.borrowed, labelKey: 'asset.statusBorrowed' },
  { value: AssetUseStatus.maintain, labelKey: 'asset.statusMaintain' },
  { value: AssetUseStatus.discard, labelKey: 'asset.statusDiscard' },
];

export function statusLabel(status: AssetUseStatusValue): MessageKey {
  return USE_STATUSES.find((s) => s.value === status)?.labelKey ?? 'asset.statusNone';
}

export const EXPIRY_BAND_LABELS: Record<ExpiryBand, MessageKey> = {
  expired: 'asset.bandExpired',
  within7: 'asset.bandWithin7',
  within30: 'asset.bandWithin30',
  within90: 'asset.bandWithin90',
  later: 'asset.bandLater',
  none: 'asset.bandNone',
};

/** In the order of EXPIRY_BANDS (the query keeps a stable text for the same choice). */
const bandOrder = (bands: readonly ExpiryBand[]) => EXPIRY_BANDS.filter((b) => bands.includes(b));
const statusOrder = (statuses: readonly AssetUseStatusValue[]) => USE_STATUSES.map((s) => s.value).filter((s) => statuses.includes(s));

/** The filters only (no order, no page): what the export takes. */
export function filterQuery(filters: AssetFilters): AssetListQuery {
  let from = isDate(filters.buyDateFrom.trim()) ? filters.buyDateFrom.trim() : '';
  let to = isDate(filters.buyDateTo.trim()) ? filters.buyDateTo.trim() : '';
  if (from && to && from > to) [from, to] = [to, from];
  const query: AssetListQuery = {};
  const search = filters.search.trim();
  if (search) query.search = search;
  if (filters.classify !== null) query.classify = filters.classify;
  if (filters.dept !== null) query.affiliatedDept = filters.dept;
  if (filters.staff !== null) query.affiliatedStaff = filters.staff;
  if (filters.statuses.length) query.status = statusOrder(filters.statuses).join(',');
  if (from) query.buyDateFrom = from;
  if (to) query.buyDateTo = to;
  if (filters.expiryBands.length) query.expiryBand = bandOrder(filters.expiryBands).join(',');
  return query;
}

/** The query of one page of the list. */
export function listQuery(filters: AssetFilters, sort: AssetSort, pageIndex: number, pageSize: PageSize): AssetListQuery {
  return { ...filterQuery(filters), sortKey: sort.key, isASC: sort.asc, pageIndex, pageSize };
}

/** Whether any filter narrows the list (the empty list then says "no match"). */
export function isFiltered(filters: AssetFilters): boolean {
  return Object.keys(filterQuery(filters)).length > 0;
}

/** The sort after clicking a column: the same column turns round, another starts ascending. */
export function nextSort(sort: AssetSort, key: AssetSortKey): AssetSort {
  return sort.key === key ? { key, asc: !sort.asc } : { key, asc: true };
}

/**
 * Every sort key the list accepts from an address. `Record` makes the compiler insist that a
 * key added to AssetSortKey is added here too.
 */
const SORT_KEYS: Record<AssetSortKey, true> = {
  id: true, assetCoding: true, assetName: true, specifications: true, unit: true, supplier: true,
  buyDate: true, buyPrice: true, surplusValue: true, lossCycle: true, expireDate: true,
  affiliatedDept: true, affiliatedStaff: true, depositSite: true, classify: true, status: true,
  currentValue: true, epc: true, tid: true, createdAt: true, updatedAt: true,
};
const isSortKey = (v: string): v is AssetSortKey => Object.hasOwn(SORT_KEYS, v);

/** The list's order when the address names none. */
export const DEFAULT_SORT: AssetSort = { key: 'id', asc: true };

/** What the address of /asset/list holds: the filters, the order and the page (from 1). */
export interface AssetListState {
  filters: AssetFilters;
  sort: AssetSort;
  page: number;
}

/**
 * The search parameter names. `classify` is also what the classification page links with
 * (/asset/list?classify=ID), so those links keep working.
 */
export const URL_KEYS = {
  search: 'q',
  classify: 'classify',
  dept: 'dept',
  staff: 'staff',
  statuses: 'status',
  buyDateFrom: 'from',
  buyDateTo: 'to',
  expiryBands: 'expiry',
  sort: 'sort',
  order: 'order',
  page: 'page',
} as const;

/** A whole number >= 1 from the address, or null (junk, 0, negatives, fractions). */
function positiveId(raw: string | null): number | null {
  if (raw === null || !/^\d{1,15}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n >= 1 ? n : null;
}

/**
 * The list state an address gives. Read defensively: a shared or hand-edited link with junk
 * in it drops that part (an unknown status, a date that is not one, page "x") instead of
 * failing, so the page always opens.
 */
export function stateFromParams(params: URLSearchParams): AssetListState {
  const list = (key: string) => (params.get(key) ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const statusValues = new Set<number>(USE_STATUSES.map((s) => s.value));
  // A date input passes through values like 0002-03-15 while a year is typed, so any text of
  // the date's shape is kept as the input's value; filterQuery leaves out what is no date.
  const date = (key: string) => {
    const v = (params.get(key) ?? '').trim();
    return /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '';
  };
  const filters: AssetFilters = {
    search: params.get(URL_KEYS.search) ?? '',
    classify: positiveId(params.get(URL_KEYS.classify)),
    dept: positiveId(params.get(URL_KEYS.dept)),
    staff: positiveId(params.get(URL_KEYS.staff)),
    statuses: statusOrder(list(URL_KEYS.statuses).map(Number).filter((n) => statusValues.has(n)) as AssetUseStatusValue[]),
    buyDateFrom: date(URL_KEYS.buyDateFrom),
    buyDateTo: date(URL_KEYS.buyDateTo),
    expiryBands: bandOrder(list(URL_KEYS.expiryBands) as ExpiryBand[]),
  };
  const sortKey = params.get(URL_KEYS.sort) ?? '';
  const sort: AssetSort = isSortKey(sortKey) ? { key: sortKey, asc: params.get(URL_KEYS.order) !== 'desc' } : DEFAULT_SORT;
  return { filters, sort, page: positiveId(params.get(URL_KEYS.page)) ?? 1 };
}

/**
 * The address of a list state: only what differs from the defaults (a plain /asset/list is
 * the unfiltered first page by code), in a fixed order so the same state is the same link.
 * The search text is kept as typed (the query trims it).
 */
export function stateToParams(state: AssetListState): URLSearchParams {
  const { filters, sort, page } = state;
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set(URL_KEYS.search, filters.search);
  if (filters.classify !== null) params.set(URL_KEYS.classify, String(filters.classify));
  if (filters.dept !== null) params.set(URL_KEYS.dept, String(filters.dept));
  if (filters.staff !== null) params.set(URL_KEYS.staff, String(filters.staff));
  if (filters.statuses.length) params.set(URL_KEYS.statuses, statusOrder(filters.statuses).join(','));
  if (filters.buyDateFrom) params.set(URL_KEYS.buyDateFrom, filters.buyDateFrom);
  if (filters.buyDateTo) params.set(URL_KEYS.buyDateTo, filters.buyDateTo);
  if (filters.expiryBands.length) params.set(URL_KEYS.expiryBands, bandOrder(filters.expiryBands).join(','));
  if (sort.key !== DEFAULT_SORT.key || sort.asc !== DEFAULT_SORT.asc) {
    params.set(URL_KEYS.sort, sort.key);
    params.set(URL_KEYS.order, sort.asc ? 'asc' : 'desc');
  }
  if (page > 1) params.set(URL_KEYS.page, String(page));
  return params;
}
