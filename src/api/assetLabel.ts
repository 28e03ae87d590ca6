/**
 * Asset-label calls (issue 16; contract.ts "Asset labels"): the label rows of assets a page at
 * a time, recording that their labels were printed, a classification's default template, and
 * the asset an asset link names.
 */
import type { ApiClient, ApiResult } from './client';
import type {
  AssetClassifyInfo,
  AssetLabelPrintedResult,
  AssetLabelRowsQuery,
  AssetLabelRowsResult,
  AssetLinkTarget,
} from './contract';

export interface AssetLabelApi {
  /** A page of label rows (ascending id; `afterId` the previous page's nextAfterId). */
  rows(query: AssetLabelRowsQuery): Promise<ApiResult<AssetLabelRowsResult>>;
  /** The labels of these assets (at most ASSET_LABEL_PRINTED_MAX) went to the printer. */
  printed(assetIds: number[], templateId: number): Promise<ApiResult<AssetLabelPrintedResult>>;
  /** Sets (or with null clears) the template a classification's assets print with by default (301). */
  setDefaultTemplate(classifyId: number, templateId: number | null): Promise<ApiResult<AssetClassifyInfo>>;
  /** The asset an asset link's token names (28 for any token that names none the caller sees). */
  link(token: string): Promise<ApiResult<AssetLinkTarget>>;
}

export function createAssetLabelApi(client: ApiClient): AssetLabelApi {
  return {
    rows: (query) => client.request({ method: 'GET', path: 'api/AssetLabel/Rows', query: { ...query } }),
    printed: (assetIds, templateId) => client.request({ method: 'POST', path: 'api/AssetLabel/Printed', body: { assetIds, templateId } }),
    setDefaultTemplate: (classifyId, templateId) => client.request({ method: 'POST', path: 'api/AssetClassify/DefaultTemplate', body: { classifyId, templateId } }),
    link: (token) => client.request({ method: 'GET', path: `api/AssetLink/${encodeURIComponent(token)}` }),
  };
}
