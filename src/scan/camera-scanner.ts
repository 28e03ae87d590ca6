/**
 * The camera scanner's loop, free of React and of the DOM's camera (useCameraScanner.ts
 * gives it those): every `intervalMs` a frame is grabbed from the video as an ImageBitmap
 * and transferred (not copied) to the one decode worker (decode-worker.ts). At most one
 * frame is in flight: while the worker is busy, ticks are dropped, so a slow device decodes
 * fewer frames a second instead of queueing stale ones. What the worker reads passes the
 * RepeatFilter (the same text within ~2 s is one scan) before it is reported.
 *
 *   const scanner = new CameraScanner({ worker, grab, onScan, onError });
 *   scanner.start();  ...  scanner.stop();  scanner.dispose();
 */
import type { DecodedCode, DecodeOptions } from './decode.ts';
import { RepeatFilter, REPEAT_WINDOW_MS } from './repeat-filter.ts';

/** Frames grabbed a second at most: 10 (one each 100 ms). */
export const FRAME_INTERVAL_MS = 100;

/** Main thread -> worker: one frame (its bitmap transferred). */
export interface FrameRequest {
  id: number;
  bitmap: ImageBitmap;
  /** performance.now() on the main thread when the frame was grabbed, ms. */
  capturedAt: number;
  options: DecodeOptions;
}

/** Worker -> main thread: what one frame held, or that the decoder cannot be loaded. */
export type FrameReply =
  | { type: 'decoded'; id: number; capturedAt: number; codes: DecodedCode[]; /** time in the worker, ms */ decodeMs: number; width: number; height: number }
  | { type: 'failed'; id: number; message: string };

/** The worker as the loop uses it (a Web Worker, or a fake in tests). */
export interface DecodeWorker {
  postMessage(message: FrameRequest, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<FrameReply>) => void) | null;
  terminate(): void;
}

/** One decoded frame, for diagnostics and the benchmark. */
export interface FrameStats {
  capturedAt: number;
  decodeMs: number;
  codes: number;
  width: number;
  height: number;
}

export interface CameraScannerOptions {
  worker: DecodeWorker;
  /** The current video frame with its capture time, or null when none is ready yet. */
  grab: () => Promise<{ bitmap: ImageBitmap; capturedAt: number } | null>;
  /** A new text from the camera; `capturedAt` is its frame's grab time (performance.now()). */
  onScan: (text: string, capturedAt: number) => void;
  /** The decoder could not be loaded (the worker's message). */
  onError: (message: string) => void;
  onFrame?: (stats: FrameStats) => void;
  intervalMs?: number;
  repeatWindowMs?: number;
  decode?: DecodeOptions;
}

export class CameraScanner {
  private readonly filter: RepeatFilter;
  private timer: ReturnType<typeof setInterval> | undefined;
  private inFlight = false;
  private nextId = 1;
  /** Replies to frames sent before the last stop() are ignored. */
  private firstLiveId = 1;
  /** Ticks skipped because a frame was still in the worker. */
  dropped = 0;

  constructor(private readonly o: CameraScannerOptions) {
    this.filter = new RepeatFilter(o.repeatWindowMs ?? REPEAT_WINDOW_MS);
    o.worker.onmessage = (event) => this.reply(event.data);
  }

  start(): void {
    if (this.timer !== undefined) return;
    this.firstLiveId = this.nextId;
    this.timer = setInterval(() => void this.tick(), this.o.intervalMs ?? FRAME_INTERVAL_MS);
  }

  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.filter.clear();
    this.firstLiveId = this.nextId;
    this.inFlight = false;
  }

  dispose(): void {
    this.stop();
    this.o.worker.onmessage = null;
    this.o.worker.terminate();
  }

  /** One tick of the loop: grabs and sends a frame unless one is in the worker. */
  async tick(): Promise<void> {
    if (this.inFlight) {
      this.dropped++;
      return;
    }
    this.inFlight = true;
    let frame: Awaited<ReturnType<CameraScannerOptions['grab']>>;
    try {
      frame = await this.o.grab();
    } catch {
      frame = null; // the video went away between ticks
    }
    if (!frame) {
      this.inFlight = false;
      return;
    }
    const request: FrameRequest = { id: this.nextId++, bitmap: frame.bitmap, capturedAt: frame.capturedAt, options: this.o.decode ?? {} };
    this.o.worker.postMessage(request, [frame.bitmap]);
  }

  private reply(reply: FrameReply): void {
    if (reply.id < this.firstLiveId) return; // sent before a stop
    this.inFlight = false;
    if (reply.type === 'failed') {
      this.stop();
      this.o.onError(reply.message);
      return;
    }
    this.o.onFrame?.({ capturedAt: reply.capturedAt, decodeMs: reply.decodeMs, codes: reply.codes.length, width: reply.width, height: reply.height });
    for (const code of reply.codes) if (this.filter.accept(code.text, reply.capturedAt)) this.o.onScan(code.text, reply.capturedAt);
  }
}
