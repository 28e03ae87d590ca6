/**
 * Staff calls (spec section 7): the paged, searchable, sortable list and the writes.
 * Payloads and rules: contract.ts (StaffInfo, StaffListQuery, StaffSetRequest).
 */
import type { ApiClient, ApiResult } from './client';
import type {
  IdRequest,
  RecordVersion,
  StaffChildListResult,
  StaffInfo,
  StaffListQuery,
  StaffListResult,
  StaffSetRequest,
} from './contract';

export interface StaffApi {
  /** One page of the staff the caller sees; `total` counts every match. */
  list(query: StaffListQuery): Promise<ApiResult<StaffListResult>>;
  /** Staff directly in a department (every one the caller sees without it), unpaged. */
  children(deptId?: number): Promise<ApiResult<StaffChildListResult>>;
  /** Creates (no id) or updates (id and the version it was loaded at) a staff member. */
  save(staff: StaffSetRequest): Promise<ApiResult<StaffInfo>>;
  /** Deletes a staff member and closes their sub-user; 31 when changed since `version`. */
  remove(id: number, version: RecordVersion): Promise<ApiResult<null>>;
}

export function createStaffApi(client: ApiClient): StaffApi {
  return {
    list: (query) =>
      client.request({
        method: 'GET',
        path: 'api/Staff/List',
        query: {
          search: query.search?.trim() || undefined,
          affiliatedDept: query.affiliatedDept,
          workingStatus: query.workingStatus,
          sortKey: query.sortKey,
          isASC: query.isASC,
          pageIndex: query.pageIndex,
          pageSize: query.pageSize,
        },
      }),
    children: (deptId) =>
      client.request({ method: 'GET', path: 'api/Staff/ChildList', query: { affiliatedDept: deptId } }),
    save: (body) => client.request({ method: 'POST', path: 'api/Staff', body }),
    remove: (id, version) => {
      const body: IdRequest = { id, version };
      return client.request({ method: 'DELETE', path: 'api/Staff', body });
    },
  };
}
