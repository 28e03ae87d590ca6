/**
 * The one database interface every service uses. Two implementations run the SAME SQL:
 * PGlite (PostgreSQL compiled to Wasm, embedded; the default) and node-postgres (a
 * PostgreSQL server, when DATABASE_URL is set).
 *
 * Both return the same JavaScript values: bigint (int8) ids as numbers (identity ids stay
 * far below 2^53), timestamptz as Date, date as 'YYYY-MM-DD' strings, numeric as strings
 * (exact decimals; convert where the value is used).
 */

export type Row = Record<string, unknown>;

export interface QueryResult<T = Row> {
  rows: T[];
  /** Rows returned by a SELECT, or rows touched by INSERT/UPDATE/DELETE. */
  rowCount: number;
}

/** Something that runs one parameterised statement ($1, $2, ...): the Db or a transaction. */
export interface Queryable {
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: COMMIT when it resolves, ROLLBACK when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PostgreSQL's SQLSTATE for a unique-constraint violation. */
export const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === UNIQUE_VIOLATION;
}

/** PostgreSQL's SQLSTATE for a foreign-key violation: a row still referenced, or a missing parent. */
export const FOREIGN_KEY_VIOLATION = '23503';

export function isForeignKeyViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === FOREIGN_KEY_VIOLATION;
}

/** Type OIDs whose parsing both implementations override, so values look the same. */
export const OID = { int8: 20, date: 1082 } as const;
export const parseInt8 = (text: string): number => Number(text);
export const parseDate = (text: string): string => text;
