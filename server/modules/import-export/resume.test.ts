/**
 * Jobs taken over from an instance that stopped beating (leases.ts, resume.ts), with two
 * "instances" in this process on one database: A, whose heartbeat is off and whose job waits
 * at a gate (so its lease runs out while it is held, as a dead or frozen instance's does), and
 * B, which takes the job over. Nothing waits on a time: the lease's end is read from the
 * database, and the job's end from its status. Released afterwards, A finds it lost the job
 * and writes nothing more (the fencing token), so every row is written once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportStatus, LoginResult } from '../../../src/api/contract.ts';
import { silentLogger } from '../../log.ts';
import { companyIdOf, payload, registerAndLogin, startTestServer, type TestServer } from '../../testing/harness.ts';
import { loadActor, type Actor } from '../access/service.ts';
import { releaseLeases } from './leases.ts';
import { MAX_RUNS, takeOverExpiredJobs } from './resume.ts';
import { importsSettled, startImport, WRITE_CHUNK, type ImportDeps } from './service.ts';
import { holdAt } from './test-gates.ts';

let server: TestServer;
let admin: LoginResult;
let actor: Actor;
let companyId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerAndLogin(server, 'resume@example.com', 'pw', 'Resume Co');
  companyId = await companyIdOf(server.db, admin.Id);
  payload(await server.call('POST', '/api/Department', { token: admin.loginID, body: { deptName: 'Ops' } }));
  actor = await loadActor(server.db, { userId: admin.Id, companyId });
});
afterAll(() => server?.close());

const ROWS = WRITE_CHUNK * 2 + 10;
const base = () => ({ db: server.db, clock: server.clock.now, timeZone: 'Asia/Shanghai', log: silentLogger });
/** What instance A logged (its errors included). */
let logOfA: string[] = [];
/** Instance A: its job waits at `gate` and its lease (0.3 s) is never renewed. */
const frozenA = (gate: ImportDeps['gate'], extra: Partial<ImportDeps> = {}): ImportDeps => {
  logOfA = [];
  const log = { info: (...args: unknown[]) => logOfA.push(args.join(' ')), error: (...args: unknown[]) => logOfA.push(`error: ${args.join(' ')}`) };
  return { ...base(), log, instance: 'A', leaseMs: 300, heartbeat: false, gate, ...extra };
};
/** Instance B: beats as every live instance does. */
const liveB = (extra: Partial<ImportDeps> = {}): ImportDeps => ({ ...base(), instance: 'B', leaseMs: 60_000, ...extra });

const csv = (prefix: string, name: string) => {
  const lines = ['资产编码,资产名称,所属部门'];
  for (let i = 0; i < ROWS; i++) lines.push(`${prefix}${String(i).padStart(5, '0')},${name} ${i},Ops`);
  return Buffer.from(lines.join('\n'), 'utf8').toString('base64');
};

/** Resolves once the job's lease has run out by the database's clock. */
async function leaseRanOut(jobId: number): Promise<void> {
  for (;;) {
    const { rows } = await server.db.query<{ out: boolean }>('SELECT lease_expires_at < clock_timestamp() AS out FROM import_jobs WHERE id = $1', [jobId]);
    if (rows[0].out) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The job's status once it is no longer importing (asked every few ms). */
async function settled(jobId: number): Promise<ImportStatus> {
  for (;;) {
    const status = payload(await server.call<ImportStatus>('GET', `/api/Excel?jobId=${jobId}`, { token: admin.loginID, lang: 'en' }));
    if (status.status !== 'importing') return status;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const assetsLike = async (prefix: string) =>
  (
    await server.db.query<{ n: number; hidden: number; versions: number[]; names: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE import_job IS NOT NULL AND NOT EXISTS (
                SELECT 1 FROM import_jobs j WHERE j.company_id = a.company_id AND j.id = a.import_job AND j.status = 'success'))::int AS hidden,
              array_agg(DISTINCT version ORDER BY version) AS versions, count(DISTINCT asset_name)::int AS names
         FROM assets a WHERE company_id = $1 AND asset_coding LIKE $2`,
      [companyId, `${prefix}%`],
    )
  ).rows[0];
const jobLease = async (jobId: number) =>
  (
    await server.db.query<{ lease_owner: string; lease_token: number; has_file: boolean }>(
      'SELECT lease_owner, lease_token, file_data IS NOT NULL AS has_file FROM import_jobs WHERE id = $1',
      [jobId],
    )
  ).rows[0];

describe('an import whose instance stopped beating', () => {
  it('is taken over between two committed chunks, imported whole once, and the first instance writes nothing after', async () => {
    const hold = holdAt('chunkWritten');
    const started = await startImport(frozenA(hold.gate), actor, { suffix: 'csv', fileData: csv('TAKE-', 'Desk') });
    await hold.isHeld;
    // A committed its first chunk (hidden) and waits; its lease runs out.
    expect(await assetsLike('TAKE-')).toMatchObject({ n: WRITE_CHUNK, hidden: WRITE_CHUNK });
    await leaseRanOut(started.jobId);

    expect(await takeOverExpiredJobs(liveB())).toBe(1);
    // B holds it now, beating: no one else may take it.
    expect(await takeOverExpiredJobs(liveB({ instance: 'C' }))).toBe(0);
    expect(await settled(started.jobId)).toMatchObject({ status: 'success', created: ROWS, errorCount: 0 });
    expect(await assetsLike('TAKE-')).toMatchObject({ n: ROWS, hidden: 0, versions: [1], names: ROWS });
    expect(await jobLease(started.jobId)).toEqual({ lease_owner: 'B', lease_token: 2, has_file: false });

    // A wakes: its next chunk finds the job taken over, and it stops.
    hold.release();
    await started.finished;
    await importsSettled();
    // Stopped by the token, not by a code its next chunk found taken.
    expect(logOfA).toEqual([`[import] job ${started.jobId} was taken over by another instance; this one stops`]);
    expect(await assetsLike('TAKE-')).toMatchObject({ n: ROWS, hidden: 0, versions: [1] });
    expect(await settled(started.jobId)).toMatchObject({ status: 'success', created: ROWS });
  });

  it('after its publish, has the rest of its changes applied by the instance taking it over, each once', async () => {
    const created = await startImport(liveB(), actor, { suffix: 'csv', fileData: csv('APPLY-', 'Old') });
    await created.finished;
    expect(await assetsLike('APPLY-')).toMatchObject({ n: ROWS, versions: [1] });

    // Published with its first chunk of changes; held after the second, the rest not applied.
    const hold = holdAt('chunkApplied');
    const changing = await startImport(frozenA(hold.gate, { applyChunk: WRITE_CHUNK }), actor, { suffix: 'csv', fileData: csv('APPLY-', 'New') });
    await hold.isHeld;
    expect(await assetsLike('APPLY-')).toMatchObject({ versions: [1, 2] });
    await leaseRanOut(changing.jobId);

    expect(await takeOverExpiredJobs(liveB({ applyChunk: WRITE_CHUNK }))).toBe(1);
    expect(await settled(changing.jobId)).toMatchObject({ status: 'success', updated: ROWS, errorCount: 0 });
    expect(await assetsLike('APPLY-')).toMatchObject({ n: ROWS, versions: [2] });

    hold.release();
    await changing.finished;
    await importsSettled();
    expect(logOfA).toEqual([`[import] job ${changing.jobId} was taken over by another instance; this one stops`]);
    // A's next chunk would have applied changes a second time: it found the job taken over.
    expect(await assetsLike('APPLY-')).toMatchObject({ n: ROWS, versions: [2] });
    const names = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM assets WHERE company_id = $1 AND asset_coding LIKE 'APPLY-%' AND asset_name LIKE 'New %'`,
      [companyId],
    );
    expect(names.rows[0].n).toBe(ROWS);
  });

  it('is handed over at once by an instance shutting down cleanly, whose heartbeat stops', async () => {
    const hold = holdAt('checked');
    const log = { info: (message: string) => logOfA.push(message), error: (message: string) => logOfA.push(`error: ${message}`) };
    logOfA = [];
    // Beating, with a lease of a minute: only the hand-over lets another take it now.
    const leaving: ImportDeps = { ...base(), log, instance: 'Leaving', leaseMs: 60_000, gate: hold.gate };
    const started = await startImport(leaving, actor, { suffix: 'csv', fileData: csv('HANDED-', 'Lamp') });
    await hold.isHeld;
    expect(await takeOverExpiredJobs(liveB())).toBe(0);
    expect(await releaseLeases(server.db, 'Leaving')).toBe(1);
    expect(await takeOverExpiredJobs(liveB())).toBe(1);
    expect(await settled(started.jobId)).toMatchObject({ status: 'success', created: ROWS });
    hold.release();
    await started.finished;
    await importsSettled();
    expect(logOfA).toEqual([`[import] job ${started.jobId} was taken over by another instance; this one stops`]);
    expect(await assetsLike('HANDED-')).toMatchObject({ n: ROWS, hidden: 0, versions: [1] });
  });

  it(`fails as interrupted once it was run ${MAX_RUNS} times without finishing, and frees the company`, async () => {
    const { rows } = await server.db.query<{ id: number }>(
      `INSERT INTO import_jobs (company_id, user_id, file_name, status, file_data, file_suffix, lease_owner, lease_token, lease_expires_at)
       VALUES ($1, $2, 'poison.csv', 'importing', $3, 'csv', 'gone', $4, clock_timestamp() - interval '1 second') RETURNING id`,
      [companyId, admin.Id, Buffer.from(csv('POISON-', 'Bad'), 'base64'), MAX_RUNS],
    );
    expect(await takeOverExpiredJobs(liveB())).toBe(1);
    await importsSettled();
    expect(await settled(rows[0].id)).toMatchObject({
      status: 'error',
      created: 0,
      message: 'The import was interrupted by a server restart and nothing was saved. Please import again.',
    });
    expect(await assetsLike('POISON-')).toMatchObject({ n: 0 });
    const again = await startImport(liveB(), actor, { suffix: 'csv', fileData: csv('POISON-', 'Fine') });
    await again.finished;
    expect(await settled(again.jobId)).toMatchObject({ status: 'success', created: ROWS });
  });
});
