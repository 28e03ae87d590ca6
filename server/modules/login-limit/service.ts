/**
 * Password-guessing limits, for every check of a password: login, and the old password of a
 * password change. Three limits, each counting failed checks:
 *
 * 1. One account from one client address: 5 failures in a row are free (typing mistakes);
 *    after that each try waits after the latest failure, 1 minute after the 5th, doubling
 *    with every further failure (2, 4, 8, 16 minutes) up to 30 minutes. Counted since that
 *    address's last success on the account, over the last 24 hours.
 * 2. One account from all addresses together: 30 failures in 15 minutes (since the account's
 *    last success). A guesser must spread over several addresses to reach it; it then holds
 *    back everyone, the owner included, until the oldest of the 30 is 15 minutes old.
 * 3. One address over all accounts: 20 failures in 15 minutes (password spraying).
 *
 * So wrong passwords from an attacker's address slow down that address only, and the owner
 * logs in from his own. Over a limit the answer is code 10 with the minutes to wait, and the
 * password is not checked; refused tries are not recorded, so waiting always helps.
 *
 * Atomicity: a try is recorded as failed BEFORE its password is checked, in one transaction
 * that holds advisory locks on the account and on the address while it counts and inserts,
 * so concurrent tries see each other and a burst of any size checks no more passwords than
 * the limits allow. A right password then marks its row succeeded.
 */
import { addMs, HOUR_MS, MINUTE_MS } from '../../clock.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { AppError, minutesParam } from '../../errors.ts';
import { purgeOldCodeRequests } from './code-requests.ts';
import { LOCK_CLASS, waitMinutes, windowWaitMs } from './window.ts';

export const PAIR_FREE_FAILURES = 5;
export const PAIR_FIRST_DELAY_MS = MINUTE_MS;
export const PAIR_MAX_DELAY_MS = 30 * MINUTE_MS;
/** How long an address's failures on an account are remembered for the growing delay. */
export const PAIR_MEMORY_MS = 24 * HOUR_MS;

export const WINDOW_MS = 15 * MINUTE_MS;
export const MAX_ACCOUNT_FAILURES = 30;
export const MAX_IP_FAILURES = 20;

/** The growing delay of limit 1, in ms after the latest failure. */
export function pairDelayMs(failures: number): number {
  if (failures < PAIR_FREE_FAILURES) return 0;
  return Math.min(PAIR_FIRST_DELAY_MS * 2 ** (failures - PAIR_FREE_FAILURES), PAIR_MAX_DELAY_MS);
}

export interface PasswordTry {
  /** What the limits count by: 'user:<id>' for an existing user, the login name otherwise. */
  account: string;
  ip: string;
}

/**
 * Admits one password check: records it as failed and returns its row id, or throws
 * AppError(refusal, {minutes}) without recording anything when a limit is reached.
 */
export async function admitPasswordCheck(
  db: Db,
  attempt: PasswordTry,
  now: Date,
  refusal: 'tooManyAttempts' | 'tooManyPasswordChecks' = 'tooManyAttempts',
): Promise<number> {
  return db.transaction(async (tx) => {
    // Always the account first, then the address: a fixed order, so two tries never wait on each other in a cycle.
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCK_CLASS.account, attempt.account]);
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCK_CLASS.address, attempt.ip]);

    const pair = await tx.query<{ failures: number; latest: Date | null }>(
      `SELECT count(*)::int AS failures, max(created_at) AS latest FROM login_attempts
        WHERE account = $1 AND ip = $2 AND NOT succeeded AND created_at > $3
          AND id > COALESCE((SELECT max(id) FROM login_attempts WHERE account = $1 AND ip = $2 AND succeeded), 0)`,
      [attempt.account, attempt.ip, addMs(now, -PAIR_MEMORY_MS)],
    );
    const { failures, latest } = pair.rows[0];
    const pairWait = latest ? latest.getTime() + pairDelayMs(failures) - now.getTime() : 0;

    const windowStart = addMs(now, -WINDOW_MS);
    const byAccount = await tx.query<{ created_at: Date }>(
      `SELECT created_at FROM login_attempts
        WHERE account = $1 AND NOT succeeded AND created_at > $2
          AND id > COALESCE((SELECT max(id) FROM login_attempts WHERE account = $1 AND succeeded), 0)
        ORDER BY created_at DESC LIMIT $3`,
      [attempt.account, windowStart, MAX_ACCOUNT_FAILURES],
    );
    const byIp = await tx.query<{ created_at: Date }>(
      `SELECT created_at FROM login_attempts
        WHERE ip = $1 AND NOT succeeded AND created_at > $2
        ORDER BY created_at DESC LIMIT $3`,
      [attempt.ip, windowStart, MAX_IP_FAILURES],
    );
    const wait = Math.max(
      pairWait,
      windowWaitMs(byAccount.rows.map((r) => r.created_at), MAX_ACCOUNT_FAILURES, WINDOW_MS, now),
      windowWaitMs(byIp.rows.map((r) => r.created_at), MAX_IP_FAILURES, WINDOW_MS, now),
    );
    if (wait > 0) throw new AppError(refusal, { minutes: minutesParam(waitMinutes(wait)) });

    const { rows } = await tx.query<{ id: number }>(
      'INSERT INTO login_attempts (account, ip, succeeded, created_at) VALUES ($1, $2, false, $3) RETURNING id',
      [attempt.account, attempt.ip, now],
    );
    return rows[0].id;
  });
}

/** The admitted check found the right password. */
export async function markCheckSucceeded(q: Queryable, attemptId: number): Promise<void> {
  await q.query('UPDATE login_attempts SET succeeded = true WHERE id = $1', [attemptId]);
}

/** Deletes login attempts past the longest memory (24 h) and code requests past their hour. */
export async function purgeOldAttempts(q: Queryable, now: Date): Promise<number> {
  const { rowCount } = await q.query('DELETE FROM login_attempts WHERE created_at < $1', [
    addMs(now, -Math.max(PAIR_MEMORY_MS, WINDOW_MS)),
  ]);
  return rowCount + (await purgeOldCodeRequests(q, now));
}
