import { decode as decodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { pictureSize } from '../../../src/render/images.ts';
import { AppError } from '../../errors.ts';
import { checkPictureOffThread, decodeInWorker } from './picture-check.ts';
import { checkPicture, PICTURE_MAX_PIXELS, PICTURE_MAX_SIDE, shrink, THUMBNAIL_SIDE } from './picture.ts';
import { GIF_1X1, jpegOf, pngDeclaring, pngOf, WEBP_1X1 } from './test-pictures.ts';

const refusal = (bytes: Uint8Array) => {
  try {
    checkPicture(bytes);
  } catch (err) {
    return err instanceof AppError ? { kind: err.kind, code: err.code, params: err.params } : String(err);
  }
  return null;
};

describe('checkPicture', () => {
  it('refuses a 20000 x 20000 PNG from its header, before decoding (code 2)', () => {
    const bomb = pngDeclaring(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100);
    expect(refusal(bomb)).toEqual({
      kind: 'pictureTooLarge',
      code: 2,
      params: { width: 20_000, height: 20_000, maxSide: PICTURE_MAX_SIDE, maxMegapixels: PICTURE_MAX_PIXELS / 1e6 },
    });
    // One side over, or the area over with both sides within.
    expect(refusal(pngDeclaring(PICTURE_MAX_SIDE + 1, 10))).toMatchObject({ kind: 'pictureTooLarge' });
    expect(refusal(pngDeclaring(6000, 4001))).toMatchObject({ kind: 'pictureTooLarge' });
  });

  it('refuses pictures whose data does not decode, or whose header lies', () => {
    const png = pngOf(40, 30);
    expect(refusal(png.subarray(0, png.length - 20))).toMatchObject({ kind: 'pictureUnreadable', code: 2 });
    expect(refusal(pngDeclaring(300, 300))).toMatchObject({ kind: 'pictureUnreadable' });
    const jpg = jpegOf(64, 48);
    const cut = Buffer.from(jpg.subarray(0, 200));
    expect(refusal(cut)).toMatchObject({ kind: 'pictureUnreadable' });
    expect(refusal(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toMatchObject({ kind: 'pictureUnreadable' });
  });

  it('makes a thumbnail of at most 256 px a side, aspect kept, that decodes', () => {
    const png = checkPicture(pngOf(1000, 500));
    expect(png).toMatchObject({ format: 'png', width: 1000, height: 500 });
    expect(png.thumbnail).toMatchObject({ mimeType: 'image/png', width: THUMBNAIL_SIDE, height: 128 });
    const decoded = decodePng(png.thumbnail!.data);
    expect([decoded.width, decoded.height]).toEqual([256, 128]);
    const jpg = checkPicture(jpegOf(300, 900));
    expect(jpg.thumbnail).toMatchObject({ mimeType: 'image/jpeg', width: 85, height: 256 });
    const fromJpeg = jpeg.decode(jpg.thumbnail!.data, { useTArray: true });
    expect([fromJpeg.width, fromJpeg.height]).toEqual([85, 256]);
    expect(jpg.thumbnail!.data.length).toBeLessThan(jpegOf(300, 900).length);
    // Small pictures are their own thumbnail; GIF and WebP are checked by header only.
    expect(checkPicture(pngOf(256, 10)).thumbnail).toBeNull();
    expect(checkPicture(GIF_1X1)).toEqual({ format: 'gif', width: 1, height: 1, thumbnail: null });
    expect(checkPicture(WEBP_1X1)).toEqual({ format: 'webp', width: 1, height: 1, thumbnail: null });
    expect(pictureSize(png.thumbnail!.data)).toEqual({ format: 'png', width: 256, height: 128 });
  });

  it('averages the pixels a thumbnail pixel covers, weighting colour by alpha', () => {
    // 2 x 2: a transparent black pixel must not darken its opaque white neighbours.
    const image = { width: 2, height: 2, data: new Uint8Array([255, 255, 255, 255, 0, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255]) };
    expect([...shrink(image, 1).data]).toEqual([255, 255, 255, 191]);
  });
});

describe('checkPictureOffThread', () => {
  it('decodes PNG and JPEG in a worker thread, with the same outcome as on this thread', async () => {
    for (const bytes of [pngOf(600, 300), jpegOf(300, 600)]) {
      const answer = await decodeInWorker(bytes);
      expect(answer.threadId).not.toBe(threadId);
      expect(answer.ok).toBe(true);
      const offThread = await checkPictureOffThread(bytes);
      const here = checkPicture(bytes);
      expect({ ...offThread, thumbnail: { ...offThread.thumbnail, data: [...offThread.thumbnail!.data] } }).toEqual({
        ...here,
        thumbnail: { ...here.thumbnail, data: [...here.thumbnail!.data] },
      });
    }
  });

  it('refuses from the header without a worker, and carries a worker refusal back as the same error', async () => {
    await expect(checkPictureOffThread(pngDeclaring(20_000, 20_000))).rejects.toMatchObject({ kind: 'pictureTooLarge', code: 2 });
    const png = pngOf(40, 30);
    await expect(checkPictureOffThread(png.subarray(0, png.length - 20))).rejects.toMatchObject({ kind: 'pictureUnreadable', code: 2 });
    const answer = await decodeInWorker(png.subarray(0, png.length - 20));
    expect(answer).toMatchObject({ ok: false, kind: 'pictureUnreadable' });
    expect(await checkPictureOffThread(GIF_1X1)).toEqual({ format: 'gif', width: 1, height: 1, thumbnail: null });
  });
});
