import { mkdirSync } from 'node:fs';
import type { Db } from './db.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** A PostgreSQL server when databaseUrl is set, otherwise PGlite with its files in dataDir/pglite. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const dir = `${options.dataDir}/pglite`;
  mkdirSync(dir, { recursive: true });
  return openPglite(dir);
}
