/**
 * GET  /api/User?phoneNumber=|email=&purpose=register|reset       → {resendAfterSeconds}
 * POST /api/User/Register {phoneNumber?|email?, password, companyName, checkCode} → null
 * POST /api/User/ResetPassword {phoneNumber?|email?, password, checkCode}         → null
 * GET  /api/User/Current (session)                                 → LoginResult
 * POST /api/User/Update (session) {id, companyName?, password?, oldPwd?} → LoginResult
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { requireSession } from '../http/auth.ts';
import { readBody, readQuery } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import { ok } from '../http/envelope.ts';
import type { AppEnv } from '../http/env.ts';
import { ACCOUNT_FIELD_MAX } from '../modules/accounts/identity.ts';
import { currentUser, register, requestCode, resetPassword, updateSelf } from '../modules/accounts/service.ts';
import type { RouteDeps } from './deps.ts';
import { accountFields, checkCode, COMPANY_NAME_MAX, companyName, id, optionalText, wirePassword } from './fields.ts';

const CodeQuery = z.object({
  ...accountFields,
  account: optionalText(ACCOUNT_FIELD_MAX),
  purpose: z.enum(['register', 'reset']).default('register'),
});

const RegisterBody = z.object({ ...accountFields, password: wirePassword, companyName, checkCode });

const ResetPasswordBody = z.object({ ...accountFields, password: wirePassword, checkCode });

const UpdateBody = z.object({
  id,
  // Trimmed and checked for emptiness by the service, which has the spec's message for it.
  companyName: optionalText(COMPANY_NAME_MAX),
  password: wirePassword.nullish().transform((v) => v ?? undefined),
  oldPwd: optionalText(64),
});

export function userRoutes(deps: RouteDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = requireSession(deps);

  routes.get('/User', async (c) => {
    const query = readQuery(c, CodeQuery);
    const ip = clientIp(c, deps.config.trustProxy);
    const perHour = deps.config.codeRequestsPerHour;
    return ok(c, await requestCode(deps, { ...query, lang: c.get('lang'), ip, codeRequestsPerHour: perHour }));
  });

  routes.post('/User/Register', async (c) => {
    await register(deps, await readBody(c, RegisterBody));
    return ok(c, null);
  });

  routes.post('/User/ResetPassword', async (c) => {
    await resetPassword(deps, await readBody(c, ResetPasswordBody));
    return ok(c, null);
  });

  routes.get('/User/Current', auth, async (c) => ok(c, await currentUser(deps, c.get('session'), c.get('token'))));

  routes.post('/User/Update', auth, async (c) => {
    const body = await readBody(c, UpdateBody);
    const ip = clientIp(c, deps.config.trustProxy);
    return ok(c, await updateSelf(deps, c.get('session'), c.get('token'), { ...body, ip }));
  });

  return routes;
}
