/**
 * Role and permission calls (spec section 7). Reading roles needs an admin or 302 (the
 * sub-user form picks a role); writing them needs an admin of a VIP company.
 */
import type { ApiClient, ApiResult } from './client';
import type { IdRequest, PermissionListResult, RecordVersion, RoleInfo, RoleListResult, RoleSetRequest } from './contract';

export interface RoleApi {
  list(): Promise<ApiResult<RoleListResult>>;
  details(roleId: number): Promise<ApiResult<RoleInfo>>;
  /**
   * Creates (no id) or renames / re-permissions (id and the version it was loaded at) a role;
   * a taken name answers 29, a role changed since that version 31.
   */
  save(role: RoleSetRequest): Promise<ApiResult<RoleInfo>>;
  /** Refused with code 30 while sub-users hold the role; 31 when changed since `version`. */
  remove(id: number, version: RecordVersion): Promise<ApiResult<null>>;
  /** The permission catalogue: codes, zh/en names and groups. */
  permissions(): Promise<ApiResult<PermissionListResult>>;
}

export function createRoleApi(client: ApiClient): RoleApi {
  return {
    list: () => client.request({ method: 'GET', path: 'api/Role/List' }),
    details: (roleId) => client.request({ method: 'GET', path: 'api/Role/Details', query: { roleId } }),
    save: (body) => client.request({ method: 'POST', path: 'api/Role', body }),
    remove: (id, version) => {
      const body: IdRequest = { id, version };
      return client.request({ method: 'DELETE', path: 'api/Role', body });
    },
    permissions: () => client.request({ method: 'GET', path: 'api/Permission/List' }),
  };
}
