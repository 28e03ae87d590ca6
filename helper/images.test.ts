/**
 * Image payloads to dots (images.ts) and the page operations (bitmap.ts), without HTTP:
 * every BMP layout the decoder reads (built here byte by byte from the BMP format), RGBA
 * rows, base64 forms, drawing at positions that do not fall on byte boundaries, scaling
 * and turning (against the engine's reference turn).
 */
import { describe, expect, it } from 'vitest';
import { rotatePage } from '../src/engine/rotate-reference.ts';
import { blankBitmap, drawBitmap, scaleBitmap, turnBitmap } from './bitmap.ts';
import { bodyImageBytes, decodeBase64Payload, imageToBitmap } from './images.ts';
import type { Bitmap } from './printer.ts';
import { HelperFailure } from './protocol.ts';
import { dot, dotsOf, randomBitmap } from './server-testing.ts';

/** A BMP file: 14-byte file header, 40-byte (or larger) info header, extra, pixel rows. */
function bmp(options: { width: number; height: number; bits: number; compression?: number; topDown?: boolean; palette?: number[][]; masks?: number[]; row: (y: number) => number[] }): Uint8Array {
  const { width, height, bits } = options;
  const rowBytes = Math.ceil((width * bits) / 32) * 4;
  const palette = options.palette ?? [];
  const masks = options.masks ?? [];
  const pixelsAt = 14 + 40 + masks.length * 4 + palette.length * 4;
  const out = new Uint8Array(pixelsAt + rowBytes * height);
  const v = new DataView(out.buffer);
  out.set([0x42, 0x4d]);
  v.setUint32(2, out.length, true);
  v.setUint32(10, pixelsAt, true);
  v.setUint32(14, 40, true);
  v.setInt32(18, width, true);
  v.setInt32(22, options.topDown ? -height : height, true);
  v.setUint16(26, 1, true);
  v.setUint16(28, bits, true);
  v.setUint32(30, options.compression ?? 0, true);
  v.setUint32(46, palette.length, true);
  masks.forEach((m, i) => v.setUint32(54 + i * 4, m, true));
  palette.forEach(([r, g, b], i) => out.set([b!, g!, r!, 0], 54 + masks.length * 4 + i * 4));
  for (let y = 0; y < height; y++) {
    const fileRow = options.topDown ? y : height - 1 - y;
    out.set(options.row(y), pixelsAt + fileRow * rowBytes);
  }
  return out;
}

/** Packs bits MSB first into bytes. */
function packBits(values: number[], bits: number): number[] {
  const out: number[] = [];
  let acc = 0;
  let n = 0;
  for (const value of values) {
    acc = (acc << bits) | value;
    n += bits;
    if (n === 8) {
      out.push(acc);
      acc = 0;
      n = 0;
    }
  }
  if (n > 0) out.push(acc << (8 - n));
  return out;
}

const page = randomBitmap(13, 7, 51);
const black = (x: number, y: number) => dot(page, x, y) === 1;

describe('BMP files (format 93)', () => {
  const cases: [string, Uint8Array][] = [
    ['1-bit palette (white, black), bottom-up', bmp({ width: 13, height: 7, bits: 1, palette: [[255, 255, 255], [0, 0, 0]], row: (y) => packBits([...Array(13).keys()].map((x) => (black(x, y) ? 1 : 0)), 1) })],
    ['1-bit palette (black, white), top-down', bmp({ width: 13, height: 7, bits: 1, topDown: true, palette: [[0, 0, 0], [255, 255, 255]], row: (y) => packBits([...Array(13).keys()].map((x) => (black(x, y) ? 0 : 1)), 1) })],
    ['4-bit palette', bmp({ width: 13, height: 7, bits: 4, palette: [[10, 10, 10], [250, 250, 250], [255, 0, 0]], row: (y) => packBits([...Array(13).keys()].map((x) => (black(x, y) ? 0 : 1)), 4) })],
    ['8-bit palette', bmp({ width: 13, height: 7, bits: 8, palette: [[255, 255, 255], [0, 0, 0]], row: (y) => [...Array(13).keys()].map((x) => (black(x, y) ? 1 : 0)) })],
    ['24-bit', bmp({ width: 13, height: 7, bits: 24, row: (y) => [...Array(13).keys()].flatMap((x) => (black(x, y) ? [0, 0, 0] : [255, 255, 255])) })],
    ['32-bit BI_RGB', bmp({ width: 13, height: 7, bits: 32, row: (y) => [...Array(13).keys()].flatMap((x) => (black(x, y) ? [0, 0, 0, 0] : [255, 255, 255, 0])) })],
    [
      '16-bit bit fields (5-6-5)',
      bmp({ width: 13, height: 7, bits: 16, compression: 3, masks: [0xf800, 0x07e0, 0x001f], row: (y) => [...Array(13).keys()].flatMap((x) => (black(x, y) ? [0, 0] : [0xff, 0xff])) }),
    ],
  ];
  it.each(cases)('%s', (_name, file) => {
    expect(dotsOf(imageToBitmap(file, { format: 93, threshold: 192 }))).toBe(dotsOf(page));
  });

  it('refuses compressed and cut-short bitmaps with code 7', () => {
    const rle = bmp({ width: 13, height: 7, bits: 8, compression: 1, palette: [[0, 0, 0]], row: () => [] });
    const cut = cases[4]![1].subarray(0, 80);
    for (const file of [rle, cut]) {
      const e = (() => {
        try {
          imageToBitmap(file, { format: 93, threshold: 192 });
        } catch (err) {
          return err;
        }
      })();
      expect(e).toBeInstanceOf(HelperFailure);
      expect((e as HelperFailure).code).toBe(7);
    }
  });
});

describe('other payloads', () => {
  it('RGBA rows (format 32): alpha is paper, the threshold cuts the grey', () => {
    // black, transparent black (= white paper), grey 150, grey 200
    const rgba = new Uint8Array([0, 0, 0, 255, 0, 0, 0, 0, 150, 150, 150, 255, 200, 200, 200, 255]);
    expect(dotsOf(imageToBitmap(rgba, { format: 32, imageWidth: 4, threshold: 192 }))).toBe('4x1\n1010');
    expect(dotsOf(imageToBitmap(rgba, { format: 32, imageWidth: 2, threshold: 192 }))).toBe('2x2\n10\n10');
    expect(() => imageToBitmap(rgba.subarray(0, 15), { format: 32, imageWidth: 4, threshold: 192 })).toThrow(HelperFailure);
  });

  it('base64 as a data URL, bare, with blanks, url-safe, or with + turned into spaces by form encoding', () => {
    const bytes = new Uint8Array([0xfb, 0xff, 0x3e, 0x00, 0x01]);
    const b64 = Buffer.from(bytes).toString('base64'); // "+/8+AAE="
    for (const text of [b64, `data:application/octet-stream;base64,${b64}`, ` ${b64.slice(0, 4)}\n${b64.slice(4)} `, b64.replace(/\+/g, '-').replace(/\//g, '_'), b64.replace(/\+/g, ' ')]) {
      expect([...decodeBase64Payload(text)], text).toEqual([...bytes]);
    }
    expect(() => decodeBase64Payload('ab$d')).toThrow(HelperFailure);
    // A body is base64 when its type says so or it looks like it; raw bytes otherwise.
    expect([...bodyImageBytes(new TextEncoder().encode(b64), 'application/octet-stream;encoding=base64')]).toEqual([...bytes]);
    expect([...bodyImageBytes(bytes, 'application/octet-stream')]).toEqual([...bytes]);
  });
});

describe('page operations', () => {
  it('draws at any dot, clipped at the page edges, ink over ink', () => {
    const src = randomBitmap(19, 11, 52);
    for (const [x, y] of [[0, 0], [3, 5], [8, 2], [-4, -3], [60, 30], [70, 40]] as const) {
      const dst = randomBitmap(75, 45, 53);
      const before = { ...dst, data: dst.data.slice() };
      drawBitmap(dst, src, x, y);
      for (let yy = 0; yy < 45; yy++) {
        for (let xx = 0; xx < 75; xx++) {
          const inSrc = xx - x >= 0 && xx - x < 19 && yy - y >= 0 && yy - y < 11 && dot(src, xx - x, yy - y) === 1;
          expect(dot(dst, xx, yy), `${x},${y} at ${xx},${yy}`).toBe(dot(before, xx, yy) === 1 || inSrc ? 1 : 0);
        }
      }
    }
  });

  it('turns like the engine reference, every quarter, odd sizes', () => {
    for (const [w, h] of [[1, 1], [13, 7], [8, 16], [33, 9]] as const) {
      const p = randomBitmap(w, h, 54 + w);
      for (const turn of [0, 90, 180, 270] as const) expect(dotsOf(turnBitmap(p, turn)), `${w}x${h} ${turn}`).toBe(dotsOf(rotatePage(p, turn)));
    }
  });

  it('scales each dot from the source dot under its centre', () => {
    const src: Bitmap = blankBitmap(2, 2);
    src.data[0] = 0x80; // top-left black
    src.data[1] = 0x40; // bottom-right black
    expect(dotsOf(scaleBitmap(src, 4, 4))).toBe('4x4\n1100\n1100\n0011\n0011');
    expect(dotsOf(scaleBitmap(scaleBitmap(src, 4, 4), 2, 2))).toBe(dotsOf(src));
  });
});
