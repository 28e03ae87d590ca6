import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { OID, parseDate, parseInt8, type Db, type Queryable, type QueryResult } from './db.ts';

/**
 * The embedded database. `dataDir` is a directory (created if missing) or `memory://` for a
 * throwaway database (tests). PGlite is a single connection: it queues concurrent queries,
 * and a transaction holds the connection until it ends.
 *
 * pg_trgm is bundled so that migration 004 can index the asset search (trigram GIN): PGlite
 * offers only the extensions passed here (pg_available_extensions lists nothing else).
 */
export async function openPglite(dataDir: string): Promise<Db> {
  const pg = await PGlite.create(dataDir, {
    parsers: { [OID.int8]: parseInt8, [OID.date]: parseDate },
    extensions: { pg_trgm },
  });
  return {
    kind: 'pglite',
    query: (sql, params) => run(pg, sql, params),
    exec: async (script) => {
      await pg.exec(script);
    },
    transaction: (fn) => pg.transaction((tx) => fn(wrapTx(tx))),
    close: () => pg.close(),
  };
}

function wrapTx(tx: Transaction): Queryable {
  return {
    query: (sql, params) => run(tx, sql, params),
    exec: async (script) => {
      await tx.exec(script);
    },
  };
}

async function run<T>(
  target: PGlite | Transaction,
  sql: string,
  params: readonly unknown[] | undefined,
): Promise<QueryResult<T>> {
  const result = await target.query<T>(sql, params ? [...params] : undefined);
  return { rows: result.rows, rowCount: Math.max(result.affectedRows ?? 0, result.rows.length) };
}
