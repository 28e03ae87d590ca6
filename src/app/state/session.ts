/**
 * The signed-in user (valtio). Null when signed out. The login result is also remembered
 * in localStorage as the "last user" (spec section 3) so a reload can re-enter the session;
 * session lifecycle (sign in, restore, sign out) lives in ../auth.ts.
 */
import { proxy } from 'valtio';
import type { LoginResult } from '../../api/contract';
import { readJson, StorageKey, writeJson } from './storage';

export const session = proxy<{ user: LoginResult | null }>({ user: null });

export function setSessionUser(user: LoginResult): void {
  session.user = user;
  writeJson(StorageKey.lastUser, user);
}

export function clearSessionUser(): void {
  session.user = null;
  writeJson(StorageKey.lastUser, null);
}

export function rememberedUser(): LoginResult | null {
  return readJson(StorageKey.lastUser, isLoginResult);
}

function isLoginResult(value: unknown): value is LoginResult {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<LoginResult>;
  return typeof v.loginID === 'string' && v.loginID !== '' && typeof v.Id === 'number' && Array.isArray(v.permissions);
}
