/**
 * Asset transaction calls (README "Asset transactions"): record one transaction, the records
 * list, one record with its assets, and an asset's own history. Payloads: contract.ts
 * (BusinessSetRequest, BusinessDetails, BusinessListResult, BusinessHistoryEntry).
 */
import type { ApiClient, ApiResult, QueryValue } from './client';
import type { BusinessDetails, BusinessHistoryEntry, BusinessListResult, BusinessSetRequest, BusinessType } from './contract';

/** Filters of the records list; absent or blank = not filtered. */
export interface BusinessListQuery {
  types?: readonly BusinessType[];
  /** YYYY-MM-DD or an ISO instant. */
  timeFrom?: string;
  timeTo?: string;
  affiliatedStaff?: number;
  assetId?: number;
  /** Asset code or name. */
  search?: string;
  isASC?: boolean;
  pageIndex: number;
  pageSize: number;
}

export interface BusinessApi {
  /** All or nothing: one asset refused, none changes and nothing is recorded. */
  create(request: BusinessSetRequest): Promise<ApiResult<BusinessDetails>>;
  list(query: BusinessListQuery): Promise<ApiResult<BusinessListResult>>;
  details(businessId: number): Promise<ApiResult<BusinessDetails>>;
  /** The asset's transactions, newest first. */
  assetHistory(assetId: number): Promise<ApiResult<BusinessHistoryEntry[]>>;
}

/** The query string of a records query: blank filters left out. */
export function businessQueryParams(query: BusinessListQuery): Record<string, QueryValue> {
  return {
    type: query.types && query.types.length > 0 ? query.types.join(',') : undefined,
    timeFrom: query.timeFrom || undefined,
    timeTo: query.timeTo || undefined,
    affiliatedStaff: query.affiliatedStaff,
    assetId: query.assetId,
    search: query.search?.trim() || undefined,
    isASC: query.isASC,
    pageIndex: query.pageIndex,
    pageSize: query.pageSize,
  };
}

export function createBusinessApi(client: ApiClient): BusinessApi {
  return {
    create: (body) => client.request({ method: 'POST', path: 'api/Business', body }),
    list: (query) => client.request({ method: 'GET', path: 'api/Business/List', query: businessQueryParams(query) }),
    details: (businessId) => client.request({ method: 'GET', path: 'api/Business/Details', query: { businessId } }),
    assetHistory: (assetId) => client.request({ method: 'GET', path: 'api/BusinessAssetList', query: { assetId } }),
  };
}
