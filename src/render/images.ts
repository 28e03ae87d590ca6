/**
 * Pictures for the engine: an embedded PNG or JPEG (a data URL, as documents hold them)
 * decoded to luminance, 0 = black, 255 = white, with any alpha composited on white (the
 * label's paper). Pure JavaScript (fast-png, jpeg-js), so the same code runs in Node, in
 * the browser and in Web Workers, synchronously. Decoded pictures are cached by their data
 * URL: a logo on 10,000 pages is decoded once.
 */
import { Unzlib } from 'fflate';
import { convertIndexedToRgb, decode as decodePng, type DecodedPng } from 'fast-png';
import jpeg from 'jpeg-js';
import { embeddedBytes } from '../label/embedded.ts';
import type { LumaImage } from '../engine/types.ts';

/** The engine takes at most this many pixels a side (display list IMAGE). */
export const MAX_IMAGE_SIDE = 8192;
/**
 * Pictures larger than this (pixels) are refused before decoding, from the size their
 * header declares: 64 megapixels (an 8192 x 8192 picture). Larger ones are shrunk to
 * MAX_IMAGE_SIDE anyway, and a 389 KB PNG declaring 20000 x 20000 cost 1.3 GB before.
 */
export const MAX_PIXELS = 64 * 1024 * 1024;
/**
 * Most bytes a decoded PNG's pixels may take (fast-png's output, palette pictures counted
 * as RGBA after expansion): 256 MiB, an 8-bit RGBA picture of MAX_PIXELS. 16-bit pictures
 * of that many pixels would take twice as much and are refused.
 */
const MAX_DECODED_BYTES = 256 * 1024 * 1024;
/** Deflate expands at most 1032 times (RFC 1951 longest match over a 1-bit code). */
const MAX_DEFLATE_RATIO = 1032;
const CACHE_SIZE = 32;

const cache = new Map<string, LumaImage | null>();

/**
 * The luminance of an embedded picture, or null when it is not an embedded PNG or JPEG or
 * cannot be decoded (the spec: image load failures yield nothing). Cached.
 */
export function decodeEmbeddedImage(dataUrl: string): LumaImage | null {
  const hit = cache.get(dataUrl);
  if (hit !== undefined || cache.has(dataUrl)) return hit ?? null;
  let image: LumaImage | null = null;
  try {
    const embedded = embeddedBytes(dataUrl);
    if (embedded) image = decodeImageBytes(embedded.bytes);
  } catch {
    image = null;
  }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(dataUrl, image);
  return image;
}

/**
 * PNG or JPEG bytes (told apart by their signatures) to luminance; throws on bad data and on
 * pictures whose header declares more than MAX_PIXELS, before anything is allocated.
 */
export function decodeImageBytes(bytes: Uint8Array): LumaImage {
  const size = pictureSize(bytes);
  if (!size) throw new Error('not a PNG or JPEG picture, or its header is damaged');
  if (size.width * size.height > MAX_PIXELS) throw new Error(`picture too large (${size.width}x${size.height})`);
  let image: LumaImage;
  if (size.format === 'png') image = pngToLuma(decodePng(safePng(bytes)));
  else if (size.format === 'jpeg') image = jpegToLuma(bytes);
  else throw new Error('not a PNG or JPEG picture');
  return fitSide(image, MAX_IMAGE_SIDE);
}

export interface PictureSize {
  format: 'png' | 'jpeg' | 'gif' | 'bmp' | 'webp';
  /** Pixels, as the header declares them (not checked against the data). */
  width: number;
  height: number;
}

/**
 * The format and size a picture's header declares, read without decoding (a few bytes for
 * PNG, GIF, BMP and WebP; the markers up to the frame header for JPEG); null when the bytes
 * are none of these or the header is cut short.
 */
export function pictureSize(bytes: Uint8Array): PictureSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const has = (n: number) => bytes.length >= n;
  const ascii = (at: number, text: string) => [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));
  if (has(24) && ascii(0, '\x89PNG\r\n\x1a\n') && ascii(12, 'IHDR')) {
    return { format: 'png', width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (has(4) && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes, view);
  if (has(10) && (ascii(0, 'GIF87a') || ascii(0, 'GIF89a'))) {
    return { format: 'gif', width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  if (has(26) && ascii(0, 'BM')) {
    // Height is negative for top-down bitmaps.
    return { format: 'bmp', width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) };
  }
  if (has(30) && ascii(0, 'RIFF') && ascii(8, 'WEBP')) {
    if (ascii(12, 'VP8 ')) return { format: 'webp', width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
    if (ascii(12, 'VP8L')) {
      // 14 bits each of width - 1 and height - 1, after the 0x2f signature byte.
      const bits = view.getUint32(21, true);
      return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (ascii(12, 'VP8X')) {
      const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
      return { format: 'webp', width: u24(24) + 1, height: u24(27) + 1 };
    }
  }
  return null;
}

/** A JPEG's size from its first frame header (SOF0-SOF15 but DHT, JPG and DAC). */
function jpegSize(bytes: Uint8Array, view: DataView): PictureSize | null {
  let p = 2;
  while (p + 4 <= bytes.length) {
    if (bytes[p] !== 0xff) return null;
    const marker = bytes[p + 1]!;
    // Fill bytes, and markers with no length (TEM, RST0-7) stand alone.
    if (marker === 0xff) { p++; continue; }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { p += 2; continue; }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    const length = view.getUint16(p + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (p + 9 > bytes.length) return null;
      return { format: 'jpeg', width: view.getUint16(p + 7), height: view.getUint16(p + 5) };
    }
    p += 2 + length;
  }
  return null;
}

/** Channels of each PNG colour type (0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA). */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * The PNG with only the chunks a picture needs (IHDR, PLTE, tRNS, IDAT, IEND), once its
 * declared size and its image data's inflated size are known to fit. fast-png inflates
 * IDAT and iCCP with no limit, so a small PNG whose data or colour profile inflates to
 * gigabytes would cost gigabytes; colour profiles and text do not matter for a label's
 * grey dots and are dropped. Throws when the picture is too large or damaged.
 */
export function safePng(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const depth = bytes[24]!;
  const channels = PNG_CHANNELS[bytes[25]!];
  if (!channels || ![1, 2, 4, 8, 16].includes(depth) || width === 0 || height === 0) throw new Error('damaged PNG header');
  const pixelBytes = bytes[25] === 3 ? 4 : channels * (depth === 16 ? 2 : 1);
  if (width * height * pixelBytes > MAX_DECODED_BYTES) throw new Error(`picture too large (${width}x${height}, ${depth}-bit)`);
  // Filtered rows hold ceil(width * bits / 8) bytes and a filter byte each; Adam7's seven
  // passes add at most 2 bytes for each of their (fewer than 2 * height + 7) rows.
  const maxInflated = Math.ceil((width * height * channels * depth) / 8) + 4 * height + 16;

  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  const data: Uint8Array[] = [];
  let compressed = 0;
  let p = 8;
  for (;;) {
    if (p + 12 > bytes.length) throw new Error('PNG cut short');
    const length = view.getUint32(p);
    const type = String.fromCharCode(bytes[p + 4]!, bytes[p + 5]!, bytes[p + 6]!, bytes[p + 7]!);
    const end = p + 12 + length;
    if (end > bytes.length) throw new Error('PNG cut short');
    if (type === 'IHDR' || type === 'PLTE' || type === 'tRNS' || type === 'IDAT' || type === 'IEND') kept.push(bytes.subarray(p, end));
    if (type === 'IDAT') {
      data.push(bytes.subarray(p + 8, p + 8 + length));
      compressed += length;
    }
    p = end;
    if (type === 'IEND') break;
  }
  // Only data that could inflate past the pixels' size is inflated here to count it.
  if (compressed * MAX_DEFLATE_RATIO > maxInflated) {
    let inflated = 0;
    const counter = new Unzlib((chunk) => {
      inflated += chunk.length;
      if (inflated > maxInflated) throw new Error(`PNG data inflates past ${maxInflated} bytes`);
    });
    // Chunks of at most 64 KB, so one step yields at most 66 MB before the count is checked.
    for (const chunk of data) for (let at = 0; at < chunk.length; at += 65536) counter.push(chunk.subarray(at, at + 65536));
  }
  const out = new Uint8Array(kept.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of kept) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Rec. 601 luma of 8-bit R, G, B, composited on white with alpha 0-255. */
function luma(r: number, g: number, b: number, a: number): number {
  const y = (299 * r + 587 * g + 114 * b) / 1000;
  return Math.round((y * a + 255 * (255 - a)) / 255);
}

/**
 * A decoded PNG's samples as 0-255, whatever its bit depth (1, 2, 4 packed in bytes a row;
 * 16 in words) and with a palette expanded: `sample(y, i)` is sample `i` of row `y`, the
 * pixel at x having samples x * channels .. x * channels + channels - 1. Shared by the
 * label renderer (luminance) and the server's picture checks (RGBA thumbnails).
 */
export function pngSamples(png: DecodedPng): { channels: number; sample: (y: number, i: number) => number } {
  let channels = png.channels;
  let depth: number = png.depth;
  let data: ArrayLike<number> = png.data;
  if (png.palette) {
    data = convertIndexedToRgb(png);
    channels = png.palette[0]?.length ?? 3;
    depth = 8;
  }
  const rowSamples = png.width * channels;
  const rowBytes = depth < 8 ? Math.ceil((rowSamples * depth) / 8) : rowSamples;
  const max = (1 << Math.min(depth, 8)) - 1;
  const sample = (y: number, i: number): number => {
    if (depth === 8) return data[y * rowBytes + i]!;
    if (depth === 16) return data[y * rowBytes + i]! >> 8;
    const bit = i * depth;
    const byte = data[y * rowBytes + (bit >> 3)]!;
    return Math.round((((byte >> (8 - depth - (bit & 7))) & max) * 255) / max);
  };
  return { channels, sample };
}

function pngToLuma(png: DecodedPng): LumaImage {
  const { width, height } = png;
  if (width * height > MAX_PIXELS) throw new Error(`picture too large (${width}x${height})`);
  const { channels, sample } = pngSamples(png);
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = x * channels;
      let v: number;
      if (channels === 1) v = sample(y, i);
      else if (channels === 2) v = luma(sample(y, i), sample(y, i), sample(y, i), sample(y, i + 1));
      else if (channels === 3) v = luma(sample(y, i), sample(y, i + 1), sample(y, i + 2), 255);
      else v = luma(sample(y, i), sample(y, i + 1), sample(y, i + 2), sample(y, i + 3));
      out[y * width + x] = v;
    }
  }
  return { width, height, data: out };
}

function jpegToLuma(bytes: Uint8Array): LumaImage {
  const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_PIXELS / 1e6, maxMemoryUsageInMB: 1024 });
  const out = new Uint8Array(img.width * img.height);
  for (let p = 0, i = 0; p < out.length; p++, i += 4) out[p] = luma(img.data[i]!, img.data[i + 1]!, img.data[i + 2]!, 255);
  return { width: img.width, height: img.height, data: out };
}

/** Shrinks (area average, whole-pixel factor) so neither side exceeds `max` pixels. */
export function fitSide(image: LumaImage, max: number): LumaImage {
  const factor = Math.ceil(Math.max(image.width, image.height) / max);
  if (factor <= 1) return image;
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) {
        const row = (y * factor + dy) * image.width + x * factor;
        for (let dx = 0; dx < factor; dx++) sum += image.data[row + dx]!;
      }
      out[y * width + x] = Math.round(sum / (factor * factor));
    }
  }
  return { width, height, data: out };
}
