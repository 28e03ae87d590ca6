/**
 * QR Code: text of every kind (ASCII, Chinese, Japanese in Kanji mode, Latin-1, emoji), raw bytes and GS1, all ECC levels, versions 1-40, fixed and automatic masks.
 *
 * Every type's fixed-seed corpus (corpus.ts, 500 inputs) is rendered at 203 dpi with
 * 2-dot modules and read back by zbarimg and rxing-wasm (decoders.ts); each must give
 * back exactly the expected text. See corpus.ts for what each decoder returns per type.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine.ts';
import { loadEngine } from '../load-node.ts';
import type { BarcodeType } from '../types.ts';
import { corpus } from './corpus.ts';
import { runCorpus } from './decoders.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

const COUNT = 500;

describe('QR corpus', () => {
  it.each<[BarcodeType, number, number]>([
    ['qrcode', 500, 500],
  ])('%s: 500 inputs read back exactly by zbarimg (at least %i) and rxing-wasm (at least %i)', async (type, zbarMin, rxingMin) => {
    const result = await runCorpus(engine, corpus(type, COUNT));
    expect(result.mismatches.slice(0, 10)).toEqual([]);
    expect(result.cases).toBe(COUNT);
    expect(result.rxingChecked).toBeGreaterThanOrEqual(rxingMin);
    expect(result.zbarChecked).toBeGreaterThanOrEqual(zbarMin);
  }, 180_000);
});
