/**
 * GET    /api/AssetClassify/List                                → {assetClassifys}
 * GET    /api/AssetClassify/Details?assetClassifyId=            → AssetClassifyInfo
 * POST   /api/AssetClassify {id?, version?, classifyName, attributes?} → AssetClassifyInfo (301)
 * DELETE /api/AssetClassify {id, version?} (query or body)      → null (301)
 * version: the record version the change is based on (31 when it moved on; contract RecordVersion).
 * Reads: any logged-in user. Payloads: src/api/contract.ts.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { AttributeType, Permission } from '../../src/api/contract.ts';
import { readBody, readQuery, readQueryOrBody } from '../http/body.ts';
import { ok } from '../http/envelope.ts';
import type { AppEnv } from '../http/env.ts';
import { holding, requireActor } from '../modules/access/guards.ts';
import {
  ATTRIBUTE_NAME_MAX,
  ATTRIBUTES_MAX,
  CLASSIFY_NAME_MAX,
  classifyDetails,
  deleteClassify,
  ITEM_MAX,
  ITEMS_MAX,
  listClassifies,
  setClassify,
} from '../modules/classifications/service.ts';
import type { RouteDeps } from './deps.ts';
import { id, IdInput, optionalText, recordVersion } from './fields.ts';

const DetailsQuery = z.object({ assetClassifyId: id });

const Attribute = z.object({
  // Trimmed and checked for emptiness and repeats by the service, which has the spec's messages.
  name: z.string().max(ATTRIBUTE_NAME_MAX),
  attributeType: z.union(Object.values(AttributeType).map((v) => z.literal(v))),
  items: z.array(z.string().max(ITEM_MAX)).max(ITEMS_MAX).nullish().transform((v) => v ?? undefined),
});

const SetBody = z.object({
  id: id.optional(),
  version: recordVersion,
  classifyName: optionalText(CLASSIFY_NAME_MAX),
  attributes: z.array(Attribute).max(ATTRIBUTES_MAX).optional(),
});

export function classifyRoutes(deps: RouteDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const member = requireActor(deps);
  const classifier = requireActor(deps, holding(Permission.systemClassification));

  routes.get('/AssetClassify/List', member, async (c) =>
    ok(c, { assetClassifys: await listClassifies(deps, c.get('actor')) }),
  );

  routes.get('/AssetClassify/Details', member, async (c) =>
    ok(c, await classifyDetails(deps, c.get('actor'), readQuery(c, DetailsQuery).assetClassifyId)),
  );

  routes.post('/AssetClassify', classifier, async (c) =>
    ok(c, await setClassify(deps, c.get('actor'), await readBody(c, SetBody))),
  );

  routes.delete('/AssetClassify', classifier, async (c) => {
    const input = await readQueryOrBody(c, IdInput);
    await deleteClassify(deps, c.get('actor'), input.id, input.version);
    return ok(c, null);
  });

  return routes;
}
