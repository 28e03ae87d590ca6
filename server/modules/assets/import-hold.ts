/**
 * Assets held by an import: from the moment an import stages its change to an existing asset
 * (import-export/write.ts) until that change is applied, every other write of that asset (the
 * asset form, a delete, a transaction) is refused with assetBeingImported and changes nothing.
 *
 * Why: an import applies its changes after its publish in short transactions (on PGlite, so
 * that one connection keeps answering other requests: migration 019). Once the first is
 * committed the rest must follow, so nothing may change an asset whose change is still to be
 * applied. Holding from the staging on also means an edit made during a long import is
 * refused at once, where it used to make the whole import fail at its publish.
 *
 * A job holds the assets it staged while it is 'importing', and after its publish those with
 * an id above its apply_after. A failed job holds nothing (its staged changes are garbage
 * until swept).
 *
 * On a PostgreSQL server writes and staging overlap: each write takes this company's lock
 * shared before it checks, each staging transaction takes it exclusively before it stages
 * (only for rows still at the version the import checked). So either the write commits first
 * and the staging sees its new version (the import fails, as an edit after the check must
 * make it), or the staging commits first and the write sees the hold.
 */
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../errors.ts';

/** Advisory-lock class of the holds, the second key being the company id. */
const IMPORT_HOLD_LOCK = 4_171_020;

/** Inside a staging transaction, before it stages: waits for the company's writes in flight. */
export async function lockForStaging(tx: Queryable, companyId: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, $2::int)', [IMPORT_HOLD_LOCK, companyId]);
}

/**
 * Inside a write's transaction, before it writes these assets: refuses (assetBeingImported,
 * naming one of them) when an import holds any of them.
 */
export async function refuseHeldAssets(tx: Queryable, companyId: number, assetIds: readonly number[]): Promise<void> {
  if (assetIds.length === 0) return;
  await tx.query('SELECT pg_advisory_xact_lock_shared($1, $2::int)', [IMPORT_HOLD_LOCK, companyId]);
  // Starts from the company's holding jobs (a partial index, usually empty), then looks the
  // ids up in each one's staged changes by their primary key.
  const { rows } = await tx.query<{ code: string }>(
    `SELECT a.asset_coding AS code
       FROM import_jobs j
       JOIN import_updates u ON u.company_id = j.company_id AND u.job_id = j.id
       JOIN assets a ON a.company_id = u.company_id AND a.id = u.asset_id
      WHERE j.company_id = $1 AND (j.status = 'importing' OR j.apply_after IS NOT NULL)
        AND u.asset_id = ANY($2::bigint[])
        AND (j.status = 'importing' OR u.asset_id > j.apply_after)
      ORDER BY a.id LIMIT 1`,
    [companyId, assetIds],
  );
  if (rows.length > 0) throw new AppError('assetBeingImported', { code: rows[0].code });
}
