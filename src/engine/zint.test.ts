/**
 * Our Code 128 against Debian's zint 2.11 (`zint -b 20 --dump`) for a few hundred inputs
 * from a fixed seed. The engine follows current zint (2.16.0.9, crates/symbology/ZINT.md),
 * whose minimal encodation (2.14.0) replaced 2.11's ISO 15417 Annex E rules: its symbols are
 * never longer than 2.11's and, on ties, often other ones ("123": 2.11 StartB 1 2 3, 2.16
 * StartC 12 CodeB 3). So against 2.11: never longer; identical or, where not, decoding
 * (rxing-wasm) to the input. Module equality with current zint is checked by its own
 * vectors (crates/symbology/src/code128_zint_vectors.rs).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode_barcode } from 'rxing-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine.ts';
import { loadEngine } from './load-node.ts';
import { code128DumpToModules, modulesToPage, pageToLuma, seededRandom, show } from './testing.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

/** zint's dumps for `inputs`, one batch run; every byte is passed as a \xNN escape. */
function zintDumps(inputs: string[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'assetmark-zint-'));
  try {
    const file = join(dir, 'inputs.txt');
    const escape = (s: string) => Array.from(s, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
    writeFileSync(file, inputs.map(escape).join('\n') + '\n');
    const out = execFileSync('zint', ['-b', '20', '--batch', '--dump', '--esc', '-i', file], { encoding: 'utf8' });
    return out.trimEnd().split('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function randomInputs(count: number): string[] {
  const rand = seededRandom(20_240_611);
  const pick = (chars: string) => chars[rand(chars.length)]!;
  const LOWER = 'abcdefghijklmnopqrstuvwxyz';
  const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const PUNCT = ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~\x7f';
  const out: string[] = [];
  while (out.length < count) {
    const length = 1 + rand(25); // zint 2.11 stops at 60 symbol characters; 25 stays under
    let s = '';
    while (s.length < length) {
      switch (rand(7)) {
        case 0: // a digit run, odd or even
        case 1: {
          const run = 1 + rand(9);
          for (let i = 0; i < run; i++) s += String(rand(10));
          break;
        }
        case 2: s += pick(LOWER); break;
        case 3: s += pick(UPPER); break;
        case 4: s += String.fromCharCode(rand(32)); break; // control character (set A)
        case 5: s += pick(PUNCT); break;
        default: s += String.fromCharCode(rand(128));
      }
    }
    out.push(s.slice(0, length));
  }
  return out;
}

const FIXED = [
  '1', '12', '123', '1234', '12345', '123456', '1234567', 'A', 'a', '\x00', '\x7f',
  'a1', 'a12', 'a123', 'a1234', 'a12345', 'a123456', '1a', '12a', '123a', '1234a', '12345a',
  'a1234b', 'a12345b', 'ab1234cd', 'AB\x01', 'ab\x01cd', '\x01a\x01a', '\x01ab\x01', '1A\x01', 'A1\x01',
  'Hello', 'PJJ123C', 'ASSET-000123', 'lower UPPER 0123', '\t\n\r', 'x\x1fy\x1fz',
];

describe('Code 128 against zint 2.11', () => {
  it(`is never longer, identical or decoding to the input (${FIXED.length} fixed + 400 random inputs)`, () => {
    const inputs = [...FIXED, ...randomInputs(400)];
    const dumps = zintDumps(inputs);
    expect(dumps.length).toBe(inputs.length);

    const longerThanZint: string[] = [];
    const other: { data: string; modules: Uint8Array }[] = [];
    let shorter = 0;
    inputs.forEach((data, i) => {
      const ours = engine.encode({ type: 'code128', data }).modules;
      const oursText = Array.from(ours).join('');
      const zint = code128DumpToModules(dumps[i]!);
      if (oursText.length > zint.length) longerThanZint.push(show(data));
      else if (oursText !== zint) {
        other.push({ data, modules: ours });
        if (oursText.length < zint.length) shorter += 1;
      }
    });

    expect(longerThanZint).toEqual([]);
    // The fixed seed's counts: 2.11's heuristic misses some control/letter mixes such as
    // "1A\x01" (ours shorter), and ties go another way in others.
    expect([other.length, shorter]).toEqual([214, 40]);
    expect(other.map((s) => s.data)).toContain('1A\x01');
    expect(other.map((s) => s.data)).toContain('123');
    for (const { data, modules } of other) {
      const page = modulesToPage(modules);
      expect(decode_barcode(pageToLuma(page), page.width, page.height, true).text(), show(data)).toBe(data);
    }
  });
});
