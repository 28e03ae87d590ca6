/**
 * The write phase of an import: stage in short transactions, publish in one (migration 016).
 *
 * PGlite is one connection inside this process: a transaction holds it, and every other
 * request that needs the database waits until it ends. Writing a whole file in one transaction
 * (about a second per 10,000 rows) thus held the whole server. So the checked rows go to
 * import_staged_assets in transactions of STAGE_CHUNK rows each, the event loop and the
 * connection given back between two; other requests' queries, queued meanwhile, run in the
 * gaps. Staged rows are no assets: nothing reads them but the code checks (asset_codes_in_use),
 * so users see nothing of the file until publish() copies the job's rows into assets
 * (INSERT ... SELECT), records the job's outcome and drops its staged rows, in one transaction.
 *
 * What this does not fix on PGlite: that copy holds the connection until it commits, and it is
 * most of the cost (the assets' row checks and indexes; measured in the README's Bulk import),
 * so requests that need the database still wait about as long as for the old write, only now
 * at the end rather than throughout. Showing committed rows while hiding them from every
 * query of assets (a batch column) would end that, at the price of a filter in every one of
 * the ~30 queries on assets in 16 files, each a leak if forgotten.
 *
 * All or nothing: a failure at any point before publish commits leaves assets untouched, and
 * the staged rows are dropped at once (dropStaged), or at the next start when the server died
 * (dropInterruptedStaging).
 */
import type { Db, Queryable } from '../../db/db.ts';
import { reserveCodes } from '../assets/codes.ts';
import type { RowValues } from './rows.ts';

/** Rows staged per transaction: about 50 ms of PGlite's time, the most another request waits. */
export const STAGE_CHUNK = 500;

/**
 * Stages `writes` for the job, STAGE_CHUNK rows a transaction; `afterChunk` runs after each
 * commit with the rows staged so far (progress, test gates) and may throw to stop the import.
 */
export async function stageRows(
  db: Db,
  companyId: number,
  jobId: number,
  writes: readonly RowValues[],
  afterChunk: (staged: number) => Promise<void>,
): Promise<void> {
  // One import runs per company (import_jobs_running_idx): rows of the company still staged
  // belong to a job whose clean-up failed. They would make codes look taken.
  await db.query('DELETE FROM import_staged_assets WHERE company_id = $1 AND job_id <> $2', [companyId, jobId]);
  for (let start = 0; start < writes.length; start += STAGE_CHUNK) {
    const chunk = writes.slice(start, start + STAGE_CHUNK);
    await db.transaction((tx) => insertStaged(tx, companyId, jobId, start, chunk));
    await afterChunk(start + chunk.length);
    // PGlite answers through promises only: without a macrotask here the next chunk's
    // BEGIN would be queued before the requests that came in meanwhile.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

async function insertStaged(tx: Queryable, companyId: number, jobId: number, firstSeq: number, chunk: readonly RowValues[]): Promise<void> {
  const column = <T>(pick: (w: RowValues) => T) => chunk.map(pick);
  await tx.query(
    `INSERT INTO import_staged_assets (company_id, job_id, seq, id, version, code, asset_name, specifications, unit,
                                       supplier, buy_date, buy_price, loss_cycle, dept_id, staff_id, deposit_site,
                                       classify_id, attribute_values)
     SELECT $1, $2, $3 + v.ord - 1, v.id, v.version, NULLIF(v.code, ''), v.name, v.spec, v.unit, v.supplier, v.buy_date,
            v.buy_price, v.loss_cycle, v.dept_id, v.staff_id, v.site, v.classify_id, v.attrs::jsonb
       FROM unnest($4::bigint[], $5::integer[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::date[],
                   $12::numeric[], $13::integer[], $14::bigint[], $15::bigint[], $16::text[], $17::bigint[], $18::text[])
            WITH ORDINALITY AS v(id, version, code, name, spec, unit, supplier, buy_date, buy_price, loss_cycle, dept_id,
                                 staff_id, site, classify_id, attrs, ord)`,
    [
      companyId,
      jobId,
      firstSeq,
      column((w) => w.id),
      column((w) => w.version),
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
    ],
  );
}

/** Rows copied per statement of the final transaction (see publish). */
export const PUBLISH_CHUNK = 2000;

/**
 * Inside the final transaction: generates the codes of new rows without one (the company's
 * next numbers, none the file uses), copies the job's staged rows into assets, drops them.
 * Returns the assets written; fewer than `writes` means a code was taken by another asset, or
 * an asset the file updates was edited or deleted, since the check: the caller rolls back.
 *
 * The copy goes PUBLISH_CHUNK rows a statement with the event loop given back between two:
 * PGlite runs a statement on this thread, and one statement for 100,000 rows would freeze
 * the process (health checks, the app's files) for its whole length. Requests that need the
 * database wait for the commit either way: the assets' constraints, foreign keys, generated
 * columns and nine indexes cost about as much as the old one-transaction write did.
 *
 * An update is a save like a form's (db/record-version.ts): it bumps the asset's version, so
 * open forms reload, and happens only while the asset still has the version the check read.
 */
export async function publish(tx: Queryable, companyId: number, jobId: number, writes: readonly RowValues[], now: Date): Promise<number> {
  const missing: number[] = [];
  writes.forEach((w, seq) => w.code === '' && missing.push(seq));
  const codes = missing.length === 0 ? [] : await reserveCodes(tx, companyId, missing.length, new Set(writes.map((w) => w.code)));
  let written = 0;
  for (let from = 0; from < writes.length; from += PUBLISH_CHUNK) {
    if (from > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const { rowCount } = await tx.query(
      `INSERT INTO assets (company_id, id, asset_coding, asset_name, specifications, unit, supplier, buy_date, buy_price,
                           loss_cycle, dept_id, staff_id, deposit_site, classify_id, attribute_values, version, created_at, updated_at)
       OVERRIDING SYSTEM VALUE
       SELECT s.company_id, COALESCE(s.id, nextval(pg_get_serial_sequence('assets', 'id'))), COALESCE(s.code, g.code),
              s.asset_name, s.specifications, s.unit, s.supplier, s.buy_date, s.buy_price, s.loss_cycle, s.dept_id,
              s.staff_id, s.deposit_site, s.classify_id, s.attribute_values, COALESCE(s.version, 1), $3, $3
         FROM import_staged_assets s
         LEFT JOIN unnest($4::integer[], $5::text[]) AS g(seq, code) ON g.seq = s.seq
        WHERE s.company_id = $1 AND s.job_id = $2 AND s.seq >= $6 AND s.seq < $7
          -- An asset deleted since the check is not made again under its old id.
          AND (s.id IS NULL OR EXISTS (SELECT 1 FROM assets a WHERE a.company_id = s.company_id AND a.id = s.id))
        ORDER BY s.seq
       ON CONFLICT (company_id, asset_coding) DO UPDATE SET
         asset_name = EXCLUDED.asset_name, specifications = EXCLUDED.specifications, unit = EXCLUDED.unit,
         supplier = EXCLUDED.supplier, buy_date = EXCLUDED.buy_date, buy_price = EXCLUDED.buy_price,
         loss_cycle = EXCLUDED.loss_cycle, dept_id = EXCLUDED.dept_id, staff_id = EXCLUDED.staff_id,
         deposit_site = EXCLUDED.deposit_site, classify_id = EXCLUDED.classify_id,
         attribute_values = EXCLUDED.attribute_values, updated_at = EXCLUDED.updated_at, version = assets.version + 1
       WHERE assets.id = EXCLUDED.id AND assets.version = EXCLUDED.version`,
      [companyId, jobId, now, missing, codes, from, from + PUBLISH_CHUNK],
    );
    written += rowCount;
  }
  await dropStaged(tx, companyId, jobId);
  return written;
}

/** Drops a job's staged rows (after a failure; publish drops its own). */
export async function dropStaged(q: Queryable, companyId: number, jobId: number): Promise<void> {
  await q.query('DELETE FROM import_staged_assets WHERE company_id = $1 AND job_id = $2', [companyId, jobId]);
}

/** At start-up, before the jobs left 'importing' are marked failed: drops their staged rows. */
export async function dropInterruptedStaging(q: Queryable): Promise<void> {
  await q.query(
    `DELETE FROM import_staged_assets s USING import_jobs j
      WHERE j.company_id = s.company_id AND j.id = s.job_id AND j.status = 'importing'`,
  );
}
