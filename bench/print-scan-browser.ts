/**
 * The cost of the print page's scan check (issue 12, section 3: "Its cost is measured"):
 * rows of the reference label (bench/fixtures/reference-label.wdfx, 40 x 30 mm at 203 dpi,
 * a Code 128 and a QR Code a page) to pages in the app's Web Worker pool in Debian's
 * Chromium, with and without the check (src/print/scan.ts: every page's codes decoded by
 * rxing-wasm in the worker that rendered it, before the page is delivered).
 *
 * The app is the built one (dist/, `npx vite build` first), served by the real server
 * (e2e/harness.ts); the pool and jobSetup come from its engine entry
 * (src/print/browser/index.ts, found through dist/.vite/manifest.json), driven from
 * page.evaluate (no page code of its own).
 *
 * | figure | what it is |
 * |---|---|
 * | pages/s | PAGES rows: jobSetup, the job opened in every worker, every page rendered (and with the check decoded) and delivered in order; median of RUNS runs after a warm-up run of 200 pages on the same pool |
 * | first open | the warm-up's setup and open: with the check, each worker fetches and compiles rxing-wasm (2.3 MB) for the first checked job |
 * | decode ms/page | the workers' time in the check itself (ScanSummary.ms: luma image and rxing decodes), summed over pages / pages: worker time, not wall time |
 *
 * Pool sizes: the default (navigator.hardwareConcurrency - 1, at least 1) and one worker a
 * core. `--scan-pages=N` sets PAGES (default 1,000), `--scan-runs=N` RUNS (default 3).
 * Never fails on a time.
 */
import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ROOT, startServer } from '../e2e/harness.ts';
import { COLUMNS, FIXTURE_URL, referenceRow } from './render-fixture.ts';

const arg = (name: string, fallback: number) => {
  const v = process.argv.find((a) => a.startsWith(`--${name}=`));
  const n = v ? Number(v.split('=')[1]) : fallback;
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number of at least 1`);
  return n;
};
const PAGES = arg('scan-pages', 1000);
const RUNS = arg('scan-runs', 3);
const WARM_PAGES = 200;
const DPI = 203;
const TIME_MS = Date.UTC(2026, 0, 1);

export interface PrintScanBenchResult {
  bench: 'print-scan';
  unit: 'milliseconds';
  browser: string;
  machine: { cpus: number; load1: number; hardwareConcurrency: number };
  label: { file: string; dpi: number; codesPerPage: number };
  pages: number;
  runs: number;
  pools: {
    workers: number;
    /** Without the check, then with it. */
    off: ModeFigures;
    on: ModeFigures;
    /** Pages/s with the check / without. */
    ratio: number;
  }[];
}

interface ModeFigures {
  pagesPerSecond: number;
  totalMs: number;
  bestTotalMs: number;
  /** The warm-up's setup + open, ms (with the check: rxing-wasm loaded in every worker). */
  firstOpenMs: number;
  /** Pages whose scan summary came back (with the check: all of them). */
  scannedPages: number;
  /** Codes read back over a run. */
  codes: number;
  /** Worker time in the check a page, ms (0 without). */
  decodeMsPerPage: number;
}

interface RunFigures {
  openMs: number;
  totalMs: number;
  pages: number;
  scanned: number;
  codes: number;
  decodeMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

async function engineEntry(): Promise<string> {
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

export async function run(options: { json: boolean }): Promise<PrintScanBenchResult> {
  const log = (s: string) => (options.json ? undefined : console.error(s));
  const entry = await engineEntry();
  const wdfx = await readFile(FIXTURE_URL, 'utf8');
  log('print-scan: starting the server and Chromium ...');
  const server = await startServer({ ASSETMARK_HELPER: 'off' }); // renders only: no print helper to clash with a running one
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ baseURL: server.baseUrl });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto('/');
    // tsx (esbuild, keepNames) wraps named functions in the functions passed to evaluate in
    // a __name(fn, name) call, which the page does not have.
    await page.evaluate('window.__name = (f) => f');
    // A dynamic import, not an inline <script>: the app's CSP (script-src 'self') refuses inline scripts.
    await page.evaluate(`import(${JSON.stringify(entry)}).then((engine) => { window.printEngine = engine; })`);
    await page.waitForFunction(() => 'printEngine' in window);
    const rows = Array.from({ length: PAGES }, (_, i) => [...referenceRow(i)]);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await page.evaluate((table) => ((window as any).scanTable = table), { columnNames: [...COLUMNS], rows });
    const hardwareConcurrency = await page.evaluate(() => navigator.hardwareConcurrency);

    /** One job of `count` rows on the pool of `workers` (started on first use, kept). */
    const job = (workers: number, count: number, scanCheck: boolean) =>
      page.evaluate(
        async (a) => {
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          const w = window as any;
          w.scanPools ??= new Map();
          let pool = w.scanPools.get(a.workers);
          if (!pool) {
            pool = await w.printEngine.BrowserRenderPool.open({ workers: a.workers });
            w.scanPools.set(a.workers, pool);
          }
          const t0 = performance.now();
          const setup = w.printEngine.jobSetup(a.wdfx, { columnNames: w.scanTable.columnNames, rows: w.scanTable.rows.slice(0, a.count) }, { dpi: a.dpi, timeMs: a.timeMs });
          if (!setup.ok) throw new Error(`jobSetup: ${setup.error.code}`);
          const opened = await pool.open(setup.value, { scanCheck: a.scanCheck });
          if (!opened.ok) throw new Error(`open: ${opened.error.code}`);
          const openMs = performance.now() - t0;
          const r = { openMs, totalMs: 0, pages: 0, scanned: 0, codes: 0, decodeMs: 0 };
          const done = await pool.render(opened.value, {
            onPage: (p: { scan?: { read: number; ms: number } }) => {
              r.pages++;
              if (p.scan) {
                r.scanned++;
                r.codes += p.scan.read;
                r.decodeMs += p.scan.ms;
              }
            },
          });
          if (!done.ok) throw new Error(`render: ${JSON.stringify(done.error)}`);
          r.totalMs = performance.now() - t0;
          pool.closeJob(opened.value);
          return r;
        },
        { wdfx, workers, count, scanCheck, dpi: DPI, timeMs: TIME_MS },
      ) as Promise<RunFigures>;

    const figures = async (workers: number, scanCheck: boolean): Promise<ModeFigures> => {
      log(`print-scan: ${PAGES} pages on ${workers} worker${workers > 1 ? 's' : ''}, scan check ${scanCheck ? 'on' : 'off'} ...`);
      const warm = await job(workers, WARM_PAGES, scanCheck);
      const runs: RunFigures[] = [];
      for (let r = 0; r < RUNS; r++) runs.push(await job(workers, PAGES, scanCheck));
      if (runs.some((x) => x.pages !== PAGES)) throw new Error(`print-scan: a run delivered ${runs.map((x) => x.pages).join(', ')} pages, not ${PAGES}`);
      const total = median(runs.map((x) => x.totalMs));
      const last = runs[runs.length - 1]!;
      return {
        pagesPerSecond: Math.round(PAGES / (total / 1000)),
        totalMs: round(total),
        bestTotalMs: round(Math.min(...runs.map((x) => x.totalMs))),
        firstOpenMs: round(warm.openMs),
        scannedPages: last.scanned,
        codes: last.codes,
        decodeMsPerPage: round(last.decodeMs / PAGES, 2),
      };
    };

    const sizes = [...new Set([Math.max(1, hardwareConcurrency - 1), Math.max(1, hardwareConcurrency)])];
    const pools: PrintScanBenchResult['pools'] = [];
    for (const workers of sizes) {
      // Off first: the workers have not loaded rxing-wasm yet, as in ordinary printing.
      const off = await figures(workers, false);
      const on = await figures(workers, true);
      if (on.scannedPages !== PAGES) throw new Error(`print-scan: ${on.scannedPages} of ${PAGES} pages came back checked`);
      pools.push({ workers, off, on, ratio: round(on.pagesPerSecond / off.pagesPerSecond, 3) });
    }
    if (errors.length) throw new Error(`print-scan page: ${errors.join('; ')}`);

    const result: PrintScanBenchResult = {
      bench: 'print-scan',
      unit: 'milliseconds',
      browser: `Chromium ${browser.version()}`,
      machine: { cpus: availableParallelism(), load1: round(loadavg()[0]!, 2), hardwareConcurrency },
      label: { file: 'bench/fixtures/reference-label.wdfx', dpi: DPI, codesPerPage: pools[0]!.on.codes / PAGES },
      pages: PAGES,
      runs: RUNS,
      pools,
    };
    if (options.json) console.log(JSON.stringify(result));
    else print(result);
    return result;
  } finally {
    await browser.close();
    await server.stop();
  }
}

function print(r: PrintScanBenchResult): void {
  const line = (cells: (string | number)[]) => cells.map((c, i) => String(c).padStart(i === 0 ? 9 : 14)).join('');
  console.log(
    `\nprint-scan (in the browser): ${r.pages} rows of the reference label (${r.label.codesPerPage} codes a page, ${r.label.dpi} dpi) in the Web Worker pool, scan check off and on, ${r.browser}; medians of ${r.runs} runs`,
  );
  console.log(line(['workers', 'check', 'pages/s', 'total ms', 'best ms', 'first open ms', 'decode ms/pg', 'on / off']));
  for (const p of r.pools) {
    console.log(line([p.workers, 'off', p.off.pagesPerSecond, p.off.totalMs, p.off.bestTotalMs, p.off.firstOpenMs, '-', '']));
    console.log(line([p.workers, 'on', p.on.pagesPerSecond, p.on.totalMs, p.on.bestTotalMs, p.on.firstOpenMs, p.on.decodeMsPerPage, `${p.ratio}x`]));
  }
  console.log('first open = the warm-up job\'s setup and open (with the check: rxing-wasm fetched and compiled in each worker); decode ms/pg = worker time in the check a page');
  if (r.machine.load1 > r.machine.cpus) console.log(`note: load average ${r.machine.load1} on ${r.machine.cpus} CPUs: the cores were shared, all times are inflated`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run({ json: process.argv.includes('--json') });
