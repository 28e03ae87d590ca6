/**
 * Bulk import of assets from spreadsheets (api/Excel); the template and export are export.ts.
 *
 * Import, in two halves:
 *   1. In the request (startImport): the file is checked (one file, .xlsx .xls or .csv, at
 *      most 3 MB: 10003, 10004, 10005), a job row is made ('importing'; one per company at a
 *      time, 10007) before anything is parsed, then the file waits its turn for a parse worker
 *      (parse-queue.ts: off the request thread, with a heap cap, the rows and cells counted
 *      against IMPORT_MAX_ROWS / IMPORT_MAX_CELLS: 10005) and is read (10006); its template
 *      version is compared with the classifications (10009). A refused file deletes its job
 *      row again. The reply carries the job id. The job keeps the file, and is held by this
 *      instance under a lease its heartbeat renews, with the progress (leases.ts).
 *   2. In the background (runImport): earlier failed imports of the company finish being
 *      swept (below), lookups are loaded once, every row is checked (the event loop yielded
 *      every few hundred rows). Then the write, in short transactions (each first checks
 *      the lease's token), so that PGlite's one connection serves other requests between them:
 *        - codes for new rows without one are reserved (assets/codes.ts), one transaction;
 *        - new rows are inserted WRITE_CHUNK at a time, each chunk its own transaction, marked
 *          with the job (assets.import_job): hidden from every read (assets/visibility.ts)
 *          until the job is published;
 *        - changes to existing assets are staged WRITE_CHUNK at a time in import_updates, each
 *          only if the asset still has the version the check read; from then on the asset is
 *          held against other writes until its change is applied (assets/import-hold.ts);
 *        - the publish: one transaction sets the job 'success' with its counts, which makes
 *          every new row visible at once, and applies the staged changes, all of them or, on
 *          PGlite, the first chunk (applyChunkOf);
 *        - the rest of the staged changes, a chunk a transaction (applyRemaining), the job's
 *          apply_after recording how far they went (migration 019). Until the last, the job
 *          still counts as importing: for its status, and for the company's next import.
 *      Any failure before the publish (a code taken meanwhile, an asset edited meanwhile, any
 *      error) marks the job 'error' (its rows were never visible) and its hidden rows and
 *      staged changes are deleted in chunks (sweepJob). A job whose instance died (its
 *      lease ran out) is taken over by another instance, or by this one after a restart
 *      (resume.ts): run again from its file if unpublished, applied to the end if not wholly
 *      applied. With allOrNothing, one bad row saves none.
 * A row naming an existing code updates that asset only if the importer sees it and holds 102.
 * A new row whose code another asset took meanwhile is not written (ON CONFLICT DO NOTHING):
 * the import fails. Until a failed import's rows are swept they still hold their codes in the
 * unique index, so a form creating one of those codes is refused as "code exists".
 *
 * Tests can hold an import at each stage (limits.ts, deps.gate), between two committed chunks
 * included; importsSettled() waits for imports and their sweeps.
 */
import { IMPORT_MAX_BYTES, IMPORT_SUFFIXES, type ImportStarted, type ImportStatus } from '../../../src/api/contract.ts';
import { isUniqueViolation, type Queryable } from '../../db/db.ts';
import { tidyTables } from '../../db/vacuum.ts';
import { AppError, errorMessage, type ErrorKind, type ErrorParams, type Lang } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { Actor } from '../access/service.ts';
import { lastCodeNumber, reserveCodes } from '../assets/codes.ts';
import type { AssetDeps } from '../assets/service.ts';
import { attributesVersion, classifiesOf, findClassify, type ClassifyRow } from '../classifications/service.ts';
import { decodeLimited } from '../files/service.ts';
import { standardColumnOf } from './columns.ts';
import { holdLease, INSTANCE_ID, leaseEnd, LeaseLost, startHeartbeat, type Heartbeat, type JobProgress, type Lease } from './leases.ts';
import { DEFAULT_IMPORT_LIMITS, type ImportGate } from './limits.ts';
import { loadLookups } from './lookups.ts';
import { importsSettled, sweepCompanyLeftovers, sweepLater, sweepsDone, sweepUnfinishedImports, track } from './sweep.ts';
import { applyRemaining, applyStagedChunk, insertHiddenChunk, stageUpdateChunk, WRITE_CHUNK, yieldToEventLoop } from './write.ts';
import { ImportParser } from './parse-queue.ts';
import { checkRow, unchanged, type ColumnMap, type RowProblem, type RowValues } from './rows.ts';
import { MARKER_FORMAT, type Cell, type Marker } from './workbook.ts';

export interface ImportDeps extends AssetDeps {
  log: Logger;
  /** Pause between two slices of the check, in ms (0 or unset: just yield). Browser tests only. */
  checkPauseMs?: number;
  /** The app's parse queue (one per app, shared by every company); unset: one with the default limits. */
  parser?: ImportParser;
  /** Tests: asked at each stage of an import (limits.ts); the import goes on when it resolves. */
  gate?: ImportGate;
  /**
   * Staged changes applied per transaction after the publish (null: all in the publish); unset:
   * applyChunkOf's choice for the database. Tests set it to apply in chunks on either.
   */
  applyChunk?: number | null;
  /** How long a job stays this instance's without a heartbeat, ms (leases.ts); unset: the default limits'. */
  leaseMs?: number;
  /** This instance's name in the job's lease_owner; unset: INSTANCE_ID. Tests run two "instances" in one process. */
  instance?: string;
  /** Tests: false leaves the leases of this instance's jobs to run out, as if it had died while they wait at a gate. */
  heartbeat?: boolean;
}

export const leaseMsOf = (deps: ImportDeps) => deps.leaseMs ?? DEFAULT_IMPORT_LIMITS.leaseMs;
export const instanceOf = (deps: ImportDeps) => deps.instance ?? INSTANCE_ID;

/** Beats for a job this instance runs under `lease` (leases.ts), with its progress. */
export function beatFor(deps: ImportDeps, lease: Lease): Heartbeat {
  if (deps.heartbeat === false) return { stop: () => {} };
  return startHeartbeat(deps.db, instanceOf(deps), lease, leaseMsOf(deps), () => progressOf(lease.jobId));
}

/**
 * How many staged changes to existing assets the publish applies, and then each transaction
 * after it. PGlite: WRITE_CHUNK, as every other statement of the write phase: its one
 * connection answers other requests between them; an import's new rows appear at its publish,
 * its changes over the following chunks (about 0.1 s each). A PostgreSQL server: all in the
 * publish, so the import appears at once: its other connections go on answering meanwhile.
 */
export function applyChunkOf(deps: Pick<ImportDeps, 'db' | 'applyChunk'>): number | null {
  if (deps.applyChunk !== undefined) return deps.applyChunk;
  return deps.db.kind === 'pglite' ? WRITE_CHUNK : null;
}

let defaultParser: ImportParser | undefined;
const parserOf = (deps: ImportDeps) => deps.parser ?? (defaultParser ??= new ImportParser());
const passGate = (deps: ImportDeps, stage: Parameters<ImportGate>[0], jobId: number) => deps.gate?.(stage, jobId);

/** Problems kept with a job (errorCount counts them all). */
export const MAX_STORED_ERRORS = 1000;
/** Rows written from which the table is vacuumed/analyzed afterwards (db/vacuum.ts). */
const TIDY_AFTER_ROWS = 1000;
/** Rows checked between two yields to the event loop. */
const CHECK_SLICE = 500;

export { importsSettled, sweepUnfinishedImports, WRITE_CHUNK };

// ---- progress of the jobs this process runs (each beat writes it to the job: leases.ts) ----

const progress = new Map<number, JobProgress>();
/** The progress of a job this process runs (undefined: not here). */
export const progressOf = (jobId: number) => progress.get(jobId);

// ---- starting an import ------------------------------------------------------------------

export interface ImportInput {
  fileData?: string;
  suffix?: string;
  fileName?: string;
  allOrNothing?: boolean;
  classifyId?: number;
}

/** The suffix named by the request (or by the file name), without its dot, lower-cased. */
function suffixOf(input: ImportInput): string {
  return (input.suffix || input.fileName?.split('.').pop() || '').trim().replace(/^\./, '').toLowerCase();
}

/**
 * Checks the file, makes the job and starts it; see the file comment. `maxBytes` exists for
 * the benchmark (100,000-row files are larger than the 3 MB a user may send).
 */
export async function startImport(
  deps: ImportDeps,
  actor: Actor,
  input: ImportInput,
  options: { maxBytes?: number } = {},
): Promise<ImportStarted & { finished: Promise<void> }> {
  if (!input.fileData) throw new AppError('noExcelImported');
  if (!(IMPORT_SUFFIXES as readonly string[]).includes(suffixOf(input))) throw new AppError('importWrongType');
  const bytes = decodeLimited(
    input.fileData,
    options.maxBytes ?? IMPORT_MAX_BYTES,
    () => new AppError('importTooLarge'),
    () => new AppError('importParseFailed', { reason: 'fileData is not base64' }),
  );
  if (bytes.length === 0) throw new AppError('noExcelImported');

  // The company's one running import is claimed first, so a second file is refused (10007)
  // before it costs any parsing.
  let jobId: number;
  try {
    // A published import whose changes are still being applied is running too.
    const applying = await deps.db.query(`SELECT 1 FROM import_jobs WHERE company_id = $1 AND apply_after IS NOT NULL LIMIT 1`, [
      actor.companyId,
    ]);
    if (applying.rows.length > 0) throw new AppError('importBusy');
    // The file and the options are kept with the job, so that another instance can run it
    // again if this one dies (leases.ts); this instance holds it under lease token 1.
    const { rows } = await deps.db.query<{ id: number }>(
      `INSERT INTO import_jobs (company_id, user_id, file_name, all_or_nothing, status, total_rows, started_at,
                                file_data, file_suffix, classify_id, lease_owner, lease_token, lease_expires_at)
       VALUES ($1, $2, $3, $4, 'importing', 0, $5, decode($6, 'base64'), $7, $8, $9, 1, ${leaseEnd('$10')}) RETURNING id`,
      [
        actor.companyId,
        actor.userId,
        (input.fileName ?? '').slice(0, 255),
        input.allOrNothing === true,
        deps.clock(),
        // As base64 text, decoded by the database: PGlite takes a bytea parameter at about
        // 200 ms a MB, its one connection held meanwhile; this way a 3 MB file costs 50 ms.
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
        suffixOf(input),
        input.classifyId ?? null,
        instanceOf(deps),
        leaseMsOf(deps),
      ],
    );
    jobId = Number(rows[0].id);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('importBusy');
    throw err;
  }

  const lease: Lease = { companyId: actor.companyId, jobId, token: 1 };
  const heartbeat = beatFor(deps, lease);
  let plan: Plan;
  try {
    plan = await planImport(deps, actor, input, bytes, jobId);
  } catch (err) {
    heartbeat.stop();
    // A refused file leaves no job behind (and frees the company for the next file).
    await deps.db.query('DELETE FROM import_jobs WHERE company_id = $1 AND id = $2 AND lease_token = $3', [actor.companyId, jobId, lease.token]);
    throw err;
  }
  const totalRows = plan.data.length + plan.refused.length;
  const finished = runInBackground(deps, actor, lease, plan, heartbeat);
  return { jobId, totalRows, finished };
}

/**
 * Runs a planned job in the background under its lease, beating until it ends (counted by
 * importsSettled); also how a job taken over runs again (resume.ts).
 */
export function runInBackground(deps: ImportDeps, actor: Actor, lease: Lease, plan: Plan, heartbeat: Heartbeat): Promise<void> {
  const { jobId } = lease;
  const totalRows = plan.data.length + plan.refused.length;
  progress.set(jobId, { phase: 'checking', done: 0, total: totalRows });
  const run = async () => {
    await deps.db.query('UPDATE import_jobs SET total_rows = $3 WHERE company_id = $1 AND id = $2 AND lease_token = $4', [
      actor.companyId,
      jobId,
      totalRows,
      lease.token,
    ]);
    await runImport(deps, actor, lease, plan);
  };
  return track(
    run()
      .catch((err) => deps.log.error(`[import] job ${jobId} could not record its failure:`, err))
      .finally(() => {
        heartbeat.stop();
        progress.delete(jobId);
      }),
  );
}

/** The file parsed (in the queue's worker) and checked against the classifications: what runImport does. */
export async function planImport(deps: ImportDeps, actor: Actor, input: ImportInput, bytes: Uint8Array, jobId: number): Promise<Plan> {
  const sheet = await parserOf(deps).parse(bytes, suffixOf(input), { gate: deps.gate, jobId });
  const classes = await classifiesOf(deps.db, actor.companyId);
  const defaultClassify = await defaultClassifyOf(deps, actor, input.classifyId, sheet.marker, classes);
  checkMarker(sheet.marker, classes);
  const columns = mapColumns(sheet.header, classes);
  if (sheet.data.length === 0 && sheet.problems.length === 0) throw new AppError('importEmpty');
  return { columns, data: sheet.data, refused: sheet.problems, defaultClassify, allOrNothing: input.allOrNothing === true };
}

/** The request's classifyId, else the classification a template was made for, else none. */
async function defaultClassifyOf(
  deps: ImportDeps,
  actor: Actor,
  classifyId: number | undefined,
  marker: Marker | null,
  classes: ClassifyRow[],
): Promise<ClassifyRow | null> {
  if (classifyId !== undefined) return findClassify(deps.db, actor.companyId, classifyId);
  return classes.find((k) => k.id === marker?.template) ?? null;
}

/** 10009 unless the file was made from the classifications as they are now. */
function checkMarker(marker: Marker | null, classes: ClassifyRow[]): void {
  if (!marker) return;
  if (marker.format !== MARKER_FORMAT) throw new AppError('staleTemplate');
  const byId = new Map(classes.map((k) => [String(k.id), k]));
  for (const [id, version] of Object.entries(marker.classes)) {
    const current = byId.get(id);
    if (!current || attributesVersion(current.attributes) !== version) throw new AppError('staleTemplate');
  }
}

/**
 * What each header names. The asset name column must be there, and every other header must be
 * a standard column or an attribute of some classification: anything else means a template
 * of another time (10009). A column named twice: the first counts.
 */
function mapColumns(header: readonly Cell[], classes: ClassifyRow[]): ColumnMap {
  const attributeNames = new Set(classes.flatMap((k) => k.attributes.map((a) => a.name)));
  const seen = new Set<string>();
  const columns: ColumnMap = header.map((cell) => {
    const text = cell === null || cell === undefined ? '' : String(cell).trim();
    if (text === '') return { kind: 'ignored' };
    const key = standardColumnOf(text);
    const id = key ?? `attr:${text}`;
    if (seen.has(id)) return { kind: 'ignored' };
    seen.add(id);
    if (key) return { kind: 'standard', key };
    if (attributeNames.has(text)) return { kind: 'attribute', name: text };
    throw new AppError('staleTemplate');
  });
  if (!columns.some((c) => c.kind === 'standard' && c.key === 'assetName')) throw new AppError('staleTemplate');
  return columns;
}

// ---- running an import -------------------------------------------------------------------

export interface Plan {
  columns: ColumnMap;
  data: { row: number; cells: Cell[] }[];
  /** Rows the parse refused (characters, length: sheet-rows.ts). */
  refused: RowProblem[];
  defaultClassify: ClassifyRow | null;
  allOrNothing: boolean;
}

async function runImport(deps: ImportDeps, actor: Actor, lease: Lease, plan: Plan): Promise<void> {
  const { jobId } = lease;
  let lost = false;
  try {
    // An earlier failed import's rows still hold their codes until they are swept: those of
    // this process's sweeps, and those another instance left (or is still sweeping).
    await sweepsDone(actor.companyId);
    await sweepCompanyLeftovers(deps.db, actor.companyId);
    const state = progress.get(jobId)!;
    const lookups = await loadLookups(deps.db, actor, plan);
    const problems: RowProblem[] = [...plan.refused];
    const writes: RowValues[] = [];
    let unchangedCount = 0;
    const firstRowOfCode = new Map<string, number>();
    for (let i = 0; i < plan.data.length; i++) {
      if (i > 0 && i % CHECK_SLICE === 0) {
        state.done = i;
        await yieldToEventLoop(deps.checkPauseMs);
      }
      const { row, cells } = plan.data[i];
      try {
        const values = checkRow(cells, plan.columns, lookups);
        if (values.code !== '') {
          const first = firstRowOfCode.get(values.code);
          if (first !== undefined) throw new AppError('rowCodeRepeated', { code: values.code, row: first });
          firstRowOfCode.set(values.code, row);
        }
        if (unchanged(values, lookups.existing.get(values.code))) unchangedCount++;
        else writes.push(values);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        problems.push({ row, kind: err.kind, params: err.params });
      }
    }
    state.done = plan.data.length;
    problems.sort((a, b) => a.row - b.row);
    await passGate(deps, 'checked', jobId);

    const created = writes.filter((w) => w.id === null);
    const updated = writes.filter((w) => w.id !== null);
    const counts = { created: created.length, updated: updated.length, unchanged: unchangedCount };
    const abort: [ErrorKind, ErrorParams] | null =
      problems.length > 0 && plan.allOrNothing
        ? ['importAllOrNothing', { count: problems.length }]
        : writes.length + unchangedCount === 0
          ? ['importNothingValid', {}]
          : null;
    if (abort) {
      if (!(await finishJob(deps.db, lease, deps.clock(), { status: 'error', problems, message: abort, counts: null }))) throw new LeaseLost(lease);
      return;
    }

    state.phase = 'saving';
    state.done = 0;
    state.total = writes.length;
    await deps.db.transaction(async (tx) => {
      await holdLease(tx, lease);
      await assignCodes(tx, actor.companyId, jobId, writes);
    });
    const now = deps.clock();
    // Each chunk its own transaction; between chunks no transaction is open, so other requests
    // are answered. PGlite answers through promises only: without the yield the whole write
    // would run as one chain of microtasks and starve the event loop until it ends.
    const inChunks = async (rows: RowValues[], share: number, write: (tx: Queryable, chunk: RowValues[]) => Promise<number>) => {
      for (let start = 0; start < rows.length; start += WRITE_CHUNK) {
        const chunk = rows.slice(start, start + WRITE_CHUNK);
        const written = await deps.db.transaction(async (tx) => {
          // Taken over meanwhile (this instance paused past its lease): nothing more is written.
          await holdLease(tx, lease);
          return write(tx, chunk);
        });
        // Fewer rows than sent: a code was taken by another asset since the check.
        if (written !== chunk.length) throw new AppError('importFailed');
        state.done += chunk.length * share;
        await passGate(deps, 'chunkWritten', jobId);
        await yieldToEventLoop();
      }
    };
    await inChunks(created, 1, (tx, chunk) => insertHiddenChunk(tx, actor.companyId, jobId, chunk, now));
    // A change counts half a row when staged, the other half when applied.
    await inChunks(updated, 0.5, (tx, chunk) => stageUpdateChunk(tx, actor.companyId, jobId, chunk));
    await passGate(deps, 'publishing', jobId);
    const limit = applyChunkOf(deps);
    const applyAfter = await deps.db.transaction(async (tx) => {
      // Taken over by another instance meanwhile: no publish (that instance runs the job again).
      if (!(await finishJob(tx, lease, deps.clock(), { status: 'success', problems, message: null, counts }))) throw new LeaseLost(lease);
      const first = await applyStagedChunk(tx, actor.companyId, jobId, 0, limit);
      // Fewer assets changed than staged: one was changed since it was staged (never expected: held).
      if (first.applied !== first.staged) throw new AppError('importFailed');
      state.done += first.staged / 2;
      await passGate(deps, 'committing', jobId);
      return first.through;
    });
    await passGate(deps, 'committed', jobId);
    if (applyAfter !== null) {
      const missed = await applyRemaining(deps.db, lease, applyAfter, limit!, async (staged) => {
        state.done += staged / 2;
        await passGate(deps, 'chunkApplied', jobId);
      });
      if (missed > 0) deps.log.error(`[import] job ${jobId}: ${missed} staged change(s) found their asset changed and were not applied`);
    }
    // Fresh statistics and visibility for the list's index-only scans; PGlite has no autovacuum.
    if (writes.length >= TIDY_AFTER_ROWS) {
      await tidyTables(deps.db, ['assets']).catch((err) => deps.log.error('[import] vacuum failed:', err));
    }
  } catch (err) {
    if (err instanceof LeaseLost) {
      // Another instance holds the job now and runs it to the end: this run leaves it alone.
      lost = true;
      deps.log.info(`[import] job ${jobId} was taken over by another instance; this one stops`);
      return;
    }
    if (!(err instanceof AppError && err.kind === 'importFailed')) deps.log.error(`[import] job ${jobId} failed:`, err);
    // Only a job still importing: a failure after the publish (none is expected) changes nothing.
    await finishJob(deps.db, lease, deps.clock(), {
      status: 'error',
      problems: [],
      message: ['importFailed', {}],
      counts: null,
    });
  } finally {
    if (!lost) await sweepLater(deps.db, deps.log, actor.companyId, jobId);
  }
}

/** Codes for new rows without one: the company's next codes (assets/codes.ts), none the file uses. */
async function assignCodes(tx: Queryable, companyId: number, jobId: number, writes: RowValues[]): Promise<void> {
  const missing = writes.filter((w) => w.code === '');
  if (missing.length === 0) return;
  const before = await lastCodeNumber(tx, companyId);
  const codes = await reserveCodes(tx, companyId, missing.length, new Set(writes.map((w) => w.code)));
  missing.forEach((w, i) => (w.code = codes[i]));
  // Handed back if the import fails (sweep.ts).
  await tx.query('UPDATE import_jobs SET codes_before = $3, codes_after = $4 WHERE company_id = $1 AND id = $2', [
    companyId,
    jobId,
    before,
    await lastCodeNumber(tx, companyId),
  ]);
}

export interface Finish {
  status: 'success' | 'error';
  problems: RowProblem[];
  message: [ErrorKind, ErrorParams] | null;
  counts: { created: number; updated: number; unchanged: number } | null;
}

/**
 * Records the outcome of a job still 'importing' under the lease's token (its stored file is
 * no longer needed); false when it was not (finished, or taken over by another instance).
 */
export async function finishJob(q: Queryable, lease: Lease, now: Date, finish: Finish): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE import_jobs SET status = $3, created_count = $4, updated_count = $5, unchanged_count = $6,
            error_count = $7, errors = $8, message_kind = $9, message_params = $10, finished_at = $11,
            file_data = NULL, progress_phase = NULL
      WHERE company_id = $1 AND id = $2 AND status = 'importing' AND lease_token = $12`,
    [
      lease.companyId,
      lease.jobId,
      finish.status,
      finish.counts?.created ?? 0,
      finish.counts?.updated ?? 0,
      finish.counts?.unchanged ?? 0,
      finish.problems.length,
      JSON.stringify(finish.problems.slice(0, MAX_STORED_ERRORS)),
      finish.message?.[0] ?? null,
      JSON.stringify(finish.message?.[1] ?? {}),
      now,
      lease.token,
    ],
  );
  return rowCount === 1;
}

// ---- import status -----------------------------------------------------------------------

interface JobRow {
  id: number;
  file_name: string;
  all_or_nothing: boolean;
  status: 'importing' | 'success' | 'error';
  total_rows: number;
  created_count: number;
  updated_count: number;
  unchanged_count: number;
  error_count: number;
  errors: RowProblem[];
  message_kind: ErrorKind | null;
  message_params: ErrorParams;
  started_at: Date;
  finished_at: Date | null;
  apply_after: number | null;
  progress_phase: JobProgress['phase'] | null;
  progress_done: number;
  progress_total: number;
}

/** A job of the company (the latest without an id), with its problems in the caller's language. */
export async function importStatus(
  deps: Pick<ImportDeps, 'db'>,
  actor: Actor,
  jobId: number | undefined,
  lang: Lang,
): Promise<ImportStatus> {
  const { rows } = await deps.db.query<JobRow>(
    `SELECT id, file_name, all_or_nothing, status, total_rows, created_count, updated_count, unchanged_count,
            error_count, errors, message_kind, message_params, started_at, finished_at, apply_after,
            progress_phase, progress_done, progress_total
       FROM import_jobs WHERE company_id = $1 AND ($2::bigint IS NULL OR id = $2)
      ORDER BY id DESC LIMIT 1`,
    [actor.companyId, jobId ?? null],
  );
  const job = rows[0];
  if (!job) {
    if (jobId !== undefined) throw new AppError('importJobNotFound');
    return { status: 'none' };
  }
  // Published, its changes to existing assets still being applied (migration 019): still
  // importing for its user, who sees them appear.
  const applying = job.status === 'success' && job.apply_after !== null;
  const running = job.status === 'importing' || applying;
  // This process's own count, else what the instance running it wrote with its last beat.
  const beaten = job.progress_phase ? { phase: job.progress_phase, done: job.progress_done, total: job.progress_total } : undefined;
  const live = running ? (progress.get(job.id) ?? beaten) : undefined;
  // Applying after a takeover, before its first beat: the new rows are in, the changes
  // staged (half of each).
  const resumed = applying && !live;
  const done = live?.done ?? (resumed ? job.created_count + job.updated_count / 2 : running ? 0 : job.total_rows);
  return {
    status: running ? 'importing' : job.status,
    jobId: job.id,
    fileName: job.file_name,
    phase: running ? (live?.phase ?? (applying ? 'saving' : 'checking')) : undefined,
    done: Math.floor(done),
    total: live?.total ?? (resumed ? job.created_count + job.updated_count : job.total_rows),
    created: job.created_count,
    updated: job.updated_count,
    unchanged: job.unchanged_count,
    errorCount: job.error_count,
    errors: job.errors.map((e) => ({ row: e.row, reason: errorMessage(e.kind, lang, e.params) })),
    allOrNothing: job.all_or_nothing,
    message: job.message_kind ? errorMessage(job.message_kind, lang, job.message_params) : undefined,
    startedAt: job.started_at.toISOString(),
    finishedAt: running ? null : (job.finished_at?.toISOString() ?? null),
  };
}
