/**
 * The world of the route tests (route-access.test.ts, http/input-properties.test.ts): two VIP
 * companies and the users who probe them.
 *
 *   Matrix Co:  R (root) ─ A        owner    its admin
 *                        └ B        scoped   sub-user holding every permission, scope Dept, own
 *                                            department A: everything in B is out of its scope
 *                                   lacking  per rule, a sub-user of scope All holding every
 *                                            permission but the one the rule needs
 *   Other Co:   X (root) ─ O        other    its admin; rows in O are "another company's"
 *
 * Places name where a fresh target row is made: 'A' and 'B' in Matrix Co, 'other' in O.
 * The makers create rows through the API, as their company's admin would.
 */
import type {
  AssetClassifyInfo,
  AssetInfo,
  ChildUserInfo,
  DepartmentInfo,
  DepartmentListResult,
  FileInfo,
  FileTokenResult,
  ImportStarted,
  ImportStatus,
  LoginResult,
  RoleInfo,
  StaffInfo,
  TemplateInfo,
} from '../../src/api/contract.ts';
import { ALL_PERMISSIONS, Permission } from '../../src/api/contract.ts';
import { pngOf } from '../modules/files/test-pictures.ts';
import { setVip } from '../scripts/set-vip.ts';
import { login, openChildUser, payload, registerAndLogin, type CallResult, type TestServer } from './harness.ts';

export type Place = 'A' | 'B' | 'other';

/**
 * What a route asks of its caller: nothing ('public'), a live session, the company's admin,
 * an admin of a VIP company (roles), 101 or 102 ('editor': picture uploads), or one code.
 */
export type Need = 'public' | 'session' | 'admin' | 'vipAdmin' | 'editor' | number;

export interface World {
  server: TestServer;
  owner: LoginResult;
  other: LoginResult;
  scoped: LoginResult;
  /** The sub-user lacking exactly what `need` asks for. */
  lacking(need: Need): Promise<LoginResult>;
  depts: Record<Place, number>;
  /** One finished import job per company ('A' and 'B' share Matrix Co's). */
  importJob: Record<Place, number>;
  tokenOf(place: Place): string;
  make: Makers;
}

export interface Makers {
  dept(place: Place): Promise<number>;
  staff(place: Place): Promise<number>;
  asset(place: Place): Promise<number>;
  /** A picture on an asset of the place (pictures follow their asset's scope). */
  picture(place: Place): Promise<number>;
  /**
   * A picture on no asset, which only its uploader and admins see: in 'A' uploaded by the
   * scoped sub-user itself, in 'B' by Matrix Co's admin, in 'other' by Other Co's admin.
   */
  loosePicture(place: Place): Promise<number>;
  classify(place: Place): Promise<number>;
  role(place: Place): Promise<number>;
  /** A sub-user (no role, scope Dept) whose staff member is in the place. */
  subUser(place: Place): Promise<number>;
  /** A staff member without a login, and a registration code sent for a new address. */
  opening(place: Place): Promise<{ staffId: number; email: string; checkCode: string }>;
  /** A private label template of the place's company. */
  template(place: Place): Promise<number>;
}

const PNG = pngOf(3, 2);
export const PNG_BASE64 = PNG.toString('base64');
/** One asset row, in the import's Chinese header. */
const UPLOAD = { fileName: 'p.png', fileData: PNG_BASE64, explain: 2, suffix: 'png' };
/** A small label file (.wdfx): a title and a QR Code. */
export const TEMPLATE_WDFX =
  '<LPAPI version="1.3" labelName="Route" labelWidth="40" labelHeight="30"><Page>' +
  '<Text x="2" y="2" width="30" height="5" content="Route"/><Qrcode x="2" y="9" width="15" height="15" content="R-1"/></Page></LPAPI>';
export const IMPORT_CSV_BASE64 = Buffer.from('资产名称\nImported desk\n', 'utf8').toString('base64');

let serial = 0;
export const unique = (prefix: string) => `${prefix}-${++serial}`;

export async function buildWorld(server: TestServer): Promise<World> {
  const owner = await registerAndLogin(server, 'matrix-owner@example.com', 'pw', 'Matrix Co');
  await setVip(server.db, 'matrix-owner@example.com', true);
  const other = await registerAndLogin(server, 'other-owner@example.com', 'pw', 'Other Co');
  await setVip(server.db, 'other-owner@example.com', true);
  const tokenOf = (place: Place) => (place === 'other' ? other.loginID : owner.loginID);
  const as = async <T>(place: Place, method: string, path: string, body?: unknown): Promise<T> =>
    payload(await server.call<T>(method, path, { token: tokenOf(place), body, lang: 'en' }));

  const root = async (place: Place) => (await as<DepartmentListResult>(place, 'GET', '/api/Department/List')).departments[0].id;
  const newDept = async (place: Place, parent: number) =>
    (await as<DepartmentInfo>(place, 'POST', '/api/Department', { deptName: unique('dept'), affiliatedDept: parent })).id;
  const matrixRoot = await root('A');
  const depts: Record<Place, number> = {
    A: await newDept('A', matrixRoot),
    B: await newDept('B', matrixRoot),
    other: await newDept('other', await root('other')),
  };

  // Set below, once the makers have made its staff member and role.
  let scoped: LoginResult = undefined as unknown as LoginResult;
  const make: Makers = {
    dept: (place) => newDept(place, depts[place]),
    staff: async (place) => (await as<StaffInfo>(place, 'POST', '/api/Staff', { staffName: unique('staff'), affiliatedDept: depts[place] })).id,
    asset: async (place) => (await as<AssetInfo>(place, 'POST', '/api/Asset', { assetName: unique('asset'), affiliatedDept: depts[place] })).id,
    async picture(place) {
      const picture = (await as<FileInfo>(place, 'POST', '/api/File/Upload', UPLOAD)).id;
      await as<AssetInfo>(place, 'POST', '/api/Asset', { assetName: unique('pictured'), affiliatedDept: depts[place], picture });
      return picture;
    },
    async loosePicture(place) {
      const token = place === 'A' ? scoped.loginID : tokenOf(place);
      return payload(await server.call<FileInfo>('POST', '/api/File/Upload', { token, body: UPLOAD })).id;
    },
    classify: async (place) => (await as<AssetClassifyInfo>(place, 'POST', '/api/AssetClassify', { classifyName: unique('class') })).id,
    role: async (place) => (await as<RoleInfo>(place, 'POST', '/api/Role', { roleName: unique('role'), permissions: [] })).id,
    async subUser(place) {
      const email = `${unique('sub')}@route.example.com`;
      const opened = await openChildUser(server, tokenOf(place), { staffId: await make.staff(place), email, password: 'pw' });
      return payload(opened as CallResult<ChildUserInfo>).id;
    },
    async opening(place) {
      const email = `${unique('open')}@route.example.com`;
      payload(await server.call('GET', `/api/User?email=${email}&purpose=register`));
      return { staffId: await make.staff(place), email, checkCode: server.lastCode(email) };
    },
    template: async (place) =>
      (await as<TemplateInfo>(place, 'POST', '/api/Template', { templateName: unique('template'), templateContent: TEMPLATE_WDFX })).templateID,
  };

  /** A sub-user of Matrix Co with the given role codes and scope, logged in. */
  const subUserToken = async (permissions: readonly number[], scope: 'All' | 'Dept'): Promise<LoginResult> => {
    const roleId = (await as<RoleInfo>('A', 'POST', '/api/Role', { roleName: unique('role'), permissions })).id;
    const email = `${unique('actor')}@route.example.com`;
    const staffId = await make.staff('A');
    payload(await openChildUser(server, owner.loginID, { staffId, email, password: 'pw', roleId, authorizationType: scope }));
    return login(server, email, 'pw');
  };
  scoped = await subUserToken(ALL_PERMISSIONS, 'Dept');

  const lackingUsers = new Map<string, Promise<LoginResult>>();
  const lacking = (need: Need): Promise<LoginResult> => {
    const key = String(need);
    if (!lackingUsers.has(key)) {
      const missing: number[] =
        need === 'editor' ? [Permission.assetAdd, Permission.assetEdit] : typeof need === 'number' ? [need] : [];
      const held = ALL_PERMISSIONS.filter((code) => !missing.includes(code));
      lackingUsers.set(key, subUserToken(held, 'All'));
    }
    return lackingUsers.get(key)!;
  };

  const world: World = { server, owner, other, scoped, lacking, depts, importJob: { A: 0, B: 0, other: 0 }, tokenOf, make };
  for (const place of ['A', 'other'] as const) {
    const started = await as<ImportStarted>(place, 'POST', '/api/Excel', { explain: 3, suffix: 'csv', fileData: IMPORT_CSV_BASE64 });
    await importFinished(world, tokenOf(place), started.jobId);
    world.importJob[place] = started.jobId;
  }
  world.importJob.B = world.importJob.A;
  return world;
}

/**
 * Waits until an import job has left 'importing' (imports run in the background, perhaps in
 * another thread), asking the API every few milliseconds: the outcome, not a time, ends it.
 */
export async function importFinished(world: Pick<World, 'server'>, token: string, jobId: number): Promise<ImportStatus> {
  for (;;) {
    const status = payload(await world.server.call<ImportStatus>('GET', `/api/Excel?jobId=${jobId}`, { token }));
    if (status.status !== 'importing') return status;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A read-only picture token of the session (GET api/File/Token). */
export async function fileTokenOf(server: TestServer, token: string): Promise<string> {
  return payload(await server.call<FileTokenResult>('GET', '/api/File/Token', { token })).fileToken;
}
