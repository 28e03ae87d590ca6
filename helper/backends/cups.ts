/**
 * CUPS queues as printers, through the command-line tools of Debian's `cups-client`:
 * `lpstat -e` lists the queues, `lpstat -v` their devices, `lpstat -p Q` says whether one
 * is enabled, and `lp -d Q` prints. `CUPS_SERVER` in the environment (or `env` below) picks
 * the server, as for every CUPS tool.
 *
 * What goes to the queue (our decision):
 * - With a printer language (`cups:Q?lang=zpl` or `lang=tspl`, for a raw queue that passes
 *   bytes straight to a label printer, e.g. `lpadmin -p Q -v socket://10.0.0.5:9100 -m raw`):
 *   the page in that language (helper/languages/), sent with `lp -o raw`, copies inside the
 *   language (ZPL ^PQ, TSPL PRINT 1,n).
 * - Otherwise (a queue with a driver): the page as a 1-bit PNG at the queue's dpi, with
 *   `-o ppi=DPI` so it prints at its real size (not fitted to the paper), the label size as
 *   custom media and `-n copies`; the queue's filters turn it into the printer's language.
 *   Without a language, a raw queue would get PNG bytes its printer cannot read, so a raw
 *   queue found by discovery refuses to print (code 4) and says how to set its language.
 *
 * print() resolves once `lp` accepted the job (printed "request id is Q-N"), which is the
 * confirmation CUPS gives; CUPS keeps the job and retries a busy printer by itself.
 */
import { execFile, spawn } from 'node:child_process';
import { pageToPng } from '../../src/engine/png.ts';
import { encodeTspl } from '../languages/tspl.ts';
import { encodeZpl } from '../languages/zpl.ts';
import { PrinterError, type Bitmap, type Printer, type PrinterDescription, type PrintOptions, type PrintSettings } from '../printer.ts';

export type CupsLanguage = 'zpl' | 'tspl';

export interface CupsQueue {
  /** Queue name, as `lp -d` takes it. */
  queue: string;
  /** Device URI (`socket://host:9100`, `usb://...`); '' when lpstat did not say. */
  deviceUri: string;
  /** A raw queue (no driver: bytes go to the device as they are). */
  raw: boolean;
}

export interface CupsPrinterOptions {
  queue: string;
  /** Printer name the helper lists (default `CUPS <queue>`). */
  name?: string;
  /** Resolution of the printer behind the queue, dpi (default 203). */
  dpi?: number;
  /** Printer language for a raw queue. */
  lang?: CupsLanguage;
  /** A raw queue without a language (found by discovery): printing refuses with code 4. */
  raw?: boolean;
  deviceUri?: string;
  /** Environment for lp and lpstat (CUPS_SERVER); default this process's. */
  env?: NodeJS.ProcessEnv;
}

/** How long lp and lpstat may take, ms: a local CUPS answers in milliseconds. */
const COMMAND_TIMEOUT_MS = 15_000;

/**
 * The queues CUPS has, or null when there is no CUPS here (no lpstat, or no server
 * answering): the helper then lists no CUPS printers.
 */
export async function listCupsQueues(env: NodeJS.ProcessEnv = process.env): Promise<CupsQueue[] | null> {
  const names = await run('lpstat', ['-e'], env);
  if (!names.ok) return null;
  const queues = names.stdout.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  if (queues.length === 0) return [];
  const devices = new Map<string, string>();
  const v = await run('lpstat', ['-v'], env);
  if (v.ok) {
    // "device for Q: socket://127.0.0.1:9100" (English; other locales word it otherwise,
    // so the queue names come from -e and only the URI is taken from here).
    for (const line of v.stdout.split('\n')) {
      const m = /^\S+ \S+ ([^:\s]+): (\S+)$/.exec(line.trim());
      if (m) devices.set(m[1]!, m[2]!);
    }
  }
  const result: CupsQueue[] = [];
  for (const queue of queues) {
    result.push({ queue, deviceUri: devices.get(queue) ?? '', raw: await isRawQueue(queue, env) });
  }
  return result;
}

/** A queue without a driver: CUPS reports its make and model as "Local Raw Printer". */
async function isRawQueue(queue: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const r = await run('lpoptions', ['-p', queue], env);
  return r.ok && /printer-make-and-model='?Local Raw Printer/i.test(r.stdout);
}

export function createCupsPrinter(options: CupsPrinterOptions): Printer {
  const env = options.env ?? process.env;
  const dpi = options.dpi ?? 203;
  const description: PrinterDescription = {
    name: options.name ?? `CUPS ${options.queue}`,
    kind: 'cups',
    dpi,
    widthMm: 0,
    ip: '',
    port: 0,
    rawLanguage: options.lang,
  };

  return {
    description,
    async print(page: Bitmap, settings: PrintSettings, call?: PrintOptions): Promise<void> {
      // lp takes a job in one step: an abort can only stop a page before it is handed over.
      if (call?.signal?.aborted) throw new PrinterError(93, 'the page was cancelled before it went to CUPS');
      const args = ['-d', options.queue, '-t', settings.jobName || 'label'];
      let bytes: Uint8Array;
      if (options.lang) {
        const encode = options.lang === 'zpl' ? encodeZpl : encodeTspl;
        bytes = encode(page, settings);
        args.push('-o', 'raw', '-n', '1');
      } else if (options.raw) {
        throw new PrinterError(
          4,
          `CUPS queue ${options.queue} is a raw queue: say its printer language in the helper's printers (cups:${options.queue}?lang=zpl&dpi=203 or lang=tspl)`,
        );
      } else {
        bytes = pageToPng(page, settings.dpi);
        // The label as custom media in points (1/72 inch), rounded up and one more: CUPS's
        // imagetoraster spreads an image over several pages when the page is a fraction of
        // a point smaller than the image at its ppi, and cupsd's media -> PageSize round
        // trip drops up to a point (checked with CUPS 2.4 and its sample Zebra ZPL driver).
        // The image sits at the top left; the page may be a dot or two larger, left white.
        const pt = (dots: number) => Math.ceil((dots * 72) / settings.dpi) + 1;
        args.push('-o', `ppi=${settings.dpi}`, '-o', 'position=top-left', '-o', `media=Custom.${pt(page.width)}x${pt(page.height)}`, '-n', String(settings.copies));
      }
      args.push('-');
      const r = await run('lp', args, env, bytes);
      if (r.ok) return;
      if (r.missing) throw new PrinterError(3, 'lp is not installed (Debian: apt-get install cups-client)');
      const reason = firstLine(r.stderr) || r.error || 'lp failed';
      if (/does not exist|not exist|unknown/i.test(reason)) throw new PrinterError(3, `CUPS has no queue ${options.queue}: ${reason}`);
      throw new PrinterError(2, `CUPS did not take the job for ${options.queue}: ${reason}`);
    },
    async isOnline(): Promise<boolean> {
      const r = await run('lpstat', ['-p', options.queue], env);
      return r.ok && !/disabled/i.test(r.stdout);
    },
    async close() {},
  };
}

interface RunResult {
  ok: boolean;
  stdout: string;
  stderr: string;
  /** The program is not installed. */
  missing?: boolean;
  error?: string;
}

/** Runs a CUPS tool with `input` on stdin; never throws. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, input?: Uint8Array): Promise<RunResult> {
  return new Promise((resolve) => {
    if (input === undefined) {
      execFile(command, args, { env, timeout: COMMAND_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 }, (err, stdout, stderr) => {
        const e = err as (NodeJS.ErrnoException & { killed?: boolean }) | null;
        resolve({ ok: !e, stdout: String(stdout), stderr: String(stderr), missing: e?.code === 'ENOENT', error: e ? describe(e) : undefined });
      });
      return;
    }
    const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let settled = false;
    const finish = (r: RunResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish({ ok: false, stdout, stderr, error: `${command} took longer than ${COMMAND_TIMEOUT_MS} ms` });
    }, COMMAND_TIMEOUT_MS);
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (e: NodeJS.ErrnoException) => finish({ ok: false, stdout, stderr, missing: e.code === 'ENOENT', error: describe(e) }));
    child.on('close', (code) => finish({ ok: code === 0, stdout, stderr, error: code === 0 ? undefined : `${command} exited with status ${code}` }));
    // lp may exit before reading everything (an unknown queue): a broken pipe is its answer.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

function describe(e: NodeJS.ErrnoException): string {
  return e.code === 'ENOENT' ? `${e.path ?? 'the command'} is not installed` : firstLine(e.message);
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0]?.trim() ?? '';
}
