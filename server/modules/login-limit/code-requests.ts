/**
 * Verification-code requests per client address: at most 30 an hour by default
 * (CODE_REQUESTS_PER_HOUR), whatever the targets
 * (each target has its own limits in modules/verification). Every request that reaches the
 * service counts, sent or refused, so the limit also slows down probing which accounts exist.
 * Over it the answer is code 20 with the minutes to wait; a refused request is not recorded.
 */
import { addMs, HOUR_MS } from '../../clock.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { AppError, minutesParam } from '../../errors.ts';
import { LOCK_CLASS, waitMinutes, windowWaitMs } from './window.ts';

export const CODE_REQUEST_WINDOW_MS = HOUR_MS;
export const DEFAULT_CODE_REQUESTS_PER_HOUR = 30;

/** Records a code request from `ip`, or throws AppError('codeRequestsFromAddress', {minutes}). */
export async function admitCodeRequest(db: Db, ip: string, perHour: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // Counting and recording under one lock per address, so a concurrent burst cannot pass the count together.
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCK_CLASS.codeAddress, ip]);
    const { rows } = await tx.query<{ created_at: Date }>(
      `SELECT created_at FROM code_requests
        WHERE ip = $1 AND created_at > $2
        ORDER BY created_at DESC LIMIT $3`,
      [ip, addMs(now, -CODE_REQUEST_WINDOW_MS), perHour],
    );
    const wait = windowWaitMs(
      rows.map((r) => r.created_at),
      perHour,
      CODE_REQUEST_WINDOW_MS,
      now,
    );
    if (wait > 0) throw new AppError('codeRequestsFromAddress', { minutes: minutesParam(waitMinutes(wait)) });
    await tx.query('INSERT INTO code_requests (ip, created_at) VALUES ($1, $2)', [ip, now]);
  });
}

export async function purgeOldCodeRequests(q: Queryable, now: Date): Promise<number> {
  const { rowCount } = await q.query('DELETE FROM code_requests WHERE created_at < $1', [
    addMs(now, -CODE_REQUEST_WINDOW_MS),
  ]);
  return rowCount;
}
