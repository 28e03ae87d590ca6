/**
 * Roles: a named list of permission codes, per company. Sub-users hold one role each and so
 * its codes (modules/access). Names are unique per company in any letter case ("Role name
 * already exists"); codes must be the spec's (modules/access/permissions.ts); a role held by
 * a sub-user cannot be deleted. Changing a role's codes changes what its holders may do from
 * their next request on.
 */
import type { RoleInfo } from '../../../src/api/contract.ts';
import { isUniqueViolation, type Queryable } from '../../db/db.ts';
import { assertVersion, assertWritten, versionMatches } from '../../db/record-version.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../access/service.ts';
import { checkPermissionCodes } from '../access/permissions.ts';
import type { OrgDeps } from '../departments/service.ts';

export const ROLE_NAME_MAX = 50;

interface RoleRow {
  id: number;
  name: string;
  permissions: number[];
  user_count: number;
  version: number;
}

function toInfo(row: RoleRow): RoleInfo {
  return {
    id: row.id,
    roleName: row.name,
    permissions: [...row.permissions].sort((a, b) => a - b),
    userCount: row.user_count,
    version: row.version,
  };
}

async function selectRoles(q: Queryable, companyId: number, roleId?: number): Promise<RoleRow[]> {
  const { rows } = await q.query<RoleRow>(
    `SELECT r.id, r.name, r.permissions, r.version,
            (SELECT count(*)::int FROM users u WHERE u.company_id = r.company_id AND u.role_id = r.id) AS user_count
       FROM roles r
      WHERE r.company_id = $1 AND ($2::bigint IS NULL OR r.id = $2)
      ORDER BY r.name, r.id`,
    [companyId, roleId ?? null],
  );
  return rows;
}

export async function listRoles(deps: Pick<OrgDeps, 'db'>, actor: Actor): Promise<RoleInfo[]> {
  return (await selectRoles(deps.db, actor.companyId)).map(toInfo);
}

export async function roleDetails(deps: Pick<OrgDeps, 'db'>, actor: Actor, roleId: number): Promise<RoleInfo> {
  const [row] = await selectRoles(deps.db, actor.companyId, roleId);
  if (!row) throw new AppError('roleNotFound');
  return toInfo(row);
}

export interface SetRoleInput {
  id?: number;
  roleName?: string;
  /** Absent: none on create, unchanged on update. */
  permissions?: number[];
  /** Update: the version it is based on (name and permission set are saved together). */
  version?: number;
}

/** Creates (no id) or updates (id) a role; returns it. */
export async function setRole(deps: OrgDeps, actor: Actor, input: SetRoleInput): Promise<RoleInfo> {
  const name = input.roleName?.trim() ?? '';
  if (name === '') throw new AppError('roleNameRequired');
  const permissions = input.permissions === undefined ? undefined : checkPermissionCodes(input.permissions);
  try {
    const id = await deps.db.transaction(async (tx) => {
      if (input.id !== undefined) {
        const found = await tx.query<{ version: number }>('SELECT version FROM roles WHERE company_id = $1 AND id = $2', [
          actor.companyId,
          input.id,
        ]);
        if (found.rowCount === 0) throw new AppError('roleNotFound');
        assertVersion(found.rows[0].version, input.version);
      }
      const taken = await tx.query(
        'SELECT 1 FROM roles WHERE company_id = $1 AND lower(name) = lower($2) AND id <> $3',
        [actor.companyId, name, input.id ?? 0],
      );
      if (taken.rowCount > 0) throw new AppError('roleNameTaken');
      if (input.id === undefined) {
        const { rows } = await tx.query<{ id: number }>(
          'INSERT INTO roles (company_id, name, permissions, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
          [actor.companyId, name, permissions ?? [], deps.clock()],
        );
        return rows[0].id;
      }
      const { rowCount } = await tx.query(
        `UPDATE roles SET name = $3, permissions = COALESCE($4::integer[], permissions), version = version + 1
          WHERE company_id = $1 AND id = $2 AND ${versionMatches('$5')}`,
        [actor.companyId, input.id, name, permissions ?? null, input.version ?? null],
      );
      assertWritten(rowCount);
      return input.id;
    });
    return await roleDetails(deps, actor, id);
  } catch (err) {
    // Two requests creating the same name at once.
    if (isUniqueViolation(err)) throw new AppError('roleNameTaken');
    throw err;
  }
}

/** Deletes a role no sub-user holds; `version` as for an update (absent: not checked). */
export async function deleteRole(deps: OrgDeps, actor: Actor, id: number, version?: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    // Locked first: a sub-user being given this role meanwhile waits, then finds it gone.
    await tx.query('SELECT 1 FROM roles WHERE company_id = $1 AND id = $2 FOR UPDATE', [actor.companyId, id]);
    const [row] = await selectRoles(tx, actor.companyId, id);
    if (!row) throw new AppError('roleNotFound');
    assertVersion(row.version, version);
    if (row.user_count > 0) throw new AppError('roleInUse', { count: row.user_count });
    const { rowCount } = await tx.query(`DELETE FROM roles WHERE company_id = $1 AND id = $2 AND ${versionMatches('$3')}`, [
      actor.companyId,
      id,
      version ?? null,
    ]);
    assertWritten(rowCount);
  });
}
