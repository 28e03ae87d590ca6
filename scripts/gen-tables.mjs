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
//   crates/symbology/src/generated/gb2312.bin
//     Grid Matrix Hanzi mode (GB/T 27766, AIMD014 6.3.1): every character of GB 2312-1980 as
//     big-endian u16 pairs (Unicode scalar, EUC-CN code), sorted by Unicode. 7,445 pairs, 29 KB.
//
//   crates/symbology/src/generated/eci-sbcs.bin
//     The single-byte character sets Grid Matrix falls back to, with an ECI, for text that is
//     not all GB 2312 (as zint does): ECI 4-13, 15-18 (ISO/IEC 8859-2 to -16) and 21-24
//     (Windows-1250, -1251, -1252, -1256), in that order. Per set 128 entries of 4 bytes
//     (Unicode u16 big-endian, byte, 0) for bytes 0x80-0xFF, sorted by Unicode, unused
//     entries 0xFFFF at the end. 9 KB.
//
// kanji.bin: the source of truth is the WHATWG Shift_JIS decoder in Node's full ICU. Two
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

// GB 2312 through Node's 'gb2312' decoder. WHATWG makes that label GBK (a superset decoded by
// the GB 18030 decoder), so the region rows 0xA1-0xF7 x columns 0xA1-0xFE also yields GBK's
// additions (small Roman numerals in row 2, vertical forms in row 6, pinyin in row 8, the
// user-defined rows 0xAA-0xAF and cells 0xD7FA-0xD7FE as private-use characters). Only the
// cells GB 2312 itself assigns are kept (its row layout, below), which leaves 7,445.
//
// Two cells decode differently in GBK than in GB 2312's own mapping (unicode.org GB2312.TXT,
// where zint's table comes from): 0xA1A4 (GB 2312 U+30FB katakana middle dot, GBK
// U+00B7 middle dot) and 0xA1AA (U+2015 horizontal bar, GBK U+2014 em dash). GB 2312's are
// kept, so that our symbols equal zint's: zint does not map U+00B7 or U+2014 to GB 2312 and
// carries such text with an ECI instead.
const GB2312_CELLS = {
  // lead byte: [first, last] column ranges GB 2312 assigns
  0xa1: [[0xa1, 0xfe]],
  0xa2: [[0xb1, 0xe2], [0xe5, 0xee], [0xf1, 0xfc]],
  0xa3: [[0xa1, 0xfe]],
  0xa4: [[0xa1, 0xf3]],
  0xa5: [[0xa1, 0xf6]],
  0xa6: [[0xa1, 0xb8], [0xc1, 0xd8]],
  0xa7: [[0xa1, 0xc1], [0xd1, 0xf1]],
  0xa8: [[0xa1, 0xba], [0xc5, 0xe9]],
  0xa9: [[0xa4, 0xef]],
};
const GB2312_OVERRIDES = { 0xa1a4: 0x30fb, 0xa1aa: 0x2015 };

function gb2312Columns(lead) {
  if (GB2312_CELLS[lead]) return GB2312_CELLS[lead];
  if (lead >= 0xb0 && lead <= 0xf7) return [[0xa1, lead === 0xd7 ? 0xf9 : 0xfe]]; // Hanzi, levels 1 and 2
  return [];
}

function gb2312Pairs() {
  const decoder = new TextDecoder('gb2312', { fatal: true });
  if (decoder.encoding !== 'gbk') throw new Error(`TextDecoder('gb2312') is '${decoder.encoding}', expected WHATWG gbk`);
  const byUnicode = new Map();
  for (let lead = 0xa1; lead <= 0xf7; lead++) {
    for (const [first, last] of gb2312Columns(lead)) {
      for (let trail = first; trail <= last; trail++) {
        const code = (lead << 8) | trail;
        const chars = [...decoder.decode(new Uint8Array([lead, trail]))];
        if (chars.length !== 1) throw new Error(`GB 2312 0x${code.toString(16)} decodes to ${chars.length} characters`);
        const unicode = GB2312_OVERRIDES[code] ?? chars[0].codePointAt(0);
        if (unicode < 0x80 || unicode > 0xffff || (unicode >= 0xe000 && unicode <= 0xf8ff)) {
          throw new Error(`GB 2312 0x${code.toString(16)} decodes to U+${unicode.toString(16)} (Node needs full ICU)`);
        }
        if (byUnicode.has(unicode)) throw new Error(`U+${unicode.toString(16)} twice in GB 2312`);
        byUnicode.set(unicode, code);
      }
    }
  }
  // Values from GB 2312 itself: the ideographic space, 啊 (first level-1 Hanzi), 齄 (last
  // level-2 Hanzi), 座 (last of row 55), é (pinyin), Ａ (full-width A).
  const expect = { 0x3000: 0xa1a1, 0x554a: 0xb0a1, 0x9f44: 0xf7fe, 0x5ea7: 0xd7f9, 0xe9: 0xa8a6, 0xff21: 0xa3c1 };
  for (const [u, code] of Object.entries(expect)) {
    if (byUnicode.get(Number(u)) !== code) throw new Error(`GB 2312 decoder gives wrong code for U+${Number(u).toString(16)}`);
  }
  if (byUnicode.size !== 7445) throw new Error(`GB 2312 table has ${byUnicode.size} characters, expected 7445`);
  return [...byUnicode.entries()].sort((a, b) => a[0] - b[0]);
}

function writeGb2312() {
  const pairs = gb2312Pairs();
  const bytes = Buffer.alloc(pairs.length * 4);
  pairs.forEach(([unicode, code], i) => {
    bytes.writeUInt16BE(unicode, i * 4);
    bytes.writeUInt16BE(code, i * 4 + 2);
  });
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'gb2312.bin'), bytes);
  return pairs.length;
}

// Single-byte ECIs in the order zint tries them (ECI 3, ISO/IEC 8859-1, is computed in Rust).
// WHATWG has no ISO-8859-9 or -11 decoder (their labels give Windows-1254 and -874), but those
// agree with ISO-8859-9/-11 on 0xA0-0xFF, the only half an ISO/IEC 8859 ECI takes from them:
// ISO sets carry no characters at 0x80-0x9F (C1 controls), so those bytes are left out. In the
// Windows sets, bytes WHATWG decodes to C1 controls (or ICU to private-use characters) are
// unassigned in Windows itself, and are left out too.
const SBCS = [
  [4, 'iso-8859-2'], [5, 'iso-8859-3'], [6, 'iso-8859-4'], [7, 'iso-8859-5'], [8, 'iso-8859-6'],
  [9, 'iso-8859-7'], [10, 'iso-8859-8'], [11, 'windows-1254'], [12, 'iso-8859-10'], [13, 'windows-874'],
  [15, 'iso-8859-13'], [16, 'iso-8859-14'], [17, 'iso-8859-15'], [18, 'iso-8859-16'],
  [21, 'windows-1250'], [22, 'windows-1251'], [23, 'windows-1252'], [24, 'windows-1256'],
];

// Node's ICU has no ISO-8859-16 converter (WHATWG lists the label, ICU's data lacks it), so
// its upper half (0xA0-0xFF, ISO/IEC 8859-16:2001) is written out here; the rest of that set
// is ASCII and C1 controls. 96 characters, checked for length below.
const ISO_8859_16_UPPER =
  '\u00a0ĄąŁ€„Š§š©Ș«Ź\u00adźŻ°±ČłŽ”¶·žčș»ŒœŸżÀÁÂĂÄĆÆÇÈÉÊËÌÍÎÏĐŃÒÓÔŐÖŚŰÙÚÛÜĘȚßàáâăäćæçèéêëìíîïđńòóôőöśűùúûüęțÿ';

// Node 20's TextDecoder('windows-1252') decodes as ISO-8859-1 (a Node bug: 0x80 comes back as
// U+0080, not €). Windows-1252 is Windows-1254 at 0x80-0x9F except 0x8E (Ž) and 0x9E (ž), which
// 1254 leaves unassigned, and ISO-8859-1 at 0xA0-0xFF; built from those.
const windows1254 = sbcsDecoder('windows-1254');
function windows1252(b) {
  if (b >= 0xa0) return b;
  if (b === 0x8e) return 0x17d;
  if (b === 0x9e) return 0x17e;
  return windows1254(b);
}

function sbcsDecoder(label) {
  const decoder = new TextDecoder(label, { fatal: false });
  return (b) => decoder.decode(new Uint8Array([b])).codePointAt(0);
}

function writeSbcs() {
  if ([...ISO_8859_16_UPPER].length !== 96) throw new Error('ISO-8859-16 table must have 96 characters');
  const bytes = Buffer.alloc(SBCS.length * 128 * 4);
  SBCS.forEach(([eci, label], t) => {
    const decode =
      label === 'iso-8859-16' ? (b) => ISO_8859_16_UPPER.codePointAt(b - 0xa0)
      : label === 'windows-1252' ? windows1252
      : sbcsDecoder(label);
    const iso = eci <= 18;
    const pairs = [];
    for (let b = iso ? 0xa0 : 0x80; b <= 0xff; b++) {
      const u = decode(b);
      // Unassigned: U+FFFD, C1 controls, and ICU's private-use fillers in Windows-874.
      if (u === 0xfffd || (u >= 0x80 && u <= 0x9f) || (u >= 0xe000 && u <= 0xf8ff)) continue;
      pairs.push([u, b]);
    }
    pairs.sort((a, b) => a[0] - b[0]);
    for (let i = 0; i < 128; i++) {
      const [u, b] = pairs[i] ?? [0xffff, 0];
      bytes.writeUInt16BE(u, (t * 128 + i) * 4);
      bytes[(t * 128 + i) * 4 + 2] = b;
    }
  });
  // Spot checks: € is 0xA4 in ISO-8859-7 (ECI 9) and 0x80 in Windows-1252 (ECI 23).
  const find = (t, u) => { for (let i = 0; i < 128; i++) if (bytes.readUInt16BE((t * 128 + i) * 4) === u) return bytes[(t * 128 + i) * 4 + 2]; return -1; };
  if (find(5, 0x20ac) !== 0xa4 || find(16, 0x20ac) !== 0x80 || find(3, 0x416) !== 0xb6) {
    throw new Error('single-byte decoders give unexpected values (Node needs full ICU)');
  }
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'eci-sbcs.bin'), bytes);
}

const n = writeKanji();
const g = writeGb2312();
writeSbcs();
console.log(`gen-tables: kanji.bin (${n} pairs), gb2312.bin (${g} pairs), eci-sbcs.bin`);
