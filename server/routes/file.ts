/**
 * POST /api/File/Upload {fileName, fileData (base64), explain: 2, suffix} → FileInfo (101 or 102)
 * POST /api/File/FromUrl {url} → {dataUrl, mimeType, size, width, height}: a PNG or JPEG
 *                        fetched by the server from an http(s) address, for the label editor
 *                        to embed (modules/files/from-url.ts); any logged-in user. Refusals
 *                        answer as every handled error does (code 2, localized).
 * GET  /api/File/Token → {fileToken, expiresAt}: a read-only token for picture addresses
 * GET  /api/File/<id>  → the picture itself (its Content-Type); the session from the header,
 *                        or ?fileToken= so an <img src> can show it. A picture the caller may
 *                        not see (another company's, or only on assets outside their scope): 28.
 *                        ?size=thumb: its thumbnail (at most 256 px a side) where it has one.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { Permission } from '../../src/api/contract.ts';
import { AppError } from '../errors.ts';
import { readBody } from '../http/body.ts';
import { ok } from '../http/envelope.ts';
import type { AppEnv } from '../http/env.ts';
import { holds } from '../modules/access/service.ts';
import { requireActor, requireFileReader } from '../modules/access/guards.ts';
import { issueFileToken } from '../modules/access/file-token.ts';
import { readFile, uploadPicture } from '../modules/files/service.ts';
import { pictureFromUrl, PICTURE_URL_MAX_LENGTH } from '../modules/files/from-url.ts';
import type { RouteDeps } from './deps.ts';
import { id, optionalText } from './fields.ts';

const UploadBody = z.object({
  fileName: optionalText(255),
  // Its size is checked by the service (and the body limit in app.ts), with the picture's message.
  fileData: z.string().nullish().transform((v) => v ?? undefined),
  explain: z.union([z.number(), z.string().max(10)]).nullish(),
  suffix: optionalText(20),
});

const FromUrlBody = z.object({
  // Its form (http/https) is checked by the service, with the picture address's own message.
  url: z.string().max(PICTURE_URL_MAX_LENGTH),
});

export function fileRoutes(deps: RouteDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const editor = requireActor(deps, (actor) => {
    if (!holds(actor, Permission.assetAdd) && !holds(actor, Permission.assetEdit)) throw new AppError('forbidden');
  });
  const member = requireActor(deps);

  routes.post('/File/Upload', editor, async (c) => ok(c, await uploadPicture(deps, c.get('actor'), await readBody(c, UploadBody))));

  routes.post('/File/FromUrl', member, async (c) => {
    const { url } = await readBody(c, FromUrlBody);
    return ok(c, await pictureFromUrl(url, deps.config.pictureUrl));
  });

  // Registered before /File/:id, which would take 'Token' for an id.
  routes.get('/File/Token', member, (c) => {
    const { fileToken, expiresAt } = issueFileToken(c.get('session'), deps.clock());
    return ok(c, { fileToken, expiresAt: expiresAt.toISOString() });
  });

  routes.get('/File/:id', requireFileReader(deps), async (c) => {
    const parsed = id.safeParse(c.req.param('id'));
    if (!parsed.success) throw new AppError('fileNotFound');
    // ?size=thumb: the list's thumbnail (at most 256 px a side), or the picture where it has none.
    const file = await readFile(deps, c.get('actor'), parsed.data, { thumbnail: c.req.query('size') === 'thumb' });
    return c.body(file.data as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': file.mimeType,
      'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      'X-Content-Type-Options': 'nosniff',
      // A file never changes under its id; private: it is one company's.
      'Cache-Control': 'private, max-age=86400',
    });
  });

  return routes;
}
