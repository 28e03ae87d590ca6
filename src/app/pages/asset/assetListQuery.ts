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
