/**
 * Departments: one tree per company under a root department that is the company itself.
 *
 * Rules (spec section 5): a name is required (1 to 50 characters) and differs from its
 * siblings' names (trimmed, white-space runs as one space, any case: migration 009); a department never moves
 * under itself or one of its sub-departments; a move-only request to the current parent asks
 * for another department; the root never moves and is never deleted, and renaming it renames
 * the company (admins only); a department is deleted only when nothing holds it
 * (DEPARTMENT_HOLDERS says what can, and the refusal names it and how many).
 *
 * Each row stores its materialized path ('/<root>/.../<self>/', see migration 002), so a
 * sub-tree is a prefix match and a move rewrites the paths of the moved sub-tree in one
 * UPDATE. Writes of one company's tree are serialised by an advisory lock, so two
 * concurrent moves cannot make a cycle.
 */
import type { DepartmentInfo } from '../../../src/api/contract.ts';
import type { Clock } from '../../clock.ts';
import { isForeignKeyViolation, isUniqueViolation, type Db, type Queryable } from '../../db/db.ts';
import { assertVersion, assertWritten, versionMatches } from '../../db/record-version.ts';
import { SqlParams } from '../../db/sql.ts';
import { AppError, type ErrorKind } from '../../errors.ts';
import { assertAdmin, deptCondition, type Actor } from '../access/service.ts';
import { visibleAsset } from '../assets/visibility.ts';

export interface OrgDeps {
  db: Db;
  clock: Clock;
}

export const DEPT_NAME_MAX = 50;

interface DeptRow {
  id: number;
  dept_name: string;
  parent_id: number | null;
  path: string;
  staff_count: number;
  version: number;
}

/**
 * What can hold a department and so block its deletion, checked in this order; the first
 * that counts more than zero refuses with its message ({count}).
 */
export interface DepartmentHolder {
  error: ErrorKind;
  /** $1 company id, $2 department id; returns one row with column n. */
  countSql: string;
}

export const DEPARTMENT_HOLDERS: readonly DepartmentHolder[] = [
  {
    error: 'deptHasChildren',
    countSql: 'SELECT count(*)::int AS n FROM departments WHERE company_id = $1 AND parent_id = $2',
  },
  { error: 'deptHasStaff', countSql: 'SELECT count(*)::int AS n FROM staff WHERE company_id = $1 AND dept_id = $2' },
  {
    error: 'deptAuthorized',
    countSql: 'SELECT count(DISTINCT user_id)::int AS n FROM user_depts WHERE company_id = $1 AND dept_id = $2',
  },
  // Visible assets only (assets/visibility.ts); one an import is still writing refuses the
  // delete through its foreign key instead (deptInUse).
  {
    error: 'deptHasAssets',
    countSql: `SELECT count(*)::int AS n FROM assets a WHERE a.company_id = $1 AND a.dept_id = $2 AND ${visibleAsset('a', '$1')}`,
  },
];

function toInfo(row: DeptRow): DepartmentInfo {
  return {
    id: row.id,
    deptName: row.dept_name,
    affiliatedDept: row.parent_id,
    staffCount: row.staff_count,
    version: row.version,
  };
}

/** Departments of the actor's company within their scope, matching `where` (SQL on alias d). */
async function selectDepartments(
  q: Queryable,
  actor: Actor,
  where: (p: SqlParams) => string = () => 'TRUE',
): Promise<DeptRow[]> {
  const p = new SqlParams();
  const company = p.add(actor.companyId);
  const { rows } = await q.query<DeptRow>(
    `SELECT d.id, COALESCE(d.name, c.name) AS dept_name, d.parent_id, d.path, COALESCE(sc.n, 0)::int AS staff_count,
            d.version
       FROM departments d
       JOIN companies c ON c.id = d.company_id
       LEFT JOIN (SELECT dept_id, count(*) AS n FROM staff
                   WHERE company_id = ${company} AND dept_id IS NOT NULL GROUP BY dept_id) sc ON sc.dept_id = d.id
      WHERE d.company_id = ${company} AND ${deptCondition(actor, 'd.id', p)} AND ${where(p)}
      -- Parents before children: by depth (the number of / in the path), then by name.
      ORDER BY length(d.path) - length(replace(d.path, '/', '')), dept_name, d.id`,
    p.values,
  );
  return rows;
}

async function findDept(q: Queryable, actor: Actor, id: number): Promise<DeptRow> {
  const [row] = await selectDepartments(q, actor, (p) => `d.id = ${p.add(id)}`);
  // Missing, another company's, or outside the scope: the same answer.
  if (!row) throw new AppError('deptNotFound');
  return row;
}

// ---- reads -----------------------------------------------------------------------------

/** Every department the actor sees, parents before children. */
export async function listDepartments(deps: OrgDeps, actor: Actor): Promise<DepartmentInfo[]> {
  return (await selectDepartments(deps.db, actor)).map(toInfo);
}

/** The direct children of a department; without one, the tops of the actor's tree (the root for most). */
export async function childDepartments(
  deps: OrgDeps,
  actor: Actor,
  parentId: number | undefined,
): Promise<DepartmentInfo[]> {
  const all = await selectDepartments(deps.db, actor);
  if (parentId === undefined) {
    const seen = new Set(all.map((d) => d.id));
    return all.filter((d) => d.parent_id === null || !seen.has(d.parent_id)).map(toInfo);
  }
  if (!all.some((d) => d.id === parentId)) throw new AppError('deptNotFound');
  return all.filter((d) => d.parent_id === parentId).map(toInfo);
}

/** Departments by id within the actor's scope (unknown ids are left out), parents first. */
export async function departmentsByIds(q: Queryable, actor: Actor, ids: readonly number[]): Promise<DepartmentInfo[]> {
  if (ids.length === 0) return [];
  return (await selectDepartments(q, actor, (p) => `d.id = ANY(${p.add(ids)}::bigint[])`)).map(toInfo);
}

/** The company's root department id. */
export async function rootDepartmentId(q: Queryable, companyId: number): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    'SELECT id FROM departments WHERE company_id = $1 AND parent_id IS NULL',
    [companyId],
  );
  if (!rows[0]) throw new Error(`company ${companyId} has no root department`);
  return rows[0].id;
}

// ---- writes ----------------------------------------------------------------------------

/** Inserts a department under a parent path ('' for the root); its path ends with its own id. */
async function insertDepartment(
  q: Queryable,
  row: { companyId: number; name: string | null; parentId: number | null; parentPath: string },
  now: Date,
): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `WITH next AS (SELECT nextval(pg_get_serial_sequence('departments', 'id')) AS id)
     INSERT INTO departments (company_id, id, name, parent_id, path, created_at) OVERRIDING SYSTEM VALUE
     SELECT $1::bigint, next.id, $2::text, $3::bigint, $4::text || next.id || '/', $5::timestamptz FROM next
     RETURNING id`,
    [row.companyId, row.name, row.parentId, row.parentPath || '/', now],
  );
  return rows[0].id;
}

/** The root department of a new company; called wherever a company is created. */
export async function createRootDepartment(q: Queryable, companyId: number, now: Date): Promise<number> {
  return insertDepartment(q, { companyId, name: null, parentId: null, parentPath: '' }, now);
}

function lockTree(q: Queryable, companyId: number) {
  return q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`departments:${companyId}`]);
}

export interface SetDepartmentInput {
  id?: number;
  deptName?: string;
  /** null or absent: the root when creating, unchanged when updating. */
  affiliatedDept?: number | null;
  /** Update: the version it is based on. */
  version?: number;
}

/**
 * SQL of the name two siblings may not share (the expression of migration 009's unique
 * index): trimmed, white-space runs as one space, lower case.
 */
const nameKey = (sql: string) => `lower(btrim(regexp_replace(${sql}, '\\s+', ' ', 'g')))`;

/**
 * Refuses `name` under `parent` when a child of it other than `selfId` has the same name
 * (compared as nameKey does). Called under the tree lock, so the answer holds until commit;
 * the unique index catches anything that writes without it.
 */
async function assertNameFree(q: Queryable, companyId: number, parentId: number, name: string, selfId?: number): Promise<void> {
  const { rows } = await q.query<{ name: string; parent: string }>(
    `SELECT d.name, COALESCE(p.name, c.name) AS parent
       FROM departments d
       JOIN departments p ON p.company_id = d.company_id AND p.id = d.parent_id
       JOIN companies c ON c.id = d.company_id
      WHERE d.company_id = $1 AND d.parent_id = $2 AND d.id <> $3 AND ${nameKey('d.name')} = ${nameKey('$4::text')}
      LIMIT 1`,
    [companyId, parentId, selfId ?? 0, name],
  );
  if (rows[0]) throw new AppError('deptNameTaken', { name: rows[0].name, parent: rows[0].parent });
}

/** Runs a write; a sibling-name clash the check could not see (a writer without the lock) is still refused. */
async function guardSiblingName<T>(write: () => Promise<T>, name: string): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('deptSiblingNameTaken', { name });
    throw err;
  }
}

function checkName(raw: string | undefined): string {
  const name = raw?.trim() ?? '';
  if (name === '') throw new AppError('deptNameRequired');
  return name;
}

/** Creates (no id) or renames and/or moves (id) a department; returns it. */
export async function setDepartment(deps: OrgDeps, actor: Actor, input: SetDepartmentInput): Promise<DepartmentInfo> {
  if (input.id === undefined) {
    const name = checkName(input.deptName);
    const id = await guardSiblingName(() => deps.db.transaction(async (tx) => {
      await lockTree(tx, actor.companyId);
      if (input.affiliatedDept == null && !actor.isAdmin && actor.scope !== 'All') {
        // The root lies outside a scoped sub-user's tree: they must name a parent within it.
        throw new AppError('deptOutOfScope');
      }
      const parentId = input.affiliatedDept ?? (await rootDepartmentId(tx, actor.companyId));
      const parent = await findDept(tx, actor, parentId);
      await assertNameFree(tx, actor.companyId, parent.id, name);
      const row = { companyId: actor.companyId, name, parentId: parent.id, parentPath: parent.path };
      return insertDepartment(tx, row, deps.clock());
    }), name);
    return toInfo(await findDept(deps.db, actor, id));
  }

  const id = input.id;
  const name = input.deptName === undefined ? undefined : checkName(input.deptName);
  const moveTo = input.affiliatedDept ?? undefined;
  if (name === undefined && moveTo === undefined) throw new AppError('nothingToChange');
  await guardSiblingName(() => deps.db.transaction(async (tx) => {
    await lockTree(tx, actor.companyId);
    const dept = await findDept(tx, actor, id);
    assertVersion(dept.version, input.version);
    const isRoot = dept.parent_id === null;
    // Every write of this department's row goes through here: once, with its version checked.
    const version = input.version ?? null;

    if (moveTo !== undefined && moveTo !== dept.parent_id) {
      if (isRoot) throw new AppError('rootDeptLocked');
      if (moveTo === dept.id) throw new AppError('deptIntoOwnBranch');
      const parent = await findDept(tx, actor, moveTo);
      if (parent.path.startsWith(dept.path)) throw new AppError('deptIntoOwnBranch');
      // Under its new parent, with its new name if it gets one too.
      await assertNameFree(tx, actor.companyId, parent.id, name ?? dept.dept_name, dept.id);
      const newPath = `${parent.path}${dept.id}/`;
      // The new name goes in with the move: under the new parent the old one may be taken.
      const moved = await tx.query(
        `UPDATE departments SET parent_id = $3, name = COALESCE($4, name), version = version + 1
          WHERE company_id = $1 AND id = $2 AND ${versionMatches('$5')}`,
        [actor.companyId, dept.id, parent.id, name ?? null, version],
      );
      assertWritten(moved.rowCount);
      // The whole sub-tree, the department included, swaps its old path prefix for the new one.
      await tx.query(
        `UPDATE departments SET path = $3 || substr(path, length($2) + 1)
          WHERE company_id = $1 AND starts_with(path, $2)`,
        [actor.companyId, dept.path, newPath],
      );
    } else if (moveTo !== undefined && name === undefined) {
      // A move to where it already is.
      throw new AppError(isRoot ? 'rootDeptLocked' : 'deptChooseAnother');
    }

    if (name !== undefined) {
      if (dept.parent_id === null) {
        // The root is the company: renaming it renames the company, which only admins may.
        assertAdmin(actor);
        const root = await tx.query(
          `UPDATE departments SET version = version + 1 WHERE company_id = $1 AND id = $2 AND ${versionMatches('$3')}`,
          [actor.companyId, dept.id, version],
        );
        assertWritten(root.rowCount);
        await tx.query('UPDATE companies SET name = $2 WHERE id = $1', [actor.companyId, name]);
      } else {
        if (moveTo !== undefined && moveTo !== dept.parent_id) return; // renamed with the move
        await assertNameFree(tx, actor.companyId, dept.parent_id, name, dept.id);
        const renamed = await tx.query(
          `UPDATE departments SET name = $3, version = version + 1
            WHERE company_id = $1 AND id = $2 AND ${versionMatches('$4')}`,
          [actor.companyId, dept.id, name, version],
        );
        assertWritten(renamed.rowCount);
      }
    }
  }), name ?? '');
  return toInfo(await findDept(deps.db, actor, id));
}

/** Deletes a department nothing holds; the root never. `version` as for an update (absent: not checked). */
export async function deleteDepartment(deps: OrgDeps, actor: Actor, id: number, version?: number): Promise<void> {
  try {
    await deps.db.transaction(async (tx) => {
      await lockTree(tx, actor.companyId);
      const dept = await findDept(tx, actor, id);
      if (dept.parent_id === null) throw new AppError('rootDeptLocked');
      assertVersion(dept.version, version);
      for (const holder of DEPARTMENT_HOLDERS) {
        const { rows } = await tx.query<{ n: number }>(holder.countSql, [actor.companyId, dept.id]);
        if (rows[0].n > 0) throw new AppError(holder.error, { count: rows[0].n });
      }
      const { rowCount } = await tx.query(
        `DELETE FROM departments WHERE company_id = $1 AND id = $2 AND ${versionMatches('$3')}`,
        [actor.companyId, dept.id, version ?? null],
      );
      assertWritten(rowCount);
    });
  } catch (err) {
    // Something was added to it between the checks and the delete (PostgreSQL server only).
    if (isForeignKeyViolation(err)) throw new AppError('deptInUse');
    throw err;
  }
}
