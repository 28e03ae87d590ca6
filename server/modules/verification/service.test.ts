import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS, SECOND_MS } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { openTestDb } from '../../db/test-db.ts';
import { AppError } from '../../errors.ts';
import { silentLogger } from '../../log.ts';
import type { CodeMessage, Mailer } from '../../mail/index.ts';
import { testClock } from '../../testing/harness.ts';
import { consumeCode, sendCode } from './service.ts';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db?.close());

const sent: CodeMessage[] = [];
const inbox: Mailer = { sendCode: async (m) => void sent.push(m) };
const clock = testClock();

async function send(target: string, purpose: 'register' | 'reset' = 'register', mailer: Mailer = inbox) {
  await sendCode({ db, mailer, log: silentLogger }, { target, channel: 'email', purpose, lang: 'zh' }, clock.now());
  return sent.filter((m) => m.to === target).at(-1)!.code;
}

const consume = (target: string, code: string, purpose: 'register' | 'reset' = 'register') =>
  db.transaction((tx) => consumeCode(tx, target, purpose, code, clock.now()));

function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('verification codes', () => {
  it('sends 6 random digits and stores only a hash', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) codes.add(await send(`digits-${i}@example.com`));
    expect([...codes].every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(codes.size).toBeGreaterThan(1);
    const { rows } = await db.query<{ code_hash: string }>('SELECT code_hash FROM verification_codes');
    expect(rows.some((r) => codes.has(r.code_hash))).toBe(false);
  });

  it('accepts a code once', async () => {
    const code = await send('once@example.com');
    expect(await consume('once@example.com', code)).toBe(true);
    expect(await consume('once@example.com', code)).toBe(false);
  });

  it('only for its target and purpose', async () => {
    const code = await send('scoped@example.com', 'reset');
    expect(await consume('other@example.com', code, 'reset')).toBe(false);
    expect(await consume('scoped@example.com', code, 'register')).toBe(false);
    expect(await consume('scoped@example.com', code, 'reset')).toBe(true);
  });

  it('expires after 10 minutes', async () => {
    const fresh = await send('expiry-a@example.com');
    const stale = await send('expiry-b@example.com');
    clock.advance(10 * MINUTE_MS - SECOND_MS);
    expect(await consume('expiry-a@example.com', fresh)).toBe(true);
    clock.advance(SECOND_MS);
    expect(await consume('expiry-b@example.com', stale)).toBe(false);
  });

  it('is invalidated by 5 wrong tries; 4 are forgiven', async () => {
    const a = await send('tries-a@example.com');
    for (let i = 0; i < 5; i++) expect(await consume('tries-a@example.com', otherCode(a))).toBe(false);
    expect(await consume('tries-a@example.com', a)).toBe(false);

    const b = await send('tries-b@example.com');
    for (let i = 0; i < 4; i++) expect(await consume('tries-b@example.com', otherCode(b))).toBe(false);
    expect(await consume('tries-b@example.com', b)).toBe(true);
  });

  it('counts only the newest code', async () => {
    const first = await send('newest@example.com');
    clock.advance(61 * SECOND_MS);
    const second = await send('newest@example.com');
    if (first !== second) expect(await consume('newest@example.com', first)).toBe(false);
    expect(await consume('newest@example.com', second)).toBe(true);
  });

  it('allows a resend after 60 s, saying how long to wait', async () => {
    await send('resend@example.com');
    clock.advance(45 * SECOND_MS);
    const early = await refusal(send('resend@example.com'));
    expect(early.kind).toBe('codeTooFrequent');
    expect(early.params).toEqual({ seconds: 15 });
    expect(early.localized('en')).toBe('Verification codes were requested too often. Please try again in 15 seconds.');
    clock.advance(15 * SECOND_MS);
    await send('resend@example.com');
  });

  it('sends at most 10 codes an hour to one target', async () => {
    const target = 'hourly@example.com';
    for (let i = 0; i < 10; i++) {
      await send(target);
      clock.advance(60 * SECOND_MS);
    }
    // First code at t=0, now t=600 s: the window frees up at t=3600 s.
    const refused = await refusal(send(target));
    expect(refused.params).toEqual({ seconds: 3000 });
    await send('someone-else@example.com');
    clock.advance(3000 * SECOND_MS);
    await send(target);
  });

  it('withdraws a code the mailer could not deliver, so the user may retry at once', async () => {
    const failing: Mailer = {
      sendCode: async () => {
        throw new Error('SMTP 421');
      },
    };
    const err = await refusal(send('bounce@example.com', 'register', failing));
    expect(err.kind).toBe('codeSendFailed');
    const { rows } = await db.query("SELECT 1 FROM verification_codes WHERE target = 'bounce@example.com'");
    expect(rows).toHaveLength(0);
    await send('bounce@example.com');
  });
});
