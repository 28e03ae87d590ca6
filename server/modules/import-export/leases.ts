/**
 * Import jobs held by one app instance at a time (migration 021), so that several instances
 * on one database act as one and a job outlives the instance that took its upload:
 *
 * - The instance that takes the upload holds the job's lease (token 1) and renews it with a
 *   heartbeat (startHeartbeat) every LEASE/3 at most, writing the job's progress with it.
 * - Every instance looks for running jobs whose lease ran out (claimExpiredJob: FOR UPDATE
 *   SKIP LOCKED, so two instances never take the same job, and a busy one is skipped) and
 *   takes them over with the next token (resume.ts).
 * - Every write of a job, in its own transaction, first checks that the job still has its
 *   token (holdLease: FOR SHARE, which a claim's row lock waits for): an instance that lost
 *   its lease while paused writes nothing after the job was taken over.
 * Times are the database's clock, never an instance's, so instances' clocks need not agree.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db, Queryable } from '../../db/db.ts';

/** This process among the instances sharing the database: host:pid:random (pids repeat across hosts and restarts). */
export const INSTANCE_ID = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** A job as one run of it holds it: the token its writes are checked against. */
export interface Lease {
  companyId: number;
  jobId: number;
  token: number;
}

/** The job was taken over by another instance (its lease ran out): this run stops, writing nothing more. */
export class LeaseLost extends Error {
  constructor(lease: Lease) {
    super(`import ${lease.jobId}: lease ${lease.token} lost to another instance`);
  }
}

/** SQL for "leaseMs from now" on the database's clock; `param` is the placeholder of the ms. */
export const leaseEnd = (param: string) => `clock_timestamp() + ${param} * interval '1 millisecond'`;

/** A running job: importing, or published with changes still to apply (migration 019). */
export const RUNNING_JOB = `(status = 'importing' OR apply_after IS NOT NULL)`;

/** Throws LeaseLost unless the job still has the lease's token; holds the row against a claim until `tx` ends. */
export async function holdLease(tx: Queryable, lease: Lease): Promise<void> {
  const { rows } = await tx.query('SELECT 1 FROM import_jobs WHERE company_id = $1 AND id = $2 AND lease_token = $3 FOR SHARE', [
    lease.companyId,
    lease.jobId,
    lease.token,
  ]);
  if (rows.length === 0) throw new LeaseLost(lease);
}

export interface JobProgress {
  phase: 'checking' | 'saving';
  done: number;
  total: number;
}

export interface Heartbeat {
  /** Stops beating (the lease then runs out unless the job is finished). */
  stop(): void;
}

/** The stops of the heartbeats running in this process, by owner (releaseLeases). */
const heartbeats = new Map<string, Set<() => void>>();

/** The beat interval for a lease of `leaseMs`: a third of it, at most a second (progress shows that often). */
const beatEveryMs = (leaseMs: number) => Math.max(50, Math.min(1000, Math.floor(leaseMs / 3)));

/**
 * Renews the lease every beatEveryMs(leaseMs) while the job runs, with its progress, until
 * stop() or until a beat finds nothing to renew: the job finished (a beat under way when it
 * finished waits for the row and then matches nothing, so no beat writes a finished job), was
 * taken over (the run finds out at its next write: holdLease), or was handed over
 * (releaseLeases: a beat under way then cannot renew the ended lease). A beat that fails (the
 * database unreachable a moment) is not retried early: the next one renews, and a lease that
 * runs out meanwhile is what a takeover is for. The timer never keeps the process alive.
 */
export function startHeartbeat(db: Db, owner: string, lease: Lease, leaseMs: number, progress: () => JobProgress | undefined): Heartbeat {
  let beating = false;
  const beat = async () => {
    if (beating) return;
    beating = true;
    try {
      const state = progress();
      const { rowCount } = await db.query(
        `UPDATE import_jobs SET lease_expires_at = ${leaseEnd('$4')}, progress_phase = $5, progress_done = $6, progress_total = $7
          WHERE company_id = $1 AND id = $2 AND lease_token = $3 AND ${RUNNING_JOB} AND lease_expires_at IS NOT NULL`,
        [lease.companyId, lease.jobId, lease.token, leaseMs, state?.phase ?? null, Math.floor(state?.done ?? 0), state?.total ?? 0],
      );
      if (rowCount === 0) stop();
    } catch {
      // Left to the next beat (see above).
    } finally {
      beating = false;
    }
  };
  const timer = setInterval(() => void beat(), beatEveryMs(leaseMs));
  timer.unref();
  const stop = () => {
    clearInterval(timer);
    heartbeats.get(owner)?.delete(stop);
  };
  if (!heartbeats.has(owner)) heartbeats.set(owner, new Set());
  heartbeats.get(owner)!.add(stop);
  return { stop };
}


/** A running job whose lease ran out, now this instance's under `lease`. */
export interface ClaimedJob {
  lease: Lease;
  userId: number | null;
  /** 'success': published, its staged changes still to apply; 'importing': to run again from the file. */
  status: 'importing' | 'success';
  applyAfter: number | null;
  /** The instance that held it (null: a job from before leases). */
  previousOwner: string | null;
}

/**
 * Takes over one running job whose lease ran out, if there is one, for `owner`: the oldest
 * expiry first. SKIP LOCKED: a job another instance is claiming or writing (its row locked)
 * is passed over, so concurrent claims never take the same job.
 */
export async function claimExpiredJob(db: Db, owner: string, leaseMs: number): Promise<ClaimedJob | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      company_id: number;
      id: number;
      user_id: number | null;
      status: 'importing' | 'success';
      apply_after: number | null;
      lease_token: number;
      lease_owner: string | null;
    }>(
      `SELECT company_id, id, user_id, status, apply_after, lease_token, lease_owner FROM import_jobs
        WHERE ${RUNNING_JOB} AND (lease_expires_at IS NULL OR lease_expires_at < clock_timestamp())
        ORDER BY lease_expires_at NULLS FIRST, company_id, id
        LIMIT 1 FOR UPDATE SKIP LOCKED`,
    );
    const job = rows[0];
    if (!job) return null;
    const token = job.lease_token + 1;
    await tx.query(
      `UPDATE import_jobs SET lease_owner = $3, lease_token = $4, lease_expires_at = ${leaseEnd('$5')}, progress_phase = NULL, progress_done = 0
        WHERE company_id = $1 AND id = $2`,
      [job.company_id, job.id, owner, token, leaseMs],
    );
    return {
      lease: { companyId: Number(job.company_id), jobId: Number(job.id), token },
      userId: job.user_id === null ? null : Number(job.user_id),
      status: job.status,
      applyAfter: job.apply_after === null ? null : Number(job.apply_after),
      previousOwner: job.lease_owner,
    };
  });
}

/**
 * PGlite only, at start: its data directory is this process's alone, so a running job's
 * lease belongs to a process that is gone; they end now, to be taken over at once. (On a
 * PostgreSQL server another instance may hold them: they run out by themselves.)
 */
export async function endLeasesOfStoppedProcess(db: Db): Promise<number> {
  if (db.kind !== 'pglite') return 0;
  const { rowCount } = await db.query(`UPDATE import_jobs SET lease_expires_at = NULL WHERE ${RUNNING_JOB}`);
  return rowCount;
}

/**
 * At a clean shutdown: `owner`'s heartbeats stop and the running jobs it holds end their
 * leases now, so another
 * instance takes them over at its next look instead of a lease later. Anything this process
 * still writes for them afterwards is refused by the token once one is taken over.
 */
export async function releaseLeases(db: Db, owner: string): Promise<number> {
  for (const stop of [...(heartbeats.get(owner) ?? [])]) stop();
  const { rowCount } = await db.query(`UPDATE import_jobs SET lease_expires_at = NULL WHERE lease_owner = $1 AND ${RUNNING_JOB}`, [owner]);
  return rowCount;
}
