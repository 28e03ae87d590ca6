/**
 * POST /api/Login  {phoneNumber?|email?|account?, password} → LoginResult
 * POST /api/Logout (loginID)                                → null; also when already ended
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { requestToken } from '../http/auth.ts';
import { readBody } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import { ok } from '../http/envelope.ts';
import type { AppEnv } from '../http/env.ts';
import { ACCOUNT_FIELD_MAX } from '../modules/accounts/identity.ts';
import { login, logout } from '../modules/accounts/service.ts';
import type { RouteDeps } from './deps.ts';
import { accountFields, optionalText, wirePassword } from './fields.ts';

const LoginBody = z.object({
  ...accountFields,
  account: optionalText(ACCOUNT_FIELD_MAX),
  password: wirePassword,
});

export function sessionRoutes(deps: RouteDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/Login', async (c) => {
    const body = await readBody(c, LoginBody);
    return ok(c, await login(deps, { ...body, ip: clientIp(c, deps.config.trustProxy) }));
  });

  // Idempotent: the client logs out locally whatever the answer, so an ended session is fine.
  routes.post('/Logout', async (c) => {
    await logout(deps, await requestToken(c));
    return ok(c, null);
  });

  return routes;
}
