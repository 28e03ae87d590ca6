/**
 * PDF417 with a fixed row count near capacity (issue 14, "Inputs and limits"): 1,700 'a'
 * in 90 rows trapped the engine ("the label engine crashed (unreachable)"). Data that no
 * width holds in that many rows is a data-too-long error with the spec's message, from the
 * CLI and the facade alike, and the engine goes on working; data that fits is a symbol that
 * rxing-wasm reads back. (The sweep over every row count is in
 * crates/symbology/src/pdf417/tests.rs.)
 */
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeRxing, renderCase } from '../src/engine/corpus/decoders.ts';
import type { Engine } from '../src/engine/engine.ts';
import { EngineError, ErrorCode } from '../src/engine/errors.ts';
import { loadEngine } from '../src/engine/load-node.ts';
import type { SymbolRequest } from '../src/engine/types.ts';

const CLI = join(dirname(dirname(fileURLToPath(import.meta.url))), 'bin', 'assetmark');
const MESSAGE = 'The amount of data is too big to be stored in a PDF417';

function run(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(CLI, args, { cwd: tmpdir(), maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

/** The EngineError `f` throws (fails the test when it returns or throws anything else). */
function engineError(f: () => unknown): EngineError {
  try {
    f();
  } catch (e) {
    if (e instanceof EngineError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('PDF417 with fixed rows near capacity', () => {
  // 1,700 'a': Text, a latch and 850 pairs in 851 codewords, level 5 (64), the length
  // descriptor: 916.
  // 90 rows of 10 columns hold 900, of 11 would need 990 (over 928): no symbol has 90 rows.
  const A1700 = 'a'.repeat(1700);

  it('the CLI reports the issue\'s case as data too long (exit 1), not an engine crash', async () => {
    const r = await run(['encode', '--type', 'pdf417', '--rows', '90', '--data', A1700]);
    expect([r.status, r.stderr.trim(), r.stdout]).toEqual([1, `assetmark: ${MESSAGE}`, '']);
  });

  it('the facade refuses it with DataTooLong and encodes the next request', () => {
    for (const rows of [90, 89, 85]) {
      const e = engineError(() => engine.encode({ type: 'pdf417', data: A1700, rows }));
      expect([rows, e.code, e.message]).toEqual([rows, ErrorCode.DataTooLong, MESSAGE]);
    }
    const s = engine.encode({ type: 'pdf417', data: 'PDF417', columns: 3, rows: 10 });
    expect(s.kind === 'matrix' && [s.width, s.height]).toEqual([17 * 3 + 69, 10]);
  });

  it.each([
    // [rows asked, data, rows and columns of the symbol]
    [60, A1700, 66, 14], // 60 x 16 and 62 x 15 exceed 928: 66 x 14 (as zint 2.11 does)
    [90, 'a'.repeat(1640), 90, 10], // 886 codewords in 900
    [84, A1700, 84, 11], // 916 in 924
    [90, '7'.repeat(2000), 90, 9], // Numeric Compaction: 748 codewords in 810
  ] as const)('%i rows, %#: a symbol rxing-wasm reads back', (rows, data, symbolRows, columns) => {
    const request: SymbolRequest = { type: 'pdf417', data, rows, rowHeight: 3, quietZone: 2 };
    const s = engine.encode(request);
    expect(s.kind === 'matrix' && [s.height, s.version]).toEqual([symbolRows, columns]);
    const { page } = renderCase(engine, { name: `pdf417 r${rows}`, request, zbar: null, zbarOptions: [], rxing: data, rxingHints: {} }, 0);
    expect(decodeRxing(page, {})).toBe(data);
  });
});
