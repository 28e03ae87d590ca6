import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { openTestDb } from '../../db/test-db.ts';
import { testClock } from '../../testing/harness.ts';
import { createSession, endUserSessions, hashToken, purgeExpiredSessions, resolveSession } from './service.ts';

let db: Db;
let user: { userId: number; companyId: number };
beforeAll(async () => {
  db = await openTestDb();
  const company = await db.query<{ id: number }>("INSERT INTO companies (name) VALUES ('S') RETURNING id");
  const row = await db.query<{ id: number }>(
    "INSERT INTO users (company_id, email, password_hash) VALUES ($1, 's@example.com', 'x') RETURNING id",
    [company.rows[0].id],
  );
  user = { userId: row.rows[0].id, companyId: company.rows[0].id };
});
afterAll(() => db?.close());

const policy = { idleHours: 12, absoluteHours: 7 * 24 };
const clock = testClock();

describe('sessions', () => {
  it('slide forward with use and end after 12 idle hours', async () => {
    const { token, session } = await createSession(db, user, clock.now(), policy);
    expect(session.expiresAt.getTime() - clock.now().getTime()).toBe(12 * HOUR_MS);
    clock.advance(11 * HOUR_MS);
    const used = await resolveSession(db, token, clock.now(), policy);
    expect(used?.expiresAt.getTime()).toBe(clock.now().getTime() + 12 * HOUR_MS);
    clock.advance(11 * HOUR_MS);
    expect(await resolveSession(db, token, clock.now(), policy)).not.toBeNull();
    clock.advance(12 * HOUR_MS);
    expect(await resolveSession(db, token, clock.now(), policy)).toBeNull();
    // An ended session is removed on sight.
    const { rowCount } = await db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [hashToken(token)]);
    expect(rowCount).toBe(0);
  });

  it('end 7 days after login however busy', async () => {
    const { token } = await createSession(db, user, clock.now(), policy);
    // A request every 6 hours keeps it alive up to hour 167 ...
    for (let hour = 6; hour <= 162; hour += 6) {
      clock.advance(6 * HOUR_MS);
      expect(await resolveSession(db, token, clock.now(), policy), `hour ${hour}`).not.toBeNull();
    }
    clock.advance(5 * HOUR_MS);
    expect(await resolveSession(db, token, clock.now(), policy)).not.toBeNull();
    // ... and not at hour 168.
    clock.advance(HOUR_MS);
    expect(await resolveSession(db, token, clock.now(), policy)).toBeNull();
  });

  it('write last-seen at most once a minute', async () => {
    const { token, session } = await createSession(db, user, clock.now(), policy);
    clock.advance(30_000);
    expect((await resolveSession(db, token, clock.now(), policy))?.expiresAt).toEqual(session.expiresAt);
    clock.advance(MINUTE_MS);
    expect((await resolveSession(db, token, clock.now(), policy))?.expiresAt.getTime()).toBeGreaterThan(
      session.expiresAt.getTime(),
    );
  });

  it('of a disabled user are refused', async () => {
    const { token } = await createSession(db, user, clock.now(), policy);
    await db.query('UPDATE users SET enabled = false WHERE id = $1', [user.userId]);
    expect(await resolveSession(db, token, clock.now(), policy)).toBeNull();
    await db.query('UPDATE users SET enabled = true WHERE id = $1', [user.userId]);
    expect(await resolveSession(db, token, clock.now(), policy)).not.toBeNull();
  });

  it('of a user can all end but one', async () => {
    const a = await createSession(db, user, clock.now(), policy);
    const b = await createSession(db, user, clock.now(), policy);
    await endUserSessions(db, user, a.session.tokenHash);
    expect(await resolveSession(db, a.token, clock.now(), policy)).not.toBeNull();
    expect(await resolveSession(db, b.token, clock.now(), policy)).toBeNull();
  });

  it('are purged once expired', async () => {
    await createSession(db, user, clock.now(), policy);
    clock.advance(13 * HOUR_MS);
    expect(await purgeExpiredSessions(db, clock.now())).toBeGreaterThan(0);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE expires_at <= $1', [
      clock.now(),
    ]);
    expect(rows[0].n).toBe(0);
  });
});
