/**
 * Printing in the browser (issue 12, "Benchmarks"): 10,000 rows of the reference label
 * (bench/fixtures/reference-label.wdfx, 40 x 30 mm: a border, a Chinese and a Latin text
 * line, a Code 128, a QR Code) to 10,000 pages at 203 dpi in the app's Web Worker pool, in
 * Debian's Chromium, against a peer in the same browser: bwip-js's browser build and
 * OffscreenCanvas drawing the same content, thresholded to 1 bit (bench/print-browser-page.ts).
 *
 * The app is the built one (dist/, run `npx vite build` first; `npm run bench` does) served
 * by the real server (e2e/harness.ts); the engine comes from its own build entry
 * (src/print/browser/index.ts, found through dist/.vite/manifest.json). The benchmark's page
 * code is bundled here with Vite and served to the page by Playwright (it is not part of
 * the app).
 *
 * | figure | what one run does |
 * |---|---|
 * | 10,000 pages | jobSetup on the page (label read, 10,000-row table), the job opened in every worker (fonts fetched from the HTTP cache, the table copied to each), every page rendered, transferred and delivered in order to the page; the pool started and warm (its start-up printed apart) |
 * | peer | the peer's ms per page on the page's thread (median of batches after a warm-up), times 10,000, divided by the pool's workers: the peer given the same threads with perfect scaling, so the ratio is a lower bound |
 * | 100,000 pages | one run through the default pool with a slow consumer (it yields to the event loop every 100 pages, as a print queue would): the JS heap before (after a full collection), its peak garbage included (performance.memory, --enable-precise-memory-info), and the live heap after a full collection every 10,000 pages (--js-flags=--expose-gc): flat when pages do not pile up. Page bitmaps' bytes live outside the JS heap; their number in flight is bounded by the pool (chunks ahead) |
 *
 * Pool figures: medians of 5 runs in ms (and the fastest), for the default pool
 * (navigator.hardwareConcurrency - 1 workers, at least 1) and for one worker a core. Targets
 * (printed, never failed on): 10,000 pages under 2 s on 2 cores, at least 20 times the peer.
 */
import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, ROOT, startServer } from '../e2e/harness.ts';
import { COLUMNS, FIXTURE_URL, referenceRow } from './render-fixture.ts';

const PAGES = 10_000;
const MEMORY_PAGES = 100_000;
const RUNS = 5;
const DPI = 203;
/** One clock reading for every page (the label has no date). */
const TIME_MS = Date.UTC(2026, 0, 1);
const PEER = { warmup: 30, batches: 5, batchPages: 60 };
/** The memory run's consumer yields every this many pages. */
const YIELD_EVERY = 100;

export interface PrintBrowserBenchResult {
  bench: 'print';
  unit: 'milliseconds';
  browser: string;
  machine: { cpus: number; load1: number; hardwareConcurrency: number };
  label: { file: string; dpi: number; widthDots: number; heightDots: number };
  pools: {
    workers: number;
    /** Workers started and engine instantiated (once per pool). */
    startMs: number;
    pages: number;
    /** Medians of RUNS runs. */
    openMs: number;
    renderMs: number;
    totalMs: number;
    bestTotalMs: number;
    pagesPerSecond: number;
    /** Peer ms for 10,000 pages on as many threads (perfect scaling) / totalMs. */
    ratio: number;
  }[];
  peer: { msPerPage: number; bestMsPerPage: number; pagesPerSecond: number; pages: number; widthDots: number; heightDots: number };
  memory: {
    pages: number;
    workers: number;
    totalMs: number;
    /** JS heap after a full collection before the job (the 100,000-row table included), MiB. */
    heapBeforeMiB: number | null;
    /** The largest JS heap seen, garbage included, MiB. */
    heapPeakMiB: number | null;
    /** Live heap (after a full collection) every 10,000 pages, MiB: flat when nothing piles up. */
    liveMiB: number[];
  } | null;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
const mib = (bytes: number | null | undefined) => (bytes === null || bytes === undefined ? null : round(bytes / 2 ** 20));

/** A benchmark's page code (default this benchmark's, with bwip-js's browser build inside),
 * bundled for the browser; bench/print-e2e.ts bundles its own with it. */
export async function bundlePageCode(file = './print-browser-page.ts'): Promise<string> {
  const { build } = await import('vite');
  const out = await build({
    configFile: false,
    logLevel: 'warn',
    root: ROOT,
    publicDir: false,
    build: {
      write: false,
      minify: false,
      emptyOutDir: false,
      lib: { entry: fileURLToPath(new URL(file, import.meta.url)), formats: ['es'], fileName: 'print-bench' },
    },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as { output: { type: string; code?: string }[] }[];
  const chunk = outputs[0]?.output.find((o) => o.type === 'chunk');
  if (!chunk?.code) throw new Error('print bench: bundling the page code gave no chunk');
  return chunk.code;
}

/** The URL of the built app's engine entry (src/print/browser/index.ts in dist/). */
export async function engineEntry(): Promise<string> {
  let manifest: Record<string, { file: string }>;
  try {
    manifest = JSON.parse(await readFile(join(ROOT, 'dist', '.vite', 'manifest.json'), 'utf8'));
  } catch {
    throw new Error('dist/ is missing or has no manifest: run `npx vite build` first');
  }
  const entry = manifest['src/print/browser/index.ts'];
  if (!entry) throw new Error('dist/ has no browser engine entry (src/print/browser/index.ts): run `npx vite build`');
  return `/${entry.file}`;
}

export async function run(options: { json: boolean }): Promise<PrintBrowserBenchResult> {
  const log = (s: string) => (options.json ? undefined : console.error(s));
  const entry = await engineEntry();
  const wdfx = await readFile(FIXTURE_URL, 'utf8');
  log('print: bundling the benchmark page, starting the server and Chromium ...');
  const code = await bundlePageCode();
  const server = await startServer({ ASSETMARK_HELPER: 'off' }); // renders only: no print helper to clash with a running one
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--enable-precise-memory-info', '--js-flags=--expose-gc'] });
  try {
    const context = await browser.newContext({ baseURL: server.baseUrl });
    await context.route('**/__bench/print-bench.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: code }));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto('/');
    // A dynamic import, not an inline <script>: the app's CSP (script-src 'self') refuses inline scripts.
    await page.evaluate(`import(${JSON.stringify(entry)}).then((engine) => { window.printEngine = engine; })`);
    await page.addScriptTag({ type: 'module', url: '/__bench/print-bench.js' });
    await page.waitForFunction(() => 'printEngine' in window && 'printBench' in window);
    if (errors.length) throw new Error(`print bench page: ${errors.join('; ')}`);

    const rows = Array.from({ length: MEMORY_PAGES }, (_, i) => [...referenceRow(i)]);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await page.evaluate((table) => (window as any).printBench.setTable(table), { columnNames: [...COLUMNS], rows });
    const hardwareConcurrency = await page.evaluate(() => navigator.hardwareConcurrency);
    const browserVersion = browser.version();

    const defaultWorkers = Math.max(1, hardwareConcurrency - 1);
    const sizes = [...new Set([defaultWorkers, Math.max(1, hardwareConcurrency)])];
    const poolRun = (p: Page, workers: number, count: number) =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      p.evaluate((a) => (window as any).printBench.pool((window as any).printEngine, a), { wdfx, rows: count, workers, dpi: DPI, timeMs: TIME_MS }) as Promise<{
        workers: number;
        startMs: number;
        openMs: number;
        renderMs: number;
        totalMs: number;
        pages: number;
        width: number;
        height: number;
      }>;

    const pools: PrintBrowserBenchResult['pools'] = [];
    let size = { width: 0, height: 0 };
    for (const workers of sizes) {
      log(`print: ${PAGES} pages on ${workers} worker${workers > 1 ? 's' : ''} ...`);
      const warm = await poolRun(page, workers, 1000); // starts the pool, fetches the fonts, warms the JIT
      const runs = [];
      for (let r = 0; r < RUNS; r++) runs.push(await poolRun(page, workers, PAGES));
      size = { width: runs[0]!.width, height: runs[0]!.height };
      if (runs.some((x) => x.pages !== PAGES)) throw new Error(`print bench: a run delivered ${runs.map((x) => x.pages).join(', ')} pages, not ${PAGES}`);
      pools.push({
        workers,
        startMs: round(warm.startMs),
        pages: PAGES,
        openMs: round(median(runs.map((x) => x.openMs))),
        renderMs: round(median(runs.map((x) => x.renderMs))),
        totalMs: round(median(runs.map((x) => x.totalMs))),
        bestTotalMs: round(Math.min(...runs.map((x) => x.totalMs))),
        pagesPerSecond: Math.round(PAGES / (median(runs.map((x) => x.totalMs)) / 1000)),
        ratio: 0,
      });
    }

    log(`print: peer (bwip-js + OffscreenCanvas), ${PEER.warmup + PEER.batches * PEER.batchPages} pages on the page's thread ...`);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const peer = (await page.evaluate((a) => (window as any).printBench.peer(a), { rows: 100, dpi: DPI, ...PEER })) as {
      msPerPage: number;
      bestMsPerPage: number;
      pages: number;
      width: number;
      height: number;
    };
    for (const p of pools) p.ratio = round((peer.msPerPage * PAGES) / p.workers / p.totalMs);

    log(`print: ${MEMORY_PAGES} pages on ${defaultWorkers} worker${defaultWorkers > 1 ? 's' : ''}, consumer yielding every ${YIELD_EVERY} pages ...`);
    const memory = (await page.evaluate(
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      (a) => (window as any).printBench.memory((window as any).printEngine, a),
      { wdfx, rows: MEMORY_PAGES, workers: defaultWorkers, dpi: DPI, timeMs: TIME_MS, yieldEvery: YIELD_EVERY },
    )) as { pages: number; totalMs: number; heapBefore: number | null; heapPeak: number | null; samples: number[]; live: number[] };
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await page.evaluate(() => (window as any).printBench.closePools());
    if (errors.length) throw new Error(`print bench page: ${errors.join('; ')}`);

    const result: PrintBrowserBenchResult = {
      bench: 'print',
      unit: 'milliseconds',
      browser: `Chromium ${browserVersion}`,
      machine: { cpus: availableParallelism(), load1: round(loadavg()[0]!, 2), hardwareConcurrency },
      label: { file: 'bench/fixtures/reference-label.wdfx', dpi: DPI, widthDots: size.width, heightDots: size.height },
      pools,
      peer: {
        msPerPage: round(peer.msPerPage, 3),
        bestMsPerPage: round(peer.bestMsPerPage, 3),
        pagesPerSecond: Math.round(1000 / peer.msPerPage),
        pages: peer.pages,
        widthDots: peer.width,
        heightDots: peer.height,
      },
      memory: {
        pages: memory.pages,
        workers: defaultWorkers,
        totalMs: round(memory.totalMs),
        heapBeforeMiB: mib(memory.heapBefore),
        heapPeakMiB: mib(memory.heapPeak),
        liveMiB: memory.live.map((b) => mib(b)!),
      },
    };
    if (options.json) console.log(JSON.stringify(result));
    else print(result);
    return result;
  } finally {
    await browser.close();
    await server.stop();
  }
}

function print(r: PrintBrowserBenchResult): void {
  const line = (cells: (string | number)[]) => cells.map((c, i) => String(c).padStart(i === 0 ? 9 : 12)).join('');
  console.log(
    `\nprint (in the browser): ${PAGES} rows of the reference label (${r.label.widthDots} x ${r.label.heightDots} dots at ${r.label.dpi} dpi) in the Web Worker pool, ${r.browser}; medians of ${RUNS} runs, ms`,
  );
  console.log(line(['workers', 'start', 'setup+open', 'render', 'total', 'best', 'pages/s', 'x peer']));
  for (const p of r.pools) console.log(line([p.workers, p.startMs, p.openMs, p.renderMs, p.totalMs, p.bestTotalMs, p.pagesPerSecond, `${p.ratio}x`]));
  console.log(
    `peer (bwip-js + OffscreenCanvas, page thread): ${r.peer.msPerPage} ms a page (best batch ${r.peer.bestMsPerPage}), ${r.peer.pagesPerSecond} pages/s, ${r.peer.widthDots} x ${r.peer.heightDots} dots; ` +
      `x peer = peer's time for ${PAGES} pages on as many threads (perfect scaling) / pool total`,
  );
  if (r.memory) {
    console.log(
      `${r.memory.pages} pages on ${r.memory.workers} worker(s), consumer yielding every ${YIELD_EVERY}: ${r.memory.totalMs} ms; JS heap ${r.memory.heapBeforeMiB} MiB before (the table of ${MEMORY_PAGES} rows included), ` +
        `peak ${r.memory.heapPeakMiB} MiB with garbage; live every 10,000 pages: ${r.memory.liveMiB.join(', ')} MiB`,
    );
  }
  const defaultPool = r.pools[0]!;
  const cores = r.pools.find((p) => p.workers === r.machine.hardwareConcurrency) ?? defaultPool;
  console.log(
    `targets: ${PAGES} pages under 2000 ms on ${r.machine.hardwareConcurrency} cores: ${cores.totalMs} ms (${cores.workers} workers), ${defaultPool.totalMs} ms (default pool, ${defaultPool.workers}); at least 20x the peer: ${cores.ratio}x / ${defaultPool.ratio}x`,
  );
  if (r.machine.load1 > r.machine.cpus) console.log(`note: load average ${r.machine.load1} on ${r.machine.cpus} CPUs: the cores were shared, all times are inflated`);
}
