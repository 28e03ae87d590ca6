/**
 * The asset-label benchmark's road figure (bench/asset-labels.ts runs it): the road alone,
 * from the Print click to the last page, with a sink that takes each page at once in place
 * of the helper and the printer. The run is the print page's own (assetLabelRun.ts, bundled
 * from src/ in bench/asset-labels-page.ts): GET api/AssetLabel/Rows in windows of 5,000, the
 * real windowed renderer in the app's Web Worker pool (from dist/), 1-bit pages at the
 * printer's dpi, POST api/AssetLabel/Printed in batches. Each run starts a fresh pool, as a
 * print page's first Print does.
 */
import type { Browser } from 'playwright-core';
import type { RunningServer } from '../e2e/harness.ts';
import type { RoadRunArgs, RoadRunResult } from './asset-labels-page.ts';
import { bundlePageCode, engineEntry } from './print-browser.ts';

export type { RoadRunResult };

/** `runs` runs of the road in one page of the built app; each is checked ('done', every page). */
export async function roadRuns(browser: Browser, server: RunningServer, args: RoadRunArgs, runs: number, log: (line: string) => void): Promise<RoadRunResult[]> {
  const entry = await engineEntry();
  const code = await bundlePageCode('./asset-labels-page.ts');
  const context = await browser.newContext({ baseURL: server.baseUrl });
  try {
    await context.route('**/__bench/asset-labels-road.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: code }));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto('/');
    // A dynamic import, not an inline <script>: the app's CSP (script-src 'self') refuses inline scripts.
    await page.evaluate(`import(${JSON.stringify(entry)}).then((engine) => { window.printEngine = engine; })`);
    await page.addScriptTag({ type: 'module', url: '/__bench/asset-labels-road.js' });
    await page.waitForFunction(() => 'printEngine' in window && 'assetLabelRoad' in window);
    if (errors.length) throw new Error(`asset-labels road page: ${errors.join('; ')}`);
    const results: RoadRunResult[] = [];
    for (let i = 0; i < runs; i++) {
      const r = await page.evaluate(
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        (a) => (window as any).assetLabelRoad.road((window as any).printEngine, a) as Promise<RoadRunResult>,
        args,
      );
      if (r.status !== 'done' || r.pages !== args.total) throw new Error(`road run ${i + 1}: status ${r.status}, ${r.pages} of ${args.total} pages`);
      log(`  road run ${i + 1}: ${Math.round(r.runMs)} ms, ${Math.round(r.heapPeak / 1048576)} MB peak heap`);
      results.push(r);
    }
    if (errors.length) throw new Error(`asset-labels road page: ${errors.join('; ')}`);
    return results;
  } finally {
    await context.close();
  }
}
