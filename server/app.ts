/**
 * The HTTP application: the API under /api and the built web app everywhere else.
 *
 * Every API reply is the envelope {statusCode, resultInfo}. Handled errors (AppError) answer
 * HTTP 200 with their code and localized message; an unknown /api path answers 404 with code
 * 4; anything unexpected is logged here and answers code 1 "未知错误！" / "Unknown Error!",
 * never a stack trace.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import { AppError, pickLanguage } from './errors.ts';
import { failure } from './http/envelope.ts';
import type { AppEnv } from './http/env.ts';
import { templateCors } from './http/template-cors.ts';
import { mountWebApp } from './http/web-app.ts';
import { consoleLogger, type Logger } from './log.ts';
import type { Mailer } from './mail/index.ts';
import { FILE_MAX_BYTES, IMPORT_MAX_BYTES, TEMPLATE_MAX_BYTES } from '../src/api/contract.ts';
import { assetRoutes } from './routes/asset.ts';
import { assetLabelRoutes } from './routes/asset-label.ts';
import { businessRoutes } from './routes/business.ts';
import { childUserRoutes } from './routes/child-user.ts';
import { classifyRoutes } from './routes/classify.ts';
import { departmentRoutes } from './routes/department.ts';
import { excelRoutes } from './routes/excel.ts';
import type { ImportDeps } from './modules/import-export/service.ts';
import { fileRoutes } from './routes/file.ts';
import { healthRoutes } from './routes/health.ts';
import { inventoryRoutes } from './routes/inventory.ts';
import type { RouteDeps } from './routes/deps.ts';
import { roleRoutes } from './routes/role.ts';
import { sessionRoutes } from './routes/session.ts';
import { staffRoutes } from './routes/staff.ts';
import { templateRoutes } from './routes/template.ts';
import { userRoutes } from './routes/user.ts';

export interface AppDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  clock?: Clock;
  log?: Logger;
  /** What imports run with (routes/excel.ts importServices); unset: made here. main.ts shares it with the takeovers. */
  imports?: ImportDeps;
}

function formatBytes(bytes: number): string {
  const MB = 1024 * 1024;
  return bytes % MB === 0 ? `${bytes / MB} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** The body that carries a file of `bytes` as base64, with room for the other fields. */
function base64BodyLimit(bytes: number): number {
  return Math.ceil(bytes / 3) * 4 + 64 * 1024;
}

export function createApp(appDeps: AppDeps): Hono<AppEnv> {
  const deps: RouteDeps = {
    db: appDeps.db,
    config: appDeps.config,
    mailer: appDeps.mailer,
    clock: appDeps.clock ?? systemClock,
    log: appDeps.log ?? consoleLogger,
    sessionPolicy: appDeps.config.session,
  };

  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('lang', pickLanguage(c.req.header('Accept-Language')));
    await next();
  });

  // Before routing: a preflight to a template route is answered here (http/template-cors.ts).
  app.use('/api/*', templateCors(deps.config.templateCorsOrigins));

  const api = new Hono<AppEnv>();
  api.use('*', async (c, next) => {
    await next();
    // Replies carry session tokens and tenant data: never cache them (a route serving an
    // immutable file says otherwise itself).
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  // Bodies are small except on the routes that carry a file (base64, or a template's XML as
  // JSON text); their refusals use the file's own message (spec section 9 for imports).
  const defaultLimit = bodyLimit({
    maxSize: deps.config.bodyLimitBytes,
    onError: (c) => failure(c, new AppError('bodyTooLarge', { limit: formatBytes(deps.config.bodyLimitBytes) })),
  });
  const fileLimits: Record<string, ReturnType<typeof bodyLimit>> = {
    '/api/Excel': bodyLimit({
      maxSize: base64BodyLimit(IMPORT_MAX_BYTES),
      onError: (c) => failure(c, new AppError('importTooLarge')),
    }),
    '/api/File/Upload': bodyLimit({
      maxSize: base64BodyLimit(FILE_MAX_BYTES),
      onError: (c) => failure(c, new AppError('fileTooLarge', { limit: formatBytes(FILE_MAX_BYTES) })),
    }),
  };
  // A template's text as a JSON string: quotes and line ends escaped take up to twice its bytes.
  const templateLimit = bodyLimit({
    maxSize: 2 * TEMPLATE_MAX_BYTES + 64 * 1024,
    onError: (c) => failure(c, new AppError('bodyTooLarge', { limit: formatBytes(2 * TEMPLATE_MAX_BYTES + 64 * 1024) })),
  });
  fileLimits['/api/Template'] = templateLimit;
  fileLimits['/api/Template/Save'] = templateLimit;
  api.use('*', (c, next) => {
    const limit = c.req.method === 'POST' ? fileLimits[c.req.path] : undefined;
    return (limit ?? defaultLimit)(c, next);
  });
  api.route('/', healthRoutes(deps));
  api.route('/', sessionRoutes(deps));
  api.route('/', userRoutes(deps));
  api.route('/', childUserRoutes(deps));
  api.route('/', departmentRoutes(deps));
  api.route('/', staffRoutes(deps));
  api.route('/', roleRoutes(deps));
  api.route('/', classifyRoutes(deps));
  api.route('/', assetRoutes(deps));
  api.route('/', assetLabelRoutes(deps));
  api.route('/', businessRoutes(deps));
  api.route('/', inventoryRoutes(deps));
  api.route('/', fileRoutes(deps));
  api.route('/', excelRoutes(deps, appDeps.imports));
  api.route('/', templateRoutes(deps));
  app.route('/api', api);

  mountWebApp(app, deps.config.distDir);

  app.notFound((c) => failure(c, new AppError('notFound'), 404));
  app.onError((err, c) => {
    if (err instanceof AppError) return failure(c, err);
    deps.log.error(`[api] ${c.req.method} ${c.req.path} failed:`, err);
    return failure(c, new AppError('internal'));
  });
  return app;
}
