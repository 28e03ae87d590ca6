/**
 * The dashboard's figures (spec section 1): GET api/Dashboard → DashboardInfo, computed by
 * the server over the assets within the caller's scope.
 */
import type { ApiClient, ApiResult } from './client';
import type { DashboardInfo } from './contract';

export interface DashboardApi {
  figures(): Promise<ApiResult<DashboardInfo>>;
}

export function createDashboardApi(client: ApiClient): DashboardApi {
  return {
    figures: () => client.request({ method: 'GET', path: 'api/Dashboard' }),
  };
}
