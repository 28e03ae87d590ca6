/**
 * The API's routes as the Hono app has them registered: `METHOD /api/path` once each
 * (a route with guards appears once per handler in app.routes; middleware registered with
 * `use` has method ALL and is left out). Tests that must cover every route start from here,
 * so a route added later without its test entry fails them.
 */
import type { Hono } from 'hono';

export interface ApiRoute {
  method: string;
  /** Hono's pattern, e.g. '/api/File/:id'. */
  path: string;
  key: string;
}

export function apiRoutes(app: Pick<Hono, 'routes'>): ApiRoute[] {
  const seen = new Map<string, ApiRoute>();
  for (const { method, path } of app.routes) {
    if (method === 'ALL' || !path.startsWith('/api/')) continue;
    const key = `${method} ${path}`;
    if (!seen.has(key)) seen.set(key, { method, path, key });
  }
  return [...seen.values()];
}
