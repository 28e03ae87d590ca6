/**
 * Network label printers over raw TCP (port 9100) in ZPL or TSPL.
 *
 * A page is sent as one label format (helper/languages/) followed by the language's status
 * query (ZPL `~HS`, TSPL `<ESC>!?`), and nothing else in between. TCP delivers in order and
 * the printer reads its input in order, so its answer to the query means it has read the
 * whole page before it: that is when print() resolves, "confirmed". Received, not yet
 * printed: a printer keeps received labels and prints them in order (ZPL works through the
 * formats before `~HS` first; TSPL answers `<ESC>!?` as soon as it reads it, so there the
 * page may still wait in the printer's buffer). Only bytes that arrive after the query was
 * handed to the socket count as its answer. A ZPL printer does not answer ~HS while out of
 * paper or ribbon or with the head open; that shows here as a reply timeout, code 91. A
 * TSPL status byte with error bits still confirms the page: the printer holds it.
 *
 * The connection is made on the first page, kept for the next ones, closed after
 * `idleCloseMs` without use (a ZPL printer serves one connection at a time; holding it
 * would lock out other hosts), and made again on the next page after any failure.
 *
 * Failures (helper/printer.ts codes): connection refused or host unreachable 90; no
 * connection or no progress (no write accepted, no reply) within the time-out 91; the
 * connection reset or closed while a page was under way 92; aborted (signal, or close()
 * during a page) 93; anything else 95. A page not confirmed counts as not printed and the
 * caller sends it again (printAll in print-all.ts does): a printer discards a label whose
 * format was cut off. After such a cut, the next connection starts with ZPL `~JX` (cancel a
 * partially received format) in case the printer kept the unfinished one open.
 *
 * The one ambiguity: the connection is lost (or the reply times out) after the printer has
 * read the whole page but before its status reply reaches us. The page may then be printed
 * and is still reported as failed, so sending it again can print that one label twice.
 * We choose that over the opposite (calling it printed when it may not be: a label lost
 * without a trace); a printer gives no way to ask which formats it has taken. Everything
 * else is exact: a page either is confirmed, or was cut off and is discarded by the printer.
 */
import net from 'node:net';
import { encodeTspl, TSPL_STATUS_QUERY } from '../languages/tspl.ts';
import { encodeZpl, ZPL_CANCEL_PARTIAL, ZPL_STATUS_QUERY, zplStatusReplyLength } from '../languages/zpl.ts';
import {
  PrinterError,
  type Bitmap,
  type Printer,
  type PrinterDescription,
  type PrinterErrorCode,
  type PrintOptions,
  type PrintSettings,
} from '../printer.ts';

export type NetworkLanguage = 'zpl' | 'tspl';

export interface NetworkPrinterOptions {
  /** Unique among the helper's printers. */
  name: string;
  language: NetworkLanguage;
  /** Host name or IP address (IPv6 without brackets). */
  host: string;
  /** TCP port; 9100 (raw printing). */
  port?: number;
  /** The printer's resolution, dots per inch: 203 (default) or 300. */
  dpi?: number;
  /** Printable width, mm (listed only; 0 when unknown). */
  widthMm?: number;
  /** Time allowed for the TCP connection, ms; 5000. */
  connectTimeoutMs?: number;
  /** Time allowed without progress while sending a page and waiting for its status reply, ms:
   * each accepted write starts it again; 10000. */
  replyTimeoutMs?: number;
  /** An unused connection is closed after this long, ms; 15000. */
  idleCloseMs?: number;
}

/** The abort reason close() gives. */
const CLOSED = 'closed';

/** Bytes handed to the socket at a time, so the reply time-out measures progress. */
const WRITE_CHUNK = 64 * 1024;

/** A network printer (helper/printer.ts Printer). */
export function createNetworkPrinter(options: NetworkPrinterOptions): Printer {
  return new NetworkPrinter(options);
}

/** One TCP connection and the bytes it has received and not yet read. */
class Link {
  input: Buffer = Buffer.alloc(0);
  closed = false;
  /** Set by close() before it destroys the socket: a page under way was aborted. */
  closedByUs = false;
  constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.input = this.input.length ? Buffer.concat([this.input, chunk]) : chunk;
    });
    socket.on('error', () => {}); // reported by the exchange under way, if any
    socket.on('close', () => {
      this.closed = true;
    });
  }

  destroy(): void {
    this.closed = true;
    this.socket.destroy();
  }
}

class NetworkPrinter implements Printer {
  readonly description: PrinterDescription;
  private readonly language: NetworkLanguage;
  private readonly host: string;
  private readonly port: number;
  private readonly dpi: number;
  private readonly connectTimeoutMs: number;
  private readonly replyTimeoutMs: number;
  private readonly idleCloseMs: number;
  private link: Link | null = null;
  /** A page was cut off on the last connection; the next one cancels a partial format. */
  private cutOff = false;
  private idleTimer: NodeJS.Timeout | null = null;
  /** Aborts the exchange under way (close()). */
  private stop: AbortController | null = null;
  /** Every exchange with the printer runs after the one before (print and isOnline). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(o: NetworkPrinterOptions) {
    this.language = o.language;
    this.host = o.host;
    this.port = o.port ?? 9100;
    this.dpi = o.dpi ?? 203;
    this.connectTimeoutMs = o.connectTimeoutMs ?? 5000;
    this.replyTimeoutMs = o.replyTimeoutMs ?? 10000;
    this.idleCloseMs = o.idleCloseMs ?? 15000;
    this.description = { name: o.name, kind: o.language, dpi: this.dpi, widthMm: o.widthMm ?? 0, ip: o.host, port: this.port, rawLanguage: o.language };
  }

  print(page: Bitmap, settings: PrintSettings, options?: PrintOptions): Promise<void> {
    let bytes: Uint8Array;
    try {
      if (settings.dpi !== this.dpi) {
        throw new PrinterError(1, `printer ${this.description.name} prints at ${this.dpi} dpi; the page was made for ${settings.dpi} dpi`);
      }
      bytes = this.language === 'zpl' ? encodeZpl(page, settings) : encodeTspl(page, settings);
    } catch (e) {
      return Promise.reject(e);
    }
    return this.serially(async (stop) => {
      const signal = options?.signal ? AbortSignal.any([options.signal, stop]) : stop;
      if (signal.aborted) throw this.failure(93, 'the page was cancelled before it was sent');
      const link = await this.connect(signal);
      const chunks: Uint8Array[] = [];
      if (this.cutOff && this.language === 'zpl') chunks.push(Buffer.from(ZPL_CANCEL_PARTIAL, 'latin1'));
      for (let at = 0; at < bytes.length; at += WRITE_CHUNK) chunks.push(bytes.subarray(at, at + WRITE_CHUNK));
      chunks.push(Buffer.from(this.statusQuery(), 'latin1'));
      try {
        await this.exchange(link, chunks, signal);
        this.cutOff = false;
      } catch (e) {
        this.cutOff = true;
        throw e;
      }
    });
  }

  isOnline(): Promise<boolean> {
    return this.serially(async (stop) => {
      try {
        const link = await this.connect(stop);
        await this.exchange(link, [Buffer.from(this.statusQuery(), 'latin1')], stop);
        return true;
      } catch {
        // A reply may still come late; it must not pass for the next page's.
        this.link?.destroy();
        this.link = null;
        return false;
      }
    });
  }

  async close(): Promise<void> {
    this.clearIdle();
    this.stop?.abort(CLOSED);
    if (this.link) {
      this.link.closedByUs = true;
      this.link.destroy();
      this.link = null;
    }
  }

  private statusQuery(): string {
    return this.language === 'zpl' ? ZPL_STATUS_QUERY : TSPL_STATUS_QUERY;
  }

  /** Runs `op` after every exchange queued before it, with a signal close() aborts; drops
   * the connection when it fails (the printer's state is unknown) and closes it after
   * idleCloseMs without use. */
  private serially<T>(op: (stop: AbortSignal) => Promise<T>): Promise<T> {
    const run = async () => {
      this.clearIdle();
      const stop = new AbortController();
      this.stop = stop;
      try {
        return await op(stop.signal);
      } catch (e) {
        this.link?.destroy();
        this.link = null;
        throw e;
      } finally {
        if (this.stop === stop) this.stop = null;
        this.armIdle();
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private armIdle(): void {
    if (!this.link) return;
    this.idleTimer = setTimeout(() => {
      this.link?.destroy();
      this.link = null;
    }, this.idleCloseMs);
    this.idleTimer.unref();
  }

  private where(): string {
    return `printer ${this.description.name} (${this.language} at ${this.host}:${this.port})`;
  }

  private failure(code: PrinterErrorCode, why: string): PrinterError {
    return new PrinterError(code, `${this.where()}: ${why}`);
  }

  /** The kept connection, or a new one. */
  private connect(signal: AbortSignal | undefined): Promise<Link> {
    if (this.link && !this.link.closed) return Promise.resolve(this.link);
    this.link = null;
    return new Promise<Link>((resolve, reject) => {
      const socket = net.connect({ host: this.host, port: this.port });
      let settled = false;
      const settle = (error: PrinterError | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        socket.removeListener('error', onError);
        if (error) {
          socket.destroy();
          reject(error);
          return;
        }
        socket.setNoDelay(true);
        socket.setKeepAlive(true, 10_000);
        this.link = new Link(socket);
        resolve(this.link);
      };
      const onError = (e: NodeJS.ErrnoException) => settle(this.connectError(e));
      const onAbort = () => settle(this.failure(93, this.closing(signal) ?? 'cancelled while connecting'));
      const timer = setTimeout(() => settle(this.failure(91, `no connection within ${this.connectTimeoutMs} ms`)), this.connectTimeoutMs);
      socket.once('connect', () => settle(null));
      socket.once('error', onError);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) onAbort();
    });
  }

  private connectError(e: NodeJS.ErrnoException): PrinterError {
    switch (e.code) {
      case 'ECONNREFUSED':
        return this.failure(90, 'connection refused (is the printer on, and is this its raw printing port?)');
      case 'EHOSTUNREACH':
      case 'ENETUNREACH':
      case 'EHOSTDOWN':
      case 'ENETDOWN':
      case 'EADDRNOTAVAIL':
      case 'ECONNRESET':
        return this.failure(90, `cannot reach the printer (${e.code})`);
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return this.failure(90, `host name ${this.host} not found (${e.code})`);
      case 'ETIMEDOUT':
        return this.failure(91, 'no connection (timed out)');
      default:
        return this.failure(95, `cannot connect: ${e.message}`);
    }
  }

  /**
   * Writes `chunks` in order, then waits for the status reply to the query they end with.
   * Rejects 91 when a write is not accepted or the reply does not come within
   * replyTimeoutMs of the last progress, 92 when the connection ends, 93 on abort.
   */
  private exchange(link: Link, chunks: Uint8Array[], signal: AbortSignal | undefined): Promise<void> {
    link.input = Buffer.alloc(0);
    const socket = link.socket;
    return new Promise<void>((resolve, reject) => {
      let done = false;
      let timer: NodeJS.Timeout | undefined;
      const finish = (error: PrinterError | null) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        socket.removeListener('data', onData);
        socket.removeListener('error', onError);
        socket.removeListener('close', onClose);
        signal?.removeEventListener('abort', onAbort);
        if (error) reject(error);
        else resolve();
      };
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => finish(this.failure(91, `no answer within ${this.replyTimeoutMs} ms (printer busy, or out of paper or ribbon, or its head open?)`)), this.replyTimeoutMs);
      };
      /** The status query has been handed to the socket: what arrives now is its answer. */
      let asked = false;
      const onData = () => {
        if (!asked) {
          link.input = Buffer.alloc(0);
          return;
        }
        const used = this.replyLength(link.input);
        if (used === 0) return;
        link.input = link.input.subarray(used);
        finish(null);
      };
      const onError = (e: NodeJS.ErrnoException) => finish(this.lostError(link, e));
      const onClose = () => finish(this.lostError(link, null));
      const onAbort = () => finish(this.failure(93, this.closing(signal) ?? 'the page was cancelled while it was being sent'));
      // Added after Link's own listeners, so link.input already holds the chunk.
      socket.on('data', onData);
      socket.on('error', onError);
      socket.on('close', onClose);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) return onAbort();
      if (link.closed) return finish(this.lostError(link, null));
      arm();
      const write = (i: number) => {
        if (done || i === chunks.length) return;
        if (i === chunks.length - 1) {
          link.input = Buffer.alloc(0);
          asked = true;
        }
        socket.write(chunks[i]!, (e) => {
          if (e) return onError(e);
          arm();
          write(i + 1);
        });
      };
      write(0);
    });
  }

  /** Why `signal` was aborted when close() did it. */
  private closing(signal: AbortSignal | undefined): string | null {
    return signal?.reason === CLOSED ? 'the printer was closed while a page was under way' : null;
  }

  private lostError(link: Link, e: NodeJS.ErrnoException | null): PrinterError {
    if (link.closedByUs) return this.failure(93, 'the printer was closed while a page was under way');
    switch (e?.code) {
      case undefined:
      case 'ECONNRESET':
      case 'EPIPE':
      case 'ECONNABORTED':
      case 'ERR_STREAM_DESTROYED':
      case 'ERR_STREAM_WRITE_AFTER_END':
      case 'EHOSTUNREACH':
      case 'ENETUNREACH':
        return this.failure(92, `the connection was ${e ? `lost (${e.code})` : 'closed'} before the printer confirmed the page; it is not printed`);
      case 'ETIMEDOUT':
        return this.failure(91, 'the connection timed out before the printer confirmed the page');
      default:
        return this.failure(95, `connection error before the printer confirmed the page: ${e?.message}`);
    }
  }

  /** The bytes a complete status reply at the start of `input` takes, or 0 while there is
   * none yet: ZPL three <STX>..<ETX><CR><LF> strings, TSPL one byte. */
  private replyLength(input: Buffer): number {
    if (this.language === 'tspl') return input.length ? 1 : 0;
    return zplStatusReplyLength(input);
  }
}

/** A printer URL that cannot be used; the message says why. */
export class PrinterUrlError extends Error {
  override readonly name = 'PrinterUrlError';
}

/**
 * The options of a network printer URL: `zpl://HOST[:PORT][?dpi=203|300][&name=NAME][&width=MM]`
 * or `tspl://...`. PORT defaults to 9100, dpi to 203, the name to "ZPL HOST:PORT". Throws
 * PrinterUrlError, with a message naming the fault, for anything else.
 */
export function parsePrinterUrl(text: string): NetworkPrinterOptions & { port: number; dpi: number } {
  const bad = (why: string) => new PrinterUrlError(`printer URL '${text}': ${why}`);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text.trim())?.[1]?.toLowerCase();
  if (scheme !== 'zpl' && scheme !== 'tspl') throw bad('must start with zpl:// or tspl://');
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw bad('not a URL of the form zpl://HOST:PORT?dpi=203');
  }
  if (!text.trim().slice(scheme.length + 1).startsWith('//')) throw bad(`expected ${scheme}://HOST`);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) throw bad('no printer host');
  if (url.username || url.password) throw bad('a printer URL has no user or password');
  if (url.pathname !== '' && url.pathname !== '/') throw bad(`unexpected path '${url.pathname}'`);
  if (url.hash) throw bad(`unexpected '${url.hash}'`);
  const port = url.port === '' ? 9100 : Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw bad(`port ${url.port} is not from 1 to 65535`);
  let dpi = 203;
  let name = `${scheme.toUpperCase()} ${host.includes(':') ? `[${host}]` : host}:${port}`;
  let widthMm: number | undefined;
  for (const [key, value] of url.searchParams) {
    if (key === 'dpi') {
      if (value !== '203' && value !== '300') throw bad(`dpi must be 203 or 300, got '${value}'`);
      dpi = Number(value);
    } else if (key === 'name') {
      if (!value.trim()) throw bad('name is empty');
      name = value.trim();
    } else if (key === 'width') {
      const w = Number(value);
      if (!(value.trim() !== '' && Number.isFinite(w) && w > 0 && w <= 1000)) throw bad(`width must be the printable width in mm (above 0, at most 1000), got '${value}'`);
      widthMm = w;
    } else {
      throw bad(`unknown parameter '${key}' (known: dpi, name, width)`);
    }
  }
  const options: NetworkPrinterOptions & { port: number; dpi: number } = { name, language: scheme, host, port, dpi };
  if (widthMm !== undefined) options.widthMm = widthMm;
  return options;
}
