import pg from 'pg';
import { OID, parseDate, parseInt8, type Db, type Queryable, type QueryResult } from './db.ts';

export interface PostgresOptions {
  /** Schema to put first on the search path of every connection (tests use one schema each). */
  schema?: string;
  /** Connections in the pool; 10 suits one Node process. */
  max?: number;
}

const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === OID.int8) return parseInt8;
    if (oid === OID.date) return parseDate;
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** A PostgreSQL server reached through a node-postgres pool. */
export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    types: typeParsers,
    ...(options.schema ? { options: `-c search_path=${quoteIdent(options.schema)}` } : {}),
  });
  // An idle connection that the server drops must not crash the process.
  pool.on('error', (err) => console.error('[db] idle connection error:', err.message));
  // Fail at start-up, not at the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();

  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    exec: async (script) => {
      await pool.query(script);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrapClient(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

function wrapClient(client: pg.PoolClient): Queryable {
  return {
    query: (sql, params) => run(client, sql, params),
    exec: async (script) => {
      await client.query(script);
    },
  };
}

async function run<T>(
  target: pg.Pool | pg.PoolClient,
  sql: string,
  params: readonly unknown[] | undefined,
): Promise<QueryResult<T>> {
  const result = await target.query(sql, params ? [...params] : undefined);
  return { rows: result.rows as T[], rowCount: Math.max(result.rowCount ?? 0, result.rows.length) };
}

export function quoteIdent(name: string): string {
  return '"' + name.replace(/"/g, '""') + '"';
}
