/**
 * Asset transactions (spec section 7, Business*; modules/transactions):
 *
 * GET  /api/Business?type=&timeFrom=&timeTo=&affiliatedStaff=&assetId=&search=&isASC=&pageIndex=&pageSize=
 *                                                   → BusinessListResult (also GET /api/Business/List)
 * GET  /api/Business/Details?businessId=            → BusinessDetails
 * GET  /api/BusinessAssetList?businessId=           → BusinessAssetLine[] (one record's assets)
 * GET  /api/BusinessAssetList?assetId=              → BusinessHistoryEntry[] (an asset's history)
 * GET  /api/BusinessVersion                         → BusinessVersionInfo
 * POST /api/Business {type, assetIds, versions?, businessTime?, affiliatedDept?, affiliatedStaff?,
 *                     depositSite?, reason?, planReturnTime?, repairCost?, remark?, loginFlag?}
 *                                                   → BusinessDetails (104-108 by type; all or nothing)
 *
 * Records are history and are neither edited nor deleted (no DELETE /api/Business): undoing a
 * transaction is another transaction (a return, an alter). Reads: any logged-in user, within
 * their scope. Payloads: src/api/contract.ts.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { BUSINESS_TYPES, type BusinessType } from '../../src/api/contract.ts';
import { readBody, readQuery } from '../http/body.ts';
import { ok } from '../http/envelope.ts';
import type { AppEnv } from '../http/env.ts';
import { requireActor } from '../modules/access/guards.ts';
import { assetHistory, businessDetails, businessLines, businessVersion, listBusiness } from '../modules/transactions/reads.ts';
import { instantOf } from '../modules/transactions/rules.ts';
import { createBusiness } from '../modules/transactions/service.ts';
import { AppError } from '../errors.ts';
import type { RouteDeps } from './deps.ts';
import { calendarDate, id, optionalText, queryFlag, queryPageIndex, queryPageSize } from './fields.ts';

const types = z
  .string()
  .max(100)
  .transform((text, ctx) => {
    const items = text.split(',').map((s) => s.trim()).filter(Boolean);
    if (items.some((item) => !(BUSINESS_TYPES as readonly string[]).includes(item))) {
      ctx.addIssue({ code: 'custom', message: 'unknown type' });
      return z.NEVER;
    }
    return items as BusinessType[];
  });

/** An ISO 8601 instant with a zone, or a calendar day. */
const instant = z
  .string()
  .max(40)
  .refine((text) => instantOf(text) !== null && /^\d{4}-\d{2}-\d{2}T.+(Z|[+-]\d{2}:?\d{2})$/.test(text), 'not an ISO instant');
const timeFilter = z.union([calendarDate, instant]);

const ListQuery = z.object({
  type: types.optional(),
  timeFrom: timeFilter.optional(),
  timeTo: timeFilter.optional(),
  affiliatedStaff: id.optional(),
  assetId: id.optional(),
  search: optionalText(100),
  isASC: queryFlag,
  pageIndex: queryPageIndex,
  pageSize: queryPageSize,
});

const DetailsQuery = z.object({ businessId: id });
const LinesQuery = z.object({ businessId: id.optional(), assetId: id.optional() });

const SetBody = z.object({
  type: z.enum(BUSINESS_TYPES),
  assetIds: z.array(id).max(1000),
  versions: z.array(z.number().int().min(1).max(2_147_483_647)).max(1000).optional(),
  businessTime: z.string().max(40).nullish().transform((v) => v ?? undefined),
  affiliatedDept: id.nullish(),
  affiliatedStaff: id.nullish(),
  depositSite: z.string().max(100).nullish().transform((v) => v ?? undefined),
  reason: z.string().max(200).nullish().transform((v) => v ?? undefined),
  planReturnTime: z.string().max(40).nullish(),
  repairCost: z.union([z.number(), z.string().max(40)]).nullish(),
  remark: z.string().max(500).nullish().transform((v) => v ?? undefined),
});

export function businessRoutes(deps: RouteDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const services = { db: deps.db, clock: deps.clock, timeZone: deps.config.timeZone };
  const member = requireActor(deps);

  const list = requireActor(deps);
  routes.get('/Business', list, async (c) => ok(c, await listBusiness(services, c.get('actor'), readQuery(c, ListQuery))));
  routes.get('/Business/List', list, async (c) => ok(c, await listBusiness(services, c.get('actor'), readQuery(c, ListQuery))));

  routes.get('/Business/Details', member, async (c) =>
    ok(c, await businessDetails(services, c.get('actor'), readQuery(c, DetailsQuery).businessId)),
  );

  routes.get('/BusinessAssetList', member, async (c) => {
    const query = readQuery(c, LinesQuery);
    // Exactly one of the two.
    if ((query.businessId === undefined) === (query.assetId === undefined)) {
      throw new AppError('parameter', { fields: 'businessId, assetId' });
    }
    if (query.businessId !== undefined) return ok(c, await businessLines(services, c.get('actor'), query.businessId));
    return ok(c, await assetHistory(services, c.get('actor'), query.assetId!));
  });

  routes.get('/BusinessVersion', member, async (c) => ok(c, await businessVersion(services, c.get('actor'))));

  // The permission depends on the type (and, for a return, on what it ends): the service checks it.
  routes.post('/Business', member, async (c) =>
    ok(c, await createBusiness(services, c.get('actor'), await readBody(c, SetBody), c.get('lang'))),
  );

  return routes;
}
