/**
 * File tokens: what an <img src> carries instead of the session token. An image request
 * cannot send the loginID header, and a session token in a URL ends up in logs, history and
 * referrers, where it would open every endpoint (writes included) for hours. A file token
 * opens GET api/File/<id> only, for minutes, and only while its session lives.
 *
 * Form: `<userId>.<expiry, Unix seconds>.<HMAC-SHA256 over both, keyed with the session's
 * stored token hash>`, base64url. Nothing is stored: the key is the session row itself, so a
 * token dies with its session (logout, password change, disabled user) and cannot be made
 * without the database. Expiries are rounded to 5-minute windows so every picture address of
 * a window is the same (the browser's cache keeps working); a token lives 5 to 10 minutes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MINUTE_MS } from '../../clock.ts';
import type { Queryable } from '../../db/db.ts';
import type { Session } from '../sessions/service.ts';

const WINDOW_MS = 5 * MINUTE_MS;
/** The longest a token can live (two windows): a later expiry is a forgery or a clock jump. */
export const FILE_TOKEN_MAX_MS = 2 * WINDOW_MS;

function mac(tokenHash: string, userId: number, expSeconds: number): string {
  return createHmac('sha256', tokenHash).update(`assetmark-file:${userId}:${expSeconds}`).digest('base64url');
}

export function issueFileToken(session: Session, now: Date): { fileToken: string; expiresAt: Date } {
  const expMs = (Math.floor(now.getTime() / WINDOW_MS) + 2) * WINDOW_MS;
  const expSeconds = expMs / 1000;
  return { fileToken: `${session.userId}.${expSeconds}.${mac(session.tokenHash, session.userId, expSeconds)}`, expiresAt: new Date(expMs) };
}

const FORM = /^([1-9]\d{0,15})\.([1-9]\d{0,11})\.([A-Za-z0-9_-]{43})$/;

/** The live session a file token was issued for; null when malformed, expired, forged or its session ended. */
export async function resolveFileToken(q: Queryable, fileToken: string, now: Date): Promise<Session | null> {
  const m = FORM.exec(fileToken);
  if (!m) return null;
  const userId = Number(m[1]);
  const expSeconds = Number(m[2]);
  const expMs = expSeconds * 1000;
  if (expMs <= now.getTime() || expMs > now.getTime() + FILE_TOKEN_MAX_MS) return null;
  const given = Buffer.from(m[3]!, 'base64url');
  // The user's live sessions: a handful (each login makes one, ended by logout or after 7 days).
  const { rows } = await q.query<{ token_hash: string; company_id: number; expires_at: Date }>(
    `SELECT s.token_hash, s.company_id, s.expires_at
       FROM sessions s JOIN users u ON u.id = s.user_id AND u.company_id = s.company_id
      WHERE s.user_id = $1 AND s.expires_at > $2 AND u.enabled`,
    [userId, now],
  );
  for (const row of rows) {
    const expected = Buffer.from(mac(row.token_hash, userId, expSeconds), 'base64url');
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      return { tokenHash: row.token_hash, userId, companyId: row.company_id, expiresAt: row.expires_at };
    }
  }
  return null;
}
