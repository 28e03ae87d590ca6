/**
 * The camera scanner's Web Worker: receives frames as transferred ImageBitmaps
 * (camera-scanner.ts keeps one in flight), turns each into luma through an OffscreenCanvas
 * and decodes it with rxing-wasm (decode.ts). rxing-wasm is instantiated as the print
 * page's render workers do (src/print/browser/rxing.ts), loading as soon as the worker
 * starts so that the first frame does not wait for the download.
 */
/// <reference lib="webworker" />
import { loadRxing } from '../print/browser/rxing.ts';
import type { FrameReply, FrameRequest } from './camera-scanner.ts';
import { decodeFrame, rgbaToLuma } from './decode.ts';

declare const self: DedicatedWorkerGlobalScope;

const rxing = loadRxing();
rxing.catch(() => undefined); // reported with the first frame
let canvas: OffscreenCanvas | undefined;
let context: OffscreenCanvasRenderingContext2D | undefined;

self.onmessage = async (event: MessageEvent<FrameRequest>) => {
  const { id, bitmap, capturedAt, options } = event.data;
  let reply: FrameReply;
  try {
    const decoder = await rxing.catch((e: unknown) => {
      throw new DecoderMissing(e instanceof Error ? e.message : String(e));
    });
    const started = performance.now();
    const { width, height } = bitmap;
    if (!canvas || canvas.width !== width || canvas.height !== height) {
      canvas = new OffscreenCanvas(width, height);
      context = canvas.getContext('2d', { willReadFrequently: true }) ?? undefined;
    }
    if (!context) throw new DecoderMissing('no 2D context on an OffscreenCanvas');
    context.drawImage(bitmap, 0, 0);
    const luma = rgbaToLuma(context.getImageData(0, 0, width, height).data, width, height);
    const codes = decodeFrame(decoder, { luma, width, height }, options);
    reply = { type: 'decoded', id, capturedAt, codes, decodeMs: performance.now() - started, width, height };
  } catch (e) {
    reply = { type: 'failed', id, message: e instanceof Error ? e.message : String(e) };
  } finally {
    bitmap.close();
  }
  self.postMessage(reply);
};

class DecoderMissing extends Error {}
