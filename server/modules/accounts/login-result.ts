import { ALL_PERMISSIONS, type AuthorizationType, type LoginResult } from '../../../src/api/contract.ts';
import type { Queryable } from '../../db/db.ts';
import type { Session } from '../sessions/service.ts';

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
}

const USER_COLUMNS = `u.id, u.company_id, c.name AS company_name, c.is_vip, u.phone, u.email, u.password_hash,
  u.is_admin, u.is_demo, u.enabled, u.staff_id, u.auth_scope`;

/** A user by login name, across companies (the only lookup that is not tenant-scoped). */
export async function findUserByAccount(
  q: Queryable,
  column: 'phone' | 'email',
  value: string,
): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users u JOIN companies c ON c.id = u.company_id WHERE u.${column} = $1`,
    [value],
  );
  return rows[0];
}

export async function findUser(q: Queryable, companyId: number, userId: number): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users u JOIN companies c ON c.id = u.company_id
      WHERE u.company_id = $1 AND u.id = $2`,
    [companyId, userId],
  );
  return rows[0];
}

/**
 * The login result (spec section 3). Staff, roles, custom departments and templates arrive
 * in later issues; until then a non-admin holds no permission and no staff name.
 */
export function toLoginResult(user: UserRow, token: string, session: Pick<Session, 'expiresAt'>): LoginResult {
  return {
    Id: user.id,
    loginID: token,
    CompanyName: user.company_name,
    StaffName: null,
    staffId: user.staff_id,
    PhoneNumber: user.phone,
    Email: user.email,
    templateUserId: null,
    IsAdmin: user.is_admin,
    IsVip: user.is_vip,
    IsDemo: user.is_demo,
    authorizationType: user.is_admin ? 'All' : user.auth_scope,
    authorizedDepts: [],
    permissions: user.is_admin ? [...ALL_PERMISSIONS] : [],
    expiresAt: session.expiresAt.toISOString(),
  };
}
