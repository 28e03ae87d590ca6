/**
 * The organisation calls put on the wire what src/api/contract.ts and the server routes
 * expect: paths, methods, query strings, bodies, passwords as MD5 and enable as 0/1.
 */
import { describe, expect, it, vi } from 'vitest';
import { createChildUserApi } from './childUser';
import { createApiClient } from './client';
import { createDepartmentApi } from './department';
import { md5Upper } from './md5';
import { createRoleApi } from './role';
import { createStaffApi } from './staff';

function wire() {
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      method: init?.method ?? 'GET',
      url: String(input).replace('http://api.test/', ''),
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
    });
    return new Response(JSON.stringify({ statusCode: 0, resultInfo: null }), { headers: { 'Content-Type': 'application/json' } });
  });
  const client = createApiClient({
    baseUrl: 'http://api.test',
    fetch: fetch as unknown as typeof globalThis.fetch,
    getLoginId: () => 'token',
    getLanguage: () => 'zh-CN',
    message: () => 'x',
  });
  return { client, sent };
}

describe('organisation calls on the wire', () => {
  it('departments: list, children, create under a parent, rename, move, delete', async () => {
    const { client, sent } = wire();
    const api = createDepartmentApi(client);
    await api.list();
    await api.children(4);
    await api.create('研发组', 4);
    await api.create('销售部', null);
    await api.rename(5, 1, '研发中心');
    await api.move(5, 2, 2);
    await api.remove(5, 3);
    expect(sent).toEqual([
      { method: 'GET', url: 'api/Department/List', body: undefined },
      { method: 'GET', url: 'api/Department/ChildList?affiliatedDept=4', body: undefined },
      { method: 'POST', url: 'api/Department', body: { deptName: '研发组', affiliatedDept: 4 } },
      { method: 'POST', url: 'api/Department', body: { deptName: '销售部', affiliatedDept: null } },
      { method: 'POST', url: 'api/Department', body: { id: 5, version: 1, deptName: '研发中心' } },
      { method: 'POST', url: 'api/Department', body: { id: 5, version: 2, affiliatedDept: 2 } },
      { method: 'DELETE', url: 'api/Department', body: { id: 5, version: 3 } },
    ]);
  });

  it('staff: the list query (blank search left out), save and delete', async () => {
    const { client, sent } = wire();
    const api = createStaffApi(client);
    await api.list({ search: '  ', affiliatedDept: 4, sortKey: 'staffName', isASC: false, pageIndex: 2, pageSize: 20 });
    await api.list({ search: ' 张 ', workingStatus: 'active' });
    await api.save({ staffName: '张三', affiliatedDept: 4, workingStatus: 'inactive' });
    await api.remove(9, 4);
    expect(sent[0].url).toBe('api/Staff/List?affiliatedDept=4&sortKey=staffName&isASC=false&pageIndex=2&pageSize=20');
    expect(sent[1].url).toBe(`api/Staff/List?search=${encodeURIComponent('张')}&workingStatus=active`);
    expect(sent[2]).toEqual({ method: 'POST', url: 'api/Staff', body: { staffName: '张三', affiliatedDept: 4, workingStatus: 'inactive' } });
    expect(sent[3]).toEqual({ method: 'DELETE', url: 'api/Staff', body: { id: 9, version: 4 } });
  });

  it('roles and the permission catalogue', async () => {
    const { client, sent } = wire();
    const api = createRoleApi(client);
    await api.list();
    await api.details(3);
    await api.save({ roleName: '管理员', permissions: [101, 302] });
    await api.remove(3, 1);
    await api.permissions();
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET api/Role/List',
      'GET api/Role/Details?roleId=3',
      'POST api/Role',
      'DELETE api/Role',
      'GET api/Permission/List',
    ]);
    expect(sent[2].body).toEqual({ roleName: '管理员', permissions: [101, 302] });
  });

  it('sub-users: open with an MD5 password; change only what is given; enable 0 / disable 1; close', async () => {
    const { client, sent } = wire();
    const api = createChildUserApi(client);
    await api.open({
      staffId: 7,
      account: { email: 'li@acme.test' },
      checkCode: ' 123456 ',
      password: 'secret1',
      roleId: 3,
      authorizationType: 'Dept',
      authorizedDepts: [4],
    });
    expect(sent[0]).toEqual({
      method: 'POST',
      url: 'api/User/ChildRegister',
      body: {
        staffId: 7,
        email: 'li@acme.test',
        checkCode: '123456',
        password: md5Upper('secret1'),
        roleId: 3,
        authorizationType: 'Dept',
        authorizedDepts: [],
      },
    });

    await api.change(50, 1, { roleId: null });
    await api.change(50, 2, { scope: { authorizationType: 'Custom', authorizedDepts: [4, 5] }, password: 'newpass1' });
    await api.change(50, 3, { login: { account: { phoneNumber: '13800138000' }, checkCode: '654321' } });
    expect(sent[1].body).toEqual({ id: 50, version: 1, roleId: null });
    expect(sent[2].body).toEqual({
      id: 50,
      version: 2,
      authorizationType: 'Custom',
      authorizedDepts: [4, 5],
      password: md5Upper('newpass1'),
    });
    expect(sent[3].body).toEqual({ id: 50, version: 3, phoneNumber: '13800138000', checkCode: '654321' });

    await api.setEnabled(50, 4, true);
    await api.setEnabled(50, 5, false);
    await api.close(50, 6);
    await api.list();
    await api.departments(50);
    expect(sent.slice(4)).toEqual([
      { method: 'POST', url: 'api/User/Enable', body: { id: 50, version: 4, enable: 0 } },
      { method: 'POST', url: 'api/User/Enable', body: { id: 50, version: 5, enable: 1 } },
      { method: 'DELETE', url: 'api/ChildUser', body: { id: 50, version: 6 } },
      { method: 'GET', url: 'api/ChildUser/List', body: undefined },
      { method: 'GET', url: 'api/ChildUser/ChildList?childUserId=50', body: undefined },
    ]);
  });
});
