/**
 * The password-guessing and code-request limits, probed through the real app as an attacker
 * would: concurrent bursts, many addresses, the old-password check of a password change.
 * Client addresses come from X-Forwarded-For behind a trusted proxy (http/client-ip.ts), the
 * way the server sees them in production behind one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../src/api/contract.ts';
import { HOUR_MS, MINUTE_MS } from '../../clock.ts';
import { loadConfig } from '../../config.ts';
import { purgeStaleRows } from '../../maintenance.ts';
import { registerAndLogin, startTestServer, wirePassword, type TestServer } from '../../testing/harness.ts';
import { DEFAULT_CODE_REQUESTS_PER_HOUR } from './code-requests.ts';
import { MAX_ACCOUNT_FAILURES, MAX_IP_FAILURES, PAIR_FREE_FAILURES } from './service.ts';

// One server for the file: every test uses accounts and client addresses of its own, and the
// clock only moves forward, which can only make earlier tests' failures forgotten.
let server: TestServer;
beforeAll(async () => {
  // The production default of the per-address code limit (the harness raises it).
  const { codeRequestsPerHour } = loadConfig({});
  expect(codeRequestsPerHour).toBe(DEFAULT_CODE_REQUESTS_PER_HOUR);
  server = await startTestServer({ config: { trustProxy: true, codeRequestsPerHour } });
});
afterAll(() => server?.close());

let addressesUsed = 0;
/** A client address no other test has used. */
function freshAddress(): string {
  addressesUsed++;
  return `10.${(addressesUsed >> 8) & 255}.${addressesUsed & 255}.1`;
}

const loginFrom = (ip: string, account: string, password: string, lang = 'en') =>
  server.call<LoginResult>('POST', '/api/Login', {
    lang,
    headers: { 'X-Forwarded-For': ip },
    body: { account, password: wirePassword(password) },
  });

const changePasswordFrom = (ip: string, user: LoginResult, oldPwd: string, lang = 'en') =>
  server.call<LoginResult>('POST', '/api/User/Update', {
    lang,
    token: user.loginID,
    headers: { 'X-Forwarded-For': ip },
    body: { id: user.Id, password: wirePassword('changed-pass'), oldPwd: wirePassword(oldPwd) },
  });

const codeFrom = (ip: string, email: string, lang = 'en') =>
  server.call<{ resendAfterSeconds: number }>('GET', `/api/User?email=${encodeURIComponent(email)}&purpose=register`, {
    lang,
    headers: { 'X-Forwarded-For': ip },
  });

const codesOf = (replies: { body: { statusCode: number } }[]) => replies.map((r) => r.body.statusCode);
const countOf = (codes: number[], code: number) => codes.filter((c) => c === code).length;

async function sessionCount(userId: number): Promise<number> {
  const { rows } = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [
    userId,
  ]);
  return rows[0].n;
}

describe('password checks under concurrent requests', () => {
  it(`checks only ${PAIR_FREE_FAILURES} of 40 concurrent wrong passwords from one address`, async () => {
    const attackerIp = freshAddress();
    await registerAndLogin(server, 'burst@example.com', 'right-pass');
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => loginFrom(attackerIp, 'burst@example.com', `guess-${i}`)),
    );
    const codes = codesOf(replies);
    expect(countOf(codes, 8)).toBe(PAIR_FREE_FAILURES);
    expect(countOf(codes, 10)).toBe(40 - PAIR_FREE_FAILURES);
    // Every checked password left its row; the refused ones left none.
    const { rows } = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM login_attempts WHERE ip = $1',
      [attackerIp],
    );
    expect(rows[0].n).toBe(PAIR_FREE_FAILURES);
  });

  it('lets the right password of a burst in only when it was among the tries the limit admitted', async () => {
    const attackerIp = freshAddress();
    const owner = await registerAndLogin(server, 'mixed@example.com', 'right-pass');
    const sessionsBefore = await sessionCount(owner.Id);
    // 39 wrong, the right one fired last.
    const passwords = Array.from({ length: 40 }, (_, i) => (i === 39 ? 'right-pass' : `guess-${i}`));
    const replies = await Promise.all(passwords.map((pw) => loginFrom(attackerIp, 'mixed@example.com', pw)));
    const codes = codesOf(replies);
    const rightCode = codes[39];
    expect([0, 10]).toContain(rightCode);
    expect(countOf(codes, 0)).toBe(rightCode === 0 ? 1 : 0);
    // A session exists exactly when the right password was checked.
    expect(await sessionCount(owner.Id)).toBe(sessionsBefore + (rightCode === 0 ? 1 : 0));

    // Rows are numbered in the order the limit admitted the tries (under its lock).
    const { rows } = await server.db.query<{ succeeded: boolean }>(
      'SELECT succeeded FROM login_attempts WHERE ip = $1 ORDER BY id',
      [attackerIp],
    );
    expect(rows.length).toBe(countOf(codes, 8) + countOf(codes, 0));
    const success = rows.findIndex((r) => r.succeeded);
    if (rightCode === 0) {
      // Admitted within the free tries; the success restarts the count for what came after.
      expect(success).toBeLessThan(PAIR_FREE_FAILURES);
      expect(rows.length - success - 1).toBeLessThanOrEqual(PAIR_FREE_FAILURES);
    } else {
      expect(success).toBe(-1);
      expect(rows.length).toBe(PAIR_FREE_FAILURES);
    }
  });

  it(`stops a burst from 40 addresses at the account ceiling (${MAX_ACCOUNT_FAILURES})`, async () => {
    await registerAndLogin(server, 'botnet@example.com', 'right-pass');
    const botnet = Array.from({ length: 40 }, freshAddress);
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => loginFrom(botnet[i], 'botnet@example.com', `guess-${i}`)),
    );
    const codes = codesOf(replies);
    expect(countOf(codes, 8)).toBe(MAX_ACCOUNT_FAILURES);
    expect(countOf(codes, 10)).toBe(40 - MAX_ACCOUNT_FAILURES);
  });

  it(`stops a burst over 40 accounts from one address at the address limit (${MAX_IP_FAILURES})`, async () => {
    const attackerIp = freshAddress();
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => loginFrom(attackerIp, `spray-${i}@example.com`, 'password')),
    );
    const codes = codesOf(replies);
    expect(countOf(codes, 8)).toBe(MAX_IP_FAILURES);
    expect(countOf(codes, 10)).toBe(40 - MAX_IP_FAILURES);
  });
});

describe('wrong passwords from one address', () => {
  it('slow that address down with a growing delay, while the owner logs in from another', async () => {
    const attackerIp = freshAddress();
    const ownerIp = freshAddress();
    await registerAndLogin(server, 'owner@example.com', 'right-pass');
    const attacker = (password: string, lang = 'en') => loginFrom(attackerIp, 'owner@example.com', password, lang);

    for (let i = 0; i < PAIR_FREE_FAILURES; i++) expect((await attacker(`guess-${i}`)).body.statusCode).toBe(8);
    // Even the right password is not checked from the throttled address.
    expect((await attacker('right-pass')).body).toEqual({
      statusCode: 10,
      resultInfo: 'Too many failed logins. Please try again in 1 minute.',
    });
    expect((await attacker('right-pass', 'zh-CN')).body).toEqual({
      statusCode: 10,
      resultInfo: '登录失败次数过多，请 1 分钟后再试。',
    });
    expect((await loginFrom(ownerIp, 'owner@example.com', 'right-pass')).body.statusCode).toBe(0);

    // Each further failure doubles the wait, up to 30 minutes; the owner is never held up.
    for (const minutes of [1, 2, 4, 8, 16, 30, 30]) {
      server.clock.advance(minutes * MINUTE_MS - 1000);
      expect((await attacker('guess-again')).body.statusCode).toBe(10);
      server.clock.advance(1000);
      expect((await attacker('guess-again')).body.statusCode).toBe(8);
      const next = Math.min(minutes * 2, 30);
      expect((await attacker('guess-again')).body.resultInfo).toBe(
        `Too many failed logins. Please try again in ${next} minutes.`,
      );
      expect((await loginFrom(ownerIp, 'owner@example.com', 'right-pass')).body.statusCode).toBe(0);
    }
  });

  it('are forgotten after a success from that address, or after 24 hours', async () => {
    const ownerIp = freshAddress();
    await registerAndLogin(server, 'typo@example.com', 'right-pass');
    const fromHome = (password: string) => loginFrom(ownerIp, 'typo@example.com', password);
    for (let i = 0; i < PAIR_FREE_FAILURES - 1; i++) expect((await fromHome('typo')).body.statusCode).toBe(8);
    expect((await fromHome('right-pass')).body.statusCode).toBe(0);
    for (let i = 0; i < PAIR_FREE_FAILURES; i++) expect((await fromHome('typo')).body.statusCode).toBe(8);
    expect((await fromHome('right-pass')).body.statusCode).toBe(10);
    server.clock.advance(24 * HOUR_MS + 1000);
    for (let i = 0; i < PAIR_FREE_FAILURES; i++) expect((await fromHome('typo')).body.statusCode).toBe(8);
    expect((await fromHome('typo')).body.statusCode).toBe(10);
  });

  it(`lock the account for everyone once ${MAX_ACCOUNT_FAILURES} fail in 15 minutes from many addresses`, async () => {
    const ownerIp = freshAddress();
    await registerAndLogin(server, 'spread@example.com', 'right-pass');
    const addresses = Array.from({ length: MAX_ACCOUNT_FAILURES / PAIR_FREE_FAILURES }, freshAddress);
    for (const address of addresses) {
      for (let i = 0; i < PAIR_FREE_FAILURES; i++) {
        expect((await loginFrom(address, 'spread@example.com', `guess-${i}`)).body.statusCode).toBe(8);
      }
    }
    expect((await loginFrom(ownerIp, 'spread@example.com', 'right-pass')).body).toEqual({
      statusCode: 10,
      resultInfo: 'Too many failed logins. Please try again in 15 minutes.',
    });
    server.clock.advance(15 * MINUTE_MS + 1000);
    expect((await loginFrom(ownerIp, 'spread@example.com', 'right-pass')).body.statusCode).toBe(0);
  });
});

describe('the old-password check of a password change', () => {
  it('is under the same limit as login, shared with it', async () => {
    const attackerIp = freshAddress();
    const ownerIp = freshAddress();
    const user = await registerAndLogin(server, 'changer@example.com', 'first-pass');
    for (let i = 0; i < PAIR_FREE_FAILURES; i++) {
      expect((await changePasswordFrom(attackerIp, user, `guess-${i}`)).body.statusCode).toBe(16);
    }
    expect((await changePasswordFrom(attackerIp, user, 'first-pass')).body).toEqual({
      statusCode: 10,
      resultInfo: 'Too many wrong passwords. Please try again in 1 minute.',
    });
    expect((await changePasswordFrom(attackerIp, user, 'first-pass', 'zh-CN')).body).toEqual({
      statusCode: 10,
      resultInfo: '密码错误次数过多，请 1 分钟后再试。',
    });
    // The same count holds login from that address back, and nothing was changed.
    expect((await loginFrom(attackerIp, 'changer@example.com', 'first-pass')).body.statusCode).toBe(10);
    expect((await loginFrom(ownerIp, 'changer@example.com', 'first-pass')).body.statusCode).toBe(0);

    server.clock.advance(MINUTE_MS);
    expect((await changePasswordFrom(attackerIp, user, 'first-pass')).body.statusCode).toBe(0);
    expect((await loginFrom(ownerIp, 'changer@example.com', 'changed-pass')).body.statusCode).toBe(0);
  });

  it(`checks only ${PAIR_FREE_FAILURES} of 40 concurrent wrong old passwords`, async () => {
    const attackerIp = freshAddress();
    const user = await registerAndLogin(server, 'hammer@example.com', 'first-pass');
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => changePasswordFrom(attackerIp, user, `guess-${i}`)),
    );
    const codes = codesOf(replies);
    expect(countOf(codes, 16)).toBe(PAIR_FREE_FAILURES);
    expect(countOf(codes, 10)).toBe(40 - PAIR_FREE_FAILURES);
  });
});

describe('verification-code requests', () => {
  it(`are limited to ${DEFAULT_CODE_REQUESTS_PER_HOUR} an hour per client address, whatever the targets`, async () => {
    const attackerIp = freshAddress();
    const ownerIp = freshAddress();
    await registerAndLogin(server, 'taken@example.com');
    // Refused requests count too (here: an account that exists), so probing which accounts
    // exist is limited as well.
    expect((await codeFrom(attackerIp, 'taken@example.com')).body.statusCode).toBe(6);
    for (let i = 1; i < DEFAULT_CODE_REQUESTS_PER_HOUR; i++) {
      expect((await codeFrom(attackerIp, `victim-${i}@example.com`)).body.statusCode).toBe(0);
    }
    expect((await codeFrom(attackerIp, 'one-more@example.com')).body).toEqual({
      statusCode: 20,
      resultInfo: 'Too many verification codes were requested from this network address. Please try again in 60 minutes.',
    });
    server.clock.advance(30 * MINUTE_MS);
    expect((await codeFrom(attackerIp, 'one-more@example.com', 'zh-CN')).body).toEqual({
      statusCode: 20,
      resultInfo: '此网络地址获取验证码过于频繁，请 30 分钟后再试。',
    });
    expect(server.outbox().filter((line) => line.to === 'one-more@example.com')).toEqual([]);
    // Another address is not affected; the first one may ask again an hour after its first request.
    expect((await codeFrom(ownerIp, 'one-more@example.com')).body.statusCode).toBe(0);
    server.clock.advance(30 * MINUTE_MS + 1000);
    expect((await codeFrom(attackerIp, 'later@example.com')).body.statusCode).toBe(0);
  });

  it(`send at most ${DEFAULT_CODE_REQUESTS_PER_HOUR} codes for a burst of 40 concurrent requests`, async () => {
    const attackerIp = freshAddress();
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => codeFrom(attackerIp, `burst-${i}@example.com`)),
    );
    const codes = codesOf(replies);
    expect(countOf(codes, 0)).toBe(DEFAULT_CODE_REQUESTS_PER_HOUR);
    expect(countOf(codes, 20)).toBe(40 - DEFAULT_CODE_REQUESTS_PER_HOUR);
    expect(server.outbox().filter((line) => line.to.startsWith('burst-')).length).toBe(DEFAULT_CODE_REQUESTS_PER_HOUR);
  });
});

describe('housekeeping', () => {
  it('keeps login attempts for a day (the growing delay remembers them) and code requests for an hour', async () => {
    const ip = freshAddress();
    expect((await loginFrom(ip, 'purged@example.com', 'guess')).body.statusCode).toBe(8);
    expect((await codeFrom(ip, 'purged@example.com')).body.statusCode).toBe(0);
    const rowsOf = async (table: 'login_attempts' | 'code_requests') =>
      (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ip = $1`, [ip])).rows[0].n;

    server.clock.advance(HOUR_MS + 1000);
    await purgeStaleRows(server.db, server.clock.now());
    expect(await rowsOf('login_attempts')).toBe(1);
    expect(await rowsOf('code_requests')).toBe(0);
    server.clock.advance(23 * HOUR_MS);
    await purgeStaleRows(server.db, server.clock.now());
    expect(await rowsOf('login_attempts')).toBe(0);
  });
});
