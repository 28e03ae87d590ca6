/**
 * Housekeeping: deletes ended sessions, day-old verification codes and login attempts past
 * their window, then (PGlite only) vacuums and analyzes, which a PostgreSQL server's
 * autovacuum does by itself (db/vacuum.ts). Runs once at start and then hourly; the timer
 * never keeps the process alive.
 */
import type { Clock } from './clock.ts';
import { HOUR_MS } from './clock.ts';
import type { Db } from './db/db.ts';
import { tidyTables } from './db/vacuum.ts';
import type { Logger } from './log.ts';
import { purgeOldAttempts } from './modules/login-limit/service.ts';
import { purgeExpiredSessions } from './modules/sessions/service.ts';
import { purgeOldCodes } from './modules/verification/service.ts';

export async function purgeStaleRows(db: Db, now: Date): Promise<void> {
  await purgeExpiredSessions(db, now);
  await purgeOldCodes(db, now);
  await purgeOldAttempts(db, now);
}

export function startMaintenance(db: Db, clock: Clock, log: Logger): () => void {
  const run = () =>
    purgeStaleRows(db, clock())
      .then(() => tidyTables(db))
      .catch((err) => log.error('[maintenance] purge failed:', err));
  void run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
