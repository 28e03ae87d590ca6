import { describe, expect, it } from 'vitest';
import { compressToLimit, COMPRESS_QUALITIES, sizeWithin, type JpegEncoder } from './picture-compress.ts';

/** An encoder whose output size is known: bytes per pixel falling with the quality, so the
 * search's order shows in what it asked for. */
function recording(bytesPerPixel: (quality: number) => number): { encode: JpegEncoder; asked: [number, number, number][] } {
  const asked: [number, number, number][] = [];
  const encode: JpegEncoder = async (w, h, q) => {
    asked.push([w, h, q]);
    return new Uint8Array(Math.ceil(w * h * bytesPerPixel(q)));
  };
  return { encode, asked };
}

describe('compressing a picture to a size limit', () => {
  it('tries the qualities from 0.9 down at full size and takes the first that fits', async () => {
    const { encode, asked } = recording((q) => q); // 1000 x 1000 at q: q MB
    const r = await compressToLimit(1000, 1000, 450_000, encode);
    expect(r && { w: r.width, h: r.height, q: r.quality, n: r.bytes.length }).toEqual({ w: 1000, h: 1000, q: 0.4, n: 400_000 });
    expect(asked.map((a) => a[2])).toEqual([0.9, 0.8, 0.7, 0.6, 0.5, 0.4]);
  });

  it('scales by 0.7 when no quality fits, trying every quality again at each size', async () => {
    const { encode, asked } = recording(() => 1); // quality does not help: only size does
    const r = await compressToLimit(1000, 500, 200_000, encode);
    // 1000x500 = 500k, 700x350 = 245k, 490x245 = 120k fits
    expect(r && [r.width, r.height, r.quality]).toEqual([490, 245, 0.9]);
    expect(asked.length).toBe(2 * COMPRESS_QUALITIES.length + 1);
    expect(asked[COMPRESS_QUALITIES.length]).toEqual([700, 350, 0.9]);
  });

  it('gives up once a side would be under 8 pixels', async () => {
    const { encode, asked } = recording(() => 1);
    expect(await compressToLimit(100, 20, 10, encode)).toBeNull();
    expect(Math.min(...asked.map(([w, h]) => Math.min(w, h)))).toBeGreaterThanOrEqual(8);
  });

  it('fits a size into a pixel budget, keeping its aspect', () => {
    expect(sizeWithin(400, 300, 1_000_000)).toEqual({ width: 400, height: 300 });
    const s = sizeWithin(16_000, 8_000, 2_000_000);
    expect(s.width * s.height).toBeLessThanOrEqual(2_000_000);
    expect(s.width / s.height).toBeCloseTo(2, 2);
  });
});
