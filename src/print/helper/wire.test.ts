/**
 * The wire form of the client's calls, decoded here independently (URLSearchParams, Node's
 * Buffer base64, node:zlib for the PNG) and compared dot by dot with the page sent.
 */
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../engine/types.ts';
import { pageImageItem, pageToPng1Bit } from './json-mode.ts';
import { drawImageRequest, encodeParams, printImageRequest, toBase64 } from './wire.ts';

/** A page of pseudo-random dots; `pad` extra bytes a row filled with junk (1 bits). */
function randomPage(width: number, height: number, pad = 0, seed = 7): Page {
  const stride = Math.ceil(width / 8) + pad;
  const data = new Uint8Array(stride * height);
  let s = seed;
  for (let i = 0; i < data.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    data[i] = s >>> 24;
  }
  return { width, height, stride, data };
}

const dot = (bytes: Uint8Array, rowBytes: number, x: number, y: number): number =>
  (bytes[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;

describe('PrintImageD encoding', () => {
  it('sends pixel format 1 with the page size in dots and mm x 100, and the bits round-trip', () => {
    // 77 dots: the last byte of a row has 5 dots and 3 padding bits; the stride has 2 junk bytes.
    const page = randomPage(77, 13, 2);
    const { query, body } = printImageRequest(page, {
      printerName: '仓库 打印机 #1&2',
      dpi: 203,
      threshold: 0,
      orientation: 90,
      copies: 3,
    });
    const q = new URLSearchParams(query);
    expect(Object.fromEntries(q)).toEqual({
      printerName: '仓库 打印机 #1&2',
      format: '1',
      imageWidth: '77',
      imageHeight: '13',
      lineSize: '10',
      scaleUnit: '1',
      printWidth: String(Math.round((77 / 203) * 2540)), // 9.63 mm -> 963
      printHeight: String(Math.round((13 / 203) * 2540)),
      threshold: '192', // 0 is outside 1-255
      orientation: '90',
      copies: '3',
      jobName: 'dtpweb',
    });
    expect(body.startsWith('data:application/octet-stream;base64,')).toBe(true);
    const bytes = Buffer.from(body.slice(body.indexOf(',') + 1), 'base64');
    expect(bytes.length).toBe(10 * 13);
    for (let y = 0; y < page.height; y++) {
      for (let x = 0; x < page.width; x++) {
        expect(dot(bytes, 10, x, y), `dot ${x},${y}`).toBe(dot(page.data, page.stride, x, y));
      }
    }
  });

  it('DrawImageD places the page at (x, y) mm at its own size, mm x 100', () => {
    const page = randomPage(33, 5, 1);
    const { query, body } = drawImageRequest(page, { dpi: 300, xMm: 1.5 });
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      format: '1',
      imageWidth: '33',
      imageHeight: '5',
      lineSize: '5',
      x: '150',
      y: '0',
      width: String(Math.round((33 / 300) * 2540)),
      height: String(Math.round((5 / 300) * 2540)),
    });
    const bytes = Buffer.from(body.slice(body.indexOf(',') + 1), 'base64');
    for (let y = 0; y < page.height; y++) {
      for (let x = 0; x < page.width; x++) expect(dot(bytes, 5, x, y)).toBe(dot(page.data, page.stride, x, y));
    }
  });

  it('keeps the defaults and a threshold in range', () => {
    const q = new URLSearchParams(printImageRequest(randomPage(8, 1), { printerName: 'P', dpi: 300, threshold: 128 }).query);
    expect(q.get('threshold')).toBe('128');
    expect(q.get('orientation')).toBe('0');
    expect(q.get('copies')).toBe('1');
    expect(q.get('printWidth')).toBe('68'); // 8 dots at 300 dpi = 0.677 mm
  });
});

describe('base64 and parameters', () => {
  it('base64 equals Node Buffer for sizes across the 32 KiB chunking', () => {
    for (const n of [0, 1, 2, 3, 0x8000 - 1, 0x8000, 0x8000 + 1, 100_003]) {
      const bytes = randomPage(n * 8 || 8, 1, 0, n).data.subarray(0, n);
      expect(toBase64(bytes), `${n} bytes`).toBe(Buffer.from(bytes).toString('base64'));
    }
  });

  it('leaves out undefined values and encodes the rest as text', () => {
    expect(encodeParams({ a: 1, b: undefined, c: true, d: 'x y=z' })).toBe('a=1&c=true&d=x+y%3Dz');
  });
});

/** Reads a PNG with node:zlib: IHDR, IDAT, filter type 0 rows only (what pageToPng1Bit writes). */
function readPng1Bit(png: Uint8Array): { width: number; height: number; rows: Uint8Array; rowBytes: number } {
  const buf = Buffer.from(png);
  expect([...buf.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let at = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (at < buf.length) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([data[8], data[9]]).toEqual([1, 0]); // bit depth 1, greyscale
    } else if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const rowBytes = Math.ceil(width / 8);
  const rows = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (rowBytes + 1)], `filter of row ${y}`).toBe(0);
    rows.set(raw.subarray(y * (rowBytes + 1) + 1, (y + 1) * (rowBytes + 1)), y * rowBytes);
  }
  return { width, height, rows, rowBytes };
}

describe('JSON mode page image', () => {
  it('is a 1-bit PNG whose dots are the page (PNG 0 = black)', () => {
    const page = randomPage(45, 17, 1, 3);
    const png = readPng1Bit(pageToPng1Bit(page));
    expect([png.width, png.height]).toEqual([45, 17]);
    for (let y = 0; y < page.height; y++) {
      for (let x = 0; x < page.width; x++) {
        expect(1 - dot(png.rows, png.rowBytes, x, y), `dot ${x},${y}`).toBe(dot(page.data, page.stride, x, y));
      }
    }
  });

  it('covers the page at its size in mm from the origin', () => {
    const page = randomPage(320, 240, 0, 1);
    const item = pageImageItem(page, 203);
    expect(item).toMatchObject({ type: 'image', x: 0, y: 0 });
    expect(item.width).toBeCloseTo(40.04, 2);
    expect(item.height).toBeCloseTo(30.03, 2);
    expect(readPng1Bit(Buffer.from(item.imageFile, 'base64')).width).toBe(320);
  });
});
