#!/usr/bin/env node
// Reads back a corpus of encoded symbols with rxing-wasm, an independent decoder (a port of
// ZXing), and checks that every symbol gives back its text.
//
//   cargo test -p assetmark-symbology write_decoder_corpus -- --ignored   # writes the corpora
//   node scripts/dev/decode-corpus.mjs target/pdf417-corpus target/datamatrix-corpus
//
// A corpus directory holds binary PBM files (P4, 1 = black) and `manifest.tsv`: file name,
// format (`pdf417` or `datamatrix`), the expected text as hex-encoded UTF-8, optionally a note
// shown with failures (size, options), and for a reference symbol `ref:` and the file it
// serves: zint's symbol for the same data. A symbol that is not read back while its reference
// is not either counts as the decoder's limit (rxing 0.5.7 misreads some Data Matrix Base256
// segments, e.g. ECI 26 text, whoever encoded them). Exit status 1 when any other symbol is
// not read back exactly. A development tool; the engine's vitest suite
// decodes rendered pages the same way through the facade.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BarcodeFormat, decode_barcode } from 'rxing-wasm';

const FORMATS = { pdf417: BarcodeFormat.Pdf417, datamatrix: BarcodeFormat.DataMatrix };

/** A binary PBM as 8-bit luma (0 = black, 255 = white). */
function readPbm(path) {
  const bytes = readFileSync(path);
  // Header: "P4", width, height, each followed by whitespace (no comments in our files).
  let pos = 0;
  const fields = [];
  while (fields.length < 3) {
    while (/\s/.test(String.fromCharCode(bytes[pos]))) pos++;
    let start = pos;
    while (!/\s/.test(String.fromCharCode(bytes[pos]))) pos++;
    fields.push(bytes.subarray(start, pos).toString('latin1'));
  }
  pos++; // the single whitespace before the raster
  if (fields[0] !== 'P4') throw new Error(`${path}: not a binary PBM`);
  const [width, height] = [Number(fields[1]), Number(fields[2])];
  const stride = Math.ceil(width / 8);
  const luma = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const black = (bytes[pos + y * stride + (x >> 3)] >> (7 - (x & 7))) & 1;
      luma[y * width + x] = black ? 0 : 255;
    }
  }
  return { width, height, luma };
}

// Results per file; references (zint's symbol for the same data) by the file they serve.
const results = new Map();
const referenceOf = new Map();
const started = performance.now();
for (const dir of process.argv.slice(2)) {
  const manifest = readFileSync(join(dir, 'manifest.tsv'), 'utf8').split('\n').filter(Boolean);
  for (const line of manifest) {
    const [file, format, hex, note = '', ref = ''] = line.split('\t');
    const expected = Buffer.from(hex, 'hex').toString('utf8');
    const { width, height, luma } = readPbm(join(dir, file));
    let got;
    try {
      const result = decode_barcode(luma, width, height, true);
      if (result.format() !== FORMATS[format]) throw new Error(`format ${result.format()}`);
      got = result.text();
    } catch (e) {
      got = `(no result: ${e?.message ?? e})`;
    }
    const key = join(dir, file);
    results.set(key, { ok: got === expected, message: `${key} ${note}: expected ${JSON.stringify(expected.slice(0, 40))}, read ${JSON.stringify(got.slice(0, 40))}` });
    if (ref.startsWith('ref:')) referenceOf.set(join(dir, ref.slice(4)), key);
  }
}
const references = new Set(referenceOf.values());
let ours = 0;
let read = 0;
const excused = [];
const failures = [];
for (const [key, r] of results) {
  if (references.has(key)) continue;
  ours++;
  if (r.ok) read++;
  else if (referenceOf.has(key) && !results.get(referenceOf.get(key)).ok) excused.push(r.message);
  else failures.push(r.message);
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`rxing-wasm: ${read} of ${ours} symbols read back exactly (${seconds} s)`);
if (excused.length) console.log(`  ${excused.length} not read, and not zint's symbol for the same data either: the decoder's limits`);
if (failures.length) console.log(`  ${failures.length} failures:`);
const show = Number(process.env.SHOW ?? 20);
for (const f of failures.slice(0, show)) console.log('  ' + f);
if (process.env.SHOW_EXCUSED) for (const f of excused.slice(0, show)) console.log('  (decoder) ' + f);
process.exit(failures.length ? 1 : 0);
