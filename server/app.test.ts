import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { Db } from './db/db.ts';
import { loadMigrations } from './db/migrate.ts';
import type { Logger } from './log.ts';
import { countRows, registerAndLogin, startTestServer, wirePassword, type TestServer } from './testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const validRegistration = {
  email: 'valid@example.com',
  password: wirePassword('pw'),
  companyName: 'Valid Co',
  checkCode: '123456',
};

describe('API envelope', () => {
  it('reports health once migrated', async () => {
    const result = await server.call('GET', '/api/health');
    // The newest migration's number, so that adding one does not touch this test.
    const latest = loadMigrations().at(-1)!.version;
    expect(result).toEqual({ status: 200, body: { statusCode: 0, resultInfo: { schemaVersion: latest } } });
  });

  it('answers an unknown /api path with HTTP 404 and code 4', async () => {
    for (const [method, path] of [
      ['GET', '/api/NoSuchThing'],
      ['POST', '/api/health'],
      ['DELETE', '/api/User/Register'],
      ['GET', '/api'],
    ]) {
      const result = await server.call(method, path, { lang: 'en' });
      expect(result).toEqual({ status: 404, body: { statusCode: 4, resultInfo: 'This API does not exist.' } });
    }
  });

  it('never caches API replies', async () => {
    const response = await server.app.request('/api/health');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });

  it('maps an unexpected failure to code 1 without a stack trace, and logs it', async () => {
    const logged: unknown[] = [];
    const log: Logger = { info: () => {}, error: (message, err) => logged.push(message, err) };
    const broken: Db = {
      ...server.db,
      query: async () => {
        throw new Error('connection reset (secret detail)');
      },
    };
    const app = createApp({ db: broken, config: server.config, mailer: { sendCode: async () => {} }, log });
    for (const lang of ['zh-CN', 'en']) {
      const response = await app.request('/api/health', { headers: { 'Accept-Language': lang } });
      const text = await response.text();
      expect(response.status).toBe(200);
      expect(JSON.parse(text)).toEqual({ statusCode: 1, resultInfo: lang === 'en' ? 'Unknown Error!' : '未知错误！' });
      expect(text).not.toContain('secret detail');
    }
    expect(String(logged[1])).toContain('secret detail');
  });
});

describe('validation writes nothing', () => {
  it('refuses malformed JSON with code 2', async () => {
    const before = await countRows(server.db);
    for (const body of ['{"email": "valid@example.com",', 'null', '[1,2]', '"text"']) {
      const result = await server.call('POST', '/api/User/Register', { body, lang: 'en' });
      expect(result.status).toBe(200);
      expect(result.body.statusCode).toBe(2);
    }
    const malformed = await server.call('POST', '/api/Login', { body: '{bad', lang: 'en' });
    expect(malformed.body.resultInfo).toBe('Parameter error: the request body is not valid JSON.');
    expect(await countRows(server.db)).toEqual(before);
  });

  it('names missing and over-long fields', async () => {
    const before = await countRows(server.db);
    const missing = await server.call('POST', '/api/User/Register', { body: { email: 'valid@example.com' }, lang: 'en' });
    expect(missing.body).toEqual({ statusCode: 2, resultInfo: 'Parameter error: password, companyName, checkCode' });

    const cases: Record<string, unknown>[] = [
      { ...validRegistration, companyName: 'x'.repeat(101) },
      { ...validRegistration, companyName: '   ' },
      { ...validRegistration, email: `${'a'.repeat(300)}@example.com` },
      { ...validRegistration, password: 'A'.repeat(33) },
      { ...validRegistration, checkCode: '12345' },
      { ...validRegistration, checkCode: 123456 },
      { ...validRegistration, email: { $ne: null } },
    ];
    for (const body of cases) {
      const result = await server.call('POST', '/api/User/Register', { body });
      expect(result.body.statusCode, JSON.stringify(body).slice(0, 80)).toBe(2);
    }
    const longQuery = await server.call('GET', `/api/User?email=${'a'.repeat(300)}@example.com`);
    expect(longQuery.body.statusCode).toBe(2);
    const badPurpose = await server.call('GET', '/api/User?email=valid@example.com&purpose=admin');
    expect(badPurpose.body.statusCode).toBe(2);
    expect(await countRows(server.db)).toEqual(before);
  });

  it('refuses a body over the limit with code 2', async () => {
    const before = await countRows(server.db);
    const huge = JSON.stringify({ ...validRegistration, padding: 'x'.repeat(1024 * 1024) });
    const result = await server.call('POST', '/api/User/Register', { body: huge, lang: 'en' });
    expect(result).toEqual({
      status: 200,
      body: { statusCode: 2, resultInfo: 'Parameter error: the request body is larger than 1 MB.' },
    });
    // Also when the client announces the length up front.
    const announced = await server.app.request('/api/Login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(huge.length) },
      body: huge,
    });
    expect((await announced.json()).statusCode).toBe(2);
    expect(await countRows(server.db)).toEqual(before);
  });

  it('drops unknown keys instead of acting on them', async () => {
    const user = await startRegistered('strip@example.com');
    const result = await server.call('POST', '/api/User/Update', {
      token: user.token,
      body: { id: user.id, companyName: 'Stripped', is_vip: true, isAdmin: false, company_id: 1 },
    });
    expect(result.body).toMatchObject({ statusCode: 0, resultInfo: { CompanyName: 'Stripped', IsVip: false, IsAdmin: true } });
  });
});

describe('web app', () => {
  let distDir: string;
  beforeAll(() => {
    distDir = mkdtempSync(join(tmpdir(), 'assetmark-dist-'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Assetmark</title>');
    writeFileSync(join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  });
  afterAll(() => rmSync(distDir, { recursive: true, force: true }));

  const appWith = (dir: string | undefined) =>
    createApp({ db: server.db, config: { ...server.config, distDir: dir }, mailer: { sendCode: async () => {} } });

  it('serves files, and index.html for client routes outside /api', async () => {
    const app = appWith(distDir);
    const asset = await app.request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log(1)');
    expect(asset.headers.get('Cache-Control')).toContain('immutable');
    for (const path of ['/', '/asset/list', '/organization/dept-list?x=1', '/assets/missing.js']) {
      const page = await app.request(path);
      expect(page.status, path).toBe(200);
      expect(await page.text()).toContain('<title>Assetmark</title>');
    }
    const api = await app.request('/api/missing');
    expect(api.status).toBe(404);
    expect((await api.json()).statusCode).toBe(4);
  });

  it('says how to build the web app when dist is missing', async () => {
    const page = await appWith(join(distDir, 'nowhere')).request('/asset/list');
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('npm run setup');
    expect((await appWith(undefined).request('/api/health')).status).toBe(200);
  });

  it('sends a Content-Security-Policy, frame protection and nosniff with every page and file', async () => {
    const app = appWith(distDir);
    for (const path of ['/', '/label/print', '/assets/index-abc123.js']) {
      const reply = await app.request(path);
      expect(reply.headers.get('X-Frame-Options'), path).toBe('DENY');
      expect(reply.headers.get('X-Content-Type-Options'), path).toBe('nosniff');
      const policy = new Map(
        (reply.headers.get('Content-Security-Policy') ?? '').split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      expect(policy.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      // Scripts from this server only; Wasm may compile, JavaScript eval may not.
      expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(policy.get('worker-src')).toEqual(["'self'"]);
      expect(policy.get('img-src')).toEqual(["'self'", 'blob:', 'data:']);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('connect-src')).toEqual([
        "'self'",
        'http://127.0.0.1:15216',
        'http://localhost:15216',
        'http://127.0.0.1:35216',
        'http://localhost:35216',
      ]);
    }
    // The not-built page too; API replies are JSON and keep their own headers.
    expect((await appWith(join(distDir, 'nowhere')).request('/')).headers.get('X-Frame-Options')).toBe('DENY');
    expect((await app.request('/api/health')).headers.get('Content-Security-Policy')).toBeNull();
  });

  it('does not serve files outside dist', async () => {
    const page = await appWith(distDir).request('/..%2f..%2fetc/passwd');
    expect(await page.text()).not.toContain('root:');
  });
});

async function startRegistered(email: string): Promise<{ id: number; token: string }> {
  const user = await registerAndLogin(server, email);
  return { id: user.Id, token: user.loginID };
}

describe('config', () => {
  it('reads defaults and overrides from the environment', () => {
    const defaults = loadConfig({}, '/srv/assetmark');
    expect(defaults).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/assetmark/data',
      distDir: '/srv/assetmark/dist',
      databaseUrl: undefined,
      smtp: undefined,
      session: { idleHours: 12, absoluteHours: 168 },
      bodyLimitBytes: 1024 * 1024,
      trustProxy: false,
      timeZone: 'Asia/Shanghai',
    });
    const custom = loadConfig(
      { PORT: '9000', DATA_DIR: '/var/lib/am', SESSION_TTL_HOURS: '2', SMTP_HOST: 'mail.example.com', SMTP_USER: 'u@example.com' },
      '/srv',
    );
    expect(custom).toMatchObject({ port: 9000, dataDir: '/var/lib/am', session: { idleHours: 2 } });
    expect(custom.smtp).toEqual({ host: 'mail.example.com', port: 587, secure: false, user: 'u@example.com', pass: undefined, from: 'u@example.com' });
    expect(loadConfig({ PORT: '' }).port).toBe(8080);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(loadConfig({ TIME_ZONE: 'Europe/Berlin' }).timeZone).toBe('Europe/Berlin');
    expect(() => loadConfig({ TIME_ZONE: 'Mars/Olympus' })).toThrow(/TIME_ZONE/);
  });
});
