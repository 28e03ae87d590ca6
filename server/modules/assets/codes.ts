/**
 * Generated asset codes: 'ZC' and the company's next number, 8 digits at least (ZC00000001),
 * from a counter per company (table asset_code_counters, migration 005). A company's codes
 * thus run 1, 2, 3... whatever other companies do, and reveal nothing about them.
 *
 * Numbers are taken by one UPDATE of the company's counter row inside the caller's
 * transaction (the insert's): the row stays locked until that transaction ends, so concurrent
 * creates and imports of one company wait for each other and never get the same number, and
 * a transaction that rolls back hands its numbers back. Other companies are not held up. An
 * import reserves its numbers in a transaction of their own and writes its rows later; if it
 * fails, its numbers are handed back once its rows are gone (handBackCodes, migration 020).
 *
 * A number whose code is already in use (a user may type 'ZC00000007' by hand, or an import
 * file may carry it) is skipped: the counter then jumps past the company's highest code of
 * that form, and the numbers still needed are taken after it.
 */
import type { Queryable } from '../../db/db.ts';

const PREFIX = 'ZC';
/** The codes numbers are read back from: the prefix and up to 15 digits (a safe integer in JavaScript). */
const NUMBERED = /^ZC(\d{1,15})$/;

export function codeOf(n: number): string {
  return `${PREFIX}${String(n).padStart(8, '0')}`;
}

/** The number of a generated-form code ('ZC00000042' → 42), else null. */
export function numberOf(code: string): number | null {
  const match = NUMBERED.exec(code);
  return match ? Number(match[1]) : null;
}

/** Adds `count` to the company's counter (made at 0 when missing); returns the new last number. */
async function advance(q: Queryable, companyId: number, count: number): Promise<number> {
  const { rows } = await q.query<{ last_number: number }>(
    `INSERT INTO asset_code_counters AS c (company_id, last_number) VALUES ($1, $2)
     ON CONFLICT (company_id) DO UPDATE SET last_number = c.last_number + EXCLUDED.last_number
     RETURNING c.last_number`,
    [companyId, count],
  );
  return Number(rows[0].last_number);
}

/**
 * `count` new codes for the company, none of them in use by its assets nor in `avoid` (codes
 * the caller is about to write, e.g. an import file's); call inside the insert's transaction.
 */
export async function reserveCodes(
  q: Queryable,
  companyId: number,
  count: number,
  avoid: ReadonlySet<string> = new Set(),
): Promise<string[]> {
  const codes: string[] = [];
  while (codes.length < count) {
    const need = count - codes.length;
    const last = await advance(q, companyId, need);
    const candidates = Array.from({ length: need }, (_, i) => codeOf(last - need + 1 + i));
    const taken = await q.query<{ asset_coding: string }>(
      'SELECT asset_coding FROM assets WHERE company_id = $1 AND asset_coding = ANY($2::text[])',
      [companyId, candidates],
    );
    const inUse = new Set(taken.rows.map((r) => r.asset_coding));
    const free = candidates.filter((code) => !inUse.has(code) && !avoid.has(code));
    codes.push(...free);
    if (free.length < need) await skipPastTaken(q, companyId, avoid);
  }
  return codes;
}

/** Moves the counter past the highest generated-form code of the company's assets and of `avoid`. */
async function skipPastTaken(q: Queryable, companyId: number, avoid: ReadonlySet<string>): Promise<void> {
  let highest = 0;
  for (const code of avoid) highest = Math.max(highest, numberOf(code) ?? 0);
  await q.query(
    `UPDATE asset_code_counters
        SET last_number = GREATEST(last_number, $2::bigint, COALESCE((
              SELECT max(substring(asset_coding FROM 3)::bigint) FROM assets
               WHERE company_id = $1 AND asset_coding ~ '^ZC[0-9]{1,15}$'), 0))
      WHERE company_id = $1`,
    [companyId, highest],
  );
}

/** The company's counter: the last number taken (0 when none); locks its row for the caller's transaction. */
export async function lastCodeNumber(q: Queryable, companyId: number): Promise<number> {
  const { rows } = await q.query<{ last_number: number }>(
    'SELECT last_number FROM asset_code_counters WHERE company_id = $1 FOR UPDATE',
    [companyId],
  );
  return Number(rows[0]?.last_number ?? 0);
}

/**
 * Hands back the numbers taken from `before` to `after` (a failed import's, whose rows are
 * gone): the counter returns to `before` only if it still stands at `after`, i.e. nothing took
 * a number since; otherwise the gap stays (the numbers after it are in use). Returns whether
 * it did.
 */
export async function handBackCodes(q: Queryable, companyId: number, before: number, after: number): Promise<boolean> {
  const { rowCount } = await q.query('UPDATE asset_code_counters SET last_number = $2 WHERE company_id = $1 AND last_number = $3', [
    companyId,
    before,
    after,
  ]);
  return rowCount === 1;
}
