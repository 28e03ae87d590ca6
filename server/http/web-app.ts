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

/** The print helper's addresses (ours and the vendor's: 15216, else 35216; src/print/helper/probe.ts). */
const HELPER_ORIGINS = [15216, 35216].flatMap((port) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`]);

/**
 * The Content-Security-Policy of the app's pages, as tight as the built app allows:
 * - scripts and module workers only from this server; 'wasm-unsafe-eval' lets the label engine
 *   and the scan decoder (WebAssembly) compile, and allows no JavaScript eval;
 * - styles also inline: Fluent UI (Griffel) inserts its rules as <style> elements at run time;
 * - images from this server, blob: (label previews, pictures before upload) and data:;
 * - fetch/XHR to this server and to the local print helper only;
 * - no plugins, no <base> rewriting, forms post here only, and no page may frame the app
 *   (frame-ancestors 'none', with X-Frame-Options DENY for browsers that predate it).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data:",
  "font-src 'self' data:",
  `connect-src 'self' ${HELPER_ORIGINS.join(' ')}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers of every reply outside /api: the policy above, no framing, no type sniffing. */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
};

export function mountWebApp(app: Hono<AppEnv>, distDir: string | undefined): void {
  const indexFile = distDir ? join(distDir, 'index.html') : undefined;
  const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

  // First, so the files, the index page and the not-built page all carry them.
  app.use('*', async (c, next) => {
    await next();
    if (isApi(c.req.path)) return;
    for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) c.res.headers.set(name, value);
  });

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
