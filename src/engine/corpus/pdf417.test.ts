/**
 * PDF417: ASCII, digits, mixed text, Chinese (ECI 26), Latin-1 and raw bytes; every ECC
 * level, automatic and fixed columns and rows, aspect ratios, row heights 2-4.
 *
 * The fixed-seed corpus (corpus.ts, 500 inputs) is rendered at 203 dpi with 2-dot modules
 * and read back by rxing-wasm (decoders.ts; zbarimg and dmtxread read no PDF417), which
 * must give back exactly the text (raw bytes: one character each).
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

describe('PDF417 corpus', () => {
  it('500 inputs read back exactly by rxing-wasm', async () => {
    const cases = corpus('pdf417', COUNT);
    const result = await runCorpus(engine, cases);
    expect(result.mismatches.slice(0, 10)).toEqual([]);
    expect(result.cases).toBe(COUNT);
    expect(result.rxingChecked).toBe(COUNT);
    const levels = new Set(cases.map((c) => engine.encode(c.request)).map((s) => (s.kind === 'matrix' ? s.eccLevel : -1)));
    expect([...levels].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  }, 120_000);
});
