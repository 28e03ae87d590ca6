/**
 * Test harness: the real app (createApp) on a fresh migrated database (db/test-db.ts), a
 * movable clock, and the outbox mailer writing to a temporary DATA_DIR, called in-process
 * with app.request(). Codes are read back from outbox.jsonl as a user would read their mail.
 */
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope, LoginResult } from '../../src/api/contract.ts';
import { createApp } from '../app.ts';
import type { Clock } from '../clock.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { openTestDb } from '../db/test-db.ts';
import { silentLogger, type Logger } from '../log.ts';
import type { Mailer } from '../mail/index.ts';
import { OUTBOX_FILE, outboxMailer, type OutboxLine } from '../mail/outbox.ts';
import { wirePassword } from '../modules/accounts/demo.ts';

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
  options: { config?: Partial<Config>; mailer?: (defaultMailer: Mailer) => Mailer; log?: Logger } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'assetmark-test-'));
  const db = await openTestDb();
  const clock = testClock();
  const config: Config = { ...loadConfig({ DATA_DIR: dataDir }), distDir: undefined, ...options.config };
  const outbox = outboxMailer(dataDir, silentLogger, clock.now);
  const mailer = options.mailer ? options.mailer(outbox) : outbox;
  const app = createApp({ db, config, mailer, clock: clock.now, log: options.log ?? silentLogger });

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

/** Row counts of the account tables, to prove a refused request wrote nothing. */
export async function countRows(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['companies', 'users', 'sessions', 'verification_codes', 'login_attempts']) {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    counts[table] = rows[0].n;
  }
  return counts;
}
