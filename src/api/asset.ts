/**
 * Asset register calls (spec section 7): the filtered, sorted, paged list, one asset,
 * create/update, delete one or several, the picture upload and the list's export.
 * Payloads and rules: contract.ts (AssetInfo, AssetListQuery, AssetSetRequest, ExcelFile).
 */
import type { ApiClient, ApiResult, QueryValue } from './client';
import type {
  AssetDeleteAllRequest,
  AssetInfo,
  AssetListQuery,
  AssetListResult,
  AssetSetRequest,
  ExcelFile,
  FileInfo,
  FileUploadRequest,
  IdRequest,
  RecordVersion,
} from './contract';

/** `explain` of a picture upload (spec section 7). */
export const PICTURE_EXPLAIN = 2;

export interface AssetApi {
  /** One page of the assets the caller sees; `filterAssetCount` counts every match. */
  list(query: AssetListQuery): Promise<ApiResult<AssetListResult>>;
  details(id: number): Promise<ApiResult<AssetInfo>>;
  /** Creates (no id; 101) or updates (id and the version it was loaded at; 102) an asset. */
  save(asset: AssetSetRequest): Promise<ApiResult<AssetInfo>>;
  /** Refused with 31 (recordChanged) when the asset is no longer at `version`. */
  remove(id: number, version: RecordVersion): Promise<ApiResult<null>>;
  /** All or nothing: any id missing or out of scope (28), or changed since read (31), deletes none. */
  removeAll(assets: readonly { id: number; version: RecordVersion }[]): Promise<ApiResult<{ deleted: number }>>;
  /** Uploads a picture (base64 content); the asset then refers to the file's id. */
  uploadPicture(fileName: string, base64: string): Promise<ApiResult<FileInfo>>;
  /** The filtered list (sorted, unpaged) as an .xlsx file, base64 in the envelope. */
  exportList(query: AssetListQuery): Promise<ApiResult<ExcelFile>>;
}

/** The query string of a list query: blank search and absent filters left out. */
export function assetQueryParams(query: AssetListQuery): Record<string, QueryValue> {
  return {
    search: query.search?.trim() || undefined,
    classify: query.classify,
    affiliatedDept: query.affiliatedDept,
    affiliatedStaff: query.affiliatedStaff,
    status: query.status || undefined,
    buyDateFrom: query.buyDateFrom || undefined,
    buyDateTo: query.buyDateTo || undefined,
    expiryBand: query.expiryBand || undefined,
    sortKey: query.sortKey,
    isASC: query.isASC,
    pageIndex: query.pageIndex,
    pageSize: query.pageSize,
  };
}

/** A file name's suffix without the dot, lower case ('' without one). */
export function fileSuffix(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export function createAssetApi(client: ApiClient): AssetApi {
  return {
    list: (query) => client.request({ method: 'GET', path: 'api/Asset', query: assetQueryParams(query) }),
    details: (id) => client.request({ method: 'GET', path: 'api/Asset/details', query: { id } }),
    save: (body) => client.request({ method: 'POST', path: 'api/Asset', body }),
    remove: (id, version) => {
      const body: IdRequest = { id, version };
      return client.request({ method: 'DELETE', path: 'api/Asset', body });
    },
    removeAll: (assets) => {
      const body: AssetDeleteAllRequest = { ids: assets.map((a) => a.id), versions: assets.map((a) => a.version) };
      return client.request({ method: 'POST', path: 'api/Asset/DeleteAll', body });
    },
    uploadPicture: (fileName, base64) => {
      const body: FileUploadRequest = { fileName, fileData: base64, explain: PICTURE_EXPLAIN, suffix: fileSuffix(fileName) };
      return client.request({ method: 'POST', path: 'api/File/Upload', body });
    },
    exportList: (query) => {
      const { pageIndex: _index, pageSize: _size, ...filters } = query;
      return client.request({ method: 'GET', path: 'api/Excel/Export', query: assetQueryParams(filters) });
    },
  };
}
