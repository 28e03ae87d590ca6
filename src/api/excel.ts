/**
 * Spreadsheet calls (spec section 7, api/Excel): start a bulk import, poll its status, and
 * fetch the import template or an export as an .xlsx (base64 in the envelope).
 * Payloads and rules: contract.ts (ExcelImportRequest, ImportStatus, ExcelFile).
 */
import type { ApiClient, ApiResult } from './client';
import type { AssetListQuery, ExcelFile, ExcelImportRequest, ImportStarted, ImportStatus } from './contract';

/** The `explain` value the spec gives the import call. */
export const IMPORT_EXPLAIN = 3;

export interface ExcelApi {
  /**
   * Sends the file; the rows are then checked and saved in the background. Refusals: 10003
   * no file, 10004 wrong type, 10005 over 3 MB, 10006 unreadable, 10007 another import is
   * running, 10009 stale template.
   */
  startImport(request: Omit<ExcelImportRequest, 'explain'>): Promise<ApiResult<ImportStarted>>;
  /** The job's status, or the company's latest job's without a job id ({status: 'none'} if none). */
  importStatus(jobId?: number): Promise<ApiResult<ImportStatus>>;
  /** The import template: standard headers, plus one classification's attributes when given. */
  template(classifyId?: number): Promise<ApiResult<ExcelFile>>;
  /** The assets matching the list's filters, as an .xlsx. */
  exportAssets(query?: AssetListQuery): Promise<ApiResult<ExcelFile>>;
}

export function createExcelApi(client: ApiClient): ExcelApi {
  return {
    startImport: (request) =>
      client.request({ method: 'POST', path: 'api/Excel', body: { explain: IMPORT_EXPLAIN, ...request } }),
    importStatus: (jobId) => client.request({ method: 'GET', path: 'api/Excel', query: { jobId } }),
    template: (classifyId) => client.request({ method: 'GET', path: 'api/Excel/Template', query: { classifyId } }),
    exportAssets: (query = {}) =>
      client.request({
        method: 'GET',
        path: 'api/Excel/Export',
        query: {
          search: query.search?.trim() || undefined,
          classify: query.classify,
          affiliatedDept: query.affiliatedDept,
          affiliatedStaff: query.affiliatedStaff,
          status: query.status,
          buyDateFrom: query.buyDateFrom,
          buyDateTo: query.buyDateTo,
          expiryBand: query.expiryBand,
          sortKey: query.sortKey,
          isASC: query.isASC,
        },
      }),
  };
}
