/**
 * Scheduled work done once a period between the instances on a database (scheduled.ts): the
 * first instance whose timer fires does it; the others, that period, skip it; one finding the
 * lock taken skips too. On a PostgreSQL server the instances race for real (each call its own
 * connection), on PGlite they queue on its one connection: either way it runs once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../clock.ts';
import type { Db } from './db.ts';
import { runScheduled, scheduledLockKey } from './scheduled.ts';
import { openTestDb } from './test-db.ts';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db?.close());

const at = (ms: number) => new Date(Date.UTC(2026, 11, 7) + ms);

describe('scheduled work', () => {
  it('runs once a period however many instances ask at the same moment', async () => {
    let runs = 0;
    const work = async () => void runs++;
    const asked = await Promise.all(Array.from({ length: 6 }, () => runScheduled(db, 'tidy', HOUR_MS, at(0), work)));
    expect(asked.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    // Within the hour: no one; an hour on: one again.
    expect(await runScheduled(db, 'tidy', HOUR_MS, at(HOUR_MS - 1), work)).toBe(false);
    const later = await Promise.all(Array.from({ length: 3 }, () => runScheduled(db, 'tidy', HOUR_MS, at(HOUR_MS), work)));
    expect(later.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(2);
    // Another kind of work has its own period.
    expect(await runScheduled(db, 'other', HOUR_MS, at(HOUR_MS), work)).toBe(true);
  });

  it('skips while another instance holds the lock, and leaves the period unspent when the work fails', async () => {
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const first = runScheduled(db, 'held', HOUR_MS, at(0), async () => {
      entered();
      await holding;
    });
    await inside;
    if (db.kind === 'postgres') expect(await runScheduled(db, 'held', HOUR_MS, at(0), async () => {})).toBe(false);
    release();
    expect(await first).toBe(true);

    await expect(runScheduled(db, 'failing', HOUR_MS, at(0), async () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect(await runScheduled(db, 'failing', HOUR_MS, at(1), async () => {})).toBe(true);
  });

  it('names each kind by its own 64-bit lock key', () => {
    expect(scheduledLockKey('tidy')).toBe(scheduledLockKey('tidy'));
    expect(scheduledLockKey('tidy')).not.toBe(scheduledLockKey('other'));
  });
});
