/**
 * Session lifecycle: sign in (store the login result), re-enter a remembered session on a
 * reload (GET api/User/Current with the remembered token), sign out.
 */
import type { LoginResult } from '../api/contract';
import { userApi, withPendingLoginId } from './api';
import { notify } from './notify';
import { clearSessionUser, rememberedUser, session, setSessionUser } from './state/session';
import { resetTags } from './state/tags';

export function signIn(user: LoginResult): void {
  resetTags();
  setSessionUser(user);
}

/** Replaces the stored login result after the server refreshed it (rename, password). */
export function refreshSession(user: LoginResult): void {
  setSessionUser(user);
}

export async function signOut(): Promise<void> {
  if (session.user) await userApi.logout(); // best effort; the local session ends regardless
  clearSessionUser();
  resetTags();
}

let restoring: Promise<LoginResult | null> | null = null;

/**
 * The signed-in user, re-entering the remembered session when there is one. Null means the
 * user has to log in. Concurrent callers (route loaders run in parallel) share one call.
 */
export function ensureSession(): Promise<LoginResult | null> {
  if (session.user) return Promise.resolve(session.user);
  const remembered = rememberedUser();
  if (!remembered) return Promise.resolve(null);
  restoring ??= withPendingLoginId(remembered.loginID, () => userApi.current())
    .then((result) => {
      if (!result.ok) {
        // Network trouble keeps the remembered user for the next try; a refused session does not.
        if (result.kind === 'network') notify('error', result.message);
        else clearSessionUser();
        return null;
      }
      setSessionUser({ ...result.data, loginID: result.data.loginID || remembered.loginID });
      return session.user;
    })
    .finally(() => {
      restoring = null;
    });
  return restoring;
}
