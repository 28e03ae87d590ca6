/**
 * Symbol encoding speed: the engine (Wasm, through the TypeScript facade, in Node) against
 * two peers measured in the same run.
 *
 * | implementation | what one call does |
 * |---|---|
 * | engine | `engine.encodeInto({type, data, ...}, buffer)`: the symbol spec written into the module's reused request buffer, one ABI call (modules only), the matrix copied into a reused buffer (one byte a module) |
 * | engine.encode | the plain facade call, for comparison: a fresh modules array and the human-readable text |
 * | bwip-js | `bwipjs.raw(bcid, text, options)`: BWIPP's encoder only, returning the module matrix or bar widths (no PNG rendering: `toBuffer` would add drawing and zlib) |
 * | rxing-wasm | `encode_barcode[_with_hints]`: rxing's encoder, returning the symbol as text art (its only output; the string building is part of the cost) |
 *
 * Symbols: QR "https://example.com/" forced to version 3, 10 and 40 at level H (mask chosen
 * automatically, the expensive part: eight masks scored), Code 128 of 60 characters, EAN-13.
 *
 * Each figure is the median of at least 15 samples; a sample times a batch of calls long
 * enough (about 2 ms) for the clock, after a warm-up. Targets (printed, never failed on):
 * QR 40-H at most 1 ms, and every symbol at least 20 times faster than bwip-js.
 */
import bwipjs from 'bwip-js/node';
import { BarcodeFormat, encode_barcode, encode_barcode_with_hints, EncodeHintDictionary, EncodeHintTypes } from 'rxing-wasm';
import { loadEngine } from '../src/engine/load-node.ts';
import type { SymbolRequest } from '../src/engine/types.ts';

const URL_DATA = 'https://example.com/';
/** 60 characters mixing upper and lower case, punctuation and digit runs (all code sets). */
const CODE128_DATA = 'ASSET-2024/0042 Room 4021 shelf 7; tag 12345678 lot ab-99 xz';
const EAN13_DATA = '690123456789';

interface Case {
  name: string;
  engine: SymbolRequest;
  bwip: [bcid: string, text: string, options: string];
  rxing: () => string;
}

function rxingQr(version: number): () => string {
  const hints = new EncodeHintDictionary();
  hints.set_hint(EncodeHintTypes.ErrorCorrection, 'H');
  hints.set_hint(EncodeHintTypes.QrVersion, String(version));
  return () => encode_barcode_with_hints(URL_DATA, 0, 0, BarcodeFormat.QrCode, hints);
}

const CASES: Case[] = [
  ...[3, 10, 40].map((version) => ({
    name: `QR ${version}-H`,
    engine: { type: 'qrcode', data: URL_DATA, ecc: 'H', version } as SymbolRequest,
    bwip: ['qrcode', URL_DATA, `eclevel=H version=${version}`] as [string, string, string],
    rxing: rxingQr(version),
  })),
  {
    name: 'Code 128, 60 chars',
    engine: { type: 'code128', data: CODE128_DATA },
    bwip: ['code128', CODE128_DATA, ''],
    rxing: () => encode_barcode(CODE128_DATA, 0, 0, BarcodeFormat.Code128),
  },
  {
    name: 'EAN-13',
    engine: { type: 'ean13', data: EAN13_DATA },
    bwip: ['ean13', EAN13_DATA, ''],
    rxing: () => encode_barcode(EAN13_DATA, 0, 0, BarcodeFormat.Ean13),
  },
];

/** Median microseconds per call of `fn`. */
function medianMicros(fn: () => unknown, budgetMs: number): number {
  // Warm up and size a batch to about 2 ms.
  let batch = 1;
  for (;;) {
    const t = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) fn();
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    if (ms >= 2 || batch >= 1 << 20) break;
    batch *= 2;
  }
  const samples: number[] = [];
  const start = performance.now();
  while (samples.length < 15 || (performance.now() - start < budgetMs && samples.length < 201)) {
    const t = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) fn();
    samples.push(Number(process.hrtime.bigint() - t) / 1e3 / batch);
  }
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1]!;
}

export interface SymbologyBenchResult {
  bench: 'symbology';
  unit: 'microseconds per symbol (median)';
  node: string;
  cases: {
    name: string;
    engine: number;
    bwipjs: number;
    rxing: number;
    /** `engine.encode` (fresh arrays, text), for comparison; ratios use `engine`. */
    engineEncode: number;
    /** peer / engine: how many times faster the engine is. */
    ratio: { bwipjs: number; rxing: number };
  }[];
  targets: { qr40HUnder1ms: boolean; every20xBwipjs: boolean };
}

export async function run(options: { json: boolean }): Promise<SymbologyBenchResult> {
  const engine = await loadEngine();
  const cases: SymbologyBenchResult['cases'] = [];
  for (const c of CASES) {
    // Same symbol sizes from every implementation (a sanity check, not a timing).
    const ours = engine.encode(c.engine);
    const theirs = bwipjs.raw(...c.bwip)[0] as { pixx?: number };
    if (ours.kind === 'matrix' && theirs.pixx !== undefined && theirs.pixx !== ours.width) {
      throw new Error(`${c.name}: bwip-js made ${theirs.pixx} modules, the engine ${ours.width}`);
    }
    const buffer = new Uint8Array(177 * 177);
    const e = medianMicros(() => engine.encodeInto(c.engine, buffer), 1500);
    const plain = medianMicros(() => engine.encode(c.engine), 1000);
    const b = medianMicros(() => bwipjs.raw(...c.bwip), 3000);
    const r = medianMicros(c.rxing, 1500);
    cases.push({
      name: c.name, engine: round(e), bwipjs: round(b), rxing: round(r), engineEncode: round(plain),
      ratio: { bwipjs: round(b / e), rxing: round(r / e) },
    });
  }
  const qr40 = cases.find((c) => c.name === 'QR 40-H')!;
  const result: SymbologyBenchResult = {
    bench: 'symbology',
    unit: 'microseconds per symbol (median)',
    node: process.version,
    cases,
    targets: { qr40HUnder1ms: qr40.engine <= 1000, every20xBwipjs: cases.every((c) => c.ratio.bwipjs >= 20) },
  };
  if (options.json) {
    console.log(JSON.stringify(result));
  } else {
    const widths = [20, 12, 14, 12, 12, 12, 12];
    const line = (cells: string[]) => cells.map((s, i) => (i === 0 ? s.padEnd(widths[i]!) : s.padStart(widths[i]!))).join(' ');
    console.log(`\nsymbology: median µs per symbol, encode only (Node ${process.version})`);
    console.log(line(['symbol', 'engine', 'engine.encode', 'bwip-js', 'rxing-wasm', 'bwip/eng', 'rxing/eng']));
    for (const c of cases) {
      console.log(line([c.name, fmt(c.engine), fmt(c.engineEncode), fmt(c.bwipjs), fmt(c.rxing), `${c.ratio.bwipjs.toFixed(1)}x`, `${c.ratio.rxing.toFixed(1)}x`]));
    }
    console.log(
      `\ntargets: QR 40-H <= 1 ms: ${result.targets.qr40HUnder1ms ? 'met' : 'NOT met'} (${fmt(qr40.engine)} µs); ` +
        `every symbol >= 20x bwip-js: ${result.targets.every20xBwipjs ? 'met' : 'NOT met'}`,
    );
  }
  return result;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function fmt(us: number): string {
  return us >= 100 ? us.toFixed(0) : us.toFixed(2);
}
