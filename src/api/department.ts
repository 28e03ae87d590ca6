/**
 * Department calls (spec section 7): the tree of a company, whose root is the company itself.
 * Payloads and rules: contract.ts (DepartmentInfo, DepartmentSetRequest).
 */
import type { ApiClient, ApiResult } from './client';
import type { DepartmentInfo, DepartmentListResult, DepartmentSetRequest, IdRequest, RecordVersion } from './contract';

export interface DepartmentApi {
  /** Every department the caller sees, parents before children. */
  list(): Promise<ApiResult<DepartmentListResult>>;
  /** The direct children of a department; without one, the tops of the caller's tree. */
  children(parentId?: number): Promise<ApiResult<DepartmentListResult>>;
  /** Creates a department under `parentId` (the root when null). */
  create(deptName: string, parentId: number | null): Promise<ApiResult<DepartmentInfo>>;
  /** Renames a department; the root's name is the company's (admins only). 31 when changed since `version`. */
  rename(id: number, version: RecordVersion, deptName: string): Promise<ApiResult<DepartmentInfo>>;
  /** Moves a department (with its sub-tree) under another one. 31 when changed since `version`. */
  move(id: number, version: RecordVersion, parentId: number): Promise<ApiResult<DepartmentInfo>>;
  /** Refused with code 30 and a message naming what still holds it; 31 when changed since `version`. */
  remove(id: number, version: RecordVersion): Promise<ApiResult<null>>;
}

export function createDepartmentApi(client: ApiClient): DepartmentApi {
  const set = (body: DepartmentSetRequest) =>
    client.request<DepartmentInfo>({ method: 'POST', path: 'api/Department', body });
  return {
    list: () => client.request({ method: 'GET', path: 'api/Department/List' }),
    children: (parentId) =>
      client.request({ method: 'GET', path: 'api/Department/ChildList', query: { affiliatedDept: parentId } }),
    create: (deptName, parentId) => set({ deptName, affiliatedDept: parentId }),
    rename: (id, version, deptName) => set({ id, version, deptName }),
    move: (id, version, parentId) => set({ id, version, affiliatedDept: parentId }),
    remove: (id, version) => {
      const body: IdRequest = { id, version };
      return client.request({ method: 'DELETE', path: 'api/Department', body });
    },
  };
}
