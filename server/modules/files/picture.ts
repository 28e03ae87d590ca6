/**
 * Asset pictures are decoded at upload: the size their header declares is checked against
 * the limits below before anything is decoded (a 60 KB PNG can declare 20000 x 20000 pixels,
 * 1.6 GB once decoded), then PNG and JPEG pictures are decoded in full, which proves the data
 * is a picture, and shrunk to a thumbnail of at most THUMBNAIL_SIDE pixels a side for the
 * asset list (a 28 px cell need not fetch a 5 MB photo). GIF and WebP have no decoder here:
 * their header is checked and the list shows the picture itself.
 *
 * A picture at the limit (24 megapixels) takes about 4 s of CPU (JPEG; PNG about 2 s) and
 * 96 MB of RGBA while its thumbnail is made: uploads run this in a worker thread
 * (picture-check.ts).
 */
import { decode as decodePng, encode as encodePng, type DecodedPng } from 'fast-png';
import jpeg from 'jpeg-js';
import { pictureSize, pngSamples, safePng, type PictureSize } from '../../../src/render/images.ts';
import { AppError } from '../../errors.ts';

/** Most pixels a side of an uploaded picture. */
export const PICTURE_MAX_SIDE = 8000;
/** Most pixels of an uploaded picture: 24 megapixels (a 6000 x 4000 camera photo). */
export const PICTURE_MAX_PIXELS = 24_000_000;
/** Longest side of a thumbnail, in pixels (the list shows 28 px; 256 leaves room for 2x screens and larger views). */
export const THUMBNAIL_SIDE = 256;
/** JPEG quality of JPEG thumbnails (1-100). */
const THUMBNAIL_QUALITY = 82;

export interface CheckedPicture extends PictureSize {
  /** A smaller copy for lists; null when the picture is no larger, or cannot be decoded here (GIF, WebP). */
  thumbnail: { data: Uint8Array; mimeType: string; width: number; height: number } | null;
}

/**
 * Checks a picture's declared size against the limits and, for PNG and JPEG, decodes it and
 * makes its thumbnail. Refusals are code 2: pictureUnreadable (no readable header, or data
 * that does not decode), pictureTooLarge (over the limits, with the sizes in the message).
 */
export function checkPicture(bytes: Uint8Array): CheckedPicture {
  const size = checkPictureSize(bytes);
  if (size.format !== 'png' && size.format !== 'jpeg') return { ...size, thumbnail: null };
  let rgba: Rgba;
  try {
    rgba = size.format === 'png' ? pngToRgba(decodePng(safePng(bytes))) : jpegToRgba(bytes);
  } catch {
    throw new AppError('pictureUnreadable');
  }
  // The decoder's own size is the truth; a header that lied is refused.
  if (rgba.width !== size.width || rgba.height !== size.height) throw new AppError('pictureUnreadable');
  if (Math.max(rgba.width, rgba.height) <= THUMBNAIL_SIDE) return { ...size, thumbnail: null };
  const small = shrink(rgba, THUMBNAIL_SIDE);
  const thumbnail =
    size.format === 'jpeg'
      ? { data: new Uint8Array(jpeg.encode({ ...small, data: small.data }, THUMBNAIL_QUALITY).data), mimeType: 'image/jpeg' }
      : { data: encodePng({ width: small.width, height: small.height, data: small.data, channels: 4, depth: 8 }), mimeType: 'image/png' };
  return { ...size, thumbnail: { ...thumbnail, width: small.width, height: small.height } };
}

/** The size a picture's header declares, within the limits; refused otherwise. Reads a few bytes only. */
export function checkPictureSize(bytes: Uint8Array): PictureSize {
  const size = pictureSize(bytes);
  if (!size || size.width < 1 || size.height < 1) throw new AppError('pictureUnreadable');
  if (size.width > PICTURE_MAX_SIDE || size.height > PICTURE_MAX_SIDE || size.width * size.height > PICTURE_MAX_PIXELS) {
    throw new AppError('pictureTooLarge', {
      width: size.width,
      height: size.height,
      maxSide: PICTURE_MAX_SIDE,
      maxMegapixels: PICTURE_MAX_PIXELS / 1_000_000,
    });
  }
  return size;
}

interface Rgba {
  width: number;
  height: number;
  /** 8-bit RGBA, rows top to bottom. */
  data: Uint8Array;
}

function jpegToRgba(bytes: Uint8Array): Rgba {
  const img = jpeg.decode(bytes, {
    useTArray: true,
    formatAsRGBA: true,
    maxResolutionInMP: PICTURE_MAX_PIXELS / 1_000_000,
    maxMemoryUsageInMB: 512,
  });
  return { width: img.width, height: img.height, data: img.data };
}

function pngToRgba(png: DecodedPng): Rgba {
  const { width, height } = png;
  const { channels, sample } = pngSamples(png);
  const out = new Uint8Array(width * height * 4);
  for (let y = 0, o = 0; y < height; y++) {
    for (let x = 0; x < width; x++, o += 4) {
      const i = x * channels;
      if (channels <= 2) {
        out[o] = out[o + 1] = out[o + 2] = sample(y, i);
        out[o + 3] = channels === 2 ? sample(y, i + 1) : 255;
      } else {
        out[o] = sample(y, i);
        out[o + 1] = sample(y, i + 1);
        out[o + 2] = sample(y, i + 2);
        out[o + 3] = channels === 4 ? sample(y, i + 3) : 255;
      }
    }
  }
  return { width, height, data: out };
}

/**
 * Shrinks so the longer side is `side` pixels (aspect kept, at least 1 pixel a side) by area
 * averaging: each output pixel is the mean of the source pixels it covers, colour weighted by
 * alpha so transparent pixels do not darken the edges.
 */
export function shrink(image: Rgba, side: number): Rgba {
  const scale = side / Math.max(image.width, image.height);
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor((y * image.height) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * image.height) / height));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor((x * image.width) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * image.width) / width));
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0, p = (sy * image.width + x0) * 4; sx < x1; sx++, p += 4) {
          const alpha = image.data[p + 3]!;
          r += image.data[p]! * alpha;
          g += image.data[p + 1]! * alpha;
          b += image.data[p + 2]! * alpha;
          a += alpha;
        }
      }
      const o = (y * width + x) * 4;
      const n = (y1 - y0) * (x1 - x0);
      if (a > 0) {
        out[o] = Math.round(r / a);
        out[o + 1] = Math.round(g / a);
        out[o + 2] = Math.round(b / a);
      }
      out[o + 3] = Math.round(a / n);
    }
  }
  return { width, height, data: out };
}
