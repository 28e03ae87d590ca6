/**
 * GET    /api/Department/List                               → {departments}
 * GET    /api/Department/ChildList?affiliatedDept=ID        → {departments}
 * POST   /api/Department {id?, version?, deptName?, affiliatedDept?} → DepartmentInfo (302)
 * DELETE /api/Department {id, version?} (query or body)     → null (302)
 * version: the record version the change is based on (31 when it moved on; contract RecordVersion).
 * Reads: any logged-in user, within their scope. Payloads: src/api/contract.ts.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { Permission } from '../../src/api/contract.ts';
import { readBody, readQuery, readQueryOrBody } from '../http/body.ts';
import { ok } from '../http/envelope.ts';
import type { AppEnv } from '../http/env.ts';
import { holding, requireActor } from '../modules/access/guards.ts';
import {
  childDepartments,
  DEPT_NAME_MAX,
  deleteDepartment,
  listDepartments,
  setDepartment,
} from '../modules/departments/service.ts';
import type { RouteDeps } from './deps.ts';
import { id, IdInput, optionalText, recordVersion } from './fields.ts';

const ChildListQuery = z.object({ affiliatedDept: id.optional() });

const SetBody = z.object({
  id: id.optional(),
  version: recordVersion,
  // Trimmed and checked for emptiness by the service, which has the spec's message for it.
  deptName: optionalText(DEPT_NAME_MAX),
  affiliatedDept: id.nullish(),
});

export function departmentRoutes(deps: RouteDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const member = requireActor(deps);
  const organizer = requireActor(deps, holding(Permission.systemOrganization));

  routes.get('/Department/List', member, async (c) =>
    ok(c, { departments: await listDepartments(deps, c.get('actor')) }),
  );

  routes.get('/Department/ChildList', member, async (c) => {
    const query = readQuery(c, ChildListQuery);
    return ok(c, { departments: await childDepartments(deps, c.get('actor'), query.affiliatedDept) });
  });

  routes.post('/Department', organizer, async (c) =>
    ok(c, await setDepartment(deps, c.get('actor'), await readBody(c, SetBody))),
  );

  routes.delete('/Department', organizer, async (c) => {
    const input = await readQueryOrBody(c, IdInput);
    await deleteDepartment(deps, c.get('actor'), input.id, input.version);
    return ok(c, null);
  });

  return routes;
}
