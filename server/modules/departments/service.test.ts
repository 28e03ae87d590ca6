import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepartmentInfo, DepartmentListResult, LoginResult, StaffInfo } from '../../../src/api/contract.ts';
import {
  companyIdOf,
  openChildUser,
  payload,
  registerAndLogin,
  snapshot,
  startTestServer,
  type TestServer,
} from '../../testing/harness.ts';

let server: TestServer;
let admin: LoginResult;
beforeAll(async () => {
  server = await startTestServer();
  admin = await registerAndLogin(server, 'tree@example.com', 'pw', '树公司 Tree Co');
});
afterAll(() => server?.close());

const call = <T>(method: string, path: string, body?: unknown, lang = 'en') =>
  server.call<T>(method, path, { token: admin.loginID, body, lang });
const list = async () => payload(await call<DepartmentListResult>('GET', '/api/Department/List')).departments;
const create = async (deptName: string, affiliatedDept?: number) =>
  payload(await call<DepartmentInfo>('POST', '/api/Department', { deptName, affiliatedDept }));
const rootOf = async () => (await list()).find((d) => d.affiliatedDept === null)!;

describe('the department tree', () => {
  it('starts with the root department, which is the company and follows its name', async () => {
    const departments = await list();
    expect(departments).toEqual([{ id: expect.any(Number), deptName: '树公司 Tree Co', affiliatedDept: null, staffCount: 0, version: 1 }]);
    payload(await server.call('POST', '/api/User/Update', { token: admin.loginID, body: { id: admin.Id, companyName: 'Tree Ltd' } }));
    expect((await rootOf()).deptName).toBe('Tree Ltd');
    // Renaming the root renames the company.
    const renamed = payload(await call<DepartmentInfo>('POST', '/api/Department', { id: departments[0].id, deptName: '树公司 Tree Co' }));
    expect(renamed.deptName).toBe('树公司 Tree Co');
    const me = payload(await server.call<LoginResult>('GET', '/api/User/Current', { token: admin.loginID }));
    expect(me.CompanyName).toBe('树公司 Tree Co');
  });

  it('creates departments under the root by default, lists parents before children', async () => {
    const root = await rootOf();
    const sales = await create('  Sales  ');
    expect(sales).toEqual({ id: expect.any(Number), deptName: 'Sales', affiliatedDept: root.id, staffCount: 0, version: 1 });
    const east = await create('East', sales.id);
    const north = await create('North', sales.id);
    const ops = await create('Ops', root.id);
    const departments = await list();
    const order = departments.map((d) => d.deptName);
    expect(order.indexOf('Sales')).toBeLessThan(order.indexOf('East'));
    expect(order.slice(0, 3)).toEqual(['树公司 Tree Co', 'Ops', 'Sales']);

    const children = payload(await call<DepartmentListResult>('GET', `/api/Department/ChildList?affiliatedDept=${sales.id}`));
    expect(children.departments.map((d) => d.id)).toEqual([east.id, north.id]);
    const top = payload(await call<DepartmentListResult>('GET', '/api/Department/ChildList'));
    expect(top.departments.map((d) => d.id)).toEqual([root.id]);
    expect(ops.affiliatedDept).toBe(root.id);
  });

  it('needs a name, in the spec words', async () => {
    for (const deptName of [undefined, '', '   ']) {
      const result = await call('POST', '/api/Department', { deptName }, 'zh-CN');
      expect(result.body).toEqual({ statusCode: 2, resultInfo: '请输入部门名称。' });
    }
    const sales = (await list()).find((d) => d.deptName === 'Sales')!;
    const blank = await call('POST', '/api/Department', { id: sales.id, deptName: ' ' });
    expect(blank.body).toEqual({ statusCode: 2, resultInfo: 'Please enter the department name.' });
    const tooLong = await call('POST', '/api/Department', { deptName: 'x'.repeat(51) });
    expect(tooLong.body.statusCode).toBe(2);
  });

  it('moves a department with its whole sub-tree', async () => {
    const root = await rootOf();
    const a = await create('Move A');
    const a1 = await create('Move A1', a.id);
    const a11 = await create('Move A11', a1.id);
    const b = await create('Move B');
    const moved = payload(await call<DepartmentInfo>('POST', '/api/Department', { id: a1.id, affiliatedDept: b.id }));
    expect(moved).toMatchObject({ id: a1.id, deptName: 'Move A1', affiliatedDept: b.id });
    const { rows } = await server.db.query<{ id: number; path: string }>(
      'SELECT id, path FROM departments WHERE id = ANY($1::bigint[]) ORDER BY id',
      [[a1.id, a11.id]],
    );
    expect(rows.map((r) => r.path)).toEqual([`/${root.id}/${b.id}/${a1.id}/`, `/${root.id}/${b.id}/${a1.id}/${a11.id}/`]);
    // Staff of the moved sub-tree now count under the new parent's filter.
    payload(await call('POST', '/api/Staff', { staffName: 'Deep', affiliatedDept: a11.id }));
    const underB = payload(await call<{ staffs: StaffInfo[] }>('GET', `/api/Staff/List?affiliatedDept=${b.id}`)).staffs;
    expect(underB.map((s) => s.staffName)).toEqual(['Deep']);
    const underA = payload(await call<{ staffs: StaffInfo[] }>('GET', `/api/Staff/List?affiliatedDept=${a.id}`)).staffs;
    expect(underA).toEqual([]);
    // Rename and move in one call.
    const both = payload(await call<DepartmentInfo>('POST', '/api/Department', { id: a1.id, deptName: 'Moved A1', affiliatedDept: a.id }));
    expect(both).toMatchObject({ deptName: 'Moved A1', affiliatedDept: a.id });
  });

  it('never moves a department under itself or its sub-tree, and asks for another parent', async () => {
    const a = await create('Loop A');
    const a1 = await create('Loop A1', a.id);
    const a11 = await create('Loop A11', a1.id);
    const before = await snapshot(server.db);
    for (const target of [a.id, a1.id, a11.id]) {
      const result = await call('POST', '/api/Department', { id: a.id, affiliatedDept: target }, 'zh-CN');
      expect(result.body).toEqual({ statusCode: 2, resultInfo: '部门不能成为自身或其下级部门的子部门。' });
    }
    const same = await call('POST', '/api/Department', { id: a1.id, affiliatedDept: a.id });
    expect(same.body).toEqual({ statusCode: 2, resultInfo: 'Please choose another department.' });
    expect(await snapshot(server.db)).toEqual(before);
    // With a new name, the same parent is just a rename.
    const renamed = await call<DepartmentInfo>('POST', '/api/Department', { id: a1.id, deptName: 'Loop A1b', affiliatedDept: a.id });
    expect(renamed.body.resultInfo).toMatchObject({ deptName: 'Loop A1b', affiliatedDept: a.id });
  });

  it('never moves or deletes the root', async () => {
    const root = await rootOf();
    const other = await create('Not root');
    const before = await snapshot(server.db);
    const move = await call('POST', '/api/Department', { id: root.id, affiliatedDept: other.id });
    expect(move.body).toEqual({
      statusCode: 5,
      resultInfo: 'The root department is the company itself and cannot be moved or deleted.',
    });
    const remove = await call('DELETE', `/api/Department?id=${root.id}`);
    expect(remove.body.statusCode).toBe(5);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('deletes an empty department, by id in the query or the body', async () => {
    const one = await create('Empty one');
    const two = await create('Empty two');
    expect((await call('DELETE', `/api/Department?id=${one.id}`)).body).toEqual({ statusCode: 0, resultInfo: null });
    expect((await call('DELETE', '/api/Department', { id: two.id })).body).toEqual({ statusCode: 0, resultInfo: null });
    const ids = (await list()).map((d) => d.id);
    expect(ids).not.toContain(one.id);
    expect(ids).not.toContain(two.id);
    const again = await call('DELETE', '/api/Department', { id: two.id }, 'zh-CN');
    expect(again.body).toEqual({ statusCode: 28, resultInfo: '该部门不存在。' });
  });

  it('refuses to delete a department that holds something, saying what and how many', async () => {
    const parent = await create('Holder');
    const child = await create('Holder child', parent.id);
    const withChild = await call('DELETE', '/api/Department', { id: parent.id }, 'zh-CN');
    expect(withChild.body).toEqual({ statusCode: 30, resultInfo: '该部门下还有 1 个子部门，不能删除。' });

    for (const staffName of ['S1', 'S2', 'S3']) payload(await call('POST', '/api/Staff', { staffName, affiliatedDept: child.id }));
    const withStaff = await call('DELETE', '/api/Department', { id: child.id }, 'zh-CN');
    expect(withStaff.body).toEqual({ statusCode: 30, resultInfo: '该部门下还有 3 名员工，不能删除。' });
    const withStaffEn = await call('DELETE', '/api/Department', { id: child.id });
    expect(withStaffEn.body.resultInfo).toBe('This department still has 3 staff members and cannot be deleted.');
    expect((await list()).find((d) => d.id === child.id)!.staffCount).toBe(3);

    const authorized = await create('Authorized');
    const staff = payload(await call<StaffInfo>('POST', '/api/Staff', { staffName: 'Holder of auth', affiliatedDept: parent.id }));
    payload(
      await openChildUser(server, admin.loginID, {
        staffId: staff.id,
        email: 'auth-holder@example.com',
        authorizationType: 'Custom',
        authorizedDepts: [authorized.id],
      }),
    );
    const before = await snapshot(server.db);
    const withGrant = await call('DELETE', '/api/Department', { id: authorized.id });
    expect(withGrant.body).toEqual({
      statusCode: 30,
      resultInfo: 'This department is authorized to 1 sub-users and cannot be deleted.',
    });
    for (const id of [parent.id, child.id]) expect((await call('DELETE', '/api/Department', { id })).body.statusCode).toBe(30);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('keeps companies apart: another company cannot see, move under, rename or delete', async () => {
    const mine = await create('Private');
    const other = await registerAndLogin(server, 'other-tree@example.com', 'pw', 'Other Co');
    const theirs = (token: string, method: string, path: string, body?: unknown) =>
      server.call(method, path, { token, body, lang: 'en' });
    const otherList = payload(await theirs(other.loginID, 'GET', '/api/Department/List')) as DepartmentListResult;
    expect(otherList.departments.map((d) => d.deptName)).toEqual(['Other Co']);
    const before = await snapshot(server.db);
    const missing = await theirs(other.loginID, 'POST', '/api/Department', { id: 999_999_999, deptName: 'x' });
    for (const [method, path, body] of [
      ['POST', '/api/Department', { id: mine.id, deptName: 'Stolen' }],
      ['POST', '/api/Department', { deptName: 'Inside', affiliatedDept: mine.id }],
      ['DELETE', '/api/Department', { id: mine.id }],
      ['GET', `/api/Department/ChildList?affiliatedDept=${mine.id}`, undefined],
    ] as const) {
      const result = await theirs(other.loginID, method, path, body);
      expect(result.body, `${method} ${path}`).toEqual(missing.body);
    }
    expect(missing.body).toEqual({ statusCode: 28, resultInfo: 'This department does not exist.' });
    // Their root cannot be moved under mine either.
    const otherRoot = otherList.departments[0];
    const across = await theirs(other.loginID, 'POST', '/api/Department', { id: otherRoot.id, affiliatedDept: mine.id });
    expect(across.body.statusCode).not.toBe(0);
    expect(await snapshot(server.db)).toEqual(before);
    expect(await companyIdOf(server.db, other.Id)).not.toBe(await companyIdOf(server.db, admin.Id));
  });
});
