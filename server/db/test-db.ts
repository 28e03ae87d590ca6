/**
 * A fresh, migrated database for one test file: a new schema on the PostgreSQL server named
 * by DATABASE_URL (scripts/with-postgres.sh sets it), otherwise an in-memory PGlite.
 * close() drops the schema, so test files never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres, quoteIdent } from './postgres.ts';

export async function openTestDb(options: { migrate?: boolean } = {}): Promise<Db> {
  const url = process.env.DATABASE_URL;
  let db: Db;
  if (url) {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = await openPostgres(url, { max: 1 });
    await admin.exec(`CREATE SCHEMA ${quoteIdent(schema)}`);
    await admin.close();
    const inner = await openPostgres(url, { schema, max: 4 });
    db = {
      ...inner,
      async close() {
        await inner.close();
        const cleanup = await openPostgres(url, { max: 1 });
        await cleanup.exec(`DROP SCHEMA ${quoteIdent(schema)} CASCADE`);
        await cleanup.close();
      },
    };
  } else {
    db = await openPglite('memory://');
  }
  if (options.migrate !== false) await migrate(db);
  return db;
}
