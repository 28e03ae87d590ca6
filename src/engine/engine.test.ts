import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from './engine.ts';
import { ErrorCode } from './errors.ts';
import { loadEngine } from './load-node.ts';
import { pageToPbm } from './pbm.ts';
import { compileDisplayList } from './display-list.ts';
import { pageToPng } from './png.ts';
import { pageToSvg } from './svg.ts';
import { BARCODE_TYPES, SYMBOLOGIES } from './symbologies.ts';
import { engineError, pageRow, seededRandom } from './testing.ts';
import type { PageSpec, SymbolRequest } from './types.ts';
import { inflateSync } from 'node:zlib';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

describe('engine.encode', () => {
  it('returns a linear symbol of 0/1 modules without quiet zone', () => {
    const symbol = engine.encode({ type: 'code128', data: 'Hello' });
    expect(symbol.kind).toBe('linear');
    // start + 5 characters + check, 11 modules each, and the 13-module stop
    expect(symbol.modules.length).toBe(7 * 11 + 13);
    expect(Array.from(symbol.modules).join('')).toMatch(/^11010010000[01]+1100011101011$/);
    expect(symbol.kind === 'linear' && symbol.text).toBe('Hello');
  });

  it("encodes every type's spec sample (spec section 3)", () => {
    const widths: Record<string, number> = { ean13: 95, ean8: 67, upca: 95, upce: 51, isbn: 95 };
    for (const type of BARCODE_TYPES) {
      const symbol = engine.encode({ type, data: SYMBOLOGIES[type].sample } as SymbolRequest);
      expect(symbol.kind).toBe(SYMBOLOGIES[type].matrix ? 'matrix' : 'linear');
      if (widths[type]) expect(symbol.modules.length).toBe(widths[type]);
    }
    const ean = engine.encode({ type: 'ean13', data: '690123456789' });
    expect(ean.kind === 'linear' && ean.text).toBe('6901234567892');
  });

  it('returns QR matrices with the version, level and mask used', () => {
    const auto = engine.encode({ type: 'qrcode', data: 'https://example.com/' });
    expect(auto).toMatchObject({ kind: 'matrix', width: 25, height: 25, version: 2, ecc: 'M' });
    const fixed = engine.encode({ type: 'qrcode', data: 'https://example.com/', ecc: 'H', version: 10, mask: 3 });
    expect(fixed).toMatchObject({ kind: 'matrix', width: 57, height: 57, version: 10, ecc: 'H', mask: 3 });
    expect(fixed.modules.length).toBe(57 * 57);
    expect(fixed.modules.every((m) => m === 0 || m === 1)).toBe(true);
    const e = engineError(() => engine.encode({ type: 'qrcode', data: 'x'.repeat(100), version: 1 }));
    expect(e.code).toBe(ErrorCode.VersionTooSmall);
    expect(e.message).toMatch(/Minimum version required to store current data is: 6$/);
    expect(engineError(() => engine.encode({ type: 'qrcode', data: 'x'.repeat(3000), ecc: 'L' })).message).toBe(
      'The amount of data is too big to be stored in a QR Code',
    );
  });

  it('refuses options a type does not take, in the engine, naming them', () => {
    const e = engineError(() => engine.encode({ type: 'code128', data: 'x', ecc: 'H' } as never));
    expect([e.code, e.message]).toEqual([ErrorCode.Parameter, 'Code 128 takes no ECC level option']);
    expect(engineError(() => engine.encode({ type: 'ean13', data: '1', checkDigit: true } as never)).message).toBe(
      'EAN-13 takes no check character option',
    );
  });

  it('encodeInto reuses the caller\'s buffer and skips the text', () => {
    const buffer = new Uint8Array(177 * 177);
    const a = engine.encodeInto({ type: 'ean13', data: '690123456789' }, buffer);
    const b = engine.encode({ type: 'ean13', data: '690123456789' });
    expect(a.modules.buffer).toBe(buffer.buffer);
    expect(Array.from(a.modules)).toEqual(Array.from(b.modules));
    expect(a.kind === 'linear' && a.text).toBe('');
    const qr = engine.encodeInto({ type: 'qrcode', data: 'https://example.com/', ecc: 'H', version: 40 }, buffer);
    expect(qr).toMatchObject({ kind: 'matrix', width: 177, version: 40, ecc: 'H' });
    expect(qr.modules.buffer).toBe(buffer.buffer);
    // Too small a buffer is not written: a fresh array comes back.
    const small = new Uint8Array(10);
    const c = engine.encodeInto({ type: 'ean13', data: '690123456789' }, small);
    expect(c.modules.buffer).not.toBe(small.buffer);
    expect(Array.from(c.modules)).toEqual(Array.from(b.modules));
    expect(small.every((m) => m === 0)).toBe(true);
  });

  it('encodes GS1-128 from bracket syntax', () => {
    const plain = engine.encode({ type: 'code128', data: '(01)09501101530003(10)ABC' });
    const gs1 = engine.encode({ type: 'code128', data: '(01)09501101530003(10)ABC', gs1: true });
    expect(gs1.modules.length).toBe(189);
    expect(gs1.modules.length).toBeLessThan(plain.modules.length);
    expect(engineError(() => engine.encode({ type: 'code128', data: '0109501101530003', gs1: true })).code).toBe(ErrorCode.InvalidData);
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
      elements: [{ kind: 'barcode', type: 'code128', data: 'ABC', xMm: 1, yMm: 2, widthMm: 21, heightMm: 5, textPosition: 'none' }],
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

  it('returns pages of their own, whatever is rendered or refused after them', () => {
    // renderPage compiles into a reused buffer and reads the result in the module's memory.
    const framed = engine.renderPage(label(203, [{ kind: 'rect', xMm: 0, yMm: 0, widthMm: 40, heightMm: 30, lineWidthMm: 1 }]));
    const kept = framed.data.slice();
    expect(framed.data.length).toBe(framed.stride * framed.height);
    expect(kept.some((b) => b !== 0)).toBe(true);
    const blank = engine.renderPage(label(300));
    expect(engineError(() => engine.renderPage(label(203, [{ kind: 'rect', xMm: 0, yMm: 0, widthMm: -1, heightMm: 1, lineWidthMm: 1 }]))).element).toBe(0);
    expect(engineError(() => engine.renderPage({ widthMm: 0.05, heightMm: 30, dpi: 203, elements: [] })).code).toBe(ErrorCode.NoPageDimension);
    expect(framed.data).toEqual(kept);
    expect(framed.data.buffer).not.toBe(blank.data.buffer);
    expect(blank.data.every((b) => b === 0)).toBe(true);
    // And the next page renders as it would alone.
    expect(engine.renderPage(label(203, [{ kind: 'rect', xMm: 0, yMm: 0, widthMm: 40, heightMm: 30, lineWidthMm: 1 }])).data).toEqual(kept);
  });
});

describe('engine.measure', () => {
  it('reports whole-dot modules and the drawn width', () => {
    // EAN-13 in 30 mm at 203 dpi: 240 dots, 95 + 7 modules (leading digit) -> 2 dots.
    const m = engine.measure({ type: 'ean13', data: '690123456789', xMm: 0, yMm: 0, widthMm: 30, heightMm: 15, dpi: 203 });
    expect(m).toMatchObject({ kind: 'linear', modulesWide: 95, moduleDots: 2, widthDots: 190, widthMm: 23.773, fits: true, textDots: 14 });
    expect(m.extentWidthDots).toBe(204);
    // A requested module width snaps to dots: 0.33 mm = 2.64 dots -> 3, too wide for 30 mm.
    const wide = engine.measure({ type: 'ean13', data: '690123456789', xMm: 0, yMm: 0, widthMm: 30, heightMm: 15, dpi: 203, moduleWidthMm: 0.33 });
    expect([wide.moduleDots, wide.widthDots, wide.fits]).toEqual([3, 285, false]);
    // Code 39 at 2.5:1: narrow 2 dots, wide 5.
    const c39 = engine.measure({ type: 'code39', data: 'ABC', xMm: 0, yMm: 0, widthMm: 100, heightMm: 10, dpi: 203, moduleWidthMm: 0.25 });
    expect([c39.moduleDots, c39.wideDots]).toEqual([2, 5]);
    // QR 10 x 10 mm: 80 dots / (21 + 2 * 2) -> 3 dots, 63 dots drawn, centred.
    const qr = engine.measure({ type: 'qrcode', data: 'hello', xMm: 0, yMm: 0, widthMm: 10, heightMm: 10, dpi: 203 });
    expect(qr).toMatchObject({ kind: 'matrix', modulesWide: 21, moduleDots: 3, widthDots: 63, heightDots: 63, xDots: 8, yDots: 8, fits: true });
  });

  it('agrees with what renderPage draws', () => {
    const element = { type: 'code128', data: 'ASSET-0001', xMm: 3, yMm: 2, widthMm: 33, heightMm: 8 } as const;
    const m = engine.measure({ ...element, dpi: 203, textPosition: 'none' });
    const page = engine.renderPage({ widthMm: 40, heightMm: 12, dpi: 203, elements: [{ kind: 'barcode', ...element, textPosition: 'none' }] });
    const row = pageRow(page, m.yDots + 5);
    expect(row.indexOf('1')).toBe(m.xDots);
    expect(row.lastIndexOf('1')).toBe(m.xDots + m.widthDots - 1);
  });
});

describe('image formats', () => {
  const page = () => engine.renderPage({
    widthMm: 12, heightMm: 12, dpi: 254,
    elements: [{ kind: 'qrcode', data: 'hi', xMm: 0, yMm: 0, widthMm: 12, heightMm: 12, quietZone: 4 }],
  });

  it('writes 1-bit greyscale PNG with the same dots (white = 1 in PNG)', () => {
    const p = page();
    const png = pageToPng(p, 254);
    expect(Array.from(png.subarray(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(png.buffer, png.byteOffset);
    expect([view.getUint32(16), view.getUint32(20), png[24], png[25]]).toEqual([p.width, p.height, 1, 0]);
    // Find IDAT, inflate, compare rows.
    let at = 8;
    const idat: Uint8Array[] = [];
    while (at < png.length) {
      const len = view.getUint32(at);
      const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
      if (type === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + len));
      at += 12 + len;
    }
    const raw = inflateSync(Buffer.concat(idat));
    const rowBytes = Math.ceil(p.width / 8);
    for (let y = 0; y < p.height; y++) {
      expect(raw[y * (rowBytes + 1)]).toBe(0);
      for (let x = 0; x < p.width; x++) {
        const white = (raw[y * (rowBytes + 1) + 1 + (x >> 3)]! >> (7 - (x & 7))) & 1;
        const black = (p.data[y * p.stride + (x >> 3)]! >> (7 - (x & 7))) & 1;
        expect(white).toBe(1 - black);
      }
    }
  });

  it('writes SVG with one rect per run, merged down the rows', () => {
    const p = engine.renderPage({
      widthMm: 3, heightMm: 2, dpi: 254,
      elements: [{ kind: 'rect', xMm: 1, yMm: 0.5, widthMm: 1, heightMm: 1, lineWidthMm: 0, filled: true }],
    });
    const svg = pageToSvg(p, 254);
    expect(svg).toContain('viewBox="0 0 30 20" width="3mm" height="2mm"');
    expect(svg.match(/<rect x=/g)).toHaveLength(1);
    expect(svg).toContain('<rect x="10" y="5" width="10" height="10"/>');
    const qr = pageToSvg(page());
    expect((qr.match(/<rect x=/g) ?? []).length).toBeGreaterThan(20);
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
      measure(p: number, n: number): number;
    };
    const base = compileDisplayList({
      widthMm: 40, heightMm: 30, dpi: 203,
      elements: [
        { kind: 'rect', xMm: 1, yMm: 1, widthMm: 38, heightMm: 28, lineWidthMm: 0.5 },
        { kind: 'barcode', type: 'code128', data: 'AB12\x01cd', xMm: 2, yMm: 2, widthMm: 36, heightMm: 10, textAlign: 'right', fontSizePt: 6 },
        { kind: 'qrcode', data: '资产', ecc: 'Q', version: 2, mask: 1, quietZone: 4, xMm: 2, yMm: 14, widthMm: 14, heightMm: 14 },
        { kind: 'barcode', type: 'code39', data: 'AB', fullAscii: true, checkDigit: true, wideRatio: 2.2, xMm: 18, yMm: 14, widthMm: 20, heightMm: 8 },
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
      statuses.add(x.measure(ptr + Math.min(request.length, 16), Math.max(0, request.length - 16)));
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
