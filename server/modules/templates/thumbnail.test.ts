/**
 * Thumbnails: the dpi rule, a render in the worker thread, and a worker that is stopped with
 * renders waiting (they get no thumbnail; the next render starts a new worker).
 */
import { decode as decodePng } from 'fast-png';
import { afterAll, describe, expect, it } from 'vitest';
import { galleryContent } from './gallery.ts';
import { closeThumbnailWorker, renderThumbnail, thumbnailDpi, THUMBNAIL_MAX_SIDE } from './thumbnail.ts';

afterAll(() => closeThumbnailWorker());

describe('thumbnails', () => {
  it('use 96 dpi up to 63 mm a side, then less so the longest side stays within 240 dots', () => {
    expect(thumbnailDpi(40, 30)).toBe(96);
    expect(thumbnailDpi(63, 20)).toBe(96);
    expect(thumbnailDpi(100, 50)).toBe(60);
    expect(Math.round((1000 / 25.4) * thumbnailDpi(1000, 1000))).toBeLessThanOrEqual(THUMBNAIL_MAX_SIDE);
    expect(thumbnailDpi(100_000, 1)).toBe(1);
  });

  it('render the first page in the worker as a 1-bit PNG of the label size', async () => {
    const png = await renderThumbnail(galleryContent('asset-70x50-zh.wdfx'), 70, 50, 0);
    expect(png).not.toBeNull();
    const image = decodePng(png!);
    // 70 x 50 mm at thumbnailDpi(70, 50) = 87 dpi: 240 x 171 dots, within a dot.
    expect(Math.abs(image.width - (70 * 87) / 25.4)).toBeLessThanOrEqual(1);
    expect(Math.abs(image.height - (50 * 87) / 25.4)).toBeLessThanOrEqual(1);
    expect([image.channels, image.depth]).toEqual([1, 1]);
  });

  it('give no thumbnail when the worker stops under them, and start a new worker after', async () => {
    const waiting = renderThumbnail(galleryContent('asset-40x30-en.wdfx'), 40, 30, 0);
    await closeThumbnailWorker();
    // Either it was drawn before the stop or it gets none; never a hang or a throw.
    const first = await waiting;
    expect(first === null || first instanceof Uint8Array).toBe(true);
    const again = await renderThumbnail(galleryContent('asset-40x30-en.wdfx'), 40, 30, 0);
    expect(again).toBeInstanceOf(Uint8Array);
  });
});
