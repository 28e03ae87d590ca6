/**
 * The statements of an import's write phase (service.ts runs them): new rows inserted hidden,
 * WRITE_CHUNK a transaction; changes to existing assets staged in import_updates, WRITE_CHUNK
 * a transaction; and the staged changes applied after the publish, a chunk a transaction
 * (service.ts). Hidden rows and the visibility rule: assets/visibility.ts and migration 018;
 * applying in chunks: migration 019.
 */
import type { Db, Queryable } from '../../db/db.ts';
import { lockForStaging } from '../assets/import-hold.ts';
import { holdLease, type Lease } from './leases.ts';
import type { RowValues } from './rows.ts';

/**
 * Rows a chunk of the write phase inserts or stages, in one statement and one transaction: on
 * PGlite another request waits for at most one chunk. bench/import.ts, 100,000 new rows over
 * 100,000 assets: 1,000 a chunk, the list waited 100 ms median, 221 ms at most while writing
 * (total 13.3 s); 2,000 a chunk, 180 and 351 ms (total 12.7 s).
 */
export const WRITE_CHUNK = 1000;

/** Lets timers and sockets in between two statements (pauseMs > 0: waits that long). */
export const yieldToEventLoop = (pauseMs = 0) =>
  new Promise<void>((resolve) => (pauseMs > 0 ? setTimeout(resolve, pauseMs) : setImmediate(resolve)));

/** The columns of a chunk of rows as arrays, in the order of rowArraysSql. */
function rowArrays(chunk: RowValues[]): unknown[] {
  const column = <T>(pick: (w: RowValues) => T) => chunk.map(pick);
  return [
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
  ];
}

/** The rows of rowArrays as a table v, its arrays from placeholder $`first` on. */
function rowArraysSql(first: number): string {
  const types = ['bigint', 'text', 'text', 'text', 'text', 'text', 'date', 'numeric', 'integer', 'bigint', 'bigint', 'text', 'bigint', 'text', 'integer'];
  return `unnest(${types.map((type, i) => `$${first + i}::${type}[]`).join(', ')})
            AS v(id, code, name, spec, unit, supplier, buy_date, buy_price, loss_cycle, dept_id, staff_id, site,
                 classify_id, attrs, version)`;
}

/**
 * One chunk of new rows, hidden until the job is published; returns the rows inserted. A code
 * another asset holds (one created since the check) is not inserted: fewer rows, the import fails.
 */
export async function insertHiddenChunk(tx: Queryable, companyId: number, jobId: number, chunk: RowValues[], now: Date): Promise<number> {
  const { rowCount } = await tx.query(
    `INSERT INTO assets (company_id, asset_coding, asset_name, specifications, unit, supplier, buy_date, buy_price,
                         loss_cycle, dept_id, staff_id, deposit_site, classify_id, attribute_values, created_at, updated_at,
                         import_job)
     SELECT $1, v.code, v.name, v.spec, v.unit, v.supplier, v.buy_date, v.buy_price, v.loss_cycle, v.dept_id, v.staff_id,
            v.site, v.classify_id, v.attrs::jsonb, $2, $2, $3
       FROM ${rowArraysSql(4)}
     ON CONFLICT (company_id, asset_coding) DO NOTHING`,
    [companyId, now, jobId, ...rowArrays(chunk)],
  );
  return rowCount;
}

/**
 * One chunk of changes to existing assets, staged; returns the rows staged. Only rows whose
 * asset still has the version the check read are staged (fewer rows: one was edited since,
 * and the import fails); from then on the asset is held against other writes until its change
 * is applied (assets/import-hold.ts, whose lock this takes).
 */
export async function stageUpdateChunk(tx: Queryable, companyId: number, jobId: number, chunk: RowValues[]): Promise<number> {
  await lockForStaging(tx, companyId);
  const { rowCount } = await tx.query(
    `INSERT INTO import_updates (company_id, job_id, asset_id, version, asset_name, specifications, unit, supplier, buy_date,
                                 buy_price, loss_cycle, dept_id, staff_id, deposit_site, classify_id, attribute_values)
     SELECT $1, $2, v.id, v.version, v.name, v.spec, v.unit, v.supplier, v.buy_date, v.buy_price, v.loss_cycle, v.dept_id,
            v.staff_id, v.site, v.classify_id, v.attrs::jsonb
       FROM ${rowArraysSql(3)}
       JOIN assets a ON a.company_id = $1 AND a.id = v.id AND a.version = v.version`,
    [companyId, jobId, ...rowArrays(chunk)],
  );
  return rowCount;
}

export interface AppliedChunk {
  /** Staged changes in the chunk. */
  staged: number;
  /** Assets changed: `staged` unless one was changed since it was staged (never expected: it was held). */
  applied: number;
  /** The job's apply_after now: the chunk's last asset id, or null when no change is left to apply. */
  through: number | null;
}

/**
 * Applies the job's staged changes to the assets with ids above `after`, in id order, at most
 * `limit` of them (null: all); a published job's (its finished_at is the time written). A
 * change is a save like a form's (db/record-version.ts): it bumps the asset's version, so open
 * forms reload, and happens only while the asset still has the version the check read.
 * Records how far it went as the job's apply_after (NULL once none is left), in the caller's
 * transaction, so that a stop leaves the rest to the next start (sweep.ts).
 */
export async function applyStagedChunk(tx: Queryable, companyId: number, jobId: number, after: number, limit: number | null): Promise<AppliedChunk> {
  // The chunk as a range of the primary key (its last id from an InitPlan): `asset_id IN
  // (subquery LIMIT n)` is planned as a nested loop (sweep.ts).
  const { rows } = await tx.query<{ staged: number; applied: number; last: number | null }>(
    `WITH chunk AS (
       SELECT asset_id FROM import_updates WHERE company_id = $1 AND job_id = $2 AND asset_id > $3
        ORDER BY asset_id LIMIT $4),
     changed AS (
       UPDATE assets a SET
         asset_name = u.asset_name, specifications = u.specifications, unit = u.unit, supplier = u.supplier,
         buy_date = u.buy_date, buy_price = u.buy_price, loss_cycle = u.loss_cycle, dept_id = u.dept_id,
         staff_id = u.staff_id, deposit_site = u.deposit_site, classify_id = u.classify_id,
         attribute_values = u.attribute_values, updated_at = j.finished_at, version = a.version + 1
         FROM import_updates u, import_jobs j
        WHERE u.company_id = $1 AND u.job_id = $2 AND u.asset_id > $3 AND u.asset_id <= (SELECT max(asset_id) FROM chunk)
          AND j.company_id = $1 AND j.id = $2
          AND a.company_id = u.company_id AND a.id = u.asset_id AND a.version = u.version
        RETURNING a.id)
     SELECT (SELECT count(*)::int FROM chunk) AS staged, (SELECT count(*)::int FROM changed) AS applied,
            (SELECT max(asset_id) FROM chunk) AS last`,
    [companyId, jobId, after, limit],
  );
  const { staged, applied, last } = rows[0];
  // A full chunk may have more after it; a shorter one (or all: limit null) was the last.
  const through = limit !== null && staged === limit ? last : null;
  await tx.query('UPDATE import_jobs SET apply_after = $3 WHERE company_id = $1 AND id = $2', [companyId, jobId, through]);
  return { staged, applied, through };
}

/**
 * After the publish: applies the job's staged changes above `after`, `limit` a transaction
 * (applyStagedChunk), each only while the job still has the lease's token (leases.ts). `onChunk` runs after each commit. Returns the staged changes not
 * applied (none expected: their assets were held).
 */
export async function applyRemaining(
  db: Db,
  lease: Lease,
  after: number,
  limit: number,
  onChunk?: (staged: number) => Promise<void>,
): Promise<number> {
  let missed = 0;
  for (let from: number | null = after; from !== null; ) {
    const start: number = from;
    const chunk: AppliedChunk = await db.transaction(async (tx) => {
      // Taken over meanwhile: the instance holding the job now applies the rest, once.
      await holdLease(tx, lease);
      return applyStagedChunk(tx, lease.companyId, lease.jobId, start, limit);
    });
    missed += chunk.staged - chunk.applied;
    from = chunk.through;
    await onChunk?.(chunk.staged);
    await yieldToEventLoop();
  }
  return missed;
}
