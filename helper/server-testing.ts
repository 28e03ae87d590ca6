/**
 * What the helper's tests share: real HTTP calls to a running helper (fetch, or node:http
 * where a test must set the Host header), temp folders, seeded random pages, a PBM reader
 * written from the Netpbm format (not from our writer), the virtual printer's output, and a
 * printer that records what it gets and can hold a page at a gate until the test lets go.
 * Not used outside tests.
 */
import { request } from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '../src/engine/testing.ts';
import { PrinterError, type Bitmap, type Printer, type PrinterErrorCode, type PrintSettings } from './printer.ts';
import { encode as encodePng } from 'fast-png';

export async function tempDir(prefix: string): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), `assetmark-${prefix}-`));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

export interface Reply {
  status: number;
  headers: Headers;
  /** The JSON body ({statusCode, resultInfo}), or the text when it is not JSON. */
  body: { statusCode: number; resultInfo: any };
  text: string;
}

/** POST (or `init.method`) to `path` under `baseUrl`, the reply read whole. */
export async function call(baseUrl: string, path: string, init: RequestInit = {}): Promise<Reply> {
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', ...init });
  const text = await res.text();
  let body: Reply['body'];
  try {
    body = JSON.parse(text);
  } catch {
    body = { statusCode: -1, resultInfo: text };
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** An LPAPI form call as the web SDK sends it: parameters in the query and the body. */
export function action(baseUrl: string, name: string, params: Record<string, string | number> = {}, headers: Record<string, string> = {}): Promise<Reply> {
  const encoded = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return call(baseUrl, `/lpapi/${name}?${encoded}`, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8', ...headers },
    body: encoded,
  });
}

/** A request through node:http, which (unlike fetch) lets a test set any Host header. */
export function rawRequest(
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; body?: Uint8Array | string; setHost?: boolean },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: options.method, path: options.path, headers: options.headers, setHost: options.setHost ?? true }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A page of seeded random dots, rows padded to `stride` bytes with random padding bits. */
export function randomBitmap(width: number, height: number, seed: number, stride = Math.ceil(width / 8)): Bitmap {
  const next = seededRandom(seed);
  const data = new Uint8Array(stride * height);
  for (let i = 0; i < data.length; i++) data[i] = next(256);
  return { width, height, stride, data };
}

/** Dot (x, y) of a page. */
export function dot(b: Bitmap, x: number, y: number): number {
  return (b.data[y * b.stride + (x >> 3)]! >> (7 - (x & 7))) & 1;
}

/** The dots of a page as one string of 0/1 rows (padding ignored), for exact comparison. */
export function dotsOf(b: Bitmap): string {
  const rows: string[] = [];
  for (let y = 0; y < b.height; y++) {
    let row = '';
    for (let x = 0; x < b.width; x++) row += dot(b, x, y);
    rows.push(row);
  }
  return `${b.width}x${b.height}\n${rows.join('\n')}`;
}

/**
 * A binary PBM (P4) read from the format's definition: "P4", whitespace, width, whitespace,
 * height, one whitespace character, then rows of ceil(width / 8) bytes, 1 = black, most
 * significant bit first. Comments (#...) may follow any header field.
 */
export function readPbm(bytes: Uint8Array): Bitmap {
  let at = 0;
  const token = (): string => {
    for (;;) {
      while (at < bytes.length && /\s/.test(String.fromCharCode(bytes[at]!))) at++;
      if (bytes[at] === 0x23) while (at < bytes.length && bytes[at] !== 0x0a) at++;
      else break;
    }
    let t = '';
    while (at < bytes.length && !/\s/.test(String.fromCharCode(bytes[at]!))) t += String.fromCharCode(bytes[at++]!);
    return t;
  };
  if (token() !== 'P4') throw new Error('not a binary PBM');
  const width = Number(token());
  const height = Number(token());
  at++; // the single whitespace before the raster
  const stride = Math.ceil(width / 8);
  const data = bytes.slice(at, at + stride * height);
  if (data.length !== stride * height) throw new Error('PBM raster cut short');
  return { width, height, stride, data };
}

/** Files (names sorted) under the virtual printer's folder for one printer and job. */
export async function printedFiles(dataDir: string, printerFolder: string, job: string): Promise<string[]> {
  try {
    return (await readdir(join(dataDir, 'virtual-printer', printerFolder, job))).sort();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

/** Every file under <dataDir>/virtual-printer (paths relative to it), or [] when none. */
export async function allPrinted(dataDir: string): Promise<string[]> {
  const root = join(dataDir, 'virtual-printer');
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath ?? (e as { path?: string }).path ?? '', e.name).slice(root.length + 1))
      .sort();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

export async function readPrintedPbm(dataDir: string, printerFolder: string, job: string, file: string): Promise<Bitmap> {
  return readPbm(new Uint8Array(await readFile(join(dataDir, 'virtual-printer', printerFolder, job, file))));
}

/** A deferred promise: the test resolves it when it wants the printer to go on. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

export interface RecordingPrinter extends Printer {
  /** Every page printed, in order, with its settings. */
  readonly printed: { page: Bitmap; settings: PrintSettings }[];
  /** Events in order: "start N", "end N" (N counts print calls from 1). */
  readonly events: string[];
  /** Holds the next print call until the returned gate opens; `started` resolves when it begins. */
  holdNext(): { started: Promise<void>; release(): void };
  /** The next print call fails with this code. */
  failNext(code: PrinterErrorCode | 'crash', message: string): void;
  /** Resolves when the signal of a print call under way is next aborted (event "abort N"). */
  nextAbort(): Promise<void>;
}

/** A printer that keeps what it is given (a real Printer; nothing of the helper is mocked). */
export function recordingPrinter(name: string, dpi = 203): RecordingPrinter {
  const printed: { page: Bitmap; settings: PrintSettings }[] = [];
  const events: string[] = [];
  const holds: { started: ReturnType<typeof gate>; release: ReturnType<typeof gate> }[] = [];
  const failures: { code: PrinterErrorCode | 'crash'; message: string }[] = [];
  let calls = 0;
  let abortSeen = gate();
  return {
    description: { name, kind: 'virtual', dpi, widthMm: 0, ip: '', port: 0 },
    printed,
    events,
    holdNext() {
      const h = { started: gate(), release: gate() };
      holds.push(h);
      return { started: h.started.promise, release: () => h.release.open() };
    },
    failNext(code, message) {
      failures.push({ code, message });
    },
    nextAbort() {
      return abortSeen.promise;
    },
    async print(page, settings, options) {
      const n = ++calls;
      events.push(`start ${n}`);
      options?.signal?.addEventListener('abort', () => {
        events.push(`abort ${n}`);
        const seen = abortSeen;
        abortSeen = gate();
        seen.open();
      });
      const hold = holds.shift();
      if (hold) {
        hold.started.open();
        await hold.release.promise;
      }
      const failure = failures.shift();
      if (failure) {
        events.push(`fail ${n}`);
        if (failure.code === 'crash') throw new Error(failure.message);
        throw new PrinterError(failure.code, failure.message);
      }
      printed.push({ page, settings });
      events.push(`end ${n}`);
    },
    async isOnline() {
      return true;
    },
    async close() {},
  };
}

/** An 8-bit RGBA PNG of a page: black dots (0,0,0), white (255,255,255), opaque. */
export function pngOf(b: Bitmap): Uint8Array {
  const data = new Uint8Array(b.width * b.height * 4);
  for (let y = 0; y < b.height; y++) {
    for (let x = 0; x < b.width; x++) {
      const v = dot(b, x, y) ? 0 : 255;
      data.set([v, v, v, 255], (y * b.width + x) * 4);
    }
  }
  return encodePng({ width: b.width, height: b.height, data, depth: 8, channels: 4 });
}
