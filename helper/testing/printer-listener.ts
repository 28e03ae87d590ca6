/**
 * A fake network label printer for tests and benchmarks: a TCP listener on 127.0.0.1 that
 * reads ZPL or TSPL as a printer would (zpl-reader.ts, tspl-reader.ts), keeps every label it
 * took whole as a bitmap, and answers status queries (`~HS`, `<ESC>!?`) in order, after
 * everything sent before them was read. A label cut off by a dropped connection is lost, as
 * on a printer.
 *
 * Tests steer it without timers:
 * - `dropAfter({ labels: 3 })` takes 3 more labels whole, then resets the connection as
 *   soon as the 4th label's first command has been read (`midLabel`, the default), or
 *   right after the 3rd label without answering its status query (`midLabel: false`: the
 *   printer has the page but the sender never hears so). Once.
 * - `hold()` stops reading (and so answering) until `release()`; `hold({ afterLabels: 2 })`
 *   stops after 2 more labels. Bytes sent meanwhile wait in the socket, as with a busy
 *   printer.
 */
import net from 'node:net';
import type { ReceivedLabel } from './label-canvas.ts';
import { TsplReader } from './tspl-reader.ts';
import { ZplReader, type ReaderEvents } from './zpl-reader.ts';

export type { ReceivedLabel } from './label-canvas.ts';

export interface PrinterListenerOptions {
  language: 'zpl' | 'tspl';
  /** The printer's resolution, dots per inch (TSPL sizes are in mm or inches); 203. */
  dpi?: number;
  /** 0 (default): any free port. */
  port?: number;
}

export interface DropPlan {
  /** Labels to take whole before the drop. */
  labels: number;
  /** true (default): drop while the next label is coming in; false: right after the
   * last label taken, before its status query is answered. */
  midLabel?: boolean;
}

interface Link {
  id: number;
  socket: net.Socket;
  reader: ZplReader | TsplReader;
  /** Data that came while held, read on release. */
  backlog: Buffer[];
  dropped: boolean;
}

export interface PrinterListener {
  readonly language: 'zpl' | 'tspl';
  readonly dpi: number;
  readonly host: string;
  readonly port: number;
  /** The printer's address as `parsePrinterUrl` takes it. */
  readonly url: string;
  /** Every label taken whole, in order, over all connections. */
  readonly labels: ReceivedLabel[];
  /** What a printer would have refused (each also drops its label). */
  readonly errors: string[];
  /** Connections accepted so far. */
  readonly connections: number;
  /** Status queries answered so far. */
  readonly statusAnswers: number;
  /** Connections dropped by dropAfter so far. */
  readonly drops: number;
  readonly held: boolean;
  dropAfter(plan: DropPlan): void;
  hold(options?: { afterLabels?: number }): void;
  release(): void;
  /** Resolves once `count` labels have been taken (at once if they have). */
  waitForLabels(count: number): Promise<void>;
  /** Resolves once `count` connections have been accepted (at once if they have). */
  waitForConnections(count: number): Promise<void>;
  close(): Promise<void>;
}

/** The three ~HS strings (ZPL II guide: String 1 aaa,b,...; String 2 mmm,n,...; String 3
 * xxxx,y): no paper out, no pause, no formats waiting, head down. */
const ZPL_STATUS = Buffer.from(
  '\x02030,0,0,0000,000,0,0,0,000,0,0,0\x03\r\n\x02000,0,0,0,0,2,6,0,00000000,1,000\x03\r\n\x021234,0\x03\r\n',
  'latin1',
);
/** TSPL <ESC>!? answer: ready. */
const TSPL_STATUS = Buffer.from([0]);

export async function startPrinterListener(options: PrinterListenerOptions): Promise<PrinterListener> {
  const { language } = options;
  const dpi = options.dpi ?? 203;
  const host = '127.0.0.1';
  const labels: ReceivedLabel[] = [];
  const errors: string[] = [];
  const links = new Set<Link>();
  const waiters: { count: number; resolve: () => void }[] = [];
  const connectionWaiters: { count: number; resolve: () => void }[] = [];
  const wake = (list: { count: number; resolve: () => void }[], have: number) => {
    for (const w of list.filter((w) => have >= w.count)) {
      list.splice(list.indexOf(w), 1);
      w.resolve();
    }
  };
  let connections = 0;
  let statusAnswers = 0;
  let drops = 0;
  let held = false;
  let holdAt: number | null = null;
  let drop: { at: number; midLabel: boolean } | null = null;

  const dropLink = (link: Link) => {
    link.dropped = true;
    link.reader.halt();
    drop = null;
    drops++;
    link.socket.resetAndDestroy();
  };

  const server = net.createServer((socket) => {
    const id = ++connections;
    socket.setNoDelay(true);
    const events: ReaderEvents = {
      labelStart() {
        if (drop && drop.midLabel && labels.length >= drop.at) dropLink(link);
      },
      label(label) {
        labels.push(label);
        wake(waiters, labels.length);
        if (drop && !drop.midLabel && labels.length >= drop.at) dropLink(link);
        else if (holdAt !== null && labels.length >= holdAt) {
          holdAt = null;
          startHold();
        }
      },
      status() {
        if (link.dropped) return;
        statusAnswers++;
        socket.write(language === 'zpl' ? ZPL_STATUS : TSPL_STATUS);
      },
      error(message) {
        errors.push(`connection ${id}: ${message}`);
      },
    };
    const reader = language === 'zpl' ? new ZplReader(events, id) : new TsplReader(events, id, dpi);
    const link: Link = { id, socket, reader, backlog: [], dropped: false };
    links.add(link);
    if (held) socket.pause();
    wake(connectionWaiters, connections);
    socket.on('data', (chunk: Buffer) => {
      if (link.dropped) return;
      if (held) {
        link.backlog.push(chunk);
        socket.pause();
        return;
      }
      reader.push(chunk);
    });
    socket.on('error', () => {}); // the sender went away: its unfinished label is lost
    socket.on('close', () => links.delete(link));
  });

  const startHold = () => {
    held = true;
    for (const link of links) {
      link.reader.halt();
      link.socket.pause();
    }
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;

  return {
    language,
    dpi,
    host,
    port,
    url: `${language}://${host}:${port}?dpi=${dpi}`,
    labels,
    errors,
    get connections() {
      return connections;
    },
    get statusAnswers() {
      return statusAnswers;
    },
    get drops() {
      return drops;
    },
    get held() {
      return held;
    },
    dropAfter(plan) {
      drop = { at: labels.length + plan.labels, midLabel: plan.midLabel ?? true };
    },
    hold(opts) {
      if (opts?.afterLabels) holdAt = labels.length + opts.afterLabels;
      else startHold();
    },
    release() {
      held = false;
      holdAt = null;
      for (const link of links) {
        if (link.dropped) continue;
        link.reader.resume();
        while (link.backlog.length && !held && !link.dropped) link.reader.push(link.backlog.shift()!);
        if (!held) link.socket.resume();
      }
    },
    waitForLabels(count) {
      if (labels.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    waitForConnections(count) {
      if (connections >= count) return Promise.resolve();
      return new Promise((resolve) => connectionWaiters.push({ count, resolve }));
    },
    async close() {
      for (const link of links) link.socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
