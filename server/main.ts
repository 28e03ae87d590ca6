/**
 * Starts Assetmark: reads the environment (config.ts), opens the database (PGlite in
 * DATA_DIR, or the PostgreSQL server at DATABASE_URL), migrates it, seeds the demo account
 * on first start (and its company's sample data while that is empty), then serves the API and the web app on http://localhost:PORT.
 */
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { systemClock } from './clock.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { migrate } from './db/migrate.ts';
import { consoleLogger as log } from './log.ts';
import { createMailer } from './mail/index.ts';
import { startMaintenance } from './maintenance.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from './modules/accounts/demo.ts';
import { startDemo } from './modules/demo/start.ts';
import { endLeasesOfStoppedProcess, releaseLeases } from './modules/import-export/leases.ts';
import { startImportTakeovers } from './modules/import-export/resume.ts';
import { instanceOf, sweepUnfinishedImports } from './modules/import-export/service.ts';
import { importServices } from './routes/excel.ts';
import { abandonedBefore, removeUnfinishedOrders } from './modules/inventory/create.ts';
import { seedGallery } from './modules/templates/gallery.ts';
import { startAppHelper } from '../helper/in-app.ts';
import type { RunningHelper } from '../helper/server.ts';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const db = await openDatabase(config);
  const applied = await migrate(db);
  if (applied.length > 0) log.info(`[db] applied migrations ${applied.join(', ')}`);
  // The general label templates every company sees (modules/templates/gallery/).
  const gallery = await seedGallery(db, systemClock);
  if (gallery > 0) log.info(`[templates] added or updated ${gallery} gallery template(s)`);
  // The demo account, and its company's sample data (which copies a gallery template) while
  // that company is empty; ASSETMARK_DEMO_DATA=off leaves the sample data out.
  await startDemo({ db, clock: systemClock, timeZone: config.timeZone, sampleData: config.demoData, log });
  // Import jobs are shared by every instance on the database (import-export/leases.ts): this
  // one takes over those whose instance died, and runs them again or to their end. On PGlite
  // the data directory is this process's alone: a running job's lease is a stopped process's.
  const imports = importServices({ db, clock: systemClock, config, log });
  const released = await endLeasesOfStoppedProcess(db);
  if (released > 0) log.info(`[import] ${released} import(s) the last process left running are taken over`);
  const stopTakeovers = startImportTakeovers(imports, config.imports.claimEveryMs);
  // Failed imports' rows (hidden, never published) are deleted in the background, without delaying the start.
  void sweepUnfinishedImports(db, log).then((removed) => {
    if (removed > 0) log.info(`[import] ${removed} row(s) of failed or interrupted imports removed`);
  });
  // An inventory order whose lines were still being written by a stopped process was never seen: it goes.
  const unfinished = await removeUnfinishedOrders(db, db.kind === 'pglite' ? null : abandonedBefore(systemClock()));
  if (unfinished > 0) log.info(`[inventory] ${unfinished} half-made inventory order(s) removed`);
  const stopMaintenance = startMaintenance(db, systemClock, log);

  const app = createApp({ db, config, mailer: createMailer(config, log, systemClock), log, imports });
  // The print helper (helper/), started once the app listens; ASSETMARK_HELPER=off leaves it out.
  let helper: Promise<RunningHelper | undefined> = Promise.resolve(undefined);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => {
    log.info(`Assetmark is running at http://localhost:${config.port}`);
    log.info(`Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
    log.info(
      config.databaseUrl
        ? '[db] PostgreSQL at DATABASE_URL'
        : `[db] embedded PGlite in ${config.dataDir}/pglite`,
    );
    if (!config.smtp) log.info(`[mail] no SMTP_HOST: verification codes go to this log and ${config.dataDir}/outbox.jsonl`);
    helper = startAppHelper(process.env, { port: config.port, dataDir: config.dataDir }, log);
  });
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE') log.error(`[server] port ${config.port} is in use; set PORT to another port`);
    else log.error('[server] cannot listen:', err);
    void db.close().finally(() => process.exit(1));
  });

  const handOverImports = async () => {
    try {
      const released = await releaseLeases(db, instanceOf(imports));
      if (released > 0) log.info(`[import] ${released} running import(s) left to another instance`);
    } catch (err) {
      log.error('[import] could not hand running imports over (their leases run out):', err);
    }
  };

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`[server] ${signal}: shutting down`);
    stopMaintenance();
    stopTakeovers();
    void helper.then((h) => h?.close());
    // Stop accepting connections, let requests in flight finish, then close the database.
    const http = server as { closeIdleConnections?: () => void; closeAllConnections?: () => void };
    server.close(() => {
      // Running imports go to another instance at its next look, not a lease later.
      handOverImports()
        .then(() => db.close())
        .then(
        () => process.exit(0),
        (err) => {
          log.error('[db] close failed:', err);
          process.exit(1);
        },
      );
    });
    // Idle keep-alive connections would hold close() open; busy ones get 5 s to finish.
    http.closeIdleConnections?.();
    setTimeout(() => http.closeAllConnections?.(), 5000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err) => {
  log.error('[server] failed to start:', err);
  process.exit(1);
});
