/**
 * POST   /api/User/ChildRegister {id?, version?, staffId?, phoneNumber?|email?, checkCode?, password?,
 *                                 roleId?, authorizationType?, authorizedDepts?} → ChildUserInfo
 * POST   /api/User/Enable {id, version?, enable: 0 enable | 1 disable}          → ChildUserInfo
 * DELETE /api/User {id, version?} and DELETE /api/ChildUser {id, version?}   → null (close)
 * version: the sub-user's record version the change is based on (31 when it moved on).
 * GET    /api/ChildUser/List                                                  → {childUserInfos}
 * GET    /api/ChildUser/ChildList?childUserId=                                → {departments}
 * All need an admin or 302 (organization); the access module limits what a 302 holder may
 * grant and whom they may manage. Payloads: src/api/contract.ts.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { Permission } from '../../src/api/contract.ts';
import { readBody, readQuery, readQueryOrBody } from '../http/body.ts';
import { ok } from '../http/envelope.ts';
import type { AppEnv } from '../http/env.ts';
import { holding, requireActor } from '../modules/access/guards.ts';
import {
  childUserDepartments,
  closeChildUser,
  enableChildUser,
  listChildUsers,
  setChildUser,
} from '../modules/child-users/service.ts';
import type { RouteDeps } from './deps.ts';
import { accountFields, id, IdInput, optionalText, recordVersion, wirePassword } from './fields.ts';

const SetBody = z.object({
  id: id.optional(),
  version: recordVersion,
  staffId: id.optional(),
  ...accountFields,
  // Presence and format are checked by the service, which has the spec's messages for them.
  checkCode: optionalText(16),
  password: z
    .union([z.literal(''), wirePassword])
    .nullish()
    .transform((v) => v || undefined),
  roleId: id.nullish(),
  authorizationType: z.enum(['All', 'Dept', 'Custom']).optional(),
  authorizedDepts: z.array(id).max(1000).optional(),
});

const EnableBody = z.object({
  id,
  version: recordVersion,
  enable: z.union([z.literal(0), z.literal(1), z.enum(['0', '1']).transform((v) => (v === '0' ? 0 : 1))]),
});

const ChildListQuery = z.object({ childUserId: id });

export function childUserRoutes(deps: RouteDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const organizer = requireActor(deps, holding(Permission.systemOrganization));

  routes.post('/User/ChildRegister', organizer, async (c) =>
    ok(c, await setChildUser(deps, c.get('actor'), await readBody(c, SetBody))),
  );

  routes.post('/User/Enable', organizer, async (c) => {
    const body = await readBody(c, EnableBody);
    return ok(c, await enableChildUser(deps, c.get('actor'), body.id, body.enable as 0 | 1, body.version));
  });

  for (const path of ['/User', '/ChildUser']) {
    routes.delete(path, organizer, async (c) => {
      const input = await readQueryOrBody(c, IdInput);
      await closeChildUser(deps, c.get('actor'), input.id, input.version);
      return ok(c, null);
    });
  }

  routes.get('/ChildUser/List', organizer, async (c) =>
    ok(c, { childUserInfos: await listChildUsers(deps, c.get('actor')) }),
  );

  routes.get('/ChildUser/ChildList', organizer, async (c) => {
    const query = readQuery(c, ChildListQuery);
    return ok(c, { departments: await childUserDepartments(deps, c.get('actor'), query.childUserId) });
  });

  return routes;
}
