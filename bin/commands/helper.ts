/**
 * `assetmark helper`: runs the print helper (helper/server.ts) on its own, in the
 * foreground, until SIGINT or SIGTERM. `npm start` runs the same helper inside the server;
 * this is for a machine that prints without running the app (the app is elsewhere) or to
 * try printers from the command line.
 */
import { resolve } from 'node:path';
import { originsFromEnv, startHelper } from '../../helper/server.ts';
import { PrinterConfigError } from '../../helper/printers.ts';
import { DEFAULT_PORTS } from '../../helper/protocol.ts';
import { CliError, EXIT_USAGE, parseOptions, write, type Command, type Io } from '../cli.ts';

export const command: Command = {
  usage: [
    'usage: assetmark helper [options]',
    '',
    `  --port N            listen on this port only (default ${DEFAULT_PORTS[0]}, or ${DEFAULT_PORTS[1]} when that is taken)`,
    '  --allow-origin URL  a web app origin that may print, e.g. http://localhost:8080',
    '                      (repeatable; default http://localhost:8080 and http://127.0.0.1:8080;',
    '                      ASSETMARK_HELPER_ORIGINS adds a comma-separated list)',
    '  --printer URL       add a printer (repeatable): zpl://HOST:9100?dpi=203, tspl://HOST:9100?dpi=300,',
    '                      cups:QUEUE?lang=zpl&dpi=203 (raw queue), cups:QUEUE (driver queue), virtual?dpi=300;',
    '                      &name=NAME names it',
    '  --config FILE       printers file (JSON; default DATA_DIR/printers.json, see README "Printing")',
    '  --data-dir DIR      where the virtual printers write (default DATA_DIR, else ./data)',
    '  --no-cups           do not list the CUPS queues lpstat finds',
    '',
    'The helper listens on 127.0.0.1 only and answers web pages of the allowed origins only.',
    'Virtual printers write each label as PNG and PBM under DIR/virtual-printer/.',
    '',
  ].join('\n'),

  async run(args: string[], io: Io): Promise<void> {
    const opts = parseOptions(args, {
      port: { type: 'string' },
      'allow-origin': { type: 'string', multiple: true },
      printer: { type: 'string', multiple: true },
      config: { type: 'string' },
      'data-dir': { type: 'string' },
      'no-cups': { type: 'boolean' },
    });
    let port: number | undefined;
    if (opts.port !== undefined) {
      port = Number(opts.port);
      if (!/^\d+$/.test(opts.port) || port > 65535) throw new CliError(`--port must be 0 to 65535 (0: any free port), got '${opts.port}'`, EXIT_USAGE);
    }
    const origins = [...(opts['allow-origin'] ?? ['http://localhost:8080', 'http://127.0.0.1:8080']), ...originsFromEnv(process.env)];
    for (const origin of origins) checkOrigin(origin);
    const dataDir = resolve(opts['data-dir'] ?? process.env.DATA_DIR ?? './data');

    let helper;
    try {
      helper = await startHelper({
        port,
        allowedOrigins: origins,
        dataDir,
        printers: opts.printer,
        configFile: opts.config === undefined ? undefined : resolve(opts.config),
        cups: opts['no-cups'] ? false : undefined,
        log: {
          info: (line) => void io.stderr.write(`[helper] ${line}\n`),
          error: (line) => void io.stderr.write(`[helper] ${line}\n`),
        },
      });
    } catch (e) {
      if (e instanceof PrinterConfigError) throw new CliError(e.message);
      if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new CliError((e as Error).message);
      throw e;
    }
    const printers = await helper.registry.list();
    await write(
      io.stdout,
      [
        `print helper listening on ${helper.url} (allowed origins: ${origins.join(', ')})`,
        `printers: ${printers.map((p) => p.printer.description.name).join(', ') || 'none'}`,
        `virtual printers write to ${resolve(dataDir, 'virtual-printer')}`,
        '',
      ].join('\n'),
    );
    const signal = await new Promise<string>((done) => {
      process.once('SIGINT', () => done('SIGINT'));
      process.once('SIGTERM', () => done('SIGTERM'));
    });
    await write(io.stderr, `[helper] ${signal}: stopping\n`);
    await helper.close();
  },
};

/** An origin is scheme://host[:port] exactly as a browser sends it (no path, no slash). */
function checkOrigin(origin: string): void {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new CliError(`'${origin}' is not an origin (like http://localhost:8080)`, EXIT_USAGE);
  }
  if (url.origin !== origin) throw new CliError(`'${origin}' is not an origin: write it as ${url.origin}`, EXIT_USAGE);
}
