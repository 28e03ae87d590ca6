/**
 * The sub-user form's rules (spec section 5) as pure functions: which messages to show, and
 * what to send. Opening needs a login (phone or email), its verification code and a password
 * entered twice; changing needs the new login's code and the new password twice only when
 * those are being changed. A custom scope needs at least one department.
 */
import type { AuthorizationType, ChildUserInfo } from '../../../api/contract';
import type { ChangeSubUserInput, SubUserScope } from '../../../api/childUser';
import type { MessageKey } from '../../i18n/types';
import {
  toAccountName,
  validateAccount,
  validateCheckCode,
  validateConfirmation,
  validateNewPassword,
  type AccountKind,
} from '../../validation';

export interface SubUserFormValues {
  kind: AccountKind;
  account: string;
  checkCode: string;
  password: string;
  confirm: string;
  roleId: number | null;
  scope: AuthorizationType;
  depts: number[];
  /** Changing an open sub-user: whether the login / the password are being replaced. */
  changeLogin: boolean;
  changePassword: boolean;
}

export type SubUserField = 'account' | 'checkCode' | 'password' | 'confirm' | 'depts' | 'form';
export type SubUserErrors = Partial<Record<SubUserField, MessageKey>>;

export function initialSubUserValues(current?: ChildUserInfo): SubUserFormValues {
  return {
    kind: current?.email ? 'email' : 'phone',
    account: '',
    checkCode: '',
    password: '',
    confirm: '',
    roleId: current?.roleId ?? null,
    scope: current?.authorizationType ?? 'Dept',
    depts: current?.authorizationType === 'Custom' ? [...current.authorizedDepts] : [],
    changeLogin: false,
    changePassword: false,
  };
}

function scopeMessage(v: SubUserFormValues): MessageKey | undefined {
  return v.scope === 'Custom' && v.depts.length === 0 ? 'subUser.deptsRequired' : undefined;
}

/** Messages for opening a sub-user; empty when it can be sent. */
export function validateOpen(v: SubUserFormValues): SubUserErrors {
  return dropEmpty({
    account: validateAccount(v.kind, v.account) ?? undefined,
    checkCode: validateCheckCode(v.checkCode) ?? undefined,
    password: validateNewPassword(v.password) ?? undefined,
    confirm: validateConfirmation(v.password, v.confirm) ?? undefined,
    depts: scopeMessage(v),
  });
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((x) => set.has(x));
}

/** What a change sends: only the parts that differ from `current`. */
export function changeInput(v: SubUserFormValues, current: ChildUserInfo): ChangeSubUserInput {
  const input: ChangeSubUserInput = {};
  if (v.roleId !== current.roleId) input.roleId = v.roleId;
  const scope: SubUserScope = { authorizationType: v.scope, authorizedDepts: v.scope === 'Custom' ? [...v.depts] : [] };
  const scopeChanged =
    v.scope !== current.authorizationType || (v.scope === 'Custom' && !sameSet(v.depts, current.authorizedDepts));
  if (scopeChanged) input.scope = scope;
  if (v.changeLogin) input.login = { account: toAccountName(v.kind, v.account), checkCode: v.checkCode };
  if (v.changePassword) input.password = v.password;
  return input;
}

/** Messages for changing a sub-user; empty when it can be sent. */
export function validateChange(v: SubUserFormValues, current: ChildUserInfo): SubUserErrors {
  const errors: SubUserErrors = { depts: scopeMessage(v) };
  if (v.changeLogin) {
    errors.account = validateAccount(v.kind, v.account) ?? undefined;
    errors.checkCode = validateCheckCode(v.checkCode) ?? undefined;
  }
  if (v.changePassword) {
    errors.password = validateNewPassword(v.password) ?? undefined;
    errors.confirm = validateConfirmation(v.password, v.confirm) ?? undefined;
  }
  const result = dropEmpty(errors);
  if (Object.keys(result).length === 0 && Object.keys(changeInput(v, current)).length === 0) {
    return { form: 'subUser.noChanges' };
  }
  return result;
}

function dropEmpty(errors: SubUserErrors): SubUserErrors {
  const out: SubUserErrors = {};
  for (const [k, m] of Object.entries(errors) as Array<[SubUserField, MessageKey | undefined]>) if (m) out[k] = m;
  return out;
}

/** The sub-user's login as shown: its phone number or email. */
export function loginOf(info: Pick<ChildUserInfo, 'phoneNumber' | 'email'>): string {
  return info.phoneNumber ?? info.email ?? '';
}
