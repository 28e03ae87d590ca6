/**
 * Printing end to end (issue 12, "Benchmarks"): rows of the reference label
 * (bench/fixtures/reference-label.wdfx, 40 x 30 mm) printed at 203 dpi from a page of the
 * built app in Debian's Chromium, through our print helper over HTTP, to a printer:
 *
 *   page: jobSetup -> BrowserRenderPool (Web Workers) -> PrintRun's bounded queue ->
 *   HelperClient.printPage (PrintImageD, one page in flight)
 *   -> helper (this process) -> the ZPL listener (this process, raw TCP, ^GFA read back
 *   into bitmaps and counted) or the virtual printer (a PNG and a PBM a page, temp folder)
 *
 * Everything on the road is the product's (bench/print-e2e-page.ts says which module comes
 * from where); the helper is `startHelper` on a free port (never 15216/35216, so a real
 * helper or `npm start` on this machine is not touched) allowing only the bench page's
 * origin, and the app server runs without its own helper (ASSETMARK_HELPER=off).
 *
 * | figure | what it is |
 * |---|---|
 * | pages/s | pages confirmed by the printer / the run's time (PrintRun.start() to the last confirmation); setup (finding the helper, opening the printer, the job opened in the pool) is printed apart |
 * | x printer | pages/s / 11: how many thermal printers (about 11 labels/s, 40 mm labels at 6 ips) the road could feed; below 1 the road would be the bottleneck |
 * | first | start() to the first page confirmed, ms: how long the printer waits for its first label |
 * | ahead | pages rendered but not yet confirmed, when a page is confirmed: max and mean (the bounded queue, 16, plus pages in the pool's hands) |
 * | send | per page, PrintImageD sent -> the helper's reply (after the printer took the page), ms: median and 95th percentile; with one page in flight, the road's pace |
 * | lag | per page, its rendering reaching the run -> the printer's confirmation, ms: median, 95th percentile, max |
 * | heap | the page's JS heap (performance.memory with --enable-precise-memory-info; a full collection before and after, --js-flags=--expose-gc): before, peak seen (garbage included), live every 10,000 pages of the long run |
 * | rss | this process's resident set (process.memoryUsage().rss every 100 ms), which holds the helper and the ZPL listener (and the Playwright client): before and peak |
 *
 * Runs: a warm-up of 200 pages to each printer (pool start, fonts, JIT, the TCP link), then
 * RUNS runs of PAGES pages to each printer (medians), then, when asked, one long run of
 * MEMORY_PAGES pages to the ZPL listener for memory. The long run is not in the default: the
 * road goes about 100-250 pages/s (one page in flight, each confirmed by the printer), so
 * 100,000 pages take 7 to 15 minutes; every run reports its peak heap and RSS anyway. Every run is checked: the run ends 'done' with every
 * page confirmed, the listener counted every label and refused none, the virtual printer
 * wrote a PNG and a PBM for every page. A time is never a failure.
 *
 * Flags (after the benchmark's name): --e2e-pages=N (default 10000), --e2e-runs=N (3),
 * --e2e-memory-pages=N (default 0: no long run; the figure is 100000):
 *
 *   node --import tsx bench/run.ts print-e2e --e2e-memory-pages=100000
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, startServer, type RunningServer } from '../e2e/harness.ts';
import { startHelper, type RunningHelper } from '../helper/server.ts';
import { startPrinterListener, type PrinterListener } from '../helper/testing/printer-listener.ts';
import { VIRTUAL_PRINTERS } from '../helper/printers.ts';
import { safeFileName } from '../helper/backends/virtual.ts';
import type { E2eRunArgs, E2eRunResult } from './print-e2e-page.ts';
import { bundlePageCode, engineEntry } from './print-browser.ts';
import { COLUMNS, FIXTURE_URL, referenceRow } from './render-fixture.ts';

const DPI = 203;
/** One clock reading for every page (the label has no date). */
const TIME_MS = Date.UTC(2026, 0, 1);
/** A thermal label printer's pace: about 11 labels of 30 mm a second (6 ips). */
const PRINTER_LABELS_PER_SECOND = 11;
const WARMUP_PAGES = 200;
const ZPL_PRINTER = 'Bench ZPL listener';
const VIRTUAL_PRINTER = VIRTUAL_PRINTERS.find((p) => p.dpi === DPI)!.name;
/** The job name helperSender's PrintImageD carries (wire.ts default): the virtual printer's folder. */
const JOB_NAME = 'dtpweb';

function flag(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  if (!arg) return fallback;
  const n = Number(arg.slice(name.length + 3));
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got '${arg}'`);
  return n;
}

export interface PrintE2eRun {
  pages: number;
  runMs: number;
  pagesPerSecond: number;
  /** pagesPerSecond / 11 (a thermal printer's labels a second). */
  printerRatio: number;
  setupMs: number;
  firstConfirmedMs: number;
  aheadMax: number;
  aheadMean: number;
  sendMedianMs: number;
  sendP95Ms: number;
  lagMedianMs: number;
  lagP95Ms: number;
  lagMaxMs: number;
  heapBeforeMiB: number | null;
  heapPeakMiB: number | null;
  heapAfterMiB: number | null;
  liveMiB: number[];
  rssBeforeMiB: number;
  rssPeakMiB: number;
}

export interface PrintE2eTarget {
  printer: string;
  kind: 'zpl-listener' | 'virtual';
  pages: number;
  runs: number;
  /** Medians of the runs (each figure on its own). */
  median: PrintE2eRun;
  /** The fastest run's pages/s. */
  bestPagesPerSecond: number;
  all: PrintE2eRun[];
}

export interface PrintE2eBenchResult {
  bench: 'print-e2e';
  unit: 'milliseconds';
  browser: string;
  machine: { cpus: number; load1: number; hardwareConcurrency: number };
  label: { file: string; dpi: number; widthDots: number; heightDots: number };
  workers: number;
  printerLabelsPerSecond: number;
  poolStartMs: number;
  targets: PrintE2eTarget[];
  /** The long run to the ZPL listener, for memory (null when left out). */
  memory: (PrintE2eRun & { printer: string }) | null;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
const mib = (bytes: number | null | undefined) => (bytes === null || bytes === undefined ? null : round(bytes / 2 ** 20));

/** Peak resident set of this process while `work` runs, sampled every 100 ms. */
async function withRss<T>(work: () => Promise<T>): Promise<{ value: T; before: number; peak: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, before, peak };
  } finally {
    clearInterval(timer);
  }
}

export async function run(options: { json: boolean }): Promise<PrintE2eBenchResult> {
  const log = (s: string) => (options.json ? undefined : console.error(s));
  const PAGES = flag('e2e-pages', 10_000);
  const RUNS = Math.max(1, flag('e2e-runs', 3));
  const MEMORY_PAGES = flag('e2e-memory-pages', 0);
  if (PAGES < 1) throw new Error('--e2e-pages must be at least 1');

  const entry = await engineEntry();
  const wdfx = await readFile(FIXTURE_URL, 'utf8');
  log('print-e2e: bundling the benchmark page, starting the ZPL listener, the app server, the helper and Chromium ...');
  const code = await bundlePageCode('./print-e2e-page.ts');

  let listener: PrinterListener | undefined;
  let server: RunningServer | undefined;
  let helper: RunningHelper | undefined;
  let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
  const dataDir = await mkdtemp(join(tmpdir(), 'assetmark-bench-e2e-'));
  const helperErrors: string[] = [];
  try {
    // keep: false: the listener reads every label whole (and so checks it) but only counts it.
    listener = await startPrinterListener({ language: 'zpl', dpi: DPI, keep: false });
    // The app without its in-app helper: the bench's helper is the only one the page meets.
    server = await startServer({ ASSETMARK_HELPER: 'off' });
    helper = await startHelper({
      dataDir,
      allowedOrigins: [server.baseUrl],
      port: 0,
      printers: [`${listener.url}&name=${encodeURIComponent(ZPL_PRINTER)}`],
      cups: false,
      log: { info: () => undefined, error: (line) => helperErrors.push(line) },
    });
    const virtualJobDir = join(dataDir, 'virtual-printer', safeFileName(VIRTUAL_PRINTER, 'printer'), safeFileName(JOB_NAME, 'job'));

    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--enable-precise-memory-info', '--js-flags=--expose-gc'] });
    // bypassCSP: the app's policy lets pages reach the helper on 15216/35216 only, and this
    // helper runs on a free port so that a real one keeps its own.
    const context = await browser.newContext({ baseURL: server.baseUrl, bypassCSP: true });
    await context.route('**/__bench/print-e2e.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: code }));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto('/');
    // A dynamic import, not an inline <script>: the app's CSP (script-src 'self') refuses inline scripts.
    await page.evaluate(`import(${JSON.stringify(entry)}).then((engine) => { window.printEngine = engine; })`);
    await page.addScriptTag({ type: 'module', url: '/__bench/print-e2e.js' });
    await page.waitForFunction(() => 'printEngine' in window && 'printE2e' in window);
    if (errors.length) throw new Error(`print-e2e page: ${errors.join('; ')}`);

    const tableRows = Math.max(PAGES, MEMORY_PAGES, WARMUP_PAGES);
    const rows = Array.from({ length: tableRows }, (_, i) => [...referenceRow(i)]);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await page.evaluate((table) => (window as any).printE2e.setTable(table), { columnNames: [...COLUMNS], rows });
    const hardwareConcurrency = await page.evaluate(() => navigator.hardwareConcurrency);
    const workers = Math.max(1, hardwareConcurrency - 1); // the print page's pool (pool.ts default)

    let zplLabels = 0;
    const printOnce = async (p: Page, printerName: string, pages: number, liveEvery = 0): Promise<{ result: E2eRunResult; before: number; peak: number }> => {
      const args: E2eRunArgs = { wdfx, rows: pages, workers, dpi: DPI, timeMs: TIME_MS, helperPort: helper!.port, printerName, heapEvery: 100, liveEvery };
      const labelsBefore = listener!.labelCount;
      let watching = true;
      const watcher = (async () => {
        // Progress for long runs, read beside the run (never steering it).
        while (watching && !options.json && pages >= 20_000) {
          await new Promise((r) => setTimeout(r, 10_000));
          if (!watching) break;
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          const at = (await p.evaluate(() => (window as any).printE2e.progress()).catch(() => null)) as { rendered: number; confirmed: number; pages: number } | null;
          if (at && watching) log(`print-e2e:   ${at.confirmed} of ${at.pages} confirmed (${at.rendered} rendered)`);
        }
      })();
      try {
        const measured = await withRss(
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          () => p.evaluate((a) => (window as any).printE2e.run((window as any).printEngine, a), args) as Promise<E2eRunResult>,
        );
        if (printerName === ZPL_PRINTER) {
          zplLabels += pages;
          const got = listener!.labelCount - labelsBefore;
          if (got !== pages) throw new Error(`the ZPL listener took ${got} labels whole, not ${pages}`);
          if (listener!.errors.length) throw new Error(`the ZPL listener refused labels: ${listener!.errors.slice(0, 3).join('; ')}`);
        } else {
          const files = (await readdir(virtualJobDir)).filter((f) => /^\d+\.(png|pbm)$/.test(f)).length;
          if (files !== 2 * pages) throw new Error(`the virtual printer wrote ${files} files, not ${2 * pages} (a PNG and a PBM a page)`);
          await rm(virtualJobDir, { recursive: true, force: true }); // each run's files counted alone
        }
        return { result: measured.value, before: measured.before, peak: measured.peak };
      } finally {
        watching = false;
        await watcher;
      }
    };
    const summarise = (m: { result: E2eRunResult; before: number; peak: number }): PrintE2eRun => {
      const r = m.result;
      const pagesPerSecond = r.pages / (r.runMs / 1000);
      return {
        pages: r.pages,
        runMs: round(r.runMs),
        pagesPerSecond: Math.round(pagesPerSecond),
        printerRatio: round(pagesPerSecond / PRINTER_LABELS_PER_SECOND),
        setupMs: round(r.helperMs + r.openMs),
        firstConfirmedMs: round(r.firstConfirmedMs),
        aheadMax: r.aheadMax,
        aheadMean: round(r.aheadMean),
        sendMedianMs: round(r.sendMedianMs, 2),
        sendP95Ms: round(r.sendP95Ms, 2),
        lagMedianMs: round(r.lagMedianMs),
        lagP95Ms: round(r.lagP95Ms),
        lagMaxMs: round(r.lagMaxMs),
        heapBeforeMiB: mib(r.heapBefore),
        heapPeakMiB: mib(r.heapPeak),
        heapAfterMiB: mib(r.heapAfter),
        liveMiB: r.liveDuring.map((b) => mib(b)!),
        rssBeforeMiB: mib(m.before)!,
        rssPeakMiB: mib(m.peak)!,
      };
    };

    log(`print-e2e: warm-up, ${WARMUP_PAGES} pages to each printer on ${workers} worker${workers > 1 ? 's' : ''} ...`);
    const warm = await printOnce(page, ZPL_PRINTER, WARMUP_PAGES);
    await printOnce(page, VIRTUAL_PRINTER, WARMUP_PAGES);
    const size = { width: warm.result.width, height: warm.result.height };

    const targets: PrintE2eTarget[] = [];
    for (const [printer, kind] of [
      [ZPL_PRINTER, 'zpl-listener'],
      [VIRTUAL_PRINTER, 'virtual'],
    ] as const) {
      const all: PrintE2eRun[] = [];
      for (let r = 0; r < RUNS; r++) {
        log(`print-e2e: ${PAGES} pages to ${printer}, run ${r + 1} of ${RUNS} ...`);
        const one = summarise(await printOnce(page, printer, PAGES));
        log(`print-e2e:   ${one.runMs} ms, ${one.pagesPerSecond} pages/s`);
        all.push(one);
      }
      const med = (pick: (x: PrintE2eRun) => number) => median(all.map(pick));
      targets.push({
        printer,
        kind,
        pages: PAGES,
        runs: RUNS,
        median: {
          pages: PAGES,
          runMs: med((x) => x.runMs),
          pagesPerSecond: med((x) => x.pagesPerSecond),
          printerRatio: med((x) => x.printerRatio),
          setupMs: med((x) => x.setupMs),
          firstConfirmedMs: med((x) => x.firstConfirmedMs),
          aheadMax: med((x) => x.aheadMax),
          aheadMean: med((x) => x.aheadMean),
          sendMedianMs: med((x) => x.sendMedianMs),
          sendP95Ms: med((x) => x.sendP95Ms),
          lagMedianMs: med((x) => x.lagMedianMs),
          lagP95Ms: med((x) => x.lagP95Ms),
          lagMaxMs: med((x) => x.lagMaxMs),
          heapBeforeMiB: med((x) => x.heapBeforeMiB ?? NaN),
          heapPeakMiB: med((x) => x.heapPeakMiB ?? NaN),
          heapAfterMiB: med((x) => x.heapAfterMiB ?? NaN),
          liveMiB: [],
          rssBeforeMiB: med((x) => x.rssBeforeMiB),
          rssPeakMiB: Math.max(...all.map((x) => x.rssPeakMiB)),
        },
        bestPagesPerSecond: Math.max(...all.map((x) => x.pagesPerSecond)),
        all,
      });
    }

    let memory: PrintE2eBenchResult['memory'] = null;
    if (MEMORY_PAGES > 0) {
      log(`print-e2e: ${MEMORY_PAGES} pages to ${ZPL_PRINTER} for memory (live heap every 10,000 pages) ...`);
      memory = { printer: ZPL_PRINTER, ...summarise(await printOnce(page, ZPL_PRINTER, MEMORY_PAGES, 10_000)) };
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await page.evaluate(() => (window as any).printE2e.closePools());
    if (errors.length) throw new Error(`print-e2e page: ${errors.join('; ')}`);
    if (helperErrors.length) throw new Error(`print helper: ${helperErrors.slice(0, 3).join('; ')}`);
    if (listener.labelCount !== zplLabels) throw new Error(`the ZPL listener counted ${listener.labelCount} labels, ${zplLabels} were confirmed`);

    const result: PrintE2eBenchResult = {
      bench: 'print-e2e',
      unit: 'milliseconds',
      browser: `Chromium ${browser.version()}`,
      machine: { cpus: availableParallelism(), load1: round(loadavg()[0]!, 2), hardwareConcurrency },
      label: { file: 'bench/fixtures/reference-label.wdfx', dpi: DPI, widthDots: size.width, heightDots: size.height },
      workers,
      printerLabelsPerSecond: PRINTER_LABELS_PER_SECOND,
      poolStartMs: round(warm.result.poolStartMs),
      targets,
      memory,
    };
    if (options.json) console.log(JSON.stringify(result));
    else print(result);
    return result;
  } finally {
    await browser?.close();
    await server?.stop();
    await helper?.close();
    await listener?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function print(r: PrintE2eBenchResult): void {
  const line = (cells: (string | number | null)[]) => cells.map((c, i) => String(c ?? '-').padStart(i === 0 ? 20 : 10)).join('');
  console.log(
    `\nprint end to end: rows of the reference label (${r.label.widthDots} x ${r.label.heightDots} dots at ${r.label.dpi} dpi), ${r.browser}, ` +
      `${r.workers} render worker(s) -> PrintRun -> PrintImageD over HTTP -> our helper -> printer; medians of ${r.targets[0]?.runs ?? 0} runs`,
  );
  console.log(line(['printer', 'pages', 'run ms', 'pages/s', 'best', 'x printer', 'setup ms', 'first ms', 'ahead max', 'ahead avg', 'send p50', 'send p95', 'lag p50', 'lag p95', 'lag max', 'heap peak', 'rss peak']));
  for (const t of r.targets) {
    const m = t.median;
    console.log(
      line([t.kind, t.pages, m.runMs, m.pagesPerSecond, t.bestPagesPerSecond, `${m.printerRatio}x`, m.setupMs, m.firstConfirmedMs, m.aheadMax, m.aheadMean, m.sendMedianMs, m.sendP95Ms, m.lagMedianMs, m.lagP95Ms, m.lagMaxMs, m.heapPeakMiB, m.rssPeakMiB]),
    );
  }
  if (r.memory) {
    const m = r.memory;
    console.log(
      line(['zpl-listener (long)', m.pages, m.runMs, m.pagesPerSecond, '', `${m.printerRatio}x`, m.setupMs, m.firstConfirmedMs, m.aheadMax, m.aheadMean, m.sendMedianMs, m.sendP95Ms, m.lagMedianMs, m.lagP95Ms, m.lagMaxMs, m.heapPeakMiB, m.rssPeakMiB]),
    );
    console.log(
      `${m.pages} pages: page JS heap ${m.heapBeforeMiB} MiB before (the ${m.pages}-row table included), peak ${m.heapPeakMiB} MiB with garbage, ` +
        `live every 10,000 pages: ${m.liveMiB.join(', ')} MiB, ${m.heapAfterMiB} MiB after; ` +
        `bench process (helper + ZPL listener + Playwright client) RSS ${m.rssBeforeMiB} MiB before, peak ${m.rssPeakMiB} MiB`,
    );
  }
  console.log(
    `x printer = pages/s / ${r.printerLabelsPerSecond} (a thermal printer's labels a second; above 1x the road is not the bottleneck). ` +
      `ahead = pages rendered not yet confirmed (16 = the queue full: rendering keeps ahead of the printer); send = PrintImageD round trip, ms; lag = a page's rendering -> its confirmation, ms; heap = the page's JS heap, MiB; rss = this process, MiB. ` +
      `Pool start ${r.poolStartMs} ms (once).`,
  );
  if (r.machine.load1 > r.machine.cpus) console.log(`note: load average ${r.machine.load1} on ${r.machine.cpus} CPUs: the cores were shared, all times are inflated`);
}
