/**
 * Grid Matrix through the facade against Debian's zint 2.11, the reference encoder (no independent
 * decoder reads Grid Matrix): 60 fixed-seed inputs (corpus.ts: digits, ASCII, Chinese, mixed;
 * automatic and fixed layers and ECC levels) must equal `zint -b 142 [--vers=L] [--secure=E]
 * --dump` module for module, automatic choices included, and the layers and level the
 * facade reports must be those of zint's symbol. The full 500+ corpus runs as a cargo test
 * (crates/symbology/tests/zint_gridmatrix.rs); this one proves the wiring: options records,
 * result bytes and the facade's decoding of them.
 *
 * Debian's zint is 2.11, which misencodes two things zint fixed in 2.16.0.9 (the version the
 * engine follows, crates/symbology/ZINT.md): numeral mode where two non-digits fall within a
 * block ("2.2.0"), and the byte mode indicator at the start (0110 for 0111). Texts that may
 * meet the first are left out; texts that may start in byte mode are compared by size only
 * (the bit count is the same). Current zint's symbols for such texts are the ported vectors
 * in crates/symbology/src/gridmatrix/zint_vectors.rs.
 */
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine.ts';
import { loadEngine } from '../load-node.ts';
import { corpus } from './corpus.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

/** zint's dump as rows of 0/1 (its dump is hex, 4 modules a digit, groups of 8 spaced). */
function zintRows(data: string, layers?: number, ecc?: number): string[] {
  // stdio: zint's error message is expected in some cases; keep it out of the test output.
  const args = ['-b', '142', '--dump', '-d', data];
  if (layers !== undefined) args.push(`--vers=${layers}`);
  if (ecc !== undefined) args.push(`--secure=${ecc}`);
  const out = execFileSync('zint', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const rows = out.trimEnd().split('\n');
  const size = rows.length;
  return rows.map((r) =>
    Array.from(r.replace(/\s+/g, ''), (h) => parseInt(h, 16).toString(2).padStart(4, '0')).join('').slice(0, size),
  );
}

/**
 * Whether zint 2.11's numeral look-ahead meets a second non-digit (` +-.,` or CR LF) before a
 * block's third digit somewhere in `data`: then its numeral blocks may be wrong (the same
 * conservative test as the Rust `gridmatrix::zint_2_11_difference`; non-ASCII characters end
 * a look-ahead, so UTF-16 positions do).
 */
function zint211NumeralMayDiffer(data: string): boolean {
  const digit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
  for (let i = 0; i < data.length; i++) {
    let [j, digits, nondigits] = [i, 0, 0];
    while (j < data.length && j < i + 4 && digits < 3) {
      const c = data[j];
      if (digit(c)) digits++;
      else if (' +-.,'.includes(c!) || (c === '\r' && data[j + 1] === '\n')) {
        if (++nondigits === 2) return true;
        if (c === '\r') j++;
      } else break;
      j++;
    }
  }
  return false;
}

/**
 * Whether the encoder may start `data` in byte mode. Letters, digits and spaces cost less in
 * mixed mode (6 bits a character against 8, a 4-bit indicator against 13 with the count, and
 * 6 bits more at most to leave it), and GB 2312 Hanzi less in Hanzi mode (13 bits against 16;
 * the corpus's Hanzi are all GB 2312), so only a text with other characters (punctuation,
 * controls, anything outside GB 2312) may.
 */
function mayStartInByteMode(data: string): boolean {
  return /[^A-Za-z0-9 \u4e00-\u9fff]/.test(data);
}

function rowsOf(modules: Uint8Array, width: number): string[] {
  const rows: string[] = [];
  for (let at = 0; at < modules.length; at += width) rows.push(Array.from(modules.subarray(at, at + width)).join(''));
  return rows;
}

describe('Grid Matrix through the facade', () => {
  it('equals zint for 60 inputs, automatic choices included', () => {
    const cases = corpus('gridmatrix', 60);
    let autoLayers = 0;
    let tooLong = 0;
    let sizeOnly = 0;
    let leftOut = 0;
    for (const c of cases) {
      const request = c.request;
      if (request.type !== 'gridmatrix') throw new Error('gridmatrix');
      // zint 2.11 is no reference for these (see the top of the file).
      if (zint211NumeralMayDiffer(request.data as string)) {
        leftOut += 1;
        continue;
      }
      let symbol;
      try {
        symbol = engine.encode(c.request);
      } catch (e) {
        // Too long for the fixed size: zint refuses it as well.
        expect(String(e), c.name).toContain('Input data too long (E32)');
        expect(() => zintRows(request.data as string, request.layers, request.ecc), c.name).toThrow();
        tooLong += 1;
        continue;
      }
      if (symbol.kind !== 'matrix') throw new Error('a matrix');
      const expected = zintRows(request.data as string, request.layers, request.ecc);
      if (mayStartInByteMode(request.data as string)) {
        expect(symbol.width, c.name).toBe(expected.length);
        sizeOnly += 1;
      } else {
        expect(rowsOf(symbol.modules, symbol.width), c.name).toEqual(expected);
      }
      expect(symbol.width).toBe(6 + 12 * symbol.version);
      expect(symbol.eccLevel).toBeGreaterThanOrEqual(1);
      if (request.layers === undefined) autoLayers += 1;
      // Fixing the reported choices reproduces the symbol: they are what was used.
      const fixed = engine.encode({ type: 'gridmatrix', data: request.data, layers: symbol.version, ecc: symbol.eccLevel });
      expect(fixed.modules).toEqual(symbol.modules);
    }
    // The fixed seed's texts: no numeral look-ahead meets two non-digits; the printable-ASCII
    // ones (with punctuation) are compared by size.
    expect([leftOut, sizeOnly]).toEqual([0, 14]);
    expect(autoLayers).toBe(40);
    expect(tooLong).toBeLessThan(15);
  }, 60_000);

  it('reports its choices and takes its options', () => {
    const s = engine.encode({ type: 'gridmatrix', data: '条码' });
    expect(s.kind === 'matrix' && [s.width, s.version, s.eccLevel]).toEqual([18, 1, 5]);
    const t = engine.encode({ type: 'gridmatrix', data: '12345', layers: 3, ecc: 2 });
    expect(t.kind === 'matrix' && [t.width, t.height, t.version, t.eccLevel]).toEqual([42, 42, 3, 2]);
    expect(() => engine.encode({ type: 'gridmatrix', data: 'x', layers: 14 })).toThrow('layers must be a whole number from 0 to 13, got 14');
    expect(() => engine.encode({ type: 'gridmatrix', data: 'x', ecc: 6 })).toThrow('ecc must be a whole number from 0 to 5, got 6');
    expect(() => engine.encode({ type: 'gridmatrix', data: 'x'.repeat(3000), layers: 1 })).toThrow(/Grid Matrix/);
  });
});
