/**
 * Sessions. The client holds a random token (32 bytes, base64url: 43 characters) and sends it
 * as `loginID`; the database holds only its SHA-256. A session ends after `idleHours` without
 * a request (each request slides the end forward) and at the latest `absoluteHours` after
 * login. A disabled user's sessions count as ended.
 */
import { createHash, randomBytes } from 'node:crypto';
import { addMs, HOUR_MS, MINUTE_MS } from '../../clock.ts';
import type { Queryable } from '../../db/db.ts';

export interface SessionPolicy {
  idleHours: number;
  absoluteHours: number;
}

export interface Session {
  tokenHash: string;
  userId: number;
  companyId: number;
  expiresAt: Date;
}

/** Tokens we issue are 43 characters; anything much longer is not worth a query. */
export const TOKEN_MAX_LENGTH = 64;
/** Refreshing last_seen_at on every request would write on every read; once a minute is enough. */
const TOUCH_INTERVAL_MS = MINUTE_MS;

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function expiry(createdAt: Date, now: Date, policy: SessionPolicy): Date {
  const idleEnd = addMs(now, policy.idleHours * HOUR_MS).getTime();
  const absoluteEnd = addMs(createdAt, policy.absoluteHours * HOUR_MS).getTime();
  return new Date(Math.min(idleEnd, absoluteEnd));
}

export async function createSession(
  q: Queryable,
  user: { userId: number; companyId: number },
  now: Date,
  policy: SessionPolicy,
): Promise<{ token: string; session: Session }> {
  const token = randomBytes(32).toString('base64url');
  const session: Session = {
    tokenHash: hashToken(token),
    userId: user.userId,
    companyId: user.companyId,
    expiresAt: expiry(now, now, policy),
  };
  await q.query(
    `INSERT INTO sessions (token_hash, user_id, company_id, created_at, last_seen_at, expires_at)
     VALUES ($1, $2, $3, $4, $4, $5)`,
    [session.tokenHash, session.userId, session.companyId, now, session.expiresAt],
  );
  return { token, session };
}

/** The live session for a token, slid forward; null when unknown, expired or its user disabled. */
export async function resolveSession(
  q: Queryable,
  token: string,
  now: Date,
  policy: SessionPolicy,
): Promise<Session | null> {
  if (!token || token.length > TOKEN_MAX_LENGTH) return null;
  const tokenHash = hashToken(token);
  const { rows } = await q.query<{
    user_id: number;
    company_id: number;
    created_at: Date;
    last_seen_at: Date;
    expires_at: Date;
    enabled: boolean;
  }>(
    `SELECT s.user_id, s.company_id, s.created_at, s.last_seen_at, s.expires_at, u.enabled
       FROM sessions s JOIN users u ON u.id = s.user_id AND u.company_id = s.company_id
      WHERE s.token_hash = $1`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.expires_at.getTime() <= now.getTime()) {
    await q.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
    return null;
  }
  if (!row.enabled) return null;

  let expiresAt = row.expires_at;
  if (now.getTime() - row.last_seen_at.getTime() >= TOUCH_INTERVAL_MS) {
    expiresAt = expiry(row.created_at, now, policy);
    await q.query('UPDATE sessions SET last_seen_at = $2, expires_at = $3 WHERE token_hash = $1', [
      tokenHash,
      now,
      expiresAt,
    ]);
  }
  return { tokenHash, userId: row.user_id, companyId: row.company_id, expiresAt };
}

export async function endSession(q: Queryable, token: string): Promise<void> {
  if (!token || token.length > TOKEN_MAX_LENGTH) return;
  await q.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
}

/** Ends every session of a user, except the one making the request when `keepTokenHash` is given. */
export async function endUserSessions(
  q: Queryable,
  user: { userId: number; companyId: number },
  keepTokenHash?: string,
): Promise<void> {
  await q.query(
    `DELETE FROM sessions WHERE user_id = $1 AND company_id = $2 AND token_hash <> $3`,
    [user.userId, user.companyId, keepTokenHash ?? ''],
  );
}

export async function purgeExpiredSessions(q: Queryable, now: Date): Promise<number> {
  const { rowCount } = await q.query('DELETE FROM sessions WHERE expires_at <= $1', [now]);
  return rowCount;
}
