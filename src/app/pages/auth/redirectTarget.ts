import { HOME_PATH } from '../../paths';

/**
 * Where to go after logging in: the `redirect` query parameter when it is a path inside
 * this app (never another origin, never back to a public page), else the dashboard.
 */
export function redirectTarget(redirect: string | null): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return HOME_PATH;
  if (/^\/(login|register|modify-password)(\/|\?|$)/.test(redirect)) return HOME_PATH;
  return redirect;
}
