import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../src/api/contract.ts';
import { MINUTE_MS } from '../clock.ts';
import { login, registerAndLogin, startTestServer, wirePassword, type TestServer } from '../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const attempt = (account: string, password: string, lang = 'en') =>
  server.call<LoginResult>('POST', '/api/Login', { lang, body: { account, password: wirePassword(password) } });

describe('login', () => {
  it('answers code 8 alike for a wrong password and an unknown account', async () => {
    await registerAndLogin(server, 'known@example.com', 'right');
    const wrong = await attempt('known@example.com', 'wrong', 'zh-CN');
    const unknown = await attempt('unknown@example.com', 'right', 'zh-CN');
    expect(wrong.body).toEqual({ statusCode: 8, resultInfo: '用户名或密码错误' });
    expect(unknown.body).toEqual(wrong.body);
    expect((await attempt('known@example.com', 'wrong')).body.resultInfo).toBe('Incorrect username or password');
  });

  it('holds an address back after 5 failures, even for the right password (modules/login-limit)', async () => {
    await registerAndLogin(server, 'target@example.com', 'right');
    for (let i = 0; i < 5; i++) expect((await attempt('target@example.com', `guess-${i}`)).body.statusCode).toBe(8);
    const held = await attempt('target@example.com', 'right');
    expect(held.body).toEqual({ statusCode: 10, resultInfo: 'Too many failed logins. Please try again in 1 minute.' });
    server.clock.advance(30 * 1000);
    expect((await attempt('target@example.com', 'right', 'zh-CN')).body).toEqual({
      statusCode: 10,
      resultInfo: '登录失败次数过多，请 1 分钟后再试。',
    });
    server.clock.advance(30 * 1000);
    expect((await attempt('target@example.com', 'right')).body.statusCode).toBe(0);
  });

  it('forgets earlier failures after a successful login', async () => {
    await registerAndLogin(server, 'clumsy@example.com', 'right');
    for (let i = 0; i < 4; i++) await attempt('clumsy@example.com', 'wrong');
    expect((await attempt('clumsy@example.com', 'right')).body.statusCode).toBe(0);
    for (let i = 0; i < 4; i++) expect((await attempt('clumsy@example.com', 'wrong')).body.statusCode).toBe(8);
    expect((await attempt('clumsy@example.com', 'right')).body.statusCode).toBe(0);
  });

  it('limits one client address to 20 failures in 15 minutes across accounts', async () => {
    server.clock.advance(16 * MINUTE_MS); // clear the address's earlier failures
    await registerAndLogin(server, 'bystander@example.com', 'right');
    for (let i = 0; i < 20; i++) {
      expect((await attempt(`spray-${i}@example.com`, 'pw')).body.statusCode).toBe(8);
    }
    expect((await attempt('bystander@example.com', 'right')).body.statusCode).toBe(10);
    server.clock.advance(15 * MINUTE_MS + 1000);
    expect((await attempt('bystander@example.com', 'right')).body.statusCode).toBe(0);
  });

  it('counts the address from X-Forwarded-For only behind a trusted proxy', async () => {
    const proxied = await startTestServer({ config: { trustProxy: true } });
    try {
      await registerAndLogin(proxied, 'behind@example.com', 'right');
      const from = (ip: string, account: string, password: string) =>
        proxied.call('POST', '/api/Login', {
          headers: { 'X-Forwarded-For': `${ip}, 10.0.0.1` },
          body: { account, password: wirePassword(password) },
        });
      for (let i = 0; i < 20; i++) await from('203.0.113.7', `spray-${i}@example.com`, 'pw');
      expect((await from('203.0.113.7', 'behind@example.com', 'right')).body.statusCode).toBe(10);
      expect((await from('198.51.100.2', 'behind@example.com', 'right')).body.statusCode).toBe(0);
    } finally {
      await proxied.close();
    }
  });

  it('refuses a disabled user, and ends the sessions it holds', async () => {
    const user = await registerAndLogin(server, 'leaver@example.com', 'right');
    await server.db.query('UPDATE users SET enabled = false WHERE id = $1', [user.Id]);
    expect((await server.call('GET', '/api/User/Current', { token: user.loginID })).body.statusCode).toBe(19);
    expect((await attempt('leaver@example.com', 'right')).body.statusCode).toBe(15);
    // Without the password nobody learns that the account is disabled.
    expect((await attempt('leaver@example.com', 'wrong')).body.statusCode).toBe(8);
  });

  it('validates the password wire format', async () => {
    const result = await server.call('POST', '/api/Login', {
      lang: 'en',
      body: { account: 'known@example.com', password: 'plain text' },
    });
    expect(result.body).toEqual({ statusCode: 2, resultInfo: 'Parameter error: password' });
    const lower = await server.call('POST', '/api/Login', {
      body: { email: 'known@example.com', password: wirePassword('right').toLowerCase() },
    });
    expect(lower.body.statusCode).toBe(0);
  });
});

describe('session token', () => {
  it('is accepted from the header and the body, never from the query string', async () => {
    const user = await login(server, 'known@example.com', 'right');
    const fromQuery = await server.call('GET', `/api/User/Current?loginID=${encodeURIComponent(user.loginID)}`);
    expect(fromQuery.body.statusCode).toBe(19);
    const fromHeader = await server.call('GET', '/api/User/Current', { token: user.loginID });
    expect(fromHeader.body.statusCode).toBe(0);
    const fromBody = await server.call('POST', '/api/User/Update', {
      body: { loginID: user.loginID, systemFlag: 'MYGDZC', id: user.Id, companyName: 'Via body' },
    });
    expect(fromBody.body.statusCode).toBe(0);
  });

  it('is stored only as a hash', async () => {
    const user = await login(server, 'known@example.com', 'right');
    const { rows } = await server.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(rows.some((row) => row.token_hash === user.loginID)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('answers 19 for a missing, unknown or absurd token', async () => {
    for (const token of [undefined, 'x'.repeat(43), 'y'.repeat(5000)]) {
      expect((await server.call('GET', '/api/User/Current', { token })).body.statusCode).toBe(19);
    }
  });

  it('logs out idempotently', async () => {
    const user = await login(server, 'known@example.com', 'right');
    expect((await server.call('POST', '/api/Logout', { token: user.loginID })).body.statusCode).toBe(0);
    expect((await server.call('POST', '/api/Logout', { token: user.loginID })).body.statusCode).toBe(0);
    expect((await server.call('POST', '/api/Logout')).body.statusCode).toBe(0);
    expect((await server.call('GET', '/api/User/Current', { token: user.loginID })).body.statusCode).toBe(19);
  });
});
