/**
 * PNG from a 1-bit page (Node only: compression is node:zlib's): colour type 0 (greyscale)
 * at bit depth 1, so a label page stays as small as the bitmap it is. In PNG greyscale 1 is
 * white, in a page 1 is black, so rows are inverted on the way; every row gets filter 0.
 * An optional `dpi` is recorded in a pHYs chunk (dots per metre), so viewers and printers
 * know the physical size. With `transparentWhite` the white dots are transparent (a tRNS
 * chunk naming grey level 1), for previews laid over a picture of the label stock.
 */
import { deflateSync } from 'node:zlib';
import type { Page } from './types.ts';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function pageToPng(page: Page, dpi?: number, options: { transparentWhite?: boolean } = {}): Uint8Array {
  const rowBytes = Math.ceil(page.width / 8);
  const raw = new Uint8Array((rowBytes + 1) * page.height);
  const padBits = rowBytes * 8 - page.width;
  const lastMask = padBits === 0 ? 0xff : (0xff << padBits) & 0xff;
  for (let y = 0; y < page.height; y++) {
    const src = y * page.stride;
    const dst = y * (rowBytes + 1) + 1; // byte 0 of each row: filter type 0
    for (let i = 0; i < rowBytes; i++) {
      let b = ~page.data[src + i]! & 0xff;
      if (i === rowBytes - 1) b = (b & lastMask) | (~lastMask & 0xff); // padding stays white
      raw[dst + i] = b;
    }
  }

  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, page.width);
  v.setUint32(4, page.height);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, filter 0, no interlace

  const chunks = [pngChunk('IHDR', ihdr)];
  if (dpi !== undefined && dpi > 0) {
    const phys = new Uint8Array(9);
    const pv = new DataView(phys.buffer);
    const perMetre = Math.round(dpi / 0.0254);
    pv.setUint32(0, perMetre);
    pv.setUint32(4, perMetre);
    phys[8] = 1; // unit: metre
    chunks.push(pngChunk('pHYs', phys));
  }
  if (options.transparentWhite) chunks.push(pngChunk('tRNS', new Uint8Array([0, 1])));
  chunks.push(pngChunk('IDAT', deflateSync(raw, { level: 9 })));
  chunks.push(pngChunk('IEND', new Uint8Array(0)));

  const total = SIGNATURE.length + chunks.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(total);
  out.set(SIGNATURE);
  let at = SIGNATURE.length;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** A PNG chunk: length, type, data, CRC-32 of type and data. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  v.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

let CRC_TABLE: Uint32Array | undefined;

/** CRC-32 (ISO 3309, polynomial 0xEDB88320), as PNG chunks carry it. */
export function crc32(bytes: Uint8Array): number {
  if (!CRC_TABLE) {
    CRC_TABLE = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      CRC_TABLE[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const b of bytes) crc = CRC_TABLE[(crc ^ b) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
