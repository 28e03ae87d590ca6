/**
 * The print helper inside `npm start` (server/main.ts calls this once the app listens), so a
 * newcomer can print at once: the app's own origins (http://localhost:PORT and
 * http://127.0.0.1:PORT) may use it, plus ASSETMARK_HELPER_ORIGINS (comma-separated); its
 * virtual printers write under DATA_DIR. `ASSETMARK_HELPER=off` leaves it out. When its
 * ports are taken (the vendor's helper, or `assetmark helper`, may be running) or its
 * printer config is wrong, the app says so in one line and runs on without it.
 */
import { PrinterConfigError } from './printers.ts';
import { HelperPortsBusyError, originsFromEnv, startHelper, type RunningHelper } from './server.ts';

export interface AppHelperLog {
  info(line: string): void;
  error(line: string): void;
}

export async function startAppHelper(
  env: NodeJS.ProcessEnv,
  app: { port: number; dataDir: string; helperPorts?: readonly number[] },
  log: AppHelperLog,
): Promise<RunningHelper | undefined> {
  if ((env.ASSETMARK_HELPER ?? '').trim().toLowerCase() === 'off') {
    log.info('[helper] not started (ASSETMARK_HELPER=off)');
    return undefined;
  }
  const origins = [`http://localhost:${app.port}`, `http://127.0.0.1:${app.port}`, ...originsFromEnv(env)];
  try {
    const helper = await startHelper({
      dataDir: app.dataDir,
      allowedOrigins: origins,
      ports: app.helperPorts,
      log: { info: (line) => log.info(`[helper] ${line}`), error: (line) => log.error(`[helper] ${line}`) },
    });
    log.info(`[helper] print helper at ${helper.url}; virtual printers write to ${app.dataDir}/virtual-printer`);
    return helper;
  } catch (e) {
    if (e instanceof HelperPortsBusyError) {
      log.info(`[helper] not started: ${e.message}; the app uses whichever helper answers there`);
      return undefined;
    }
    if (e instanceof PrinterConfigError) {
      log.error(`[helper] not started: ${e.message}`);
      return undefined;
    }
    log.error(`[helper] not started: ${(e as Error).message}`);
    return undefined;
  }
}
