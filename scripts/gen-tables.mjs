#!/usr/bin/env node
// Generates the engine's derived tables, so nobody types them by hand. Run by
// scripts/build-wasm.sh when an output is missing; run by hand after editing this file:
//
//   node scripts/gen-tables.mjs
//
// Output (gitignored, included by the Rust code with include_bytes!):
//
//   crates/symbology/src/generated/kanji.bin
//     QR Code Kanji mode (ISO/IEC 18004 7.4.6): every character of JIS X 0208 whose Shift JIS
//     code lies in the Kanji-mode ranges 0x8140-0x9FFC and 0xE040-0xEBBF, as big-endian u16
//     pairs (Unicode scalar, Shift JIS code), sorted by Unicode for binary search.
//     About 6,870 pairs, 27 KB.
//
// The source of truth is the WHATWG Shift_JIS decoder in Node's full ICU (TextDecoder). Two
// groups of codes are left out on purpose, because QR decoders disagree about them and a
// character we put in Kanji mode must come back as the same character from every decoder
// (zbar decodes with glibc iconv "SJIS", ZXing with Java "Shift_JIS", rxing with encoding_rs,
// which is WHATWG):
//   * lead byte 0x87 (NEC row 13: circled numbers, Roman numerals, ...): an extension, not
//     JIS X 0208; glibc and Java reject it. Those characters go to UTF-8 byte mode instead.
//   * six codes of row 1 that WHATWG maps to full-width forms while glibc and Java map them
//     to other characters (0x8160 wave dash, 0x8161, 0x817C, 0x8191, 0x8192, 0x81CA).
// Where one Unicode character has two codes, the lower (JIS X 0208 proper) code is kept.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'crates/symbology/src/generated');

const DISAGREEING_CODES = new Set([0x8160, 0x8161, 0x817c, 0x8191, 0x8192, 0x81ca]);

function kanjiPairs() {
  const decoder = new TextDecoder('shift_jis', { fatal: false });
  const byUnicode = new Map();
  const inRange = (code) => (code >= 0x8140 && code <= 0x9ffc) || (code >= 0xe040 && code <= 0xebbf);
  for (let lead = 0x81; lead <= 0xeb; lead++) {
    if ((lead > 0x9f && lead < 0xe0) || lead === 0x87) continue;
    for (let trail = 0x40; trail <= 0xfc; trail++) {
      if (trail === 0x7f) continue;
      const code = (lead << 8) | trail;
      if (!inRange(code) || DISAGREEING_CODES.has(code)) continue;
      const text = decoder.decode(new Uint8Array([lead, trail]));
      const chars = [...text];
      if (chars.length !== 1 || text === '\uFFFD') continue;
      const unicode = text.codePointAt(0);
      if (unicode > 0xffff) throw new Error(`unexpected astral character for 0x${code.toString(16)}`);
      if (!byUnicode.has(unicode)) byUnicode.set(unicode, code);
    }
  }
  const pairs = [...byUnicode.entries()].sort((a, b) => a[0] - b[0]);
  // Sanity checks against values from the standard and JIS X 0208, so a Node without full
  // ICU (whose decoder would be missing or different) fails loudly here, not in a decoder.
  const expect = { 0x3000: 0x8140, 0x3042: 0x82a0, 0x4e9c: 0x889f, 0x70b9: 0x935f, 0x8317: 0xe4aa, 0x7199: 0xeaa4 };
  for (const [u, s] of Object.entries(expect)) {
    if (byUnicode.get(Number(u)) !== s) {
      throw new Error(`Shift_JIS decoder gives 0x${(byUnicode.get(Number(u)) ?? 0).toString(16)} for U+${Number(u).toString(16)}; expected 0x${s.toString(16)} (Node needs full ICU)`);
    }
  }
  if (pairs.length < 6800 || pairs.length > 7000) throw new Error(`unexpected kanji table size ${pairs.length}`);
  return pairs;
}

function writeKanji() {
  const pairs = kanjiPairs();
  const bytes = Buffer.alloc(pairs.length * 4);
  pairs.forEach(([unicode, sjis], i) => {
    bytes.writeUInt16BE(unicode, i * 4);
    bytes.writeUInt16BE(sjis, i * 4 + 2);
  });
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'kanji.bin'), bytes);
  return pairs.length;
}

const n = writeKanji();
console.log(`gen-tables: kanji.bin (${n} pairs)`);
