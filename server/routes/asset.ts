/**
 * GET    /api/Asset?search=&classify=&affiliatedDept=&affiliatedStaff=&status=&buyDateFrom=&buyDateTo=
 *                   &expiryBand=&sortKey=&isASC=&pageIndex=&pageSize=   → {assets, filterAssetCount}
 * GET    /api/Asset/details?id=                                          → AssetInfo
 * POST   /api/Asset {id?, version?, ...AssetSetRequest, loginFlag?}      → AssetInfo (101 create, 102 update)
 * DELETE /api/Asset {id, version?, loginFlag?} (query or body)           → null (103)
 * POST   /api/Asset/DeleteAll {ids, versions?, loginID?, loginFlag?}     → {deleted} (103), all or nothing
 * version: the record version the change is based on (31 when it moved on; contract RecordVersion).
 * GET    /api/asset/count and GET /api/Dashboard                         → DashboardInfo
 * Reads: any logged-in user, within their scope. Payloads: src/api/contract.ts.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { AssetUseStatus, EXPIRY_BANDS, Permission, type ExpiryBand } from '../../src/api/contract.ts';
import { readBody, readQuery, readQueryOrBody } from '../http/body.ts';
import { ok } from '../http/envelope.ts';
import type { AppEnv } from '../http/env.ts';
import { holding, requireActor } from '../modules/access/guards.ts';
import { assetDetails, deleteAssets, listAssets, setAsset, type AssetDeps } from '../modules/assets/service.ts';
import { dashboard } from '../modules/dashboard/service.ts';
import type { RouteDeps } from './deps.ts';
import { calendarDate, id, IdInput, optionalText, queryFlag, queryPageIndex, queryPageSize, recordVersion } from './fields.ts';

const SORT_KEYS = [
  'id',
  'assetCoding',
  'assetName',
  'specifications',
  'unit',
  'supplier',
  'buyDate',
  'buyPrice',
  'surplusValue',
  'lossCycle',
  'expireDate',
  'affiliatedDept',
  'affiliatedStaff',
  'depositSite',
  'classify',
  'status',
  'currentValue',
  'epc',
  'tid',
  'createdAt',
  'updatedAt',
] as const;

const STATUS_CODES = new Set<number>(Object.values(AssetUseStatus).filter((s) => s !== AssetUseStatus.none));

/** "a,b,c" → the values, each checked. */
function list<T>(check: (item: string) => T | undefined) {
  return z
    .string()
    .max(200)
    .transform((text, ctx) => {
      const items = text.split(',').map((s) => s.trim()).filter(Boolean);
      const values = items.map(check);
      if (values.some((v) => v === undefined)) {
        ctx.addIssue({ code: 'custom', message: 'unknown value' });
        return z.NEVER;
      }
      return values as T[];
    });
}

/** The list's filters and order; GET api/Excel/Export takes the same. */
export const AssetQuery = z.object({
  search: optionalText(100),
  classify: id.optional(),
  affiliatedDept: id.optional(),
  affiliatedStaff: id.optional(),
  status: list((s) => (/^\d+$/.test(s) && STATUS_CODES.has(Number(s)) ? Number(s) : undefined)).optional(),
  buyDateFrom: calendarDate.optional(),
  buyDateTo: calendarDate.optional(),
  expiryBand: list((s) => ((EXPIRY_BANDS as readonly string[]).includes(s) ? (s as ExpiryBand) : undefined)).optional(),
  sortKey: z.enum(SORT_KEYS).optional(),
  isASC: queryFlag,
});

const ListQuery = AssetQuery.extend({
  pageIndex: queryPageIndex,
  pageSize: queryPageSize,
});

/** null clears a field; the service trims and checks lengths with messages naming the field. */
const text = z
  .string()
  .max(1000)
  .nullish()
  .transform((v) => (v === null ? '' : v));
const numberish = z.union([z.number(), z.string().max(40)]).nullish();
const dateText = z.string().max(40).nullish();

const SetBody = z.object({
  id: id.optional(),
  version: recordVersion,
  assetCoding: text,
  assetName: text,
  specifications: text,
  unit: text,
  supplier: text,
  buyDate: dateText,
  buyPrice: numberish,
  surplusValue: numberish,
  lossCycle: numberish,
  expireDate: dateText,
  affiliatedDept: id.nullish(),
  affiliatedStaff: id.nullish(),
  depositSite: text,
  classify: id.nullish(),
  picture: z.union([z.number().int().positive(), z.string().max(200)]).nullish(),
  epc: text,
  tid: text,
  attributeValues: z
    .record(z.string().max(100), z.union([z.string().max(1000), z.number()]).nullish())
    .refine((values) => Object.keys(values).length <= 200)
    .transform((values) =>
      Object.fromEntries(
        Object.entries(values)
          .filter(([, v]) => v !== null && v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      ),
    )
    .nullish()
    .transform((v) => (v === null ? {} : v)),
});

const DetailsQuery = z.object({ id });
const DeleteAllBody = z.object({
  ids: z.array(id).max(10_000),
  versions: z.array(z.number().int().min(1).max(2_147_483_647)).max(10_000).optional(),
});

export function assetDeps(deps: Pick<RouteDeps, 'db' | 'clock' | 'config'>): AssetDeps {
  return { db: deps.db, clock: deps.clock, timeZone: deps.config.timeZone };
}

export function assetRoutes(deps: RouteDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const services = assetDeps(deps);
  const member = requireActor(deps);
  const deleter = requireActor(deps, holding(Permission.assetDelete));

  routes.get('/Asset', member, async (c) =>
    ok(c, await listAssets(services, c.get('actor'), readQuery(c, ListQuery), c.get('lang'))),
  );

  routes.get('/Asset/details', member, async (c) =>
    ok(c, await assetDetails(services, c.get('actor'), readQuery(c, DetailsQuery).id, c.get('lang'))),
  );

  // 101 to create, 102 to update: decided by the service from the presence of id.
  routes.post('/Asset', member, async (c) =>
    ok(c, await setAsset(services, c.get('actor'), await readBody(c, SetBody), c.get('lang'))),
  );

  routes.delete('/Asset', deleter, async (c) => {
    const input = await readQueryOrBody(c, IdInput);
    await deleteAssets(services, c.get('actor'), [input.id], input.version === undefined ? undefined : [input.version]);
    return ok(c, null);
  });

  routes.post('/Asset/DeleteAll', deleter, async (c) => {
    const body = await readBody(c, DeleteAllBody);
    return ok(c, { deleted: await deleteAssets(services, c.get('actor'), body.ids, body.versions) });
  });

  const figures = requireActor(deps);
  routes.get('/asset/count', figures, async (c) => ok(c, await dashboard(services, c.get('actor'))));
  routes.get('/Dashboard', figures, async (c) => ok(c, await dashboard(services, c.get('actor'))));

  return routes;
}
