/**
 * CORS for the label-template routes only (the spec's second base address): a web app served
 * from another origin (its VITE_TEMPLATE_API_BASE names this server) may call them when its
 * origin is listed in TEMPLATE_CORS_ORIGINS (config.ts). Every other route, and every origin
 * not listed, gets no CORS header at all, so a browser keeps other sites out as before.
 *
 * The session travels in the loginID header, never in a cookie (http/auth.ts), so a
 * cross-origin call needs that header allowed, not Access-Control-Allow-Credentials: with no
 * cookie there is nothing ambient for another site to ride on, and a listed origin still
 * needs the user's token to read anything private.
 *
 * A preflight (OPTIONS with Access-Control-Request-Method) is answered here, before routing
 * and sessions: 204 with the grant for a listed origin, 403 without one for any other.
 */
import type { MiddlewareHandler } from 'hono';
import { LOGIN_ID_HEADER, SYSTEM_FLAG_HEADER } from '../../src/api/contract.ts';
import type { AppEnv } from './env.ts';

/** The paths under /api that the label base address serves (routes/template.ts). */
export function isTemplatePath(path: string): boolean {
  return path === '/api/version/template' || path === '/api/Template' || path.startsWith('/api/Template/');
}

const ALLOWED_METHODS = 'GET, POST, DELETE';
const ALLOWED_HEADERS = ['Content-Type', 'Accept-Language', LOGIN_ID_HEADER, SYSTEM_FLAG_HEADER].join(', ');
/** How long a browser may reuse a preflight's answer, seconds. */
const PREFLIGHT_MAX_AGE_S = 600;

export function templateCors(allowedOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    if (!isTemplatePath(c.req.path)) return next();
    const origin = c.req.header('Origin');
    const granted = origin !== undefined && allowed.has(origin);
    const preflight = c.req.method === 'OPTIONS' && c.req.header('Access-Control-Request-Method') !== undefined;
    if (preflight) {
      if (!granted) return c.body(null, 403, { Vary: 'Origin' });
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': ALLOWED_METHODS,
        'Access-Control-Allow-Headers': ALLOWED_HEADERS,
        'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_S),
        Vary: 'Origin',
      });
    }
    await next();
    // The answer differs by origin: caches must keep them apart.
    c.header('Vary', 'Origin', { append: true });
    if (granted) c.header('Access-Control-Allow-Origin', origin);
  };
}
