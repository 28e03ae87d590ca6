/**
 * Pictures for the engine: an embedded PNG or JPEG (a data URL, as documents hold them)
 * decoded to luminance, 0 = black, 255 = white, with any alpha composited on white (the
 * label's paper). Pure JavaScript (fast-png, jpeg-js), so the same code runs in Node, in
 * the browser and in Web Workers, synchronously. Decoded pictures are cached by their data
 * URL: a logo on 10,000 pages is decoded once.
 */
import { convertIndexedToRgb, decode as decodePng, type DecodedPng } from 'fast-png';
import jpeg from 'jpeg-js';
import { embeddedBytes } from '../label/embedded.ts';
import type { LumaImage } from '../engine/types.ts';

/** The engine takes at most this many pixels a side (display list IMAGE). */
export const MAX_IMAGE_SIDE = 8192;
/** Pictures larger than this (pixels) are refused before decoding: 64 megapixels. */
const MAX_PIXELS = 64 * 1024 * 1024;
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

/** PNG or JPEG bytes (told apart by their signatures) to luminance; throws on bad data. */
export function decodeImageBytes(bytes: Uint8Array): LumaImage {
  let image: LumaImage;
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) image = pngToLuma(decodePng(bytes));
  else if (bytes[0] === 0xff && bytes[1] === 0xd8) image = jpegToLuma(bytes);
  else throw new Error('not a PNG or JPEG picture');
  return fitSide(image, MAX_IMAGE_SIDE);
}

/** Rec. 601 luma of 8-bit R, G, B, composited on white with alpha 0-255. */
function luma(r: number, g: number, b: number, a: number): number {
  const y = (299 * r + 587 * g + 114 * b) / 1000;
  return Math.round((y * a + 255 * (255 - a)) / 255);
}

function pngToLuma(png: DecodedPng): LumaImage {
  const { width, height } = png;
  if (width * height > MAX_PIXELS) throw new Error(`picture too large (${width}x${height})`);
  let channels = png.channels;
  let depth: number = png.depth;
  let data: ArrayLike<number> = png.data;
  if (png.palette) {
    data = convertIndexedToRgb(png);
    channels = png.palette[0]?.length ?? 3;
    depth = 8;
  }
  const out = new Uint8Array(width * height);
  // Samples as 0-255 whatever the bit depth (1, 2, 4 packed in bytes per row; 16 in words).
  const rowSamples = width * channels;
  const rowBytes = depth < 8 ? Math.ceil((rowSamples * depth) / 8) : rowSamples;
  const max = (1 << Math.min(depth, 8)) - 1;
  const sample = (y: number, i: number): number => {
    if (depth === 8) return data[y * rowBytes + i]!;
    if (depth === 16) return data[y * rowBytes + i]! >> 8;
    const bit = i * depth;
    const byte = data[y * rowBytes + (bit >> 3)]!;
    return Math.round((((byte >> (8 - depth - (bit & 7))) & max) * 255) / max);
  };
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
