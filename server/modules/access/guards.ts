/**
 * Route guards: each checks the session (code 19 without a live one), loads the Actor into
 * the request (`c.get('actor')`) and applies one rule before the handler runs, so a refused
 * call never reaches a service. Scope rules (which rows) are applied by the services.
 */
import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { requireSession } from '../../http/auth.ts';
import type { AppEnv } from '../../http/env.ts';
import type { SessionPolicy } from '../sessions/service.ts';
import { assertPermission, assertVipAdmin, loadActor, type Actor } from './service.ts';

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
  deps: { db: Db; clock: Clock; sessionPolicy: SessionPolicy },
  rule: AccessRule = anyUser,
): MiddlewareHandler<AppEnv> {
  const session = requireSession(deps);
  return (c, next) =>
    session(c, async () => {
      const actor = await loadActor(deps.db, c.get('session'));
      rule(actor);
      c.set('actor', actor);
      await next();
    });
}
