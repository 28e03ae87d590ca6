/**
 * The camera scanner's decoding on real label pages (our engine at 203 dpi) placed in
 * camera-like frames (grey background, scaled, off centre), read by real rxing-wasm (its
 * Node entry; the worker instantiates the same module in the browser).
 */
import * as rxing from 'rxing-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/engine.ts';
import type { Page } from '../engine/page-types.ts';
import { loadLabelEngine } from '../render/pool-renderer.ts';
import { centreCrop, decodeFrame, rgbaToLuma } from './decode.ts';
import { assetLabel, cameraFrame, FRAME_LUMA, renderLabel, type LabelSymbology } from './testing.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadLabelEngine();
});

const FORMAT: Record<LabelSymbology, string> = { qrcode: 'QrCode', datamatrix: 'DataMatrix', code128: 'Code128' };

describe('decodeFrame', () => {
  for (const symbology of ['qrcode', 'datamatrix', 'code128'] as const) {
    it(`reads an asset label's ${symbology} in a camera frame, centred, enlarged or off to a corner`, () => {
      const page = renderLabel(engine, assetLabel(symbology, 'AM-00042'));
      for (const placement of [
        { scale: 1, dx: 0, dy: 0 },
        { scale: 1.3, dx: 40, dy: -30 },
        { scale: 0.8, dx: -150, dy: 120 }, // outside the centre crop: read from the whole frame
      ]) {
        expect(decodeFrame(rxing, cameraFrame(page, placement)), JSON.stringify(placement)).toEqual([{ text: 'AM-00042', format: FORMAT[symbology] }]);
      }
    });
  }

  it('reads nothing from a frame without a code, and only the symbologies it is told', () => {
    const empty = cameraFrame({ width: 0, height: 0, stride: 0, data: new Uint8Array(0) }, { scale: 1, dx: 0, dy: 0 });
    expect(decodeFrame(rxing, empty)).toEqual([]);
    const qr = cameraFrame(renderLabel(engine, assetLabel('qrcode', 'AM-7')), { scale: 1, dx: 0, dy: 0 });
    expect(decodeFrame(rxing, qr, { formats: ['Code128'] })).toEqual([]);
    expect(decodeFrame(rxing, qr, { formats: ['QrCode'], tryHarder: true })).toEqual([{ text: 'AM-7', format: 'QrCode' }]);
  });

  it('reads text beyond ASCII from a QR code', () => {
    const page = renderLabel(engine, assetLabel('qrcode', '资产-0042'));
    expect(decodeFrame(rxing, cameraFrame(page, { scale: 1.2, dx: 0, dy: 0 }))[0]?.text).toBe('资产-0042');
  });
});

describe('frame helpers', () => {
  it('crops the centre', () => {
    const frame = { width: 4, height: 4, luma: Uint8Array.from({ length: 16 }, (_, i) => i) };
    expect(centreCrop(frame, 0.5)).toEqual({ width: 2, height: 2, luma: Uint8Array.from([5, 6, 9, 10]) });
  });

  it('turns RGBA into BT.601 luma', () => {
    const rgba = Uint8Array.from([255, 255, 255, 255, 0, 0, 0, 255, 255, 0, 0, 255, 0, 255, 0, 255]);
    expect([...rgbaToLuma(rgba, 4, 1)]).toEqual([255, 0, 76, 149]);
  });

  it('places a label page on the grey background', () => {
    const page: Page = { width: 8, height: 1, stride: 1, data: Uint8Array.from([0b10000000]) };
    const f = cameraFrame(page, { scale: 1, dx: 0, dy: 0 }, 10, 3);
    expect([...f.luma.subarray(10, 20)]).toEqual([FRAME_LUMA.background, FRAME_LUMA.ink, ...Array(7).fill(FRAME_LUMA.paper), FRAME_LUMA.background]);
    expect(f.luma[0]).toBe(FRAME_LUMA.background);
  });
});
