/**
 * Image payloads of PrintImageD, DrawImageD, DrawImage and JSON-mode image items, to 1-bit
 * bitmaps. Pixel formats (printing-protocol.md): 1 = packed 1-bit rows, 1 = black, leftmost
 * dot in the high bit, `lineSize` (default ceil(imageWidth / 8)) bytes a row; 2 = the same
 * with 1 = white; 32 = RGBA bytes, `imageWidth` pixels a row; 93 = an image file, PNG or
 * JPEG (fast-png, jpeg-js, through src/render/images.ts, which refuses decompression bombs)
 * or an uncompressed BMP. Colour and grey become luminance (Rec. 601, alpha composited on
 * white paper) and a dot is black where it is darker than the threshold. Format 90 is the
 * vendor's run-length package (helper/package-image.ts), `imageWidth` dots a row.
 *
 * Every refusal is a HelperFailure: code 5 no data, 6 no image width, 7 a file that is
 * not a picture we read, 8 an unsupported format, 1 anything else that does not add up.
 */
import { decodeImageBytes, pictureSize } from '../src/render/images.ts';
import type { LumaImage } from '../src/engine/page-types.ts';
import { bitmapFromLuma, bitmapFromRows, lumaFromBitmap } from './bitmap.ts';
import { readPackage } from './package-image.ts';
import type { Bitmap } from './printer.ts';
import { CODE, HelperFailure, MAX_PAGE_HEIGHT, MAX_PAGE_WIDTH } from './protocol.ts';

export const FORMAT_1BIT = 1;
export const FORMAT_1BIT_INVERTED = 2;
export const FORMAT_RGBA = 32;
export const FORMAT_PACKAGE = 90;
export const FORMAT_FILE = 93;

/** An image no larger than this many pixels is accepted (the largest page's area). */
const MAX_IMAGE_PIXELS = MAX_PAGE_WIDTH * MAX_PAGE_HEIGHT;
/** Nor longer than this on either side, dots. */
const MAX_IMAGE_SIDE = Math.max(MAX_PAGE_WIDTH, MAX_PAGE_HEIGHT);

export interface ImageShape {
  /** PrintImageD `format`; default 93 (an image file). */
  format: number;
  /** Pixels a row, for formats 1, 2 and 32. */
  imageWidth?: number;
  /** Rows; default: as many whole rows as the data holds. */
  imageHeight?: number;
  /** Bytes a row for formats 1 and 2; default ceil(imageWidth / 8). */
  lineSize?: number;
  /** Grey cut-off, 1-255 (already defaulted by the caller). */
  threshold: number;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const DATA_URL = /^data:[^,]*?;base64,/i;

/**
 * The bytes of a base64 text: a data URL (`data:image/png;base64,...`) or bare base64,
 * blanks ignored. A text that is not base64 is a parameter error rather than garbage.
 */
export function decodeBase64Payload(text: string): Uint8Array {
  let body = text.replace(/^[\r\n\t]+|[\r\n\t]+$/g, '');
  const url = DATA_URL.exec(body.trimStart());
  if (url) body = body.trimStart().slice(url[0].length);
  else if (body.trimStart().startsWith('data:')) throw new HelperFailure(CODE.invalidFile, 'the data URL is not base64 (data:...;base64,...)');
  // A '+' sent unescaped in a url-encoded body arrives as a space, and base64 has no spaces:
  // read spaces as '+' when that gives base64, else as blanks.
  for (const spaces of ['+', '']) {
    let b64 = body.replace(/ /g, spaces).replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
    if (b64.length % 4 !== 0 && !b64.includes('=')) b64 += '='.repeat((4 - (b64.length % 4)) % 4);
    if (BASE64.test(b64) && b64.length % 4 === 0) {
      const bytes = Buffer.from(b64, 'base64');
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
  }
  throw new HelperFailure(CODE.parameter, 'the image data is not valid base64');
}

/**
 * The image bytes of a request body: base64 (a data URL or bare) when the content type says
 * `encoding=base64` or is text, the body's own bytes otherwise (application/octet-stream).
 */
export function bodyImageBytes(body: Uint8Array, contentType: string | undefined): Uint8Array {
  const type = (contentType ?? '').toLowerCase();
  const base64 = /encoding\s*=\s*base64/.test(type) || type.startsWith('text/') || type.includes('x-www-form-urlencoded') || looksBase64(body);
  if (!base64) return body;
  return decodeBase64Payload(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1'));
}

/** Whether a body without a content type is base64 text: a data URL, or only base64 characters. */
function looksBase64(body: Uint8Array): boolean {
  if (body.length >= 5 && String.fromCharCode(...body.subarray(0, 5)) === 'data:') return true;
  const n = Math.min(body.length, 256);
  if (n === 0) return false;
  for (let i = 0; i < n; i++) {
    const c = body[i]!;
    const ok = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2f || c === 0x3d || c === 0x0a || c === 0x0d;
    if (!ok) return false;
  }
  return true;
}

/** The image's dots, black where it is black. */
export function imageToBitmap(bytes: Uint8Array, shape: ImageShape): Bitmap {
  if (bytes.length === 0) throw new HelperFailure(CODE.noData, 'no image data');
  switch (shape.format) {
    case FORMAT_1BIT:
    case FORMAT_1BIT_INVERTED:
      return packedRows(bytes, shape);
    case FORMAT_RGBA:
      return bitmapFromLuma(rgbaToLuma(bytes, shape), shape.threshold);
    case FORMAT_FILE:
      return bitmapFromLuma(fileToLuma(bytes), shape.threshold);
    case FORMAT_PACKAGE:
      return readPackage(bytes, needWidth(shape));
    default:
      throw new HelperFailure(CODE.parameter, `format must be 1, 2, 32, 90 or 93, got ${shape.format}`);
  }
}

/**
 * The image as grey levels, for drawing it as a picture item (DrawImageD): files and RGBA
 * keep their greys, so the item's threshold or half-toning applies; 1-bit formats and the
 * package are black and white already.
 */
export function imageToLuma(bytes: Uint8Array, shape: ImageShape): LumaImage {
  if (bytes.length === 0) throw new HelperFailure(CODE.noData, 'no image data');
  if (shape.format === FORMAT_FILE) return fileToLuma(bytes);
  if (shape.format === FORMAT_RGBA) return rgbaToLuma(bytes, shape);
  return lumaFromBitmap(imageToBitmap(bytes, shape));
}

function needWidth(shape: ImageShape): number {
  if (shape.imageWidth === undefined) throw new HelperFailure(CODE.noPageSize, `format ${shape.format} needs imageWidth (pixels a row)`);
  if (!Number.isInteger(shape.imageWidth) || shape.imageWidth < 1 || shape.imageWidth > MAX_IMAGE_SIDE) {
    throw new HelperFailure(CODE.parameter, `imageWidth must be 1 to ${MAX_IMAGE_SIDE} pixels, got ${shape.imageWidth}`);
  }
  return shape.imageWidth;
}

/** Rows the data holds at `rowBytes` a row, checked against imageHeight when given. */
function rowCount(bytes: Uint8Array, rowBytes: number, shape: ImageShape): number {
  const whole = Math.floor(bytes.length / rowBytes);
  if (shape.imageHeight !== undefined) {
    if (!Number.isInteger(shape.imageHeight) || shape.imageHeight < 1) throw new HelperFailure(CODE.parameter, `imageHeight must be a whole number of rows, got ${shape.imageHeight}`);
    if (whole < shape.imageHeight) {
      throw new HelperFailure(CODE.parameter, `the data holds ${whole} rows of ${rowBytes} bytes, imageHeight says ${shape.imageHeight}`);
    }
    return checkedSize(needWidth(shape), shape.imageHeight);
  }
  if (bytes.length % rowBytes !== 0) {
    throw new HelperFailure(CODE.parameter, `the data (${bytes.length} bytes) is not a whole number of ${rowBytes}-byte rows: check imageWidth and lineSize`);
  }
  return checkedSize(needWidth(shape), whole);
}

function checkedSize(width: number, height: number): number {
  if (height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new HelperFailure(CODE.parameter, `image too large (${width} x ${height} pixels; at most ${MAX_PAGE_WIDTH} x ${MAX_PAGE_HEIGHT})`);
  }
  return height;
}

function packedRows(bytes: Uint8Array, shape: ImageShape): Bitmap {
  const width = needWidth(shape);
  const minLine = Math.ceil(width / 8);
  const lineSize = shape.lineSize ?? minLine;
  if (!Number.isInteger(lineSize) || lineSize < minLine) {
    throw new HelperFailure(CODE.parameter, `lineSize must be at least ${minLine} bytes for ${width} pixels, got ${lineSize}`);
  }
  const height = rowCount(bytes, lineSize, shape);
  return bitmapFromRows(bytes, width, height, lineSize, shape.format === FORMAT_1BIT_INVERTED);
}

function rgbaToLuma(bytes: Uint8Array, shape: ImageShape): LumaImage {
  const width = needWidth(shape);
  const height = rowCount(bytes, width * 4, shape);
  const out = new Uint8Array(width * height);
  for (let p = 0, i = 0; p < out.length; p++, i += 4) out[p] = luma(bytes[i]!, bytes[i + 1]!, bytes[i + 2]!, bytes[i + 3]!);
  return { width, height, data: out };
}

/** Rec. 601 luma of 8-bit R, G, B composited on white with alpha 0-255. */
function luma(r: number, g: number, b: number, a: number): number {
  const y = (299 * r + 587 * g + 114 * b) / 1000;
  return Math.round((y * a + 255 * (255 - a)) / 255);
}

/** An image file (PNG, JPEG or BMP) to luminance; HelperFailure 7 for anything else. */
export function fileToLuma(bytes: Uint8Array): LumaImage {
  const size = pictureSize(bytes);
  if (!size) throw new HelperFailure(CODE.invalidFile, 'the image is not a PNG, JPEG or BMP file (or its header is damaged)');
  if (size.width < 1 || size.height < 1 || size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE || size.width * size.height > MAX_IMAGE_PIXELS) {
    throw new HelperFailure(CODE.parameter, `image too large (${size.width} x ${size.height} pixels; at most ${MAX_PAGE_WIDTH} x ${MAX_PAGE_HEIGHT})`);
  }
  if (size.format === 'bmp') return bmpToLuma(bytes);
  if (size.format !== 'png' && size.format !== 'jpeg') {
    throw new HelperFailure(CODE.invalidFile, `${size.format.toUpperCase()} images are not supported: send PNG, JPEG or BMP`);
  }
  try {
    return decodeImageBytes(bytes);
  } catch (e) {
    throw new HelperFailure(CODE.invalidFile, `the ${size.format.toUpperCase()} image cannot be read: ${(e as Error).message}`);
  }
}

/**
 * An uncompressed Windows bitmap (BI_RGB at 1, 4, 8, 24 or 32 bits a pixel; BI_BITFIELDS at
 * 16 or 32) to luminance, from the BMP file format: a 14-byte file header (`BM`, size,
 * offset of the pixels at byte 10), an info header of at least 40 bytes (width, height
 * negative for top-down rows, planes, bit count, compression), colour masks, a palette of
 * BGRX entries, then rows padded to 4 bytes, bottom row first unless the height is negative.
 */
function bmpToLuma(bytes: Uint8Array): LumaImage {
  const fail = (why: string) => new HelperFailure(CODE.invalidFile, `the BMP image cannot be read: ${why}`);
  if (bytes.length < 54) throw fail('header cut short');
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pixelsAt = v.getUint32(10, true);
  const infoSize = v.getUint32(14, true);
  if (infoSize < 40) throw fail('OS/2 bitmap headers are not supported');
  const width = v.getInt32(18, true);
  const rawHeight = v.getInt32(22, true);
  const bits = v.getUint16(28, true);
  const compression = v.getUint32(30, true);
  const height = Math.abs(rawHeight);
  const topDown = rawHeight < 0;
  if (width < 1 || height < 1) throw fail('no pixels');
  if (compression !== 0 && compression !== 3) throw fail('compressed bitmaps (RLE, JPEG, PNG) are not supported');
  if (![1, 4, 8, 16, 24, 32].includes(bits)) throw fail(`${bits} bits a pixel`);
  let masks: [number, number, number, number] = bits === 16 ? [0x7c00, 0x03e0, 0x001f, 0] : [0xff0000, 0xff00, 0xff, 0];
  if (compression === 3) {
    if (bits !== 16 && bits !== 32) throw fail('bit-field colours need 16 or 32 bits a pixel');
    const at = infoSize >= 52 ? 14 + 40 : 14 + infoSize;
    if (at + 12 > bytes.length) throw fail('colour masks cut short');
    masks = [v.getUint32(at, true), v.getUint32(at + 4, true), v.getUint32(at + 8, true), infoSize >= 56 ? v.getUint32(14 + 52, true) : 0];
  }
  const paletteAt = 14 + infoSize + (compression === 3 && infoSize < 52 ? 12 : 0);
  const colours = bits <= 8 ? v.getUint32(46, true) || 1 << bits : 0;
  const palette = new Uint8Array(256).fill(255);
  for (let i = 0; i < Math.min(colours, 256); i++) {
    const p = paletteAt + i * 4;
    if (p + 3 > bytes.length) throw fail('palette cut short');
    palette[i] = luma(bytes[p + 2]!, bytes[p + 1]!, bytes[p]!, 255);
  }
  const rowBytes = Math.ceil((width * bits) / 32) * 4;
  if (pixelsAt + rowBytes * height > bytes.length) throw fail('pixel data cut short');
  const channel = (value: number, mask: number): number => {
    if (mask === 0) return 255;
    const shift = 31 - Math.clz32(mask & -mask); // the mask's lowest set bit
    const max = mask >>> shift;
    return Math.round((((value & mask) >>> shift) * 255) / max);
  };
  const out = new Uint8Array(width * height);
  for (let row = 0; row < height; row++) {
    const y = topDown ? row : height - 1 - row;
    const at = pixelsAt + row * rowBytes;
    for (let x = 0; x < width; x++) {
      let g: number;
      if (bits <= 8) {
        const bit = x * bits;
        const index = (bytes[at + (bit >> 3)]! >> (8 - bits - (bit & 7))) & ((1 << bits) - 1);
        g = palette[index]!;
      } else if (bits === 24) {
        const p = at + x * 3;
        g = luma(bytes[p + 2]!, bytes[p + 1]!, bytes[p]!, 255);
      } else if (bits === 32 && compression === 0) {
        const p = at + x * 4;
        g = luma(bytes[p + 2]!, bytes[p + 1]!, bytes[p]!, 255);
      } else {
        const value = bits === 16 ? v.getUint16(at + x * 2, true) : v.getUint32(at + x * 4, true);
        const alpha = masks[3] !== 0 ? channel(value, masks[3]) : 255;
        g = luma(channel(value, masks[0]), channel(value, masks[1]), channel(value, masks[2]), alpha);
      }
      out[y * width + x] = g;
    }
  }
  return { width, height, data: out };
}
