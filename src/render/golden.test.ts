/**
 * Golden pages: every case of golden-cases.ts at 203 and 300 dpi must equal its PBM in
 * tests/golden byte for byte. A page that differs is written next to the golden as
 * `<name>-<dpi>.actual.pbm` for inspection; after an intended change, regenerate with
 * `node --import tsx scripts/update-goldens.ts --png DIR` and look at the PNGs.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/engine.ts';
import { loadEngine } from '../engine/load-node.ts';
import { pageToPbm } from '../engine/pbm.ts';
import { loadBundledFonts } from './fonts-node.ts';
import { GOLDEN_DPIS, PENDING_GOLDENS, goldenCases } from './golden-cases.ts';
import { goldenFile, renderDocument, renderGolden } from './testing.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
  await loadBundledFonts(engine);
});

const cases = goldenCases().flatMap((c) => GOLDEN_DPIS.map((dpi) => [`${c.name}-${dpi}`, c, dpi] as const));

describe('golden label pages', () => {
  it.each(cases)('%s', (_, c, dpi) => {
    if (PENDING_GOLDENS.has(c.name)) return; // the engine does not draw this yet (see golden-cases.ts)
    const file = goldenFile(c.name, dpi);
    const actual = pageToPbm(renderGolden(engine, c, dpi));
    const actualFile = goldenFile(c.name, dpi, '.actual');
    expect(existsSync(file), `${file} is missing: run node --import tsx scripts/update-goldens.ts`).toBe(true);
    const same = Buffer.compare(Buffer.from(readFileSync(file)), Buffer.from(actual)) === 0;
    if (same) rmSync(actualFile, { force: true });
    else writeFileSync(actualFile, actual);
    expect(same, `${c.name} at ${dpi} dpi differs from its golden page; the page drawn is in ${actualFile}`).toBe(true);
  });

  it('renders grey pages for screens: one byte a dot, anti-aliased edges', () => {
    const c = goldenCases().find((g) => g.name === 'text-styles')!;
    const grey = renderDocument(engine, c.doc, 96, { ...c.options, grey: true });
    expect('grey' in grey && grey.grey).toBe(true);
    expect([grey.width, grey.height, grey.stride]).toEqual([227, 151, 227]);
    const levels = new Set(grey.data);
    expect(levels.has(0) && levels.has(255)).toBe(true);
    expect(levels.size).toBeGreaterThan(16); // edges between black and white
  });

  it('sizes every page by the rounding rule, round(mm x dpi / 25.4)', () => {
    for (const dpi of GOLDEN_DPIS) {
      const page = renderDocument(engine, { labelWidth: 40, labelHeight: 30, children: [] }, dpi);
      expect([page.width, page.height]).toEqual([Math.round((40 * dpi) / 25.4), Math.round((30 * dpi) / 25.4)]);
      const odd = renderDocument(engine, { labelWidth: 50.8, labelHeight: 12.345, children: [] }, dpi);
      expect([odd.width, odd.height]).toEqual([Math.round((50.8 * dpi) / 25.4), Math.round((12.345 * dpi) / 25.4)]);
    }
  });
});
