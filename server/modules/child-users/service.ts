/**
 * Sub-users: a login of its own for a staff member (a users row with is_admin false and a
 * staff_id), holding a role's permissions and an authorization scope (modules/access).
 *
 * States (spec section 4): not opened, opened and enabled, opened and disabled. Opening needs
 * a phone number or email that no account uses yet, a verification code sent to it (as for
 * registration) and a password. Disabling ends the sub-user's sessions at once (their next
 * call answers 19) and login then answers "disabled"; closing deletes the login, so its
 * sessions go with it (ON DELETE CASCADE) and login answers "incorrect username or password".
 * Deleting the staff member closes the sub-user too (modules/staff).
 */
import type { AuthorizationType, ChildUserInfo, DepartmentInfo } from '../../../src/api/contract.ts';
import { isUniqueViolation, type Queryable } from '../../db/db.ts';
import { assertVersion, assertWritten, versionMatches } from '../../db/record-version.ts';
import { SqlParams } from '../../db/sql.ts';
import { AppError, type ErrorKind } from '../../errors.ts';
import { columnOf, resolveAccount, type Account } from '../accounts/identity.ts';
import { findUserByAccount } from '../accounts/login-result.ts';
import { hashPassword } from '../accounts/password.ts';
import {
  assertCanGrant,
  assertCanManage,
  deptCondition,
  grantDepts,
  visibleDeptIds,
  type Actor,
  type Grant,
} from '../access/service.ts';
import { departmentsByIds, rootDepartmentId, type OrgDeps } from '../departments/service.ts';
import { endUserSessions } from '../sessions/service.ts';
import { consumeCode } from '../verification/service.ts';

/** The wire form of an empty password (MD5 of ''): a client that hashed an empty field. */
const EMPTY_PASSWORD_MD5 = 'D41D8CD98F00B204E9800998ECF8427E';

interface ChildUserRow {
  id: number;
  staff_id: number;
  staff_name: string;
  dept_id: number | null;
  phone: string | null;
  email: string | null;
  enabled: boolean;
  role_id: number | null;
  role_name: string | null;
  permissions: number[] | null;
  auth_scope: AuthorizationType;
  custom_depts: number[];
  version: number;
}

function grantOf(row: ChildUserRow): Grant & { userId: number } {
  return {
    userId: row.id,
    permissions: row.permissions ?? [],
    scope: row.auth_scope,
    customDepts: row.custom_depts,
    staffDept: row.dept_id,
  };
}

function toInfo(row: ChildUserRow): ChildUserInfo {
  return {
    id: row.id,
    staffId: row.staff_id,
    staffName: row.staff_name,
    affiliatedDept: row.dept_id,
    phoneNumber: row.phone,
    email: row.email,
    enabled: row.enabled,
    roleId: row.role_id,
    roleName: row.role_name,
    permissions: [...(row.permissions ?? [])].sort((a, b) => a - b),
    authorizationType: row.auth_scope,
    authorizedDepts: grantDepts(grantOf(row)),
    version: row.version,
  };
}

/** Sub-users of staff the actor sees, matching `where` (SQL on aliases u and s). */
async function selectChildUsers(q: Queryable, actor: Actor, where: (p: SqlParams) => string): Promise<ChildUserRow[]> {
  const p = new SqlParams();
  const company = p.add(actor.companyId);
  const { rows } = await q.query<ChildUserRow>(
    `SELECT u.id, u.staff_id, s.name AS staff_name, s.dept_id, u.phone, u.email, u.enabled,
            u.role_id, r.name AS role_name, r.permissions, u.auth_scope, u.version,
            COALESCE((SELECT json_agg(ud.dept_id ORDER BY ud.dept_id) FROM user_depts ud
                       WHERE ud.company_id = u.company_id AND ud.user_id = u.id), '[]'::json) AS custom_depts
       FROM users u
       JOIN staff s ON s.company_id = u.company_id AND s.id = u.staff_id
       LEFT JOIN roles r ON r.company_id = u.company_id AND r.id = u.role_id
      WHERE u.company_id = ${company} AND NOT u.is_admin AND ${deptCondition(actor, 's.dept_id', p)} AND ${where(p)}
      ORDER BY s.name, u.id`,
    p.values,
  );
  return rows;
}

async function findChildUser(q: Queryable, actor: Actor, id: number): Promise<ChildUserRow> {
  const [row] = await selectChildUsers(q, actor, (p) => `u.id = ${p.add(id)}`);
  if (!row) throw new AppError('childUserNotFound');
  return row;
}

// ---- reads -----------------------------------------------------------------------------

export async function listChildUsers(deps: Pick<OrgDeps, 'db'>, actor: Actor): Promise<ChildUserInfo[]> {
  return (await selectChildUsers(deps.db, actor, () => 'TRUE')).map(toInfo);
}

/** The departments a sub-user's scope covers ('All': the root), as far as the actor sees them. */
export async function childUserDepartments(
  deps: Pick<OrgDeps, 'db'>,
  actor: Actor,
  id: number,
): Promise<DepartmentInfo[]> {
  const row = await findChildUser(deps.db, actor, id);
  const ids = row.auth_scope === 'All' ? [await rootDepartmentId(deps.db, actor.companyId)] : grantDepts(grantOf(row));
  return departmentsByIds(deps.db, actor, ids);
}

// ---- open and change -------------------------------------------------------------------

export interface SetChildUserInput {
  /** The sub-user's id: change it; absent: open one for staffId. */
  id?: number;
  staffId?: number;
  phoneNumber?: string;
  email?: string;
  checkCode?: string;
  /** Upper-case hex MD5. */
  password?: string;
  /** null: no role (no permissions). */
  roleId?: number | null;
  authorizationType?: AuthorizationType;
  authorizedDepts?: number[];
  /** Change: the version it is based on. */
  version?: number;
}

function checkCodeOf(raw: string | undefined): string {
  const code = raw?.trim() ?? '';
  if (code === '') throw new AppError('checkCodeRequired');
  if (!/^\d{6}$/.test(code)) throw new AppError('invalidCheckCode');
  return code;
}

function passwordOf(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  const wire = raw.toUpperCase();
  if (wire === EMPTY_PASSWORD_MD5) throw new AppError('passwordRequired');
  return wire;
}

/** The login a request names, if it names one (both fields empty: none). */
function accountOf(input: SetChildUserInput): Account | undefined {
  if (!input.phoneNumber?.trim() && !input.email?.trim()) return undefined;
  return resolveAccount({ phoneNumber: input.phoneNumber, email: input.email });
}

/** A role's codes; roleNotFound when it is not the company's. */
async function rolePermissions(q: Queryable, companyId: number, roleId: number | null): Promise<number[]> {
  if (roleId === null) return [];
  const { rows } = await q.query<{ permissions: number[] }>(
    'SELECT permissions FROM roles WHERE company_id = $1 AND id = $2',
    [companyId, roleId],
  );
  if (!rows[0]) throw new AppError('roleNotFound');
  return rows[0].permissions;
}

/** Custom departments must exist in the company and lie in the actor's scope. */
async function checkCustomDepts(q: Queryable, actor: Actor, depts: readonly number[]): Promise<void> {
  const visible = await visibleDeptIds(q, actor, depts);
  if (depts.some((id) => !visible.has(id))) throw new AppError('deptNotFound');
}

async function writeCustomDepts(
  q: Queryable,
  companyId: number,
  userId: number,
  depts: readonly number[],
): Promise<void> {
  await q.query('DELETE FROM user_depts WHERE company_id = $1 AND user_id = $2', [companyId, userId]);
  if (depts.length === 0) return;
  await q.query(
    `INSERT INTO user_depts (company_id, user_id, dept_id) SELECT $1::bigint, $2::bigint, unnest($3::bigint[])`,
    [companyId, userId, depts],
  );
}

async function accountTaken(q: Queryable, account: Account): Promise<boolean> {
  return (await findUserByAccount(q, columnOf(account), account.value)) !== undefined;
}

/**
 * Runs a write in which a wrong verification code must still count its try: fn returns an
 * error kind to COMMIT and then fail (throws roll back as usual).
 */
async function withCodeCheck(deps: OrgDeps, fn: (tx: Queryable) => Promise<ErrorKind | number>): Promise<number> {
  let outcome: ErrorKind | number;
  try {
    outcome = await deps.db.transaction(fn);
  } catch (err) {
    // The account (or the staff member's sub-user) taken by a request racing this one.
    if (isUniqueViolation(err)) throw new AppError('alreadyRegistered');
    throw err;
  }
  if (typeof outcome === 'string') throw new AppError(outcome);
  return outcome;
}

/** Opens (no id) or changes (id) a sub-user; returns it. */
export async function setChildUser(deps: OrgDeps, actor: Actor, input: SetChildUserInput): Promise<ChildUserInfo> {
  const id =
    input.id === undefined ? await openChildUser(deps, actor, input) : await changeChildUser(deps, actor, input.id, input);
  return toInfo(await findChildUser(deps.db, actor, id));
}

async function openChildUser(deps: OrgDeps, actor: Actor, input: SetChildUserInput): Promise<number> {
  const staffId = input.staffId;
  if (staffId === undefined) throw new AppError('staffRequired');
  // In the order of the form (spec section 5): login, code, password, scope.
  const account = accountOf(input);
  if (!account) throw new AppError('accountRequired');
  const code = checkCodeOf(input.checkCode);
  const password = passwordOf(input.password);
  if (!password) throw new AppError('passwordRequired');
  const scope = input.authorizationType ?? 'Dept';
  const customDepts = scope === 'Custom' ? [...new Set(input.authorizedDepts ?? [])] : [];
  if (scope === 'Custom' && customDepts.length === 0) throw new AppError('authorizedDeptsRequired');
  const roleId = input.roleId ?? null;
  const passwordHash = await hashPassword(password);
  const now = deps.clock();

  return withCodeCheck(deps, async (tx) => {
    const p = new SqlParams();
    const { rows } = await tx.query<{ dept_id: number | null; user_id: number | null }>(
      `SELECT s.dept_id, u.id AS user_id FROM staff s
         LEFT JOIN users u ON u.company_id = s.company_id AND u.staff_id = s.id
        WHERE s.company_id = ${p.add(actor.companyId)} AND s.id = ${p.add(staffId)}
          AND ${deptCondition(actor, 's.dept_id', p)}`,
      p.values,
    );
    const staff = rows[0];
    if (!staff) throw new AppError('staffNotFound');
    if (staff.user_id !== null) throw new AppError('childUserExists');
    const permissions = await rolePermissions(tx, actor.companyId, roleId);
    await checkCustomDepts(tx, actor, customDepts);
    await assertCanGrant(tx, actor, { permissions, scope, customDepts, staffDept: staff.dept_id });
    if (await accountTaken(tx, account)) throw new AppError('alreadyRegistered');
    if (!(await consumeCode(tx, account.value, 'register', code, now))) return 'invalidCheckCode';

    const inserted = await tx.query<{ id: number }>(
      `INSERT INTO users (company_id, ${columnOf(account)}, password_hash, is_admin, staff_id, role_id, auth_scope,
                          created_at)
       VALUES ($1, $2, $3, false, $4, $5, $6, $7) RETURNING id`,
      [actor.companyId, account.value, passwordHash, staffId, roleId, scope, now],
    );
    const userId = inserted.rows[0].id;
    await writeCustomDepts(tx, actor.companyId, userId, customDepts);
    return userId;
  });
}

async function changeChildUser(deps: OrgDeps, actor: Actor, id: number, input: SetChildUserInput): Promise<number> {
  const account = accountOf(input);
  const password = passwordOf(input.password);
  const scopeGiven = input.authorizationType !== undefined || input.authorizedDepts !== undefined;
  if (!account && !password && input.roleId === undefined && !scopeGiven) throw new AppError('nothingToChange');
  const passwordHash = password ? await hashPassword(password) : undefined;
  const now = deps.clock();

  return withCodeCheck(deps, async (tx) => {
    const target = await findChildUser(tx, actor, id);
    await assertCanManage(tx, actor, grantOf(target));
    assertVersion(target.version, input.version);

    const roleId = input.roleId === undefined ? target.role_id : input.roleId;
    const permissions = await rolePermissions(tx, actor.companyId, roleId);
    const scope = input.authorizationType ?? target.auth_scope;
    let customDepts: number[] = [];
    if (scope === 'Custom') {
      customDepts = [...new Set(input.authorizedDepts ?? (target.auth_scope === 'Custom' ? target.custom_depts : []))];
      if (customDepts.length === 0) throw new AppError('authorizedDeptsRequired');
      await checkCustomDepts(tx, actor, customDepts);
    }
    await assertCanGrant(tx, actor, { permissions, scope, customDepts, staffDept: target.dept_id });

    // The form may send the current login along: only a new one needs a code.
    const loginChanges = account !== undefined && target[columnOf(account)] !== account.value;
    if (loginChanges) {
      const code = checkCodeOf(input.checkCode);
      if (await accountTaken(tx, account)) throw new AppError('alreadyRegistered');
      if (!(await consumeCode(tx, account.value, 'register', code, now))) return 'invalidCheckCode';
    }

    const { rowCount } = await tx.query(
      `UPDATE users SET role_id = $3, auth_scope = $4, password_hash = COALESCE($5, password_hash),
              phone = $6, email = $7, version = version + 1
        WHERE company_id = $1 AND id = $2 AND ${versionMatches('$8')}`,
      [
        actor.companyId,
        target.id,
        roleId,
        scope,
        passwordHash ?? null,
        loginChanges ? (account.kind === 'phone' ? account.value : null) : target.phone,
        loginChanges ? (account.kind === 'email' ? account.value : null) : target.email,
        input.version ?? null,
      ],
    );
    assertWritten(rowCount);
    await writeCustomDepts(tx, actor.companyId, target.id, customDepts);
    // A new login or password ends the sessions opened with the old one.
    if (loginChanges || passwordHash) await endUserSessions(tx, { userId: target.id, companyId: actor.companyId });
    return target.id;
  });
}

// ---- enable, disable, close ------------------------------------------------------------

/**
 * enable 0 enables, 1 disables (spec section 4); disabling ends the sub-user's sessions.
 * `version` as for a change (absent: not checked).
 */
export async function enableChildUser(
  deps: OrgDeps,
  actor: Actor,
  id: number,
  enable: 0 | 1,
  version?: number,
): Promise<ChildUserInfo> {
  await deps.db.transaction(async (tx) => {
    const target = await findChildUser(tx, actor, id);
    await assertCanManage(tx, actor, grantOf(target));
    assertVersion(target.version, version);
    const { rowCount } = await tx.query(
      `UPDATE users SET enabled = $3, version = version + 1 WHERE company_id = $1 AND id = $2 AND ${versionMatches('$4')}`,
      [actor.companyId, target.id, enable === 0, version ?? null],
    );
    assertWritten(rowCount);
    if (enable === 1) await endUserSessions(tx, { userId: target.id, companyId: actor.companyId });
  });
  return toInfo(await findChildUser(deps.db, actor, id));
}

async function closeRow(tx: Queryable, actor: Actor, target: ChildUserRow, version?: number): Promise<void> {
  await assertCanManage(tx, actor, grantOf(target));
  assertVersion(target.version, version);
  // Sessions and custom departments go with the row (ON DELETE CASCADE).
  const { rowCount } = await tx.query(
    `DELETE FROM users WHERE company_id = $1 AND id = $2 AND NOT is_admin AND ${versionMatches('$3')}`,
    [actor.companyId, target.id, version ?? null],
  );
  assertWritten(rowCount);
}

/** Closes a sub-user: deletes its login; the staff member stays. `version` as for a change. */
export async function closeChildUser(deps: OrgDeps, actor: Actor, id: number, version?: number): Promise<void> {
  await deps.db.transaction(async (tx) => closeRow(tx, actor, await findChildUser(tx, actor, id), version));
}

/** Closes the sub-user of a staff member, if any, inside the caller's transaction. */
export async function closeChildUserOf(tx: Queryable, actor: Actor, staffId: number): Promise<void> {
  const [target] = await selectChildUsers(tx, actor, (p) => `u.staff_id = ${p.add(staffId)}`);
  if (target) await closeRow(tx, actor, target);
}
