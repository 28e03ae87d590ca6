/**
 * Inventory count calls (server/routes/inventory.ts; every call needs permission 201): the
 * orders (list, one, create, finish, delete, the change counter), an order's lines (list,
 * export) and sending scans. Payloads: contract.ts ("Inventory counts").
 */
import type { ApiClient, ApiResult, QueryValue } from './client';
import type {
  ExcelFile,
  InventoryLineListResult,
  InventoryLineSortKey,
  InventoryOrderCreateRequest,
  InventoryOrderInfo,
  InventoryOrderListResult,
  InventoryOrderStatusValue,
  InventoryResultValue,
  InventoryScan,
  InventoryScanResult,
  InventoryVersionInfo,
} from './contract';

export interface InventoryOrderListQuery {
  /** Any of these statuses; absent or empty: all. */
  statuses?: readonly InventoryOrderStatusValue[];
  /** Oldest first (default: newest first). */
  isASC?: boolean;
  pageIndex: number;
  pageSize: number;
}

/** Filters of an order's lines; absent or blank = not filtered. */
export interface InventoryLineFilter {
  anlageninventurId: number;
  /** Any of these results. */
  results?: readonly InventoryResultValue[];
  /** Part of the code or name. */
  keyword?: string;
}

export interface InventoryLineListQuery extends InventoryLineFilter {
  sortKey?: InventoryLineSortKey;
  isASC?: boolean;
  pageIndex: number;
  pageSize: number;
}

export interface InventoryApi {
  list(query: InventoryOrderListQuery): Promise<ApiResult<InventoryOrderListResult>>;
  details(anlageninventurId: number): Promise<ApiResult<InventoryOrderInfo>>;
  /** Takes its lines from the register now (the caller's scope, scrapped assets left out). */
  create(request: InventoryOrderCreateRequest): Promise<ApiResult<InventoryOrderInfo>>;
  /** Pending lines become shortage; the order becomes 8 (nothing missing) or 128. */
  finish(anlageninventurId: number, version?: number): Promise<ApiResult<InventoryOrderInfo>>;
  remove(id: number, version?: number): Promise<ApiResult<null>>;
  version(): Promise<ApiResult<InventoryVersionInfo>>;
  lines(query: InventoryLineListQuery): Promise<ApiResult<InventoryLineListResult>>;
  /** Idempotent per scanId: send a scan again until it is answered; it counts once. */
  scan(anlageninventurId: number, scans: readonly InventoryScan[]): Promise<ApiResult<InventoryScanResult>>;
   /** The details file (ExcelFile: base64, named 盘点明细<yyyyMMdd>.xlsx / "inventory details <date>.xlsx"). */
  exportLines(filter: InventoryLineFilter): Promise<ApiResult<ExcelFile>>;
}

const codes = (values: readonly number[] | undefined) => (values && values.length > 0 ? values.join(',') : undefined);

/** The query string of a lines filter: blank filters left out. */
export function inventoryLineParams(filter: InventoryLineFilter): Record<string, QueryValue> {
  return {
    anlageninventurId: filter.anlageninventurId,
    result: codes(filter.results),
    keyword: filter.keyword?.trim() || undefined,
  };
}

export function createInventoryApi(client: ApiClient): InventoryApi {
  return {
    list: (query) =>
      client.request({
        method: 'GET',
        path: 'api/Anlageninventur/List',
        query: { status: codes(query.statuses), isASC: query.isASC, pageIndex: query.pageIndex, pageSize: query.pageSize },
      }),
    details: (anlageninventurId) => client.request({ method: 'GET', path: 'api/Anlageninventur/Details', query: { anlageninventurId } }),
    create: (body) => client.request({ method: 'POST', path: 'api/Anlageninventur', body }),
    finish: (anlageninventurId, version) =>
      client.request({ method: 'POST', path: 'api/Anlageninventur/Finish', body: { anlageninventurId, version } }),
    remove: (id, version) => client.request({ method: 'DELETE', path: 'api/Anlageninventur', body: { id, version } }),
    version: () => client.request({ method: 'GET', path: 'api/AnlageninventurVersion' }),
    lines: (query) =>
      client.request({
        method: 'GET',
        path: 'api/InventoryAsset',
        query: {
          ...inventoryLineParams(query),
          sortKey: query.sortKey,
          isASC: query.isASC,
          pageIndex: query.pageIndex,
          pageSize: query.pageSize,
        },
      }),
    scan: (anlageninventurId, scans) => client.request({ method: 'POST', path: 'api/InventoryAsset', body: { anlageninventurId, scans } }),
    exportLines: (filter) => client.request({ method: 'GET', path: 'api/InventoryAsset/Export', query: inventoryLineParams(filter) }),
  };
}
