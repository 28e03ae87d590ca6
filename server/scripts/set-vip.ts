/**
 * Turns a company's VIP flag (companies.is_vip) on or off. VIP opens the role area (roles
 * and permissions); the seeded demo company is VIP from the start.
 *
 *   node --import tsx server/scripts/set-vip.ts <company id | phone | email> on|off
 *
 * A phone or email names the company of that account. The database is the server's: the
 * same DATA_DIR / DATABASE_URL environment (server/config.ts). With the embedded PGlite, stop
 * the server first: only one process may open a PGlite directory at a time. With PostgreSQL
 * it works while the server runs, and takes effect on the company's next request.
 */
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/open.ts';
import { parseEmail, parsePhone } from '../modules/accounts/identity.ts';

export interface VipResult {
  companyId: number;
  companyName: string;
  isVip: boolean;
}

/** Sets the flag; null when no company matches `target`. */
export async function setVip(db: Db, target: string, on: boolean): Promise<VipResult | null> {
  const value = target.trim();
  let where: string;
  let param: string | number;
  if (value.includes('@')) {
    where = 'id = (SELECT company_id FROM users WHERE email = $1)';
    param = parseEmail(value).value;
  } else if (/^\+?1\d{10,14}$/.test(value)) {
    where = 'id = (SELECT company_id FROM users WHERE phone = $1)';
    param = parsePhone(value).value;
  } else if (/^[1-9]\d{0,14}$/.test(value)) {
    where = 'id = $1';
    param = Number(value);
  } else {
    return null;
  }
  const { rows } = await db.query<{ id: number; name: string; is_vip: boolean }>(
    `UPDATE companies SET is_vip = $2 WHERE ${where} RETURNING id, name, is_vip`,
    [param, on],
  );
  return rows[0] ? { companyId: rows[0].id, companyName: rows[0].name, isVip: rows[0].is_vip } : null;
}

async function main(args: string[]): Promise<number> {
  const [target, mode] = args;
  if (!target || (mode !== 'on' && mode !== 'off')) {
    console.error('usage: node --import tsx server/scripts/set-vip.ts <company id | phone | email> on|off');
    return 2;
  }
  const config = loadConfig(process.env);
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const result = await setVip(db, target, mode === 'on');
    if (!result) {
      console.error(`no company found for "${target}"`);
      return 1;
    }
    console.log(`company ${result.companyId} (${result.companyName}): VIP ${result.isVip ? 'on' : 'off'}`);
    return 0;
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
