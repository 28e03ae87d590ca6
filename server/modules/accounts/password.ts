/**
 * Password storage. The client sends the upper-case hex MD5 of the password (the spec's wire
 * format); that value is the secret we protect, with scrypt:
 *   scrypt$N$r$p$<salt base64url>$<hash base64url>
 * N=16384, r=8, p=1 costs about 16 MiB and 50 ms per hash on the target machines; the
 * parameters are stored with each hash so they can be raised later without a migration.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Allow larger N/r in stored hashes than Node's 32 MiB default would. */
const MAX_MEMORY_BYTES = 256 * 1024 * 1024;

/** The wire form: 32 hex digits. Lower case is accepted and upper-cased by the caller. */
export const WIRE_PASSWORD = /^[0-9A-Fa-f]{32}$/;

function derive(secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEY_BYTES, { ...options, maxmem: MAX_MEMORY_BYTES }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(wirePassword: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(wirePassword.toUpperCase(), salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(wirePassword: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every(Number.isSafeInteger)) return false;
  const expected = Buffer.from(parts[5], 'base64url');
  const key = await derive(wirePassword.toUpperCase(), Buffer.from(parts[4], 'base64url'), { N, r, p });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash of nothing anyone knows: checking a password against it when the account does not
 * exist costs the same time as a real check, so timing does not reveal which accounts exist.
 */
let decoy: Promise<string> | undefined;
export async function verifyAgainstDecoy(wirePassword: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(wirePassword, await decoy);
  return false;
}
