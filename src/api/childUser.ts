/**
 * Sub-user calls (spec sections 4 and 7): open one for a staff member, change it, enable or
 * disable it (enable 0 enables, 1 disables), close it. Passwords leave the client only as
 * the upper-case hex MD5 of what the user typed.
 */
import type { ApiClient, ApiResult } from './client';
import type {
  AuthorizationType,
  ChildRegisterRequest,
  ChildUserInfo,
  ChildUserListResult,
  DepartmentListResult,
  EnableRequest,
  IdRequest,
  RecordVersion,
} from './contract';
import { md5Upper } from './md5';
import type { AccountName } from './user';

export interface SubUserScope {
  authorizationType: AuthorizationType;
  /** 'Custom' only: the chosen departments (each with its sub-tree). */
  authorizedDepts: number[];
}

export interface OpenSubUserInput extends SubUserScope {
  staffId: number;
  account: AccountName;
  checkCode: string;
  /** As typed; hashed here. */
  password: string;
  roleId: number | null;
}

/** What to change; absent parts stay. A new login needs a code sent to it. */
export interface ChangeSubUserInput {
  roleId?: number | null;
  scope?: SubUserScope;
  login?: { account: AccountName; checkCode: string };
  /** As typed; hashed here. */
  password?: string;
}

export interface ChildUserApi {
  list(): Promise<ApiResult<ChildUserListResult>>;
  /** The departments a sub-user's scope covers ('All': the root). */
  departments(childUserId: number): Promise<ApiResult<DepartmentListResult>>;
  open(input: OpenSubUserInput): Promise<ApiResult<ChildUserInfo>>;
  /** Changes a sub-user as loaded at `version` (31 when it changed since). */
  change(id: number, version: RecordVersion, input: ChangeSubUserInput): Promise<ApiResult<ChildUserInfo>>;
  /** Disabling ends the sub-user's sessions at once. 31 when changed since `version`. */
  setEnabled(id: number, version: RecordVersion, enabled: boolean): Promise<ApiResult<ChildUserInfo>>;
  /** Closes the sub-user (deletes its login); the staff member stays. 31 when changed since `version`. */
  close(id: number, version: RecordVersion): Promise<ApiResult<null>>;
}

export function createChildUserApi(client: ApiClient): ChildUserApi {
  const register = (body: ChildRegisterRequest) =>
    client.request<ChildUserInfo>({ method: 'POST', path: 'api/User/ChildRegister', body });
  return {
    list: () => client.request({ method: 'GET', path: 'api/ChildUser/List' }),
    departments: (childUserId) =>
      client.request({ method: 'GET', path: 'api/ChildUser/ChildList', query: { childUserId } }),
    open: ({ staffId, account, checkCode, password, roleId, authorizationType, authorizedDepts }) =>
      register({
        staffId,
        ...account,
        checkCode: checkCode.trim(),
        password: md5Upper(password),
        roleId,
        authorizationType,
        authorizedDepts: authorizationType === 'Custom' ? authorizedDepts : [],
      }),
    change: (id, version, { roleId, scope, login, password }) =>
      register({
        id,
        version,
        ...(roleId !== undefined ? { roleId } : {}),
        ...(scope
          ? {
              authorizationType: scope.authorizationType,
              authorizedDepts: scope.authorizationType === 'Custom' ? scope.authorizedDepts : [],
            }
          : {}),
        ...(login ? { ...login.account, checkCode: login.checkCode.trim() } : {}),
        ...(password !== undefined ? { password: md5Upper(password) } : {}),
      }),
    setEnabled: (id, version, enabled) => {
      const body: EnableRequest = { id, version, enable: enabled ? 0 : 1 };
      return client.request({ method: 'POST', path: 'api/User/Enable', body });
    },
    close: (id, version) => {
      const body: IdRequest = { id, version };
      return client.request({ method: 'DELETE', path: 'api/ChildUser', body });
    },
  };
}
