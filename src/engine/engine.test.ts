import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from './engine.ts';
import { EngineError, ErrorCode } from './errors.ts';
import { loadEngine } from './load-node.ts';
import { pageToPbm } from './pbm.ts';
import { compileDisplayList } from './display-list.ts';
import { pageRow, seededRandom } from './testing.ts';
import type { PageSpec } from './types.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

function engineError(f: () => unknown): EngineError {
  try {
    f();
  } catch (e) {
    if (e instanceof EngineError) return e;
    throw e;
  }
  throw new Error('expected an EngineError');
}

describe('engine.encode', () => {
  it('returns a linear symbol of 0/1 modules without quiet zone', () => {
    const symbol = engine.encode({ type: 'code128', data: 'Hello' });
    expect(symbol.kind).toBe('linear');
    // start + 5 characters + check, 11 modules each, and the 13-module stop
    expect(symbol.modules.length).toBe(7 * 11 + 13);
    expect(Array.from(symbol.modules).join('')).toMatch(/^11010010000[01]+1100011101011$/);
  });

  it('takes raw bytes as well as text', () => {
    const fromText = engine.encode({ type: 'code128', data: 'a\tb' });
    const fromBytes = engine.encode({ type: 'code128', data: new Uint8Array([0x61, 0x09, 0x62]) });
    expect(fromBytes).toEqual(fromText);
  });

  it.each([
    ['', ErrorCode.NoData, 'Code 128: no data to encode'],
    ['x'.repeat(81), ErrorCode.DataTooLong, 'Code 128: data too long (81 characters, at most 80)'],
    ['café', ErrorCode.InvalidCharacter, "Code 128: invalid character 'é' at position 4"],
    ['€', ErrorCode.InvalidCharacter, "Code 128: invalid character '€' at position 1"],
  ])('refuses %j with an EngineError', (data, code, message) => {
    const e = engineError(() => engine.encode({ type: 'code128', data }));
    expect([e.code, e.message]).toEqual([code, message]);
  });

  it('refuses unknown types', () => {
    expect(engineError(() => engine.encode({ type: 'ean99' as 'code128', data: '1' })).code).toBe(ErrorCode.Unsupported);
  });
});

describe('engine.renderPage', () => {
  const label = (dpi: number, elements: PageSpec['elements'] = []): PageSpec => ({ widthMm: 40, heightMm: 30, dpi, elements });

  it('sizes pages with the one rounding rule: round(mm * dpi / 25.4)', () => {
    for (const [dpi, width, height] of [[203, 320, 240], [300, 472, 354], [96, 151, 113]]) {
      const page = engine.renderPage(label(dpi!));
      expect([page.width, page.height, page.stride]).toEqual([width, height, Math.ceil(width! / 8)]);
      expect(page.data.length).toBe(page.stride * height!);
      expect(page.data.every((b) => b === 0)).toBe(true);
    }
  });

  it('draws a border inside the rectangle', () => {
    // 254 dpi: 1 dot = 0.1 mm, so 0.3 mm lines are exactly 3 dots.
    const page = engine.renderPage({
      widthMm: 4, heightMm: 2, dpi: 254,
      elements: [{ kind: 'rect', xMm: 1, yMm: 0.5, widthMm: 2, heightMm: 1, lineWidthMm: 0.3 }],
    });
    expect(pageRow(page, 5)).toBe('0'.repeat(10) + '1'.repeat(20) + '0'.repeat(10));
    expect(pageRow(page, 9)).toBe('0'.repeat(10) + '111' + '0'.repeat(14) + '111' + '0'.repeat(10));
    expect(pageRow(page, 15)).toBe('0'.repeat(40));
  });

  it('snaps barcode modules to whole dots and centres the symbol', () => {
    const modules = engine.encode({ type: 'code128', data: 'ABC' }).modules; // 68 modules
    const page = engine.renderPage({
      widthMm: 30, heightMm: 10, dpi: 254,
      elements: [{ kind: 'barcode', type: 'code128', data: 'ABC', xMm: 1, yMm: 2, widthMm: 21, heightMm: 5 }],
    });
    // 210 dots / 68 modules -> 3 dots a module, 204 dots, 3 spare on each side.
    const expected = Array.from(modules, (m) => String(m).repeat(3)).join('');
    const row = pageRow(page, 40);
    expect(row.slice(10 + 3, 10 + 3 + 204)).toBe(expected);
    expect(row.indexOf('1')).toBe(13);
    expect(pageRow(page, 19)).not.toContain('1');
    expect(pageRow(page, 20)).toBe(row);
    expect(pageRow(page, 69)).toBe(row);
    expect(pageRow(page, 70)).not.toContain('1');
  });

  it('draws nothing for an empty barcode', () => {
    const page = engine.renderPage(label(203, [{ kind: 'barcode', type: 'code128', data: '', xMm: 0, yMm: 0, widthMm: 40, heightMm: 10 }]));
    expect(page.data.every((b) => b === 0)).toBe(true);
  });

  it('reports the element whose data cannot be encoded', () => {
    const e = engineError(() =>
      engine.renderPage(label(203, [
        { kind: 'rect', xMm: 0, yMm: 0, widthMm: 40, heightMm: 30, lineWidthMm: 0.5 },
        { kind: 'barcode', type: 'code128', data: 'naïve', xMm: 0, yMm: 0, widthMm: 40, heightMm: 10 },
      ])),
    );
    expect([e.code, e.element, e.message]).toEqual([ErrorCode.InvalidCharacter, 1, "Code 128: invalid character 'ï' at position 3"]);
  });

  it('refuses pages without area or too large to render', () => {
    expect(engineError(() => engine.renderPage({ widthMm: 0.05, heightMm: 30, dpi: 203, elements: [] })).code).toBe(ErrorCode.NoPageDimension);
    expect(engineError(() => engine.renderPage({ widthMm: 5000, heightMm: 30, dpi: 300, elements: [] })).code).toBe(ErrorCode.PageTooLarge);
  });

  it('writes pages as PBM (P4) with the same packed rows', () => {
    const page = engine.renderPage(label(203, [{ kind: 'rect', xMm: 0, yMm: 0, widthMm: 40, heightMm: 30, lineWidthMm: 1 }]));
    const pbm = pageToPbm(page);
    const header = 'P4\n320 240\n';
    expect(new TextDecoder().decode(pbm.subarray(0, header.length))).toBe(header);
    expect(pbm.subarray(header.length)).toEqual(page.data);
  });
});

describe('engine robustness', () => {
  it('survives a trap: the call fails with EngineCrashed and the next call works', async () => {
    const module = await WebAssembly.compile(await readFile(new URL('./generated/assetmark_engine.wasm', import.meta.url)));
    const own = createEngine(module);
    const internals = own as unknown as { exports: Record<string, unknown> };
    internals.exports = {
      ...internals.exports,
      encode: () => {
        throw new WebAssembly.RuntimeError('unreachable');
      },
    };
    expect(engineError(() => own.encode({ type: 'code128', data: 'x' })).code).toBe(ErrorCode.EngineCrashed);
    expect(own.encode({ type: 'code128', data: 'x' }).kind).toBe('linear');
  });

  it('refuses a module from another build', async () => {
    const empty = await WebAssembly.compile(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
    const e = engineError(() => createEngine(empty));
    expect(e.code).toBe(ErrorCode.EngineMissing);
    expect(e.message).toMatch(/run npm run setup/);
  });

  it('never traps on malformed display lists (release Wasm, raw ABI)', async () => {
    const module = await WebAssembly.compile(await readFile(new URL('./generated/assetmark_engine.wasm', import.meta.url)));
    const x = new WebAssembly.Instance(module, {}).exports as unknown as {
      memory: WebAssembly.Memory;
      alloc(n: number): number;
      free(p: number, n: number): void;
      render(p: number, n: number): number;
      encode(p: number, n: number): number;
    };
    const base = compileDisplayList({
      widthMm: 40, heightMm: 30, dpi: 203,
      elements: [
        { kind: 'rect', xMm: 1, yMm: 1, widthMm: 38, heightMm: 28, lineWidthMm: 0.5 },
        { kind: 'barcode', type: 'code128', data: 'AB12\x01cd', xMm: 2, yMm: 2, widthMm: 36, heightMm: 10 },
      ],
    });
    const rand = seededRandom(99);
    const statuses = new Set<number>();
    for (let i = 0; i < 3000; i++) {
      const request = base.slice(0, rand(base.length + 1));
      for (let k = rand(4); k > 0; k--) request[rand(request.length || 1)] = rand(256);
      const ptr = x.alloc(request.length);
      new Uint8Array(x.memory.buffer, ptr, request.length).set(request);
      statuses.add(x.render(ptr, request.length));
      statuses.add(x.encode(ptr + Math.min(request.length, 60), Math.max(0, request.length - 60)));
      x.free(ptr, request.length);
    }
    const known = new Set<number>([0, ...Object.values(ErrorCode)]);
    expect([...statuses].filter((s) => !known.has(s))).toEqual([]);
    // Pointers outside memory are refused, not read.
    expect(x.render(x.memory.buffer.byteLength - 4, 64)).toBe(ErrorCode.Parameter);
  });

  it('frees request memory: many calls do not grow memory', () => {
    const internals = engine as unknown as { exports: { memory: WebAssembly.Memory } };
    for (let i = 0; i < 50; i++) engine.renderPage(label200());
    const before = internals.exports.memory.buffer.byteLength;
    for (let i = 0; i < 500; i++) engine.renderPage(label200());
    expect(internals.exports.memory.buffer.byteLength).toBe(before);
  });
});

function label200(): PageSpec {
  return {
    widthMm: 100, heightMm: 60, dpi: 300,
    elements: [{ kind: 'barcode', type: 'code128', data: 'ASSET-0001234', xMm: 5, yMm: 5, widthMm: 90, heightMm: 20 }],
  };
}
