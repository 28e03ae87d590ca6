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
 * automatically, the expensive part: eight masks scored), Code 128 of 60 characters, EAN-13;
 * Data Matrix of 37 and 960 characters, PDF417 of 10 digits, 960 text characters and 960
 * bytes, and Grid Matrix of 97 and 970 characters, the sizes
 * of zint's own benchmark inputs (backend/tests test_perf; text of the same kinds: an asset
 * URL-like line, long mixed text, Chinese), all sizes chosen automatically. bwip-js has no
 * Grid Matrix and rxing-wasm encodes neither Grid Matrix nor (in 0.5) text beyond ASCII
 * in Data Matrix the same way; a peer without the symbol shows '-'.
 *
 * Each figure is the median of at least 15 samples; a sample times a batch of calls long
 * enough (about 2 ms) for the clock, after a warm-up. Targets (printed, never failed on):
 * QR 40-H at most 1 ms, Data Matrix 960 under 100 µs, PDF417 960 text under 150 µs, Grid
 * Matrix 970 under 150 µs, and
 * every symbol bwip-js makes at least 20 times faster than bwip-js.
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
  /** null: bwip-js has no such symbology. */
  bwip: [bcid: string, text: string, options: string] | null;
  /** null: rxing-wasm cannot encode it. */
  rxing: (() => string) | null;
}

/** Text of `length` characters repeating `unit`. */
const repeat = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
const DM_37 = 'https://example.com/asset/2024-000421'; // 37
const DM_960 = repeat('Asset 0042, Room 4021/7: Dell Latitude 7440 SN 8H2K9L3 purchased 2024-03-18 EUR 1299.00; ', 960);
const PDF_10 = '1234567890';
const PDF_960 = DM_960;
/** 960 bytes of every value (Byte Compaction), fixed pseudo-random. */
const PDF_960_BYTES = Uint8Array.from({ length: 960 }, (_, i) => (i * 167 + 13) & 0xff);
const GM_97 = repeat('固定资产管理系统 Asset 0042 部门: 信息中心 Room 4021 ', 97);
const GM_970 = repeat('Asset 0042 Room 4021 Dell Latitude 7440 SN 8H2K9L3 2024-03-18 固定资产; ', 970);

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
  ...[DM_37, DM_960].map((data) => ({
    name: `Data Matrix ${data.length}`,
    engine: { type: 'datamatrix', data } as SymbolRequest,
    bwip: ['datamatrix', data, ''] as [string, string, string],
    rxing: () => encode_barcode(data, 0, 0, BarcodeFormat.DataMatrix),
  })),
  ...[[`PDF417 10 digits`, PDF_10], [`PDF417 960 text`, PDF_960]].map(([name, data]) => ({
    name: name!,
    engine: { type: 'pdf417', data: data! } as SymbolRequest,
    bwip: ['pdf417', data!, ''] as [string, string, string],
    rxing: () => encode_barcode(data!, 0, 0, BarcodeFormat.Pdf417),
  })),
  {
    name: 'PDF417 960 bytes',
    engine: { type: 'pdf417', data: PDF_960_BYTES } as SymbolRequest,
    bwip: ['pdf417', Array.from(PDF_960_BYTES, (b) => String.fromCharCode(b)).join(''), 'binarytext'] as [string, string, string],
    rxing: null,
  },
  ...[GM_97, GM_970].map((data) => ({
    name: `Grid Matrix ${Array.from(data).length}`,
    engine: { type: 'gridmatrix', data } as SymbolRequest,
    bwip: null,
    rxing: null,
  })),
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
    /** null: the peer has no such symbology. */
    bwipjs: number | null;
    rxing: number | null;
    /** `engine.encode` (fresh arrays, text), for comparison; ratios use `engine`. */
    engineEncode: number;
    /** peer / engine: how many times faster the engine is. */
    ratio: { bwipjs: number | null; rxing: number | null };
  }[];
  targets: { qr40HUnder1ms: boolean; dm960Under100us: boolean; pdf960TextUnder150us: boolean; gm970Under150us: boolean; every20xBwipjs: boolean };
}

export async function run(options: { json: boolean }): Promise<SymbologyBenchResult> {
  const engine = await loadEngine();
  const cases: SymbologyBenchResult['cases'] = [];
  for (const c of CASES) {
    // Same symbol sizes from every implementation (a sanity check, not a timing).
    const ours = engine.encode(c.engine);
    const bwip = c.bwip;
    if (bwip !== null) {
      const theirs = bwipjs.raw(...bwip)[0] as { pixx?: number };
      // PDF417's automatic column counts differ between encoders (aspect policies).
      if (ours.kind === 'matrix' && c.engine.type !== 'pdf417' && theirs.pixx !== undefined && theirs.pixx !== ours.width) {
        throw new Error(`${c.name}: bwip-js made ${theirs.pixx} modules, the engine ${ours.width}`);
      }
    }
    const buffer = new Uint8Array(177 * 177);
    const e = medianMicros(() => engine.encodeInto(c.engine, buffer), 1500);
    const plain = medianMicros(() => engine.encode(c.engine), 1000);
    const b = bwip === null ? null : medianMicros(() => bwipjs.raw(...bwip), 3000);
    const r = c.rxing === null ? null : medianMicros(c.rxing, 1500);
    cases.push({
      name: c.name, engine: round(e), bwipjs: b === null ? null : round(b), rxing: r === null ? null : round(r), engineEncode: round(plain),
      ratio: { bwipjs: b === null ? null : round(b / e), rxing: r === null ? null : round(r / e) },
    });
  }
  const qr40 = cases.find((c) => c.name === 'QR 40-H')!;
  const dm960 = cases.find((c) => c.name === 'Data Matrix 960')!;
  const gm970 = cases.find((c) => c.name === 'Grid Matrix 970')!;
  const pdf960 = cases.find((c) => c.name === 'PDF417 960 text')!;
  const result: SymbologyBenchResult = {
    bench: 'symbology',
    unit: 'microseconds per symbol (median)',
    node: process.version,
    cases,
    targets: {
      qr40HUnder1ms: qr40.engine <= 1000,
      dm960Under100us: dm960.engine < 100,
      pdf960TextUnder150us: pdf960.engine < 150,
      gm970Under150us: gm970.engine < 150,
      every20xBwipjs: cases.every((c) => c.ratio.bwipjs === null || c.ratio.bwipjs >= 20),
    },
  };
  if (options.json) {
    console.log(JSON.stringify(result));
  } else {
    const widths = [20, 12, 14, 12, 12, 12, 12];
    const opt = (v: number | null, f: (n: number) => string) => (v === null ? '-' : f(v));
    const x = (n: number) => `${n.toFixed(1)}x`;
    const line = (cells: string[]) => cells.map((s, i) => (i === 0 ? s.padEnd(widths[i]!) : s.padStart(widths[i]!))).join(' ');
    console.log(`\nsymbology: median µs per symbol, encode only (Node ${process.version})`);
    console.log(line(['symbol', 'engine', 'engine.encode', 'bwip-js', 'rxing-wasm', 'bwip/eng', 'rxing/eng']));
    for (const c of cases) {
      console.log(line([c.name, fmt(c.engine), fmt(c.engineEncode), opt(c.bwipjs, fmt), opt(c.rxing, fmt), opt(c.ratio.bwipjs, x), opt(c.ratio.rxing, x)]));
    }
    console.log(
      `\ntargets: QR 40-H <= 1 ms: ${result.targets.qr40HUnder1ms ? 'met' : 'NOT met'} (${fmt(qr40.engine)} µs); ` +
        `Data Matrix 960 < 100 µs: ${result.targets.dm960Under100us ? 'met' : 'NOT met'} (${fmt(dm960.engine)} µs); ` +
        `PDF417 960 text < 150 µs: ${result.targets.pdf960TextUnder150us ? 'met' : 'NOT met'} (${fmt(pdf960.engine)} µs); ` +
        `Grid Matrix 970 < 150 µs: ${result.targets.gm970Under150us ? 'met' : 'NOT met'} (${fmt(gm970.engine)} µs); ` +
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
