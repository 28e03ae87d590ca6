/**
 * Three app instances on one PostgreSQL server act as one (issue 27): each a process of its
 * own (testing/child-server.ts) with its own data directory, all on one fresh database, as
 * behind a load balancer. They start together (migrations and the demo account once, under
 * advisory locks); a code one of them sends registers on another, and a session opened on a
 * third works on all, and failed sign-ins spread over the three lock the account on each
 * (sessions, one-time codes, rate limits and lockouts: all in PostgreSQL). Imports and
 * label print runs go through all of them; one instance is killed with kill -9 while its
 * import waits between two committed chunks (IMPORT_TEST_PAUSE_AT), and another takes the job
 * over when its lease runs out (IMPORT_LEASE_MS 1.5 s here) and imports it whole: every row
 * there once, nothing lost, nothing twice. Waits are on outcomes (a marker file, a job's
 * status, a line in a log), never on a time.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetLabelPrintedResult, AssetLabelRowsResult, ImportStarted, TemplateListResult } from '../src/api/contract.ts';
import type { Db } from './db/db.ts';
import { openPostgres, quoteIdent } from './db/postgres.ts';
import { OUTBOX_FILE, type OutboxLine } from './mail/outbox.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, wirePassword } from './modules/accounts/demo.ts';
import { WRITE_CHUNK } from './modules/import-export/service.ts';
import { MAX_ACCOUNT_FAILURES, PAIR_FREE_FAILURES } from './modules/login-limit/service.ts';
import {
  api,
  assetsCsv,
  kill9,
  killAllChildServers,
  loginOver,
  logShows,
  markerWritten,
  settledImport,
  startChildServer,
  type ChildServer,
} from './testing/child-server.ts';

const url = process.env.DATABASE_URL;
const ROWS = WRITE_CHUNK * 2 + 500;

let database = '';
let db: Db;
const dirs: string[] = [];
/** a: its imports wait between two committed chunks for ever, till it is killed; b and c: plain. */
let a: ChildServer, b: ChildServer, c: ChildServer;
let markerDir = '';

function databaseUrl(name: string): string {
  const at = new URL(url!);
  at.pathname = `/${name}`;
  return at.toString();
}

beforeAll(async () => {
  if (!url) return;
  database = `instances_${randomBytes(5).toString('hex')}`;
  const admin = await openPostgres(url, { max: 1 });
  await admin.exec(`CREATE DATABASE ${quoteIdent(database)}`);
  await admin.close();
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'assetmark-instance-'));
    dirs.push(dir);
    return dir;
  };
  // TRUST_PROXY: the client address from X-Forwarded-For, as behind the load balancer.
  const shared = { DATABASE_URL: databaseUrl(database), IMPORT_LEASE_MS: '1500', IMPORT_CLAIM_EVERY_MS: '100', TRUST_PROXY: '1' };
  const aDir = dataDir();
  markerDir = join(aDir, 'markers');
  [a, b, c] = await Promise.all([
    startChildServer({ ...shared, DATA_DIR: aDir, IMPORT_TEST_PAUSE_AT: 'chunkWritten', IMPORT_TEST_MARKER_DIR: markerDir }),
    startChildServer({ ...shared, DATA_DIR: dataDir() }),
    startChildServer({ ...shared, DATA_DIR: dataDir() }),
  ]);
  db = await openPostgres(databaseUrl(database), { max: 2 });
}, 120_000);

afterAll(async () => {
  killAllChildServers();
  await db?.close();
  if (database) {
    const admin = await openPostgres(url!, { max: 1 });
    await admin.exec(`DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`);
    await admin.close();
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The newest code `server` mailed to `email` (its outbox: no SMTP in tests). */
function codeSentBy(server: ChildServer, email: string): string {
  const dir = dirs[[a, b, c].indexOf(server)];
  const lines = readFileSync(join(dir, OUTBOX_FILE), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as OutboxLine);
  return lines.filter((line) => line.to === email).at(-1)!.code;
}

/** Registers a company: the code asked of `asks`, the registration sent to `registers`; logs in on `logsIn`. */
async function registerCompany(email: string, name: string, asks: ChildServer, registers: ChildServer, logsIn: ChildServer): Promise<string> {
  expect((await api(asks, 'GET', `/api/User?email=${encodeURIComponent(email)}&purpose=register`)).statusCode).toBe(0);
  const body = { email, password: wirePassword('pw-instances'), companyName: name, checkCode: codeSentBy(asks, email) };
  expect((await api(registers, 'POST', '/api/User/Register', undefined, body)).statusCode).toBe(0);
  // The account exists for every instance: the same registration on the third is refused.
  expect((await api(logsIn, 'POST', '/api/User/Register', undefined, body)).statusCode).not.toBe(0);
  return loginOver(logsIn, email, 'pw-instances');
}

const assetsOf = async (email: string, prefix: string) =>
  (
    await db.query<{ n: number; codes: number; hidden: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT a.asset_coding)::int AS codes,
              count(*) FILTER (WHERE a.import_job IS NOT NULL AND NOT EXISTS (
                SELECT 1 FROM import_jobs j WHERE j.company_id = a.company_id AND j.id = a.import_job AND j.status = 'success'))::int AS hidden
         FROM assets a JOIN users u ON u.company_id = a.company_id
        WHERE u.email = $1 AND a.asset_coding LIKE $2`,
      [email, `${prefix}%`],
    )
  ).rows[0];

describe.skipIf(!url)('three instances on one PostgreSQL server', () => {
  let xToken = '';
  let yToken = '';

  it('share one-time codes and sessions: a code sent by one registers on another, a session opened on a third works on all', async () => {
    xToken = await registerCompany('x@instances.example', 'X Co', b, c, a);
    yToken = await registerCompany('y@instances.example', 'Y Co', c, a, b);
    for (const server of [a, b, c]) {
      expect((await api(server, 'GET', '/api/User/Current', xToken)).statusCode).toBe(0);
      expect((await api(server, 'GET', '/api/User/Current', yToken)).statusCode).toBe(0);
    }
    // The demo account was made once, though all three started together.
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', [DEMO_EMAIL])).rows[0].n).toBe(1);
  });

  it('share sign-in limits: failures spread over the three lock the account on each', async () => {
    await registerCompany('locked@instances.example', 'Locked Co', a, b, c);
    const servers = [a, b, c];
    // 6 addresses x 5 wrong passwords (5 a pair may fail without a delay), each on another instance.
    for (let i = 0; i < MAX_ACCOUNT_FAILURES; i++) {
      const from = { 'X-Forwarded-For': `10.27.${Math.floor(i / PAIR_FREE_FAILURES)}.1` };
      const reply = await api(servers[i % 3], 'POST', '/api/Login', undefined, { account: 'locked@instances.example', password: wirePassword(`guess-${i}`) }, from);
      expect(reply.statusCode).toBe(8);
    }
    for (const server of servers) {
      const owner = await api(server, 'POST', '/api/Login', undefined, { account: 'locked@instances.example', password: wirePassword('pw-instances') }, {
        'X-Forwarded-For': '10.27.99.1',
      });
      expect(owner).toEqual({ statusCode: 10, resultInfo: 'Too many failed logins. Please try again in 15 minutes.' });
    }
  });

  it('run imports and label prints through all of them; an import on an instance killed mid-way is finished by another, every row once', async () => {
    const demoToken = await loginOver(a, DEMO_EMAIL, DEMO_PASSWORD);

    // The demo company's import, on a: held after its first committed chunk.
    const held = markerWritten(markerDir, 'chunkWritten');
    const doomed = await api<ImportStarted>(a, 'POST', '/api/Excel', demoToken, { suffix: 'csv', fileData: assetsCsv('DOOM-', ROWS), fileName: 'doom.csv' });
    expect(doomed.statusCode).toBe(0);
    await held;
    const jobId = doomed.resultInfo.jobId;
    const { rows: leased } = await db.query<{ lease_owner: string }>('SELECT lease_owner FROM import_jobs WHERE id = $1', [jobId]);
    const ownerA = leased[0].lease_owner;
    expect(await assetsOf(DEMO_EMAIL, 'DOOM-')).toEqual({ n: WRITE_CHUNK, codes: WRITE_CHUNK, hidden: WRITE_CHUNK });

    // Meanwhile X imports through b and Y through c, each followed from another instance.
    const [x, y] = await Promise.all([
      api<ImportStarted>(b, 'POST', '/api/Excel', xToken, { suffix: 'csv', fileData: assetsCsv('XCO-', ROWS) }),
      api<ImportStarted>(c, 'POST', '/api/Excel', yToken, { suffix: 'csv', fileData: assetsCsv('YCO-', ROWS) }),
    ]);
    expect([x.statusCode, y.statusCode]).toEqual([0, 0]);
    expect(await settledImport(a, xToken, x.resultInfo.jobId)).toMatchObject({ status: 'success', created: ROWS, errorCount: 0 });
    expect(await settledImport(b, yToken, y.resultInfo.jobId)).toMatchObject({ status: 'success', created: ROWS, errorCount: 0 });

    // X prints a label for each of its assets: the pages read from a, b and c in turn, the
    // prints recorded through another instance than the page's.
    const servers = [a, b, c];
    const templates = await api<TemplateListResult>(c, 'GET', '/api/Template/List?scope=public', xToken);
    expect(templates.statusCode).toBe(0);
    const templateId = templates.resultInfo.templates[0].templateID;
    const printed: number[] = [];
    let afterId: number | null = 0;
    for (let page = 0; afterId !== null; page++) {
      const query: string = `/api/AssetLabel/Rows?limit=1000${afterId ? `&afterId=${afterId}` : ''}`;
      const rows: { statusCode: number; resultInfo: AssetLabelRowsResult } = await api<AssetLabelRowsResult>(servers[page % 3], 'GET', query, xToken);
      expect(rows.statusCode).toBe(0);
      expect(rows.resultInfo.total).toBe(ROWS);
      const ids = rows.resultInfo.rows.map((row) => row.assetId);
      const recorded = await api<AssetLabelPrintedResult>(servers[(page + 1) % 3], 'POST', '/api/AssetLabel/Printed', xToken, { assetIds: ids, templateId });
      expect(recorded.resultInfo.recorded).toBe(ids.length);
      printed.push(...ids);
      afterId = rows.resultInfo.nextAfterId;
    }
    expect(new Set(printed).size).toBe(ROWS);
    const prints = await db.query<{ n: number; once: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE p.print_count = 1)::int AS once
         FROM asset_label_prints p JOIN users u ON u.company_id = p.company_id WHERE u.email = 'x@instances.example'`,
    );
    expect(prints.rows[0]).toEqual({ n: ROWS, once: ROWS });

    // a dies. When its lease runs out, b or c takes the job over and imports it whole.
    await kill9(a);
    expect(await settledImport(b, demoToken, jobId)).toMatchObject({ status: 'success', created: ROWS, errorCount: 0 });
    expect(await assetsOf(DEMO_EMAIL, 'DOOM-')).toEqual({ n: ROWS, codes: ROWS, hidden: 0 });
    const { rows: after } = await db.query<{ lease_owner: string; lease_token: number }>('SELECT lease_owner, lease_token FROM import_jobs WHERE id = $1', [
      jobId,
    ]);
    expect(after[0].lease_token).toBe(2);
    expect(after[0].lease_owner).not.toBe(ownerA);
    const taker = [b, c].find((server) => server.log().includes(`[import] job ${jobId} taken over from ${ownerA} (run 2)`));
    expect(taker).toBeDefined();
    await logShows(taker!, new RegExp(`\\[import\\] job ${jobId}: ${WRITE_CHUNK} unpublished row\\(s\\) of the previous run removed`));

    // The session opened on a lives on without it; the company is free for its next file.
    expect((await api(c, 'GET', '/api/User/Current', demoToken)).statusCode).toBe(0);
    const next = await api<ImportStarted>(c, 'POST', '/api/Excel', demoToken, { suffix: 'csv', fileData: assetsCsv('NEXT-', 50) });
    expect(next.statusCode).toBe(0);
    expect(await settledImport(b, demoToken, next.resultInfo.jobId)).toMatchObject({ status: 'success', created: 50 });
    // X's and Y's rows are all there, once.
    expect(await assetsOf('x@instances.example', 'XCO-')).toEqual({ n: ROWS, codes: ROWS, hidden: 0 });
    expect(await assetsOf('y@instances.example', 'YCO-')).toEqual({ n: ROWS, codes: ROWS, hidden: 0 });
  }, 180_000);
});
