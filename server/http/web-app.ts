/**
 * The built web app (dist/) from the same process as the API: files as they are, and
 * dist/index.html for any other GET outside /api, so client-side routes survive a reload.
 * Without a build, a plain page says how to make one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './env.ts';

const NOT_BUILT = 'The Assetmark web app is not built yet. Run `npm run setup`, then start the server again.\n';

export function mountWebApp(app: Hono<AppEnv>, distDir: string | undefined): void {
  const indexFile = distDir ? join(distDir, 'index.html') : undefined;
  const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

  if (distDir && indexFile && existsSync(indexFile)) {
    const files = serveStatic({ root: distDir });
    app.use('*', (c, next) => {
      if (isApi(c.req.path)) return next();
      // Vite puts a content hash in every name under /assets/, so those never change; the
      // fonts (public/fonts, 0.4-5 MB each, fetched by every render worker) keep Debian's
      // names, so they are cached for a week rather than for ever; the fallback below
      // replaces this header when no file matches.
      const path = c.req.path;
      c.header('Cache-Control', path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : path.startsWith('/fonts/') ? 'public, max-age=604800' : 'no-cache');
      return files(c, next);
    });
  }

  app.get('*', (c, next) => {
    if (isApi(c.req.path)) return next();
    if (!indexFile || !existsSync(indexFile)) return c.text(NOT_BUILT, 503);
    c.header('Cache-Control', 'no-cache');
    // Read per request: a rebuild while the server runs is picked up (the file is ~1 KB).
    return c.html(readFileSync(indexFile, 'utf8'));
  });
}
