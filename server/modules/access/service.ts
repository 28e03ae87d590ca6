/**
 * Authorization, in one place: who holds which permission, which departments (and so which
 * staff, assets and asset pictures) a user sees, and what a user may grant to a sub-user.
 *
 * - An admin holds every permission and sees everything, staff without a department included.
 * - A sub-user holds exactly the codes its role lists (none without a role), and sees the
 *   departments of its scope, each with its whole sub-tree:
 *     All    every department of the company;
 *     Dept   the department of its own staff member (none if that has no department);
 *     Custom the departments chosen when the sub-user was opened (user_depts).
 *   Staff without a department are seen by admins only.
 * - A non-admin who manages sub-users (302) cannot grant a permission they do not hold or a
 *   scope wider than theirs, cannot manage a sub-user who holds more than they do (else they
 *   could take it over by setting its password), and cannot change or close their own.
 *
 * Queries use the scope through SQL fragments (deptCondition): the caller's statement filters
 * on company_id itself, and the fragment narrows it to the actor's departments; no list of
 * ids is computed in JavaScript, so the result always follows the current tree.
 */
import { ALL_PERMISSIONS, type AuthorizationType } from '../../../src/api/contract.ts';
import type { Queryable } from '../../db/db.ts';
import { SqlParams } from '../../db/sql.ts';
import { AppError } from '../../errors.ts';
import type { Session } from '../sessions/service.ts';
import { effectiveVip, type PaidModelSetting } from '../accounts/paid-model.ts';
import { visibleAsset } from '../assets/visibility.ts';

/** The user making a request, as authorization sees it. Loaded once per request. */
export interface Actor {
  userId: number;
  companyId: number;
  isAdmin: boolean;
  isVip: boolean;
  /** The staff member a sub-user belongs to; null for an admin. */
  staffId: number | null;
  scope: AuthorizationType;
  /** The codes held: every code for an admin, the role's list otherwise. */
  permissions: ReadonlySet<number>;
}

/** The permission list of a user: all codes for an admin, else the role's (ascending, once each). */
export function permissionsOf(isAdmin: boolean, rolePermissions: readonly number[] | null | undefined): number[] {
  if (isAdmin) return [...ALL_PERMISSIONS];
  return [...new Set(rolePermissions ?? [])].sort((a, b) => a - b);
}

/** The actor behind a live session; code 19 if the user vanished since the session was checked. */
export async function loadActor(
  q: Queryable,
  session: Pick<Session, 'userId' | 'companyId'>,
  setting?: PaidModelSetting,
): Promise<Actor> {
  const { rows } = await q.query<{
    is_admin: boolean;
    is_vip: boolean;
    staff_id: number | null;
    auth_scope: AuthorizationType;
    permissions: number[] | null;
  }>(
    `SELECT u.is_admin, c.is_vip, u.staff_id, u.auth_scope, r.permissions
       FROM users u
       JOIN companies c ON c.id = u.company_id
       LEFT JOIN roles r ON r.company_id = u.company_id AND r.id = u.role_id
      WHERE u.company_id = $1 AND u.id = $2`,
    [session.companyId, session.userId],
  );
  const row = rows[0];
  if (!row) throw new AppError('sessionInvalid');
  return {
    userId: session.userId,
    companyId: session.companyId,
    isAdmin: row.is_admin,
    isVip: effectiveVip(row.is_vip, setting),
    staffId: row.staff_id,
    scope: row.is_admin ? 'All' : row.auth_scope,
    permissions: new Set(permissionsOf(row.is_admin, row.permissions)),
  };
}

// ---- permissions -----------------------------------------------------------------------

export function holds(actor: Actor, code: number): boolean {
  return actor.isAdmin || actor.permissions.has(code);
}

export function assertPermission(actor: Actor, code: number): void {
  if (!holds(actor, code)) throw new AppError('forbidden');
}

/** The role area: an admin of a VIP company. */
export function assertVipAdmin(actor: Actor): void {
  if (!actor.isAdmin) throw new AppError('forbidden');
  if (!actor.isVip) throw new AppError('vipRequired');
}

export function assertAdmin(actor: Actor): void {
  if (!actor.isAdmin) throw new AppError('forbidden');
}

// ---- department scope ------------------------------------------------------------------

/** SQL listing the ids of the departments whose sub-trees make up a non-admin's scope. */
function scopeTopsSql(actor: Actor, company: string, p: SqlParams): string {
  switch (actor.scope) {
    case 'All':
      return `SELECT t.id FROM departments t WHERE t.company_id = ${company} AND t.parent_id IS NULL`;
    case 'Dept':
      // A sub-user without a staff member (not made by this server) has no department: sees none.
      return `SELECT t.dept_id FROM staff t WHERE t.company_id = ${company} AND t.id = ${p.add(actor.staffId ?? 0)}`;
    case 'Custom':
      return `SELECT t.dept_id FROM user_depts t
               WHERE t.company_id = ${company} AND t.user_id = ${p.add(actor.userId)}`;
  }
}

/**
 * A condition on a department-id column (e.g. 's.dept_id'): the row lies in the actor's scope.
 * An admin's condition is TRUE (NULL departments included); a non-admin's never matches NULL.
 * The statement must filter on company_id itself.
 */
export function deptCondition(actor: Actor, column: string, p: SqlParams): string {
  if (actor.isAdmin) return 'TRUE';
  if (actor.scope === 'All') return `${column} IS NOT NULL`;
  const company = p.add(actor.companyId);
  return `${column} IN (
    SELECT sd.id FROM departments sd
      JOIN departments top ON top.company_id = sd.company_id AND starts_with(sd.path, top.path)
     WHERE sd.company_id = ${company} AND top.id IN (${scopeTopsSql(actor, company, p)}))`;
}

/**
 * A condition on a files row (alias `f`, e.g. 'f'): the actor may see the file. Pictures follow
 * the assets they belong to: an admin sees every file of the company; anyone else a file put
 * on an asset in their scope (deptCondition), or one they uploaded themselves (so a picture can
 * be previewed before its asset is saved). Without this, ids being sequential, any user of the
 * company could read (and attach) every picture. The statement must filter on company_id itself.
 */
export function fileCondition(actor: Actor, f: string, p: SqlParams): string {
  if (actor.isAdmin) return 'TRUE';
  return `(${f}.created_by = ${p.add(actor.userId)} OR EXISTS (
    SELECT 1 FROM assets fa
     WHERE fa.company_id = ${f}.company_id AND fa.picture_id = ${f}.id AND ${deptCondition(actor, 'fa.dept_id', p)}
       AND ${visibleAsset('fa', p.add(actor.companyId))}))`;
}

/** The ids, among `deptIds`, of departments of the company in the actor's scope. */
export async function visibleDeptIds(q: Queryable, actor: Actor, deptIds: readonly number[]): Promise<Set<number>> {
  if (deptIds.length === 0) return new Set();
  const p = new SqlParams();
  const { rows } = await q.query<{ id: number }>(
    `SELECT d.id FROM departments d
      WHERE d.company_id = ${p.add(actor.companyId)} AND d.id = ANY(${p.add(deptIds)}::bigint[])
        AND ${deptCondition(actor, 'd.id', p)}`,
    p.values,
  );
  return new Set(rows.map((r) => r.id));
}

// ---- granting to sub-users -------------------------------------------------------------

/** What a sub-user holds: its role's codes and its scope. */
export interface Grant {
  permissions: readonly number[];
  scope: AuthorizationType;
  /** 'Custom': the chosen departments. */
  customDepts: readonly number[];
  /** 'Dept': the department of the sub-user's staff member, if any. */
  staffDept: number | null;
}

/** The departments a grant's scope is made of ('All': none listed; see scopeTopsSql). */
export function grantDepts(grant: Pick<Grant, 'scope' | 'customDepts' | 'staffDept'>): number[] {
  if (grant.scope === 'Custom') return [...grant.customDepts];
  if (grant.scope === 'Dept') return grant.staffDept === null ? [] : [grant.staffDept];
  return [];
}

/**
 * Refuses (cannotGrant) a grant beyond the actor's own: a code the actor does not hold, scope
 * All by a scoped actor, or a department outside the actor's scope. Admins may grant anything.
 */
export async function assertCanGrant(q: Queryable, actor: Actor, grant: Grant): Promise<void> {
  if (actor.isAdmin) return;
  if (grant.permissions.some((code) => !actor.permissions.has(code))) throw new AppError('cannotGrant');
  if (actor.scope === 'All') return;
  if (grant.scope === 'All') throw new AppError('cannotGrant');
  const depts = grantDepts(grant);
  const visible = await visibleDeptIds(q, actor, depts);
  if (depts.some((id) => !visible.has(id))) throw new AppError('cannotGrant');
}

/** Refuses changing or closing a sub-user: one's own (ownAccess), or one holding more than the actor. */
export async function assertCanManage(q: Queryable, actor: Actor, target: Grant & { userId: number }): Promise<void> {
  if (actor.isAdmin) return;
  if (target.userId === actor.userId) throw new AppError('ownAccess');
  await assertCanGrant(q, actor, target);
}
