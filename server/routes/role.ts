/**
 * GET    /api/Role/List                              → {roles}        (admin or 302)
 * GET    /api/Role/Details?roleId=                   → RoleInfo       (admin or 302)
 * POST   /api/Role {id?, version?, roleName, permissions?} → RoleInfo (admin of a VIP company)
 * DELETE /api/Role {id, version?} (query or body)    → null           (admin of a VIP company)
 * GET    /api/Permission/List                        → {permissions}  (any logged-in user)
 * GET    /api/Permission/Details?permissionId=CODE   → PermissionInfo (any logged-in user)
 * Reads of roles serve the role picker of the sub-user form too, hence 302 may read them.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { Permission } from '../../src/api/contract.ts';
import { readBody, readQuery, readQueryOrBody } from '../http/body.ts';
import { ok } from '../http/envelope.ts';
import type { AppEnv } from '../http/env.ts';
import { holding, requireActor, vipAdmin } from '../modules/access/guards.ts';
import { PERMISSIONS, permissionDetails } from '../modules/access/permissions.ts';
import { deleteRole, listRoles, roleDetails, ROLE_NAME_MAX, setRole } from '../modules/roles/service.ts';
import type { RouteDeps } from './deps.ts';
import { id, IdInput, optionalText, recordVersion } from './fields.ts';

const DetailsQuery = z.object({ roleId: id });

const SetBody = z.object({
  id: id.optional(),
  version: recordVersion,
  // Checked for emptiness by the service, which has the spec's message for it.
  roleName: optionalText(ROLE_NAME_MAX),
  // Unknown codes are named by the service; 11 codes exist, so 100 is plenty.
  permissions: z.array(z.number().int()).max(100).optional(),
});

const PermissionQuery = z.object({
  permissionId: z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number),
});

export function roleRoutes(deps: RouteDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const member = requireActor(deps);
  const organizer = requireActor(deps, holding(Permission.systemOrganization));
  const roleAdmin = requireActor(deps, vipAdmin);

  routes.get('/Role/List', organizer, async (c) => ok(c, { roles: await listRoles(deps, c.get('actor')) }));

  routes.get('/Role/Details', organizer, async (c) => {
    const query = readQuery(c, DetailsQuery);
    return ok(c, await roleDetails(deps, c.get('actor'), query.roleId));
  });

  routes.post('/Role', roleAdmin, async (c) => ok(c, await setRole(deps, c.get('actor'), await readBody(c, SetBody))));

  routes.delete('/Role', roleAdmin, async (c) => {
    const input = await readQueryOrBody(c, IdInput);
    await deleteRole(deps, c.get('actor'), input.id, input.version);
    return ok(c, null);
  });

  routes.get('/Permission/List', member, (c) => ok(c, { permissions: PERMISSIONS }));

  routes.get('/Permission/Details', member, (c) =>
    ok(c, permissionDetails(readQuery(c, PermissionQuery).permissionId)),
  );

  return routes;
}
