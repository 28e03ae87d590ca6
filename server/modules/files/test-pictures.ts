/**
 * Real pictures for tests, made here with the encoders the server decodes with (fast-png,
 * jpeg-js), plus the smallest valid GIF and WebP files (1 x 1), whose headers the upload reads.
 */
import { encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';

/** An RGBA gradient of the size, so a shrunk copy has something to average. */
function gradient(width: number, height: number, alpha = 255): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0, o = 0; y < height; y++) {
    for (let x = 0; x < width; x++, o += 4) {
      data[o] = (x * 255) / Math.max(1, width - 1);
      data[o + 1] = (y * 255) / Math.max(1, height - 1);
      data[o + 2] = 128;
      data[o + 3] = alpha;
    }
  }
  return data;
}

export function pngOf(width: number, height: number): Buffer {
  return Buffer.from(encodePng({ width, height, data: gradient(width, height), channels: 4, depth: 8 }));
}

export function jpegOf(width: number, height: number): Buffer {
  return Buffer.from(jpeg.encode({ width, height, data: gradient(width, height) }, 90).data);
}

/** A 1 x 1 GIF89a (one transparent pixel). */
export const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** A 1 x 1 lossless WebP (VP8L). */
export const WEBP_1X1 = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/**
 * A PNG whose header declares width x height but whose data is one row: cheap to send, and
 * refused from its header before anything is decoded.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const png = pngOf(1, 1);
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  return out;
}
