/**
 * Route guards: each checks the session (code 19 without a live one), loads the Actor into
 * the request (`c.get('actor')`) and applies one rule before the handler runs, so a refused
 * call never reaches a service. Scope rules (which rows) are applied by the services.
 */
import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { requestToken, requireSession } from '../../http/auth.ts';
import type { AppEnv } from '../../http/env.ts';
import type { PaidModelSetting } from '../accounts/paid-model.ts';
import { AppError } from '../../errors.ts';
import { resolveSession, type SessionPolicy } from '../sessions/service.ts';
import { resolveFileToken } from './file-token.ts';
import { assertPermission, assertVipAdmin, loadActor, type Actor } from './service.ts';
import { FILE_TOKEN_QUERY } from '../../../src/api/contract.ts';

export type AccessRule = (actor: Actor) => void;

/** Any logged-in user of the company. */
export const anyUser: AccessRule = () => {};

/** An admin, or a sub-user whose role lists `code`. */
export const holding =
  (code: number): AccessRule =>
  (actor) =>
    assertPermission(actor, code);

/** An admin of a VIP company (the role area). */
export const vipAdmin: AccessRule = assertVipAdmin;

export function requireActor(
  deps: { db: Db; clock: Clock; sessionPolicy: SessionPolicy; config?: PaidModelSetting },
  rule: AccessRule = anyUser,
): MiddlewareHandler<AppEnv> {
  const session = requireSession(deps);
  return (c, next) =>
    session(c, async () => {
      const actor = await loadActor(deps.db, c.get('session'), deps.config);
      rule(actor);
      c.set('actor', actor);
      await next();
    });
}

/**
 * Readers of a stored file (GET api/File/<id>): the session from the header, or a file token
 * in the query (`?fileToken=`, for <img src>; access/file-token.ts). A file token opens this
 * route only; the session token itself is never taken from a URL.
 */
export function requireFileReader(deps: { db: Db; clock: Clock; sessionPolicy: SessionPolicy }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = await requestToken(c);
    const fileToken = token ? undefined : c.req.query(FILE_TOKEN_QUERY);
    const session = token
      ? await resolveSession(deps.db, token, deps.clock(), deps.sessionPolicy)
      : fileToken
        ? await resolveFileToken(deps.db, fileToken, deps.clock())
        : null;
    if (!session) throw new AppError('sessionInvalid');
    c.set('session', session);
    c.set('actor', await loadActor(deps.db, session));
    await next();
  };
}
