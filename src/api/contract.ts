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
  /**
   * A save or delete named a record version that is no longer the record's: someone else
   * changed it meanwhile, and nothing was written ("reload it"). See RecordVersion.
   */
  recordChanged: 31,
  noExcelImported: 10003,
  /** Import: the file is not .xlsx, .xls or .csv (by suffix or by content). */
  importWrongType: 10004,
  /** Import: the file is larger than IMPORT_MAX_BYTES. */
  importTooLarge: 10005,
  /** Import: the file could not be read as a spreadsheet ("File parsing exception occurred: {0}"). */
  importParseFailed: 10006,
  /**
   * Import: the company already has an import running. Also a save, delete or transaction of
   * an asset that a running import is changing (its change staged or not yet applied): nothing
   * is written; try again when the import has finished.
   */
  importBusy: 10007,
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
  /** The seeded demo account: may neither rename its (shared) company nor change its password. */
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
  /** Private label templates: gives the sub-user the company's template user (templateUserId). */
  labelTemplates: 303,
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

/**
 * Record versions (optimistic concurrency; README "Concurrent edits"). Every record a form
 * edits — asset, classification, department, staff member, role, sub-user — carries
 * `version`: 1 when created, one more with every write (imports updating an asset included).
 * Lists and details return it. Updates (POST with id, POST api/User/Enable) and deletes take
 * the `version` the client loaded; when the record no longer has it, the call answers 31
 * (recordChanged: "This record was changed by someone else; reload it.") and writes nothing.
 * A call without `version` writes unconditionally (last write wins): clients written to the
 * spec's section 7, which knows no versions, keep working. The web app always sends it.
 */
export type RecordVersion = number;

/** Body (or query) of the DELETE calls; `version` as in RecordVersion. */
export interface IdRequest {
  id: number;
  version?: RecordVersion;
}

/** A department. The root (affiliatedDept null) is the company itself, named after it. */
export interface DepartmentInfo {
  id: number;
  deptName: string;
  /** Parent department id; null for the root. */
  affiliatedDept: number | null;
  /** Staff directly in this department (not in its sub-departments). */
  staffCount: number;
  /** RecordVersion; the root's changes when the company is renamed through it. */
  version: RecordVersion;
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
  /** With id: the version the change is based on (RecordVersion). */
  version?: RecordVersion;
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
  /** RecordVersion of the staff record (its sub-user has its own). */
  version: RecordVersion;
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
  /** With id: the version the change is based on (RecordVersion). */
  version?: RecordVersion;
}

export interface RoleInfo {
  id: number;
  roleName: string;
  /** Permission codes, ascending. */
  permissions: number[];
  /** Sub-users holding the role. */
  userCount: number;
  /** RecordVersion: name and permissions are one record, saved together. */
  version: RecordVersion;
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
  /** With id: the version the change is based on (RecordVersion). */
  version?: RecordVersion;
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
  /** RecordVersion: role, scope, login, password and the enabled state. */
  version: RecordVersion;
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
  /** With id: the version the change is based on (RecordVersion). */
  version?: RecordVersion;
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
  /** RecordVersion of the sub-user. */
  version?: RecordVersion;
}

// ---- The asset register (api/AssetClassify, api/Asset, api/asset/count, api/Dashboard, --
// ---- api/File, api/Excel) ----------------------------------------------------------------
//
// Who may call what (server/modules/access decides):
// - Reads (classifications, the asset list and details, the dashboard, export, pictures):
//   any logged-in user of the company, assets within their scope. Assets follow the staff
//   rule: a sub-user sees the assets of the departments of their scope; assets without a
//   department are seen by admins only.
// - Classification writes: 301. Asset create: 101, update: 102, delete: 103. Bulk import:
//   101 (rows updating an existing asset also need 102). Picture upload: 101 or 102.
// - An asset id (or code) of another company or outside the caller's scope answers 28
//   exactly as a missing one does.
// Money is in yuan with 2 decimals, sent as JSON numbers; dates are 'YYYY-MM-DD'; times 'HH:mm' or 'HH:mm:ss'.

/** Custom attribute types of a classification (spec section 3). */
export const AttributeType = { text: 0, select: 1, date: 2, time: 3 } as const;
export type AttributeTypeValue = (typeof AttributeType)[keyof typeof AttributeType];

/** One custom attribute of a classification; `items` only (and required) for Select. */
export interface ClassifyAttribute {
  name: string;
  attributeType: AttributeTypeValue;
  items?: string[];
}

export interface AssetClassifyInfo {
  id: number;
  classifyName: string;
  attributes: ClassifyAttribute[];
  /** Assets in this classification (within the whole company). */
  assetCount: number;
  /** The label template its assets are printed with by default (api/AssetClassify/DefaultTemplate); null: none. */
  defaultTemplateId: number | null;
  /** RecordVersion: name and attributes are one record, saved together. */
  version: RecordVersion;
}

/**
 * GET api/AssetClassify/List → {assetClassifys} (by name);
 * GET api/AssetClassify/Details?assetClassifyId= → AssetClassifyInfo.
 * POST api/AssetClassify {id?, classifyName, attributes?} → AssetClassifyInfo (301): creates
 * without id, updates with it (absent attributes stay). The name is required and unique per
 * company in any letter case ("Classification name already exists", 29); attribute names and
 * Select items are non-empty and unique; a Select needs items; an attribute name cannot be
 * one of the import/export column names (IMPORT_COLUMNS, either language).
 * DELETE api/AssetClassify {id} → null (301); refused (30, naming the count) while assets use it.
 */
export interface AssetClassifyListResult {
  assetClassifys: AssetClassifyInfo[];
}

export interface AssetClassifySetRequest {
  id?: number;
  classifyName: string;
  attributes?: ClassifyAttribute[];
  /** With id: the version the change is based on (RecordVersion). */
  version?: RecordVersion;
}

/** Asset use status codes (spec section 3). */
export const AssetUseStatus = { none: 0, unused: 2, using: 4, borrowed: 8, maintain: 16, discard: 32 } as const;
export type AssetUseStatusValue = (typeof AssetUseStatus)[keyof typeof AssetUseStatus];

/**
 * Expiry bands (spec section 9), each disjoint: expired (the date has passed), within7
 * (0 to 7 days left), within30 (8 to 30), within90 (31 to 90), later (more than 90), none
 * (no expiry date).
 */
export const EXPIRY_BANDS = ['expired', 'within7', 'within30', 'within90', 'later', 'none'] as const;
export type ExpiryBand = (typeof EXPIRY_BANDS)[number];

export interface AssetExpiry {
  /** The effective expiry date: expireDate, else buyDate + lossCycle calendar months; null without either. */
  date: string | null;
  band: ExpiryBand;
  /** Days left (0 on the day itself) or, when expired, days since; null for 'none'. */
  days: number | null;
  /** "will expire on {date}, N days left" / "expired N days", in the caller's language; '' for 'none'. */
  text: string;
}

export interface AssetInfo {
  id: number;
  assetCoding: string;
  assetName: string;
  specifications: string;
  unit: string;
  supplier: string;
  buyDate: string | null;
  /** Yuan. */
  buyPrice: number | null;
  /** Yuan: the residual value, where the depreciation ends (README "Asset value and expiry"). */
  surplusValue: number | null;
  /** Months. null: not depreciated; 0: written down to the residual value on the buy date. */
  lossCycle: number | null;
  /** As entered; see expiry.date for the effective one. */
  expireDate: string | null;
  affiliatedDept: number | null;
  deptName: string | null;
  affiliatedStaff: number | null;
  staffName: string | null;
  depositSite: string;
  classify: number | null;
  classifyName: string | null;
  /** The picture's file id (POST api/File/Upload) and its address (GET, with the session). */
  pictureId: number | null;
  picture: string | null;
  epc: string;
  tid: string;
  /** Custom attribute values by attribute name, for the current attributes of the classification. */
  attributeValues: Record<string, string>;
  /** The stored status of the last transaction; null until transactions exist. */
  useStatus: AssetUseStatusValue | null;
  /** The effective status: useStatus, else 4 (in use) with a staff assignee, else 2 (unused). */
  status: AssetUseStatusValue;
  /**
   * Remaining value in yuan (README "Asset value and expiry"): straight-line, day by day, from
   * buyPrice on buyDate down to surplusValue (never below min(buyPrice, surplusValue)) at the
   * end of lossCycle calendar months; buyPrice itself without a buy date or a life.
   */
  currentValue: number | null;
  expiry: AssetExpiry;
  createdAt: string;
  updatedAt: string;
  /** RecordVersion; an import row updating the asset counts as a write. */
  version: RecordVersion;
  /** When its label was last printed (POST api/AssetLabel/Printed), ISO instant; null: never. */
  labelPrintedAt: string | null;
  /** How many times its label was printed. */
  labelPrintCount: number;
}

export type AssetSortKey =
  | 'id'
  | 'assetCoding'
  | 'assetName'
  | 'specifications'
  | 'unit'
  | 'supplier'
  | 'buyDate'
  | 'buyPrice'
  | 'surplusValue'
  | 'lossCycle'
  | 'expireDate'
  | 'affiliatedDept'
  | 'affiliatedStaff'
  | 'depositSite'
  | 'classify'
  | 'status'
  | 'currentValue'
  | 'epc'
  | 'tid'
  | 'createdAt'
  | 'updatedAt';

/**
 * GET api/Asset?... → AssetListResult. GET api/Excel/Export takes the same filters.
 * search matches part of the code, name, specifications, unit, supplier, location, EPC or
 * TID (any case). affiliatedDept keeps that department and its sub-departments. status and
 * expiryBand take one value or several separated by commas (any of them). buyDateFrom/To are
 * inclusive. sortKey defaults to id, isASC to true; pageIndex counts from 1; pageSize one of
 * PAGE_SIZES (default 50). expiryBand is evaluated against the server's today.
 */
export interface AssetListQuery {
  search?: string;
  classify?: number;
  affiliatedDept?: number;
  affiliatedStaff?: number;
  status?: string;
  buyDateFrom?: string;
  buyDateTo?: string;
  expiryBand?: string;
  sortKey?: AssetSortKey;
  isASC?: boolean;
  pageIndex?: number;
  pageSize?: PageSize;
}

export interface AssetListResult {
  assets: AssetInfo[];
  /** Every match, not just the page. */
  filterAssetCount: number;
}

/**
 * POST api/Asset → AssetInfo. Without id creates (101), with id updates (102; absent fields
 * stay, null clears). assetName is required; assetCoding is unique per company (29) and,
 * when left empty on create, generated ('ZC' + a number). affiliatedDept defaults to the
 * staff member's department; an asset without a department is for admins only. An update
 * cannot change affiliatedDept, affiliatedStaff or depositSite: sent equal to the asset's they
 * are accepted, different they are refused (2, "...change only through an alter, receive,
 * borrow or return transaction"): POST api/Business does that (BusinessSetRequest). picture takes
 * a file id or its address. attributeValues are checked against the classification:
 * unknown names, a Select value outside its items, a bad Date or Time are refused (2).
 * GET api/Asset/details?id= → AssetInfo.
 * DELETE api/Asset {id} → null (103).
 * POST api/Asset/DeleteAll {ids, versions?} → {deleted} (103): all or nothing; any id missing or
 * out of scope deletes none and answers 28, any asset changed since its version was read
 * deletes none and answers 31.
 * `loginFlag` is accepted and ignored on every call.
 */
export interface AssetSetRequest {
  id?: number;
  assetCoding?: string;
  assetName?: string;
  specifications?: string;
  unit?: string;
  supplier?: string;
  buyDate?: string | null;
  buyPrice?: number | string | null;
  surplusValue?: number | string | null;
  lossCycle?: number | string | null;
  expireDate?: string | null;
  affiliatedDept?: number | null;
  affiliatedStaff?: number | null;
  depositSite?: string;
  classify?: number | null;
  picture?: number | string | null;
  epc?: string;
  tid?: string;
  attributeValues?: Record<string, string>;
  /** With id: the version the change is based on (RecordVersion). */
  version?: RecordVersion;
}

export interface AssetDeleteAllRequest {
  ids: number[];
  /** The versions of the assets, in the order of ids (RecordVersion); absent: not checked. */
  versions?: RecordVersion[];
}

/** GET api/asset/count and GET api/Dashboard → DashboardInfo: the caller's scope only. */
export interface DashboardInfo {
  totalAssets: number;
  /** Sum of the current (depreciated) values, yuan: the headline "total asset value". */
  totalValue: number;
  /** Sum of the purchase prices, yuan. */
  totalBuyPrice: number;
  /** Assets whose effective expiry date has passed. */
  expiredAssets: number;
  /** Inventory orders pending (2) or in progress (4) that the caller sees. */
  pendingInventoryOrders: number;
  /** Every status code with its count (zeros included), ascending by status. */
  statusCounts: { status: AssetUseStatusValue; count: number }[];
  /** By classification (null: none), by value descending. */
  valueByClassify: { id: number | null; name: string | null; count: number; value: number; buyPrice: number }[];
  /** By the asset's own department (null: none), by value descending. */
  valueByDept: { id: number | null; name: string | null; count: number; value: number; buyPrice: number }[];
}

/** Pictures: png, jpg/jpeg, gif, webp (by their bytes), at most FILE_MAX_BYTES. */
export const FILE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * POST api/File/Upload {fileName, fileData (base64), explain: 2, suffix} → FileInfo.
 * GET api/File/<id> → the picture's bytes (with its Content-Type): with the loginID header, or
 * with ?fileToken= (for <img src>; see FileTokenResult). Readable by admins, by users who see
 * an asset carrying the picture (their scope), and by its uploader; any other id answers 28.
 * The session token itself is never accepted in a URL.
 */
export interface FileUploadRequest {
  fileName: string;
  fileData: string;
  explain?: number;
  suffix: string;
}

/**
 * GET api/File/Token → FileTokenResult: a read-only token for picture addresses
 * (`/api/File/<id>?fileToken=...`). It opens GET api/File/<id> only, lives 5 to 10 minutes
 * (until expiresAt, ISO 8601) and ends with the session; fetch a new one before then.
 */
export interface FileTokenResult {
  fileToken: string;
  expiresAt: string;
}
export const FILE_TOKEN_QUERY = 'fileToken';

export interface FileInfo {
  id: number;
  /** '/api/File/<id>'. */
  url: string;
  fileName: string;
  mimeType: string;
  size: number;
}

/** Import limits (spec section 9): one file, .xlsx .xls or .csv, at most 3 MB. */
export const IMPORT_MAX_BYTES = 3 * 1024 * 1024;
export const IMPORT_SUFFIXES = ['xlsx', 'xls', 'csv'] as const;

/**
 * The import and export columns, in file order, then one column per custom attribute (its
 * name). Headers are written in the caller's language; either language (or these keys) is
 * read back.
 */
export const IMPORT_COLUMNS = [
  'assetCoding',
  'assetName',
  'specifications',
  'unit',
  'supplier',
  'buyDate',
  'buyPrice',
  'lossCycle',
  'department',
  'user',
  'depositSite',
  'classification',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/**
 * POST api/Excel {explain: 3, suffix, fileData (base64), fileName?, allOrNothing?, classifyId?}
 * → ImportStarted; the rows are then checked and saved in the background (poll GET api/Excel).
 * Refusals before that: no file 10003, wrong type 10004, over 3 MB 10005, unreadable 10006,
 * an import already running 10007, a template older than the classification 10009.
 * classifyId: the classification of rows whose classification cell is empty (the template's).
 * Rows: an existing asset code updates that asset; department, user (staff) and
 * classification are matched by name within the caller's scope (a department may also be
 * written as its path 'A/B', a staff member whose name is shared as 'Name(job number)').
 * Every row with a problem is reported with its row number (as the spreadsheet shows it) and
 * the reason; the other rows are saved in one transaction, or none when allOrNothing.
 */
export interface ExcelImportRequest {
  explain?: number;
  suffix: string;
  fileData: string;
  fileName?: string;
  allOrNothing?: boolean;
  classifyId?: number;
}

export interface ImportStarted {
  jobId: number;
  /** Data rows found in the file. */
  totalRows: number;
}

/** Spec section 4: not imported, importing, success, error. */
export type ImportStatusValue = 'none' | 'importing' | 'success' | 'error';

/**
 * GET api/Excel[?jobId=] → ImportStatus of that job, or of the company's latest one
 * ({status: 'none'} when there is none).
 * success: the import ran; every valid row was saved (errors lists the others).
 * error: nothing was saved: allOrNothing with bad rows, no valid row, or a failure (message).
 */
export interface ImportStatus {
  status: ImportStatusValue;
  jobId?: number;
  fileName?: string;
  /** While importing: 'checking' the rows, then 'saving' them. */
  phase?: 'checking' | 'saving';
  /** Rows processed so far and in all (progress = done / total). */
  done?: number;
  total?: number;
  created?: number;
  updated?: number;
  /** Valid rows identical to the asset they name: nothing to write. */
  unchanged?: number;
  errorCount?: number;
  /** The first 1,000 problems; errorCount counts them all. */
  errors?: { row: number; reason: string }[];
  allOrNothing?: boolean;
  message?: string;
  startedAt?: string;
  finishedAt?: string | null;
}

/**
 * GET api/Excel/Template?classifyId= and GET api/Excel/Export?<AssetListQuery filters>
 * → ExcelFile: an .xlsx as base64 in the envelope. With &download=1 the reply is the file
 * itself (Content-Disposition: attachment) instead. Export file name: "asset list" / "资产列表"
 * plus the date. Both carry a hidden sheet naming the classifications' attribute versions,
 * so a file made before a classification changed answers 10009 when imported.
 */
export interface ExcelFile {
  fileName: string;
  fileData: string;
  mimeType: string;
  /** Export: the asset rows written. */
  rowCount?: number;
}

// ---- Label templates (the label base address: api/version/template, api/Template) ------
// Served under /api of the label base address (spec section 7's "second base address"). By
// default that is this same server: the web app is to take it from VITE_TEMPLATE_API_BASE
// (a build setting), else use the API's own base. A template is a .wdfx file (its XML text, kept as it was sent) with a
// name, its size in mm, a thumbnail the engine renders from its first page and a version.
//
// Owners: a company's private templates are kept under its templateUserId (LoginResult: the
// company's id, given to the company owner and to sub-users whose role holds
// Permission.labelTemplates, 303; null for anyone else). General (public) templates, the
// gallery every company sees, are kept under GENERAL_TEMPLATE_OWNER_ID and are read-only:
// duplicate one to change it. A caller without a template user sees no private template and
// is refused (5) on every private call; public reads are open to any logged-in user.
//
//   GET    api/version/template[?scope=private|public]  → TemplateVersionList (both scopes the
//                                                 caller may see when scope is left out)
//   GET    api/Template?templateID=                → TemplateContent (private or public)
//   GET    api/Template/List?scope=private|public&search=&pageIndex=&pageSize=
//                                                 → TemplateListResult (name search, paged)
//   POST   api/Template {templateName?, templateContent} → TemplateInfo (new private template;
//                                                 the name defaults to the label's labelName)
//   POST   api/Template/Save {templateID, version, templateContent, templateName?} → TemplateInfo
//   POST   api/Template/Rename {templateID, version?, templateName} → TemplateInfo
//   POST   api/Template/Duplicate {templateID, templateName?} → TemplateInfo (a new private
//                                                 template from a private or a public one)
//   DELETE api/Template {templateID, version?} (query or body) → null
//   GET    api/Template/Thumbnail/<templateID>[?fileToken=] → image/png (the engine's 1-bit
//                                                 first page at THUMBNAIL dpi), or 28 when none
//
// Versions: 1 when created, one more with every save or rename. Save requires the version
// the client loaded; Rename and DELETE check it when given. A stale version answers 31
// (recordChanged) and writes nothing. Content that readLabel refuses answers 2 with the
// label reader's message in the caller's language, and nothing is stored.

/** The fixed owner id of the general (public) templates (spec section 9). */
export const GENERAL_TEMPLATE_OWNER_ID = 0;
/** Most UTF-8 bytes of a template's content (labels embed pictures and spreadsheets as base64). */
export const TEMPLATE_MAX_BYTES = 4 * 1024 * 1024;
/** Most characters of a template's name. */
export const TEMPLATE_NAME_MAX = 100;

export type TemplateScope = 'private' | 'public';

/** A template without its content (lists). */
export interface TemplateInfo {
  templateID: number;
  templateName: string;
  /** The company's templateUserId, or GENERAL_TEMPLATE_OWNER_ID. */
  ownerId: number;
  scope: TemplateScope;
  /** The label's size in mm (labelWidth x labelHeight of the file). */
  widthMm: number;
  heightMm: number;
  /** UTF-8 bytes of the content. */
  contentSize: number;
  version: number;
  /** '/api/Template/Thumbnail/<id>' (add ?fileToken= for <img src>); null: none could be rendered. */
  thumbnailUrl: string | null;
  createdBy: number | null;
  createdAt: string;
  updatedBy: number | null;
  updatedAt: string;
}

/** GET api/Template → the template with its .wdfx text. */
export interface TemplateContent extends TemplateInfo {
  templateContent: string;
}

export interface TemplateListResult {
  templates: TemplateInfo[];
  /** Templates matching the search, over all pages. */
  total: number;
}

/** GET api/version/template → one item a template the caller sees. */
export interface TemplateVersionItem {
  templateID: number;
  ownerId: number;
  templateName: string;
  version: number;
  updatedAt: string;
}

export interface TemplateVersionList {
  items: TemplateVersionItem[];
}

export interface TemplateCreateRequest {
  templateName?: string;
  templateContent: string;
}

export interface TemplateSaveRequest {
  templateID: number;
  version: number;
  templateContent: string;
  templateName?: string;
}

export interface TemplateRenameRequest {
  templateID: number;
  version?: number;
  templateName: string;
}

export interface TemplateDuplicateRequest {
  templateID: number;
  templateName?: string;
}

// ---- Asset labels (api/AssetLabel, api/AssetLink, api/AssetClassify/DefaultTemplate) -----
// Server: server/routes/asset-label.ts, server/modules/asset-labels/. Client: src/api/assetLabel.ts.
// The fields a label binds, with their zh/en names: src/label/asset-fields.ts.
//
//   GET  api/AssetLabel/Rows?<the asset list's filters>|assetIds=1,2,3&afterId=&limit=
//                                 → AssetLabelRowsResult (any logged-in user, within scope)
//   POST api/AssetLabel/Printed {assetIds, templateId} → AssetLabelPrintedResult
//   POST api/AssetClassify/DefaultTemplate {classifyId, templateId|null} → AssetClassifyInfo (301)
//   GET  api/AssetLink/<token>    → AssetLinkTarget (a session of the asset's company, in scope)

/** Most assets named by one assetIds (GET api/AssetLabel/Rows). */
export const ASSET_LABEL_IDS_MAX = 1000;
/** Most rows of one page of GET api/AssetLabel/Rows (and the default). */
export const ASSET_LABEL_ROWS_MAX = 5000;
/** Most assets of one POST api/AssetLabel/Printed. */
export const ASSET_LABEL_PRINTED_MAX = 5000;
/** The client route an asset link opens: <origin>/a/<token>. */
export const ASSET_LINK_PATH = '/a/';

/**
 * GET api/AssetLabel/Rows: the label rows of the assets that match the asset list's filters
 * (search, classify, affiliatedDept, affiliatedStaff, status, buyDateFrom/To, expiryBand;
 * sortKey and isASC are accepted and ignored), or of the assets named by assetIds (comma list,
 * at most ASSET_LABEL_IDS_MAX; ids outside the caller's scope are left out, not refused), in
 * ascending id order, a page at a time: afterId (the previous page's nextAfterId; absent: from
 * the start) and limit (1 to ASSET_LABEL_ROWS_MAX, default ASSET_LABEL_ROWS_MAX).
 */
export interface AssetLabelRowsQuery {
  search?: string;
  classify?: number;
  affiliatedDept?: number;
  affiliatedStaff?: number;
  status?: string;
  buyDateFrom?: string;
  buyDateTo?: string;
  expiryBand?: string;
  /** Comma list of asset ids; with it the filters above are not used. */
  assetIds?: string;
  afterId?: number;
  limit?: number;
}

/** One asset as a label binds it. */
export interface AssetLabelRow {
  assetId: number;
  classifyId: number | null;
  /**
   * The standard fields by key (ASSET_FIELD_KEYS of src/label/asset-fields.ts) as text ('' when
   * empty): dates YYYY-MM-DD, buyPrice with 2 decimals (yuan), lossCycle in months, department,
   * user and classification by name; then each custom attribute of the classification by name.
   */
  fields: Record<string, string>;
  /** '<origin>/a/<token>': the asset's link for a QR or Data Matrix (opens only with a session of the company). */
  link: string;
}

export interface AssetLabelRowsResult {
  /** Every asset matching the query (all pages). */
  total: number;
  rows: AssetLabelRow[];
  /** The afterId of the next page; null after the last one. */
  nextAfterId: number | null;
}

/**
 * POST api/AssetLabel/Printed: the labels of these assets were handed to the printer with
 * this template (a template the caller may read). Records the server's time as each asset's
 * labelPrintedAt and counts one more print (labelPrintCount); not an edit (version stays). All
 * or nothing: an id missing or outside the caller's scope answers 28 and records none.
 */
export interface AssetLabelPrintedRequest {
  assetIds: number[];
  templateId: number;
}

export interface AssetLabelPrintedResult {
  /** Assets recorded (ids given twice count once). */
  recorded: number;
  /** The time recorded, ISO instant. */
  printedAt: string;
}

/**
 * POST api/AssetClassify/DefaultTemplate (301): sets (templateId) or clears (null) the label
 * template a classification's assets are printed with by default; the template must be one
 * the caller may read (a general one, or a private one with a template user). Not an edit of
 * the classification (its version stays).
 */
export interface AssetClassifyDefaultTemplateRequest {
  classifyId: number;
  templateId: number | null;
}

/** GET api/AssetLink/<token> → the asset the link names (28 for anything else, 19 without a session). */
export interface AssetLinkTarget {
  assetId: number;
}

// ---- Asset transactions (api/Business, api/BusinessAssetList, api/BusinessVersion) -------
// Server: server/routes/business.ts, server/modules/transactions/. README "Asset transactions".

/**
 * The transaction types (spec section 3's names): Using receive (领用), Borrowed borrow (借用),
 * Return return (归还), Maintain maintenance (维修), Discard scrap (报废), Alter alter (变更).
 */
export const BUSINESS_TYPES = ['Using', 'Borrowed', 'Return', 'Maintain', 'Discard', 'Alter'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/**
 * The permission each type needs (spec section 6). A return needs the permission of the
 * transaction it ends (receive 105, borrow 106, maintenance 107), checked per asset.
 */
export const BUSINESS_PERMISSION: Record<Exclude<BusinessType, 'Return'>, number> = {
  Alter: Permission.assetAlter,
  Using: Permission.assetReceive,
  Borrowed: Permission.assetBorrow,
  Maintain: Permission.assetMaintain,
  Discard: Permission.assetScrap,
};

/**
 * POST api/Business {..., loginFlag?} → BusinessDetails: one transaction over `assetIds`, all
 * or nothing (one asset refused: none changes, nothing is recorded).
 * - businessTime: ISO 8601 instant; absent: the server's now. Not earlier than the server's
 *   now minus 5 minutes (the form's time is taken when it opens).
 * - Using and Borrowed need affiliatedDept and affiliatedStaff (the person); the assets move
 *   to them, and to depositSite when given.
 * - Return: the assets go back to the status, person, department and place they had before
 *   the receive, borrow or maintenance it ends; affiliatedDept / depositSite, when given,
 *   say where they go instead.
 * - Maintain / Discard: status only (depositSite, when given, moves them, e.g. to the repair shop).
 * - Alter: affiliatedDept, affiliatedStaff (null: no user) and depositSite, each absent =
 *   unchanged; refused as "No changes made." when no asset would change.
 * - repairCost: yuan, at least 0, 2 decimals (number or numeric text).
 * Every asset carries its own version bump; `versions` (optional, in the order of assetIds)
 * refuses with 31 when an asset changed since it was loaded.
 */
export interface BusinessSetRequest {
  type: BusinessType;
  assetIds: number[];
  versions?: number[];
  businessTime?: string;
  affiliatedDept?: number | null;
  affiliatedStaff?: number | null;
  depositSite?: string;
  reason?: string;
  planReturnTime?: string | null;
  repairCost?: number | string | null;
  remark?: string;
}

/** A transaction record (a business record). */
export interface BusinessInfo {
  id: number;
  type: BusinessType;
  /** ISO instant of the transaction (as entered). */
  businessTime: string;
  /** ISO instant it was recorded. */
  createdAt: string;
  operatorId: number | null;
  /** The operator's staff name, or their login for an admin without one (as it was then). */
  operatorName: string;
  affiliatedDept: number | null;
  deptName: string | null;
  affiliatedStaff: number | null;
  staffName: string | null;
  depositSite: string;
  reason: string;
  planReturnTime: string | null;
  /** Yuan. */
  repairCost: number | null;
  remark: string;
  /** Records are never edited: always 1 (a record version, as the other records carry). */
  version: number;
  /** Assets in the record that the reader sees (scope). */
  assetCount: number;
}

/** One asset of a record (BusinessAssetList): the asset as it was before and after. */
export interface BusinessAssetLine {
  id: number;
  businessId: number;
  assetId: number;
  /** Code and name when recorded (the asset may be deleted since). */
  assetCoding: string;
  assetName: string;
  statusBefore: AssetUseStatusValue;
  statusAfter: AssetUseStatusValue;
  deptBefore: number | null;
  deptNameBefore: string | null;
  deptAfter: number | null;
  deptNameAfter: string | null;
  staffBefore: number | null;
  staffNameBefore: string | null;
  staffAfter: number | null;
  staffNameAfter: string | null;
  siteBefore: string;
  siteAfter: string;
  /** The fields that changed: any of 'status', 'affiliatedDept', 'affiliatedStaff', 'depositSite'. */
  changedFields: BusinessChangedField[];
}

export type BusinessChangedField = 'status' | 'affiliatedDept' | 'affiliatedStaff' | 'depositSite';

/** GET api/Business/Details?businessId= → the record and its lines (those the reader sees). */
export interface BusinessDetails extends BusinessInfo {
  assets: BusinessAssetLine[];
}

/**
 * GET api/Business (and api/Business/List) ?type=Using,Borrowed&timeFrom=&timeTo=&affiliatedStaff=
 * &assetId=&search=&isASC=&pageIndex=&pageSize= → BusinessListResult, newest first (isASC=true:
 * oldest first). timeFrom/timeTo: ISO instants or YYYY-MM-DD (a day from its start, to its
 * end, in the server's TIME_ZONE); search: asset code or name.
 */
export interface BusinessListResult {
  businesses: BusinessInfo[];
  filterBusinessCount: number;
}

/**
 * GET api/BusinessAssetList?assetId= → an asset's history, newest first: each line with its record.
 * GET api/BusinessAssetList?businessId= → the lines of one record (BusinessAssetLine[], as in Details).
 */
export interface BusinessHistoryEntry extends BusinessAssetLine {
  business: BusinessInfo;
}

/** GET api/BusinessVersion → the company's newest record id in the reader's view (0: none); poll to know a list is stale. */
export interface BusinessVersionInfo {
  version: number;
}

// ---- Inventory counts (api/Anlageninventur, api/InventoryAsset, api/AnlageninventurVersion) ----
// Server: server/routes/inventory.ts, server/modules/inventory/. Client: src/api/inventory.ts.
// Every call needs permission 201 (Permission.inventory; an admin holds it).

/** Order statuses (spec section 4): 2 pending, 4 in progress, 8 completed, 128 not complete. */
export const InventoryOrderStatus = { pending: 2, inProgress: 4, completed: 8, notComplete: 128 } as const;
export type InventoryOrderStatusValue = (typeof InventoryOrderStatus)[keyof typeof InventoryOrderStatus];
export const INVENTORY_ORDER_STATUSES: readonly InventoryOrderStatusValue[] = [2, 4, 8, 128];

/** Line results (spec section 4): 0 pending, 2 normal, 4 surplus, 8 shortage. */
export const InventoryResult = { pending: 0, normal: 2, surplus: 4, shortage: 8 } as const;
export type InventoryResultValue = (typeof InventoryResult)[keyof typeof InventoryResult];
export const INVENTORY_RESULTS: readonly InventoryResultValue[] = [0, 2, 4, 8];

/** The lines of an order by result. */
export interface InventoryCounts {
  total: number;
  pending: number;
  normal: number;
  surplus: number;
  shortage: number;
}

/** What an order counts: empty lists mean "any". */
export interface InventoryScope {
  /** Departments, each with its sub-departments. Empty: an admin's order over the whole company. */
  departmentIds: number[];
  classifyIds: number[];
  /** Deposit sites, compared exactly (trimmed). */
  places: string[];
}

/** An inventory order (Anlageninventur). */
export interface InventoryOrderInfo {
  id: number;
  name: string;
  status: InventoryOrderStatusValue;
  scope: InventoryScope;
  remark: string;
  /** ISO instant. */
  createdAt: string;
  creatorId: number | null;
  /** The creator's staff name, or their login (as it was then). */
  creatorName: string;
  /** ISO instant of Finish; null while pending or in progress. */
  finishedAt: string | null;
  counts: InventoryCounts;
  /** Changes when the order itself changes (Finish), not with scans (RecordVersion). */
  version: RecordVersion;
}

/**
 * POST api/Anlageninventur {name, departmentIds, classifyIds, places, remark} → InventoryOrderInfo.
 * The order takes its lines (result 0) from the register at that moment: the assets of the
 * scope that the caller sees, scrapped ones left out. No department chosen: the caller's
 * whole scope (stored as the departments it is made of). An order with no asset is refused.
 */
export interface InventoryOrderCreateRequest {
  name: string;
  departmentIds?: number[];
  classifyIds?: number[];
  places?: string[];
  remark?: string;
}

/**
 * GET api/Anlageninventur/List?status=2,4&isASC=&pageIndex=&pageSize= → InventoryOrderListResult,
 * newest first (isASC=true: oldest first). The orders whose departments all lie in the
 * caller's scope (admins: every order). GET api/Anlageninventur/Details?anlageninventurId= →
 * InventoryOrderInfo.
 */
export interface InventoryOrderListResult {
  anlageninventurs: InventoryOrderInfo[];
  filterAnlageninventurCount: number;
}

/**
 * POST api/Anlageninventur/Finish {anlageninventurId, version?} → InventoryOrderInfo: the lines
 * still pending become shortage (8); the order becomes completed (8) when it then has no
 * shortage, not complete (128) otherwise. A finished order is refused (2).
 * DELETE api/Anlageninventur?id=&version=&loginFlag= → null: the order with its lines and scans.
 */
export interface InventoryOrderFinishRequest {
  anlageninventurId: number;
  version?: RecordVersion;
}

/** GET api/AnlageninventurVersion → a counter of the company's inventory changes; poll to know a list is stale. */
export interface InventoryVersionInfo {
  version: number;
}

export const INVENTORY_LINE_SORT_KEYS = [
  'id',
  'assetCoding',
  'assetName',
  'department',
  'user',
  'depositSite',
  'classification',
  'result',
  'scannedAt',
] as const;
export type InventoryLineSortKey = (typeof INVENTORY_LINE_SORT_KEYS)[number];

/** One line of an order: the asset as the register had it when the order was made. */
export interface InventoryLine {
  id: number;
  anlageninventurId: number;
  /** null: a surplus code that names no asset the scanner sees (assetCoding holds the scanned text). */
  assetId: number | null;
  assetCoding: string;
  assetName: string;
  affiliatedDept: number | null;
  /** Department name ('' without one). */
  department: string;
  affiliatedStaff: number | null;
  /** The user's name ('' without one). */
  user: string;
  depositSite: string;
  classify: number | null;
  /** Classification name ('' without one). */
  classification: string;
  result: InventoryResultValue;
  /** ISO instant of the first scan that counted it (the device's time); null until then. */
  scannedAt: string | null;
  scannedById: number | null;
  /** Who sent that scan: staff name or login. */
  scannedBy: string;
}

/**
 * GET api/InventoryAsset?anlageninventurId=&result=0,2&keyword=&sortKey=&isASC=&pageIndex=&pageSize=
 * → InventoryLineListResult. keyword: part of the code or name (any case); sortKey defaults to
 * id, isASC to true (scannedAt descending: latest first, never scanned last; ascending the
 * reverse); pageSize one of PAGE_SIZES (default 50). counts: the whole order's.
 */
export interface InventoryLineListResult {
  inventoryAssetList: InventoryLine[];
  filterInventoryAssetCount: number;
  counts: InventoryCounts;
}

/** A scan as the device recorded it: scanId is its UUID (made once, kept until confirmed). */
export interface InventoryScan {
  scanId: string;
  /** What was scanned or typed: an asset code, or an asset link (<origin>/a/<token>). */
  text: string;
  /** ISO instant on the device; absent: the server's now. */
  scannedAt?: string;
}

/** POST api/InventoryAsset {anlageninventurId, scans} (at most 500 scans) → InventoryScanResult. */
export interface InventoryScanRequest {
  anlageninventurId: number;
  scans: InventoryScan[];
}

/**
 * normal: first scan of an asset of the order (line → 2). duplicate: scanned before (line
 * unchanged; warn). surplus: not in the order; a surplus line (4) was added, or this is the
 * first scan of it. unknown-order-closed: the order is finished; nothing was recorded (message
 * says so; drop the scan). A scanId sent again answers as the first time and counts once.
 */
export type InventoryScanOutcome = 'normal' | 'duplicate' | 'surplus' | 'unknown-order-closed';

export interface InventoryScanAnswer {
  scanId: string;
  outcome: InventoryScanOutcome;
  /** The line the scan counted on, as it is now; null for unknown-order-closed. */
  line: InventoryLine | null;
  /** unknown-order-closed: why, in the caller's language. */
  message?: string;
}

export interface InventoryScanResult {
  answers: InventoryScanAnswer[];
  /** The order after the scans. */
  order: InventoryOrderInfo;
}

/** Most scans in one POST api/InventoryAsset (a device sends its queue in batches). */
export const INVENTORY_SCAN_BATCH_MAX = 500;
