import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  LoginResult,
  PermissionInfo,
  PermissionListResult,
  RoleInfo,
  RoleListResult,
  StaffInfo,
} from '../../../src/api/contract.ts';
import { ALL_PERMISSIONS } from '../../../src/api/contract.ts';
import { setVip } from '../../scripts/set-vip.ts';
import {
  companyIdOf,
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
beforeAll(async () => {
  server = await startTestServer();
  admin = await registerAndLogin(server, 'roles@example.com', 'pw', 'Roles Co');
});
afterAll(() => server?.close());

const call = <T>(method: string, path: string, body?: unknown, lang = 'en') =>
  server.call<T>(method, path, { token: admin.loginID, body, lang });

describe('VIP', () => {
  it('opens the role area to admins only once the company is VIP', async () => {
    const before = await snapshot(server.db);
    const closed = await call('POST', '/api/Role', { roleName: 'Early' }, 'zh-CN');
    expect(closed.body).toEqual({ statusCode: 5, resultInfo: '角色权限仅对 VIP 企业开放。' });
    expect(await snapshot(server.db)).toEqual(before);
    // Reads serve the role picker of the sub-user form and need no VIP.
    expect(payload(await call<RoleListResult>('GET', '/api/Role/List'))).toEqual({ roles: [] });

    expect(await setVip(server.db, 'roles@example.com', true)).toMatchObject({ companyName: 'Roles Co', isVip: true });
    const current = payload(await server.call<LoginResult>('GET', '/api/User/Current', { token: admin.loginID }));
    expect(current.IsVip).toBe(true);
    payload(await call('POST', '/api/Role', { roleName: 'Early' }));
  });

  it('is set by company id, phone or email from the command line script', async () => {
    const companyId = await companyIdOf(server.db, admin.Id);
    expect(await setVip(server.db, String(companyId), false)).toEqual({ companyId, companyName: 'Roles Co', isVip: false });
    expect(await setVip(server.db, String(companyId), true)).toMatchObject({ isVip: true });
    expect(await setVip(server.db, '999999', true)).toBeNull();
    expect(await setVip(server.db, 'nobody@example.com', true)).toBeNull();
    expect(await setVip(server.db, 'not a target', true)).toBeNull();
  });

  it('runs as a command against the server database', () => {
    if (process.env.DATABASE_URL) return; // the command would use the shared server database
    const dataDir = mkdtempSync(join(tmpdir(), 'assetmark-vip-'));
    try {
      const run = (...args: string[]) =>
        execFileSync(process.execPath, ['--import', 'tsx', 'server/scripts/set-vip.ts', ...args], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        });
      expect(() => run('1', 'maybe')).toThrow(/usage/);
      expect(() => run('1', 'on')).toThrow(/no company found/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('roles', () => {
  it('creates, lists, updates and deletes a role', async () => {
    const created = payload(await call<RoleInfo>('POST', '/api/Role', { roleName: ' Clerk ', permissions: [102, 101, 101, 302] }));
    expect(created).toEqual({ id: expect.any(Number), roleName: 'Clerk', permissions: [101, 102, 302], userCount: 0, version: 1 });
    const details = payload(await call<RoleInfo>('GET', `/api/Role/Details?roleId=${created.id}`));
    expect(details).toEqual(created);
    const renamed = payload(await call<RoleInfo>('POST', '/api/Role', { id: created.id, roleName: 'Senior clerk' }));
    expect(renamed).toMatchObject({ roleName: 'Senior clerk', permissions: [101, 102, 302] });
    const narrowed = payload(await call<RoleInfo>('POST', '/api/Role', { id: created.id, roleName: 'Senior clerk', permissions: [] }));
    expect(narrowed.permissions).toEqual([]);
    const list = payload(await call<RoleListResult>('GET', '/api/Role/List'));
    expect(list.roles.map((r) => r.roleName)).toEqual(['Early', 'Senior clerk']);
    expect((await call('DELETE', `/api/Role?id=${created.id}`)).body).toEqual({ statusCode: 0, resultInfo: null });
    expect((await call('GET', `/api/Role/Details?roleId=${created.id}`)).body).toEqual({
      statusCode: 28,
      resultInfo: 'This role does not exist.',
    });
  });

  it('needs a name that no other role of the company has, in any case', async () => {
    payload(await call('POST', '/api/Role', { roleName: 'Auditor' }));
    const before = await snapshot(server.db);
    for (const roleName of [undefined, '', '  ']) {
      expect((await call('POST', '/api/Role', { roleName }, 'zh-CN')).body).toEqual({ statusCode: 2, resultInfo: '请输入角色名称。' });
    }
    expect((await call('POST', '/api/Role', { roleName: 'auditor ' }, 'zh-CN')).body).toEqual({ statusCode: 29, resultInfo: '角色名称已存在' });
    const early = payload(await call<RoleListResult>('GET', '/api/Role/List')).roles.find((r) => r.roleName === 'Early')!;
    const rename = await call('POST', '/api/Role', { id: early.id, roleName: 'AUDITOR' });
    expect(rename.body).toEqual({ statusCode: 29, resultInfo: 'Role name already exists' });
    expect(await snapshot(server.db)).toEqual(before);
    // Another company may use the name.
    const other = await registerAndLogin(server, 'roles-other@example.com', 'pw', 'Other Roles');
    await setVip(server.db, 'roles-other@example.com', true);
    payload(await server.call('POST', '/api/Role', { token: other.loginID, body: { roleName: 'Auditor' } }));
  });

  it('accepts only the spec permission codes', async () => {
    const before = await snapshot(server.db);
    const unknown = await call('POST', '/api/Role', { roleName: 'Odd', permissions: [101, 999, 0, 999] });
    expect(unknown.body).toEqual({ statusCode: 2, resultInfo: 'Unknown permission codes: 999, 0.' });
    const notNumbers = await call('POST', '/api/Role', { roleName: 'Odd', permissions: ['101'] });
    expect(notNumbers.body.statusCode).toBe(2);
    expect(await snapshot(server.db)).toEqual(before);
    const all = payload(await call<RoleInfo>('POST', '/api/Role', { roleName: 'Everything', permissions: [...ALL_PERMISSIONS] }));
    expect(all.permissions).toEqual([101, 102, 103, 104, 105, 106, 107, 108, 201, 301, 302, 303]);
  });

  it('refuses to delete a role while sub-users hold it, and changes what they may do at once', async () => {
    const role = payload(await call<RoleInfo>('POST', '/api/Role', { roleName: 'Organizer', permissions: [302] }));
    const staff = payload(await call<StaffInfo>('POST', '/api/Staff', { staffName: 'Holder' }));
    const dept = payload(await call<{ id: number }>('POST', '/api/Department', { deptName: 'Holders' }));
    payload(await call('POST', '/api/Staff', { id: staff.id, staffName: 'Holder', affiliatedDept: dept.id }));
    payload(await openChildUser(server, admin.loginID, { staffId: staff.id, email: 'holder@example.com', password: 'h-pw', roleId: role.id }));
    const sub = await login(server, 'holder@example.com', 'h-pw');
    expect(sub.permissions).toEqual([302]);
    expect((await server.call('POST', '/api/Staff', { token: sub.loginID, body: { staffName: 'By sub', affiliatedDept: dept.id } })).body.statusCode).toBe(0);

    const before = await snapshot(server.db);
    const refused = await call('DELETE', '/api/Role', { id: role.id }, 'zh-CN');
    expect(refused.body).toEqual({ statusCode: 30, resultInfo: '该角色已分配给 1 个子账号，不能删除。' });
    expect(await snapshot(server.db)).toEqual(before);
    expect(payload(await call<RoleInfo>('GET', `/api/Role/Details?roleId=${role.id}`)).userCount).toBe(1);

    payload(await call('POST', '/api/Role', { id: role.id, roleName: 'Organizer', permissions: [101] }));
    const now = await server.call('POST', '/api/Staff', { token: sub.loginID, body: { staffName: 'Again', affiliatedDept: dept.id } });
    expect(now.body.statusCode).toBe(5);
    const current = payload(await server.call<LoginResult>('GET', '/api/User/Current', { token: sub.loginID }));
    expect(current.permissions).toEqual([101]);
  });
});

describe('permissions', () => {
  it('lists the spec codes with names in both languages and their group', async () => {
    const { permissions } = payload(await call<PermissionListResult>('GET', '/api/Permission/List'));
    expect(permissions.map((p) => p.id)).toEqual([...ALL_PERMISSIONS]);
    expect(permissions.find((p) => p.id === 302)).toEqual({
      id: 302,
      name: { zh: '组织架构', en: 'Organization' },
      group: 'system',
      groupName: { zh: '系统设置', en: 'System' },
    });
    expect(new Set(permissions.map((p) => p.group))).toEqual(new Set(['asset', 'inventory', 'system']));
    const details = payload(await call<PermissionInfo>('GET', '/api/Permission/Details?permissionId=201'));
    expect(details).toMatchObject({ id: 201, group: 'inventory' });
    expect((await call('GET', '/api/Permission/Details?permissionId=999')).body).toEqual({
      statusCode: 28,
      resultInfo: 'This permission does not exist.',
    });
    expect((await call('GET', '/api/Permission/Details')).body.statusCode).toBe(2);
  });
});
