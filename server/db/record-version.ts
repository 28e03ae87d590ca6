/**
 * Record versions (migration 010): how every service writes an edited record so that a save
 * based on an old version changes nothing. One conditional statement per record,
 *
 *   UPDATE t SET ..., version = version + 1
 *    WHERE company_id = $1 AND id = $2 AND ${versionMatches('$3')}
 *
 * (the same for DELETE), then `assertWritten(rowCount)`: the caller has found the row in the
 * same transaction, so no row touched means its version moved on. On a PostgreSQL server two
 * such UPDATEs of one row queue on its lock and the second re-reads the row, sees the new
 * version and touches nothing; on PGlite transactions do not overlap at all.
 *
 * A request without a version (clients written to the spec) writes unconditionally.
 */
import { AppError } from '../errors.ts';

/** SQL true when the row's `version` equals the parameter, or the parameter is NULL (not checked). */
export function versionMatches(placeholder: string, column = 'version'): string {
  return `(${placeholder}::integer IS NULL OR ${column} = ${placeholder}::integer)`;
}

/** Refuses early, before any other check, a save whose version is not the row's. */
export function assertVersion(current: number, expected: number | undefined): void {
  if (expected !== undefined && expected !== current) throw new AppError('recordChanged');
}

/** After a conditional write of a row found in the same transaction: none touched means changed. */
export function assertWritten(rowCount: number): void {
  if (rowCount === 0) throw new AppError('recordChanged');
}
