/**
 * Assets and the caller's scope, through every asset route: a sub-user sees, counts, exports,
 * changes and deletes only the assets of the departments of their scope; assets without a
 * department are the admins'; another company's ids answer like missing ones. The company:
 *   R (root) ─ A ─ A1        assets: a (A), a1 (A1), b (B), none (no department)
 *            └ B
 *   dept    scope Dept, own department A, role [101, 102, 103]
 *   custom  scope Custom [B], role [101, 102, 103]
 *   all     scope All, no role: reads only
 *   adder   scope Dept (A), role [101]: adds, cannot change
 *   other   the admin of another company
 */
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetInfo, AssetListResult, DashboardInfo, DepartmentInfo, ExcelFile, ImportStatus, RoleInfo, StaffInfo } from '../../../src/api/contract.ts';
import { setVip } from '../../scripts/set-vip.ts';
import { login, openChildUser, payload, registerAndLogin, snapshot, startTestServer, type TestServer } from '../../testing/harness.ts';
import { importsSettled } from '../import-export/service.ts';

type Who = 'admin' | 'dept' | 'custom' | 'all' | 'adder' | 'other';
let server: TestServer;
const tokens = {} as Record<Who, string>;
const depts = {} as Record<'R' | 'A' | 'A1' | 'B', number>;
const staff = {} as Record<'sA' | 'sB', number>;
const assets = {} as Record<'a' | 'a1' | 'b' | 'none', number>;

function call<T>(who: Who, method: string, path: string, body?: unknown) {
  return server.call<T>(method, path, { token: tokens[who], body, lang: 'en' });
}

beforeAll(async () => {
  server = await startTestServer();
  tokens.admin = (await registerAndLogin(server, 'scope@example.com', 'pw', 'Scope Co')).loginID;
  await setVip(server.db, 'scope@example.com', true);
  tokens.other = (await registerAndLogin(server, 'scope-other@example.com', 'pw', 'Other Co')).loginID;
  const dept = async (deptName: string, affiliatedDept?: number) =>
    payload(await call<DepartmentInfo>('admin', 'POST', '/api/Department', { deptName, affiliatedDept })).id;
  depts.R = payload(await call<{ departments: DepartmentInfo[] }>('admin', 'GET', '/api/Department/List')).departments[0].id;
  depts.A = await dept('A');
  depts.A1 = await dept('A1', depts.A);
  depts.B = await dept('B');
  const person = async (staffName: string, affiliatedDept: number) =>
    payload(await call<StaffInfo>('admin', 'POST', '/api/Staff', { staffName, affiliatedDept })).id;
  staff.sA = await person('sA', depts.A);
  staff.sB = await person('sB', depts.B);
  const asset = async (assetCoding: string, affiliatedDept: number | null) =>
    payload(await call<AssetInfo>('admin', 'POST', '/api/Asset', { assetCoding, assetName: assetCoding, affiliatedDept, buyPrice: 100 })).id;
  assets.a = await asset('a', depts.A);
  assets.a1 = await asset('a1', depts.A1);
  assets.b = await asset('b', depts.B);
  assets.none = await asset('none', null);
  const role = async (roleName: string, permissions: number[]) =>
    payload(await call<RoleInfo>('admin', 'POST', '/api/Role', { roleName, permissions })).id;
  const writer = await role('Asset writer', [101, 102, 103]);
  const open = async (who: Who, dept: number, scope: 'All' | 'Dept' | 'Custom', roleId: number | null, custom: number[] = []) => {
    const email = `${who}@scope.example.com`;
    const staffId = await person(`u-${who}`, dept);
    payload(await openChildUser(server, tokens.admin, { staffId, email, password: 'pw', roleId, authorizationType: scope, authorizedDepts: custom }));
    tokens[who] = (await login(server, email, 'pw')).loginID;
  };
  await open('dept', depts.A, 'Dept', writer);
  await open('custom', depts.B, 'Custom', writer, [depts.B]);
  await open('all', depts.A, 'All', null);
  await open('adder', depts.A, 'Dept', await role('Asset adder', [101]));
});
afterAll(() => server?.close());

const VIEW: Record<Who, string[]> = {
  admin: ['a', 'a1', 'b', 'none'],
  dept: ['a', 'a1'],
  custom: ['b'],
  all: ['a', 'a1', 'b'],
  adder: ['a', 'a1'],
  other: [],
};
const WHO: Who[] = ['admin', 'dept', 'custom', 'all', 'adder', 'other'];
const NOT_FOUND = { statusCode: 28, resultInfo: 'This asset does not exist or is outside your authorized scope.' };

describe('what each user sees', () => {
  it('lists, counts and details only the assets of their scope', async () => {
    for (const who of WHO) {
      const listed = payload(await call<AssetListResult>(who, 'GET', '/api/Asset?sortKey=assetCoding'));
      expect(listed.assets.map((a) => a.assetCoding), who).toEqual(VIEW[who]);
      expect(listed.filterAssetCount, who).toBe(VIEW[who].length);
      const figures = payload(await call<DashboardInfo>(who, 'GET', '/api/asset/count'));
      expect(figures.totalAssets, who).toBe(VIEW[who].length);
      expect(figures.totalBuyPrice, who).toBe(100 * VIEW[who].length);
      expect(figures.valueByDept.reduce((n, g) => n + g.count, 0), who).toBe(VIEW[who].length);
      for (const [code, id] of Object.entries(assets)) {
        const reply = await call(who, 'GET', `/api/Asset/details?id=${id}`);
        if (VIEW[who].includes(code)) expect(reply.body.statusCode, `${who} ${code}`).toBe(0);
        else expect(reply.body, `${who} ${code}`).toEqual(NOT_FOUND);
      }
    }
    // Filtering by a department outside the scope finds nothing, not that department's assets.
    expect(payload(await call<AssetListResult>('dept', 'GET', `/api/Asset?affiliatedDept=${depts.B}`)).filterAssetCount).toBe(0);
    expect(payload(await call<AssetListResult>('custom', 'GET', `/api/Asset?affiliatedDept=${depts.R}`)).assets.map((a) => a.assetCoding)).toEqual(['b']);
  });

  it('exports only the assets of their scope', async () => {
    for (const who of WHO) {
      const file = payload(await call<ExcelFile>(who, 'GET', '/api/Excel/Export?sortKey=assetCoding'));
      const book = XLSX.read(Buffer.from(file.fileData, 'base64'));
      const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 }).slice(1);
      expect(rows.map((r) => r[0]), who).toEqual(VIEW[who]);
      expect(file.rowCount, who).toBe(VIEW[who].length);
    }
  });
});

describe('what each user may change', () => {
  it('refuses deleting an asset outside the scope, one or among several, deleting nothing', async () => {
    const before = await snapshot(server.db);
    expect((await call('dept', 'DELETE', '/api/Asset', { id: assets.b })).body).toEqual(NOT_FOUND);
    expect((await call('dept', 'DELETE', '/api/Asset', { id: assets.none })).body).toEqual(NOT_FOUND);
    expect((await call('custom', 'POST', '/api/Asset/DeleteAll', { ids: [assets.b, assets.a] })).body).toEqual(NOT_FOUND);
    expect((await call('dept', 'POST', '/api/Asset/DeleteAll', { ids: [assets.a, assets.a1, assets.b] })).body).toEqual(NOT_FOUND);
    const missing = await call('other', 'DELETE', '/api/Asset', { id: 999_999_999 });
    expect((await call('other', 'DELETE', '/api/Asset', { id: assets.a })).body).toEqual(missing.body);
    expect((await call('all', 'DELETE', '/api/Asset', { id: assets.a })).body.statusCode).toBe(5);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('keeps writes inside the scope: departments, users and the assets themselves', async () => {
    const before = await snapshot(server.db);
    expect((await call('dept', 'POST', '/api/Asset', { id: assets.b, assetName: 'Mine now' })).body).toEqual(NOT_FOUND);
    // Moving a registered asset is a transaction's (modules/transactions): refused as such, in scope or not.
    expect((await call('dept', 'POST', '/api/Asset', { id: assets.a, affiliatedDept: depts.B })).body.statusCode).toBe(2);
    expect((await call('dept', 'POST', '/api/Asset', { assetName: 'In B', affiliatedDept: depts.B })).body.statusCode).toBe(28);
    expect((await call('dept', 'POST', '/api/Asset', { assetName: 'Nowhere' })).body).toEqual({
      statusCode: 5,
      resultInfo: 'Please choose a department within your authorized scope.',
    });
    expect((await call('dept', 'POST', '/api/Asset', { id: assets.a, affiliatedDept: null })).body.statusCode).toBe(2);
    expect((await call('dept', 'POST', '/api/Asset', { assetName: 'For sB', affiliatedStaff: staff.sB, affiliatedDept: depts.A })).body.statusCode).toBe(28);
    expect((await call('all', 'POST', '/api/Asset', { assetName: 'Reader', affiliatedDept: depts.A })).body.statusCode).toBe(5);
    expect((await call('all', 'POST', '/api/Asset', { id: assets.a, assetName: 'Reader' })).body.statusCode).toBe(5);
    expect((await call('other', 'POST', '/api/Asset', { id: assets.a, assetName: 'Theirs' })).body).toEqual(NOT_FOUND);
    expect(await snapshot(server.db)).toEqual(before);

    // Allowed: within the scope, the department defaulting to the user's.
    const made = payload(await call<AssetInfo>('dept', 'POST', '/api/Asset', { assetName: 'For sA', affiliatedStaff: staff.sA }));
    expect(made).toMatchObject({ affiliatedDept: depts.A, status: 4 });
    // Moving it within the scope is an alter (104, which this role lacks): transactions/access.test.ts.
    expect(payload(await call<{ deleted: number }>('dept', 'POST', '/api/Asset/DeleteAll', { ids: [made.id] }))).toEqual({ deleted: 1 });
  });

  it('imports only into the scope', async () => {
    const rows = [
      ['资产编码', '资产名称', '所属部门'],
      ['a', 'a renamed', 'A'],
      ['b', 'b taken over', 'A'],
      ['new-b', 'New in B', 'B'],
      ['new-none', 'Without department', ''],
      ['new-a1', 'New in A1', 'A/A1'],
    ];
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'S');
    const fileData = XLSX.write(workbook, { type: 'base64', bookType: 'xlsx', compression: true });
    expect((await call('all', 'POST', '/api/Excel', { suffix: 'xlsx', fileData })).body.statusCode).toBe(5);
    payload(await call('dept', 'POST', '/api/Excel', { suffix: 'xlsx', fileData }));
    await importsSettled();
    const status = payload(await call<ImportStatus>('dept', 'GET', '/api/Excel'));
    expect(status).toMatchObject({ status: 'success', created: 1, updated: 1, errorCount: 3 });
    expect(status.errors).toEqual([
      { row: 3, reason: 'The asset code "b" already exists.' },
      { row: 4, reason: 'No department "B" within your authorized scope.' },
      { row: 5, reason: 'Please choose a department within your authorized scope.' },
    ]);
    const b = payload(await call<AssetInfo>('admin', 'GET', `/api/Asset/details?id=${assets.b}`));
    expect(b).toMatchObject({ assetName: 'b', affiliatedDept: depts.B });
  });

  it('lets a user without 102 import new assets and unchanged rows, but not change existing ones', async () => {
    const rows = [
      ['资产编码', '资产名称', '所属部门'],
      ['a1', 'a1', 'A/A1'],
      ['a', 'a changed again', 'A'],
      ['added', 'Added', 'A'],
    ];
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'S');
    const fileData = XLSX.write(workbook, { type: 'base64', bookType: 'xlsx', compression: true });
    payload(await call('adder', 'POST', '/api/Excel', { suffix: 'xlsx', fileData }));
    await importsSettled();
    const status = payload(await call<ImportStatus>('adder', 'GET', '/api/Excel'));
    expect(status).toMatchObject({ status: 'success', created: 1, updated: 0, unchanged: 1, errorCount: 1 });
    expect(status.errors).toEqual([{ row: 3, reason: 'The asset code "a" exists and you are not allowed to edit assets.' }]);
    expect((await call('adder', 'POST', '/api/Asset', { id: assets.a, assetName: 'x' })).body.statusCode).toBe(5);
  });
});
