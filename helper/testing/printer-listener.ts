/**
 * A fake network label printer for tests and benchmarks: a TCP listener on 127.0.0.1 that
 * reads ZPL or TSPL as a printer would (zpl-reader.ts, tspl-reader.ts), keeps every label it
 * took whole as a bitmap, and answers status queries (`~HS`, `<ESC>!?`) in order, after
 * everything sent before them was read. A label cut off by a dropped connection is lost, as
 * on a printer.
 *
 * Tests steer it by positions in the byte stream, never by time:
 * - `dropAfter({ labels: 3 })` takes 3 more labels whole, then resets the connection while
 *   the 4th comes in: once its first `bytesIntoLabel` bytes (counted from its first
 *   command; default 0, i.e. as soon as its first command is read) have arrived, or before
 *   it is complete if it is shorter. `midLabel: false` resets right after the 3rd label
 *   instead, without answering its status query: the printer has the page but the sender
 *   never hears so. Each dropAfter drops once.
 * - `hold()` stops reading (and so answering) until `release()`; `hold({ afterLabels: 2 })`
 *   stops after 2 more labels. Bytes sent meanwhile wait in the socket, as with a busy
 *   printer.
 * For long benchmark runs, `keep: false` counts labels (and passes them to `onLabel`)
 * without keeping them.
 */
import net from 'node:net';
import type { ReceivedLabel } from '../languages/read/label-canvas.ts';
import { TsplReader } from '../languages/read/tspl-reader.ts';
import { ZplReader, type ReaderEvents } from '../languages/read/zpl-reader.ts';

export type { ReceivedLabel } from '../languages/read/label-canvas.ts';

export interface PrinterListenerOptions {
  language: 'zpl' | 'tspl';
  /** The printer's resolution, dots per inch (TSPL sizes are in mm or inches); 203. */
  dpi?: number;
  /** 0 (default): any free port. */
  port?: number;
  /** Keep every label in `labels` (default true); false only counts them. */
  keep?: boolean;
  /** Called with each label taken whole. */
  onLabel?: (label: ReceivedLabel) => void;
}

export interface DropPlan {
  /** Labels to take whole before the drop. */
  labels: number;
  /** true (default): drop while the next label is coming in; false: right after the
   * last label taken, before its status query is answered. */
  midLabel?: boolean;
  /** With midLabel: how many bytes of the next label arrive before the drop; 0. */
  bytesIntoLabel?: number;
}

interface Link {
  id: number;
  socket: net.Socket;
  reader: ZplReader | TsplReader;
  /** Data that came while held, read on release. */
  backlog: Buffer[];
  /** Bytes given to the reader so far. */
  fed: number;
  /** Stream offset at which this connection is to be dropped (a label is coming in). */
  dropAt: number | null;
  dropped: boolean;
}

export interface PrinterListener {
  readonly language: 'zpl' | 'tspl';
  readonly dpi: number;
  readonly host: string;
  readonly port: number;
  /** The printer's address as `parsePrinterUrl` takes it. */
  readonly url: string;
  /** Every label taken whole, in order, over all connections (empty with keep: false). */
  readonly labels: ReceivedLabel[];
  /** Labels taken whole so far. */
  readonly labelCount: number;
  /** What a printer would have refused (each also drops its label). */
  readonly errors: string[];
  /** Connections accepted so far. */
  readonly connections: number;
  /** Connections ended so far (by either side). */
  readonly closedConnections: number;
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
  /** Resolves once `count` connections have ended (at once if they have). */
  waitForClosedConnections(count: number): Promise<void>;
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

type Waiters = { count: number; resolve: () => void }[];

export async function startPrinterListener(options: PrinterListenerOptions): Promise<PrinterListener> {
  const { language } = options;
  const dpi = options.dpi ?? 203;
  const keep = options.keep ?? true;
  const host = '127.0.0.1';
  const labels: ReceivedLabel[] = [];
  const errors: string[] = [];
  const links = new Set<Link>();
  const labelWaiters: Waiters = [];
  const connectionWaiters: Waiters = [];
  const closedWaiters: Waiters = [];
  const wake = (list: Waiters, have: number) => {
    for (const w of list.filter((w) => have >= w.count)) {
      list.splice(list.indexOf(w), 1);
      w.resolve();
    }
  };
  const waitFor = (list: Waiters, have: number, count: number) =>
    have >= count ? Promise.resolve() : new Promise<void>((resolve) => list.push({ count, resolve }));
  let labelCount = 0;
  let connections = 0;
  let closedConnections = 0;
  let statusAnswers = 0;
  let drops = 0;
  let held = false;
  let holdAt: number | null = null;
  let drop: { at: number; midLabel: boolean; bytes: number } | null = null;

  const dropLink = (link: Link) => {
    link.dropped = true;
    link.dropAt = null;
    link.reader.halt();
    drop = null;
    drops++;
    link.socket.resetAndDestroy();
  };

  /** Gives a chunk to the reader, stopping at the link's drop offset. */
  const feed = (link: Link, chunk: Buffer) => {
    if (link.dropAt !== null && link.fed + chunk.length >= link.dropAt) {
      const part = chunk.subarray(0, link.dropAt - link.fed);
      link.fed += part.length;
      link.reader.push(part);
      if (!link.dropped) dropLink(link);
      return;
    }
    link.fed += chunk.length;
    link.reader.push(chunk);
    if (link.dropAt !== null && link.fed >= link.dropAt && !link.dropped) dropLink(link);
  };

  const startHold = () => {
    held = true;
    for (const link of links) {
      link.reader.halt();
      link.socket.pause();
    }
  };

  const server = net.createServer((socket) => {
    const id = ++connections;
    socket.setNoDelay(true);
    const events: ReaderEvents = {
      labelStart() {
        if (!drop || !drop.midLabel || labelCount < drop.at) return;
        const at = link.reader.commandOffset + drop.bytes;
        link.dropAt = at;
        // Bytes past the cut may have come in the same chunk: the reader never sees them.
        if (link.fed >= at) link.reader.truncateTo(at);
      },
      label(label) {
        if (link.dropAt !== null) return dropLink(link); // shorter than bytesIntoLabel
        labelCount++;
        if (keep) labels.push(label);
        options.onLabel?.(label);
        wake(labelWaiters, labelCount);
        if (drop && !drop.midLabel && labelCount >= drop.at) dropLink(link);
        else if (holdAt !== null && labelCount >= holdAt) {
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
    const link: Link = { id, socket, reader, backlog: [], fed: 0, dropAt: null, dropped: false };
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
      feed(link, chunk);
    });
    socket.on('error', () => {}); // the sender went away: its unfinished label is lost
    socket.on('close', () => {
      links.delete(link);
      closedConnections++;
      wake(closedWaiters, closedConnections);
    });
  });

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
    get labelCount() {
      return labelCount;
    },
    get connections() {
      return connections;
    },
    get closedConnections() {
      return closedConnections;
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
      drop = { at: labelCount + plan.labels, midLabel: plan.midLabel ?? true, bytes: plan.bytesIntoLabel ?? 0 };
    },
    hold(opts) {
      if (opts?.afterLabels) holdAt = labelCount + opts.afterLabels;
      else startHold();
    },
    release() {
      held = false;
      holdAt = null;
      for (const link of links) {
        if (link.dropped) continue;
        link.reader.resume();
        while (link.backlog.length && !held && !link.dropped) feed(link, link.backlog.shift()!);
        if (!held) link.socket.resume();
      }
    },
    waitForLabels: (count) => waitFor(labelWaiters, labelCount, count),
    waitForConnections: (count) => waitFor(connectionWaiters, connections, count),
    waitForClosedConnections: (count) => waitFor(closedWaiters, closedConnections, count),
    async close() {
      for (const link of links) link.socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
