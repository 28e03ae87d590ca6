/**
 * Helpers for the engine's tests: turning our bitmaps into what independent decoders
 * read, and a small seeded random generator. Not part of the facade's API.
 */
import { decode_barcode } from 'rxing-wasm';
import { EngineError } from './errors.ts';
import type { Page } from './types.ts';

/** 8-bit luma (0 = black, 255 = white) of a 1-bit page, for rxing-wasm. */
export function pageToLuma(page: Page): Uint8Array {
  const luma = new Uint8Array(page.width * page.height);
  for (let y = 0; y < page.height; y++) {
    const row = y * page.stride;
    for (let x = 0; x < page.width; x++) {
      const black = (page.data[row + (x >> 3)]! >> (7 - (x & 7))) & 1;
      luma[y * page.width + x] = black ? 0 : 255;
    }
  }
  return luma;
}

/** The dots of row `y` as `1` (black) and `0` (white). */
export function pageRow(page: Page, y: number): string {
  let out = '';
  for (let x = 0; x < page.width; x++) out += (page.data[y * page.stride + (x >> 3)]! >> (7 - (x & 7))) & 1;
  return out;
}

/** Decodes the one barcode on a page with rxing-wasm; returns its text and format. */
export function decodeWithRxing(page: Page): { text: string; format: number } {
  const result = decode_barcode(pageToLuma(page), page.width, page.height, true);
  return { text: result.text(), format: result.format() };
}

/** Linear modules drawn `moduleDots` wide and `height` dots tall with a quiet zone of
 * `quiet` modules each side, as a page (independent of the engine's raster). */
export function modulesToPage(modules: Uint8Array, moduleDots = 2, height = 40, quiet = 10): Page {
  const width = (modules.length + 2 * quiet) * moduleDots;
  const stride = Math.ceil(width / 8);
  const data = new Uint8Array(stride * height);
  for (let i = 0; i < modules.length; i++) {
    if (!modules[i]) continue;
    for (let d = 0; d < moduleDots; d++) {
      const x = (quiet + i) * moduleDots + d;
      for (let y = 0; y < height; y++) data[y * stride + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return { width, height, stride, data };
}

/** xorshift32: a fixed seed gives the same inputs on every run and machine. */
export function seededRandom(seed: number): (n: number) => number {
  let s = seed >>> 0 || 1;
  return (n: number) => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s % n;
  };
}

/** A printable rendering of data for test names: control characters as \xNN. */
export function show(data: string): string {
  return JSON.stringify(data.replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
}

/** Modules of a Code 128 `zint --dump`: hex nibbles, the last one padded with zeros; Code
 * 128 widths are 11k + 2 modules, which fixes the padding. */
export function code128DumpToModules(dump: string): string {
  const bits = Array.from(dump.trim().replace(/ /g, ''), (h) => parseInt(h, 16).toString(2).padStart(4, '0')).join('');
  for (let width = bits.length; width > bits.length - 4; width--) {
    if (width % 11 === 2) return bits.slice(0, width);
  }
  throw new Error(`not a Code 128 width: ${dump}`);
}

/** The EngineError `f` throws; fails the test when it throws nothing or something else. */
export function engineError(f: () => unknown): EngineError {
  try {
    f();
  } catch (e) {
    if (e instanceof EngineError) return e;
    throw e;
  }
  throw new Error('expected an EngineError');
}
