/**
 * The wire contract shared by the API server (server/) and the web client (src/api).
 * Every reply is an envelope `{statusCode, resultInfo}`: statusCode 0 carries the payload
 * in resultInfo; any other code carries the user-facing message (in the language asked for
 * with Accept-Language: zh-CN by default, en) in resultInfo.
 */

export interface Envelope<T = unknown> {
  statusCode: number;
  resultInfo: T;
}

/** Server status codes. Their zh/en messages live in one table in server/errors.ts. */
export const StatusCode = {
  ok: 0,
  internal: 1,
  parameter: 2,
  notFound: 4,
  forbidden: 5,
  alreadyRegistered: 6,
  invalidCheckCode: 7,
  wrongCredentials: 8,
  tooManyAttempts: 10,
  demoForbidden: 14,
  accountDisabled: 15,
  wrongOldPassword: 16,
  sessionInvalid: 19,
  codeTooFrequent: 20,
  invalidPhone: 21,
  invalidEmail: 24,
  accountNotFound: 25,
  companyNameRequired: 26,
  codeSendFailed: 27,
  noExcelImported: 10003,
  staleTemplate: 10009,
} as const;
export type StatusCodeValue = (typeof StatusCode)[keyof typeof StatusCode];

/** Asset authorization scope of a user (spec section 3). */
export type AuthorizationType = 'All' | 'Dept' | 'Custom';

/** The login result (spec section 3), returned by POST api/Login and GET api/User/Current. */
export interface LoginResult {
  Id: number;
  /** Session token; sent back on every call as the `loginID` header. */
  loginID: string;
  CompanyName: string;
  StaffName: string | null;
  staffId: number | null;
  PhoneNumber: string | null;
  Email: string | null;
  templateUserId: number | null;
  IsAdmin: boolean;
  IsVip: boolean;
  /** The seeded demo account: may rename the company, may not change its password. */
  IsDemo: boolean;
  authorizationType: AuthorizationType;
  authorizedDepts: number[];
  /** Permission codes (spec section 6), e.g. 101 asset add ... 302 organization. */
  permissions: number[];
  /** Session expiry, ISO 8601. */
  expiresAt: string;
}

/** Default systemFlag sent with every request (spec section 7). */
export const SYSTEM_FLAG = 'MYGDZC';

/** Request headers carrying the session and the system flag. */
export const LOGIN_ID_HEADER = 'loginID';
export const SYSTEM_FLAG_HEADER = 'systemFlag';

/** Permission codes (spec section 6). An admin holds all of them. */
export const Permission = {
  assetAdd: 101,
  assetEdit: 102,
  assetDelete: 103,
  assetAlter: 104,
  assetReceive: 105,
  assetBorrow: 106,
  assetMaintain: 107,
  assetScrap: 108,
  inventory: 201,
  systemClassification: 301,
  systemOrganization: 302,
} as const;
export const ALL_PERMISSIONS: readonly number[] = Object.values(Permission);

// ---- Accounts (api/User, api/Login, api/Logout) --------------------------------------
// An account is a phone number or an email. Each request names it with `phoneNumber` or
// `email` (an empty string counts as absent); login also accepts `account`, either kind.
// `password`, `oldPwd`: upper-case hex MD5 of the password (32 characters).

/** Why a verification code is requested: `register` needs a new account, `reset` an existing one. */
export type CodePurpose = 'register' | 'reset';

/** GET api/User?phoneNumber=|email=&purpose= → CodeRequestResult. */
export interface CodeRequestResult {
  /** The client's resend countdown, in seconds. */
  resendAfterSeconds: number;
}

/** POST api/User/Register → resultInfo null. Creates the company and its admin user. */
export interface RegisterRequest {
  phoneNumber?: string;
  email?: string;
  password: string;
  companyName: string;
  /** 6 digits. */
  checkCode: string;
}

/** POST api/User/ResetPassword → resultInfo null. Ends every session of the user. */
export interface ResetPasswordRequest {
  phoneNumber?: string;
  email?: string;
  password: string;
  checkCode: string;
}

/** POST api/Login → LoginResult. */
export interface LoginRequest {
  phoneNumber?: string;
  email?: string;
  account?: string;
  password: string;
}

/**
 * POST api/User/Update → LoginResult (refreshed). `id` is the caller's own user id.
 * companyName: admins and the demo account only. password needs oldPwd; not for the demo
 * account; ends the user's other sessions.
 */
export interface UpdateUserRequest {
  id: number;
  companyName?: string;
  password?: string;
  oldPwd?: string;
}

/** POST api/Logout → resultInfo null; GET api/User/Current → LoginResult; GET api/health → statusCode 0. */
