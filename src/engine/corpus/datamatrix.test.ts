/**
 * Data Matrix: ASCII, digits, C40/Text/X12/EDIFACT character sets, Chinese (ECI 26), mixed
 * text with emoji, Latin-1 and raw bytes; automatic, square, rectangular and fixed sizes.
 *
 * The fixed-seed corpus (corpus.ts, 500 inputs) is rendered at 203 dpi with 3-dot modules
 * and read back by libdmtx's dmtxread and by rxing-wasm (decoders.ts); each must give back
 * exactly the expected bytes or text (what each returns: corpus.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine.ts';
import { loadEngine } from '../load-node.ts';
import { corpus } from './corpus.ts';
import { runCorpus } from './decoders.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

const COUNT = 500;

describe('Data Matrix corpus', () => {
  it('500 inputs read back exactly by dmtxread and rxing-wasm', async () => {
    const cases = corpus('datamatrix', COUNT);
    const result = await runCorpus(engine, cases);
    expect(result.mismatches.slice(0, 10)).toEqual([]);
    expect(result.cases).toBe(COUNT);
    expect(result.dmtxChecked).toBe(COUNT);
    expect(result.rxingChecked).toBe(COUNT);
    // rxing's ECI fault (decoders.ts) only where the text needs ECI 26.
    expect(result.rxingQuirks.length).toBeLessThan(120);
    // The corpus covers what it claims: rectangles, fixed sizes, ECI text, raw bytes.
    const shapes = new Set(cases.map((c) => engine.encode(c.request)).map((s) => (s.kind === 'matrix' && s.width !== s.height ? 'rect' : 'square')));
    expect(shapes).toEqual(new Set(['rect', 'square']));
    expect(cases.filter((c) => c.largerSize).length).toBeGreaterThan(10);
    expect(cases.filter((c) => c.dmtx![0] === 26 && typeof c.request.data === 'string').length).toBeGreaterThan(50);
    expect(cases.filter((c) => c.request.data instanceof Uint8Array).length).toBe(50);
  }, 120_000);
});
