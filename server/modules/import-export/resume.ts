/**
 * Taking over the import jobs of an instance that died (leases.ts): every instance looks
 * every IMPORT_CLAIM_EVERY_MS for running jobs whose lease ran out and claims them one at a
 * time. A claimed job
 *   - published, its staged changes not all applied (migration 019): has the rest applied,
 *     each chunk once (the apply records how far it went in the same transaction);
 *   - still importing: has what the dead instance wrote undone (its hidden rows, which no one
 *     ever saw; its staged changes; its reserved codes: sweep.ts undoUnpublished), then runs
 *     again from the stored file, as its importer (the user's permissions and scope as they
 *     are now), under the new lease; so its rows are written once, by the last run.
 * A job taken over MAX_RUNS times without finishing (a file that kills every instance that
 * reads it) fails as interrupted instead of being taken again; so does one from before leases
 * (no stored file) and one whose importer is gone.
 */
import { AppError, type ErrorKind, type ErrorParams } from '../../errors.ts';
import { loadActor, type Actor } from '../access/service.ts';
import { claimExpiredJob, type ClaimedJob, type Lease } from './leases.ts';
import { sweepLater, track, undoUnpublished } from './sweep.ts';
import { applyRemaining, WRITE_CHUNK } from './write.ts';
import { applyChunkOf, beatFor, finishJob, instanceOf, leaseMsOf, planImport, runInBackground, type ImportDeps, type Plan } from './service.ts';

/** Runs of one job (the first included) after which it is not taken over again. */
export const MAX_RUNS = 3;

/** Ends a taken-over job as failed with `message`, and sweeps it. */
async function failJob(deps: ImportDeps, lease: Lease, message: [ErrorKind, ErrorParams]): Promise<void> {
  if (await finishJob(deps.db, lease, deps.clock(), { status: 'error', problems: [], message, counts: null })) {
    deps.log.info(`[import] job ${lease.jobId} could not be taken over and failed (${message[0]})`);
  }
  await sweepLater(deps.db, deps.log, lease.companyId, lease.jobId);
}

/** Applies the rest of a published job's staged changes under the new lease. */
async function finishApplying(deps: ImportDeps, claimed: ClaimedJob): Promise<void> {
  const { lease } = claimed;
  const heartbeat = beatFor(deps, lease);
  try {
    const missed = await applyRemaining(deps.db, lease, claimed.applyAfter!, applyChunkOf(deps) ?? WRITE_CHUNK);
    deps.log.info(`[import] the rest of import ${lease.jobId}'s changes applied` + (missed > 0 ? ` (${missed} found their asset changed)` : ''));
  } finally {
    heartbeat.stop();
  }
  await sweepLater(deps.db, deps.log, lease.companyId, lease.jobId);
}

/** Runs an unpublished job again from its stored file under the new lease. */
async function runAgain(deps: ImportDeps, claimed: ClaimedJob): Promise<void> {
  const { lease } = claimed;
  if (lease.token > MAX_RUNS || claimed.userId === null) return failJob(deps, lease, ['importInterrupted', {}]);
  // The file as base64 text (encoded by the database): the fast way out of PGlite, as in.
  const { rows } = await deps.db.query<{
    file_data: string | null;
    file_suffix: string | null;
    file_name: string;
    classify_id: number | null;
    all_or_nothing: boolean;
  }>(`SELECT encode(file_data, 'base64') AS file_data, file_suffix, file_name, classify_id, all_or_nothing FROM import_jobs WHERE company_id = $1 AND id = $2`, [
    lease.companyId,
    lease.jobId,
  ]);
  const job = rows[0];
  if (!job?.file_data || !job.file_suffix) return failJob(deps, lease, ['importInterrupted', {}]);

  const heartbeat = beatFor(deps, lease);
  let actor: Actor;
  try {
    const removed = await undoUnpublished(deps.db, lease);
    if (removed > 0) deps.log.info(`[import] job ${lease.jobId}: ${removed} unpublished row(s) of the previous run removed`);
    actor = await loadActor(deps.db, { userId: claimed.userId, companyId: lease.companyId });
  } catch (err) {
    heartbeat.stop();
    if (err instanceof AppError) return failJob(deps, lease, ['importInterrupted', {}]);
    throw err;
  }
  let plan: Plan;
  try {
    const input = { suffix: job.file_suffix, fileName: job.file_name, classifyId: job.classify_id ?? undefined, allOrNothing: job.all_or_nothing };
    plan = await planImport(deps, actor, input, new Uint8Array(Buffer.from(job.file_data, 'base64')), lease.jobId);
  } catch (err) {
    heartbeat.stop();
    // The file was accepted once; refused now (a classification changed meanwhile): the job says why.
    if (err instanceof AppError) return failJob(deps, lease, [err.kind, err.params]);
    throw err;
  }
  await runInBackground(deps, actor, lease, plan, heartbeat);
}

/** Takes over one claimed job to its end (counted by importsSettled). */
export function resumeJob(deps: ImportDeps, claimed: ClaimedJob): Promise<void> {
  const { lease } = claimed;
  deps.log.info(
    `[import] job ${lease.jobId} taken over from ${claimed.previousOwner ?? 'a stopped process'} (run ${lease.token})`,
  );
  const work = claimed.status === 'success' ? finishApplying(deps, claimed) : runAgain(deps, claimed);
  return track(work.catch((err) => deps.log.error(`[import] job ${lease.jobId} could not be taken over (another instance tries again):`, err)));
}

/**
 * Claims every running job whose lease ran out, one at a time, and starts taking each over
 * (not waiting for them: resumeJob). Resolves with the jobs claimed.
 */
export async function takeOverExpiredJobs(deps: ImportDeps): Promise<number> {
  let claimed = 0;
  for (;;) {
    const job = await claimExpiredJob(deps.db, instanceOf(deps), leaseMsOf(deps));
    if (!job) return claimed;
    claimed++;
    void resumeJob(deps, job);
  }
}

/**
 * Looks for jobs to take over now and then every `everyMs`, one look at a time; returns the
 * stop. The timer never keeps the process alive.
 */
export function startImportTakeovers(deps: ImportDeps, everyMs: number): () => void {
  let looking = false;
  const look = () => {
    if (looking) return;
    looking = true;
    takeOverExpiredJobs(deps)
      .catch((err) => deps.log.error('[import] could not look for jobs to take over:', err))
      .finally(() => (looking = false));
  };
  look();
  const timer = setInterval(look, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
