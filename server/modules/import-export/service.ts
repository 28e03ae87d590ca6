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
 *      row again. The reply carries the job id.
 *   2. In the background (runImport): lookups are loaded once, every row is checked (progress
 *      in memory, the event loop yielded every few hundred rows), then every valid row is
 *      written in ONE transaction, in chunks of multi-row INSERT ... ON CONFLICT (company_id,
 *      asset_coding) DO UPDATE, and the job's final state is written in that same
 *      transaction. So a failure or a crash at any point leaves no asset of the file written;
 *      a job still 'importing' when the server starts is marked 'error' (failInterruptedImports).
 *      With allOrNothing, one bad row saves none.
 * A row naming an existing code updates that asset only if the importer sees it and holds 102;
 * the upsert updates a conflicting row only when it is the very asset checked (same id), so an
 * asset created meanwhile by someone else is never overwritten: the import fails instead.
 *
 * Note on PGlite (one connection, in this process): while the write transaction runs, other
 * requests that need the database wait for it (about a second per 10,000 rows); the event
 * loop is free between chunks, so requests that do not (health, the web app's files) are
 * answered. On a PostgreSQL server the writing happens in its process and other requests'
 * queries run beside it. Tests can hold an import at each stage (limits.ts, deps.gate).
 */
import { IMPORT_MAX_BYTES, IMPORT_SUFFIXES, type ImportStarted, type ImportStatus } from '../../../src/api/contract.ts';
import { isUniqueViolation, type Queryable } from '../../db/db.ts';
import { tidyTables } from '../../db/vacuum.ts';
import { AppError, errorMessage, type ErrorKind, type ErrorParams, type Lang } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { Actor } from '../access/service.ts';
import { reserveCodes } from '../assets/codes.ts';
import type { AssetDeps } from '../assets/service.ts';
import { attributesVersion, classifiesOf, findClassify, type ClassifyRow } from '../classifications/service.ts';
import { decodeLimited } from '../files/service.ts';
import { standardColumnOf } from './columns.ts';
import type { ImportGate } from './limits.ts';
import { loadLookups } from './lookups.ts';
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
}

let defaultParser: ImportParser | undefined;
const parserOf = (deps: ImportDeps) => deps.parser ?? (defaultParser ??= new ImportParser());
const passGate = (deps: ImportDeps, stage: Parameters<ImportGate>[0], jobId: number) => deps.gate?.(stage, jobId);

/** Problems kept with a job (errorCount counts them all). */
export const MAX_STORED_ERRORS = 1000;
/** Rows per INSERT statement of the write phase. */
export const WRITE_CHUNK = 2000;
/** Rows written from which the table is vacuumed/analyzed afterwards (db/vacuum.ts). */
const TIDY_AFTER_ROWS = 1000;
/** Rows checked between two yields to the event loop. */
const CHECK_SLICE = 500;

// ---- progress of running jobs (this process) ---------------------------------------------

interface Progress {
  phase: 'checking' | 'saving';
  done: number;
  total: number;
}
const progress = new Map<number, Progress>();
const running = new Set<Promise<void>>();

/** Resolves when every import started by this process has finished (tests, shutdown). */
export async function importsSettled(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}

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
    const { rows } = await deps.db.query<{ id: number }>(
      `INSERT INTO import_jobs (company_id, user_id, file_name, all_or_nothing, status, total_rows, started_at)
       VALUES ($1, $2, $3, $4, 'importing', 0, $5) RETURNING id`,
      [actor.companyId, actor.userId, (input.fileName ?? '').slice(0, 255), input.allOrNothing === true, deps.clock()],
    );
    jobId = rows[0].id;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('importBusy');
    throw err;
  }

  let plan: Plan;
  try {
    plan = await planImport(deps, actor, input, bytes, jobId);
  } catch (err) {
    // A refused file leaves no job behind (and frees the company for the next file).
    await deps.db.query('DELETE FROM import_jobs WHERE company_id = $1 AND id = $2', [actor.companyId, jobId]);
    throw err;
  }
  const totalRows = plan.data.length + plan.refused.length;
  await deps.db.query('UPDATE import_jobs SET total_rows = $3 WHERE company_id = $1 AND id = $2', [actor.companyId, jobId, totalRows]);
  progress.set(jobId, { phase: 'checking', done: 0, total: totalRows });
  const finished = runImport(deps, actor, jobId, plan)
    .catch((err) => deps.log.error(`[import] job ${jobId} could not record its failure:`, err))
    .finally(() => {
      progress.delete(jobId);
      running.delete(finished);
    });
  running.add(finished);
  return { jobId, totalRows, finished };
}

/** The file parsed (in the queue's worker) and checked against the classifications: what runImport does. */
async function planImport(deps: ImportDeps, actor: Actor, input: ImportInput, bytes: Uint8Array, jobId: number): Promise<Plan> {
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

const yieldToEventLoop = (pauseMs = 0) =>
  new Promise<void>((resolve) => (pauseMs > 0 ? setTimeout(resolve, pauseMs) : setImmediate(resolve)));

async function runImport(deps: ImportDeps, actor: Actor, jobId: number, plan: Plan): Promise<void> {
  try {
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

    const counts = {
      created: writes.filter((w) => w.id === null).length,
      updated: writes.filter((w) => w.id !== null).length,
      unchanged: unchangedCount,
    };
    const abort: [ErrorKind, ErrorParams] | null =
      problems.length > 0 && plan.allOrNothing
        ? ['importAllOrNothing', { count: problems.length }]
        : writes.length + unchangedCount === 0
          ? ['importNothingValid', {}]
          : null;
    if (abort) {
      await finishJob(deps.db, actor.companyId, jobId, deps.clock(), { status: 'error', problems, message: abort, counts: null });
      return;
    }

    state.phase = 'saving';
    state.done = 0;
    state.total = writes.length;
    await deps.db.transaction(async (tx) => {
      await assignCodes(tx, actor.companyId, writes);
      const now = deps.clock();
      for (let start = 0; start < writes.length; start += WRITE_CHUNK) {
        const chunk = writes.slice(start, start + WRITE_CHUNK);
        const written = await upsertChunk(tx, actor.companyId, chunk, now);
        // Fewer rows than sent: a code was taken by another asset, or an asset the file updates
        // was edited, since the check. Roll back.
        if (written !== chunk.length) throw new AppError('importFailed');
        state.done = start + chunk.length;
        if (start === 0) await passGate(deps, 'writing', jobId);
        // PGlite answers through promises only: without this the whole write would run as one
        // chain of microtasks and starve the event loop (no timer, no socket) until the commit.
        await yieldToEventLoop();
      }
      await finishJob(tx, actor.companyId, jobId, deps.clock(), { status: 'success', problems, message: null, counts });
      await passGate(deps, 'committing', jobId);
    });
    await passGate(deps, 'committed', jobId);
    // Fresh statistics and visibility for the list's index-only scans; PGlite has no autovacuum.
    if (writes.length >= TIDY_AFTER_ROWS) {
      await tidyTables(deps.db, ['assets']).catch((err) => deps.log.error('[import] vacuum failed:', err));
    }
  } catch (err) {
    if (!(err instanceof AppError && err.kind === 'importFailed')) deps.log.error(`[import] job ${jobId} failed:`, err);
    await finishJob(deps.db, actor.companyId, jobId, deps.clock(), {
      status: 'error',
      problems: [],
      message: ['importFailed', {}],
      counts: null,
    });
  }
}

/** Codes for new rows without one: the company's next codes (assets/codes.ts), none the file uses. */
async function assignCodes(tx: Queryable, companyId: number, writes: RowValues[]): Promise<void> {
  const missing = writes.filter((w) => w.code === '');
  if (missing.length === 0) return;
  const codes = await reserveCodes(tx, companyId, missing.length, new Set(writes.map((w) => w.code)));
  missing.forEach((w, i) => (w.code = codes[i]));
}

/**
 * One multi-row upsert; returns the rows written (inserted, or the checked asset updated).
 * An update is a save like a form's (db/record-version.ts): it bumps the asset's version, so
 * open forms reload, and happens only while the asset still has the version the check read,
 * so an edit made meanwhile is never overwritten with values merged from the older state
 * (fewer rows written: the import fails and saves nothing).
 */
async function upsertChunk(tx: Queryable, companyId: number, chunk: RowValues[], now: Date): Promise<number> {
  const column = <T>(pick: (w: RowValues) => T) => chunk.map(pick);
  const { rowCount } = await tx.query(
    `INSERT INTO assets (company_id, id, asset_coding, asset_name, specifications, unit, supplier, buy_date, buy_price,
                         loss_cycle, dept_id, staff_id, deposit_site, classify_id, attribute_values, version, created_at, updated_at)
     OVERRIDING SYSTEM VALUE
     SELECT $1, COALESCE(v.id, nextval(pg_get_serial_sequence('assets', 'id'))), v.code, v.name, v.spec, v.unit,
            v.supplier, v.buy_date, v.buy_price, v.loss_cycle, v.dept_id, v.staff_id, v.site, v.classify_id,
            v.attrs::jsonb, COALESCE(v.version, 1), $2, $2
       FROM unnest($3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::date[],
                   $10::numeric[], $11::integer[], $12::bigint[], $13::bigint[], $14::text[], $15::bigint[], $16::text[],
                   $17::integer[])
            AS v(id, code, name, spec, unit, supplier, buy_date, buy_price, loss_cycle, dept_id, staff_id, site,
                 classify_id, attrs, version)
     ON CONFLICT (company_id, asset_coding) DO UPDATE SET
       asset_name = EXCLUDED.asset_name, specifications = EXCLUDED.specifications, unit = EXCLUDED.unit,
       supplier = EXCLUDED.supplier, buy_date = EXCLUDED.buy_date, buy_price = EXCLUDED.buy_price,
       loss_cycle = EXCLUDED.loss_cycle, dept_id = EXCLUDED.dept_id, staff_id = EXCLUDED.staff_id,
       deposit_site = EXCLUDED.deposit_site, classify_id = EXCLUDED.classify_id,
       attribute_values = EXCLUDED.attribute_values, updated_at = EXCLUDED.updated_at, version = assets.version + 1
     WHERE assets.id = EXCLUDED.id AND assets.version = EXCLUDED.version
     RETURNING 1`,
    [
      companyId,
      now,
      column((w) => w.id),
      column((w) => w.code),
      column((w) => w.name),
      column((w) => w.specifications),
      column((w) => w.unit),
      column((w) => w.supplier),
      column((w) => w.buyDate),
      column((w) => w.buyPrice),
      column((w) => w.lossCycle),
      column((w) => w.deptId),
      column((w) => w.staffId),
      column((w) => w.depositSite),
      column((w) => w.classifyId),
      column((w) => JSON.stringify(w.attributeValues)),
      column((w) => w.version),
    ],
  );
  return rowCount;
}

interface Finish {
  status: 'success' | 'error';
  problems: RowProblem[];
  message: [ErrorKind, ErrorParams] | null;
  counts: { created: number; updated: number; unchanged: number } | null;
}

async function finishJob(q: Queryable, companyId: number, jobId: number, now: Date, finish: Finish): Promise<void> {
  await q.query(
    `UPDATE import_jobs SET status = $3, created_count = $4, updated_count = $5, unchanged_count = $6,
            error_count = $7, errors = $8, message_kind = $9, message_params = $10, finished_at = $11
      WHERE company_id = $1 AND id = $2`,
    [
      companyId,
      jobId,
      finish.status,
      finish.counts?.created ?? 0,
      finish.counts?.updated ?? 0,
      finish.counts?.unchanged ?? 0,
      finish.problems.length,
      JSON.stringify(finish.problems.slice(0, MAX_STORED_ERRORS)),
      finish.message?.[0] ?? null,
      JSON.stringify(finish.message?.[1] ?? {}),
      now,
    ],
  );
}

/** At start-up: jobs left 'importing' by a previous process were interrupted; nothing of them was saved. */
export async function failInterruptedImports(q: Queryable, now: Date): Promise<number> {
  const { rowCount } = await q.query(
    `UPDATE import_jobs SET status = 'error', message_kind = 'importInterrupted', finished_at = $1
      WHERE status = 'importing'`,
    [now],
  );
  return rowCount;
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
            error_count, errors, message_kind, message_params, started_at, finished_at
       FROM import_jobs WHERE company_id = $1 AND ($2::bigint IS NULL OR id = $2)
      ORDER BY id DESC LIMIT 1`,
    [actor.companyId, jobId ?? null],
  );
  const job = rows[0];
  if (!job) {
    if (jobId !== undefined) throw new AppError('importJobNotFound');
    return { status: 'none' };
  }
  const live = job.status === 'importing' ? progress.get(job.id) : undefined;
  const finishedRows = job.status === 'importing' ? 0 : job.total_rows;
  return {
    status: job.status,
    jobId: job.id,
    fileName: job.file_name,
    phase: job.status === 'importing' ? (live?.phase ?? 'checking') : undefined,
    done: live?.done ?? finishedRows,
    total: live?.total ?? job.total_rows,
    created: job.created_count,
    updated: job.updated_count,
    unchanged: job.unchanged_count,
    errorCount: job.error_count,
    errors: job.errors.map((e) => ({ row: e.row, reason: errorMessage(e.kind, lang, e.params) })),
    allOrNothing: job.all_or_nothing,
    message: job.message_kind ? errorMessage(job.message_kind, lang, job.message_params) : undefined,
    startedAt: job.started_at.toISOString(),
    finishedAt: job.finished_at?.toISOString() ?? null,
  };
}
