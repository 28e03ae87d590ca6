/**
 * The demo company and account, seeded on first start so a fresh install can be tried at
 * once: demo@assetmark.local / demo1234. The demo account is an admin that may not change its
 * password (spec section 6) nor rename the company: everyone trying the app shares it. The demo company is VIP, so
 * the demo shows every area, the role area included.
 */
import { createHash } from 'node:crypto';
import { scheduledLockKey } from '../../db/scheduled.ts';
import type { Db } from '../../db/db.ts';
import { createRootDepartment } from '../departments/service.ts';
import { hashPassword } from './password.ts';

export const DEMO_COMPANY_NAME = '演示企业 Demo Co.';
export const DEMO_EMAIL = 'demo@assetmark.local';
export const DEMO_PASSWORD = 'demo1234';

/** The password as the client sends it: upper-case hex MD5. */
export function wirePassword(plain: string): string {
  return createHash('md5').update(plain, 'utf8').digest('hex').toUpperCase();
}

/** Creates the demo company and account unless the account exists; true when it created them. */
export async function ensureDemoAccount(db: Db, now: Date): Promise<boolean> {
  const seeded = await db.query('SELECT 1 FROM users WHERE email = $1', [DEMO_EMAIL]);
  if (seeded.rowCount > 0) return false;
  const passwordHash = await hashPassword(wirePassword(DEMO_PASSWORD));
  return db.transaction(async (tx) => {
    // Checked again under a lock: instances starting together on one database seed once.
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [scheduledLockKey('demo-account').toString()]);
    const existing = await tx.query('SELECT 1 FROM users WHERE email = $1', [DEMO_EMAIL]);
    if (existing.rowCount > 0) return false;
    const company = await tx.query<{ id: number }>(
      'INSERT INTO companies (name, is_vip, created_at) VALUES ($1, true, $2) RETURNING id',
      [DEMO_COMPANY_NAME, now],
    );
    await createRootDepartment(tx, company.rows[0].id, now);
    await tx.query(
      `INSERT INTO users (company_id, email, password_hash, is_admin, is_demo, created_at)
       VALUES ($1, $2, $3, true, true, $4)`,
      [company.rows[0].id, DEMO_EMAIL, passwordHash, now],
    );
    return true;
  });
}
