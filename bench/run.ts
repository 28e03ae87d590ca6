/**
 * `npm run bench [-- NAME] [--json]`: runs one benchmark, or all of them without a name.
 * For JSON alone on stdout, keep npm's banner off it with `-s`:
 *
 *   npm run -s bench -- render --json > render.json
 *
 *   symbology   symbol encoding, engine vs bwip-js and rxing-wasm (bench/symbology.ts)
 *   staff       staff list queries on PGlite, path vs recursive CTE (bench/staff-list.ts)
 *   assets      100,000 assets on PGlite: list, import, export (bench/assets.ts)
 *   label-rows  label rows on the server: pages of 5,000 of 100,000 assets (keyset vs OFFSET), the whole
 *               pull, and recording 5,000 prints (bench/asset-label-rows.ts; --label-rows-assets=N)
 *   inventory   an inventory order over 100,000 assets: making it, its line list beside the asset list, scans (bench/inventory.ts)
 *   import      on PGlite, over 100,000 assets: the asset list asked every 100 ms while 100,000 new rows and then
 *               10,000 changed rows are imported: the list's waits (median, p95, max), the import's stages (bench/import.ts)
 *   render      label pages: reference label per label and 10,000 .xlsx rows on 2 workers,
 *               engine vs bwip-js + @napi-rs/canvas (bench/render.ts; the canvas is installed on first use, bench/peer-canvas.ts)
 *   print-scan  in Chromium: the print scan check's cost, pages/s in the Web Worker pool with and without it
 *               (bench/print-scan-browser.ts; --scan-pages=N --scan-runs=N; needs a built dist/)
 *   scan        in Chromium with a fake camera of printed labels: frames/s decoded in the scanner's worker,
 *               scan-to-result latency (median, p95), vs the same frames in Node (bench/scan.ts;
 *               --scan-seconds=N --scan-labels=N; needs a built dist/)
 *   print       in Chromium: 10,000 rows to pages in the app's Web Worker pool vs bwip-js + OffscreenCanvas,
 *               peak JS heap for 100,000 pages (bench/print-browser.ts; needs a built dist/), then print-e2e
 *   editor      in Chromium: the label editor with a 50-control label at 1,000 x 750 px, pointer-to-frame
 *               latency of a drag (median, p99) vs a 2D canvas + bwip-js peer, and the first frame of a
 *               cached load (bench/editor.ts; --moves=N --loads=N with `node --import tsx bench/editor.ts`; needs a built dist/)
 *   print-e2e   in Chromium through our helper to the ZPL listener and the virtual printer: pages/s,
 *               lag, memory for 100,000 (bench/print-e2e.ts; --e2e-pages=N --e2e-runs=N --e2e-memory-pages=N)
 *   asset-labels  in Chromium: labels for 10,000 filtered assets, the road alone (Print click to the last
 *               page taken by a sink, median of 3, peak JS heap) and the printer path from the asset list
 *               to the virtual printer (1,000 assets), with their ratio (bench/asset-labels.ts;
 *               --labels-assets=N --labels-printer-assets=N; needs a built dist/)
 *
 * `--json` prints one JSON object on stdout and nothing else: a benchmark's result, or with
 * several benchmarks one object of their results by name (those that support it; symbology,
 * render, print, scan and editor do). Everything else they print (the tables of those without JSON, progress,
 * notes) goes to stderr. Benchmarks print medians and ratios to peers measured in the same
 * run and never fail on a time.
 */
export {};

const BENCHES: Record<string, { summary: string; json: boolean; run: (json: boolean) => Promise<unknown> }> = {
  symbology: {
    summary: 'symbol encoding: engine vs bwip-js and rxing-wasm',
    json: true,
    run: async (json) => (await import('./symbology.ts')).run({ json }),
  },
  staff: {
    summary: 'staff list queries: materialized path vs recursive CTE',
    json: false,
    run: async () => import('./staff-list.ts'), // runs on import
  },
  assets: {
    summary: 'asset register on PGlite: list pages, import and export of 10k-100k rows',
    json: false,
    run: async () => import('./assets.ts'), // runs on import
  },
  'label-rows': {
    summary: 'label rows on PGlite: pages of 5,000 of 100,000 assets, the whole pull, recording 5,000 prints',
    json: false,
    run: async () => import('./asset-label-rows.ts'), // runs on import
  },
  import: {
    summary: 'imports on PGlite: waits of the asset list (every 100 ms) while 100,000 new and 10,000 changed rows are imported',
    json: false,
    run: async () => import('./import.ts'), // runs on import
  },
  inventory: {
    summary: 'inventory order over 100,000 assets: making it, line list pages vs the asset list, scan batches',
    json: false,
    run: async () => import('./inventory.ts'), // runs on import
  },
  render: {
    summary: 'label pages: per label at 203/300 dpi, 10,000 xlsx rows on 2 workers, vs bwip-js + canvas',
    json: true,
    run: async (json) => (await import('./render.ts')).run({ json }),
  },
  'print-scan': {
    summary: "in Chromium: the print scan check's cost, pages/s in the worker pool with and without it",
    json: true,
    run: async (json) => (await import('./print-scan-browser.ts')).run({ json }),
  },
  scan: {
    summary: 'in Chromium with a fake camera: frames/s decoded in the scanner worker, scan-to-result latency (median, p95)',
    json: true,
    run: async (json) => (await import('./scan.ts')).run({ json }),
  },
  print: {
    summary: 'in Chromium: 10,000 rows in the browser worker pool vs bwip-js + OffscreenCanvas, heap for 100,000; then print-e2e',
    json: true,
    run: async (json) => ({ ...(await (await import('./print-browser.ts')).run({ json })), e2e: await (await import('./print-e2e.ts')).run({ json }) }),
  },
  editor: {
    summary: 'in Chromium: label editor drag latency (median, p99) on 50 controls vs 2D canvas + bwip-js; first frame of a cached load',
    json: true,
    run: async (json) => (await import('./editor.ts')).run({ json }),
  },
  'print-e2e': {
    summary: 'in Chromium, end to end through our helper to a ZPL listener and the virtual printer: pages/s, lag, memory',
    json: true,
    run: async (json) => (await import('./print-e2e.ts')).run({ json }),
  },
  'asset-labels': {
    summary: 'in Chromium: labels for 10,000 filtered assets, the road to a sink (median of 3, peak JS heap) vs the printer path',
    json: true,
    run: async (json) => (await import('./asset-labels.ts')).run({ json }),
  },
};

const args = process.argv.slice(2);
const json = args.includes('--json');
const names = args.filter((a) => !a.startsWith('--'));
const unknown = names.filter((n) => !Object.hasOwn(BENCHES, n));
if (unknown.length > 0 || args.includes('--help')) {
  const list = Object.entries(BENCHES).map(([n, b]) => `  ${n.padEnd(12)}${b.summary}`).join('\n');
  console.error(`${unknown.length ? `unknown benchmark '${unknown[0]}'\n` : ''}usage: npm run bench [-- NAME] [--json]\n\n${list}`);
  process.exit(unknown.length ? 2 : 0);
}
const selected = names.length ? names : Object.keys(BENCHES).filter((n) => n !== 'print-e2e'); // `print` runs it
if (!json) {
  for (const name of selected) await BENCHES[name]!.run(false);
} else {
  // While the benchmarks run, whatever they write to stdout goes to stderr, but for the JSON
  // line a benchmark prints itself: its result is printed here, once, from the value it
  // returns. (A child process inheriting fd 1 still writes to stdout directly.)
  const stdoutWrite = process.stdout.write.bind(process.stdout);
  const toStderr = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  const results: Record<string, unknown> = {};
  for (const name of selected) {
    const bench = BENCHES[name]!;
    if (!bench.json) console.error(`${name}: no JSON output, printing its table to stderr`);
    process.stdout.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (bench.json && typeof chunk === 'string' && /^\{.*\}\n$/s.test(chunk)) return true;
      return (toStderr as (c: unknown, ...r: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stdout.write;
    try {
      const result = await bench.run(true);
      if (bench.json) results[name] = result;
    } finally {
      process.stdout.write = stdoutWrite;
    }
  }
  const jsonNames = selected.filter((n) => BENCHES[n]!.json);
  const out = jsonNames.length === 1 && names.length === 1 ? results[jsonNames[0]!] : results;
  stdoutWrite(`${JSON.stringify(out)}\n`);
}
