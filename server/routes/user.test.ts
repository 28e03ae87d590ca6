import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusCode, type LoginResult } from '../../src/api/contract.ts';
import { MINUTE_MS, SECOND_MS } from '../clock.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, ensureDemoAccount } from '../modules/accounts/demo.ts';
import { hashPassword } from '../modules/accounts/password.ts';
import {
  companyIdOf,
  countRows,
  login,
  registerAndLogin,
  startTestServer,
  wirePassword,
  type TestServer,
} from '../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('account life cycle', () => {
  it('registers, logs in, renames, changes the password, logs out', async () => {
    const email = 'Owner@Example.com';
    const sent = await server.call('GET', `/api/User?email=${encodeURIComponent(email)}&purpose=register`);
    expect(sent.body).toEqual({ statusCode: 0, resultInfo: { resendAfterSeconds: 60 } });
    const mail = server.outbox().at(-1)!;
    expect(mail).toMatchObject({ channel: 'email', to: 'owner@example.com', purpose: 'register' });
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(mail.code);

    const registered = await server.call('POST', '/api/User/Register', {
      body: {
        email,
        phoneNumber: '',
        password: wirePassword('first-pass'),
        companyName: '  ACME 资产  ',
        checkCode: mail.code,
        systemFlag: 'MYGDZC',
      },
    });
    expect(registered.body).toEqual({ statusCode: 0, resultInfo: null });

    const loggedIn = await server.call<LoginResult>('POST', '/api/Login', {
      body: { email: '  owner@example.com ', password: wirePassword('first-pass') },
    });
    expect(loggedIn.body.statusCode).toBe(0);
    const user = loggedIn.body.resultInfo;
    expect(user).toMatchObject({
      CompanyName: 'ACME 资产',
      Email: 'owner@example.com',
      PhoneNumber: null,
      IsAdmin: true,
      IsDemo: false,
      IsVip: false,
      authorizationType: 'All',
    });
    expect(user.permissions).toContain(302);
    expect(user.loginID).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const current = await server.call<LoginResult>('GET', '/api/User/Current', { token: user.loginID });
    expect(current.body.resultInfo).toMatchObject({ Id: user.Id, loginID: user.loginID, CompanyName: 'ACME 资产' });

    const renamed = await server.call<LoginResult>('POST', '/api/User/Update', {
      token: user.loginID,
      body: { id: user.Id, companyName: ' 新名字 Ltd ' },
    });
    expect(renamed.body.statusCode).toBe(0);
    expect(renamed.body.resultInfo.CompanyName).toBe('新名字 Ltd');

    // A second session of the same user ends when the password changes; the caller's stays.
    const other = await login(server, email, 'first-pass');
    const changed = await server.call('POST', '/api/User/Update', {
      token: user.loginID,
      body: { id: String(user.Id), password: wirePassword('second-pass'), oldPwd: wirePassword('first-pass') },
    });
    expect(changed.body.statusCode).toBe(0);
    expect((await server.call('GET', '/api/User/Current', { token: other.loginID })).body.statusCode).toBe(19);
    expect((await server.call('GET', '/api/User/Current', { token: user.loginID })).body.statusCode).toBe(0);

    const oldPasswordLogin = await server.call('POST', '/api/Login', {
      body: { email, password: wirePassword('first-pass') },
    });
    expect(oldPasswordLogin.body.statusCode).toBe(StatusCode.wrongCredentials);
    await login(server, email, 'second-pass');

    expect((await server.call('POST', '/api/Logout', { token: user.loginID })).body).toEqual({
      statusCode: 0,
      resultInfo: null,
    });
    const after = await server.call('GET', '/api/User/Current', { token: user.loginID });
    expect(after.body).toEqual({ statusCode: 19, resultInfo: '登录信息失效，请退出后重新登录！' });
    const afterEn = await server.call('GET', '/api/User/Current', { token: user.loginID, lang: 'en-US,en;q=0.9' });
    expect(afterEn.body.resultInfo).toBe('Login information is invalid. Please log out and log in again!');
  });

  it('registers a phone account (a leading + is dropped)', async () => {
    const sent = await server.call('GET', '/api/User?phoneNumber=%2B13800000001');
    expect(sent.body.statusCode).toBe(0);
    expect(server.outbox().at(-1)).toMatchObject({ channel: 'sms', to: '13800000001', purpose: 'register' });
    const registered = await server.call('POST', '/api/User/Register', {
      body: {
        phoneNumber: '13800000001',
        password: wirePassword('pw'),
        companyName: 'Phone Co',
        checkCode: server.lastCode('13800000001'),
      },
    });
    expect(registered.body.statusCode).toBe(0);
    const user = await login(server, '+13800000001', 'pw');
    expect(user).toMatchObject({ PhoneNumber: '13800000001', Email: null, CompanyName: 'Phone Co' });
  });

  it('refuses a second registration of an account, with or without a code', async () => {
    await registerAndLogin(server, 'taken@example.com');
    const again = await server.call('GET', '/api/User?email=taken@example.com&purpose=register', { lang: 'en' });
    expect(again.body).toEqual({ statusCode: 6, resultInfo: 'This account is already registered' });
    const direct = await server.call('POST', '/api/User/Register', {
      body: { email: 'TAKEN@example.com', password: wirePassword('x'), companyName: 'Dup', checkCode: '123456' },
    });
    expect(direct.body.statusCode).toBe(6);
  });

  it('lets only one of two simultaneous registrations with the same code through', async () => {
    await server.call('GET', '/api/User?email=race@example.com');
    const body = {
      email: 'race@example.com',
      password: wirePassword('pw'),
      companyName: 'Race Co',
      checkCode: server.lastCode('race@example.com'),
    };
    const results = await Promise.all([1, 2].map(() => server.call('POST', '/api/User/Register', { body })));
    const [first, second] = results.map((r) => r.body.statusCode).sort((a, b) => a - b);
    expect(first).toBe(0);
    // Already registered, or the code already used: which one depends on who waits where.
    expect([6, 7]).toContain(second);
    const { rows } = await server.db.query("SELECT 1 FROM companies WHERE name = 'Race Co'");
    expect(rows).toHaveLength(1);
  });

  it('refuses a wrong code and creates nothing', async () => {
    await server.call('GET', '/api/User?email=wrongcode@example.com');
    const code = server.lastCode('wrongcode@example.com');
    const wrong = code === '000000' ? '000001' : '000000';
    const before = await countRows(server.db);
    const result = await server.call('POST', '/api/User/Register', {
      lang: 'en',
      body: { email: 'wrongcode@example.com', password: wirePassword('x'), companyName: 'No', checkCode: wrong },
    });
    expect(result.body).toEqual({ statusCode: 7, resultInfo: 'No valid verification code detected' });
    const after = await countRows(server.db);
    expect(after.companies).toBe(before.companies);
    expect(after.users).toBe(before.users);
  });

  it('gives the spec messages for malformed phone numbers and emails', async () => {
    const phone = await server.call('GET', '/api/User?phoneNumber=2380000000', { lang: 'en' });
    expect(phone.body).toEqual({ statusCode: 21, resultInfo: 'Invalid phone number format' });
    const shortPhone = await server.call('POST', '/api/User/Register', {
      body: { phoneNumber: '123456789', password: wirePassword('x'), companyName: 'C', checkCode: '123456' },
    });
    expect(shortPhone.body).toEqual({ statusCode: 21, resultInfo: '手机号格式不正确' });
    const email = await server.call('GET', '/api/User?email=not-an-email', { lang: 'en' });
    expect(email.body).toEqual({ statusCode: 24, resultInfo: 'Invalid email format' });
    const none = await server.call('GET', '/api/User', { lang: 'en' });
    expect(none.body).toEqual({ statusCode: 2, resultInfo: 'Please enter a phone number or an email address.' });
  });

  it('re-enters with the remembered token only while the session lives', async () => {
    const user = await registerAndLogin(server, 'idle@example.com');
    server.clock.advance(11 * 60 * MINUTE_MS);
    expect((await server.call('GET', '/api/User/Current', { token: user.loginID })).body.statusCode).toBe(0);
    server.clock.advance(12 * 60 * MINUTE_MS + SECOND_MS);
    expect((await server.call('GET', '/api/User/Current', { token: user.loginID })).body.statusCode).toBe(19);
  });
});

describe('password reset', () => {
  it('resets with a code and ends every session', async () => {
    const user = await registerAndLogin(server, 'forgot@example.com', 'old-pass');
    server.clock.advance(61 * SECOND_MS);
    const sent = await server.call('GET', '/api/User?email=forgot@example.com&purpose=reset');
    expect(sent.body.statusCode).toBe(0);
    expect(server.outbox().at(-1)).toMatchObject({ purpose: 'reset', to: 'forgot@example.com' });
    const reset = await server.call('POST', '/api/User/ResetPassword', {
      body: { email: 'forgot@example.com', password: wirePassword('new-pass'), checkCode: server.lastCode('forgot@example.com') },
    });
    expect(reset.body).toEqual({ statusCode: 0, resultInfo: null });
    expect((await server.call('GET', '/api/User/Current', { token: user.loginID })).body.statusCode).toBe(19);
    await login(server, 'forgot@example.com', 'new-pass');
  });

  it('does not send a reset code to an unknown account, nor create one', async () => {
    const before = await countRows(server.db);
    const result = await server.call('GET', '/api/User?email=nobody@example.com&purpose=reset', { lang: 'en' });
    expect(result.body).toEqual({ statusCode: 25, resultInfo: 'This account is not registered' });
    expect(await countRows(server.db)).toEqual(before);
    expect(server.outbox().some((line) => line.to === 'nobody@example.com')).toBe(false);
  });

  it('does not accept a registration code for a reset', async () => {
    await server.call('GET', '/api/User?email=mixup@example.com&purpose=register');
    const registerCode = server.lastCode('mixup@example.com');
    await server.call('POST', '/api/User/Register', {
      body: { email: 'mixup@example.com', password: wirePassword('a'), companyName: 'M', checkCode: registerCode },
    });
    const reset = await server.call('POST', '/api/User/ResetPassword', {
      body: { email: 'mixup@example.com', password: wirePassword('b'), checkCode: registerCode },
    });
    expect(reset.body.statusCode).toBe(7);
  });
});

describe('user settings', () => {
  it('lets the demo account neither rename the shared demo company nor change its password', async () => {
    expect(await ensureDemoAccount(server.db, server.clock.now())).toBe(true);
    expect(await ensureDemoAccount(server.db, server.clock.now())).toBe(false);
    const demo = await login(server, DEMO_EMAIL, DEMO_PASSWORD);
    expect(demo).toMatchObject({ IsDemo: true, IsVip: true });
    const tree = await server.call<{ departments: { deptName: string; affiliatedDept: number | null }[] }>('GET', '/api/Department/List', {
      token: demo.loginID,
    });
    expect(tree.body.resultInfo.departments).toEqual([expect.objectContaining({ deptName: '演示企业 Demo Co.', affiliatedDept: null })]);
    for (const lang of ['en', 'zh'] as const) {
      const renamed = await server.call<LoginResult>('POST', '/api/User/Update', {
        token: demo.loginID,
        lang,
        body: { id: demo.Id, companyName: 'Demo renamed' },
      });
      expect(renamed.body).toEqual({
        statusCode: 14,
        resultInfo:
          lang === 'en'
            ? 'The demo company is shared by everyone trying the app: the demo account cannot rename it. Register your own company to name it.'
            : '演示企业供所有人试用，演示账号不能修改企业名称。请注册自己的企业后再改名。',
      });
    }
    const { rows } = await server.db.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [await companyIdOf(server.db, demo.Id)]);
    expect(rows).toEqual([{ name: '演示企业 Demo Co.' }]);
    const changed = await server.call('POST', '/api/User/Update', {
      token: demo.loginID,
      lang: 'en',
      body: { id: demo.Id, password: wirePassword('x'), oldPwd: wirePassword(DEMO_PASSWORD) },
    });
    expect(changed.body).toEqual({ statusCode: 14, resultInfo: 'The demo account cannot change its password.' });
    await login(server, DEMO_EMAIL, DEMO_PASSWORD);
  });

  it('does not let a non-admin rename the company, but lets them change their password', async () => {
    const admin = await registerAndLogin(server, 'boss@example.com', 'boss-pass', 'Boss Co');
    await server.db.query(
      `INSERT INTO users (company_id, email, password_hash, is_admin) VALUES ($1, 'clerk@example.com', $2, false)`,
      [await companyOf(admin), await hashPassword(wirePassword('clerk-pass'))],
    );
    const clerk = await login(server, 'clerk@example.com', 'clerk-pass');
    expect(clerk).toMatchObject({ IsAdmin: false, permissions: [], CompanyName: 'Boss Co' });
    const rename = await server.call('POST', '/api/User/Update', {
      token: clerk.loginID,
      body: { id: clerk.Id, companyName: 'Mine now' },
    });
    expect(rename.body.statusCode).toBe(5);
    expect((await server.call<LoginResult>('GET', '/api/User/Current', { token: admin.loginID })).body.resultInfo.CompanyName).toBe(
      'Boss Co',
    );
    const change = await server.call('POST', '/api/User/Update', {
      token: clerk.loginID,
      body: { id: clerk.Id, password: wirePassword('clerk-2'), oldPwd: wirePassword('clerk-pass') },
    });
    expect(change.body.statusCode).toBe(0);
  });

  it('refuses a wrong old password, an empty name and another user id, changing nothing', async () => {
    const user = await registerAndLogin(server, 'careful@example.com', 'pass-1', 'Careful Co');
    const other = await registerAndLogin(server, 'other@example.com', 'pass-9', 'Other Co');

    const wrongOld = await server.call('POST', '/api/User/Update', {
      token: user.loginID,
      lang: 'en',
      body: { id: user.Id, companyName: 'Not applied', password: wirePassword('pass-2'), oldPwd: wirePassword('nope') },
    });
    expect(wrongOld.body).toEqual({ statusCode: 16, resultInfo: 'The old password is incorrect.' });

    const emptyName = await server.call('POST', '/api/User/Update', {
      token: user.loginID,
      body: { id: user.Id, companyName: '   ' },
    });
    expect(emptyName.body).toEqual({ statusCode: 26, resultInfo: '请输入新的企业名称。' });

    for (const id of [other.Id, 999_999]) {
      const foreign = await server.call('POST', '/api/User/Update', {
        token: user.loginID,
        body: { id, companyName: 'Hijacked' },
      });
      expect(foreign.body).toEqual({ statusCode: 5, resultInfo: '没有权限执行此操作。' });
    }

    const mine = await server.call<LoginResult>('GET', '/api/User/Current', { token: user.loginID });
    expect(mine.body.resultInfo.CompanyName).toBe('Careful Co');
    const theirs = await server.call<LoginResult>('GET', '/api/User/Current', { token: other.loginID });
    expect(theirs.body.resultInfo.CompanyName).toBe('Other Co');
    await login(server, 'careful@example.com', 'pass-1');
  });

  it('needs a session', async () => {
    const result = await server.call('POST', '/api/User/Update', { body: { id: 1, companyName: 'x' } });
    expect(result.body.statusCode).toBe(19);
  });
});

async function companyOf(user: LoginResult): Promise<number> {
  const { rows } = await server.db.query<{ company_id: number }>('SELECT company_id FROM users WHERE id = $1', [user.Id]);
  return rows[0].company_id;
}
