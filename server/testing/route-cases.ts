/**
 * How to call every API route, and what it asks of the caller: the table of the access
 * matrix (route-access.test.ts) and of the input property test (http/input-properties.test.ts).
 * Both start from the routes the app has registered (api-routes.ts), so a new route without
 * an entry here fails them ("route X has no access case").
 *
 * A case makes its targets in a place (route-world.ts) and builds one valid request from
 * their ids. Numeric ids are what the matrix swaps, one at a time, for another company's
 * (`foreignCode`) or, for `scopedKeys`, for one in department B that a Dept-A sub-user does
 * not see (`outOfScopeCode`). Code 0 there means "answered, exactly as for an id that exists
 * nowhere" (list filters reveal nothing rather than refuse).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Permission } from '../../src/api/contract.ts';
import { IMPORT_CSV_BASE64, importFinished, PNG_BASE64, TEMPLATE_WDFX, unique, type Need, type Place, type World } from './route-world.ts';
import { wirePassword } from './harness.ts';

export type Ids = Record<string, number | string>;

export interface Call {
  method: 'GET' | 'POST' | 'DELETE' | 'PUT';
  path: string;
  body?: unknown;
  /** Sent with `?fileToken=` of the caller's session instead of the loginID header (<img src>). */
  viaFileToken?: boolean;
}

export interface RouteCase {
  /** `METHOD /api/path` as Hono registers it (api-routes.ts). */
  route: string;
  /** Tells cases of one route apart (create / update ...). */
  variant?: string;
  needs: Need;
  /** Makes (or names) the rows the call aims at, in `place`. */
  setup?: (w: World, place: Place) => Promise<Ids>;
  request: (ids: Ids, w: World) => Call;
  /** Ids that name the caller's own user: a sub-user's own id when it is the caller. */
  selfKeys?: readonly string[];
  /** Ids of rows that lie in a department, hence out of a Dept-A sub-user's scope when in B. */
  scopedKeys?: readonly string[];
  /** The answer to another company's id (default 28, not found). */
  foreignCode?: number;
  /** The answer to an out-of-scope id (default 28). */
  outOfScopeCode?: number;
  /**
   * The request names the target's record version (`ids.version`, migration 010): the runner
   * gives '1' (targets are fresh) to allowed calls, and a stale one to calls refused for the
   * target itself or for the caller, so a route that compared versions before company, scope
   * or permission would answer 31 and give away that the row exists. (A refused reference,
   * such as another company's parent, is sent with the current version: a stale version of
   * one's own row may well be reported first, and reveals nothing.)
   */
  versioned?: boolean;
  /** The ids of the rows the call changes, whose version it names (default ['id']). */
  targetKeys?: readonly string[];
  /** Whether the owner's allowed call changes rows. */
  write: boolean;
  /** Runs after the owner's allowed call (e.g. waits for a background import to finish). */
  settle?: (w: World, resultInfo: unknown) => Promise<void>;
  /** Why this route is open to anyone (public routes get no refusal attempts). */
  publicBecause?: string;
}

const NOT_FOUND = 28;

/** Fixed rows per place that reads may share (made once, never changed by a case). */
const shared = new Map<string, Promise<number>>();
function once(key: string, make: () => Promise<number>): Promise<number> {
  if (!shared.has(key)) shared.set(key, make());
  return shared.get(key)!;
}
/**
 * The address of a PNG on a web server of this machine (started once, never keeping the
 * process alive), for POST api/File/FromUrl; the world's server is let fetch from loopback
 * (PICTURE_URL_PRIVATE_ADDRESSES=on) for it, with a deadline that keeps junk input brief.
 */
let pictureSite: Promise<string> | undefined;
function sharedPictureUrl(w: World): Promise<string> {
  w.server.config.pictureUrl.privateAddresses = true;
  w.server.config.pictureUrl.timeoutMs = 2000;
  pictureSite ??= new Promise<string>((resolve) => {
    const png = Buffer.from(PNG_BASE64, 'base64');
    const site = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'image/png' }).end(png));
    site.unref();
    site.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(site.address() as AddressInfo).port}/p.png`));
  });
  return pictureSite;
}
const sharedAsset = (w: World, place: Place) => once(`asset ${place}`, () => w.make.asset(place));
const sharedPicture = (w: World, place: Place) => once(`picture ${place}`, () => w.make.picture(place));
const sharedLoosePicture = (w: World, place: Place) => once(`loose picture ${place}`, () => w.make.loosePicture(place));
const sharedClassify = (w: World, place: Place) => once(`classify ${place === 'other' ? place : 'A'}`, () => w.make.classify(place));
const sharedRole = (w: World, place: Place) => once(`role ${place === 'other' ? place : 'A'}`, () => w.make.role(place));
const sharedSubUser = (w: World, place: Place) => once(`sub ${place}`, () => w.make.subUser(place));
const sharedStaff = (w: World, place: Place) => once(`staff ${place}`, () => w.make.staff(place));
/** An asset of the place, borrowed by its company's admin (a return has something to end). */
async function borrowedAsset(w: World, place: Place): Promise<number> {
  const id = await w.make.asset(place);
  const body = { type: 'Borrowed', assetIds: [id], affiliatedDept: w.depts[place], affiliatedStaff: await sharedStaff(w, place) };
  const reply = await w.server.call('POST', '/api/Business', { token: w.tokenOf(place), body });
  if (reply.body.statusCode !== 0) throw new Error(`borrow failed: ${JSON.stringify(reply.body)}`);
  return id;
}
/** A transaction record of the place: a maintenance of one of its assets. */
const sharedRecord = (w: World, place: Place) =>
  once(`record ${place}`, async () => {
    const body = { type: 'Maintain', assetIds: [await w.make.asset(place)] };
    const reply = await w.server.call<{ id: number }>('POST', '/api/Business', { token: w.tokenOf(place), body });
    if (reply.body.statusCode !== 0) throw new Error(`record failed: ${JSON.stringify(reply.body)}`);
    return reply.body.resultInfo.id;
  });
const sharedTemplate = (w: World, place: Place) => once(`template ${place}`, () => w.make.template(place));
/** The link token of an asset (migration 015), as a label's QR carries it. */
async function linkTokenOf(w: World, assetId: number): Promise<string> {
  const { rows } = await w.server.db.query<{ link_token: string }>('SELECT link_token FROM assets WHERE id = $1', [assetId]);
  return rows[0].link_token;
}
/** An inventory order over the place's department (which holds its shared asset), made by its company's admin. */
async function inventoryOrder(w: World, place: Place): Promise<number> {
  await sharedAsset(w, place);
  const body = { name: unique('count'), departmentIds: [w.depts[place]] };
  const reply = await w.server.call<{ id: number }>('POST', '/api/Anlageninventur', { token: w.tokenOf(place), body });
  if (reply.body.statusCode !== 0) throw new Error(`inventory order failed: ${JSON.stringify(reply.body)}`);
  return reply.body.resultInfo.id;
}
const sharedInventoryOrder = (w: World, place: Place) => once(`inventory order ${place}`, () => inventoryOrder(w, place));

export const ROUTE_CASES: readonly RouteCase[] = [
  // ---- public: no session, so nothing of a company to reach ------------------------------
  { route: 'GET /api/health', needs: 'public', write: false, publicBecause: 'readiness probe', request: () => ({ method: 'GET', path: '/api/health' }) },
  {
    route: 'POST /api/Login',
    needs: 'public',
    write: true,
    publicBecause: 'opens a session',
    request: () => ({ method: 'POST', path: '/api/Login', body: { account: 'nobody@example.com', password: wirePassword('pw') } }),
  },
  {
    route: 'POST /api/Logout',
    needs: 'public',
    write: false,
    publicBecause: 'ends the session it carries, if any',
    request: () => ({ method: 'POST', path: '/api/Logout' }),
  },
  {
    route: 'GET /api/User',
    needs: 'public',
    write: true,
    publicBecause: 'sends a registration or reset code',
    request: () => ({ method: 'GET', path: `/api/User?email=${unique('code')}@route.example.com&purpose=register` }),
  },
  {
    route: 'POST /api/User/Register',
    needs: 'public',
    write: true,
    publicBecause: 'opens a company (with a mailed code)',
    request: () => ({
      method: 'POST',
      path: '/api/User/Register',
      body: { email: 'new@route.example.com', password: wirePassword('pw'), companyName: 'New Co', checkCode: '123456' },
    }),
  },
  {
    route: 'POST /api/User/ResetPassword',
    needs: 'public',
    write: true,
    publicBecause: 'resets a password (with a mailed code)',
    request: () => ({
      method: 'POST',
      path: '/api/User/ResetPassword',
      body: { email: 'matrix-owner@example.com', password: wirePassword('pw'), checkCode: '123456' },
    }),
  },

  // ---- the session's own account -------------------------------------------------------
  { route: 'GET /api/User/Current', needs: 'session', write: false, request: () => ({ method: 'GET', path: '/api/User/Current' }) },
  {
    route: 'POST /api/User/Update',
    variant: 'rename the company',
    needs: 'admin',
    write: true,
    // Another user's id is refused as forbidden whether it exists or not.
    foreignCode: 5,
    selfKeys: ['user'],
    setup: async (w, place) => ({ user: (place === 'other' ? w.other : w.owner).Id }),
    request: (ids) => ({ method: 'POST', path: '/api/User/Update', body: { id: ids.user, companyName: unique('Matrix Co') } }),
  },
  {
    route: 'GET /api/File/Token',
    needs: 'session',
    write: false,
    request: () => ({ method: 'GET', path: '/api/File/Token' }),
  },
  {
    route: 'POST /api/File/FromUrl',
    needs: 'session',
    write: false,
    setup: async (w) => ({ url: await sharedPictureUrl(w) }),
    request: (ids) => ({ method: 'POST', path: '/api/File/FromUrl', body: { url: ids.url } }),
  },

  // ---- sub-users (302) -----------------------------------------------------------------
  {
    route: 'POST /api/User/ChildRegister',
    variant: 'open',
    needs: Permission.systemOrganization,
    write: true,
    setup: async (w, place) => ({ ...(await w.make.opening(place)), role: await sharedRole(w, place) }),
    scopedKeys: ['staffId'],
    request: (ids) => ({
      method: 'POST',
      path: '/api/User/ChildRegister',
      body: { staffId: ids.staffId, email: ids.email, checkCode: ids.checkCode, password: wirePassword('pw'), roleId: ids.role, authorizationType: 'Dept' },
    }),
  },
  {
    route: 'POST /api/User/ChildRegister',
    variant: 'open with chosen departments',
    needs: Permission.systemOrganization,
    write: true,
    setup: async (w, place) => ({ ...(await w.make.opening(place)), dept: await w.make.dept(place) }),
    // A department out of the granter's scope cannot be granted.
    scopedKeys: ['staffId', 'dept'],
    request: (ids) => ({
      method: 'POST',
      path: '/api/User/ChildRegister',
      body: { staffId: ids.staffId, email: ids.email, checkCode: ids.checkCode, password: wirePassword('pw'), authorizationType: 'Custom', authorizedDepts: [ids.dept] },
    }),
  },
  {
    route: 'POST /api/User/ChildRegister',
    variant: 'change password, role and scope',
    needs: Permission.systemOrganization,
    write: true,
    versioned: true,
    setup: async (w, place) => ({ id: await w.make.subUser(place), role: await sharedRole(w, place), dept: await w.make.dept(place) }),
    scopedKeys: ['id', 'dept'],
    request: (ids) => ({
      method: 'POST',
      path: '/api/User/ChildRegister',
      body: { id: ids.id, version: ids.version, password: wirePassword('new'), roleId: ids.role, authorizationType: 'Custom', authorizedDepts: [ids.dept] },
    }),
  },
  {
    route: 'POST /api/User/Enable',
    needs: Permission.systemOrganization,
    write: true,
    versioned: true,
    setup: async (w, place) => ({ id: await w.make.subUser(place) }),
    scopedKeys: ['id'],
    request: (ids) => ({ method: 'POST', path: '/api/User/Enable', body: { id: ids.id, version: ids.version, enable: 1 } }),
  },
  {
    route: 'DELETE /api/User',
    needs: Permission.systemOrganization,
    write: true,
    versioned: true,
    setup: async (w, place) => ({ id: await w.make.subUser(place) }),
    scopedKeys: ['id'],
    request: (ids) => ({ method: 'DELETE', path: '/api/User', body: { id: ids.id, version: ids.version } }),
  },
  {
    route: 'DELETE /api/ChildUser',
    needs: Permission.systemOrganization,
    write: true,
    versioned: true,
    setup: async (w, place) => ({ id: await w.make.subUser(place) }),
    scopedKeys: ['id'],
    request: (ids) => ({ method: 'DELETE', path: `/api/ChildUser?id=${ids.id}&version=${ids.version}` }),
  },
  {
    route: 'GET /api/ChildUser/List',
    needs: Permission.systemOrganization,
    write: false,
    request: () => ({ method: 'GET', path: '/api/ChildUser/List' }),
  },
  {
    route: 'GET /api/ChildUser/ChildList',
    needs: Permission.systemOrganization,
    write: false,
    setup: async (w, place) => ({ id: await sharedSubUser(w, place) }),
    scopedKeys: ['id'],
    request: (ids) => ({ method: 'GET', path: `/api/ChildUser/ChildList?childUserId=${ids.id}` }),
  },

  // ---- departments and staff (reads: anyone, in scope; writes: 302) ---------------------
  { route: 'GET /api/Department/List', needs: 'session', write: false, request: () => ({ method: 'GET', path: '/api/Department/List' }) },
  {
    route: 'GET /api/Department/ChildList',
    needs: 'session',
    write: false,
    setup: async (w, place) => ({ dept: w.depts[place] }),
    scopedKeys: ['dept'],
    request: (ids) => ({ method: 'GET', path: `/api/Department/ChildList?affiliatedDept=${ids.dept}` }),
  },
  {
    route: 'POST /api/Department',
    variant: 'create',
    needs: Permission.systemOrganization,
    write: true,
    setup: async (w, place) => ({ parent: w.depts[place] }),
    scopedKeys: ['parent'],
    request: (ids) => ({ method: 'POST', path: '/api/Department', body: { deptName: unique('new'), affiliatedDept: ids.parent } }),
  },
  {
    route: 'POST /api/Department',
    variant: 'rename and move',
    needs: Permission.systemOrganization,
    write: true,
    versioned: true,
    setup: async (w, place) => ({ id: await w.make.dept(place), parent: await w.make.dept(place) }),
    scopedKeys: ['id', 'parent'],
    request: (ids) => ({ method: 'POST', path: '/api/Department', body: { id: ids.id, version: ids.version, deptName: unique('moved'), affiliatedDept: ids.parent } }),
  },
  {
    route: 'DELETE /api/Department',
    needs: Permission.systemOrganization,
    write: true,
    versioned: true,
    setup: async (w, place) => ({ id: await w.make.dept(place) }),
    scopedKeys: ['id'],
    request: (ids) => ({ method: 'DELETE', path: '/api/Department', body: { id: ids.id, version: ids.version } }),
  },
  {
    route: 'GET /api/Staff/List',
    needs: 'session',
    write: false,
    setup: async (w, place) => ({ dept: w.depts[place] }),
    scopedKeys: ['dept'],
    foreignCode: 0,
    outOfScopeCode: 0,
    request: (ids) => ({ method: 'GET', path: `/api/Staff/List?affiliatedDept=${ids.dept}` }),
  },
  {
    route: 'GET /api/Staff/ChildList',
    needs: 'session',
    write: false,
    setup: async (w, place) => ({ dept: w.depts[place] }),
    scopedKeys: ['dept'],
    foreignCode: 0,
    outOfScopeCode: 0,
    request: (ids) => ({ method: 'GET', path: `/api/Staff/ChildList?affiliatedDept=${ids.dept}` }),
  },
  {
    route: 'POST /api/Staff',
    variant: 'create',
    needs: Permission.systemOrganization,
    write: true,
    setup: async (w, place) => ({ dept: w.depts[place] }),
    scopedKeys: ['dept'],
    request: (ids) => ({ method: 'POST', path: '/api/Staff', body: { staffName: unique('new'), affiliatedDept: ids.dept } }),
  },
  {
    route: 'POST /api/Staff',
    variant: 'update and move',
    needs: Permission.systemOrganization,
    write: true,
    versioned: true,
    setup: async (w, place) => ({ id: await w.make.staff(place), dept: await w.make.dept(place) }),
    scopedKeys: ['id', 'dept'],
    request: (ids) => ({ method: 'POST', path: '/api/Staff', body: { id: ids.id, version: ids.version, staffName: unique('changed'), affiliatedDept: ids.dept } }),
  },
  {
    route: 'DELETE /api/Staff',
    needs: Permission.systemOrganization,
    write: true,
    versioned: true,
    setup: async (w, place) => ({ id: await w.make.staff(place) }),
    scopedKeys: ['id'],
    request: (ids) => ({ method: 'DELETE', path: `/api/Staff?id=${ids.id}&version=${ids.version}` }),
  },

  // ---- roles (reads: 302; writes: admin of a VIP company) and the permission catalogue ---
  { route: 'GET /api/Role/List', needs: Permission.systemOrganization, write: false, request: () => ({ method: 'GET', path: '/api/Role/List' }) },
  {
    route: 'GET /api/Role/Details',
    needs: Permission.systemOrganization,
    write: false,
    setup: async (w, place) => ({ id: await sharedRole(w, place) }),
    request: (ids) => ({ method: 'GET', path: `/api/Role/Details?roleId=${ids.id}` }),
  },
  {
    route: 'POST /api/Role',
    variant: 'create',
    needs: 'vipAdmin',
    write: true,
    request: () => ({ method: 'POST', path: '/api/Role', body: { roleName: unique('role'), permissions: [101] } }),
  },
  {
    route: 'POST /api/Role',
    variant: 'update',
    needs: 'vipAdmin',
    write: true,
    versioned: true,
    setup: async (w, place) => ({ id: await w.make.role(place) }),
    request: (ids) => ({ method: 'POST', path: '/api/Role', body: { id: ids.id, version: ids.version, roleName: unique('renamed'), permissions: [302] } }),
  },
  {
    route: 'DELETE /api/Role',
    needs: 'vipAdmin',
    write: true,
    versioned: true,
    setup: async (w, place) => ({ id: await w.make.role(place) }),
    request: (ids) => ({ method: 'DELETE', path: `/api/Role?id=${ids.id}&version=${ids.version}` }),
  },
  { route: 'GET /api/Permission/List', needs: 'session', write: false, request: () => ({ method: 'GET', path: '/api/Permission/List' }) },
  {
    route: 'GET /api/Permission/Details',
    needs: 'session',
    write: false,
    request: () => ({ method: 'GET', path: '/api/Permission/Details?permissionId=302' }),
  },

  // ---- classifications (reads: anyone; writes: 301) --------------------------------------
  { route: 'GET /api/AssetClassify/List', needs: 'session', write: false, request: () => ({ method: 'GET', path: '/api/AssetClassify/List' }) },
  {
    route: 'GET /api/AssetClassify/Details',
    needs: 'session',
    write: false,
    setup: async (w, place) => ({ id: await sharedClassify(w, place) }),
    request: (ids) => ({ method: 'GET', path: `/api/AssetClassify/Details?assetClassifyId=${ids.id}` }),
  },
  {
    route: 'POST /api/AssetClassify',
    variant: 'create',
    needs: Permission.systemClassification,
    write: true,
    request: () => ({ method: 'POST', path: '/api/AssetClassify', body: { classifyName: unique('class'), attributes: [{ name: 'Colour', attributeType: 0 }] } }),
  },
  {
    route: 'POST /api/AssetClassify',
    variant: 'update',
    needs: Permission.systemClassification,
    write: true,
    versioned: true,
    setup: async (w, place) => ({ id: await w.make.classify(place) }),
    request: (ids) => ({ method: 'POST', path: '/api/AssetClassify', body: { id: ids.id, version: ids.version, classifyName: unique('renamed') } }),
  },
  {
    route: 'DELETE /api/AssetClassify',
    needs: Permission.systemClassification,
    write: true,
    versioned: true,
    setup: async (w, place) => ({ id: await w.make.classify(place) }),
    request: (ids) => ({ method: 'DELETE', path: '/api/AssetClassify', body: { id: ids.id, version: ids.version } }),
  },

  // ---- assets (reads: anyone, in scope; 101 create, 102 update, 103 delete) -------------
  {
    route: 'GET /api/Asset',
    needs: 'session',
    write: false,
    setup: async (w, place) => ({ dept: w.depts[place], staff: await sharedStaff(w, place), classify: await sharedClassify(w, place) }),
    scopedKeys: ['dept', 'staff'],
    foreignCode: 0,
    outOfScopeCode: 0,
    request: (ids) => ({ method: 'GET', path: `/api/Asset?affiliatedDept=${ids.dept}&affiliatedStaff=${ids.staff}&classify=${ids.classify}` }),
  },
  {
    route: 'GET /api/Asset/details',
    needs: 'session',
    write: false,
    setup: async (w, place) => ({ id: await sharedAsset(w, place) }),
    scopedKeys: ['id'],
    request: (ids) => ({ method: 'GET', path: `/api/Asset/details?id=${ids.id}` }),
  },
  {
    route: 'POST /api/Asset',
    variant: 'create',
    needs: Permission.assetAdd,
    write: true,
    setup: async (w, place) => ({
      dept: w.depts[place],
      staff: await sharedStaff(w, place),
      classify: await sharedClassify(w, place),
      picture: await sharedPicture(w, place),
    }),
    scopedKeys: ['dept', 'staff', 'picture'],
    request: (ids) => ({
      method: 'POST',
      path: '/api/Asset',
      body: { assetName: unique('asset'), affiliatedDept: ids.dept, affiliatedStaff: ids.staff, classify: ids.classify, picture: ids.picture },
    }),
  },
  {
    route: 'POST /api/Asset',
    variant: 'update',
    needs: Permission.assetEdit,
    write: true,
    versioned: true,
    // Department and user change through POST /api/Business (an edit naming others is refused with 2).
    setup: async (w, place) => ({
      id: await w.make.asset(place),
      classify: await sharedClassify(w, place),
      picture: await sharedPicture(w, place),
    }),
    scopedKeys: ['id', 'picture'],
    request: (ids) => ({
      method: 'POST',
      path: '/api/Asset',
      body: { id: ids.id, version: ids.version, assetName: unique('changed'), classify: ids.classify, picture: ids.picture },
    }),
  },
  {
    route: 'POST /api/Asset',
    variant: 'attach a picture on no asset',
    needs: Permission.assetEdit,
    write: true,
    versioned: true,
    setup: async (w, place) => ({ id: await w.make.asset(place), picture: await sharedLoosePicture(w, place) }),
    // In B: the owner's upload, which the scoped sub-user never saw (ids are sequential).
    scopedKeys: ['picture'],
    request: (ids) => ({ method: 'POST', path: '/api/Asset', body: { id: ids.id, version: ids.version, picture: ids.picture } }),
  },
  {
    route: 'DELETE /api/Asset',
    needs: Permission.assetDelete,
    write: true,
    versioned: true,
    setup: async (w, place) => ({ id: await w.make.asset(place) }),
    scopedKeys: ['id'],
    request: (ids) => ({ method: 'DELETE', path: `/api/Asset?id=${ids.id}&version=${ids.version}` }),
  },
  {
    route: 'POST /api/Asset/DeleteAll',
    needs: Permission.assetDelete,
    write: true,
    versioned: true,
    setup: async (w, place) => ({ first: await w.make.asset(place), second: await w.make.asset(place) }),
    targetKeys: ['first', 'second'],
    scopedKeys: ['first', 'second'],
    request: (ids) => ({ method: 'POST', path: '/api/Asset/DeleteAll', body: { ids: [ids.first, ids.second], versions: [Number(ids.version), Number(ids.version)] } }),
  },
  { route: 'GET /api/asset/count', needs: 'session', write: false, request: () => ({ method: 'GET', path: '/api/asset/count' }) },
  { route: 'GET /api/Dashboard', needs: 'session', write: false, request: () => ({ method: 'GET', path: '/api/Dashboard' }) },
  // ---- asset transactions (routes/business.ts) ----------------------------------------------
  ...(['GET /api/Business', 'GET /api/Business/List'] as const).map(
    (route): RouteCase => ({
      route,
      needs: 'session',
      write: false,
      setup: async (w, place) => ({ staff: await sharedStaff(w, place), asset: await sharedAsset(w, place) }),
      scopedKeys: ['staff', 'asset'],
      // Filters: another company's or an out-of-scope id finds no record, as a missing one.
      foreignCode: 0,
      outOfScopeCode: 0,
      request: (ids) => ({ method: 'GET', path: `${route.slice(4)}?affiliatedStaff=${ids.staff}&assetId=${ids.asset}&type=Maintain` }),
    }),
  ),
  {
    route: 'GET /api/Business/Details',
    needs: 'session',
    write: false,
    setup: async (w, place) => ({ id: await sharedRecord(w, place) }),
    scopedKeys: ['id'],
    request: (ids) => ({ method: 'GET', path: `/api/Business/Details?businessId=${ids.id}` }),
  },
  {
    route: 'GET /api/BusinessAssetList',
    variant: 'a record’s assets',
    needs: 'session',
    write: false,
    setup: async (w, place) => ({ id: await sharedRecord(w, place) }),
    scopedKeys: ['id'],
    request: (ids) => ({ method: 'GET', path: `/api/BusinessAssetList?businessId=${ids.id}` }),
  },
  {
    route: 'GET /api/BusinessAssetList',
    variant: 'an asset’s history',
    needs: 'session',
    write: false,
    setup: async (w, place) => ({ id: await sharedAsset(w, place) }),
    scopedKeys: ['id'],
    request: (ids) => ({ method: 'GET', path: `/api/BusinessAssetList?assetId=${ids.id}` }),
  },
  { route: 'GET /api/BusinessVersion', needs: 'session', write: false, request: () => ({ method: 'GET', path: '/api/BusinessVersion' }) },
  ...(
    [
      ['Using', Permission.assetReceive],
      ['Borrowed', Permission.assetBorrow],
    ] as const
  ).map(
    ([type, needs]): RouteCase => ({
      route: 'POST /api/Business',
      variant: type,
      needs,
      write: true,
      versioned: true,
      setup: async (w, place) => ({ id: await w.make.asset(place), dept: await w.make.dept(place), staff: await sharedStaff(w, place) }),
      scopedKeys: ['id', 'dept', 'staff'],
      request: (ids) => ({
        method: 'POST',
        path: '/api/Business',
        body: { type, assetIds: [ids.id], versions: [Number(ids.version)], affiliatedDept: ids.dept, affiliatedStaff: ids.staff },
      }),
    }),
  ),
  {
    route: 'POST /api/Business',
    variant: 'Alter',
    needs: Permission.assetAlter,
    write: true,
    versioned: true,
    setup: async (w, place) => ({ id: await w.make.asset(place), dept: await w.make.dept(place) }),
    scopedKeys: ['id', 'dept'],
    request: (ids) => ({
      method: 'POST',
      path: '/api/Business',
      body: { type: 'Alter', assetIds: [ids.id], versions: [Number(ids.version)], affiliatedDept: ids.dept, depositSite: unique('place') },
    }),
  },
  ...(
    [
      ['Maintain', Permission.assetMaintain],
      ['Discard', Permission.assetScrap],
    ] as const
  ).map(
    ([type, needs]): RouteCase => ({
      route: 'POST /api/Business',
      variant: type,
      needs,
      write: true,
      versioned: true,
      setup: async (w, place) => ({ id: await w.make.asset(place) }),
      scopedKeys: ['id'],
      request: (ids) => ({ method: 'POST', path: '/api/Business', body: { type, assetIds: [ids.id], versions: [Number(ids.version)], repairCost: 10 } }),
    }),
  ),
  {
    route: 'POST /api/Business',
    variant: 'Return of a borrowed asset',
    // A return needs the permission of what it ends.
    needs: Permission.assetBorrow,
    write: true,
    versioned: true,
    setup: async (w, place) => ({ id: await borrowedAsset(w, place) }),
    scopedKeys: ['id'],
    // The borrow made it version 2.
    request: (ids) => ({ method: 'POST', path: '/api/Business', body: { type: 'Return', assetIds: [ids.id], versions: [Number(ids.version) + 1] } }),
  },

  // ---- inventory counts (routes/inventory.ts): 201 on every route; orders follow the scope ----
  {
    route: 'GET /api/Anlageninventur/List',
    needs: Permission.inventory,
    write: false,
    request: () => ({ method: 'GET', path: '/api/Anlageninventur/List?status=2,4&pageSize=20' }),
  },
  {
    route: 'GET /api/Anlageninventur/Details',
    needs: Permission.inventory,
    write: false,
    setup: async (w, place) => ({ id: await sharedInventoryOrder(w, place) }),
    scopedKeys: ['id'],
    request: (ids) => ({ method: 'GET', path: `/api/Anlageninventur/Details?anlageninventurId=${ids.id}` }),
  },
  {
    route: 'POST /api/Anlageninventur',
    needs: Permission.inventory,
    write: true,
    setup: async (w, place) => {
      await sharedAsset(w, place);
      return { dept: w.depts[place] };
    },
    scopedKeys: ['dept'],
    request: (ids) => ({ method: 'POST', path: '/api/Anlageninventur', body: { name: unique('count'), departmentIds: [ids.dept], loginFlag: 1 } }),
  },
  {
    route: 'POST /api/Anlageninventur/Finish',
    needs: Permission.inventory,
    write: true,
    versioned: true,
    setup: async (w, place) => ({ id: await inventoryOrder(w, place) }),
    scopedKeys: ['id'],
    request: (ids) => ({ method: 'POST', path: '/api/Anlageninventur/Finish', body: { anlageninventurId: ids.id, version: Number(ids.version) } }),
  },
  {
    route: 'DELETE /api/Anlageninventur',
    needs: Permission.inventory,
    write: true,
    versioned: true,
    setup: async (w, place) => ({ id: await inventoryOrder(w, place) }),
    scopedKeys: ['id'],
    request: (ids) => ({ method: 'DELETE', path: `/api/Anlageninventur?id=${ids.id}&version=${ids.version}&loginFlag=1` }),
  },
  {
    route: 'GET /api/AnlageninventurVersion',
    needs: Permission.inventory,
    write: false,
    request: () => ({ method: 'GET', path: '/api/AnlageninventurVersion' }),
  },
  {
    route: 'GET /api/InventoryAsset',
    needs: Permission.inventory,
    write: false,
    setup: async (w, place) => ({ id: await sharedInventoryOrder(w, place) }),
    scopedKeys: ['id'],
    request: (ids) => ({ method: 'GET', path: `/api/InventoryAsset?anlageninventurId=${ids.id}&result=0,2&sortKey=assetName&isASC=false` }),
  },
  {
    route: 'POST /api/InventoryAsset',
    needs: Permission.inventory,
    write: true,
    setup: async (w, place) => ({ id: await inventoryOrder(w, place) }),
    scopedKeys: ['id'],
    request: (ids) => ({
      method: 'POST',
      path: '/api/InventoryAsset',
      body: { anlageninventurId: ids.id, scans: [{ scanId: crypto.randomUUID(), text: unique('SCANNED'), scannedAt: '2030-01-15T08:00:00Z' }] },
    }),
  },
  {
    route: 'GET /api/InventoryAsset/Export',
    needs: Permission.inventory,
    write: false,
    setup: async (w, place) => ({ id: await sharedInventoryOrder(w, place) }),
    scopedKeys: ['id'],
    request: (ids) => ({ method: 'GET', path: `/api/InventoryAsset/Export?anlageninventurId=${ids.id}&result=0` }),
  },

  // ---- pictures ---------------------------------------------------------------------------
  {
    route: 'POST /api/File/Upload',
    needs: 'editor',
    write: true,
    request: () => ({ method: 'POST', path: '/api/File/Upload', body: { fileName: 'p.png', fileData: PNG_BASE64, explain: 2, suffix: 'png' } }),
  },
  {
    route: 'GET /api/File/:id',
    variant: 'session header',
    needs: 'session',
    write: false,
    setup: async (w, place) => ({ id: await sharedPicture(w, place) }),
    scopedKeys: ['id'],
    request: (ids) => ({ method: 'GET', path: `/api/File/${ids.id}` }),
  },
  {
    route: 'GET /api/File/:id',
    variant: 'file token',
    needs: 'session',
    write: false,
    setup: async (w, place) => ({ id: await sharedPicture(w, place) }),
    scopedKeys: ['id'],
    request: (ids) => ({ method: 'GET', path: `/api/File/${ids.id}?size=thumb`, viaFileToken: true }),
  },

  // ---- label templates: private ones need a template user (303); general ones any session --
  { route: 'GET /api/version/template', needs: 'session', write: false, request: () => ({ method: 'GET', path: '/api/version/template' }) },
  {
    route: 'GET /api/Template/List',
    needs: Permission.labelTemplates,
    write: false,
    request: () => ({ method: 'GET', path: '/api/Template/List?scope=private&search=t' }),
  },
  {
    route: 'GET /api/Template',
    needs: Permission.labelTemplates,
    write: false,
    setup: async (w, place) => ({ templateID: await sharedTemplate(w, place) }),
    request: (ids) => ({ method: 'GET', path: `/api/Template?templateID=${ids.templateID}` }),
  },
  {
    route: 'GET /api/Template/Thumbnail/:id',
    needs: Permission.labelTemplates,
    write: false,
    setup: async (w, place) => ({ templateID: await sharedTemplate(w, place) }),
    request: (ids) => ({ method: 'GET', path: `/api/Template/Thumbnail/${ids.templateID}`, viaFileToken: true }),
  },
  {
    route: 'POST /api/Template',
    needs: Permission.labelTemplates,
    write: true,
    request: () => ({ method: 'POST', path: '/api/Template', body: { templateName: unique('template'), templateContent: TEMPLATE_WDFX } }),
  },
  {
    route: 'POST /api/Template/Save',
    needs: Permission.labelTemplates,
    write: true,
    setup: async (w, place) => ({ templateID: await w.make.template(place) }),
    request: (ids) => ({ method: 'POST', path: '/api/Template/Save', body: { templateID: ids.templateID, version: 1, templateContent: TEMPLATE_WDFX } }),
  },
  {
    route: 'POST /api/Template/Rename',
    needs: Permission.labelTemplates,
    write: true,
    setup: async (w, place) => ({ templateID: await w.make.template(place) }),
    request: (ids) => ({ method: 'POST', path: '/api/Template/Rename', body: { templateID: ids.templateID, templateName: unique('renamed') } }),
  },
  {
    route: 'POST /api/Template/Duplicate',
    needs: Permission.labelTemplates,
    write: true,
    setup: async (w, place) => ({ templateID: await sharedTemplate(w, place) }),
    request: (ids) => ({ method: 'POST', path: '/api/Template/Duplicate', body: { templateID: ids.templateID } }),
  },
  {
    route: 'DELETE /api/Template',
    needs: Permission.labelTemplates,
    write: true,
    setup: async (w, place) => ({ templateID: await w.make.template(place) }),
    request: (ids) => ({ method: 'DELETE', path: `/api/Template?templateID=${ids.templateID}` }),
  },

  // ---- asset labels: rows and links within scope; a default template needs 301 -----------
  {
    route: 'GET /api/AssetLabel/Rows',
    variant: 'filter',
    needs: 'session',
    write: false,
    setup: async (w, place) => ({ dept: w.depts[place], staff: await sharedStaff(w, place), classify: await sharedClassify(w, place) }),
    scopedKeys: ['dept', 'staff'],
    foreignCode: 0,
    outOfScopeCode: 0,
    request: (ids) => ({ method: 'GET', path: `/api/AssetLabel/Rows?affiliatedDept=${ids.dept}&affiliatedStaff=${ids.staff}&classify=${ids.classify}` }),
  },
  {
    route: 'GET /api/AssetLabel/Rows',
    variant: 'selected assets',
    needs: 'session',
    write: false,
    setup: async (w, place) => ({ id: await sharedAsset(w, place) }),
    scopedKeys: ['id'],
    // Ids the caller does not see are left out (total 0), as ids that exist nowhere.
    foreignCode: 0,
    outOfScopeCode: 0,
    request: (ids) => ({ method: 'GET', path: `/api/AssetLabel/Rows?assetIds=${ids.id}&limit=10` }),
  },
  {
    route: 'POST /api/AssetLabel/Printed',
    needs: 'session',
    write: true,
    setup: async (w, place) => ({ id: await w.make.asset(place), templateId: await sharedTemplate(w, place) }),
    scopedKeys: ['id'],
    request: (ids) => ({ method: 'POST', path: '/api/AssetLabel/Printed', body: { assetIds: [ids.id], templateId: ids.templateId } }),
  },
  {
    route: 'POST /api/AssetClassify/DefaultTemplate',
    needs: Permission.systemClassification,
    write: true,
    setup: async (w, place) => ({ classifyId: await w.make.classify(place), templateId: await sharedTemplate(w, place) }),
    request: (ids) => ({ method: 'POST', path: '/api/AssetClassify/DefaultTemplate', body: { classifyId: ids.classifyId, templateId: ids.templateId } }),
  },
  {
    route: 'GET /api/AssetLink/:token',
    needs: 'session',
    write: false,
    // The token is text, so the matrix swaps it only for scope; company isolation of links:
    // modules/asset-labels/service.test.ts.
    setup: async (w, place) => ({ token: await linkTokenOf(w, await sharedAsset(w, place)) }),
    scopedKeys: ['token'],
    request: (ids) => ({ method: 'GET', path: `/api/AssetLink/${ids.token}` }),
  },

  // ---- import and export ------------------------------------------------------------------
  {
    route: 'POST /api/Excel',
    needs: Permission.assetAdd,
    write: true,
    setup: async (w, place) => ({ classifyId: await sharedClassify(w, place) }),
    request: (ids) => ({
      method: 'POST',
      path: '/api/Excel',
      body: { explain: 3, suffix: 'csv', fileName: 'assets.csv', fileData: IMPORT_CSV_BASE64, classifyId: ids.classifyId },
    }),
    settle: async (w, resultInfo) => {
      await importFinished(w, w.owner.loginID, (resultInfo as { jobId: number }).jobId);
    },
  },
  {
    route: 'GET /api/Excel',
    needs: Permission.assetAdd,
    write: false,
    setup: async (w, place) => ({ jobId: w.importJob[place] }),
    request: (ids) => ({ method: 'GET', path: `/api/Excel?jobId=${ids.jobId}` }),
  },
  {
    route: 'GET /api/Excel/Template',
    needs: Permission.assetAdd,
    write: false,
    setup: async (w, place) => ({ classifyId: await sharedClassify(w, place) }),
    request: (ids) => ({ method: 'GET', path: `/api/Excel/Template?classifyId=${ids.classifyId}` }),
  },
  {
    route: 'GET /api/Excel/Export',
    needs: 'session',
    write: false,
    setup: async (w, place) => ({ dept: w.depts[place], classify: await sharedClassify(w, place) }),
    scopedKeys: ['dept'],
    foreignCode: 0,
    outOfScopeCode: 0,
    request: (ids) => ({ method: 'GET', path: `/api/Excel/Export?affiliatedDept=${ids.dept}&classify=${ids.classify}` }),
  },
];

export const DEFAULT_REFUSAL = NOT_FOUND;

/** The version a case's fresh target has (migration 010: 1 when created). */
const FRESH_VERSION = '1';
/** A version no fresh target has. */
const STALE_VERSION = '999';

/** Ids for an allowed call: a versioned case names its fresh target's version. */
export function atCurrentVersion(c: RouteCase, ids: Ids): Ids {
  return c.versioned ? { ...ids, version: FRESH_VERSION } : ids;
}

/** Ids for a call that must be refused: a versioned case names a stale version. */
export function atStaleVersion(c: RouteCase, ids: Ids): Ids {
  return c.versioned ? { ...ids, version: STALE_VERSION } : ids;
}

/** Ids for a call refused for the id under `key`: stale if it is a target, else current. */
export function forRefusedKey(c: RouteCase, key: string, ids: Ids): Ids {
  return (c.targetKeys ?? ['id']).includes(key) ? atStaleVersion(c, ids) : atCurrentVersion(c, ids);
}

export function casesOf(routeKey: string): RouteCase[] {
  return ROUTE_CASES.filter((c) => c.route === routeKey);
}
