/**
 * Department calls (spec section 7): the tree of a company, whose root is the company itself.
 * Payloads and rules: contract.ts (DepartmentInfo, DepartmentSetRequest).
 */
import type { ApiClient, ApiResult } from './client';
import type { DepartmentInfo, DepartmentListResult, DepartmentSetRequest, IdRequest } from './contract';

export interface DepartmentApi {
  /** Every department the caller sees, parents before children. */
  list(): Promise<ApiResult<DepartmentListResult>>;
  /** The direct children of a department; without one, the tops of the caller's tree. */
  children(parentId?: number): Promise<ApiResult<DepartmentListResult>>;
  /** Creates a department under `parentId` (the root when null). */
  create(deptName: string, parentId: number | null): Promise<ApiResult<DepartmentInfo>>;
  /** Renames a department; the root's name is the company's (admins only). */
  rename(id: number, deptName: string): Promise<ApiResult<DepartmentInfo>>;
  /** Moves a department (with its sub-tree) under another one. */
  move(id: number, parentId: number): Promise<ApiResult<DepartmentInfo>>;
  /** Refused with code 30 and a message naming what still holds it. */
  remove(id: number): Promise<ApiResult<null>>;
}

export function createDepartmentApi(client: ApiClient): DepartmentApi {
  const set = (body: DepartmentSetRequest) =>
    client.request<DepartmentInfo>({ method: 'POST', path: 'api/Department', body });
  return {
    list: () => client.request({ method: 'GET', path: 'api/Department/List' }),
    children: (parentId) =>
      client.request({ method: 'GET', path: 'api/Department/ChildList', query: { affiliatedDept: parentId } }),
    create: (deptName, parentId) => set({ deptName, affiliatedDept: parentId }),
    rename: (id, deptName) => set({ id, deptName }),
    move: (id, parentId) => set({ id, affiliatedDept: parentId }),
    remove: (id) => {
      const body: IdRequest = { id };
      return client.request({ method: 'DELETE', path: 'api/Department', body });
    },
  };
}
