import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChildUserInfo,
  ChildUserListResult,
  DepartmentInfo,
  DepartmentListResult,
  LoginResult,
  RoleInfo,
  StaffInfo,
} from '../../../src/api/contract.ts';
import { setVip } from '../../scripts/set-vip.ts';
import {
  login,
  openChildUser,
  payload,
  registerAndLogin,
  snapshot,
  startTestServer,
  wirePassword,
  type TestServer,
} from '../../testing/harness.ts';

let server: TestServer;
let admin: LoginResult;
let sales: DepartmentInfo;
let east: DepartmentInfo;
let ops: DepartmentInfo;
let clerkRole: RoleInfo;
let organizerRole: RoleInfo;
beforeAll(async () => {
  server = await startTestServer();
  admin = await registerAndLogin(server, 'subs@example.com', 'pw', 'Subs Co');
  await setVip(server.db, 'subs@example.com', true);
  sales = payload(await call<DepartmentInfo>('POST', '/api/Department', { deptName: 'Sales' }));
  east = payload(await call<DepartmentInfo>('POST', '/api/Department', { deptName: 'East', affiliatedDept: sales.id }));
  ops = payload(await call<DepartmentInfo>('POST', '/api/Department', { deptName: 'Ops' }));
  clerkRole = payload(await call<RoleInfo>('POST', '/api/Role', { roleName: 'Clerk', permissions: [101, 102] }));
  organizerRole = payload(await call<RoleInfo>('POST', '/api/Role', { roleName: 'Organizer', permissions: [101, 302] }));
});
afterAll(() => server?.close());

function call<T>(method: string, path: string, body?: unknown, lang = 'en', token = admin.loginID) {
  return server.call<T>(method, path, { token, body, lang });
}
let staffCount = 0;
async function newStaff(dept: DepartmentInfo | null = sales): Promise<StaffInfo> {
  staffCount += 1;
  return payload(await call<StaffInfo>('POST', '/api/Staff', { staffName: `Staff ${staffCount}`, affiliatedDept: dept?.id ?? null }));
}

describe('opening a sub-user', () => {
  it('gives the staff member a login that carries their name, role and scope', async () => {
    const staff = await newStaff(east);
    const opened = payload(
      await openChildUser(server, admin.loginID, { staffId: staff.id, email: 'Ann@Example.com', password: 'ann-pw', roleId: clerkRole.id }),
    );
    expect(opened).toEqual({
      id: expect.any(Number),
      staffId: staff.id,
      staffName: staff.staffName,
      affiliatedDept: east.id,
      phoneNumber: null,
      email: 'ann@example.com',
      enabled: true,
      roleId: clerkRole.id,
      roleName: 'Clerk',
      permissions: [101, 102],
      authorizationType: 'Dept',
      authorizedDepts: [east.id],
      version: 1,
    });
    const ann = await login(server, 'ann@example.com', 'ann-pw');
    expect(ann).toMatchObject({
      Id: opened.id,
      CompanyName: 'Subs Co',
      StaffName: staff.staffName,
      staffId: staff.id,
      IsAdmin: false,
      IsVip: true,
      authorizationType: 'Dept',
      authorizedDepts: [east.id],
      permissions: [101, 102],
    });
    const staffRow = payload(await call<{ staffs: StaffInfo[] }>('GET', `/api/Staff/ChildList?affiliatedDept=${east.id}`)).staffs;
    expect(staffRow.find((s) => s.id === staff.id)).toMatchObject({ userId: opened.id, userEnabled: true });
    const list = payload(await call<ChildUserListResult>('GET', '/api/ChildUser/List'));
    expect(list.childUserInfos.find((u) => u.id === opened.id)).toEqual(opened);
    const depts = payload(await call<DepartmentListResult>('GET', `/api/ChildUser/ChildList?childUserId=${opened.id}`));
    expect(depts.departments.map((d) => d.id)).toEqual([east.id]);
  });

  it('opens with a phone number and a custom scope; All and Custom scopes list their departments', async () => {
    const staff = await newStaff(ops);
    server.clock.advance(61_000);
    payload(await server.call('GET', '/api/User?phoneNumber=%2B13900000001&purpose=register'));
    const opened = payload(
      await call<ChildUserInfo>('POST', '/api/User/ChildRegister', {
        staffId: staff.id,
        phoneNumber: '+13900000001',
        email: '',
        checkCode: server.lastCode('13900000001'),
        password: wirePassword('phone-pw'),
        authorizationType: 'Custom',
        authorizedDepts: [ops.id, sales.id, ops.id],
      }),
    );
    expect(opened).toMatchObject({
      phoneNumber: '13900000001',
      email: null,
      roleId: null,
      permissions: [],
      authorizedDepts: [sales.id, ops.id].sort((a, b) => a - b),
    });
    const session = await login(server, '13900000001', 'phone-pw');
    expect(session).toMatchObject({ authorizationType: 'Custom', permissions: [], StaffName: staff.staffName });
    const depts = payload(await call<DepartmentListResult>('GET', `/api/ChildUser/ChildList?childUserId=${opened.id}`));
    expect(depts.departments.map((d) => d.deptName).sort()).toEqual(['Ops', 'Sales']);

    const allStaff = await newStaff(ops);
    const all = payload(
      await openChildUser(server, admin.loginID, { staffId: allStaff.id, email: 'all-scope@example.com', authorizationType: 'All' }),
    );
    expect(all.authorizedDepts).toEqual([]);
    const allDepts = payload(await call<DepartmentListResult>('GET', `/api/ChildUser/ChildList?childUserId=${all.id}`));
    expect(allDepts.departments.map((d) => d.affiliatedDept)).toEqual([null]);
  });

  it('gives the spec messages and writes nothing on bad input', async () => {
    const staff = await newStaff();
    payload(await server.call('GET', '/api/User?email=valid-sub@example.com&purpose=register'));
    const code = server.lastCode('valid-sub@example.com');
    const base = { staffId: staff.id, email: 'valid-sub@example.com', checkCode: code, password: wirePassword('pw') };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...base, email: '' }, 2, '请输入手机号或邮箱。'],
      [{ ...base, email: undefined, phoneNumber: '12345' }, 21, '手机号格式不正确'],
      [{ ...base, email: 'not-an-email' }, 24, '邮箱格式不正确'],
      [{ ...base, checkCode: '' }, 2, '请输入验证码。'],
      [{ ...base, checkCode: '12ab' }, 7, '未检测到有效的验证码'],
      [{ ...base, password: '' }, 2, '请输入密码。'],
      [{ ...base, password: wirePassword('') }, 2, '请输入密码。'],
      [{ ...base, authorizationType: 'Custom' }, 2, '请至少选择一个组织'],
      [{ ...base, authorizationType: 'Custom', authorizedDepts: [] }, 2, '请至少选择一个组织'],
      [{ ...base, staffId: undefined }, 2, '请选择员工。'],
      [{ ...base, staffId: 999_999_999 }, 28, '该员工不存在。'],
      [{ ...base, roleId: 999_999_999 }, 28, '该角色不存在。'],
      [{ ...base, authorizationType: 'Custom', authorizedDepts: [999_999_999] }, 28, '该部门不存在。'],
      [{ ...base, email: 'subs@example.com' }, 6, '该账号已注册'],
    ];
    const before = await snapshot(server.db);
    for (const [body, statusCode, resultInfo] of cases) {
      const result = await call('POST', '/api/User/ChildRegister', body, 'zh-CN');
      expect(result.body, JSON.stringify(body)).toEqual({ statusCode, resultInfo });
    }
    expect(await snapshot(server.db)).toEqual(before);
    expect((await call('POST', '/api/User/ChildRegister', base, 'en')).body.statusCode).toBe(0);
  });

  it('counts a wrong code as a try and opens nothing', async () => {
    const staff = await newStaff();
    payload(await server.call('GET', '/api/User?email=wrong-code@example.com&purpose=register'));
    const code = server.lastCode('wrong-code@example.com');
    const wrong = code === '000000' ? '000001' : '000000';
    const result = await call('POST', '/api/User/ChildRegister', {
      staffId: staff.id,
      email: 'wrong-code@example.com',
      checkCode: wrong,
      password: wirePassword('pw'),
    });
    expect(result.body).toEqual({ statusCode: 7, resultInfo: 'No valid verification code detected' });
    const { rows } = await server.db.query<{ attempts: number }>('SELECT attempts FROM verification_codes WHERE target = $1', [
      'wrong-code@example.com',
    ]);
    expect(rows[0].attempts).toBe(1);
    expect((await server.db.query('SELECT 1 FROM users WHERE email = $1', ['wrong-code@example.com'])).rowCount).toBe(0);
  });

  it('opens one sub-user per staff member', async () => {
    const staff = await newStaff();
    payload(await openChildUser(server, admin.loginID, { staffId: staff.id, email: 'first-of@example.com' }));
    const second = await openChildUser(server, admin.loginID, { staffId: staff.id, email: 'second-of@example.com' });
    expect(second.body).toEqual({ statusCode: 29, resultInfo: '该员工已开通子账号。' });
  });
});

describe('a sub-user over time', () => {
  it('is disabled, which ends its sessions (19) and refuses its login, then enabled again', async () => {
    const staff = await newStaff();
    const sub = payload(await openChildUser(server, admin.loginID, { staffId: staff.id, email: 'toggle@example.com', password: 'toggle-pw' }));
    const session = await login(server, 'toggle@example.com', 'toggle-pw');
    expect((await call('GET', '/api/Department/List', undefined, 'en', session.loginID)).body.statusCode).toBe(0);

    const disabled = payload(await call<ChildUserInfo>('POST', '/api/User/Enable', { id: sub.id, enable: 1 }));
    expect(disabled.enabled).toBe(false);
    const ended = await call('GET', '/api/Department/List', undefined, 'zh-CN', session.loginID);
    expect(ended.body).toEqual({ statusCode: 19, resultInfo: '登录信息失效，请退出后重新登录！' });
    expect((await server.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [sub.id])).rowCount).toBe(0);
    const refused = await server.call('POST', '/api/Login', {
      lang: 'en',
      body: { email: 'toggle@example.com', password: wirePassword('toggle-pw') },
    });
    expect(refused.body).toEqual({ statusCode: 15, resultInfo: 'This account is disabled. Please contact your administrator.' });
    const staffRow = payload(await call<{ staffs: StaffInfo[] }>('GET', '/api/Staff/ChildList')).staffs.find((s) => s.id === staff.id);
    expect(staffRow).toMatchObject({ userId: sub.id, userEnabled: false });

    const enabled = payload(await call<ChildUserInfo>('POST', '/api/User/Enable', { id: sub.id, enable: '0' }));
    expect(enabled.enabled).toBe(true);
    await login(server, 'toggle@example.com', 'toggle-pw');
    expect((await call('POST', '/api/User/Enable', { id: sub.id, enable: 2 })).body.statusCode).toBe(2);
  });

  it('is also refused a session it holds while disabled by hand (the session check reads enabled)', async () => {
    const staff = await newStaff();
    const sub = payload(await openChildUser(server, admin.loginID, { staffId: staff.id, email: 'by-hand@example.com', password: 'pw-1' }));
    const session = await login(server, 'by-hand@example.com', 'pw-1');
    await server.db.query('UPDATE users SET enabled = false WHERE id = $1', [sub.id]);
    expect((await call('GET', '/api/Staff/List', undefined, 'en', session.loginID)).body.statusCode).toBe(19);
  });

  it('is closed through DELETE api/User or api/ChildUser: login and sessions go, the staff member stays', async () => {
    for (const path of ['/api/User', '/api/ChildUser']) {
      const staff = await newStaff();
      const email = `closed-${path.length}@example.com`;
      const sub = payload(await openChildUser(server, admin.loginID, { staffId: staff.id, email, password: 'closed-pw' }));
      const session = await login(server, email, 'closed-pw');
      expect((await call('DELETE', path, { id: sub.id })).body).toEqual({ statusCode: 0, resultInfo: null });
      expect((await call('GET', '/api/User/Current', undefined, 'en', session.loginID)).body.statusCode).toBe(19);
      const relogin = await server.call('POST', '/api/Login', { body: { email, password: wirePassword('closed-pw') } });
      expect(relogin.body.statusCode).toBe(8);
      const row = payload(await call<{ staffs: StaffInfo[] }>('GET', '/api/Staff/ChildList')).staffs.find((s) => s.id === staff.id);
      expect(row).toMatchObject({ userId: null, userEnabled: null });
      expect((await call('DELETE', `${path}?id=${sub.id}`)).body).toEqual({ statusCode: 28, resultInfo: 'This sub-user does not exist.' });
      // The staff member can be given a sub-user again, with the same login.
      server.clock.advance(61_000);
      payload(await openChildUser(server, admin.loginID, { staffId: staff.id, email, password: 'again-pw' }));
      await login(server, email, 'again-pw');
    }
  });

  it('changes role and scope in place; a new password or login ends its sessions', async () => {
    const staff = await newStaff(sales);
    const sub = payload(await openChildUser(server, admin.loginID, { staffId: staff.id, email: 'changing@example.com', password: 'old-pw' }));
    const session = await login(server, 'changing@example.com', 'old-pw');

    const roled = payload(await call<ChildUserInfo>('POST', '/api/User/ChildRegister', { id: sub.id, roleId: organizerRole.id }));
    expect(roled).toMatchObject({ roleId: organizerRole.id, permissions: [101, 302], authorizationType: 'Dept' });
    const scoped = payload(
      await call<ChildUserInfo>('POST', '/api/User/ChildRegister', { id: sub.id, authorizationType: 'Custom', authorizedDepts: [ops.id] }),
    );
    expect(scoped).toMatchObject({ authorizationType: 'Custom', authorizedDepts: [ops.id], roleId: organizerRole.id });
    // Role and scope changes keep the session and apply at once.
    const current = payload(await call<LoginResult>('GET', '/api/User/Current', undefined, 'en', session.loginID));
    expect(current).toMatchObject({ permissions: [101, 302], authorizationType: 'Custom', authorizedDepts: [ops.id] });
    const unroled = payload(await call<ChildUserInfo>('POST', '/api/User/ChildRegister', { id: sub.id, roleId: null }));
    expect(unroled).toMatchObject({ roleId: null, permissions: [], authorizationType: 'Custom' });
    const emptyCustom = await call('POST', '/api/User/ChildRegister', { id: sub.id, authorizationType: 'Custom', authorizedDepts: [] });
    expect(emptyCustom.body).toEqual({ statusCode: 2, resultInfo: 'Choose at least one organization' });
    const nothing = await call('POST', '/api/User/ChildRegister', { id: sub.id });
    expect(nothing.body).toEqual({ statusCode: 2, resultInfo: 'No changes made.' });

    // The current login sent along needs no code.
    payload(await call('POST', '/api/User/ChildRegister', { id: sub.id, email: 'Changing@example.com', password: wirePassword('new-pw') }));
    expect((await call('GET', '/api/User/Current', undefined, 'en', session.loginID)).body.statusCode).toBe(19);
    const second = await login(server, 'changing@example.com', 'new-pw');

    const noCode = await call('POST', '/api/User/ChildRegister', { id: sub.id, email: 'changed@example.com' }, 'zh-CN');
    expect(noCode.body).toEqual({ statusCode: 2, resultInfo: '请输入验证码。' });
    payload(await server.call('GET', '/api/User?email=changed@example.com&purpose=register'));
    const checkCode = server.lastCode('changed@example.com');
    const moved = payload(
      await call<ChildUserInfo>('POST', '/api/User/ChildRegister', { id: sub.id, email: 'changed@example.com', checkCode }),
    );
    expect(moved).toMatchObject({ email: 'changed@example.com', phoneNumber: null });
    expect((await call('GET', '/api/User/Current', undefined, 'en', second.loginID)).body.statusCode).toBe(19);
    await login(server, 'changed@example.com', 'new-pw');
    const oldLogin = await server.call('POST', '/api/Login', { body: { email: 'changing@example.com', password: wirePassword('new-pw') } });
    expect(oldLogin.body.statusCode).toBe(8);
  });
});

describe('sub-users managed by a 302 holder', () => {
  it('cannot grant beyond their own permissions or scope, nor manage a stronger sub-user or themselves', async () => {
    // The organizer: role [101, 302], scope Dept in Sales (so Sales and East).
    const orgStaff = await newStaff(sales);
    const organizer = payload(
      await openChildUser(server, admin.loginID, {
        staffId: orgStaff.id,
        email: 'organizer@example.com',
        password: 'org-pw',
        roleId: organizerRole.id,
      }),
    );
    const me = await login(server, 'organizer@example.com', 'org-pw');
    const as = <T>(method: string, path: string, body?: unknown) => call<T>(method, path, body, 'en', me.loginID);
    const strongRole = payload(await call<RoleInfo>('POST', '/api/Role', { roleName: 'Strong', permissions: [103, 302] }));

    const target = await newStaff(east);
    const opsStaff = await newStaff(ops);
    const before = await snapshot(server.db);
    const tooStrong = await openChildUser(server, me.loginID, { staffId: target.id, email: 'strong@example.com', roleId: strongRole.id });
    expect(tooStrong.body).toEqual({ statusCode: 5, resultInfo: '不能授予或管理超出您自身的权限或范围。' });
    server.clock.advance(61_000);
    const tooWide = await openChildUser(server, me.loginID, { staffId: target.id, email: 'strong@example.com', authorizationType: 'All' });
    expect(tooWide.body.statusCode).toBe(5);
    server.clock.advance(61_000);
    const outside = await openChildUser(server, me.loginID, {
      staffId: target.id,
      email: 'strong@example.com',
      authorizationType: 'Custom',
      authorizedDepts: [ops.id],
    });
    expect(outside.body).toEqual({ statusCode: 28, resultInfo: '该部门不存在。' });
    server.clock.advance(61_000);
    const notMine = await openChildUser(server, me.loginID, { staffId: opsStaff.id, email: 'strong@example.com' });
    expect(notMine.body).toEqual({ statusCode: 28, resultInfo: '该员工不存在。' });
    const self = await as('POST', '/api/User/ChildRegister', { id: organizer.id, authorizationType: 'All' });
    expect(self.body).toEqual({ statusCode: 5, resultInfo: 'You cannot change or close your own sub-user.' });
    expect((await as('DELETE', '/api/ChildUser', { id: organizer.id })).body.statusCode).toBe(5);
    expect((await as('DELETE', '/api/Staff', { id: orgStaff.id })).body.statusCode).toBe(5);
    // The codes requested by openChildUser are the only change.
    const after = await snapshot(server.db);
    expect({ ...after, verification_codes: '' }).toEqual({ ...before, verification_codes: '' });

    // Within their own reach it works: a clerk in East, then managed by them.
    server.clock.advance(61_000);
    const clerk = payload(await openChildUser(server, me.loginID, { staffId: target.id, email: 'strong@example.com', roleId: null }));
    expect(payload(await as<ChildUserInfo>('POST', '/api/User/Enable', { id: clerk.id, enable: 1 })).enabled).toBe(false);
    // The admin makes the clerk stronger than the organizer: from then on the organizer cannot touch it.
    payload(await call('POST', '/api/User/ChildRegister', { id: clerk.id, roleId: strongRole.id }));
    expect((await as('POST', '/api/User/Enable', { id: clerk.id, enable: 0 })).body.statusCode).toBe(5);
    expect((await as('POST', '/api/User/ChildRegister', { id: clerk.id, password: wirePassword('taken-over') })).body.statusCode).toBe(5);
    expect((await as('DELETE', '/api/Staff', { id: target.id })).body.statusCode).toBe(5);
    // They see sub-users of their scope only.
    const visible = payload(await as<ChildUserListResult>('GET', '/api/ChildUser/List')).childUserInfos;
    expect(visible.every((u) => u.affiliatedDept === sales.id || u.affiliatedDept === east.id)).toBe(true);
    expect(visible.some((u) => u.id === clerk.id)).toBe(true);
  });
});
