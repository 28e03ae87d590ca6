/**
 * Data Matrix and Grid Matrix through the facade: the standards' worked examples, the
 * choices the engine reports, options and their refusals, rendering with quiet zones.
 * (Decoder and zint proofs: corpus/datamatrix.test.ts, corpus/gridmatrix.test.ts.)
 */
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine.ts';
import { ErrorCode } from './errors.ts';
import { loadEngine } from './load-node.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

const rows = (s: { modules: Uint8Array; width: number }) => {
  const out: string[] = [];
  for (let at = 0; at < s.modules.length; at += s.width) out.push(Array.from(s.modules.subarray(at, at + s.width)).join(''));
  return out;
};

/** zint's dump (hex, 4 modules a digit) as rows of 0/1 of `width`. */
const zintRows = (args: string[], width: number) =>
  execFileSync('zint', [...args, '--dump'], { encoding: 'utf8' })
    .trimEnd()
    .split('\n')
    .map((r) => Array.from(r.replace(/\s+/g, ''), (h) => parseInt(h, 16).toString(2).padStart(4, '0')).join('').slice(0, width));

describe('Data Matrix', () => {
  it('encodes "123456" as 10x10 (ISO/IEC 16022), as zint does', () => {
    const s = engine.encode({ type: 'datamatrix', data: '123456' });
    if (s.kind !== 'matrix') throw new Error('matrix');
    expect([s.width, s.height, s.version]).toEqual([10, 10, 1]);
    expect(s.ecc).toBeUndefined();
    expect(rows(s)).toEqual(zintRows(['-b', '71', '-d', '123456'], 10));
  });

  it('takes shape and fixed sizes by number or RxC', () => {
    const rect = engine.encode({ type: 'datamatrix', data: '123456', shape: 'rectangle' });
    expect(rect.kind === 'matrix' && [rect.width, rect.height, rect.version]).toEqual([18, 8, 25]);
    const sq = engine.encode({ type: 'datamatrix', data: 'ABCDEFGHIJKLMNOPQRSTU', shape: 'square' });
    expect(sq.kind === 'matrix' && sq.width === sq.height).toBe(true);
    const n = engine.encode({ type: 'datamatrix', data: '123456', size: 5 });
    expect(n.kind === 'matrix' && [n.width, n.height, n.version]).toEqual([18, 18, 5]);
    const rc = engine.encode({ type: 'datamatrix', data: '123456', size: '16x48' });
    expect(rc.kind === 'matrix' && [rc.width, rc.height, rc.version]).toEqual([48, 16, 30]);
    expect(rows(rc as never)).toEqual(zintRows(['-b', '71', '--vers=30', '-d', '123456'], 48));
    const bytes = engine.encode({ type: 'datamatrix', data: new Uint8Array([0, 255, 128]) });
    expect(bytes.kind).toBe('matrix');
    const gs1 = engine.encode({ type: 'datamatrix', data: '(01)09501101530003(10)AB', gs1: true });
    expect(rows(gs1 as never)).toEqual(zintRows(['-b', '71', '--gs1', '-d', '[01]09501101530003[10]AB'], (gs1 as { width: number }).width));
  });

  it('refuses bad options and data with messages', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return [(e as { code: number }).code, (e as Error).message];
      }
      return 'no error';
    };
    expect(code(() => engine.encode({ type: 'datamatrix', data: 'x', shape: 'round' as never }))).toEqual([ErrorCode.Parameter, `shape must be 'auto', 'square' or 'rectangle', got "round"`]);
    expect(code(() => engine.encode({ type: 'datamatrix', data: 'x', size: 49 }))).toEqual([ErrorCode.Parameter, 'size must be a whole number from 0 to 48, got 49']);
    expect(code(() => engine.encode({ type: 'datamatrix', data: 'x', size: '10x11' }))).toEqual([ErrorCode.Parameter, 'symbol option Data Matrix size has no size 10x11']);
    expect(code(() => engine.encode({ type: 'datamatrix', data: 'x', size: 'big' }))).toEqual([ErrorCode.Parameter, `size must be a size number 0-48 or 'RxC' such as '16x48', got "big"`]);
    expect((code(() => engine.encode({ type: 'datamatrix', data: '1234567890123', size: 1 })) as unknown[])[0]).toBe(ErrorCode.VersionTooSmall);
    expect((code(() => engine.encode({ type: 'datamatrix', data: '' })) as unknown[])[0]).toBe(ErrorCode.NoData);
    expect((code(() => engine.encode({ type: 'datamatrix', data: 'x'.repeat(3000) })) as unknown[])[0]).toBe(ErrorCode.DataTooLong);
  });

  it('renders whole-dot modules inside its quiet zone (default 2 modules)', () => {
    const m = engine.measure({ type: 'datamatrix', data: '123456', xMm: 0, yMm: 0, widthMm: 14 * 0.5, heightMm: 14 * 0.5, dpi: 254 });
    expect([m.modulesWide, m.moduleDots, m.widthDots, m.fits]).toEqual([10, 5, 50, true]);
    expect([m.xDots, m.yDots]).toEqual([10, 10]);
    const tight = engine.measure({ type: 'datamatrix', data: '123456', quietZone: 0, xMm: 0, yMm: 0, widthMm: 5, heightMm: 5, dpi: 254 });
    expect(tight.moduleDots).toBe(5);
  });
});

describe('Grid Matrix', () => {
  it('reports layers and ECC level and keeps a 6-module quiet zone by default', () => {
    const s = engine.encode({ type: 'gridmatrix', data: '条码' });
    expect(s.kind === 'matrix' && [s.width, s.version, s.eccLevel]).toEqual([18, 1, 5]);
    const m = engine.measure({ type: 'gridmatrix', data: '条码', xMm: 0, yMm: 0, widthMm: 30 * 0.1, heightMm: 30 * 0.1, dpi: 254 });
    expect([m.moduleDots, m.xDots, m.fits]).toEqual([1, 6, true]);
    const q0 = engine.measure({ type: 'gridmatrix', data: '条码', quietZone: 0, xMm: 0, yMm: 0, widthMm: 3, heightMm: 3, dpi: 254 });
    expect(q0.moduleDots).toBe(1);
    const page = engine.renderPage({ widthMm: 3, heightMm: 3, dpi: 254, elements: [{ kind: 'barcode', type: 'gridmatrix', data: '条码', xMm: 0, yMm: 0, widthMm: 3, heightMm: 3 }] });
    expect(page.width).toBe(30);
  });

  it('refuses options of other types', () => {
    expect(() => engine.encode({ type: 'gridmatrix', data: 'x', shape: 'square' } as never)).toThrow('Grid Matrix takes no Data Matrix shape option');
    expect(() => engine.encode({ type: 'qrcode', data: 'x', layers: 2 } as never)).toThrow('QR Code takes no Grid Matrix layers option');
  });
});

describe('PDF417', () => {
  it('encodes "PDF417" at ECC level 1, as zint does with the same columns', () => {
    const s = engine.encode({ type: 'pdf417', data: 'PDF417', ecc: 1, columns: 2 });
    if (s.kind !== 'matrix') throw new Error('matrix');
    expect([s.width, s.version, s.eccLevel]).toEqual([17 * 2 + 69, 2, 1]);
    expect(rows(s)).toEqual(zintRows(['-b', '55', '--secure=1', '--cols=2', '-d', 'PDF417'], s.width));
    const auto = engine.encode({ type: 'pdf417', data: 'PDF417', ecc: 1 });
    expect(auto.kind === 'matrix' && auto.eccLevel).toBe(1);
    const fixed = engine.encode({ type: 'pdf417', data: 'PDF417', columns: 3, rows: 10 });
    expect(fixed.kind === 'matrix' && [fixed.width, fixed.height, fixed.version]).toEqual([17 * 3 + 69, 10, 3]);
  });

  it('draws rows rowHeight modules tall inside a 2-module quiet zone', () => {
    const s = engine.encode({ type: 'pdf417', data: 'PDF417', columns: 2 });
    if (s.kind !== 'matrix') throw new Error('matrix');
    const m = engine.measure({ type: 'pdf417', data: 'PDF417', columns: 2, xMm: 0, yMm: 0, widthMm: 100, heightMm: 100, dpi: 254, moduleWidthMm: 0.2 });
    expect([m.moduleDots, m.widthDots, m.heightDots, m.modulesHigh]).toEqual([2, s.width * 2, s.height * 3 * 2, s.height * 3]);
    const tall = engine.measure({ type: 'pdf417', data: 'PDF417', columns: 2, rowHeight: 5, xMm: 0, yMm: 0, widthMm: 100, heightMm: 100, dpi: 254, moduleWidthMm: 0.2 });
    expect(tall.heightDots).toBe(s.height * 5 * 2);
    // Automatic fit: the quiet zone (2 modules) on every side.
    const fit = engine.measure({ type: 'pdf417', data: 'PDF417', columns: 2, xMm: 0, yMm: 0, widthMm: (s.width + 4) * 0.1, heightMm: 100, dpi: 254 });
    expect([fit.moduleDots, fit.xDots]).toEqual([1, 2]);
  });

  it('refuses options out of range', () => {
    expect(() => engine.encode({ type: 'pdf417', data: 'x', ecc: 9 })).toThrow('ecc must be a whole number from 0 to 8, got 9');
    expect(() => engine.encode({ type: 'pdf417', data: 'x', columns: 31 })).toThrow('columns must be a whole number from 0 to 30, got 31');
    expect(() => engine.encode({ type: 'pdf417', data: 'x', rows: 2 })).toThrow('rows must be 0 (automatic) or 3 to 90, got 2');
    expect(() => engine.encode({ type: 'pdf417', data: 'x', rowHeight: 0 })).toThrow('rowHeight must be a whole number from 1 to 30, got 0');
    expect(() => engine.encode({ type: 'pdf417', data: 'x', aspect: 0.5 })).toThrow('aspect must be a number from 1 to 100, got 0.5');
    expect(() => engine.encode({ type: 'pdf417', data: 'x', shape: 'square' } as never)).toThrow('PDF417 takes no Data Matrix shape option');
  });
});
