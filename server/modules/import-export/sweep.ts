/**
 * What runs beside the imports of this process: the imports themselves (counted, so tests and
 * shutdown can wait for them: importsSettled) and the sweeps that delete what a finished job
 * leaves: a failed or interrupted import's hidden rows, any job's staged changes. A company's
 * sweeps run one after another, and its next import waits for them before it checks its rows
 * (a hidden row still holds its code), as every import waits for the start-up sweep; it then
 * sweeps what another instance left (sweepCompanyLeftovers). A sweep leaves a running job
 * alone, whichever instance runs it, and two instances may sweep one job at once. A job taken
 * over has its unpublished writes undone here too (undoUnpublished).
 */
import type { Db } from '../../db/db.ts';
import type { Logger } from '../../log.ts';
import { handBackCodes } from '../assets/codes.ts';
import { holdLease, RUNNING_JOB, type Lease } from './leases.ts';
import { yieldToEventLoop } from './write.ts';

/** Hidden rows or staged changes a sweep deletes per statement. */
const SWEEP_CHUNK = 2000;
/** The largest bigint: "no upper bound" in the sweep's ranges. */
const MAX_BIGINT = '9223372036854775807';

const running = new Set<Promise<void>>();
/** Per company: the sweeps of its finished jobs, chained; an import waits for them before it checks. */
const sweeps = new Map<number, Promise<void>>();
/** The start-up sweep (sweepUnfinishedImports): imports wait for it too. */
let startupSweep: Promise<unknown> = Promise.resolve();

/** Resolves when every import and sweep started by this process has finished (tests, shutdown). */
export async function importsSettled(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}

/** Runs `work` in the background, counted by importsSettled. */
export function track(work: Promise<void>): Promise<void> {
  const tracked = work.finally(() => running.delete(tracked));
  running.add(tracked);
  return tracked;
}

/** Resolves when this process's earlier sweeps of the company (and the start-up sweep) are done. */
export async function sweepsDone(companyId: number): Promise<void> {
  await startupSweep;
  await sweeps.get(companyId);
}

/** Sweeps the job after the company's earlier sweeps, in the background (importsSettled waits for it). */
export function sweepLater(db: Db, log: Logger, companyId: number, jobId: number): Promise<void> {
  const sweep = (sweeps.get(companyId) ?? Promise.resolve())
    .then(async () => void (await sweepJob(db, companyId, jobId)))
    .catch((err) => log.error(`[import] could not remove the rows of job ${jobId} (the next start tries again):`, err));
  sweeps.set(companyId, sweep);
  void sweep.finally(() => {
    if (sweeps.get(companyId) === sweep) sweeps.delete(companyId);
  });
  return track(sweep);
}

/**
 * A condition on the job's row (import_jobs j), for deleteHiddenRows and deleteStagedChanges:
 * its SQL given the placeholder number of its first parameter, and those parameters.
 */
interface JobCondition {
  sql: (firstParam: number) => string;
  params: unknown[];
}
const finishedJob: JobCondition = { sql: () => `j.status <> 'importing' AND j.apply_after IS NULL`, params: [] };
const failedJob: JobCondition = { sql: () => `j.status = 'error'`, params: [] };
const importingUnder = (lease: Lease): JobCondition => ({ sql: (n) => `j.status = 'importing' AND j.lease_token = $${n}`, params: [lease.token] });

/**
 * Deletes a job's hidden rows while the job matches `jobIs`, SWEEP_CHUNK per statement, each
 * its own transaction, the event loop yielded between them. Returns the rows deleted.
 */
async function deleteHiddenRows(db: Db, companyId: number, jobId: number, jobIs: JobCondition): Promise<number> {
  // Each statement deletes a range of ids up to the SWEEP_CHUNK-th row left (all that is left
  // when there are fewer), found by the primary key or assets_id_idx (which carries
  // import_job): `id IN (subquery LIMIT n)` was planned as a nested loop, 0.5-4 s a statement
  // for 10,000 staged rows.
  let removed = 0;
  for (let after = 0; ; ) {
    const { rows } = await db.query<{ n: number; last: number | null }>(
      `WITH gone AS (
         DELETE FROM assets a
          WHERE a.company_id = $1 AND a.import_job = $2 AND a.id > $3
            AND a.id <= COALESCE((SELECT h.id FROM assets h WHERE h.company_id = $1 AND h.import_job = $2 AND h.id > $3
                                   ORDER BY h.id OFFSET $4 LIMIT 1), ${MAX_BIGINT})
            AND EXISTS (SELECT 1 FROM import_jobs j WHERE j.company_id = $1 AND j.id = $2 AND ${jobIs.sql(5)})
         RETURNING a.id)
       SELECT count(*)::int AS n, max(id) AS last FROM gone`,
      [companyId, jobId, after, SWEEP_CHUNK - 1, ...jobIs.params],
    );
    if (rows[0].n === 0) break;
    removed += rows[0].n;
    after = Number(rows[0].last);
    await yieldToEventLoop();
  }
  return removed;
}

/** Deletes a job's staged changes while the job matches `jobIs` (as deleteHiddenRows). */
async function deleteStagedChanges(db: Db, companyId: number, jobId: number, jobIs: JobCondition): Promise<void> {
  for (;;) {
    const { rowCount } = await db.query(
      `DELETE FROM import_updates
        WHERE company_id = $1 AND job_id = $2
          AND asset_id <= COALESCE((SELECT asset_id FROM import_updates WHERE company_id = $1 AND job_id = $2
                                     ORDER BY asset_id OFFSET $3 LIMIT 1), ${MAX_BIGINT})
          AND EXISTS (SELECT 1 FROM import_jobs j WHERE j.company_id = $1 AND j.id = $2 AND ${jobIs.sql(4)})`,
      [companyId, jobId, SWEEP_CHUNK - 1, ...jobIs.params],
    );
    if (rowCount === 0) break;
    await yieldToEventLoop();
  }
}

/**
 * Deletes what a finished job leaves: its hidden rows if it failed (never those of a
 * 'success' job: the statement checks), and its staged changes, SWEEP_CHUNK per statement;
 * then marks it swept, which takes it out of the visibility rule, and hands back the codes a
 * failed job reserved (assets/codes.ts, if nothing took one since). A job still running (on
 * any instance: importing, or published with changes to apply) is left alone. Safe to run
 * on two instances at once: the deletes are idempotent, the hand-back locks the job's row.
 * Returns the hidden rows deleted.
 */
export async function sweepJob(db: Db, companyId: number, jobId: number): Promise<number> {
  const removed = await deleteHiddenRows(db, companyId, jobId, failedJob);
  await deleteStagedChanges(db, companyId, jobId, finishedJob);
  // A failed job's hidden rows are gone: the codes it reserved for them can be handed back.
  await db.transaction(async (tx) => {
    const { rows: reserved } = await tx.query<{ codes_before: number | null; codes_after: number | null; status: string }>(
      `SELECT codes_before, codes_after, status FROM import_jobs j
        WHERE company_id = $1 AND id = $2 AND ${finishedJob.sql(3)} AND NOT swept FOR UPDATE`,
      [companyId, jobId],
    );
    if (reserved.length === 0) return;
    const { codes_before: before, codes_after: after, status } = reserved[0];
    if (status === 'error' && after !== null) await handBackCodes(tx, companyId, Number(before), Number(after));
    await tx.query(`UPDATE import_jobs SET swept = true WHERE company_id = $1 AND id = $2`, [companyId, jobId]);
  });
  return removed;
}

/**
 * A job taken over (resume.ts), before it runs again: what the instance that died had
 * written and not published goes (its hidden rows, its staged changes), and the codes it had
 * reserved are handed back. Every statement checks the job still has the lease's token.
 */
export async function undoUnpublished(db: Db, lease: Lease): Promise<number> {
  const removed = await deleteHiddenRows(db, lease.companyId, lease.jobId, importingUnder(lease));
  await deleteStagedChanges(db, lease.companyId, lease.jobId, importingUnder(lease));
  await db.transaction(async (tx) => {
    await holdLease(tx, lease);
    const { rows } = await tx.query<{ codes_before: number | null; codes_after: number | null }>(
      'SELECT codes_before, codes_after FROM import_jobs WHERE company_id = $1 AND id = $2',
      [lease.companyId, lease.jobId],
    );
    if (rows[0]?.codes_after != null) await handBackCodes(tx, lease.companyId, Number(rows[0].codes_before), Number(rows[0].codes_after));
    await tx.query('UPDATE import_jobs SET codes_before = NULL, codes_after = NULL WHERE company_id = $1 AND id = $2', [
      lease.companyId,
      lease.jobId,
    ]);
  });
  return removed;
}

/**
 * Before an import checks its rows: the company's failed jobs not yet swept, whichever
 * instance ran them (their hidden rows still hold their codes), are swept here and now.
 */
export async function sweepCompanyLeftovers(db: Db, companyId: number): Promise<void> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM import_jobs WHERE company_id = $1 AND status = 'error' AND NOT swept ORDER BY id`,
    [companyId],
  );
  for (const job of rows) await sweepJob(db, companyId, Number(job.id));
}

/**
 * After start-up, in the background: sweeps every finished job not yet swept (a failed
 * import's hidden rows, staged changes left by a stop), whichever instance ran it.
 * Resolves with the hidden rows removed; importsSettled waits for it too.
 */
export function sweepUnfinishedImports(db: Db, log: Logger): Promise<number> {
  let removed = 0;
  const work = (async () => {
    const { rows } = await db.query<{ company_id: number; id: number }>(
      `SELECT company_id, id FROM import_jobs WHERE NOT swept AND NOT ${RUNNING_JOB} ORDER BY company_id, id`,
    );
    for (const job of rows) {
      const sweep = (sweeps.get(job.company_id) ?? Promise.resolve()).then(async () => {
        removed += await sweepJob(db, job.company_id, job.id);
      });
      sweeps.set(job.company_id, sweep.catch(() => {}));
      await sweep;
    }
  })().catch((err) => log.error('[import] could not remove the rows of unfinished imports (the next start tries again):', err));
  startupSweep = track(work.then(() => undefined));
  return startupSweep.then(() => removed);
}
