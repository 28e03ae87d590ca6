/**
 * `npm run bench [-- NAME] [--json]`: runs one benchmark, or all of them without a name.
 *
 *   symbology   symbol encoding, engine vs bwip-js and rxing-wasm (bench/symbology.ts)
 *   staff       staff list queries on PGlite, path vs recursive CTE (bench/staff-list.ts)
 *   assets      100,000 assets on PGlite: list, import, export (bench/assets.ts)
 *   render      label pages: reference label per label and 10,000 .xlsx rows on 2 workers,
 *               engine vs bwip-js + @napi-rs/canvas (bench/render.ts; the canvas is installed on first use, bench/peer-canvas.ts)
 *
 * `--json` asks a benchmark for one JSON object on stdout instead of a table (those that
 * support it; symbology and render do). Benchmarks print medians and ratios to peers measured in
 * the same run and never fail on a time.
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
  render: {
    summary: 'label pages: per label at 203/300 dpi, 10,000 xlsx rows on 2 workers, vs bwip-js + canvas',
    json: true,
    run: async (json) => (await import('./render.ts')).run({ json }),
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
for (const name of names.length ? names : Object.keys(BENCHES)) {
  const bench = BENCHES[name]!;
  if (json && !bench.json) console.error(`${name}: no JSON output, printing its table`);
  await bench.run(json);
}
