/**
 * The browser's render pool: module Web Workers (page-worker.ts), one a core less one for
 * the page itself (at least one), each holding an instance of the engine module the page
 * compiled once (streamed) and posted to them.
 *
 *   const pool = await BrowserRenderPool.open();               // { workers?: n }
 *   const setup = jobSetup(wdfx, sheet, { dpi: 203 });         // src/print/job.ts
 *   if (!setup.ok) return show(setup.error);
 *   const opened = await pool.open(setup.value);               // opened in every worker
 *   if (!opened.ok) return show(opened.error);
 *   const done = await pool.render(opened.value, { first: 0, count: 100, signal, onPage: (page, i) => send(page) });
 *   if (!done.ok) show(done.error);                            // the failed page, as a PrintError
 *   pool.closeJob(opened.value);                               // or keep it for more ranges
 *   pool.close();
 *
 * - Pages reach `onPage` strictly in page order. Chunks of pages go to whichever worker is
 *   free; when `onPage` returns a pending promise (a bounded print queue that is full),
 *   delivery waits and workers get no new chunk once MAX_AHEAD_PER_WORKER chunks a worker
 *   are rendered or rendering but not delivered: memory stays flat whatever the page count.
 * - A page that cannot be rendered ends the render: the pages before it are delivered, then
 *   `render` resolves `{ ok: false, error }` with its PrintError (page, row, control): a
 *   value, for the UI to say and resume from. Aborting (`signal`) rejects with the signal's
 *   reason, as fetch does; a worker that dies or a bug rejects with an Error.
 * - Page bitmaps are transferred from the workers (no copy on the way).
 */
import { loadEngineModule } from '../../engine/load-browser.ts';
import type { JobSetup } from '../job.ts';
import type { ScannedPage } from '../scan.ts';
import type { PrintError, Result } from '../errors.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

export interface BrowserPoolOptions {
  /** Web Workers; default navigator.hardwareConcurrency - 1, at least 1. */
  workers?: number;
  /** Where the font files are served; default '/fonts/' (public/fonts in the build). */
  fontBase?: string;
}

/** A job opened in every worker of a pool. */
export interface OpenedJob {
  readonly id: number;
  /** Job pages (both sides counted). */
  readonly pageCount: number;
  /** Label pages (data rows). */
  readonly labelPages: number;
  /** The font files the workers registered for it, and those the server did not have. */
  readonly fonts: string[];
  readonly missingFonts: string[];
  /** Every page's codes are decoded before it is delivered (see `open`). */
  readonly scanCheck: boolean;
}

export interface PoolOpenOptions {
  /**
   * The scan check (src/print/scan.ts): each worker decodes every page's codes after
   * rendering it (rxing-wasm, loaded by the workers on the first such job); a page whose
   * codes do not read back fails the render with its 'scan.*' PrintError, as a page that
   * cannot be rendered does. Delivered pages carry their `scan` summary.
   */
  scanCheck?: boolean;
}

export interface PoolRenderOptions {
  /** First page, 0-based; default 0. */
  first?: number;
  /** Pages to render; default from `first` to the job's page count. */
  count?: number;
  /** Receives every page in page order; a returned promise holds the next page back. */
  onPage: (page: ScannedPage, index: number) => Promise<void> | void;
  /**
   * Progress, for the print page: pages rendered (back from the workers), delivered
   * (`onPage` done with them) and being rendered now; called as chunks arrive and as each
   * chunk is delivered.
   */
  onProgress?: (progress: PoolProgress) => void;
  /** Aborts the render: `render` rejects with the signal's reason; the pool stays usable. */
  signal?: AbortSignal;
  /**
   * Pages a worker renders per message. Larger chunks cost less per page (one message each
   * way, about 0.1 ms); smaller ones get the first page out sooner and share short ranges
   * among the workers. Default: an eighth of each worker's share, 1 to 64.
   */
  chunkPages?: number;
}

export interface PoolProgress {
  rendered: number;
  delivered: number;
  rendering: number;
}

export interface PoolRenderSummary {
  first: number;
  count: number;
  /** Wall time from the call to the last page delivered, ms. */
  elapsedMs: number;
}

/** Chunks a worker may have rendered or rendering ahead of delivery. */
const MAX_AHEAD_PER_WORKER = 4;
/** Largest default chunk: 64 pages of a 40 x 30 mm label at 203 dpi are about 0.6 MB. */
const MAX_CHUNK_PAGES = 64;

interface Slot {
  worker: Worker;
  /** The chunk it is rendering (run and chunk), or null when free. */
  busy: { run: number; chunk: number } | null;
}

/** What the pool waits for from its workers, by kind. */
interface Waiters {
  /** Job openings: every worker's answer. */
  open: Map<number, (m: FromWorker, slot: Slot) => void>;
  /** The render in progress. */
  render: ((m: FromWorker, slot: Slot) => void) | null;
}

export class BrowserRenderPool {
  private jobIds = 0;
  private runIds = 0;
  /** Renders run one at a time: the chain of the previous one's end. */
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** Set when a worker dies: the pool is then unusable. */
  private fatal: Error | null = null;
  private readonly waiters: Waiters = { open: new Map(), render: null };
  /** Jobs opened in every worker and not closed. */
  private readonly openJobs = new Set<number>();

  private constructor(private readonly slots: Slot[]) {
    for (const slot of slots) {
      slot.worker.onmessage = (e: MessageEvent<FromWorker>) => this.receive(e.data, slot);
      slot.worker.onerror = (e: ErrorEvent) => {
        e.preventDefault();
        this.die(new Error(`render worker failed: ${e.message || 'error'}`));
      };
    }
  }

  /** Starts the workers, each with the page's engine module, and waits until all are ready. */
  static async open(options: BrowserPoolOptions = {}): Promise<BrowserRenderPool> {
    const n = options.workers ?? Math.max(1, (navigator.hardwareConcurrency || 2) - 1);
    if (!Number.isInteger(n) || n < 1 || n > 64) throw new RangeError(`workers must be a whole number from 1 to 64, got ${n}`);
    const module = await loadEngineModule();
    const slots: Slot[] = [];
    try {
      await Promise.all(
        Array.from({ length: n }, () => {
          const worker = new Worker(new URL('./page-worker.ts', import.meta.url), { type: 'module', name: 'assetmark-page-worker' });
          slots.push({ worker, busy: null });
          return new Promise<void>((resolve, reject) => {
            worker.onmessage = (e: MessageEvent<FromWorker>) => {
              if (e.data.type === 'ready') resolve();
              else reject(new Error(`render worker could not start: ${e.data.type === 'startFailed' ? e.data.message : e.data.type}`));
            };
            worker.onerror = (e: ErrorEvent) => {
              e.preventDefault();
              reject(new Error(`render worker could not start: ${e.message || 'the worker script failed to load'}`));
            };
            worker.postMessage({ type: 'init', module, fontBase: options.fontBase ?? '/fonts/' } satisfies ToWorker);
          });
        }),
      );
    } catch (e) {
      for (const s of slots) s.worker.terminate();
      throw e;
    }
    return new BrowserRenderPool(slots);
  }

  get size(): number {
    return this.slots.length;
  }

  /**
   * Opens a job (from src/print/job.ts `jobSetup`) in every worker: each reads it, decodes
   * its pictures and fetches the fonts it needs. A setup that cannot be opened (a page
   * count the data cannot give) resolves with its PrintError.
   */
  open(setup: JobSetup, options: PoolOpenOptions = {}): Promise<Result<OpenedJob>> {
    this.usable();
    const id = ++this.jobIds;
    return new Promise<Result<OpenedJob>>((resolve, reject) => {
      let answered = 0;
      let failure: PrintError | null = null;
      let opened: Extract<FromWorker, { type: 'opened' }> | null = null;
      this.waiters.open.set(id, (m) => {
        if (m.type === 'crashed') {
          this.waiters.open.delete(id);
          this.post({ type: 'close', job: id });
          return reject(new Error(`render worker: ${m.message}`));
        }
        if (m.type === 'openFailed') failure ??= m.error;
        else if (m.type === 'opened') opened ??= m;
        if (++answered < this.slots.length) return;
        this.waiters.open.delete(id);
        if (failure || !opened) {
          this.post({ type: 'close', job: id });
          return resolve({ ok: false, error: failure! });
        }
        const { pageCount, labelPages, fonts, missingFonts } = opened;
        this.openJobs.add(id);
        resolve({ ok: true, value: { id, pageCount, labelPages, fonts, missingFonts, scanCheck: !!options.scanCheck } });
      });
      this.post({ type: 'open', job: id, setup, scanCheck: !!options.scanCheck });
    });
  }

  /** Renders pages of an opened job to `onPage`, in order (see the file's comment). */
  render(job: OpenedJob, options: PoolRenderOptions): Promise<Result<PoolRenderSummary>> {
    const run = this.queue.then(() => this.runRender(job, options));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Forgets a job in every worker. */
  closeJob(job: OpenedJob): void {
    if (!this.openJobs.delete(job.id) || this.closed) return;
    this.post({ type: 'close', job: job.id });
  }

  /** Stops the workers; a render in progress rejects. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.die(new Error('the render pool was closed'));
    for (const s of this.slots) s.worker.terminate();
  }

  private usable(): void {
    if (this.closed) throw new Error('the render pool is closed');
    if (this.fatal) throw this.fatal;
  }

  private post(m: ToWorker): void {
    for (const s of this.slots) s.worker.postMessage(m);
  }

  private receive(m: FromWorker, slot: Slot): void {
    if (m.type === 'opened' || m.type === 'openFailed' || (m.type === 'crashed' && this.waiters.open.has(m.job))) {
      this.waiters.open.get(m.job)?.(m, slot);
      return;
    }
    if (m.type === 'pages' || m.type === 'failed' || m.type === 'crashed') {
      // A chunk of a render that ended (aborted) frees its worker all the same.
      if (slot.busy && slot.busy.run === m.run && slot.busy.chunk === m.chunk) slot.busy = null;
    }
    this.waiters.render?.(m, slot);
  }

  /** A dead worker ends everything in progress and the pool. */
  private die(error: Error): void {
    this.fatal ??= error;
    for (const [id, waiter] of this.waiters.open) waiter({ type: 'crashed', job: id, message: error.message }, this.slots[0]!);
    this.waiters.render?.({ type: 'crashed', job: -1, message: error.message }, this.slots[0]!);
  }

  private runRender(job: OpenedJob, options: PoolRenderOptions): Promise<Result<PoolRenderSummary>> {
    this.usable();
    if (!this.openJobs.has(job.id)) throw new Error(`job ${job.id} is not open in this pool (closed, or opened in another)`);
    const started = performance.now();
    const first = options.first ?? 0;
    const count = options.count ?? job.pageCount - first;
    if (!Number.isInteger(first) || first < 0 || !Number.isInteger(count) || count < 0) {
      throw new RangeError(`bad page range: first ${options.first}, count ${options.count} (the job has ${job.pageCount} pages)`);
    }
    if (options.chunkPages !== undefined && (!Number.isInteger(options.chunkPages) || options.chunkPages < 1)) {
      throw new RangeError(`chunkPages must be a whole number of at least 1, got ${options.chunkPages}`);
    }
    const signal = options.signal;
    signal?.throwIfAborted();
    const workers = this.slots.length;
    const chunkPages = options.chunkPages ?? Math.min(MAX_CHUNK_PAGES, Math.max(1, Math.ceil(count / (workers * 8))));
    const chunks = Math.ceil(count / chunkPages);
    const maxAhead = workers * MAX_AHEAD_PER_WORKER;
    const run = ++this.runIds;

    return new Promise<Result<PoolRenderSummary>>((resolve, reject) => {
      /** Next chunk to hand out, and next to deliver. */
      let nextChunk = 0;
      let nextDeliver = 0;
      /** Chunks that arrived ahead of their turn; a failed chunk carries its error. */
      const ready = new Map<number, { pages: ScannedPage[]; error?: PrintError }>();
      let delivering = false;
      let done = false;
      const progress: PoolProgress = { rendered: 0, delivered: 0, rendering: 0 };
      const report = () => options.onProgress?.({ ...progress });

      const finish = (outcome: { result: Result<PoolRenderSummary> } | { error: unknown }) => {
        if (done) return;
        done = true;
        this.waiters.render = null;
        signal?.removeEventListener('abort', onAbort);
        ready.clear();
        if ('result' in outcome) resolve(outcome.result);
        else reject(outcome.error);
      };
      const onAbort = () => finish({ error: signal!.reason });
      signal?.addEventListener('abort', onAbort);

      const dispatch = () => {
        for (const slot of this.slots) {
          if (done || nextChunk >= chunks || nextChunk - nextDeliver >= maxAhead) return;
          if (slot.busy) continue;
          const chunk = nextChunk++;
          const at = first + chunk * chunkPages;
          slot.busy = { run, chunk };
          progress.rendering += Math.min(chunkPages, first + count - at);
          slot.worker.postMessage({ type: 'render', job: job.id, run, chunk, first: at, count: Math.min(chunkPages, first + count - at) } satisfies ToWorker);
        }
      };

      const deliver = async () => {
        if (delivering) return;
        delivering = true;
        try {
          while (!done && ready.has(nextDeliver)) {
            const { pages, error } = ready.get(nextDeliver)!;
            ready.delete(nextDeliver);
            const base = first + nextDeliver * chunkPages;
            for (let i = 0; i < pages.length && !done; i++) {
              const r = options.onPage(pages[i]!, base + i);
              if (r !== undefined) await r;
            }
            if (error) return finish({ result: { ok: false, error } });
            progress.delivered += pages.length;
            nextDeliver++;
            dispatch();
            report();
          }
          if (!done && nextDeliver === chunks) finish({ result: { ok: true, value: { first, count, elapsedMs: performance.now() - started } } });
        } catch (e) {
          finish({ error: e });
        } finally {
          delivering = false;
        }
      };

      this.waiters.render = (m) => {
        if (done) return;
        if (m.type === 'crashed' && (m.run === undefined || m.run === run)) return finish({ error: new Error(`render worker: ${m.message}`) });
        if ((m.type !== 'pages' && m.type !== 'failed') || m.run !== run) {
          dispatch(); // a worker freed by a stale chunk can take a new one
          return;
        }
        ready.set(m.chunk, m.type === 'failed' ? { pages: m.pages, error: m.error } : { pages: m.pages });
        const at = first + m.chunk * chunkPages;
        progress.rendering -= Math.min(chunkPages, first + count - at);
        progress.rendered += m.pages.length;
        // After a failed chunk nothing later is needed: hand out no more.
        if (m.type === 'failed') nextChunk = Math.max(nextChunk, chunks);
        dispatch();
        report();
        void deliver();
      };

      if (chunks === 0) return finish({ result: { ok: true, value: { first, count, elapsedMs: 0 } } });
      dispatch();
    });
  }
}
