/**
 * Template thumbnails: the engine's 1-bit first page at a small dpi, as a PNG, rendered in one
 * long-lived worker thread (thumbnail-worker.ts) so a save never blocks the server's request
 * thread. The engine bounds a page's work itself (about a second at most, README "Limits on
 * one label page"); the dpi here is at most 96, so a thumbnail costs a few ms to tens of ms.
 *
 * The worker starts on the first request (engine and fonts: hundreds of ms, once), renders one
 * template at a time in order, is unref'd (it never keeps the process alive) and is started
 * again after it dies. A render that cannot finish within RENDER_LIMIT_MS ends the worker and
 * gives no thumbnail: the template is stored, and lists show its name without a picture.
 */
import { Worker } from 'node:worker_threads';

/** Longest side of a thumbnail, in dots. */
export const THUMBNAIL_MAX_SIDE = 240;
/** The dpi of a thumbnail, lowered for labels whose longest side would pass THUMBNAIL_MAX_SIDE. */
export const THUMBNAIL_DPI = 96;
/** A render taking longer than this (ms) is given up (the engine's own caps make it unlikely). */
const RENDER_LIMIT_MS = 30_000;

export interface ThumbnailRequest {
  id: number;
  content: string;
  dpi: number;
  timeMs: number;
}
export interface ThumbnailAnswer {
  id: number;
  png: Uint8Array | null;
}

/** The dpi that fits a label of `widthMm` x `heightMm` into THUMBNAIL_MAX_SIDE dots (1 to 96; a 1 m label gets 6). */
export function thumbnailDpi(widthMm: number, heightMm: number): number {
  const longest = Math.max(widthMm, heightMm);
  return Math.max(1, Math.min(THUMBNAIL_DPI, Math.floor((THUMBNAIL_MAX_SIDE * 25.4) / longest)));
}

const BOOTSTRAP = new URL('../../../src/render/pool-worker.mjs', import.meta.url);
const ENTRY = new URL('./thumbnail-worker.ts', import.meta.url);

interface Pending {
  resolve: (png: Uint8Array | null) => void;
  timer: NodeJS.Timeout;
}

class ThumbnailWorker {
  private worker: Worker | null = null;
  private ready: Promise<Worker> | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  render(content: string, dpi: number, timeMs: number): Promise<Uint8Array | null> {
    return this.start().then(
      (worker) =>
        new Promise<Uint8Array | null>((resolve) => {
          const id = this.nextId++;
          const timer = setTimeout(() => this.fail(), RENDER_LIMIT_MS);
          timer.unref();
          this.pending.set(id, { resolve, timer });
          worker.postMessage({ id, content, dpi, timeMs } satisfies ThumbnailRequest);
        }),
      () => null,
    );
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.fail();
    if (worker) await worker.terminate();
  }

  private start(): Promise<Worker> {
    if (this.ready) return this.ready;
    const worker = new Worker(BOOTSTRAP, { workerData: { entry: ENTRY.href } });
    worker.unref();
    this.worker = worker;
    this.ready = new Promise<Worker>((resolve, reject) => {
      worker.on('message', (m: ThumbnailAnswer | { ready: true }) => {
        if ('ready' in m) return resolve(worker);
        const waiting = this.pending.get(m.id);
        if (!waiting) return;
        this.pending.delete(m.id);
        clearTimeout(waiting.timer);
        // Structured cloning hands typed arrays back as Uint8Array; keep the type exact.
        waiting.resolve(m.png ? new Uint8Array(m.png) : null);
      });
      // A worker already replaced (stopped by close or a time-out) must not end its successor.
      worker.once('error', (e) => {
        reject(e);
        if (this.worker === worker) this.fail();
      });
      worker.once('exit', () => {
        reject(new Error('thumbnail worker exited'));
        if (this.worker === worker) this.fail();
      });
    });
    return this.ready;
  }

  /** Ends the worker (if any): waiting renders get no thumbnail; the next one starts anew. */
  private fail(): void {
    const worker = this.worker;
    this.worker = null;
    this.ready = null;
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      waiting.resolve(null);
      this.pending.delete(id);
    }
    if (worker) void worker.terminate();
  }
}

const shared = new ThumbnailWorker();

/** The thumbnail PNG of a template's content (already read by checkTemplateContent); null when it cannot be rendered. */
export function renderThumbnail(content: string, widthMm: number, heightMm: number, timeMs: number): Promise<Uint8Array | null> {
  return shared.render(content, thumbnailDpi(widthMm, heightMm), timeMs);
}

/** Stops the worker (tests; the server's process just exits). */
export function closeThumbnailWorker(): Promise<void> {
  return shared.close();
}
