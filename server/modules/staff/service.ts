/**
 * Staff: the people of a company, each in at most one department, optionally with a sub-user
 * (their own login, modules/child-users).
 *
 * The list answers search + sort + page + department filter with two statements (the total,
 * then the page). The department filter keeps the department's whole sub-tree through the
 * materialized path; the actor's scope is applied by the access module's SQL condition.
 * bench/staff-list.ts measures it: 5 to 40 ms for 10,000 staff on PGlite.
 */
import {
  DEFAULT_PAGE_SIZE,
  type StaffInfo,
  type StaffSortKey,
  type WorkingStatus,
} from '../../../src/api/contract.ts';
import { isForeignKeyViolation, isUniqueViolation, type Queryable } from '../../db/db.ts';
import { assertVersion, assertWritten, versionMatches } from '../../db/record-version.ts';
import { containsPattern, SqlParams } from '../../db/sql.ts';
import { AppError } from '../../errors.ts';
import { deptCondition, type Actor } from '../access/service.ts';
import { closeChildUserOf } from '../child-users/service.ts';
import type { OrgDeps } from '../departments/service.ts';
import { visibleAsset } from '../assets/visibility.ts';

export const STAFF_TEXT_MAX = 50;

interface StaffRow {
  id: number;
  name: string;
  position: string;
  job_number: string;
  dept_id: number | null;
  dept_name: string | null;
  working_status: WorkingStatus;
  user_id: number | null;
  user_enabled: boolean | null;
  version: number;
}

function toInfo(row: StaffRow): StaffInfo {
  return {
    id: row.id,
    staffName: row.name,
    position: row.position,
    jobNumber: row.job_number,
    affiliatedDept: row.dept_id,
    deptName: row.dept_name,
    workingStatus: row.working_status,
    userId: row.user_id,
    userEnabled: row.user_enabled,
    version: row.version,
  };
}

const SORT_COLUMNS: Record<StaffSortKey, string> = {
  id: 's.id',
  staffName: 's.name',
  position: 's.position',
  jobNumber: 's.job_number',
  affiliatedDept: 'dept_name',
  workingStatus: 's.working_status',
};

/** The department's name, the company's for the root, NULL without a department (aliases s, d, c). */
const DEPT_NAME = 'CASE WHEN d.id IS NULL THEN NULL ELSE COALESCE(d.name, c.name) END';
const DEPT_JOINS = `JOIN companies c ON c.id = s.company_id
  LEFT JOIN departments d ON d.company_id = s.company_id AND d.id = s.dept_id`;

const SELECT_STAFF = `SELECT s.id, s.name, s.position, s.job_number, s.dept_id, ${DEPT_NAME} AS dept_name,
       s.working_status, u.id AS user_id, u.enabled AS user_enabled, s.version
  FROM staff s
  ${DEPT_JOINS}
  LEFT JOIN users u ON u.company_id = s.company_id AND u.staff_id = s.id`;

/** The company filter and the actor's scope, for alias s; `company` is the company id's placeholder. */
function scopeWhere(actor: Actor, p: SqlParams): { company: string; where: string[] } {
  const company = p.add(actor.companyId);
  return { company, where: [`s.company_id = ${company}`, deptCondition(actor, 's.dept_id', p)] };
}

/** One staff member the actor sees; staffNotFound otherwise (also for another company's id). */
export async function findStaff(q: Queryable, actor: Actor, id: number): Promise<StaffInfo> {
  const p = new SqlParams();
  const { where } = scopeWhere(actor, p);
  where.push(`s.id = ${p.add(id)}`);
  const { rows } = await q.query<StaffRow>(`${SELECT_STAFF} WHERE ${where.join(' AND ')}`, p.values);
  if (!rows[0]) throw new AppError('staffNotFound');
  return toInfo(rows[0]);
}

// ---- reads -----------------------------------------------------------------------------

export interface StaffListInput {
  search?: string;
  /** Keeps this department and its sub-departments. */
  affiliatedDept?: number;
  workingStatus?: WorkingStatus;
  sortKey?: StaffSortKey;
  isASC?: boolean;
  /** From 1. */
  pageIndex?: number;
  pageSize?: number;
}

export async function listStaff(
  deps: Pick<OrgDeps, 'db'>,
  actor: Actor,
  input: StaffListInput,
): Promise<{ staffs: StaffInfo[]; total: number }> {
  const p = new SqlParams();
  const { company, where } = scopeWhere(actor, p);
  const search = input.search?.trim();
  if (search) {
    // search_text is name, job number and position lower-cased (migration 002).
    where.push(`s.search_text LIKE lower(${p.add(containsPattern(search))})`);
  }
  if (input.affiliatedDept !== undefined) {
    // A department of another company has no path here: the filter then matches nothing.
    const filter = p.add(input.affiliatedDept);
    where.push(`s.dept_id IN (
      SELECT fd.id FROM departments fd
       WHERE fd.company_id = ${company}
         AND starts_with(fd.path, (SELECT f.path FROM departments f WHERE f.company_id = ${company} AND f.id = ${filter})))`);
  }
  if (input.workingStatus) where.push(`s.working_status = ${p.add(input.workingStatus)}`);
  const whereSql = where.join(' AND ');

  const total = await deps.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM staff s WHERE ${whereSql}`,
    p.values,
  );

  const direction = input.isASC === false ? 'DESC' : 'ASC';
  const orderBy = `${SORT_COLUMNS[input.sortKey ?? 'id']} ${direction}, s.id ${direction}`;
  const pageSize = input.pageSize ?? DEFAULT_PAGE_SIZE;
  const offset = ((input.pageIndex ?? 1) - 1) * pageSize;
  // The page's ids first, from staff alone (with the department only to sort by its name),
  // so the rows skipped by OFFSET are never joined; then the page's rows in full.
  const deptSort = input.sortKey === 'affiliatedDept';
  const { rows } = await deps.db.query<StaffRow>(
    `WITH page AS (
       SELECT s.id${deptSort ? `, ${DEPT_NAME} AS dept_name` : ''} FROM staff s ${deptSort ? DEPT_JOINS : ''}
        WHERE ${whereSql}
        ORDER BY ${orderBy}
        LIMIT ${p.add(pageSize)} OFFSET ${p.add(offset)})
     ${SELECT_STAFF}
      WHERE s.company_id = ${company} AND s.id IN (SELECT id FROM page)
      ORDER BY ${orderBy}`,
    p.values,
  );
  return { staffs: rows.map(toInfo), total: total.rows[0].n };
}

/** Staff directly in a department (or, without one, every staff member the actor sees), by name. */
export async function childStaff(
  deps: Pick<OrgDeps, 'db'>,
  actor: Actor,
  deptId: number | undefined,
): Promise<StaffInfo[]> {
  const p = new SqlParams();
  const { where } = scopeWhere(actor, p);
  if (deptId !== undefined) where.push(`s.dept_id = ${p.add(deptId)}`);
  const { rows } = await deps.db.query<StaffRow>(
    `${SELECT_STAFF} WHERE ${where.join(' AND ')} ORDER BY s.name, s.id`,
    p.values,
  );
  return rows.map(toInfo);
}

// ---- writes ----------------------------------------------------------------------------

export interface SetStaffInput {
  id?: number;
  staffName?: string;
  position?: string;
  jobNumber?: string;
  /** null: no department (admins only); absent: '' on create, unchanged on update. */
  affiliatedDept?: number | null;
  workingStatus?: WorkingStatus;
  /** Update: the version it is based on. */
  version?: number;
}

/** A department the actor may put staff in: one of theirs; no department for admins only. */
async function checkDept(q: Queryable, actor: Actor, deptId: number | null): Promise<void> {
  if (deptId === null) {
    if (!actor.isAdmin) throw new AppError('deptOutOfScope');
    return;
  }
  const p = new SqlParams();
  const { rowCount } = await q.query(
    `SELECT 1 FROM departments d
      WHERE d.company_id = ${p.add(actor.companyId)} AND d.id = ${p.add(deptId)}
        AND ${deptCondition(actor, 'd.id', p)}`,
    p.values,
  );
  if (rowCount === 0) throw new AppError('deptNotFound');
}

async function checkJobNumber(q: Queryable, companyId: number, jobNumber: string, exceptId: number): Promise<void> {
  if (jobNumber === '') return;
  const { rowCount } = await q.query('SELECT 1 FROM staff WHERE company_id = $1 AND job_number = $2 AND id <> $3', [
    companyId,
    jobNumber,
    exceptId,
  ]);
  if (rowCount > 0) throw new AppError('jobNumberTaken');
}

/** Creates (no id) or updates (id) a staff member; returns it. */
export async function setStaff(deps: OrgDeps, actor: Actor, input: SetStaffInput): Promise<StaffInfo> {
  const name = input.staffName?.trim() ?? '';
  if (name === '') throw new AppError('staffNameRequired');
  const position = input.position?.trim();
  const jobNumber = input.jobNumber?.trim();
  try {
    const id = await deps.db.transaction(async (tx) => {
      if (input.id === undefined) {
        const deptId = input.affiliatedDept ?? null;
        await checkDept(tx, actor, deptId);
        await checkJobNumber(tx, actor.companyId, jobNumber ?? '', 0);
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO staff (company_id, name, position, job_number, dept_id, working_status, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [
            actor.companyId,
            name,
            position ?? '',
            jobNumber ?? '',
            deptId,
            input.workingStatus ?? 'active',
            deps.clock(),
          ],
        );
        return rows[0].id;
      }
      const current = await findStaff(tx, actor, input.id);
      assertVersion(current.version, input.version);
      const deptId = input.affiliatedDept === undefined ? current.affiliatedDept : input.affiliatedDept;
      if (deptId !== current.affiliatedDept) await checkDept(tx, actor, deptId);
      if (jobNumber !== undefined) await checkJobNumber(tx, actor.companyId, jobNumber, current.id);
      const { rowCount } = await tx.query(
        `UPDATE staff SET name = $3, position = $4, job_number = $5, dept_id = $6, working_status = $7,
                version = version + 1
          WHERE company_id = $1 AND id = $2 AND ${versionMatches('$8')}`,
        [
          actor.companyId,
          current.id,
          name,
          position ?? current.position,
          jobNumber ?? current.jobNumber,
          deptId,
          input.workingStatus ?? current.workingStatus,
          input.version ?? null,
        ],
      );
      assertWritten(rowCount);
      return current.id;
    });
    return await findStaff(deps.db, actor, id);
  } catch (err) {
    // Two requests giving the same job number at once.
    if (isUniqueViolation(err)) throw new AppError('jobNumberTaken');
    throw err;
  }
}

/**
 * Deletes a staff member. Their sub-user, if any, is closed in the same transaction (its
 * login and sessions go), under the same rules as closing it directly. A staff member who
 * still holds assets (as their user) is not deleted: the assets would silently turn from
 * "in use" to "unused", so the refusal names the count and the assets are reassigned or
 * returned first.
 */
export async function deleteStaff(deps: OrgDeps, actor: Actor, id: number, version?: number): Promise<void> {
  try {
    await deps.db.transaction(async (tx) => {
      const staff = await findStaff(tx, actor, id);
      assertVersion(staff.version, version);
      // Visible assets only (assets/visibility.ts); one an import is still writing refuses the
      // delete through its foreign key instead (staffInUse, below).
      const held = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM assets a WHERE a.company_id = $1 AND a.staff_id = $2 AND ${visibleAsset('a', '$1')}`,
        [actor.companyId, staff.id],
      );
      if (held.rows[0].n > 0) throw new AppError('staffHasAssets', { count: held.rows[0].n });
      if (staff.userId !== null) await closeChildUserOf(tx, actor, staff.id);
      const { rowCount } = await tx.query(`DELETE FROM staff WHERE company_id = $1 AND id = $2 AND ${versionMatches('$3')}`, [
        actor.companyId,
        staff.id,
        version ?? null,
      ]);
      assertWritten(rowCount);
    });
  } catch (err) {
    // Assets an import is still writing name them (hidden until it is published).
    if (isForeignKeyViolation(err)) throw new AppError('staffInUse');
    throw err;
  }
}
