/**
 * GET    /api/Staff/List?search=&affiliatedDept=&workingStatus=&sortKey=&isASC=&pageIndex=&pageSize=
 *                                                    → {staffs, total}
 * GET    /api/Staff/ChildList?affiliatedDept=ID     → {staffs}
 * POST   /api/Staff {id?, version?, staffName, position?, jobNumber?, affiliatedDept?, workingStatus?}
 *                                                    → StaffInfo (302)
 * DELETE /api/Staff {id, version?} (query or body)  → null (302); closes the staff member's sub-user
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
import { childStaff, deleteStaff, listStaff, setStaff, STAFF_TEXT_MAX } from '../modules/staff/service.ts';
import type { RouteDeps } from './deps.ts';
import { id, IdInput, optionalText, queryFlag, queryPageIndex, queryPageSize, recordVersion } from './fields.ts';

const workingStatus = z.enum(['active', 'inactive']);

const ListQuery = z.object({
  search: optionalText(100),
  affiliatedDept: id.optional(),
  workingStatus: workingStatus.optional(),
  sortKey: z.enum(['id', 'staffName', 'position', 'jobNumber', 'affiliatedDept', 'workingStatus']).optional(),
  isASC: queryFlag,
  pageIndex: queryPageIndex,
  pageSize: queryPageSize,
});

const ChildListQuery = z.object({ affiliatedDept: id.optional() });

const SetBody = z.object({
  id: id.optional(),
  version: recordVersion,
  // Checked for emptiness by the service, which has the spec's message for it.
  staffName: optionalText(STAFF_TEXT_MAX),
  position: optionalText(STAFF_TEXT_MAX),
  jobNumber: optionalText(STAFF_TEXT_MAX),
  affiliatedDept: id.nullish(),
  workingStatus: workingStatus.optional(),
});

export function staffRoutes(deps: RouteDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const member = requireActor(deps);
  const organizer = requireActor(deps, holding(Permission.systemOrganization));

  routes.get('/Staff/List', member, async (c) => ok(c, await listStaff(deps, c.get('actor'), readQuery(c, ListQuery))));

  routes.get('/Staff/ChildList', member, async (c) => {
    const query = readQuery(c, ChildListQuery);
    return ok(c, { staffs: await childStaff(deps, c.get('actor'), query.affiliatedDept) });
  });

  routes.post('/Staff', organizer, async (c) =>
    ok(c, await setStaff(deps, c.get('actor'), await readBody(c, SetBody))),
  );

  routes.delete('/Staff', organizer, async (c) => {
    const input = await readQueryOrBody(c, IdInput);
    await deleteStaff(deps, c.get('actor'), input.id, input.version);
    return ok(c, null);
  });

  return routes;
}
