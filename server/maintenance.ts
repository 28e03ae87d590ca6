/**
 * Housekeeping: deletes ended sessions, day-old verification codes, login attempts past their
 * window and inventory orders abandoned half-made, then (PGlite only) vacuums and analyzes,
 * which a PostgreSQL server's autovacuum does by itself (db/vacuum.ts). Every instance looks
 * at start and then every few minutes; the purge itself runs once an hour between all the
 * instances on the database (db/scheduled.ts). The timer never keeps the process alive.
 */
import type { Clock } from './clock.ts';
import { HOUR_MS } from './clock.ts';
import type { Db, Queryable } from './db/db.ts';
import { runScheduled } from './db/scheduled.ts';
import { tidyTables } from './db/vacuum.ts';
import type { Logger } from './log.ts';
import { abandonedBefore, removeUnfinishedOrders } from './modules/inventory/create.ts';
import { purgeOldAttempts } from './modules/login-limit/service.ts';
import { purgeExpiredSessions } from './modules/sessions/service.ts';
import { purgeOldCodes } from './modules/verification/service.ts';

/** How often an instance looks whether the hourly purge is due, in ms. */
const LOOK_EVERY_MS = 5 * 60 * 1000;

export async function purgeStaleRows(db: Queryable, now: Date): Promise<void> {
  await purgeExpiredSessions(db, now);
  await purgeOldCodes(db, now);
  await purgeOldAttempts(db, now);
  await removeUnfinishedOrders(db, abandonedBefore(now));
}

/** The hourly purge, if it is due and no other instance is doing it; answers whether it ran here. */
export async function purgeIfDue(db: Db, now: Date): Promise<boolean> {
  return runScheduled(db, 'purge-stale-rows', HOUR_MS, now, (tx) => purgeStaleRows(tx, now));
}

export function startMaintenance(db: Db, clock: Clock, log: Logger): () => void {
  const run = () =>
    purgeIfDue(db, clock())
      .then((ran) => (ran ? tidyTables(db) : undefined))
      .catch((err) => log.error('[maintenance] purge failed:', err));
  void run();
  const timer = setInterval(run, LOOK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
