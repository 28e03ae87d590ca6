/**
 * Test harness: the real app (createApp) on a fresh migrated database (db/test-db.ts), a
 * movable clock, and the outbox mailer writing to a temporary DATA_DIR, called in-process
 * with app.request(). Codes are read back from outbox.jsonl as a user would read their mail.
 */
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildRegisterRequest, ChildUserInfo, Envelope, LoginResult } from '../../src/api/contract.ts';
import { createApp } from '../app.ts';
import type { Clock } from '../clock.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { openTestDb } from '../db/test-db.ts';
import { silentLogger, type Logger } from '../log.ts';
import type { Mailer } from '../mail/index.ts';
import { OUTBOX_FILE, outboxMailer, type OutboxLine } from '../mail/outbox.ts';
import { wirePassword } from '../modules/accounts/demo.ts';
import { startDemo } from '../modules/demo/start.ts';

export { wirePassword };

export interface TestClock {
  now: Clock;
  advance(ms: number): void;
  set(date: Date): void;
}

/** A clock that moves only when told; starts at a fixed instant so runs are repeatable. */
export function testClock(start = new Date('2030-01-15T08:00:00.000Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}

export interface CallOptions {
  /** An object is sent as JSON; a string is sent as is (malformed bodies). */
  body?: unknown;
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = unknown> {
  status: number;
  body: Envelope<T>;
}

export interface TestServer {
  app: ReturnType<typeof createApp>;
  db: Db;
  clock: TestClock;
  config: Config;
  dataDir: string;
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
  outbox(): OutboxLine[];
  /** The newest code sent to `to` (lower-cased email or phone digits). */
  lastCode(to: string): string;
  close(): Promise<void>;
}

export async function startTestServer(
  options: {
    config?: Partial<Config>;
    mailer?: (defaultMailer: Mailer) => Mailer;
    log?: Logger;
    /**
     * The demo as server/main.ts makes it at start: its account only, or with its company's
     * sample data (modules/demo). Absent: neither (the sample data is off unless asked for).
     */
    demo?: 'account' | 'sample-data';
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'assetmark-test-'));
  const db = await openTestDb();
  const clock = testClock();
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir }),
    distDir: undefined,
    // Every in-process request comes from one address ('local', no socket), so the per-address
    // code limit would soon stop a test that opens many accounts; its own tests set it back.
    codeRequestsPerHour: 1_000_000,
    // The paid model, so the tests of VIP gating (roles) see each company's own flag; the
    // self-hosted default (every company VIP) has its own test (accounts/paid-model.test.ts).
    paidModel: true,
    // ASSETMARK_DEMO_DATA=off unless the test asks for the sample data.
    demoData: options.demo === 'sample-data',
    ...options.config,
  };
  const outbox = outboxMailer(dataDir, silentLogger, clock.now);
  const mailer = options.mailer ? options.mailer(outbox) : outbox;
  const app = createApp({ db, config, mailer, clock: clock.now, log: options.log ?? silentLogger });
  if (options.demo) {
    await startDemo({ db, clock: clock.now, timeZone: config.timeZone, sampleData: config.demoData, log: options.log ?? silentLogger });
  }

  const readOutbox = (): OutboxLine[] => {
    const file = join(dataDir, OUTBOX_FILE);
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as OutboxLine);
  };

  return {
    app,
    db,
    clock,
    config,
    dataDir,
    async call<T>(method: string, path: string, opts: CallOptions = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.loginID = opts.token;
      if (opts.lang) headers['Accept-Language'] = opts.lang;
      let body: string | undefined;
      if (opts.body !== undefined) {
        body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
        headers['Content-Type'] ??= 'application/json';
      }
      const response = await app.request(path, { method, headers, body });
      const text = await response.text();
      return { status: response.status, body: JSON.parse(text) as Envelope<T> };
    },
    outbox: readOutbox,
    lastCode(to) {
      const line = readOutbox().filter((l) => l.to === to).at(-1);
      if (!line) throw new Error(`no code was sent to ${to}`);
      return line.code;
    },
    async close() {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Requests a code for an email account, registers it, logs in; returns the login result. */
export async function registerAndLogin(
  server: TestServer,
  email: string,
  password = 'secret-1',
  companyName = 'ACME 资产',
): Promise<LoginResult> {
  const sent = await server.call('GET', `/api/User?email=${encodeURIComponent(email)}&purpose=register`);
  if (sent.body.statusCode !== 0) throw new Error(`code request failed: ${JSON.stringify(sent.body)}`);
  const registered = await server.call('POST', '/api/User/Register', {
    body: { email, password: wirePassword(password), companyName, checkCode: server.lastCode(email.toLowerCase()) },
  });
  if (registered.body.statusCode !== 0) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  return login(server, email, password);
}

export async function login(server: TestServer, account: string, password: string): Promise<LoginResult> {
  const result = await server.call<LoginResult>('POST', '/api/Login', {
    body: { account, password: wirePassword(password) },
  });
  if (result.body.statusCode !== 0) throw new Error(`login failed: ${JSON.stringify(result.body)}`);
  return result.body.resultInfo;
}

/** Row counts of the account and organisation tables, to prove a refused request wrote nothing. */
export async function countRows(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['companies', 'users', 'sessions', 'verification_codes', 'login_attempts', ...ORG_TABLES]) {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    counts[table] = rows[0].n;
  }
  return counts;
}

/** The tenant tables of the organisation and asset issues. */
const ORG_TABLES = ['departments', 'staff', 'roles', 'user_depts', 'asset_classes', 'assets', 'files', 'import_jobs'];
const SNAPSHOT_QUERIES: Record<string, string> = {
  companies: 'SELECT * FROM companies ORDER BY id',
  departments: 'SELECT * FROM departments ORDER BY company_id, id',
  staff: 'SELECT * FROM staff ORDER BY company_id, id',
  roles: 'SELECT * FROM roles ORDER BY company_id, id',
  users: 'SELECT * FROM users ORDER BY id',
  user_depts: 'SELECT * FROM user_depts ORDER BY company_id, user_id, dept_id',
  asset_classes: 'SELECT * FROM asset_classes ORDER BY company_id, id',
  assets: 'SELECT * FROM assets ORDER BY company_id, id',
  files: 'SELECT company_id, id, file_name, mime_type, size, md5(data) AS data_md5 FROM files ORDER BY company_id, id',
  import_jobs: 'SELECT * FROM import_jobs ORDER BY company_id, id',
  // Which sessions exist, not when they were last used (every request slides that).
  sessions: 'SELECT token_hash, user_id, company_id, created_at FROM sessions ORDER BY token_hash',
  verification_codes: 'SELECT id, target, purpose, attempts, used_at FROM verification_codes ORDER BY id',
};

/** Every row of the tenant tables (as JSON text), to prove a refused request changed nothing. */
export async function snapshot(db: Db): Promise<Record<string, string>> {
  const tables: Record<string, string> = {};
  for (const [table, sql] of Object.entries(SNAPSHOT_QUERIES)) {
    tables[table] = JSON.stringify((await db.query(sql)).rows);
  }
  return tables;
}

/** The payload of a successful call; throws with the reply otherwise (set-up steps of a test). */
export function payload<T>(result: CallResult<T>): T {
  if (result.body.statusCode !== 0) throw new Error(`call failed: ${JSON.stringify(result.body)}`);
  return result.body.resultInfo;
}

/** The company of a user (LoginResult does not carry it). */
export async function companyIdOf(db: Db, userId: number): Promise<number> {
  const { rows } = await db.query<{ company_id: number }>('SELECT company_id FROM users WHERE id = $1', [userId]);
  return rows[0].company_id;
}

/**
 * Opens a sub-user as `token`'s user: requests a registration code for the email, reads it
 * from the outbox, calls POST api/User/ChildRegister. The password is sent as its MD5.
 */
export async function openChildUser(
  server: TestServer,
  token: string,
  input: Omit<ChildRegisterRequest, 'email' | 'password' | 'checkCode'> & { email: string; password?: string },
): Promise<CallResult<ChildUserInfo>> {
  payload(await server.call('GET', `/api/User?email=${encodeURIComponent(input.email)}&purpose=register`));
  return server.call<ChildUserInfo>('POST', '/api/User/ChildRegister', {
    token,
    body: {
      ...input,
      password: wirePassword(input.password ?? 'child-pass'),
      checkCode: server.lastCode(input.email.toLowerCase()),
    },
  });
}
