/**
 * Asset labels (contract "Asset labels"; modules/asset-labels):
 * GET  /api/AssetLabel/Rows?<the asset list's filters>|assetIds=&afterId=&limit= → AssetLabelRowsResult
 * POST /api/AssetLabel/Printed {assetIds, templateId}                       → AssetLabelPrintedResult
 * POST /api/AssetClassify/DefaultTemplate {classifyId, templateId|null}    → AssetClassifyInfo (301)
 * GET  /api/AssetLink/<token>                                              → {assetId}
 * Rows, Printed and links: any logged-in user, assets within their scope.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  ASSET_LABEL_IDS_MAX,
  ASSET_LABEL_PRINTED_MAX,
  ASSET_LABEL_ROWS_MAX,
  Permission,
} from '../../src/api/contract.ts';
import { AppError } from '../errors.ts';
import { readBody, readQuery } from '../http/body.ts';
import { ok } from '../http/envelope.ts';
import type { AppEnv } from '../http/env.ts';
import { holding, requireActor } from '../modules/access/guards.ts';
import { setDefaultTemplate } from '../modules/asset-labels/default-template.ts';
import { resolveAssetLink } from '../modules/asset-labels/links.ts';
import { labelRows, recordPrinted } from '../modules/asset-labels/service.ts';
import { AssetQuery } from './asset.ts';
import type { RouteDeps } from './deps.ts';
import { id } from './fields.ts';

/** "1,2,3": at most ASSET_LABEL_IDS_MAX ids (a longer list is refused with its count). */
const idList = z
  .string()
  .max(ASSET_LABEL_IDS_MAX * 17)
  .transform((text, ctx) => {
    const items = text.split(',').map((s) => s.trim()).filter(Boolean);
    if (!items.every((item) => /^[1-9]\d{0,14}$/.test(item))) {
      ctx.addIssue({ code: 'custom', message: 'not a list of ids' });
      return z.NEVER;
    }
    return items.map(Number);
  });

/** A page size or an id in the query string. */
const queryCount = (max: number) =>
  z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .transform(Number)
    .refine((n) => n <= max);

const RowsQuery = AssetQuery.extend({
  assetIds: idList.optional(),
  afterId: id.optional(),
  limit: queryCount(ASSET_LABEL_ROWS_MAX).optional(),
});

const PrintedBody = z.object({
  // The count is checked below, with a message that gives it.
  assetIds: z.array(id).max(100_000),
  templateId: id,
});

const DefaultTemplateBody = z.object({
  classifyId: id,
  templateId: id.nullable(),
});

function tooMany(count: number, max: number): AppError {
  return new AppError('tooManyAssets', { max, count });
}

/** The scheme, host and port of this server as the user reaches it (config PUBLIC_ORIGIN first). */
function originOf(c: Context<AppEnv>, configured: string | undefined): string {
  return configured ?? new URL(c.req.url).origin;
}

export function assetLabelRoutes(deps: RouteDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const services = { db: deps.db, clock: deps.clock, timeZone: deps.config.timeZone };
  const member = requireActor(deps);
  const classifier = requireActor(deps, holding(Permission.systemClassification));

  routes.get('/AssetLabel/Rows', member, async (c) => {
    // sortKey and isASC come along with the list's filters: rows are in id order (keyset pages).
    const { assetIds, afterId, limit, ...filter } = readQuery(c, RowsQuery);
    if (assetIds && assetIds.length > ASSET_LABEL_IDS_MAX) throw tooMany(assetIds.length, ASSET_LABEL_IDS_MAX);
    return ok(
      c,
      await labelRows(services, c.get('actor'), {
        selection: assetIds ? { assetIds } : { filter },
        afterId,
        limit: limit ?? ASSET_LABEL_ROWS_MAX,
        origin: originOf(c, deps.config.publicOrigin),
      }),
    );
  });

  routes.post('/AssetLabel/Printed', member, async (c) => {
    const body = await readBody(c, PrintedBody);
    if (body.assetIds.length > ASSET_LABEL_PRINTED_MAX) throw tooMany(body.assetIds.length, ASSET_LABEL_PRINTED_MAX);
    return ok(c, await recordPrinted(services, c.get('actor'), body));
  });

  routes.post('/AssetClassify/DefaultTemplate', classifier, async (c) =>
    ok(c, await setDefaultTemplate(deps, c.get('actor'), await readBody(c, DefaultTemplateBody))),
  );

  routes.get('/AssetLink/:token', member, async (c) => ok(c, await resolveAssetLink(deps.db, c.get('actor'), c.req.param('token'))));

  return routes;
}
