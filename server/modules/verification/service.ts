/**
 * Verification codes for registration and password reset.
 *
 * - 6 digits from a cryptographic random source, valid for 10 minutes, single use.
 * - Only the newest code sent to a target for a purpose counts; 5 wrong tries invalidate it.
 * - A target gets at most one code per 60 s and 10 codes per hour (code 20, with the
 *   seconds to wait in the message).
 * The database keeps a SHA-256 of target, purpose and code, never the code itself.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { CodePurpose } from '../../../src/api/contract.ts';
import { addMs, HOUR_MS, MINUTE_MS, SECOND_MS } from '../../clock.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { AppError, type Lang } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { Channel, Mailer } from '../../mail/index.ts';

export const CODE_VALID_MS = 10 * MINUTE_MS;
export const RESEND_AFTER_MS = 60 * SECOND_MS;
export const HOURLY_LIMIT = 10;
export const MAX_WRONG_TRIES = 5;

function codeHash(target: string, purpose: CodePurpose, code: string): string {
  return createHash('sha256').update(`${purpose}\n${target}\n${code}`, 'utf8').digest('hex');
}

/** Seconds until the target may get another code, or 0 when it may now. */
async function secondsUntilAllowed(q: Queryable, target: string, now: Date): Promise<number> {
  const { rows } = await q.query<{ created_at: Date }>(
    `SELECT created_at FROM verification_codes
      WHERE target = $1 AND created_at > $2
      ORDER BY created_at DESC LIMIT $3`,
    [target, addMs(now, -HOUR_MS), HOURLY_LIMIT],
  );
  const waits = [0];
  if (rows.length > 0) waits.push(rows[0].created_at.getTime() + RESEND_AFTER_MS - now.getTime());
  if (rows.length >= HOURLY_LIMIT) waits.push(rows[HOURLY_LIMIT - 1].created_at.getTime() + HOUR_MS - now.getTime());
  return Math.ceil(Math.max(...waits) / SECOND_MS);
}

export interface SendCodeRequest {
  target: string;
  channel: Channel;
  purpose: CodePurpose;
  lang: Lang;
}

/**
 * Records and delivers a new code; throws AppError('codeTooFrequent') inside the limits and
 * AppError('codeSendFailed') when delivery fails (the code is then withdrawn, so the user may
 * ask again at once). Returns the resend countdown in seconds.
 */
export async function sendCode(
  deps: { db: Db; mailer: Mailer; log: Logger },
  request: SendCodeRequest,
  now: Date,
): Promise<number> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await deps.db.transaction(async (tx) => {
    // One request per target at a time, so two concurrent requests cannot both pass the limits.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`code:${request.target}`]);
    const wait = await secondsUntilAllowed(tx, request.target, now);
    if (wait > 0) throw new AppError('codeTooFrequent', { seconds: wait });
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO verification_codes (target, channel, purpose, code_hash, expires_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [
        request.target,
        request.channel,
        request.purpose,
        codeHash(request.target, request.purpose, code),
        addMs(now, CODE_VALID_MS),
        now,
      ],
    );
    return rows[0].id;
  });
  try {
    await deps.mailer.sendCode({
      channel: request.channel,
      to: request.target,
      purpose: request.purpose,
      code,
      lang: request.lang,
      validMinutes: CODE_VALID_MS / MINUTE_MS,
    });
  } catch (err) {
    deps.log.error(`[mail] could not send a ${request.purpose} code to ${request.target}`, err);
    await deps.db.query('DELETE FROM verification_codes WHERE id = $1', [id]);
    throw new AppError('codeSendFailed');
  }
  return RESEND_AFTER_MS / SECOND_MS;
}

/**
 * Checks a code and, when right, marks it used. Call inside the transaction that acts on it;
 * a wrong code still counts a try, so on false let that transaction COMMIT (return a failure
 * value from it rather than throwing) or the try is lost.
 */
export async function consumeCode(
  tx: Queryable,
  target: string,
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<boolean> {
  const { rows } = await tx.query<{
    id: number;
    code_hash: string;
    expires_at: Date;
    attempts: number;
    used_at: Date | null;
  }>(
    `SELECT id, code_hash, expires_at, attempts, used_at FROM verification_codes
      WHERE target = $1 AND purpose = $2
      ORDER BY created_at DESC, id DESC LIMIT 1
      FOR UPDATE`,
    [target, purpose],
  );
  const row = rows[0];
  if (!row || row.used_at || row.expires_at.getTime() <= now.getTime() || row.attempts >= MAX_WRONG_TRIES) {
    return false;
  }
  const given = Buffer.from(codeHash(target, purpose, code), 'hex');
  if (!timingSafeEqual(given, Buffer.from(row.code_hash, 'hex'))) {
    await tx.query('UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1', [row.id]);
    return false;
  }
  await tx.query('UPDATE verification_codes SET used_at = $2 WHERE id = $1', [row.id, now]);
  return true;
}

/** Codes older than a day serve neither a check (10 min) nor the hourly limit. */
export async function purgeOldCodes(q: Queryable, now: Date): Promise<number> {
  const { rowCount } = await q.query('DELETE FROM verification_codes WHERE created_at < $1', [addMs(now, -24 * HOUR_MS)]);
  return rowCount;
}
