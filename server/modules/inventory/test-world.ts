/**
 * The company the inventory tests work in, through the real API (testing/harness.ts):
 *   Root ─ Sales ─ East       staff: li (East)
 *        └ Ops
 * Users: the admin; `scoped` holding 201 with scope Dept (its own department East); `all`
 * holding 201 with scope All; `no201` holding every permission but 201 (scope All); and
 * another company's admin (`other`), who has an asset coded SHARED-1 as Tx Co does.
 */
import {
  ALL_PERMISSIONS,
  Permission,
  type AssetInfo,
  type DepartmentInfo,
  type InventoryOrderInfo,
  type InventoryScan,
  type InventoryScanResult,
  type RoleInfo,
  type StaffInfo,
} from '../../../src/api/contract.ts';
import { setVip } from '../../scripts/set-vip.ts';
import { fingerprint } from '../../testing/db-fingerprint.ts';
import { login, openChildUser, payload, registerAndLogin, startTestServer, type CallResult, type TestServer } from '../../testing/harness.ts';

export type Who = 'admin' | 'other' | 'scoped' | 'all' | 'no201';

export interface InventoryWorld {
  server: TestServer;
  tokens: Record<Who, string>;
  depts: Record<'root' | 'sales' | 'east' | 'ops', number>;
  staff: { li: number };
  classes: { desk: number; chair: number };
  call<T>(who: Who, method: string, path: string, body?: unknown, lang?: string): Promise<CallResult<T>>;
  /** An asset made by the admin (code `code`, department East unless said). */
  asset(code: string, fields?: Record<string, unknown>): Promise<AssetInfo>;
  createOrder(who: Who, body: Record<string, unknown>): Promise<InventoryOrderInfo>;
  scan(who: Who, orderId: number, scans: InventoryScan[], lang?: string): Promise<InventoryScanResult>;
  /** Every table of the database, to prove a refused call changed nothing. */
  everything(): Promise<Record<string, string>>;
}

let serial = 0;
/** A fresh scan id: a UUID as a device makes one (crypto.randomUUID). */
export const scanIdOf = () => crypto.randomUUID();
export const uniqueCode = (prefix: string) => `${prefix}-${++serial}`;

export async function buildInventoryWorld(tag: string): Promise<InventoryWorld> {
  const server = await startTestServer();
  const tokens = {} as Record<Who, string>;
  tokens.admin = (await registerAndLogin(server, `inv-${tag}@example.com`, 'pw', 'Inv Co')).loginID;
  // Roles are for VIP companies.
  await setVip(server.db, `inv-${tag}@example.com`, true);
  tokens.other = (await registerAndLogin(server, `inv-${tag}-other@example.com`, 'pw', 'Other Co')).loginID;
  const call = <T>(who: Who, method: string, path: string, body?: unknown, lang = 'en') =>
    server.call<T>(method, path, { token: tokens[who], body, lang });

  const dept = async (deptName: string, affiliatedDept?: number) =>
    payload(await call<DepartmentInfo>('admin', 'POST', '/api/Department', { deptName, affiliatedDept })).id;
  const root = payload(await call<{ departments: DepartmentInfo[] }>('admin', 'GET', '/api/Department/List')).departments[0].id;
  const sales = await dept('Sales');
  const east = await dept('East', sales);
  const ops = await dept('Ops');
  const person = async (staffName: string, affiliatedDept: number) =>
    payload(await call<StaffInfo>('admin', 'POST', '/api/Staff', { staffName, affiliatedDept })).id;
  const li = await person('Li Na', east);
  const classify = async (classifyName: string) =>
    payload(await call<{ id: number }>('admin', 'POST', '/api/AssetClassify', { classifyName })).id;
  const desk = await classify('Desk');
  const chair = await classify('Chair');
  const otherRoot = payload(await call<{ departments: DepartmentInfo[] }>('other', 'GET', '/api/Department/List')).departments[0].id;
  payload(await call<AssetInfo>('other', 'POST', '/api/Asset', { assetCoding: 'SHARED-1', assetName: 'Theirs', affiliatedDept: otherRoot }));

  const open = async (who: Who, permissions: readonly number[], scope: 'All' | 'Dept') => {
    const email = `${who}-${tag}@inv.example.com`;
    const staffId = await person(`u-${who}`, east);
    const roleId = payload(await call<RoleInfo>('admin', 'POST', '/api/Role', { roleName: `role-${who}`, permissions })).id;
    payload(await openChildUser(server, tokens.admin, { staffId, email, password: 'pw', roleId, authorizationType: scope, authorizedDepts: [] }));
    tokens[who] = (await login(server, email, 'pw')).loginID;
  };
  await open('scoped', [Permission.inventory], 'Dept');
  await open('all', [Permission.inventory], 'All');
  await open(
    'no201',
    ALL_PERMISSIONS.filter((code) => code !== Permission.inventory),
    'All',
  );

  return {
    server,
    tokens,
    depts: { root, sales, east, ops },
    staff: { li },
    classes: { desk, chair },
    call,
    async asset(code, fields = {}) {
      return payload(
        await call<AssetInfo>('admin', 'POST', '/api/Asset', { assetCoding: code, assetName: `Asset ${code}`, affiliatedDept: east, ...fields }),
      );
    },
    async createOrder(who, body) {
      return payload(await call<InventoryOrderInfo>(who, 'POST', '/api/Anlageninventur', body));
    },
    async scan(who, orderId, scans, lang = 'en') {
      return payload(await call<InventoryScanResult>(who, 'POST', '/api/InventoryAsset', { anlageninventurId: orderId, scans }, lang));
    },
    async everything() {
      return fingerprint(server.db);
    },
  };
}
