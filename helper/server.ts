/**
 * The print helper's HTTP service (printing-protocol.md): `GET /local/ServerInfo` and
 * `POST /lpapi/{Action}` on 127.0.0.1 only, port 15216, or 35216 when that is taken.
 *
 * Security, since any web page the user opens can send requests to 127.0.0.1:
 * - Listens on the loopback address only: nothing on the network reaches it.
 * - The Host header must name 127.0.0.1 or localhost (a DNS-rebinding page would send its
 *   own host name): anything else is refused with 403.
 * - A request with an Origin header is answered only for the allowed origins (exact match,
 *   e.g. http://localhost:8080): any other origin gets 403, no CORS headers, and nothing is
 *   done. Requests without Origin (command-line tools, the web app's own tests) are served:
 *   a browser always sends Origin on a cross-origin POST, and only POST changes anything.
 * - Preflights (OPTIONS) of allowed origins are answered with the methods and headers the
 *   client uses and, when asked, the older Private Network Access header
 *   `Access-Control-Allow-Private-Network: true`.
 * - Bodies over 16 MiB are refused (413) before they are read whole; pages over
 *   4096 x 8192 dots and bad parameters get code 1; nothing is printed for either.
 * - Replies never carry a stack trace: unexpected failures are code 2 "system error" on the
 *   wire and the details go to the log.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { hostname, networkInterfaces, release, type as osType } from 'node:os';
import { join } from 'node:path';
import { READ_ONLY_ACTIONS, BODY_ACTIONS, Lpapi } from './lpapi.ts';
import { PrinterRegistry, type RegistryOptions } from './printers.ts';
import type { UrlFetcher } from './draw/image-loader.ts';
import { CODE, DEFAULT_PORTS, DTPWEB_VERSION, HELPER_VERSION, LPAPI_VERSION, MAX_BODY_BYTES, Params } from './protocol.ts';

export interface HelperOptions extends Omit<RegistryOptions, 'dataDir'> {
  /** Where the virtual printers write and printers.json is looked for. */
  dataDir: string;
  /** Origins whose pages may call the helper (exact: scheme, host and port). */
  allowedOrigins: readonly string[];
  /** Listen on exactly this port (0: any free port, for tests). Overrides `ports`. */
  port?: number;
  /** Ports tried in order, the next when one is taken; default 15216, 35216. */
  ports?: readonly number[];
  /** Largest request body, bytes; default 16 MiB. */
  maxBodyBytes?: number;
  /** Fetches picture URLs of drawn items (default: fetch, with limits). */
  fetchUrl?: UrlFetcher;
  /** One line a message; default console.log / console.error with a [helper] prefix. */
  log?: { info(line: string): void; error(line: string): void };
}

export interface RunningHelper {
  port: number;
  /** http://127.0.0.1:PORT */
  url: string;
  registry: PrinterRegistry;
  /** Stops listening, ends open connections and releases the printers. */
  close(): Promise<void>;
}

/** Every port the helper may use is taken (perhaps by the vendor's helper). */
export class HelperPortsBusyError extends Error {
  override readonly name = 'HelperPortsBusyError';
  readonly code = 'EADDRINUSE';
  constructor(readonly ports: readonly number[]) {
    super(`ports ${ports.join(' and ')} are in use (is another print helper running?)`);
  }
}

const ALLOWED_HOSTS = new Set(['127.0.0.1', 'localhost']);
/** What preflights allow: the methods and request headers the web SDK and our client send. */
const ALLOW_METHODS = 'GET, POST, OPTIONS';
const ALLOW_HEADERS = 'Content-Type, Accept, X-Requested-With';
/** Keep-alive of idle connections (spec section 9: 60 s). */
const KEEP_ALIVE_MS = 60_000;

export async function startHelper(options: HelperOptions): Promise<RunningHelper> {
  const log = options.log ?? {
    info: (line: string) => console.log(`[helper] ${line}`),
    error: (line: string) => console.error(`[helper] ${line}`),
  };
  const registry = await PrinterRegistry.create(options);
  let port = 0;
  const lpapi = new Lpapi(registry, {
    fetchUrl: options.fetchUrl,
    baseUrl: () => `http://127.0.0.1:${port}`,
    log: (line) => log.info(line),
    stateFile: join(options.dataDir, 'helper-state.json'),
  });
  const allowed = new Set(options.allowedOrigins);
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      log.error(`${req.method} ${req.url}: ${(e as Error)?.stack ?? String(e)}`);
      if (!res.headersSent) reply(res, 200, { statusCode: CODE.system, resultInfo: 'system error in the print helper (see its log)' });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!hostAllowed(req.headers.host)) {
      refuse(req, res, 403, `host '${req.headers.host ?? ''}' is not this helper (use 127.0.0.1 or localhost)`);
      return;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowed.has(origin)) {
      refuse(req, res, 403, `origin ${origin} may not use this print helper`);
      return;
    }
    if (origin !== undefined) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
    }
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', ALLOW_METHODS);
      res.setHeader('Access-Control-Allow-Headers', ALLOW_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
      if (req.headers['access-control-request-private-network'] === 'true') res.setHeader('Access-Control-Allow-Private-Network', 'true');
      res.writeHead(204).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'POST') {
      refuse(req, res, 405, `${method} is not used here (GET or POST)`, { Allow: 'GET, POST, OPTIONS' });
      return;
    }

    if (url.pathname === '/local/ServerInfo') {
      await drain(req);
      reply(res, 200, { statusCode: CODE.ok, resultInfo: serverInfo(port) });
      return;
    }
    if (url.pathname.startsWith('/preview/')) {
      await drain(req);
      const png = lpapi.previews.get(url.pathname);
      if (!png) {
        refuse(req, res, 404, 'no such preview (it may have expired)');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length, 'Cache-Control': 'private, max-age=60' });
      res.end(png);
      return;
    }
    // The SDK asks for the font list under local/ (its "local" control), others under lpapi/.
    const m = url.pathname === '/local/GetFontNames' ? ([url.pathname, 'GetFontNames'] as const) : /^\/lpapi\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (!m) {
      refuse(req, res, 404, `no such path ${url.pathname} (local/ServerInfo, lpapi/{Action})`);
      return;
    }
    const action = m[1]!;
    if (method === 'GET' && !READ_ONLY_ACTIONS.has(action)) {
      refuse(req, res, 405, `${action} changes the printer's state: send it as POST`, { Allow: 'POST, OPTIONS' });
      return;
    }

    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxBody) {
      refuse(req, res, 413, `request body larger than ${describeBytes(maxBody)}`);
      return;
    }
    const body = await readBody(req, maxBody);
    if (body === null) {
      refuse(req, res, 413, `request body larger than ${describeBytes(maxBody)}`);
      return;
    }
    const contentType = req.headers['content-type'];
    const sources = [url.searchParams];
    if (!BODY_ACTIONS.has(action) && body.length > 0) sources.push(new URLSearchParams(Buffer.from(body).toString('utf8')));
    // A client that gives up (closes the connection) before the reply will send its pages
    // again: the prints it was waiting for stop rather than print twice.
    const gone = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) gone.abort();
    });
    const result = await lpapi.handle({ action, params: Params.from(...sources), body, contentType, signal: gone.signal });
    if (result.statusCode !== CODE.ok) log.info(`${action}: code ${result.statusCode}: ${String(result.resultInfo)}`);
    reply(res, 200, result);
  }

  try {
    port = await listen(server, options.port !== undefined ? [options.port] : (options.ports ?? DEFAULT_PORTS));
  } catch (e) {
    await registry.close();
    throw e;
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    port,
    url,
    registry,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await registry.close();
    },
  };
}

/** ASSETMARK_HELPER_ORIGINS: more allowed origins, comma-separated. */
export function originsFromEnv(env: NodeJS.ProcessEnv): string[] {
  return (env.ASSETMARK_HELPER_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
}

/** Listens on 127.0.0.1 at the first port of `ports` that is free. */
async function listen(server: Server, ports: readonly number[]): Promise<number> {
  for (const port of ports) {
    const result = await new Promise<number | 'busy'>((resolve, reject) => {
      const onError = (e: NodeJS.ErrnoException) => {
        server.off('listening', onListening);
        if (e.code === 'EADDRINUSE') resolve('busy');
        else reject(e);
      };
      const onListening = () => {
        server.off('error', onError);
        resolve((server.address() as { port: number }).port);
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(port, '127.0.0.1');
    });
    if (result !== 'busy') return result;
  }
  throw new HelperPortsBusyError(ports);
}

/** Whether a Host header names this machine's loopback (with any port). */
function hostAllowed(host: string | undefined): boolean {
  if (!host) return false;
  const m = /^([^:]+)(?::(\d+))?$/.exec(host.trim());
  return m !== null && ALLOWED_HOSTS.has(m[1]!.toLowerCase());
}

function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

/**
 * A refusal before anything is done, with the reason as code 1, and the connection closed
 * when a body is still coming (it is not read). Host and Origin refusals come before any
 * CORS header is set, so a foreign page learns nothing; an allowed page can read why
 * (a body too large, a GET where POST is needed).
 */
function refuse(req: IncomingMessage, res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  const unread = !req.readableEnded;
  if (unread) res.setHeader('Connection', 'close');
  reply(res, status, { statusCode: CODE.parameter, resultInfo: message }, headers);
  if (unread) {
    // Read on so the client sees the answer rather than a reset, then let the socket go.
    // Data past a few MiB is not worth reading: the connection is simply closed.
    let seen = 0;
    req.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > 4 * MAX_BODY_BYTES) req.destroy();
    });
    req.on('error', () => {});
  }
}

/** The body, or null as soon as it passes `max` bytes. */
function readBody(req: IncomingMessage, max: number): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > max) {
        over = true;
        chunks.length = 0;
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) {
        const b = Buffer.concat(chunks);
        resolve(new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
      }
    });
    req.on('error', reject);
  });
}

function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (req.readableEnded) return resolve();
    req.on('end', () => resolve());
    req.on('error', () => resolve());
    req.resume();
  });
}

function describeBytes(n: number): string {
  return n % (1024 * 1024) === 0 ? `${n / (1024 * 1024)} MiB` : `${n} bytes`;
}

/** ServerInfo's resultInfo (printing-protocol.md). */
function serverInfo(port: number) {
  const selfIps: string[] = [];
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) selfIps.push(a.address);
  }
  return {
    version: HELPER_VERSION,
    dtpwebVersion: DTPWEB_VERSION,
    lpapiVersion: LPAPI_VERSION,
    httpPort: port,
    // The vendor's helper also answers discovery over UDP; ours does not (0: none).
    udpPort: 0,
    system: { osName: osType(), osVersion: release() },
    hostname: hostname(),
    selfIps,
    runMode: 'assetmark',
    processId: process.pid,
    now: new Date().toISOString(),
  };
}
