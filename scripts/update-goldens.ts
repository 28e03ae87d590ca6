/**
 * Writes the golden label pages (src/render/golden-cases.ts) to tests/golden/<name>-<dpi>.pbm
 * with the engine as built now. Look at them before committing: `--png DIR` also writes
 * PNGs there for an image viewer.
 *
 *   node --import tsx scripts/update-goldens.ts [--only NAME[,NAME...]] [--png DIR]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEngine } from '../src/engine/load-node.ts';
import { pageToPbm } from '../src/engine/pbm.ts';
import { pageToPng } from '../src/engine/png.ts';
import { loadBundledFonts } from '../src/render/fonts-node.ts';
import { GOLDEN_DPIS, goldenCases } from '../src/render/golden-cases.ts';
import { GOLDEN_DIR, goldenFile, renderGolden } from '../src/render/testing.ts';

const { values } = parseArgs({ options: { only: { type: 'string' }, png: { type: 'string' } } });
const only = values.only?.split(',');
const engine = await loadEngine();
const { missing } = await loadBundledFonts(engine);
if (missing.length > 0) throw new Error(`fonts missing (run npm run setup): ${missing.join(', ')}`);
mkdirSync(GOLDEN_DIR, { recursive: true });
if (values.png) mkdirSync(values.png, { recursive: true });
for (const c of goldenCases()) {
  if (only && !only.includes(c.name)) continue;
  for (const dpi of GOLDEN_DPIS) {
    const page = renderGolden(engine, c, dpi);
    writeFileSync(goldenFile(c.name, dpi), pageToPbm(page));
    if (values.png) writeFileSync(join(values.png, `${c.name}-${dpi}.png`), pageToPng(page, dpi));
    console.log(`${c.name}-${dpi}: ${page.width} x ${page.height}`);
  }
}
