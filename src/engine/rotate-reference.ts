/**
 * The TypeScript whole-page quarter turn, kept only as the reference that page-turn.test.ts
 * checks the engine's own page turn (PageSpec.turn, applied at page finish) against, bit
 * for bit: an independent implementation of the same definition. Nothing outside tests
 * uses it; printer-ready pages are turned by the engine.
 *
 * Quarter turns are clockwise as seen on the page (y grows downwards), the same sense as an
 * element's rotation (page-types.ts Rotation): a 90° turn moves the top-left dot to the
 * top-right corner, so the page's width and height swap.
 *
 * Byte-level: half turns mirror whole bytes through a table, quarter turns transpose 8 x 8
 * dot blocks and skip white ones.
 *
 * Works on both page layouts (page-types.ts): 1-bit pages (rows of `ceil(width / 8)` bytes,
 * most significant bit = leftmost dot, 1 = black, padding bits after the last dot) and
 * grey pages (`grey: true`, one byte a dot, stride = width). The result always has the
 * tight stride and zero padding bits, whatever the input's stride or padding held.
 */
import type { Page, Rotation } from './types.ts';

/** Bit-reversed bytes: REVERSE[b] mirrors b's eight bits (for 180° turns). */
const REVERSE = new Uint8Array(256);
for (let b = 0; b < 256; b++) {
  let r = 0;
  for (let i = 0; i < 8; i++) r |= ((b >> i) & 1) << (7 - i);
  REVERSE[b] = r;
}

/**
 * `page` turned clockwise by `degrees`. 0 returns the page itself; other turns return a
 * new page (the input is not changed). Throws a RangeError for any other angle.
 */
export function rotatePage<P extends Page>(page: P, degrees: Rotation): P {
  if (degrees === 0) return page;
  if (degrees !== 90 && degrees !== 180 && degrees !== 270) {
    throw new RangeError(`a page turns by 0, 90, 180 or 270 degrees, got ${String(degrees)}`);
  }
  if ((page as { grey?: boolean }).grey === true) return rotateGrey(page, degrees);
  return rotateBits(page, degrees);
}

function rotateGrey<P extends Page>(page: P, degrees: 90 | 180 | 270): P {
  const { width: w, height: h, stride } = page;
  const src = page.data;
  const [ow, oh] = degrees === 180 ? [w, h] : [h, w];
  const out = new Uint8Array(ow * oh);
  for (let y = 0; y < h; y++) {
    const row = y * stride;
    for (let x = 0; x < w; x++) {
      const v = src[row + x]!;
      // Destination (dx, dy) of source dot (x, y) for a clockwise turn.
      if (degrees === 90) out[x * ow + (h - 1 - y)] = v;
      else if (degrees === 180) out[(h - 1 - y) * ow + (w - 1 - x)] = v;
      else out[(w - 1 - x) * ow + y] = v;
    }
  }
  return { ...page, width: ow, height: oh, stride: ow, data: out };
}

function rotateBits<P extends Page>(page: P, degrees: 90 | 180 | 270): P {
  const { width: w, height: h, stride } = page;
  const src = page.data;
  const rowBytes = Math.ceil(w / 8);
  const [ow, oh] = degrees === 180 ? [w, h] : [h, w];
  const outStride = Math.ceil(ow / 8);
  const out = new Uint8Array(outStride * oh);
  // Mask of the real dots in a row's last byte: padding bits may hold anything on input.
  const lastMask = (0xff << (rowBytes * 8 - w)) & 0xff;

  if (degrees === 180) {
    // Row y becomes row h-1-y, its bytes in reverse order with their bits mirrored; the
    // mirrored row starts with the padding, so shift it left by the padding's width.
    const pad = rowBytes * 8 - w;
    const tmp = new Uint8Array(rowBytes + 1);
    for (let y = 0; y < h; y++) {
      const s = y * stride;
      const d = (h - 1 - y) * outStride;
      if (pad === 0) {
        for (let i = 0; i < rowBytes; i++) out[d + rowBytes - 1 - i] = REVERSE[src[s + i]!]!;
        continue;
      }
      tmp[0] = REVERSE[src[s + rowBytes - 1]! & lastMask]!;
      for (let i = 1; i < rowBytes; i++) tmp[i] = REVERSE[src[s + rowBytes - 1 - i]!]!;
      for (let i = 0; i < rowBytes; i++) out[d + i] = ((tmp[i]! << pad) | (tmp[i + 1]! >> (8 - pad))) & 0xff;
    }
    return { ...page, width: ow, height: oh, stride: outStride, data: out };
  }

  // Quarter turns, 8 x 8 dots at a time: 8 source rows of one byte column are transposed
  // (transpose8) into 8 bytes, each holding one source column across those rows, MSB = the
  // top row. A 90° turn makes source column x destination row x, read bottom to top (so the
  // byte is bit-reversed) at destination dots h-1-y; a 270° turn makes it destination row
  // w-1-x, read top to bottom at dots y (byte-aligned). All-white blocks are skipped.
  const block = new Uint8Array(8);
  for (let y0 = 0; y0 < h; y0 += 8) {
    const rows = Math.min(8, h - y0);
    for (let i = 0; i < rowBytes; i++) {
      let any = 0;
      for (let r = 0; r < 8; r++) {
        let b = r < rows ? src[(y0 + r) * stride + i]! : 0;
        if (i === rowBytes - 1) b &= lastMask;
        block[r] = b;
        any |= b;
      }
      if (any === 0) continue;
      transpose8(block);
      const columns = Math.min(8, w - i * 8);
      for (let k = 0; k < columns; k++) {
        const x = i * 8 + k;
        if (degrees === 270) {
          out[(w - 1 - x) * outStride + (y0 >> 3)] = block[k]!;
        } else {
          // Bit j of the reversed byte is row y0+7-j, destination dot h-8-y0+j: the byte
          // starts at dot h-8-y0, which is not byte-aligned when h is not a multiple of 8
          // (and below 0 for a last, partial block, whose extra bits are rows past h: white).
          const at = h - 8 - y0;
          if ((at & 7) === 0 && at >= 0) out[x * outStride + (at >> 3)] = REVERSE[block[k]!]!;
          else orByteAt(out, x * outStride, outStride, at, REVERSE[block[k]!]!);
        }
      }
    }
  }
  return { ...page, width: ow, height: oh, stride: outStride, data: out };
}

/** ORs the 8 dots of `byte` (MSB first) into a row of `out` starting at dot `at` (>= -7);
 * dots before 0 or past the row's bytes are dropped. */
function orByteAt(out: Uint8Array, rowStart: number, rowBytes: number, at: number, byte: number): void {
  if (at < 0) {
    out[rowStart] = out[rowStart]! | ((byte << -at) & 0xff);
    return;
  }
  const index = at >> 3;
  const shift = at & 7;
  out[rowStart + index] = out[rowStart + index]! | (byte >> shift);
  if (shift !== 0 && index + 1 < rowBytes) out[rowStart + index + 1] = out[rowStart + index + 1]! | ((byte << (8 - shift)) & 0xff);
}

/**
 * Transposes an 8 x 8 dot block in place: `b[r]` is row r (MSB = column 0) on entry and
 * column r (MSB = row 0) on return. Three rounds of masked swaps on two 32-bit words
 * (1 x 1, 2 x 2, then 4 x 4 sub-blocks): the transpose8 of Warren's Hacker's Delight.
 */
function transpose8(b: Uint8Array): void {
  let x = (b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!;
  let y = (b[4]! << 24) | (b[5]! << 16) | (b[6]! << 8) | b[7]!;
  let t = (x ^ (x >>> 7)) & 0x00aa00aa;
  x = x ^ t ^ (t << 7);
  t = (y ^ (y >>> 7)) & 0x00aa00aa;
  y = y ^ t ^ (t << 7);
  t = (x ^ (x >>> 14)) & 0x0000cccc;
  x = x ^ t ^ (t << 14);
  t = (y ^ (y >>> 14)) & 0x0000cccc;
  y = y ^ t ^ (t << 14);
  t = (x & 0xf0f0f0f0) | ((y >>> 4) & 0x0f0f0f0f);
  y = ((x << 4) & 0xf0f0f0f0) | (y & 0x0f0f0f0f);
  x = t;
  b[0] = x >>> 24;
  b[1] = (x >>> 16) & 0xff;
  b[2] = (x >>> 8) & 0xff;
  b[3] = x & 0xff;
  b[4] = y >>> 24;
  b[5] = (y >>> 16) & 0xff;
  b[6] = (y >>> 8) & 0xff;
  b[7] = y & 0xff;
}
