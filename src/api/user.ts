/**
 * Account calls (spec section 7, sub-paths per architecture.md). Every password leaves the
 * client only as the upper-case hex MD5 of what the user typed.
 */
import type { ApiClient, ApiResult } from './client';
import type {
  CodePurpose,
  CodeRequestResult,
  LoginRequest,
  LoginResult,
  RegisterRequest,
  ResetPasswordRequest,
  UpdateUserRequest,
} from './contract';
import { md5Upper } from './md5';

/** A login name: exactly one of a phone number or an email address. */
export type AccountName = { phoneNumber: string; email?: never } | { email: string; phoneNumber?: never };

export interface RegisterInput {
  account: AccountName;
  /** As typed; hashed here. */
  password: string;
  companyName: string;
  checkCode: string;
}

export interface ResetPasswordInput {
  account: AccountName;
  password: string;
  checkCode: string;
}

export interface UserApi {
  requestCheckCode(account: AccountName, purpose: CodePurpose): Promise<ApiResult<CodeRequestResult>>;
  register(input: RegisterInput): Promise<ApiResult<null>>;
  resetPassword(input: ResetPasswordInput): Promise<ApiResult<null>>;
  login(account: AccountName, password: string): Promise<ApiResult<LoginResult>>;
  logout(): Promise<ApiResult<null>>;
  current(): Promise<ApiResult<LoginResult>>;
  /** Resolves to the refreshed login result. */
  renameCompany(id: number, companyName: string): Promise<ApiResult<LoginResult>>;
  /** Resolves to the refreshed login result; the server ends the user's other sessions. */
  changePassword(id: number, oldPassword: string, newPassword: string): Promise<ApiResult<LoginResult>>;
}

export function createUserApi(client: ApiClient): UserApi {
  return {
    requestCheckCode: (account, purpose) =>
      client.request({ method: 'GET', path: 'api/User', query: { ...account, purpose }, auth: false }),
    register: ({ account, password, companyName, checkCode }) => {
      const body: RegisterRequest = { ...account, password: md5Upper(password), companyName, checkCode };
      return client.request({ method: 'POST', path: 'api/User/Register', body, auth: false });
    },
    resetPassword: ({ account, password, checkCode }) => {
      const body: ResetPasswordRequest = { ...account, password: md5Upper(password), checkCode };
      return client.request({ method: 'POST', path: 'api/User/ResetPassword', body, auth: false });
    },
    login: (account, password) => {
      const body: LoginRequest = { ...account, password: md5Upper(password) };
      return client.request({ method: 'POST', path: 'api/Login', body, auth: false });
    },
    logout: () => client.request({ method: 'POST', path: 'api/Logout' }),
    current: () => client.request({ method: 'GET', path: 'api/User/Current' }),
    renameCompany: (id, companyName) => {
      const body: UpdateUserRequest = { id, companyName };
      return client.request({ method: 'POST', path: 'api/User/Update', body });
    },
    changePassword: (id, oldPassword, newPassword) => {
      const body: UpdateUserRequest = { id, password: md5Upper(newPassword), oldPwd: md5Upper(oldPassword) };
      return client.request({ method: 'POST', path: 'api/User/Update', body });
    },
  };
}
