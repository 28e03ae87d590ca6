import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChildUserInfo,
  DepartmentInfo,
  LoginResult,
  StaffChildListResult,
  StaffInfo,
  StaffListResult,
} from '../../../src/api/contract.ts';
import {
  login,
  openChildUser,
  payload,
  registerAndLogin,
  snapshot,
  startTestServer,
  type TestServer,
} from '../../testing/harness.ts';

let server: TestServer;
let admin: LoginResult;
const dept: Record<string, DepartmentInfo> = {};
beforeAll(async () => {
  server = await startTestServer();
  admin = await registerAndLogin(server, 'people@example.com', 'pw', 'People Co');
  // Root ─ Sales ─ East
  //      └ Ops
  dept.sales = payload(await call<DepartmentInfo>('POST', '/api/Department', { deptName: 'Sales' }));
  dept.east = payload(await call<DepartmentInfo>('POST', '/api/Department', { deptName: 'East', affiliatedDept: dept.sales.id }));
  dept.ops = payload(await call<DepartmentInfo>('POST', '/api/Department', { deptName: 'Ops' }));
  const people: [string, string, string, DepartmentInfo | null, 'active' | 'inactive'][] = [
    ['Zhang Wei', 'E-003', 'Engineer', dept.sales, 'active'],
    ['Li Na', 'E-001', 'Manager', dept.east, 'active'],
    ['Wang Fang', 'E-002', 'Clerk', dept.east, 'inactive'],
    ['Chen Jie', 'X_9', 'engineer', dept.ops, 'active'],
    ['Zhao Lei', '', '', null, 'active'],
  ];
  for (const [staffName, jobNumber, position, d, workingStatus] of people) {
    payload(await call('POST', '/api/Staff', { staffName, jobNumber, position, affiliatedDept: d?.id ?? null, workingStatus }));
  }
});
afterAll(() => server?.close());

function call<T>(method: string, path: string, body?: unknown, lang = 'en') {
  return server.call<T>(method, path, { token: admin.loginID, body, lang });
}
const names = (result: StaffListResult) => result.staffs.map((s) => s.staffName);
const staffList = async (query: string) => payload(await call<StaffListResult>('GET', `/api/Staff/List?${query}`));

describe('staff list', () => {
  it('lists every staff member for the admin, in creation order by default', async () => {
    const result = await staffList('');
    expect(result.total).toBe(5);
    expect(names(result)).toEqual(['Zhang Wei', 'Li Na', 'Wang Fang', 'Chen Jie', 'Zhao Lei']);
    expect(result.staffs[1]).toEqual({
      id: expect.any(Number),
      staffName: 'Li Na',
      position: 'Manager',
      jobNumber: 'E-001',
      affiliatedDept: dept.east.id,
      deptName: 'East',
      workingStatus: 'active',
      userId: null,
      userEnabled: null,
      version: 1,
    });
    expect(result.staffs[4]).toMatchObject({ affiliatedDept: null, deptName: null });
  });

  it('searches name, job number and position, in any case, taking % and _ literally', async () => {
    expect(names(await staffList('search=zhang'))).toEqual(['Zhang Wei']);
    expect(names(await staffList('search=E-00'))).toEqual(['Zhang Wei', 'Li Na', 'Wang Fang']);
    expect(names(await staffList('search=ENGINEER'))).toEqual(['Zhang Wei', 'Chen Jie']);
    expect(names(await staffList('search=X_'))).toEqual(['Chen Jie']);
    expect(names(await staffList('search=E_0'))).toEqual([]);
    expect(names(await staffList('search=%25'))).toEqual([]);
    expect((await staffList('search=%20%20')).total).toBe(5);
  });

  it('sorts by any column, both ways', async () => {
    expect(names(await staffList('sortKey=staffName'))).toEqual(['Chen Jie', 'Li Na', 'Wang Fang', 'Zhang Wei', 'Zhao Lei']);
    expect(names(await staffList('sortKey=staffName&isASC=false'))).toEqual(['Zhao Lei', 'Zhang Wei', 'Wang Fang', 'Li Na', 'Chen Jie']);
    expect(names(await staffList('sortKey=jobNumber&isASC=1'))).toEqual(['Zhao Lei', 'Li Na', 'Wang Fang', 'Zhang Wei', 'Chen Jie']);
    expect((await staffList('sortKey=affiliatedDept')).staffs.map((s) => s.deptName)).toEqual(['East', 'East', 'Ops', 'Sales', null]);
    expect(names(await staffList('sortKey=workingStatus&isASC=0'))[0]).toBe('Wang Fang');
    expect(names(await staffList('sortKey=position'))[0]).toBe('Zhao Lei');
    expect(names(await staffList('sortKey=id&isASC=false'))[0]).toBe('Zhao Lei');
  });

  it('filters by department including its sub-departments, and by working status', async () => {
    expect(names(await staffList(`affiliatedDept=${dept.sales.id}`))).toEqual(['Zhang Wei', 'Li Na', 'Wang Fang']);
    expect(names(await staffList(`affiliatedDept=${dept.east.id}`))).toEqual(['Li Na', 'Wang Fang']);
    expect((await staffList(`affiliatedDept=${dept.sales.id}&workingStatus=active`)).total).toBe(2);
    expect(names(await staffList(`affiliatedDept=${dept.sales.id}&search=wang`))).toEqual(['Wang Fang']);
    expect(await staffList('affiliatedDept=999999999')).toEqual({ staffs: [], total: 0 });
    const direct = payload(await call<StaffChildListResult>('GET', `/api/Staff/ChildList?affiliatedDept=${dept.sales.id}`));
    expect(direct.staffs.map((s) => s.staffName)).toEqual(['Zhang Wei']);
    const all = payload(await call<StaffChildListResult>('GET', '/api/Staff/ChildList'));
    expect(all.staffs).toHaveLength(5);
  });

  it('pages with the spec page sizes, counting every match', async () => {
    for (let i = 0; i < 45; i++) {
      payload(await call('POST', '/api/Staff', { staffName: `Page ${String(i).padStart(2, '0')}`, affiliatedDept: dept.ops.id }));
    }
    const first = await staffList(`affiliatedDept=${dept.ops.id}&sortKey=staffName&pageSize=20`);
    expect(first.total).toBe(46);
    expect(first.staffs).toHaveLength(20);
    expect(first.staffs[0].staffName).toBe('Chen Jie');
    const third = await staffList(`affiliatedDept=${dept.ops.id}&sortKey=staffName&pageSize=20&pageIndex=3`);
    expect(names(third)).toEqual(['Page 39', 'Page 40', 'Page 41', 'Page 42', 'Page 43', 'Page 44']);
    expect((await staffList(`pageIndex=9&pageSize=20`)).staffs).toEqual([]);
    expect((await staffList('')).staffs).toHaveLength(50);
    for (const bad of ['pageSize=10', 'pageSize=30', 'pageIndex=0', 'pageIndex=-1', 'sortKey=password', 'isASC=maybe']) {
      const result = await call('GET', `/api/Staff/List?${bad}`);
      expect(result.body.statusCode, bad).toBe(2);
    }
  });
});

describe('staff records', () => {
  it('needs a name, in the spec words, and keeps job numbers unique', async () => {
    for (const staffName of [undefined, '', '  ']) {
      expect((await call('POST', '/api/Staff', { staffName }, 'zh-CN')).body).toEqual({ statusCode: 2, resultInfo: '请输入员工姓名。' });
    }
    const taken = await call('POST', '/api/Staff', { staffName: 'Dup', jobNumber: ' E-001 ' });
    expect(taken.body).toEqual({ statusCode: 29, resultInfo: 'This job number already exists.' });
    const bad = await call('POST', '/api/Staff', { staffName: 'Bad', workingStatus: 'retired' });
    expect(bad.body.statusCode).toBe(2);
    const nowhere = await call('POST', '/api/Staff', { staffName: 'Nowhere', affiliatedDept: 999_999_999 });
    expect(nowhere.body).toEqual({ statusCode: 28, resultInfo: 'This department does not exist.' });
  });

  it('updates only the fields given', async () => {
    const set = async (body: unknown) => payload(await call<StaffInfo>('POST', '/api/Staff', body));
    const created = await set({ staffName: 'Editable', jobNumber: 'ED-1', position: 'Temp', affiliatedDept: dept.ops.id });
    const updated = await set({ id: created.id, staffName: 'Edited', workingStatus: 'inactive' });
    expect(updated).toMatchObject({
      staffName: 'Edited',
      jobNumber: 'ED-1',
      position: 'Temp',
      affiliatedDept: dept.ops.id,
      workingStatus: 'inactive',
    });
    const moved = await set({ id: created.id, staffName: 'Edited', affiliatedDept: null, jobNumber: '' });
    expect(moved).toMatchObject({ affiliatedDept: null, jobNumber: '' });
    // Its own job number again is not a duplicate.
    payload(await call('POST', '/api/Staff', { id: created.id, staffName: 'Edited', jobNumber: 'ED-1' }));
    payload(await call('POST', '/api/Staff', { id: created.id, staffName: 'Edited', jobNumber: 'ED-1' }));
  });

  it('closes the sub-user of a deleted staff member in the same step', async () => {
    const staff = payload(await call<StaffInfo>('POST', '/api/Staff', { staffName: 'Leaver', affiliatedDept: dept.ops.id }));
    const child = payload(await openChildUser(server, admin.loginID, { staffId: staff.id, email: 'leaver@example.com', password: 'leaver-pw' }));
    const session = await login(server, 'leaver@example.com', 'leaver-pw');
    const listed = payload(await call<StaffChildListResult>('GET', `/api/Staff/ChildList?affiliatedDept=${dept.ops.id}`));
    expect(listed.staffs.find((s) => s.id === staff.id)).toMatchObject({ userId: child.id, userEnabled: true });

    expect((await call('DELETE', `/api/Staff?id=${staff.id}`)).body).toEqual({ statusCode: 0, resultInfo: null });
    expect((await server.call('GET', '/api/User/Current', { token: session.loginID })).body.statusCode).toBe(19);
    const relogin = await server.call('POST', '/api/Login', { body: { email: 'leaver@example.com', password: '0'.repeat(32) } });
    expect(relogin.body.statusCode).toBe(8);
    const { rows } = await server.db.query('SELECT 1 FROM users WHERE email = $1', ['leaver@example.com']);
    expect(rows).toHaveLength(0);
    const users = payload(await call<{ childUserInfos: ChildUserInfo[] }>('GET', '/api/ChildUser/List'));
    expect(users.childUserInfos.some((u) => u.id === child.id)).toBe(false);
  });

  it('keeps companies apart', async () => {
    const mine = payload(await call<StaffInfo>('POST', '/api/Staff', { staffName: 'Mine', jobNumber: 'M-1' }));
    const other = await registerAndLogin(server, 'other-people@example.com', 'pw', 'Other People');
    const as = (method: string, path: string, body?: unknown) => server.call(method, path, { token: other.loginID, body, lang: 'en' });
    expect(payload(await as('GET', '/api/Staff/List'))).toEqual({ staffs: [], total: 0 });
    expect(payload(await as('GET', `/api/Staff/List?affiliatedDept=${dept.sales.id}`))).toEqual({ staffs: [], total: 0 });
    expect(payload(await as('GET', `/api/Staff/ChildList?affiliatedDept=${dept.sales.id}`))).toEqual({ staffs: [] });
    const before = await snapshot(server.db);
    const missing = await as('DELETE', '/api/Staff', { id: 999_999_999 });
    expect(missing.body).toEqual({ statusCode: 28, resultInfo: 'This staff member does not exist.' });
    expect((await as('DELETE', '/api/Staff', { id: mine.id })).body).toEqual(missing.body);
    expect((await as('POST', '/api/Staff', { id: mine.id, staffName: 'Taken' })).body).toEqual(missing.body);
    const intoMine = await as('POST', '/api/Staff', { staffName: 'Spy', affiliatedDept: dept.sales.id });
    expect(intoMine.body).toEqual({ statusCode: 28, resultInfo: 'This department does not exist.' });
    expect(await snapshot(server.db)).toEqual(before);
    // Job numbers are unique per company only.
    payload(await as('POST', '/api/Staff', { staffName: 'Same number', jobNumber: 'M-1' }));
  });
});
