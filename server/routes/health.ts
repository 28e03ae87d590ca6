import { Hono } from 'hono';
import { schemaVersion } from '../db/migrate.ts';
import { ok } from '../http/envelope.ts';
import type { AppEnv } from '../http/env.ts';
import type { RouteDeps } from './deps.ts';

/** GET /api/health → {statusCode: 0, resultInfo: {schemaVersion}}; the server listens only after migrating. */
export function healthRoutes(deps: Pick<RouteDeps, 'db'>): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/health', async (c) => ok(c, { schemaVersion: await schemaVersion(deps.db) }));
}
