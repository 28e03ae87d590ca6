/**
 * The browser side of the end-to-end print benchmark (bench/print-e2e.ts bundles this file
 * for the browser and loads it into a page of the built app, next to the app's engine entry).
 * Exposes `window.printE2e`.
 *
 * One run is the print page's road with the product's own modules: the helper found by
 * ServerInfo (findHelper on the bench's port), the printer listed, opened and its dpi asked
 * (HelperClient), jobSetup and the job opened in the app's Web Worker pool
 * (BrowserRenderPool, from dist/), planPrint, and a PrintRun driving poolRenderer ->
 * bounded queue -> helperSender (PrintImageD over HTTP, one page in flight, each reply
 * after the printer took the page). Only the measuring is the benchmark's: it listens to
 * the run's state (PrintRun.subscribe) and reads the clock and the JS heap.
 *
 * PrintRun, planPrint, the helper client and the runner are bundled from src/ into this
 * module; the pool and jobSetup come from the built engine entry, as the app loads them (the
 * pool's workers are part of that build).
 */
import type { BrowserRenderPool } from '../src/print/browser/pool.ts';
import type { JobSetup, DataTable } from '../src/print/job.ts';
import type { Result } from '../src/print/errors.ts';
import { findHelper, HelperClient } from '../src/print/helper/index.ts';
import { planPrint } from '../src/print/plan.ts';
import { PrintRun } from '../src/print/run.ts';
import { helperSender, poolRenderer } from '../src/app/pages/label/printRunner.ts';

/** What the benchmark uses of the app's engine entry (src/print/browser/index.ts). */
interface EngineEntry {
  jobSetup(label: string, data: DataTable, options: { dpi: number; timeMs: number }): Result<JobSetup>;
  BrowserRenderPool: { open(options: { workers?: number }): Promise<BrowserRenderPool> };
}

export interface E2eRunArgs {
  wdfx: string;
  /** Rows of the stored table to print, one label each. */
  rows: number;
  workers: number;
  dpi: number;
  timeMs: number;
  /** The bench's helper port (not 15216/35216: the bench never meets a real helper). */
  helperPort: number;
  printerName: string;
  /** Sample the JS heap every this many confirmed pages. */
  heapEvery: number;
  /** Also the live heap after a full collection every this many pages (0: never; needs
   * Chromium's --js-flags=--expose-gc). */
  liveEvery: number;
}

export interface E2eRunResult {
  pages: number;
  status: string;
  /** Pool started (first use of a pool size only), ms. */
  poolStartMs: number;
  /** findHelper, GetPrinters, OpenPrinter, GetPrinterDPI, ms. */
  helperMs: number;
  /** jobSetup and the job opened in every worker, ms. */
  openMs: number;
  /** PrintRun.start() to the last page confirmed, ms. */
  runMs: number;
  /** The first page confirmed, from start(), ms: how long a printer waits for its first label. */
  firstConfirmedMs: number;
  /** Pages rendered ahead of the printer when a page is confirmed (rendered - confirmed). */
  aheadMax: number;
  aheadMean: number;
  /** Per page, PrintImageD sent -> the helper's reply (the printer took the page), ms: the
   * road's pace with one page in flight. */
  sendMedianMs: number;
  sendP95Ms: number;
  /** Per page, its rendering delivered -> its confirmation, ms. */
  lagMedianMs: number;
  lagP95Ms: number;
  lagMaxMs: number;
  /** JS heap (performance.memory, bytes): after a full collection before the run, peak seen
   * (garbage included), live after full collections during and after the run. */
  heapBefore: number | null;
  heapPeak: number | null;
  liveDuring: number[];
  heapAfter: number | null;
  printerDpi: number;
  width: number;
  height: number;
}

const pools = new Map<number, { pool: BrowserRenderPool; startMs: number }>();
let table: DataTable | null = null;

/** Chromium's heap figures (--enable-precise-memory-info), bytes. */
function heapUsed(): number | null {
  const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
  return memory ? memory.usedJSHeapSize : null;
}

function collect(): number | null {
  (globalThis as { gc?: () => void }).gc?.();
  return heapUsed();
}

async function poolOf(engine: EngineEntry, workers: number): Promise<{ pool: BrowserRenderPool; startMs: number }> {
  const cached = pools.get(workers);
  if (cached) return { pool: cached.pool, startMs: 0 };
  const t0 = performance.now();
  const pool = await engine.BrowserRenderPool.open({ workers });
  const entry = { pool, startMs: performance.now() - t0 };
  pools.set(workers, entry);
  return entry;
}

function rowsOf(count: number): DataTable {
  if (!table) throw new Error('printE2e: setTable first');
  return count >= table.rows.length ? table : { columnNames: table.columnNames, rows: table.rows.slice(0, count) };
}

const quantile = (sorted: Float64Array, q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0);

/** Progress of the run in flight, read by the bench process while it waits. */
const progress = { rendered: 0, confirmed: 0, pages: 0 };

async function run(engine: EngineEntry, a: E2eRunArgs): Promise<E2eRunResult> {
  const data = rowsOf(a.rows);
  const { pool, startMs } = await poolOf(engine, a.workers);
  const heapBefore = collect();

  // The helper, as the print page finds and prepares it (usePrintHelper.ts, PrintPage.tsx).
  const h0 = performance.now();
  const found = await findHelper({ ports: [a.helperPort] });
  if (!found.ok) throw new Error(`findHelper on port ${a.helperPort}: ${JSON.stringify(found.error)}`);
  const client = HelperClient.of(found.value);
  const printers = await client.getPrinters();
  if (!printers.ok) throw new Error(`GetPrinters: ${JSON.stringify(printers.error)}`);
  const printer = printers.value.find((p) => p.name === a.printerName);
  if (!printer) throw new Error(`the helper has no printer '${a.printerName}' (it has ${printers.value.map((p) => p.name).join(', ')})`);
  const opened = await client.openPrinter(printer);
  if (!opened.ok) throw new Error(`OpenPrinter ${a.printerName}: ${JSON.stringify(opened.error)}`);
  const dpi = await client.getPrinterDpi(a.printerName);
  if (!dpi.ok) throw new Error(`GetPrinterDPI: ${JSON.stringify(dpi.error)}`);
  const helperMs = performance.now() - h0;

  const o0 = performance.now();
  const setup = engine.jobSetup(a.wdfx, data, { dpi: a.dpi, timeMs: a.timeMs });
  if (!setup.ok) throw new Error(`jobSetup: ${setup.error.code}`);
  const job = await pool.open(setup.value);
  if (!job.ok) throw new Error(`pool.open: ${job.error.code}`);
  const openMs = performance.now() - o0;

  const plan = planPrint({ firstPage: 0, pageCount: job.value.pageCount, copies: 1, autoPaging: false, bothSides: false });
  if ('invalid' in plan) throw new Error(`planPrint: ${plan.invalid}`);
  // The renderer is wrapped only to learn each page's size; the run is the product's.
  let width = 0;
  let height = 0;
  const renderer = poolRenderer(pool, job.value);
  const measured: typeof renderer = {
    render: (first, count, onPage, signal) =>
      renderer.render(first, count, (page, index) => {
        width = page.width;
        height = page.height;
        return onPage(page, index);
      }, signal),
  };
  // The sender is wrapped only to time each send.
  const sendMs = new Float64Array(plan.sends);
  let sends = 0;
  const sender = helperSender(client, { printerName: a.printerName, dpi: a.dpi, threshold: 192 });
  const timedSender: typeof sender = {
    async send(page, send, signal) {
      const s0 = performance.now();
      const outcome = await sender.send(page, send, signal);
      if (sends < sendMs.length) sendMs[sends++] = performance.now() - s0;
      return outcome;
    },
  };
  const printRun = new PrintRun(plan, measured, timedSender);

  // Per page: when its rendering reached the run, then when the printer confirmed it. The
  // run renders and confirms in page order, so the counters index the pages.
  const renderedAt = new Float64Array(plan.sends);
  const lag = new Float64Array(plan.sends);
  let rendered = 0;
  let confirmed = 0;
  let aheadMax = 0;
  let aheadSum = 0;
  let firstConfirmedMs = 0;
  let heapPeak = heapUsed() ?? 0;
  const liveDuring: number[] = [];
  progress.pages = plan.sends;
  progress.rendered = 0;
  progress.confirmed = 0;
  const t0 = performance.now();
  const unsubscribe = printRun.subscribe((s) => {
    const now = performance.now();
    while (rendered < s.rendered && rendered < renderedAt.length) renderedAt[rendered++] = now;
    while (confirmed < s.confirmed) {
      if (confirmed === 0) firstConfirmedMs = now - t0;
      lag[confirmed] = now - renderedAt[confirmed]!;
      confirmed++;
      const ahead = s.rendered - confirmed;
      aheadSum += ahead;
      if (ahead > aheadMax) aheadMax = ahead;
      if (confirmed % a.heapEvery === 0) {
        const used = heapUsed();
        if (used !== null && used > heapPeak) heapPeak = used;
      }
      if (a.liveEvery > 0 && confirmed % a.liveEvery === 0) {
        const live = collect();
        if (live !== null) liveDuring.push(live);
      }
    }
    progress.rendered = s.rendered;
    progress.confirmed = s.confirmed;
  });
  await printRun.start();
  const runMs = performance.now() - t0;
  unsubscribe();
  const end = printRun.snapshot;
  pool.closeJob(job.value);
  await client.closePrinter(a.printerName);
  if (end.status !== 'done' || end.confirmed !== plan.sends) {
    const why = end.failure ? `${end.failure.stage}: ${JSON.stringify(end.failure.error)}` : 'no failure recorded';
    throw new Error(`the print run ended '${end.status}' after ${end.confirmed} of ${plan.sends} pages (${why})`);
  }
  const used = heapUsed();
  if (used !== null && used > heapPeak) heapPeak = used;
  const sorted = lag.sort();
  const sendSorted = sendMs.subarray(0, sends).sort();
  return {
    pages: end.confirmed,
    status: end.status,
    poolStartMs: startMs,
    helperMs,
    openMs,
    runMs,
    firstConfirmedMs,
    aheadMax,
    aheadMean: aheadSum / Math.max(1, confirmed),
    sendMedianMs: quantile(sendSorted, 0.5),
    sendP95Ms: quantile(sendSorted, 0.95),
    lagMedianMs: quantile(sorted, 0.5),
    lagP95Ms: quantile(sorted, 0.95),
    lagMaxMs: sorted.length ? sorted[sorted.length - 1]! : 0,
    heapBefore,
    heapPeak: heapBefore === null ? null : heapPeak,
    liveDuring,
    heapAfter: collect(),
    printerDpi: dpi.value.dpi,
    width,
    height,
  };
}

const printE2e = {
  setTable(t: DataTable): number {
    table = t;
    return t.rows.length;
  },
  run,
  progress: () => ({ ...progress }),
  closePools(): void {
    for (const { pool } of pools.values()) pool.close();
    pools.clear();
  },
};

(window as unknown as { printE2e: typeof printE2e }).printE2e = printE2e;
