/**
 * Synthetic pages for the language and network tests: the cases an encoder gets wrong
 * (all white, all black, widths that are not whole bytes, rows that repeat, noise), with
 * strides wider than the row and garbage in the padding bits, as helper/printer.ts allows.
 */
import type { Bitmap } from '../printer.ts';

/** A deterministic pseudo-random byte source (xorshift32). */
export function randomBytes(seed: number, length: number): Uint8Array {
  let x = seed >>> 0 || 1;
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}

/** A page of `width` x `height` dots whose row y is `row(y)` (ceil(width / 8) bytes), stored
 * with `extra` bytes of 0xA5 after each row and the padding bits after the last dot set. */
export function pageOf(width: number, height: number, row: (y: number) => Uint8Array, extra = 0): Bitmap {
  const rowBytes = Math.ceil(width / 8);
  const stride = rowBytes + extra;
  const data = new Uint8Array(stride * height).fill(0xa5);
  const padding = width % 8 === 0 ? 0 : 0xff >> (width % 8);
  for (let y = 0; y < height; y++) {
    data.set(row(y).subarray(0, rowBytes), y * stride);
    data[y * stride + rowBytes - 1]! |= padding;
  }
  return { width, height, stride, data };
}

export function syntheticPages(): { name: string; page: Bitmap }[] {
  const rowsOf = (width: number, fill: number) => () => new Uint8Array(Math.ceil(width / 8)).fill(fill);
  return [
    { name: 'all white 320 x 240', page: pageOf(320, 240, rowsOf(320, 0)) },
    { name: 'all black 320 x 240', page: pageOf(320, 240, rowsOf(320, 0xff)) },
    { name: 'all black 321 x 17, stride + 3', page: pageOf(321, 17, rowsOf(321, 0xff), 3) },
    { name: 'all white 1 x 1', page: pageOf(1, 1, rowsOf(1, 0)) },
    { name: 'one black dot 1 x 1', page: pageOf(1, 1, rowsOf(1, 0xff)) },
    { name: 'random 321 x 50', page: pageOf(321, 50, (y) => randomBytes(y + 1, 41), 1) },
    { name: 'random 8 x 3', page: pageOf(8, 3, (y) => randomBytes(100 + y, 1)) },
    {
      name: 'repeating bands 599 x 90',
      page: pageOf(599, 90, (y) => (Math.floor(y / 7) % 2 ? randomBytes(7, 75) : new Uint8Array(75).fill(y % 3 ? 0xf0 : 0x0f))),
    },
    {
      // Long runs (over 419 digits: several repeat groups), ending in F and 0 runs.
      name: 'long runs 4000 x 4',
      page: pageOf(4000, 4, (y) => {
        const r = new Uint8Array(500).fill(y & 1 ? 0x11 : 0xff);
        r.fill(0, 300 + y);
        r[10] = 0x3c;
        return r;
      }),
    },
  ];
}
