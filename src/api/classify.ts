/**
 * Asset classification calls (spec section 7): the list, one classification, create/update
 * and delete. Payloads and rules: contract.ts (AssetClassifyInfo, AssetClassifySetRequest).
 */
import type { ApiClient, ApiResult } from './client';
import type { AssetClassifyInfo, AssetClassifyListResult, AssetClassifySetRequest, IdRequest, RecordVersion } from './contract';

export interface ClassifyApi {
  /** Every classification of the company, by name, with its asset count. */
  list(): Promise<ApiResult<AssetClassifyListResult>>;
  details(id: number): Promise<ApiResult<AssetClassifyInfo>>;
  /** Creates (no id) or updates (id and the version it was loaded at) a classification (301). */
  save(request: AssetClassifySetRequest): Promise<ApiResult<AssetClassifyInfo>>;
  /** Refused with code 30 and a message naming the count while assets use it; 31 when changed since `version`. */
  remove(id: number, version: RecordVersion): Promise<ApiResult<null>>;
}

export function createClassifyApi(client: ApiClient): ClassifyApi {
  return {
    list: () => client.request({ method: 'GET', path: 'api/AssetClassify/List' }),
    details: (id) => client.request({ method: 'GET', path: 'api/AssetClassify/Details', query: { assetClassifyId: id } }),
    save: (body) => client.request({ method: 'POST', path: 'api/AssetClassify', body }),
    remove: (id, version) => {
      const body: IdRequest = { id, version };
      return client.request({ method: 'DELETE', path: 'api/AssetClassify', body });
    },
  };
}
