/**
 * The print run on real parts: the engine renders a data-bound label job in this thread, a
 * network printer (helper/backends/network.ts) sends ZPL over TCP, and a listener playing
 * the printer (helper/testing/printer-listener.ts) reads the labels back into bitmaps. The
 * listener's gates (hold, drop after N labels) decide every interleaving: no timers.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/engine.ts';
import type { Page } from '../engine/types.ts';
import { createLabel } from '../label/label.ts';
import { createNetworkPrinter, parsePrinterUrl } from '../../helper/backends/network.ts';
import { printerSender } from '../../helper/run-sender.ts';
import type { Printer, PrinterError } from '../../helper/printer.ts';
import { startPrinterListener, type PrinterListener, type ReceivedLabel } from '../../helper/testing/printer-listener.ts';
import { loadLabelEngine } from '../render/pool-renderer.ts';
import type { PrintError } from './errors.ts';
import { jobRenderer } from './job-renderer.ts';
import { openJob, type DataTable, type PrintJob } from './job.ts';
import { planPrint, type PlanOptions, type PrintPlan } from './plan.ts';
import { PrintRun, type RunState } from './run.ts';

const ROWS = 24;
const DPI = 203;

const label = createLabel({
  labelWidth: 30,
  labelHeight: 15,
  children: [
    { kind: 'text', x: 1, y: 1, width: 28, height: 4, fontHeight: 3, contentType: 2, dataColumnName: 'name' },
    { kind: 'barcode', x: 1, y: 5, width: 20, height: 9, type: 'ean13', contentType: 2, dataColumnName: 'ean' },
  ],
});

/** EAN-13 data (12 digits) for row r; row `bad` gets a letter, which the symbology refuses. */
function table(bad = -1): DataTable {
  return {
    columnNames: ['name', 'ean'],
    rows: Array.from({ length: ROWS }, (_, r) => [`Label ${r + 1}`, r === bad ? '69012345678X' : `6901234${String(r).padStart(5, '0')}`]),
  };
}

let engine: Engine;
let listener: PrinterListener;
let printer: Printer;

beforeAll(async () => {
  engine = await loadLabelEngine();
});

afterEach(async () => {
  await printer?.close();
  await listener?.close();
});

async function setUp(): Promise<void> {
  listener = await startPrinterListener({ language: 'zpl', dpi: DPI });
  printer = createNetworkPrinter({ ...parsePrinterUrl(listener.url), name: 'test' });
}

function open(data: DataTable): PrintJob {
  const job = openJob(engine, label, data, { dpi: DPI, timeMs: 0, sides: 'both' });
  if (!job.ok) throw new Error(`job: ${job.error.code}`);
  return job.value;
}

function plan(options: Partial<PlanOptions> = {}): PrintPlan {
  const p = planPrint({ firstPage: 0, pageCount: ROWS, copies: 1, autoPaging: false, bothSides: false, ...options });
  if ('invalid' in p) throw new Error(p.invalid);
  return p;
}

function run(job: PrintJob, p: PrintPlan): PrintRun<PrintError, PrinterError> {
  return new PrintRun(p, jobRenderer(job), printerSender(printer, { dpi: DPI }), 4);
}

/** Resolves at the first state that passes `test`. */
function until<R, S>(r: PrintRun<R, S>, test: (s: Readonly<RunState<R, S>>) => boolean): Promise<Readonly<RunState<R, S>>> {
  return new Promise((resolve) => {
    if (test(r.snapshot)) return resolve(r.snapshot);
    const stop = r.subscribe((s) => {
      if (!test(s)) return;
      stop();
      resolve(s);
    });
  });
}

/** The bits a person sees: each row's first `width` bits (padding ignored). */
function bits(p: { width: number; height: number; stride: number; data: Uint8Array }): string {
  const rows: string[] = [];
  for (let y = 0; y < p.height; y++) {
    let row = '';
    for (let x = 0; x < p.width; x++) row += (p.data[y * p.stride + (x >> 3)]! >> (7 - (x & 7))) & 1;
    rows.push(row);
  }
  return rows.join('\n');
}

function expectPages(received: readonly ReceivedLabel[], job: PrintJob, pages: number[]): void {
  expect(received.map((l) => l.copies)).toEqual(pages.map(() => 1));
  const want = pages.map((i) => {
    const page = job.page(i);
    if (!page.ok) throw new Error('page');
    return bits(page.value as Page);
  });
  // Compared one by one so a mismatch names the label.
  received.forEach((l, i) => expect(bits(l), `label ${i + 1} (page ${pages[i]! + 1})`).toBe(want[i]));
  expect(received.length).toBe(pages.length);
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('a print run to a network printer', () => {
  it('prints every page once, in order, and counts rendered, sent and confirmed', async () => {
    await setUp();
    const job = open(table());
    const r = run(job, plan());
    await r.start();
    expect(r.snapshot).toMatchObject({ status: 'done', sent: ROWS, confirmed: ROWS, labelsConfirmed: ROWS, next: ROWS });
    expect(r.snapshot.rendered).toBe(ROWS);
    expectPages(listener.labels, job, range(0, ROWS));
  });

  it('stops when the connection drops mid-label, then resumes from that label: none lost, none twice', async () => {
    await setUp();
    const job = open(table());
    listener.dropAfter({ labels: 7, midLabel: true });
    const r = run(job, plan());
    await r.start();
    const failed = r.snapshot;
    expect(failed.status).toBe('failed');
    expect(failed.failure?.stage).toBe('send');
    expect(failed.confirmed).toBe(7);
    expect(failed.next).toBe(7);
    expect(listener.labels.length).toBe(7);
    await r.resume();
    expect(r.snapshot).toMatchObject({ status: 'done', confirmed: ROWS, labelsConfirmed: ROWS });
    expectPages(listener.labels, job, range(0, ROWS));
    expect(listener.drops).toBe(1);
  });

  it('pauses after the label in flight and goes on from the next one', async () => {
    await setUp();
    const job = open(table());
    // The printer takes 5 labels, then reads nothing more: the 5th label's status query
    // waits unanswered, so that label is in flight.
    listener.hold({ afterLabels: 5 });
    const r = run(job, plan());
    const done = r.start();
    await listener.waitForLabels(5);
    await until(r, (s) => s.sent === 5);
    r.pause();
    expect(r.snapshot.status).toBe('paused');
    listener.release();
    const paused = await until(r, (s) => s.confirmed === 5);
    expect(paused).toMatchObject({ status: 'paused', sent: 5, next: 5 });
    await r.resume();
    await done;
    expect(r.snapshot.status).toBe('done');
    expectPages(listener.labels, job, range(0, ROWS));
  });

  it('cancels at any moment, the label in flight included: the run ends and nothing more is sent', async () => {
    await setUp();
    const job = open(table());
    listener.hold({ afterLabels: 3 });
    const r = run(job, plan());
    const done = r.start();
    await listener.waitForLabels(3);
    await until(r, (s) => s.sent === 3);
    r.cancel();
    await done;
    expect(r.snapshot).toMatchObject({ status: 'cancelled', confirmed: 2, sent: 2 });
    listener.release();
    await printer.close();
    // The printer had taken 3 labels before the hold; the cancel sent nothing after them.
    expectPages(listener.labels, job, range(0, 3));
  });

  it('stops at a page that cannot be rendered after printing the ones before it; skip leaves it out', async () => {
    await setUp();
    const job = open(table(9));
    const r = run(job, plan());
    await r.start();
    expect(r.snapshot.status).toBe('failed');
    expect(r.snapshot.failure?.stage).toBe('render');
    const error = r.snapshot.failure?.error as PrintError;
    expect(error.page).toBe(9);
    expect(error.row).toBe(11);
    expect(error.control?.kind).toBe('barcode');
    expect(r.snapshot.next).toBe(9);
    expect(listener.labels.length).toBe(9);
    await r.skip();
    expect(r.snapshot).toMatchObject({ status: 'done', confirmed: ROWS - 1 });
    expectPages(listener.labels, job, [...range(0, 9), ...range(10, ROWS)]);
  });

  it('collates copies with auto paging and sends copies to the printer without it', async () => {
    await setUp();
    const job = open(table());
    const collated = run(job, plan({ firstPage: 2, pageCount: 3, copies: 2, autoPaging: true }));
    await collated.start();
    expectPages(listener.labels, job, [2, 3, 4, 2, 3, 4]);
    const before = listener.labels.length;
    const repeated = run(job, plan({ firstPage: 2, pageCount: 2, copies: 3 }));
    await repeated.start();
    const last = listener.labels.slice(before);
    expect(last.map((l) => l.copies)).toEqual([3, 3]);
    expect(repeated.snapshot.labelsConfirmed).toBe(6);
  });
});

