import { encode as encodePng } from 'fast-png';
import { zlibSync } from 'fflate';
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { pngChunk } from '../engine/png.ts';
import { decodeEmbeddedImage, decodeImageBytes, pictureSize } from './images.ts';

/** A PNG written chunk by chunk, so the header can claim anything. */
function png(width: number, height: number, opts: { depth?: number; colorType?: number; idat?: Uint8Array; extra?: Uint8Array[] } = {}): Uint8Array {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr[8] = opts.depth ?? 8;
  ihdr[9] = opts.colorType ?? 0;
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    ...(opts.extra ?? []),
    pngChunk('IDAT', opts.idat ?? zlibSync(new Uint8Array(16))),
    pngChunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) (out.set(p, at), (at += p.length));
  return out;
}

/** A JPEG that is only its start marker, an APP0 segment and a baseline frame header. */
function jpegHeader(width: number, height: number): Uint8Array {
  const bytes = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...'JFIF'.split('').map((c) => c.charCodeAt(0)), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  bytes.push(0xff, 0xc0, 0x00, 0x0b, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0);
  return new Uint8Array([...bytes, 0xff, 0xd9]);
}

const toDataUrl = (mime: string, bytes: Uint8Array) => `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

describe('pictureSize', () => {
  it('reads the size from PNG, JPEG, GIF, BMP and WebP headers', () => {
    expect(pictureSize(png(300, 20))).toEqual({ format: 'png', width: 300, height: 20 });
    expect(pictureSize(jpegHeader(640, 480))).toEqual({ format: 'jpeg', width: 640, height: 480 });
    const gif = new Uint8Array([...'GIF89a'].map((c) => c.charCodeAt(0)).concat([0x40, 0x01, 0xf0, 0x00]));
    expect(pictureSize(gif)).toEqual({ format: 'gif', width: 320, height: 240 });
    const bmp = new Uint8Array(54);
    bmp.set([0x42, 0x4d]);
    new DataView(bmp.buffer).setInt32(18, 100, true);
    new DataView(bmp.buffer).setInt32(22, -50, true);
    expect(pictureSize(bmp)).toEqual({ format: 'bmp', width: 100, height: 50 });
    const webp = new Uint8Array(30);
    webp.set([...'RIFF'].map((c) => c.charCodeAt(0)), 0);
    webp.set([...'WEBPVP8X'].map((c) => c.charCodeAt(0)), 8);
    webp.set([0x1f, 0x4e, 0x00, 0x1f, 0x4e, 0x00], 24); // 20000 - 1 each
    expect(pictureSize(webp)).toEqual({ format: 'webp', width: 20000, height: 20000 });
    expect(pictureSize(new Uint8Array([1, 2, 3]))).toBeNull();
    expect(pictureSize(jpegHeader(1, 1).subarray(0, 12))).toBeNull();
  });
});

describe('decodeImageBytes', () => {
  it('decodes normal PNG and JPEG pictures to luminance', () => {
    const rgba = new Uint8Array(4 * 4 * 4).fill(255);
    rgba.set([0, 0, 0, 255], 0);
    const p = decodeImageBytes(encodePng({ width: 4, height: 4, data: rgba, channels: 4, depth: 8 }));
    expect([p.width, p.height, p.data[0], p.data[5]]).toEqual([4, 4, 0, 255]);
    const j = decodeImageBytes(new Uint8Array(jpeg.encode({ width: 16, height: 8, data: Buffer.alloc(16 * 8 * 4, 200) }, 90).data));
    expect([j.width, j.height]).toEqual([16, 8]);
    expect(Math.abs(j.data[0]! - 200)).toBeLessThan(4);
  });

  it('refuses a PNG or JPEG claiming 20000 x 20000 from its header, in a few ms', () => {
    // The reviewer's 389 KB PNG of this size cost 3.6 s and 1.29 GB before it was refused.
    const hugePng = png(20000, 20000, { idat: zlibSync(new Uint8Array(400_000)) });
    const hugeJpeg = jpegHeader(20000, 20000);
    const t0 = performance.now();
    expect(() => decodeImageBytes(hugePng)).toThrow('picture too large (20000x20000)');
    expect(() => decodeImageBytes(hugeJpeg)).toThrow('picture too large (20000x20000)');
    expect(decodeEmbeddedImage(toDataUrl('image/png', hugePng))).toBeNull();
    expect(performance.now() - t0).toBeLessThan(50);
  });

  it('refuses 16-bit RGBA pictures whose pixels would take more than 256 MiB', () => {
    expect(() => decodeImageBytes(png(8192, 8192, { depth: 16, colorType: 6 }))).toThrow('picture too large (8192x8192, 16-bit)');
  });

  it('refuses image data that inflates past the declared size, and drops colour profiles', () => {
    // 100 x 100 grey needs 10,100 bytes of filtered rows; this data inflates to 20 MB.
    const bomb = png(100, 100, { idat: zlibSync(new Uint8Array(20 * 1024 * 1024)) });
    expect(() => decodeImageBytes(bomb)).toThrow('PNG data inflates past 10416 bytes');
    // fast-png inflates a colour profile whole (a bomb would cost gigabytes); this one names
    // a compression method it throws on, so the picture decodes only if the chunk is dropped.
    const iccp = pngChunk('iCCP', new Uint8Array([0x70, 0, 1, 0x78, 0x9c, 0x03, 0x00]));
    const rows = new Uint8Array(2 * 3); // 2 rows of filter byte 0 and two white pixels
    rows.set([0, 255, 255, 0, 255, 255]);
    const ok = decodeImageBytes(png(2, 2, { idat: zlibSync(rows.subarray(0, 6)), extra: [iccp] }));
    expect([ok.width, ok.height, [...ok.data]]).toEqual([2, 2, [255, 255, 255, 255]]);
  });

  it('refuses damaged headers and truncated files', () => {
    expect(() => decodeImageBytes(png(0, 10))).toThrow('damaged PNG header');
    expect(() => decodeImageBytes(png(10, 10, { colorType: 5 }))).toThrow('damaged PNG header');
    const whole = png(2, 2);
    expect(() => decodeImageBytes(whole.subarray(0, whole.length - 20))).toThrow('PNG cut short');
    expect(() => decodeImageBytes(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toThrow('header is damaged');
  });
});
