import type { AuthorizationType, LoginResult } from '../../../src/api/contract.ts';
import type { Queryable } from '../../db/db.ts';
import { grantDepts, permissionsOf } from '../access/service.ts';
import type { Session } from '../sessions/service.ts';
import { effectiveVip, type PaidModelSetting } from './paid-model.ts';
import { templateUserIdOf } from '../templates/template-user.ts';

export interface UserRow {
  id: number;
  company_id: number;
  company_name: string;
  is_vip: boolean;
  phone: string | null;
  email: string | null;
  password_hash: string;
  is_admin: boolean;
  is_demo: boolean;
  enabled: boolean;
  staff_id: number | null;
  auth_scope: AuthorizationType;
  /** The sub-user's staff member: name and department. */
  staff_name: string | null;
  staff_dept: number | null;
  /** The role's codes; null without a role. */
  role_permissions: number[] | null;
  /** 'Custom' scope: the chosen departments. */
  custom_depts: number[];
}

const USER_FROM = `users u
  JOIN companies c ON c.id = u.company_id
  LEFT JOIN staff s ON s.company_id = u.company_id AND s.id = u.staff_id
  LEFT JOIN roles r ON r.company_id = u.company_id AND r.id = u.role_id`;

const USER_COLUMNS = `u.id, u.company_id, c.name AS company_name, c.is_vip, u.phone, u.email, u.password_hash,
  u.is_admin, u.is_demo, u.enabled, u.staff_id, u.auth_scope, s.name AS staff_name, s.dept_id AS staff_dept,
  r.permissions AS role_permissions,
  COALESCE((SELECT json_agg(ud.dept_id ORDER BY ud.dept_id) FROM user_depts ud
             WHERE ud.company_id = u.company_id AND ud.user_id = u.id), '[]'::json) AS custom_depts`;

/** A user by login name, across companies (the only lookup that is not tenant-scoped). */
export async function findUserByAccount(
  q: Queryable,
  column: 'phone' | 'email',
  value: string,
): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM ${USER_FROM} WHERE u.${column} = $1`,
    [value],
  );
  return rows[0];
}

export async function findUser(q: Queryable, companyId: number, userId: number): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM ${USER_FROM} WHERE u.company_id = $1 AND u.id = $2`,
    [companyId, userId],
  );
  return rows[0];
}

/**
 * The login result (spec section 3). A sub-user carries its staff member's name and id, its
 * role's codes and its scope (modules/access); templateUserId is the company's id for the
 * owner and for sub-users holding the label-templates permission (modules/templates/template-user.ts).
 */
export function toLoginResult(
  user: UserRow,
  token: string,
  session: Pick<Session, 'expiresAt'>,
  setting: PaidModelSetting | undefined,
): LoginResult {
  const scope = user.is_admin ? 'All' : user.auth_scope;
  return {
    Id: user.id,
    loginID: token,
    CompanyName: user.company_name,
    StaffName: user.staff_name,
    staffId: user.staff_id,
    PhoneNumber: user.phone,
    Email: user.email,
    templateUserId: templateUserIdOf({
      isAdmin: user.is_admin,
      companyId: user.company_id,
      permissions: permissionsOf(user.is_admin, user.role_permissions),
    }),
    IsAdmin: user.is_admin,
    IsVip: effectiveVip(user.is_vip, setting),
    IsDemo: user.is_demo,
    authorizationType: scope,
    authorizedDepts: grantDepts({ scope, customDepts: user.custom_depts, staffDept: user.staff_dept }),
    permissions: permissionsOf(user.is_admin, user.role_permissions),
    expiresAt: session.expiresAt.toISOString(),
  };
}
