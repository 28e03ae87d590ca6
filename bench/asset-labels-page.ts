/**
 * The browser side of the asset-label benchmark's road figure (bench/asset-labels.ts bundles
 * this file for the browser and loads it into a page of the built app, next to the app's
 * engine entry). Exposes `window.assetLabelRoad`.
 *
 * One run is what the print page does on the Print click of an asset print, with the
 * product's own modules, except where the pages go: the pool started (the print page starts
 * it on its first Print), planPrint, and assetLabelRun (src/app/pages/label/assetLabelRun.ts,
 * the run the print page makes: GET api/AssetLabel/Rows in windows of 5,000, each window
 * rendered to 1-bit pages in the Web Worker pool, POST api/AssetLabel/Printed in batches)
 * with a sink for sender that takes each page at once instead of the helper. Only the sink
 * and the measuring are the benchmark's.
 *
 * planPrint, assetLabelRun, the label reader and the API client are bundled from src/ into
 * this module; the pool comes from the built engine entry, as the app loads it.
 */
import { createAssetLabelApi } from '../src/api/assetLabel.ts';
import { createApiClient } from '../src/api/client.ts';
import type { AssetLabelRowsQuery } from '../src/api/contract.ts';
import { assetLabelRun } from '../src/app/pages/label/assetLabelRun.ts';
import { readLabel } from '../src/label/wdfx.ts';
import type { BrowserRenderPool } from '../src/print/browser/pool.ts';
import { planPrint } from '../src/print/plan.ts';
import type { RunSender } from '../src/print/run.ts';

/** What the benchmark uses of the app's engine entry (src/print/browser/index.ts). */
interface EngineEntry {
  BrowserRenderPool: { open(options?: { workers?: number }): Promise<BrowserRenderPool> };
}

export interface RoadRunArgs {
  /** The template's .wdfx text. */
  wdfx: string;
  templateId: number;
  /** The asset list's filter the dialog hands over. */
  query: Omit<AssetLabelRowsQuery, 'afterId' | 'limit'>;
  /** Assets matching it: the run's label pages. */
  total: number;
  loginId: string;
  dpi: number;
}

export interface RoadRunResult {
  status: string;
  /** Pages the sink took. */
  pages: number;
  /** The pool's workers. */
  workers: number;
  /** The "click" to the pool started, ms (part of runMs: the print page starts it on Print). */
  poolStartMs: number;
  /** The "click" to the first page taken by the sink, ms. */
  firstPageMs: number;
  /** The "click" to the last page taken by the sink (the run 'done'), ms. */
  runMs: number;
  /** Each GET api/AssetLabel/Rows during the run (Resource Timing duration), ms. */
  rowsMs: number[];
  /** JS heap (performance.memory, bytes): after a full collection before the click, and the
   * peak of samples every 50 ms and every 500 pages (garbage included). */
  heapBefore: number;
  heapPeak: number;
  width: number;
  height: number;
}

function heapUsed(): number {
  return (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0;
}

async function road(engine: EngineEntry, a: RoadRunArgs): Promise<RoadRunResult> {
  const parsed = readLabel(a.wdfx);
  if (!parsed.ok) throw new Error(`assetLabelRoad: the template does not read: ${JSON.stringify(parsed.error)}`);
  const api = createAssetLabelApi(
    createApiClient({ getLoginId: () => a.loginId, getLanguage: () => 'zh-CN', message: (key) => key }),
  );
  const print = { doc: parsed.value, templateId: a.templateId, query: a.query, total: a.total, customNames: [] };
  let pages = 0;
  let width = 0;
  let height = 0;
  let firstAt = 0;
  let peak = 0;
  const sample = () => (peak = Math.max(peak, heapUsed()));
  // The sink: takes a page at once, as a printer that never waits would.
  const sink: RunSender<never> = {
    send(page) {
      if (pages === 0) firstAt = performance.now();
      if (pages % 500 === 0) sample();
      pages++;
      width = page.width;
      height = page.height;
      return Promise.resolve({ ok: true });
    },
  };

  (globalThis as { gc?: () => void }).gc?.();
  const heapBefore = heapUsed();
  peak = heapBefore;
  performance.clearResourceTimings();
  const sampler = setInterval(sample, 50);
  try {
    const t0 = performance.now(); // the Print click
    const pool = await engine.BrowserRenderPool.open();
    const poolStartMs = performance.now() - t0;
    const plan = planPrint({ firstPage: 0, pageCount: a.total, copies: 1, autoPaging: false, bothSides: parsed.value.mirrorPrint });
    if ('invalid' in plan) throw new Error(`assetLabelRoad: plan ${plan.invalid}`);
    const { run } = assetLabelRun(print, plan, pool, api, sink, { dpi: a.dpi, scanCheck: false });
    await run.start(); // resolves when the run ends, fails or is cancelled
    const status = run.snapshot.status;
    const runMs = performance.now() - t0;
    sample();
    const rowsMs = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.name.includes('/api/AssetLabel/Rows') && e.startTime >= t0)
      .map((e) => e.duration);
    pool.close();
    return { status, pages, workers: pool.size, poolStartMs, firstPageMs: firstAt - t0, runMs, rowsMs, heapBefore, heapPeak: peak, width, height };
  } finally {
    clearInterval(sampler);
  }
}

const assetLabelRoad = { road };
(window as unknown as { assetLabelRoad: typeof assetLabelRoad }).assetLabelRoad = assetLabelRoad;
