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
