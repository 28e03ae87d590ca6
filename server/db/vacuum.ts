/**
 * Table upkeep that a PostgreSQL server does by itself (autovacuum) and PGlite does not: PGlite
 * is one standalone backend, without the autovacuum launcher. Without VACUUM, index-only scans
 * (which the asset list counts and pages with) must visit the table anyway; without ANALYZE,
 * the planner guesses the size of tables it has never measured.
 */
import type { Db } from './db.ts';

/**
 * PGlite: VACUUM, then ANALYZE, the tables named (all without names). Two statements, each
 * holding PGlite's one connection, with the event loop free between them: after an import
 * changing 100,000 assets, VACUUM (ANALYZE) in one held the asset list up to 0.5 s
 * (bench/import.ts). A server: ANALYZE the tables named (after a bulk write, so the next plan
 * need not wait for autovacuum); nothing otherwise. Table names are the callers' constants,
 * never user input.
 */
export async function tidyTables(db: Db, tables: readonly string[] = []): Promise<void> {
  if (db.kind === 'pglite') {
    await db.exec(`VACUUM ${tables.join(', ')}`);
    await new Promise<void>((resolve) => setImmediate(resolve));
    await db.exec(`ANALYZE ${tables.join(', ')}`);
  } else if (tables.length > 0) await db.exec(`ANALYZE ${tables.join(', ')}`);
}
