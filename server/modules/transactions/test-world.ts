/**
 * The company the transaction tests work in, through the real API (testing/harness.ts):
 *   Root ─ Sales ─ East       staff: li (East), wang (Ops)
 *        └ Ops
 * Sub-users (scope All unless said): one per permission 104-108 holding only it, `scoped`
 * holding all five with scope Dept (its own department East), and another company's admin.
 */
import { BUSINESS_PERMISSION, type AssetInfo, type BusinessDetails, type DepartmentInfo, type RoleInfo, type StaffInfo } from '../../../src/api/contract.ts';
import { setVip } from '../../scripts/set-vip.ts';
import { login, openChildUser, payload, registerAndLogin, snapshot, startTestServer, type CallResult, type TestServer } from '../../testing/harness.ts';

export type Who = 'admin' | 'other' | 'scoped' | 'alter' | 'receive' | 'borrow' | 'maintain' | 'scrap' | 'receiveAndBorrow';

export interface TxWorld {
  server: TestServer;
  tokens: Record<Who, string>;
  depts: Record<'root' | 'sales' | 'east' | 'ops', number>;
  staff: Record<'li' | 'wang' | 'otherCo', number>;
  otherAsset: number;
  call<T>(who: Who, method: string, path: string, body?: unknown, lang?: string): Promise<CallResult<T>>;
  asset(name: string, dept?: number | null, staffId?: number | null, site?: string): Promise<AssetInfo>;
  details(id: number): Promise<AssetInfo>;
  transact(who: Who, body: Record<string, unknown>, lang?: string): Promise<{ statusCode: number; resultInfo: unknown }>;
  /** Every row of every tenant table, business ones included. */
  everything(): Promise<Record<string, string>>;
}

let serial = 0;

export async function buildTxWorld(tag: string): Promise<TxWorld> {
  const server = await startTestServer();
  const tokens = {} as Record<Who, string>;
  const adminEmail = `tx-${tag}@example.com`;
  tokens.admin = (await registerAndLogin(server, adminEmail, 'pw', 'Tx Co')).loginID;
  await setVip(server.db, adminEmail, true);
  tokens.other = (await registerAndLogin(server, `tx-${tag}-other@example.com`, 'pw', 'Other Co')).loginID;
  const call = <T>(who: Who, method: string, path: string, body?: unknown, lang = 'en') =>
    server.call<T>(method, path, { token: tokens[who], body, lang });

  const dept = async (deptName: string, affiliatedDept?: number) =>
    payload(await call<DepartmentInfo>('admin', 'POST', '/api/Department', { deptName, affiliatedDept })).id;
  const root = payload(await call<{ departments: DepartmentInfo[] }>('admin', 'GET', '/api/Department/List')).departments[0].id;
  const sales = await dept('Sales');
  const east = await dept('East', sales);
  const ops = await dept('Ops');
  const person = async (staffName: string, affiliatedDept: number, who: Who = 'admin') =>
    payload(await call<StaffInfo>(who, 'POST', '/api/Staff', { staffName, affiliatedDept })).id;
  const li = await person('Li Na', east);
  const wang = await person('Wang Fang', ops);
  const otherRoot = payload(await call<{ departments: DepartmentInfo[] }>('other', 'GET', '/api/Department/List')).departments[0].id;
  const otherCo = await person('Outsider', otherRoot, 'other');
  const otherAsset = payload(await call<AssetInfo>('other', 'POST', '/api/Asset', { assetCoding: 'OTHER-1', assetName: 'Theirs', affiliatedDept: otherRoot })).id;

  const role = async (roleName: string, permissions: number[]) =>
    payload(await call<RoleInfo>('admin', 'POST', '/api/Role', { roleName, permissions })).id;
  const open = async (who: Who, permissions: number[], scope: 'All' | 'Dept') => {
    const email = `${who}-${tag}@tx.example.com`;
    const staffId = await person(`u-${who}`, east);
    const roleId = await role(`role-${who}`, permissions);
    payload(await openChildUser(server, tokens.admin, { staffId, email, password: 'pw', roleId, authorizationType: scope, authorizedDepts: [] }));
    tokens[who] = (await login(server, email, 'pw')).loginID;
  };
  const P = BUSINESS_PERMISSION;
  await open('scoped', [P.Alter, P.Using, P.Borrowed, P.Maintain, P.Discard], 'Dept');
  await open('alter', [P.Alter], 'All');
  await open('receive', [P.Using], 'All');
  await open('borrow', [P.Borrowed], 'All');
  await open('maintain', [P.Maintain], 'All');
  await open('scrap', [P.Discard], 'All');
  await open('receiveAndBorrow', [P.Using, P.Borrowed], 'All');

  const world: TxWorld = {
    server,
    tokens,
    depts: { root, sales, east, ops },
    staff: { li, wang, otherCo },
    otherAsset,
    call,
    async asset(name, deptId = east, staffId = null, site = 'Room 1') {
      return payload(
        await call<AssetInfo>('admin', 'POST', '/api/Asset', {
          assetCoding: `${name}-${++serial}`,
          assetName: name,
          affiliatedDept: deptId,
          affiliatedStaff: staffId,
          depositSite: site,
        }),
      );
    },
    async details(id) {
      return payload(await call<AssetInfo>('admin', 'GET', `/api/Asset/details?id=${id}`));
    },
    async transact(who, body, lang = 'en') {
      return (await call<BusinessDetails>(who, 'POST', '/api/Business', body, lang)).body;
    },
    async everything() {
      const tables = await snapshot(server.db);
      for (const table of ['business_records', 'business_assets']) {
        tables[table] = JSON.stringify((await server.db.query(`SELECT * FROM ${table} ORDER BY company_id, id`)).rows);
      }
      return tables;
    },
  };
  return world;
}
