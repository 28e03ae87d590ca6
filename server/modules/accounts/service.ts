/**
 * Accounts: verification codes, registration, password reset, login and logout, the current
 * user, and the user's own settings (company name, password).
 */
import type { CodePurpose, LoginResult } from '../../../src/api/contract.ts';
import type { Clock } from '../../clock.ts';
import { isUniqueViolation, type Db, type Queryable } from '../../db/db.ts';
import { AppError, type ErrorKind, type Lang } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { Mailer } from '../../mail/index.ts';
import { createRootDepartment } from '../departments/service.ts';
import { admitCodeRequest } from '../login-limit/code-requests.ts';
import { admitPasswordCheck, markCheckSucceeded } from '../login-limit/service.ts';
import {
  createSession,
  endSession,
  endUserSessions,
  type Session,
  type SessionPolicy,
} from '../sessions/service.ts';
import { consumeCode, sendCode } from '../verification/service.ts';
import { channelOf, columnOf, resolveAccount, type Account, type AccountFields } from './identity.ts';
import { findUser, findUserByAccount, toLoginResult } from './login-result.ts';
import type { PaidModelSetting } from './paid-model.ts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password.ts';

export interface AccountsDeps {
  db: Db;
  mailer: Mailer;
  log: Logger;
  clock: Clock;
  sessionPolicy: SessionPolicy;
  /** Whether VIP follows each company's flag (paid-model.ts); absent: every company is VIP. */
  config?: PaidModelSetting;
}

function findByAccount(q: Queryable, account: Account) {
  return findUserByAccount(q, columnOf(account), account.value);
}

/**
 * What the password limits count by: the user, so that his phone number and email share one
 * count, and a password change counts with his logins; an unknown login name by itself.
 */
function limitKey(user: { id: number } | undefined, account: Account): string {
  return user ? userLimitKey(user.id) : `${account.kind}:${account.value}`;
}

function userLimitKey(userId: number): string {
  return `user:${userId}`;
}

/** Runs fn in a transaction that commits also when fn returns an error kind, then throws it. */
async function commitThenFail(db: Db, fn: (tx: Queryable) => Promise<ErrorKind | null>): Promise<void> {
  let failure: ErrorKind | null;
  try {
    failure = await db.transaction(fn);
  } catch (err) {
    // Two registrations of one account racing past the existence check.
    if (isUniqueViolation(err)) throw new AppError('alreadyRegistered');
    throw err;
  }
  if (failure) throw new AppError(failure);
}

// ---- verification codes -------------------------------------------------------------

export async function requestCode(
  deps: AccountsDeps,
  input: AccountFields & {
    purpose: CodePurpose;
    lang: Lang;
    /** The client address, and the requests it may make an hour (config codeRequestsPerHour). */
    ip: string;
    codeRequestsPerHour: number;
  },
): Promise<{ resendAfterSeconds: number }> {
  const account = resolveAccount(input);
  // Before the existence checks, so that refused requests count too.
  await admitCodeRequest(deps.db, input.ip, input.codeRequestsPerHour, deps.clock());
  const exists = (await findByAccount(deps.db, account)) !== undefined;
  if (input.purpose === 'register' && exists) throw new AppError('alreadyRegistered');
  if (input.purpose === 'reset' && !exists) throw new AppError('accountNotFound');
  const resendAfterSeconds = await sendCode(
    deps,
    { target: account.value, channel: channelOf(account), purpose: input.purpose, lang: input.lang },
    deps.clock(),
  );
  return { resendAfterSeconds };
}

// ---- registration and reset ---------------------------------------------------------

export interface RegisterInput extends AccountFields {
  password: string;
  companyName: string;
  checkCode: string;
}

/** Creates the company, its root department and its admin user; on any failure nothing but a counted wrong code. */
export async function register(deps: AccountsDeps, input: RegisterInput): Promise<void> {
  const account = resolveAccount(input);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock();
  await commitThenFail(deps.db, async (tx) => {
    if (await findByAccount(tx, account)) return 'alreadyRegistered';
    if (!(await consumeCode(tx, account.value, 'register', input.checkCode, now))) return 'invalidCheckCode';
    const company = await tx.query<{ id: number }>(
      'INSERT INTO companies (name, created_at) VALUES ($1, $2) RETURNING id',
      [input.companyName, now],
    );
    await createRootDepartment(tx, company.rows[0].id, now);
    await tx.query(
      `INSERT INTO users (company_id, ${columnOf(account)}, password_hash, is_admin, created_at)
       VALUES ($1, $2, $3, true, $4)`,
      [company.rows[0].id, account.value, passwordHash, now],
    );
    return null;
  });
}

export interface ResetPasswordInput extends AccountFields {
  password: string;
  checkCode: string;
}

/** Sets a new password with a reset code and ends every session of the user. */
export async function resetPassword(deps: AccountsDeps, input: ResetPasswordInput): Promise<void> {
  const account = resolveAccount(input);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock();
  await commitThenFail(deps.db, async (tx) => {
    const user = await findByAccount(tx, account);
    if (!user) return 'accountNotFound';
    if (!(await consumeCode(tx, account.value, 'reset', input.checkCode, now))) return 'invalidCheckCode';
    await tx.query('UPDATE users SET password_hash = $3, version = version + 1 WHERE company_id = $1 AND id = $2', [
      user.company_id,
      user.id,
      passwordHash,
    ]);
    await endUserSessions(tx, { userId: user.id, companyId: user.company_id });
    return null;
  });
}

// ---- login and logout ---------------------------------------------------------------

export async function login(
  deps: AccountsDeps,
  input: AccountFields & { password: string; ip: string },
): Promise<LoginResult> {
  const account = resolveAccount(input);
  const now = deps.clock();
  const user = await findByAccount(deps.db, account);
  // Recorded as failed before the check, so concurrent tries cannot all pass the limits.
  const attemptId = await admitPasswordCheck(deps.db, { account: limitKey(user, account), ip: input.ip }, now);
  const ok = user ? await verifyPassword(input.password, user.password_hash) : await verifyAgainstDecoy(input.password);
  if (ok) await markCheckSucceeded(deps.db, attemptId);
  if (!user || !ok) throw new AppError('wrongCredentials');
  // Only someone who knows the password learns that the account is disabled.
  if (!user.enabled) throw new AppError('accountDisabled');

  const { token, session } = await createSession(
    deps.db,
    { userId: user.id, companyId: user.company_id },
    now,
    deps.sessionPolicy,
  );
  return toLoginResult(user, token, session, deps.config);
}

export async function logout(deps: AccountsDeps, token: string | undefined): Promise<void> {
  if (token) await endSession(deps.db, token);
}

export async function currentUser(deps: AccountsDeps, session: Session, token: string): Promise<LoginResult> {
  const user = await findUser(deps.db, session.companyId, session.userId);
  // resolveSession found the user a moment ago; gone now means deleted in between.
  if (!user) throw new AppError('sessionInvalid');
  return toLoginResult(user, token, session, deps.config);
}

// ---- the user's own settings --------------------------------------------------------

export interface UpdateInput {
  id: number;
  companyName?: string;
  password?: string;
  oldPwd?: string;
  /** The client address, for the limit on old-password checks (the login limits, shared). */
  ip: string;
}

/**
 * Renames the company (admins, but not the demo account: its company is shared by everyone
 * trying the app) and/or changes the password (not the demo account; needs the old one, checked under the login limits; ends the user's other
 * sessions). Every check runs before anything is written.
 */
export async function updateSelf(
  deps: AccountsDeps,
  session: Session,
  token: string,
  input: UpdateInput,
): Promise<LoginResult> {
  // Another user's id is refused the same way whether or not it exists.
  if (input.id !== session.userId) throw new AppError('forbidden');
  if (input.companyName === undefined && input.password === undefined) {
    throw new AppError('parameter', { fields: 'companyName, password' });
  }
  const user = await findUser(deps.db, session.companyId, session.userId);
  if (!user) throw new AppError('sessionInvalid');

  const companyName = input.companyName?.trim();
  if (companyName !== undefined) {
    if (companyName === '') throw new AppError('companyNameRequired');
    if (user.is_demo) throw new AppError('demoCompanyLocked');
    if (!user.is_admin) throw new AppError('forbidden');
  }
  let passwordHash: string | undefined;
  if (input.password !== undefined) {
    if (user.is_demo) throw new AppError('demoForbidden');
    if (!input.oldPwd) throw new AppError('wrongOldPassword');
    const attemptId = await admitPasswordCheck(
      deps.db,
      { account: userLimitKey(user.id), ip: input.ip },
      deps.clock(),
      'tooManyPasswordChecks',
    );
    if (!(await verifyPassword(input.oldPwd, user.password_hash))) throw new AppError('wrongOldPassword');
    await markCheckSucceeded(deps.db, attemptId);
    passwordHash = await hashPassword(input.password);
  }

  await deps.db.transaction(async (tx) => {
    if (companyName !== undefined) {
      await tx.query('UPDATE companies SET name = $2 WHERE id = $1', [session.companyId, companyName]);
      // The root department is the company (its name is the company's): a new version for it too.
      await tx.query('UPDATE departments SET version = version + 1 WHERE company_id = $1 AND parent_id IS NULL', [
        session.companyId,
      ]);
    }
    if (passwordHash !== undefined) {
      await tx.query('UPDATE users SET password_hash = $3, version = version + 1 WHERE company_id = $1 AND id = $2', [
        session.companyId,
        session.userId,
        passwordHash,
      ]);
      await endUserSessions(tx, session, session.tokenHash);
    }
  });
  return currentUser(deps, session, token);
}
