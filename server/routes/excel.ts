/**
 * POST /api/Excel {explain: 3, suffix, fileData (base64), fileName?, allOrNothing?, classifyId?}
 *                                                 → {jobId, totalRows} (101); rows go on in the background
 * GET  /api/Excel?jobId=                          → ImportStatus (101): that job, or the company's latest
 * GET  /api/Excel/Template?classifyId=&download=  → ExcelFile (101)
 * GET  /api/Excel/Export?<the list's filters>&download= → ExcelFile (any logged-in user, their scope)
 * ExcelFile is base64 in the envelope; with download=1 the reply is the .xlsx itself.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { Permission, type ExcelFile } from '../../src/api/contract.ts';
import { readBody, readQuery } from '../http/body.ts';
import { ok } from '../http/envelope.ts';
import type { AppEnv } from '../http/env.ts';
import { holding, requireActor } from '../modules/access/guards.ts';
import { pauseForeverAt } from '../modules/import-export/limits.ts';
import { ImportParser } from '../modules/import-export/parse-queue.ts';
import { exportAssets, importTemplate, XLSX_MIME } from '../modules/import-export/export.ts';
import { importStatus, startImport, type ImportDeps } from '../modules/import-export/service.ts';
import { AssetQuery, assetDeps } from './asset.ts';
import type { RouteDeps } from './deps.ts';
import { id, optionalText, queryFlag } from './fields.ts';

const ImportBody = z.object({
  explain: z.union([z.number(), z.string().max(10)]).nullish(),
  suffix: optionalText(20),
  // Its size is checked by the service (and the body limit in app.ts), with the spec's message.
  fileData: z.string().nullish().transform((v) => v ?? undefined),
  fileName: optionalText(255),
  allOrNothing: z.boolean().nullish().transform((v) => v ?? undefined),
  classifyId: id.nullish().transform((v) => v ?? undefined),
});

const StatusQuery = z.object({ jobId: id.optional() });
const TemplateQuery = z.object({ classifyId: id.optional(), download: queryFlag });
const ExportQuery = AssetQuery.extend({ download: queryFlag });

function sendFile(c: Context<AppEnv>, file: ExcelFile & { bytes: Buffer }, asDownload: boolean | undefined) {
  if (!asDownload) {
    const { bytes: _bytes, ...payload } = file;
    return ok(c, payload);
  }
  return c.body(new Uint8Array(file.bytes), 200, {
    'Content-Type': XLSX_MIME,
    'Content-Disposition': `attachment; filename="assets.xlsx"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
  });
}

/**
 * What imports run with, once per app: the routes start jobs with it, and the instance takes
 * over other instances' jobs with it (server/main.ts: resume.ts), through the same parse queue.
 */
export function importServices(deps: Pick<RouteDeps, 'db' | 'clock' | 'config' | 'log'>): ImportDeps {
  const pause = deps.config.importTestPause;
  return {
    ...assetDeps(deps),
    log: deps.log,
    checkPauseMs: deps.config.importCheckPauseMs,
    // One parse queue for the app: every company's files wait in the same line.
    parser: new ImportParser(deps.config.imports),
    gate: pause ? pauseForeverAt(pause.stage, pause.markerDir) : undefined,
    leaseMs: deps.config.imports.leaseMs,
  };
}

export function excelRoutes(deps: RouteDeps, services: ImportDeps = importServices(deps)): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const importer = requireActor(deps, holding(Permission.assetAdd));
  const member = requireActor(deps);

  routes.post('/Excel', importer, async (c) => {
    const { jobId, totalRows } = await startImport(services, c.get('actor'), await readBody(c, ImportBody));
    return ok(c, { jobId, totalRows });
  });

  routes.get('/Excel', importer, async (c) =>
    ok(c, await importStatus(services, c.get('actor'), readQuery(c, StatusQuery).jobId, c.get('lang'))),
  );

  routes.get('/Excel/Template', importer, async (c) => {
    const query = readQuery(c, TemplateQuery);
    return sendFile(c, await importTemplate(services, c.get('actor'), query.classifyId, c.get('lang')), query.download);
  });

  routes.get('/Excel/Export', member, async (c) => {
    const query = readQuery(c, ExportQuery);
    return sendFile(c, await exportAssets(services, c.get('actor'), query, c.get('lang')), query.download);
  });

  return routes;
}
