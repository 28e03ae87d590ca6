/**
 * Which assets exist for their company's users: the one rule, used by every statement that
 * reads assets for a user (lists, counts, details, exports, the dashboard, labels, scans,
 * transactions, inventory orders, access checks).
 *
 * An import writes its new assets in chunks, each its own short transaction (so PGlite's one
 * connection is free between them: import-export/service.ts), marked with its job
 * (assets.import_job, migration 018). Such a row is hidden until its job is 'success', which
 * one short transaction sets (the publish); a job that fails or is interrupted never becomes
 * 'success', and its rows are deleted afterwards (the job is then `swept`). Rows made any
 * other way have no job and are always visible.
 *
 * The rule names the hiding jobs, not the published ones: the company's jobs that are not
 * 'success' and not yet swept, usually none or the one running. They are read once per
 * statement (an InitPlan over a partial index of import_jobs), and each row is tested
 * against that short array from its index entry: the list's indexes carry import_job
 * (migration 018), so its index-only scans stay index-only. A list of the published jobs
 * instead would grow with every import and be compared with every row.
 *
 * Not under this rule, on purpose: the code-in-use checks (a hidden row holds its code in the
 * unique index until it is deleted, so a form creating that code is refused as taken, and
 * codes.ts never hands it out) and the write of the import itself.
 */
import type { Queryable } from '../../db/db.ts';

/** SQL true when the asset row `alias` is visible; `company` is the placeholder of its company id. */
export function visibleAsset(alias: string, company: string): string {
  return `(${alias}.import_job IS NULL OR ${alias}.import_job <> ALL(ARRAY(
    SELECT hj.id FROM import_jobs hj WHERE hj.company_id = ${company} AND hj.status <> 'success' AND NOT hj.swept)))`;
}

/**
 * The company's jobs whose rows are hidden now. For a reader that spans several transactions
 * (an inventory order copies the register in chunks): rows hidden when it began stay out even
 * if their import is published meanwhile, so it never takes in part of an import.
 */
export async function hidingImportJobs(q: Queryable, companyId: number): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>(
    `SELECT id FROM import_jobs WHERE company_id = $1 AND status <> 'success' AND NOT swept`,
    [companyId],
  );
  return rows.map((r) => r.id);
}

/** SQL true when the asset row `alias` was not written by the jobs of the bigint[] placeholder `jobs`. */
export function notWrittenBy(alias: string, jobs: string): string {
  return `(${alias}.import_job IS NULL OR ${alias}.import_job <> ALL(${jobs}::bigint[]))`;
}
