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
  /** The record does not exist, or belongs to another company, or lies outside the caller's scope. */
  recordNotFound: 28,
  /** A name or number that must be unique already exists (role name, job number, ...). */
  duplicate: 29,
  /** Deletion refused: something still holds the record (the message says what). */
  inUse: 30,
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
  /** Admins: 'All'. Sub-users: the scope their sub-user was opened with. */
  authorizationType: AuthorizationType;
  /**
   * The departments of the scope, each standing for itself and its sub-departments:
   * 'Custom' the chosen ones, 'Dept' the staff member's own department (none when the staff
   * member has no department), 'All' none listed.
   */
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

// ---- Organisation and access (api/Department, api/Staff, api/Role, api/Permission, ----
// ---- api/ChildUser, api/User/ChildRegister|Enable, DELETE api/User) -----------------
//
// Who may call what (server/modules/access decides, in one place):
// - Reads of departments and staff: any logged-in user of the company, within their scope.
// - Writes of departments and staff, and everything about sub-users: admins, and sub-users
//   holding 302 (organization) within their scope. Such a sub-user cannot grant more than
//   they hold (permissions, scope), cannot manage a sub-user who holds more than they do,
//   and cannot change or close their own sub-user.
// - Reads of roles: admins and 302 holders (to pick a role when opening a sub-user).
//   Writes of roles: admins of a VIP company (IsVip).
// - The permission catalogue: any logged-in user.
// - Scope: 'All' sees every department, 'Dept' the staff member's own department and its
//   sub-departments, 'Custom' the chosen departments and their sub-departments. Staff
//   without a department are seen by admins only. An id of another company, or outside the
//   caller's scope, answers 28 exactly as a missing id does.
// DELETE calls take `id` in the query string or in a JSON body.

/** Page sizes of paged lists (spec section 9): default 50. */
export const PAGE_SIZES = [20, 50, 100, 200] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 50;

/** Body (or query) of the DELETE calls. */
export interface IdRequest {
  id: number;
}

/** A department. The root (affiliatedDept null) is the company itself, named after it. */
export interface DepartmentInfo {
  id: number;
  deptName: string;
  /** Parent department id; null for the root. */
  affiliatedDept: number | null;
  /** Staff directly in this department (not in its sub-departments). */
  staffCount: number;
}

/**
 * GET api/Department/List → {departments}: every department the caller sees, parents before
 * children (ordered by depth, then name). A scoped sub-user gets only the sub-trees of their
 * scope; a department whose parent is not in the list is a top of the caller's tree.
 * GET api/Department/ChildList?affiliatedDept=ID → {departments}: the direct children of ID;
 * without affiliatedDept, the root alone.
 */
export interface DepartmentListResult {
  departments: DepartmentInfo[];
}

/**
 * POST api/Department → DepartmentInfo.
 * Without id: creates a department; deptName required, affiliatedDept absent or null means
 * under the root.
 * With id: renames (deptName) and/or moves (affiliatedDept) it; absent fields stay. A move
 * into itself or its own sub-tree is refused; a move-only request (no deptName) to its
 * current parent answers "choose another department". The root cannot move; renaming the
 * root renames the company (admins only).
 * DELETE api/Department {id} → null; refused (30, naming what holds it) while it has
 * sub-departments, staff, or sub-users authorized on it; the root cannot be deleted.
 */
export interface DepartmentSetRequest {
  id?: number;
  deptName?: string;
  affiliatedDept?: number | null;
}

export type WorkingStatus = 'active' | 'inactive';

export interface StaffInfo {
  id: number;
  staffName: string;
  /** '' when not given. */
  position: string;
  /** '' when not given; otherwise unique within the company. */
  jobNumber: string;
  affiliatedDept: number | null;
  /** The department's name (the company's for the root); null without a department. */
  deptName: string | null;
  workingStatus: WorkingStatus;
  /** The sub-user's id when one is opened for this staff member. */
  userId: number | null;
  /** Whether that sub-user is enabled; null without a sub-user. */
  userEnabled: boolean | null;
}

export type StaffSortKey = 'id' | 'staffName' | 'position' | 'jobNumber' | 'affiliatedDept' | 'workingStatus';

/**
 * GET api/Staff/List?search=&affiliatedDept=&workingStatus=&sortKey=&isASC=&pageIndex=&pageSize=
 * → {staffs, total}. search matches part of the name, job number or position (any case);
 * affiliatedDept keeps that department and its sub-departments; sortKey defaults to id,
 * isASC (true|false|1|0) to true; pageIndex counts from 1; pageSize one of PAGE_SIZES
 * (default 50). total counts every match, not just the page.
 */
export interface StaffListQuery {
  search?: string;
  affiliatedDept?: number;
  workingStatus?: WorkingStatus;
  sortKey?: StaffSortKey;
  isASC?: boolean;
  pageIndex?: number;
  pageSize?: PageSize;
}

export interface StaffListResult {
  staffs: StaffInfo[];
  total: number;
}

/**
 * GET api/Staff/ChildList?affiliatedDept=ID → {staffs}: the staff directly in department ID,
 * by name, unpaged (pickers). Without affiliatedDept: every staff member the caller sees.
 */
export interface StaffChildListResult {
  staffs: StaffInfo[];
}

/**
 * POST api/Staff → StaffInfo. Without id creates, with id updates; staffName is required
 * either way, absent fields of an update stay, affiliatedDept null means no department
 * (admins only: a sub-user must keep staff inside their scope).
 * DELETE api/Staff {id} → null. A staff member's sub-user is closed with them (its login is
 * deleted and its sessions end) in the same transaction.
 */
export interface StaffSetRequest {
  id?: number;
  staffName: string;
  position?: string;
  jobNumber?: string;
  affiliatedDept?: number | null;
  workingStatus?: WorkingStatus;
}

export interface RoleInfo {
  id: number;
  roleName: string;
  /** Permission codes, ascending. */
  permissions: number[];
  /** Sub-users holding the role. */
  userCount: number;
}

/**
 * GET api/Role/List → {roles} (by name); GET api/Role/Details?roleId= → RoleInfo.
 * POST api/Role {id?, roleName, permissions?} → RoleInfo: creates without id, updates with
 * it; the name is unique per company (any case), codes must be the spec's (PERMISSION codes).
 * DELETE api/Role {id} → null; refused (30) while sub-users hold it.
 */
export interface RoleListResult {
  roles: RoleInfo[];
}

export interface RoleSetRequest {
  id?: number;
  roleName: string;
  permissions?: number[];
}

export type PermissionGroup = 'asset' | 'inventory' | 'system';

/** GET api/Permission/List → {permissions}; GET api/Permission/Details?permissionId=CODE → PermissionInfo. */
export interface PermissionInfo {
  /** The permission code (101 ...). */
  id: number;
  name: { zh: string; en: string };
  group: PermissionGroup;
  groupName: { zh: string; en: string };
}

export interface PermissionListResult {
  permissions: PermissionInfo[];
}

/** A sub-user: a login of its own for one staff member. */
export interface ChildUserInfo {
  id: number;
  staffId: number;
  staffName: string;
  affiliatedDept: number | null;
  phoneNumber: string | null;
  email: string | null;
  /** false once disabled: it can neither log in nor use a session it holds. */
  enabled: boolean;
  roleId: number | null;
  roleName: string | null;
  /** The role's codes, the sub-user's permissions. */
  permissions: number[];
  authorizationType: AuthorizationType;
  /** As in LoginResult: 'Custom' the chosen departments, 'Dept' the staff member's own, 'All' none. */
  authorizedDepts: number[];
}

/**
 * GET api/ChildUser/List → {childUserInfos}: the sub-users of staff the caller sees.
 * GET api/ChildUser/ChildList?childUserId= → {departments}: the departments the sub-user's
 * scope covers, each with its sub-tree implied ('All': the root; 'Dept': the staff member's
 * department; 'Custom': the chosen ones).
 */
export interface ChildUserListResult {
  childUserInfos: ChildUserInfo[];
}

/**
 * POST api/User/ChildRegister → ChildUserInfo.
 * Without id: opens a sub-user for staffId. Needs phoneNumber or email (not yet registered),
 * checkCode (a code requested with GET api/User?...&purpose=register for that account) and
 * password (upper-case hex MD5).
 * With id (the sub-user's id): changes what is given: roleId (null takes the role away),
 * authorizationType/authorizedDepts, the login (a new phoneNumber or email, with a checkCode
 * sent to it; the current one sent again needs none), the password. A new login or password
 * ends the sub-user's sessions; role and scope changes apply from the next request on.
 * authorizationType defaults to 'Dept' when opening; 'Custom' needs at least one department.
 */
export interface ChildRegisterRequest {
  id?: number;
  staffId?: number;
  phoneNumber?: string;
  email?: string;
  checkCode?: string;
  password?: string;
  roleId?: number | null;
  authorizationType?: AuthorizationType;
  authorizedDepts?: number[];
}

/**
 * POST api/User/Enable {id, enable} → ChildUserInfo. enable 0 enables, 1 disables (spec
 * section 4); disabling ends the sub-user's sessions at once (their next call answers 19).
 * DELETE api/User {id} and DELETE api/ChildUser {id} → null: close the sub-user (delete its
 * login and sessions); the staff member stays and can get a new sub-user.
 */
export interface EnableRequest {
  id: number;
  enable: 0 | 1;
}
