/**
 * Failed-login limits, against password guessing: within 15 minutes, at most 5 failures for
 * one account (counted since its last successful login) and 20 failures from one client
 * address. Over a limit, login answers code 10 with the minutes to wait, without checking
 * the password; blocked tries are not recorded, so waiting always helps.
 */
import { addMs, MINUTE_MS } from '../../clock.ts';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../errors.ts';

export const WINDOW_MS = 15 * MINUTE_MS;
export const MAX_ACCOUNT_FAILURES = 5;
export const MAX_IP_FAILURES = 20;

/** Milliseconds until fewer than `limit` of these failure times (newest first) lie inside the window. */
function waitMs(failuresNewestFirst: Date[], limit: number, now: Date): number {
  if (failuresNewestFirst.length < limit) return 0;
  // The limit-th newest failure is the one whose leaving the window lets a try through.
  return failuresNewestFirst[limit - 1].getTime() + WINDOW_MS - now.getTime();
}

/** Throws AppError('tooManyAttempts', {minutes}) when either limit is reached. */
export async function assertLoginAllowed(q: Queryable, account: string, ip: string, now: Date): Promise<void> {
  const windowStart = addMs(now, -WINDOW_MS);
  const byAccount = await q.query<{ created_at: Date }>(
    `SELECT created_at FROM login_attempts
      WHERE account = $1 AND NOT succeeded AND created_at > $2
        AND id > COALESCE((SELECT max(id) FROM login_attempts WHERE account = $1 AND succeeded), 0)
      ORDER BY created_at DESC LIMIT $3`,
    [account, windowStart, MAX_ACCOUNT_FAILURES],
  );
  const byIp = await q.query<{ created_at: Date }>(
    `SELECT created_at FROM login_attempts
      WHERE ip = $1 AND NOT succeeded AND created_at > $2
      ORDER BY created_at DESC LIMIT $3`,
    [ip, windowStart, MAX_IP_FAILURES],
  );
  const wait = Math.max(
    waitMs(byAccount.rows.map((r) => r.created_at), MAX_ACCOUNT_FAILURES, now),
    waitMs(byIp.rows.map((r) => r.created_at), MAX_IP_FAILURES, now),
  );
  if (wait > 0) throw new AppError('tooManyAttempts', { minutes: Math.max(1, Math.ceil(wait / MINUTE_MS)) });
}

export async function recordLoginAttempt(
  q: Queryable,
  attempt: { account: string; ip: string; succeeded: boolean },
  now: Date,
): Promise<void> {
  await q.query('INSERT INTO login_attempts (account, ip, succeeded, created_at) VALUES ($1, $2, $3, $4)', [
    attempt.account,
    attempt.ip,
    attempt.succeeded,
    now,
  ]);
}

export async function purgeOldAttempts(q: Queryable, now: Date): Promise<number> {
  const { rowCount } = await q.query('DELETE FROM login_attempts WHERE created_at < $1', [addMs(now, -WINDOW_MS)]);
  return rowCount;
}
