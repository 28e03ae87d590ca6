/**
 * Work that every instance schedules and one should do (issue 27): each kind is named, and
 * when it last began is kept in scheduled_work (migration 021). An instance whose timer fires
 * takes the kind's advisory lock for one transaction (pg_try_advisory_xact_lock: an instance
 * finding it taken skips, another is doing it now), reads when the work last began, and does
 * it only if that was a whole period ago; so N instances do it once a period between them,
 * and never two at a time. The work runs in that transaction: it is short (deletes of stale
 * rows), and a failure leaves last_started_at as it was, for the next timer to try again.
 */
import { createHash } from 'node:crypto';
import type { Db, Queryable } from './db.ts';

/** The advisory lock key of a kind of work: 63 bits of its name's SHA-256 (other keys: db/migrate.ts, login limits). */
export function scheduledLockKey(name: string): bigint {
  return createHash('sha256').update(`assetmark:scheduled:${name}`).digest().readBigInt64BE(0);
}

/**
 * Does `work` if no instance began `name` within `periodMs` of `now` and no other is doing it;
 * answers whether it ran here.
 */
export async function runScheduled(db: Db, name: string, periodMs: number, now: Date, work: (tx: Queryable) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows: lock } = await tx.query<{ got: boolean }>('SELECT pg_try_advisory_xact_lock($1::bigint) AS got', [scheduledLockKey(name).toString()]);
    if (!lock[0].got) return false;
    const { rows } = await tx.query<{ last: Date }>('SELECT last_started_at AS last FROM scheduled_work WHERE name = $1', [name]);
    if (rows[0] && now.getTime() - new Date(rows[0].last).getTime() < periodMs) return false;
    await tx.query(
      `INSERT INTO scheduled_work (name, last_started_at) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET last_started_at = EXCLUDED.last_started_at`,
      [name, now],
    );
    await work(tx);
    return true;
  });
}
