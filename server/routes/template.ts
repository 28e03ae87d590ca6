/**
 * Label templates, on the label base address (contract "Label templates"):
 * GET    /api/version/template[?scope=]                  → {items}            (any logged-in user)
 * GET    /api/Template?templateID=                       → TemplateContent    (public: anyone; private: template user)
 * GET    /api/Template/List?scope=&search=&pageIndex=&pageSize= → {templates, total}
 * POST   /api/Template {templateName?, templateContent}  → TemplateInfo       (template user)
 * POST   /api/Template/Save {templateID, version, templateContent, templateName?} → TemplateInfo
 * POST   /api/Template/Rename {templateID, version?, templateName} → TemplateInfo
 * POST   /api/Template/Duplicate {templateID, templateName?} → TemplateInfo
 * DELETE /api/Template {templateID, version?} (query or body) → null
 * GET    /api/Template/Thumbnail/<id>[?fileToken=]       → image/png
 * Who holds a template user, and so the private calls: modules/templates/template-user.ts.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { TEMPLATE_NAME_MAX } from '../../src/api/contract.ts';
import { AppError } from '../errors.ts';
import { readBody, readQuery, readQueryOrBody } from '../http/body.ts';
import { ok } from '../http/envelope.ts';
import type { AppEnv } from '../http/env.ts';
import { requireActor, requireFileReader } from '../modules/access/guards.ts';
import {
  createTemplate,
  deleteTemplate,
  duplicateTemplate,
  listTemplates,
  renameTemplate,
  saveTemplate,
  templateContent,
  templateThumbnail,
  templateVersions,
} from '../modules/templates/service.ts';
import type { RouteDeps } from './deps.ts';
import { id, optionalText, queryPageIndex, queryPageSize } from './fields.ts';

/** A template version: a JSON number or a numeric string, 1 to the int4 maximum. */
const version = z.union([
  z.number().int().min(1).max(2_147_483_647),
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .refine((v) => v <= 2_147_483_647),
]);

const scope = z.enum(['private', 'public']);
// Its size is checked by the service, with the template's own message (content.ts).
const content = z.string();
const name = optionalText(TEMPLATE_NAME_MAX);

const VersionQuery = z.object({ scope: scope.optional() });
const ContentQuery = z.object({ templateID: id });
const ListQuery = z.object({
  scope,
  search: optionalText(100),
  pageIndex: queryPageIndex,
  pageSize: queryPageSize,
});
const CreateBody = z.object({ templateName: name, templateContent: content });
const SaveBody = z.object({ templateID: id, version, templateContent: content, templateName: name });
const RenameBody = z.object({ templateID: id, version: version.optional(), templateName: name });
const DuplicateBody = z.object({ templateID: id, templateName: name });
const DeleteInput = z.object({ templateID: id, version: version.optional() });

export function templateRoutes(deps: RouteDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // Private-template rules are the service's (they depend on the template's owner).
  const member = requireActor(deps);

  routes.get('/version/template', member, async (c) =>
    ok(c, { items: await templateVersions(deps, c.get('actor'), readQuery(c, VersionQuery).scope) }),
  );

  routes.get('/Template', member, async (c) => ok(c, await templateContent(deps, c.get('actor'), readQuery(c, ContentQuery).templateID)));

  routes.get('/Template/List', member, async (c) => ok(c, await listTemplates(deps, c.get('actor'), readQuery(c, ListQuery))));

  routes.post('/Template', member, async (c) => ok(c, await createTemplate(deps, c.get('actor'), await readBody(c, CreateBody))));

  routes.post('/Template/Save', member, async (c) => ok(c, await saveTemplate(deps, c.get('actor'), await readBody(c, SaveBody))));

  routes.post('/Template/Rename', member, async (c) => ok(c, await renameTemplate(deps, c.get('actor'), await readBody(c, RenameBody))));

  routes.post('/Template/Duplicate', member, async (c) =>
    ok(c, await duplicateTemplate(deps, c.get('actor'), { ...(await readBody(c, DuplicateBody)), lang: c.get('lang') })),
  );

  routes.delete('/Template', member, async (c) => {
    const input = await readQueryOrBody(c, DeleteInput);
    await deleteTemplate(deps, c.get('actor'), input.templateID, input.version);
    return ok(c, null);
  });

  // <img src>: the session header or a file token (access/file-token.ts), never the session token in the URL.
  routes.get('/Template/Thumbnail/:id', requireFileReader(deps), async (c) => {
    const parsed = id.safeParse(c.req.param('id'));
    if (!parsed.success) throw new AppError('templateNotFound');
    const png = await templateThumbnail(deps, c.get('actor'), parsed.data);
    return c.body(png as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'image/png',
      'X-Content-Type-Options': 'nosniff',
      // The address stays while the template changes (its version does): revalidate each time.
      'Cache-Control': 'private, no-cache',
    });
  });

  return routes;
}
