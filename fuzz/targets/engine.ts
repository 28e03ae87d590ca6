/**
 * Fuzzing the engine's C ABI (crates/engine/src/abi.rs) from below the facade: raw request
 * bytes go straight to `render`, `encode`, `measure` and `load_font`, so the facade's own
 * validation protects nothing. Half the inputs are well-formed requests built from random
 * but plausible pages and symbols (through the facade's compilers, to reach deep into the
 * engine), half are those mutated at the byte level (to hit every length, count and enum
 * check on the way in).
 *
 * A trap (panic, out-of-bounds, allocation failure) fails; so does a "success" whose result
 * lies outside memory, and so does a canary page rendering differently after the inputs
 * before it (state leaking between calls).
 */
import { readFileSync } from 'node:fs';
import { compileMeasureRequest, writeDisplayList } from '../../src/engine/display-list.ts';
import { SYMBOLOGIES, BARCODE_TYPES, optionBytes, dataBytes } from '../../src/engine/symbologies.ts';
import type { BarcodeType, PageElement, PageSpec, SymbolRequest } from '../../src/engine/types.ts';
import { mutateBytes, concat } from '../mutate.ts';
import { Rng, randomText } from '../random.ts';
import { describeError, type FuzzFailure, type FuzzTarget } from '../target.ts';

const WASM_URL = new URL('../../src/engine/generated/assetmark_engine.wasm', import.meta.url);
const FONT_URL = new URL('../../dist/fonts/LiberationSans-Regular.ttf', import.meta.url);

type AbiFn = 'render' | 'encode' | 'measure' | 'load_font';

interface Exports {
  memory: WebAssembly.Memory;
  alloc(len: number): number;
  free(ptr: number, len: number): void;
  render(ptr: number, len: number): number;
  encode(ptr: number, len: number): number;
  measure(ptr: number, len: number): number;
  load_font(ptr: number, len: number): number;
  clear_fonts(): number;
  result_ptr(): number;
  result_len(): number;
  error_message_ptr(): number;
  error_message_len(): number;
}

/** A fresh instance once memory passes this, bytes: a fuzzed page may grow it legitimately,
 * and a long run should not keep the high-water mark. */
const RESET_MEMORY_BYTES = 512 * 1024 * 1024;
/** The canary is rendered again every this many inputs. */
const CANARY_EVERY = 256;
/** Valid requests per ABI call kept for mutation and splicing. */
const CORPUS_SIZE = 48;

const FONT_NAMES = ['Sans', '黑体', 'Fuzz', ''];

export function createEngineTarget(seed: number): FuzzTarget {
  const module = new WebAssembly.Module(readFileSync(WASM_URL));
  let x = instantiate(module);
  const font = readFileSync(FONT_URL);

  const canaryList = writeDisplayList(canaryPage()).slice(); // the compiler reuses its buffer
  const callRaw = (fn: AbiFn, request: Uint8Array): { status: number; result?: Uint8Array } => {
    const len = Math.max(request.length, 1);
    const ptr = x.alloc(len) >>> 0;
    if (ptr === 0) return { status: -1 };
    new Uint8Array(x.memory.buffer).set(request, ptr);
    try {
      const status = x[fn](ptr, request.length);
      if (status !== 0) {
        // Reading the message is part of the ABI contract: it must lie in memory.
        const at = x.error_message_ptr() >>> 0;
        const n = x.error_message_len() >>> 0;
        if (at + n > x.memory.buffer.byteLength) throw new ContractError(`error message outside memory (${at}+${n})`);
        return { status };
      }
      const at = x.result_ptr() >>> 0;
      const n = x.result_len() >>> 0;
      if (at + n > x.memory.buffer.byteLength) throw new ContractError(`result outside memory (${at}+${n})`);
      return { status, result: new Uint8Array(x.memory.buffer, at, n).slice() };
    } finally {
      x.free(ptr, len);
    }
  };
  const canaryExpected = callRaw('render', canaryList).result;
  if (!canaryExpected) throw new Error('the canary page does not render: the fuzz target is broken');

  const corpus: Record<AbiFn, Uint8Array[]> = { render: [], encode: [], measure: [], load_font: [] };
  const setupRng = new Rng(seed ^ 0x5eed, 0);
  for (let i = 0; corpus.render.length < CORPUS_SIZE && i < CORPUS_SIZE * 20; i++) {
    const list = tryCompile(() => writeDisplayList(randomPage(setupRng)));
    if (list) corpus.render.push(list.slice());
  }
  for (let i = 0; i < CORPUS_SIZE; i++) {
    corpus.encode.push(encodeRequest(randomSymbol(setupRng), setupRng.chance(0.5)));
    const m = tryCompile(() => compileMeasureRequest(setupRng.pick([203, 300, 600]), randomBox(setupRng), randomSymbol(setupRng)));
    if (m) corpus.measure.push(m.slice());
  }
  corpus.load_font.push(fontRequest('Fuzz', font));

  const prepare = (rng: Rng): { fn: AbiFn; request: Uint8Array } => {
    const fn: AbiFn = rng.chance(0.45) ? 'render' : rng.chance(0.6) ? 'encode' : rng.chance(0.85) ? 'measure' : 'load_font';
    return { fn, request: makeRequest(rng, fn, corpus, font) };
  };

  let inputs = 0;
  return {
    name: 'engine',
    input(seed: number, index: number) {
      const { fn, request } = prepare(new Rng(seed, index));
      return { input: request, label: fn };
    },
    run(seed: number, index: number): FuzzFailure | null {
      const rng = new Rng(seed, index);
      const { fn, request } = prepare(rng);
      try {
        const answer = callRaw(fn, request);
        if (fn === 'load_font' && answer.status === 0) {
          // A font that loads must also draw: glyph outlines are parsed lazily.
          const page = tryCompile(() => writeDisplayList(textPage(rng, 'Fuzz')));
          if (page) callRaw('render', page);
          x.clear_fonts();
        }
        if (++inputs % CANARY_EVERY === 0) {
          const again = callRaw('render', canaryList).result;
          if (!again || !sameBytes(again, canaryExpected)) {
            return { kind: 'corrupt', message: 'the canary page renders differently after this input', input: request, label: fn };
          }
        }
        if (x.memory.buffer.byteLength > RESET_MEMORY_BYTES) x = instantiate(module);
        return null;
      } catch (e) {
        x = instantiate(module);
        const kind = e instanceof WebAssembly.RuntimeError ? 'trap' : e instanceof ContractError ? 'contract' : 'throw';
        return { kind, message: describeError(e), input: request, label: fn };
      }
    },
  };
}

class ContractError extends Error {}

function instantiate(module: WebAssembly.Module): Exports {
  return new WebAssembly.Instance(module, {}).exports as unknown as Exports;
}

function tryCompile(compile: () => Uint8Array): Uint8Array | null {
  try {
    return compile().slice();
  } catch {
    return null; // the facade refused it: fine, the raw path is covered by mutation
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function makeRequest(rng: Rng, fn: AbiFn, corpus: Record<AbiFn, Uint8Array[]>, font: Uint8Array): Uint8Array {
  const mutate = rng.chance(0.5);
  let fresh: Uint8Array | null = null;
  if (!mutate || corpus[fn].length === 0) {
    if (fn === 'render') fresh = tryCompile(() => writeDisplayList(randomPage(rng)));
    else if (fn === 'encode') fresh = encodeRequest(randomSymbol(rng), rng.chance(0.5));
    else if (fn === 'measure') fresh = tryCompile(() => compileMeasureRequest(rng.pick([96, 203, 300, 600]), randomBox(rng), randomSymbol(rng)));
    else fresh = fontRequest(rng.pick(FONT_NAMES), rng.chance(0.3) ? font.subarray(0, rng.int(font.length)) : font);
    if (fresh && !mutate) return fresh;
  }
  const base = fresh ?? rng.pick(corpus[fn]);
  if (fn === 'load_font') {
    // Mutate within the font's tables, not only its first bytes: flips spread over the file.
    const out = base.slice();
    const flips = rng.range(1, 64);
    for (let i = 0; i < flips; i++) out[rng.int(out.length)] = rng.u32() & 0xff;
    return out;
  }
  return mutateBytes(rng, base, corpus[fn]);
}

/** The encode call's request (symbol_spec.rs): type id, flags, options length, options, data. */
function encodeRequest(request: SymbolRequest, modulesOnly: boolean): Uint8Array {
  const info = SYMBOLOGIES[request.type as BarcodeType];
  let options: readonly number[];
  try {
    options = optionBytes(request);
  } catch {
    options = [];
  }
  let data: Uint8Array;
  try {
    data = dataBytes(request.type, request.data);
  } catch {
    data = typeof request.data === 'string' ? new TextEncoder().encode(request.data) : request.data;
  }
  const head = new Uint8Array([info.id, modulesOnly ? 1 : 0, options.length & 0xff, options.length >> 8, ...options]);
  return concat(head, data);
}

function fontRequest(name: string, bytes: Uint8Array): Uint8Array {
  const nameBytes = new TextEncoder().encode(name);
  const head = new Uint8Array(2 + nameBytes.length + 6);
  const v = new DataView(head.buffer);
  v.setUint16(0, nameBytes.length, true);
  head.set(nameBytes, 2);
  v.setUint32(2 + nameBytes.length, 0, true);
  return concat(head, bytes);
}

const DIGITS = '0123456789';

function randomData(rng: Rng, type: BarcodeType): string | Uint8Array {
  switch (rng.int(5)) {
    case 0: return SYMBOLOGIES[type].sample;
    case 1: {
      let s = '';
      const n = rng.int(rng.chance(0.1) ? 3000 : 40);
      for (let i = 0; i < n; i++) s += DIGITS[rng.int(10)];
      return s;
    }
    case 2: return rng.bytes(rng.int(rng.chance(0.1) ? 3000 : 60));
    case 3: return 'a'.repeat(rng.int(rng.chance(0.2) ? 4000 : 100));
    default: return randomText(rng);
  }
}

function randomSymbol(rng: Rng): SymbolRequest {
  const type = rng.pick(BARCODE_TYPES);
  const request: Record<string, unknown> = { type, data: randomData(rng, type) };
  // Options of every type, right or wrong for this one: the facade refuses wrong ones, and
  // the fallback to no options keeps the request well-formed.
  if (rng.chance(0.3)) request.ecc = rng.pick(['L', 'M', 'Q', 'H']);
  if (rng.chance(0.2)) request.version = rng.range(0, 45);
  if (rng.chance(0.2)) request.rows = rng.range(0, 95);
  if (rng.chance(0.2)) request.columns = rng.range(0, 32);
  if (rng.chance(0.2)) request.eccLevel = rng.range(0, 9);
  if (rng.chance(0.2)) request.shape = rng.pick(['auto', 'square', 'rectangle']);
  if (rng.chance(0.2)) request.textPosition = rng.pick(['none', 'above', 'below', 'mask']);
  if (rng.chance(0.1)) request.wideRatio = rng.float(1, 4);
  return request as unknown as SymbolRequest;
}

function randomBox(rng: Rng) {
  return { xMm: rng.edgyNumber(20), yMm: rng.edgyNumber(20), widthMm: rng.edgyNumber(30), heightMm: rng.edgyNumber(20) };
}

function randomElement(rng: Rng): PageElement {
  const box = rng.chance(0.9)
    ? { xMm: rng.float(-5, 45), yMm: rng.float(-5, 35), widthMm: rng.float(0, 40), heightMm: rng.float(0, 30) }
    : randomBox(rng);
  const style = { rotation: rng.pick([0, 90, 180, 270] as const), antiColor: rng.chance(0.1), mirror: rng.chance(0.1) };
  switch (rng.int(8)) {
    case 0: return { kind: 'shape', ...box, ...style, shape: rng.pick(['rect', 'roundrect', 'ellipse'] as const), lineWidthMm: rng.float(0, 2), filled: rng.chance(0.3), cornerRadiusMm: rng.float(0, 10) };
    case 1: return { kind: 'rect', ...box, ...style, lineWidthMm: rng.float(0, 2), filled: rng.chance(0.3) };
    case 2: return { kind: 'barcode', ...box, ...style, ...randomSymbol(rng) } as PageElement;
    case 3: {
      const s = randomSymbol(rng);
      return { kind: 'qrcode', ...box, ...style, ...s, type: rng.pick(['qrcode', 'datamatrix', 'pdf417', 'gridmatrix'] as const) } as PageElement;
    }
    case 4: return { kind: 'line', x1Mm: rng.float(-5, 45), y1Mm: rng.float(-5, 35), x2Mm: rng.float(-5, 45), y2Mm: rng.float(-5, 35), lineWidthMm: rng.float(0, 3), dashMm: rng.chance(0.3) ? rng.float(0, 3) : undefined, gapMm: rng.chance(0.3) ? rng.float(0, 3) : undefined, antiColor: style.antiColor };
    case 5: return textElement(rng, box, style, rng.pick(FONT_NAMES));
    case 6: {
      const w = rng.range(0, 40);
      const h = rng.range(0, 40);
      return { kind: 'image', ...box, ...style, image: { width: w, height: h, data: rng.bytes(w * h) }, dither: rng.pick(['threshold', 'ordered', 'floyd-steinberg', 'atkinson', 'grey'] as const), threshold: rng.range(0, 255) };
    }
    default: {
      const rows = rng.range(1, 8);
      const cols = rng.range(1, 8);
      const merges: [number, number, number, number][] = [];
      if (rng.chance(0.4)) {
        const r = rng.int(rows);
        const c = rng.int(cols);
        merges.push([r, c, rng.range(r, rows), rng.range(c, cols)]);
      }
      return {
        kind: 'table', ...box, ...style, lineWidthMm: rng.float(0, 1),
        rowHeightsMm: Array.from({ length: rows }, () => rng.float(0, 8)),
        colWidthsMm: Array.from({ length: cols }, () => rng.float(0, 12)),
        merges,
      };
    }
  }
}

function textElement(rng: Rng, box: { xMm: number; yMm: number; widthMm: number; heightMm: number }, style: object, fontName: string): PageElement {
  return {
    kind: rng.chance(0.8) ? 'text' : 'arctext', ...box, ...style, text: randomText(rng), fontName,
    fontHeightMm: rng.chance(0.9) ? rng.float(0.5, 8) : rng.edgyNumber(5), charSpaceMm: rng.float(-1, 2),
    lineSpace: rng.float(0.5, 3), bold: rng.chance(0.3), italic: rng.chance(0.3), underline: rng.chance(0.2),
    strikeout: rng.chance(0.1), wrap: rng.chance(0.5), autoHeight: rng.chance(0.2), vertical: rng.chance(0.1),
    align: rng.pick(['left', 'center', 'right', 'justify', 'stretch'] as const),
    verticalAlign: rng.pick(['top', 'middle', 'bottom'] as const),
  } as PageElement;
}

function randomPage(rng: Rng): PageSpec {
  const n = rng.int(rng.chance(0.05) ? 60 : 8);
  return {
    widthMm: rng.chance(0.95) ? rng.float(1, 80) : rng.edgyNumber(40),
    heightMm: rng.chance(0.95) ? rng.float(1, 60) : rng.edgyNumber(30),
    dpi: rng.pick([96, 203, 300, 600, rng.range(0, 2400)]),
    elements: Array.from({ length: n }, () => randomElement(rng)),
    grey: rng.chance(0.3),
    flipH: rng.chance(0.1),
    flipV: rng.chance(0.1),
    turn: rng.pick([0, 90, 180, 270] as const),
    cornerRadiusMm: rng.chance(0.2) ? rng.float(0, 10) : undefined,
    background: rng.chance(0.1) ? rng.range(0, 255) : undefined,
  };
}

function textPage(rng: Rng, fontName: string): PageSpec {
  const box = { xMm: 1, yMm: 1, widthMm: 38, heightMm: 20 };
  return { widthMm: 40, heightMm: 30, dpi: 203, grey: rng.chance(0.5), elements: [textElement(rng, box, {}, fontName)] };
}

/** A page touching text, a linear code, a 2D code, a table and a picture. */
function canaryPage(): PageSpec {
  return {
    widthMm: 50, heightMm: 30, dpi: 203,
    elements: [
      { kind: 'text', xMm: 2, yMm: 2, widthMm: 46, heightMm: 5, text: 'Assetmark 资产 01', fontName: 'Sans', fontHeightMm: 3.5 },
      { kind: 'barcode', xMm: 2, yMm: 8, widthMm: 30, heightMm: 10, type: 'code128', data: 'ZC-0001' },
      { kind: 'qrcode', xMm: 34, yMm: 8, widthMm: 14, heightMm: 14, data: 'https://example.com/a/1' },
      { kind: 'table', xMm: 2, yMm: 20, widthMm: 30, heightMm: 8, lineWidthMm: 0.3, rowHeightsMm: [4, 4], colWidthsMm: [10, 20], merges: [] },
      { kind: 'image', xMm: 34, yMm: 23, widthMm: 6, heightMm: 6, image: { width: 4, height: 4, data: new Uint8Array([0, 255, 0, 255, 255, 0, 255, 0, 0, 255, 0, 255, 255, 0, 255, 0]) } },
    ],
  };
}
