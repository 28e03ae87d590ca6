import type { Context, MiddlewareHandler } from 'hono';
import { LOGIN_ID_HEADER } from '../../src/api/contract.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import { AppError } from '../errors.ts';
import { resolveSession, type SessionPolicy } from '../modules/sessions/service.ts';
import { jsonBody } from './body.ts';
import type { AppEnv } from './env.ts';

/**
 * The session token: header `loginID`, else a JSON body's `loginID` (the spec lets clients
 * send it along). Never the query string: a token in a URL lands in logs, history and
 * referrers; the one place a header cannot be sent (<img src>) takes a file token instead
 * (modules/access/file-token.ts).
 */
export async function requestToken(c: Context<AppEnv>): Promise<string | undefined> {
  const direct = c.req.header(LOGIN_ID_HEADER);
  if (direct) return direct;
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return undefined;
  try {
    const body = await jsonBody(c);
    const value = (body as { loginID?: unknown } | null)?.loginID;
    return typeof value === 'string' && value ? value : undefined;
  } catch {
    // A malformed body carries no token; the route reports the body itself once authorised.
    return undefined;
  }
}

/** Answers code 19 unless the request carries a live session; sets `session` and `token`. */
export function requireSession(deps: { db: Db; clock: Clock; sessionPolicy: SessionPolicy }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = await requestToken(c);
    const session = token ? await resolveSession(deps.db, token, deps.clock(), deps.sessionPolicy) : null;
    if (!token || !session) throw new AppError('sessionInvalid');
    c.set('token', token);
    c.set('session', session);
    await next();
  };
}
