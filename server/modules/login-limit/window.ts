/** What the password and code-request limits share: sliding-window arithmetic and lock classes. */
import { MINUTE_MS } from '../../clock.ts';

/**
 * Advisory-lock classes: the first key of pg_advisory_xact_lock(int, int), the second being
 * a hash of the account or address. Two-key locks never meet the one-key locks used
 * elsewhere (migrations, verification codes).
 */
export const LOCK_CLASS = { account: 4_171_010, address: 4_171_011, codeAddress: 4_171_012 } as const;

/**
 * Milliseconds until fewer than `limit` of these times (newest first, all inside the window)
 * remain inside it: the limit-th newest leaving the window lets the next one through.
 */
export function windowWaitMs(newestFirst: Date[], limit: number, windowMs: number, now: Date): number {
  if (newestFirst.length < limit) return 0;
  return newestFirst[limit - 1].getTime() + windowMs - now.getTime();
}

/** Whole minutes to tell the user, at least 1. */
export function waitMinutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / MINUTE_MS));
}
