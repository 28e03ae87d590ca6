/**
 * A pool of worker threads that renders many label pages (Node: CLI, server, benchmarks):
 * a thin shell over the print job (src/print/job.ts) in each thread.
 *
 * Each worker loads a *renderer module* once (the engine's Wasm and the fonts: the costly
 * part, hundreds of ms) and then renders any number of jobs. A job is opened in every
 * worker from one plain, structured-cloneable `setup` (for labels: src/print/job.ts's
 * JobSetup, from `jobSetup`); pages are then handed out in chunks to whichever worker is
 * free, and come back to the caller strictly in page order, streamed to `onPage` or
 * collected. Page bitmaps are transferred, not copied.
 *
 * Failures are values, as in the job: a page that cannot be rendered comes back from its
 * worker as a PrintError (plain data), and `render` resolves `{ ok: false, error }` once
 * every page before it has been delivered (the same pages and the same error as one
 * thread gives). Only the pool's own troubles reject: a closed pool, an abort, a worker
 * that died, a renderer that threw (a bug).
 *
 * The renderer module is a parameter because functions cannot cross threads: any module
 * exporting `createRenderer(): Promise<PageRenderer>` works (tests and benchmarks pass
 * their own); the default, `pool-renderer.ts`, renders print jobs, and
 * `pool-print-renderer.ts` page files (the CLI's).
 *
 *   const pool = await RenderPool.open({ workers: 2 });
 *   try {
 *     const setup = jobSetup(wdfxText, sheet, { dpi: 203 }); // src/print/job.ts
 *     if (!setup.ok) return setup;
 *     const done = await pool.render(setup.value, (page, i) => writeFile(`page-${i + 1}.pbm`, pageToPbm(page)), { first, count });
 *     if (!done.ok) say(formatPrintError(done.error, 'en'));
 *   } finally {
 *     await pool.close(); // the workers keep Node running until then
 *   }
 *
 * Workers are started through `pool-worker.mjs`, which registers tsx when the worker code
 * is TypeScript: `--import tsx` in a Worker's `execArgv` is not honoured by Node 20, and
 * under vitest the parent's loader (Vite) does not reach worker threads at all.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Page } from '../engine/types.ts';
import type { PrintError, Result } from '../print/errors.ts';

/** One open job in one thread: how many pages it has and how to render one (a PrintJob is
 * one). */
export interface RenderJob {
  /** Pages the job's data gives (at least 1). Pages beyond it may still render (serials). */
  readonly pageCount: number;
  /** Page `pageIndex` (0-based), or why it cannot be rendered. Throws only for bugs. */
  page(pageIndex: number): Result<Page>;
}

/** What a renderer module's `createRenderer()` resolves to: one per thread. */
export interface PageRenderer<Setup = unknown> {
  open(setup: Setup): Result<RenderJob>;
}

/** The shape of a renderer module. */
export interface RendererModule<Setup = unknown> {
  createRenderer(): Promise<PageRenderer<Setup>>;
}

export interface RenderPoolOptions {
  /** Worker threads; default the number of CPUs, at most 8. */
  workers?: number;
  /** The renderer module (file URL or path); default `./pool-renderer.ts` (label documents). */
  renderer?: URL | string;
}

export interface RenderOptions {
  /** First page, 0-based; default 0. */
  first?: number;
  /** Pages to render; default from `first` to the job's page count. */
  count?: number;
  /**
   * Pages a worker renders per message. Larger chunks cost less per page (the pool's own
   * cost, measured with a renderer returning blank 320 x 240 pages: about 13 µs CPU a page
   * at 8, 9 at 32, 7 at 128, all threads; a label page renders in about 100-170); smaller
   * ones share a short job among all workers. Default: an eighth of each worker's share,
   * 1 to 128.
   */
  chunkPages?: number;
  /** Aborts the job: the promise rejects with the signal's reason; workers stay usable. */
  signal?: AbortSignal;
}

export interface RenderSummary {
  /** The first page rendered and how many. */
  first: number;
  count: number;
  /** The job's own page count (the data's rows). */
  pageCount: number;
  /** Wall time from the job's start to its last page delivered, ms. */
  elapsedMs: number;
}

// Messages between pool and worker (pool-worker.ts is the other side).
export type ToWorker =
  | { type: 'open'; job: number; setup: unknown }
  | { type: 'render'; job: number; chunk: number; first: number; count: number }
  | { type: 'close'; job: number };
/** Something thrown in a worker (a bug, or a renderer that failed to load), as data. */
export interface WireError {
  name: string;
  message: string;
  page?: number;
}
export type FromWorker =
  | { type: 'ready' }
  | { type: 'startFailed'; error: WireError }
  | { type: 'opened'; job: number; pageCount: number }
  /** The job could not be opened: a user-caused failure, as a value. */
  | { type: 'openFailed'; job: number; error: PrintError }
  /** A chunk's pages; with `error`, the chunk stopped at a page that could not be
   * rendered and `pages` are the ones before it. */
  | { type: 'pages'; job: number; chunk: number; pages: Page[]; error?: PrintError }
  /** A worker threw (a bug) or died (job -1); the job in progress rejects. */
  | { type: 'crashed'; job: number; error: WireError };

const DEFAULT_RENDERER = new URL('./pool-renderer.ts', import.meta.url);
const BOOTSTRAP = new URL('./pool-worker.mjs', import.meta.url);
const WORKER_ENTRY = new URL('./pool-worker.ts', import.meta.url);

interface Slot {
  worker: Worker;
  /** The message handler of the job in progress. */
  onMessage: ((m: FromWorker) => void) | null;
  busy: boolean;
}

export class RenderPool {
  private jobIds = 0;
  /** Jobs run one at a time: the chain of the previous job's completion. */
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  private constructor(
    private readonly slots: Slot[],
    private readonly fatal: { error: Error | null },
  ) {}

  /** Starts the workers and waits until each has loaded its renderer. */
  static async open(options: RenderPoolOptions = {}): Promise<RenderPool> {
    const n = options.workers ?? Math.min(8, availableParallelism());
    if (!Number.isInteger(n) || n < 1 || n > 64) throw new RangeError(`workers must be a whole number from 1 to 64, got ${n}`);
    const renderer = toUrl(options.renderer ?? DEFAULT_RENDERER);
    const fatal: { error: Error | null } = { error: null };
    const slots: Slot[] = [];
    const started = Array.from({ length: n }, () => {
      const worker = new Worker(BOOTSTRAP, { workerData: { entry: WORKER_ENTRY.href, renderer } });
      const slot: Slot = { worker, onMessage: null, busy: false };
      slots.push(slot);
      return new Promise<void>((resolve, reject) => {
        const onStart = (m: FromWorker) => {
          worker.off('message', onStart);
          if (m.type === 'ready') resolve();
          else if (m.type === 'startFailed') reject(fromWire(m.error));
          else reject(new Error(`render worker: unexpected first message '${m.type}'`));
          worker.on('message', (msg: FromWorker) => slot.onMessage?.(msg));
        };
        worker.on('message', onStart);
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`render worker exited while starting (code ${code})`)));
      });
    });
    try {
      await Promise.all(started);
    } catch (e) {
      await Promise.all(slots.map((s) => s.worker.terminate()));
      throw e;
    }
    // After start-up, a worker that dies fails the job in progress and the pool.
    for (const slot of slots) {
      slot.worker.removeAllListeners('error');
      slot.worker.removeAllListeners('exit');
      const die = (error: Error) => {
        fatal.error ??= error;
        slot.onMessage?.({ type: 'crashed', job: -1, error: { name: error.name, message: error.message } });
      };
      slot.worker.on('error', die);
      slot.worker.on('exit', (code) => die(new Error(`render worker exited (code ${code})`)));
    }
    return new RenderPool(slots, fatal);
  }

  get size(): number {
    return this.slots.length;
  }

  /**
   * Renders pages of the job `setup` and streams them in page order to `onPage`
   * (`index` is the page's 0-based index). When `onPage` returns a promise (a file write),
   * the next page waits for it, and workers stop getting new chunks once a few are
   * waiting: memory stays bounded whatever the page count. A job that cannot be opened, or
   * a page that cannot be rendered, resolves `{ ok: false, error }` after every page
   * before it was delivered; no page after it is.
   */
  render(setup: unknown, onPage: (page: Page, index: number) => void | Promise<void>, options: RenderOptions = {}): Promise<Result<RenderSummary>> {
    const run = this.queue.then(() => this.runJob(setup, onPage, options));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** `render`, collecting the pages into an array (small jobs: pages stay in memory). */
  async renderAll(setup: unknown, options: RenderOptions = {}): Promise<Result<Page[]>> {
    const pages: Page[] = [];
    const done = await this.render(setup, (p) => void pages.push(p), options);
    return done.ok ? { ok: true, value: pages } : done;
  }

  /** Stops the workers; a job in progress fails. Until closed, the workers keep Node running. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const s of this.slots) {
      s.worker.removeAllListeners('exit');
      s.worker.removeAllListeners('error');
      s.onMessage?.({ type: 'crashed', job: -1, error: { name: 'Error', message: 'the render pool was closed' } });
    }
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private async runJob(setup: unknown, onPage: (page: Page, index: number) => void | Promise<void>, options: RenderOptions): Promise<Result<RenderSummary>> {
    if (this.closed) throw new Error('the render pool is closed');
    if (this.fatal.error) throw this.fatal.error;
    const started = performance.now();
    const job = ++this.jobIds;
    if (options.chunkPages !== undefined && (!Number.isInteger(options.chunkPages) || options.chunkPages < 1)) {
      throw new RangeError(`chunkPages must be a whole number of at least 1, got ${options.chunkPages}`);
    }
    const signal = options.signal;
    signal?.throwIfAborted();

    return new Promise<Result<RenderSummary>>((resolve, reject) => {
      let pageCount = -1;
      let opened = 0;
      let first = 0;
      let count = 0;
      let chunks = 0;
      let chunkPages = 1;
      /** Next chunk to hand out, and next to deliver. */
      let nextChunk = 0;
      let nextDeliver = 0;
      /** Chunks that arrived ahead of their turn (with the error a chunk stopped at). */
      const ready = new Map<number, { pages: Page[]; error?: PrintError }>();
      /** The first chunk known to stop at a failed page: no chunk after it is handed out. */
      let failedChunk = Infinity;
      let delivering = false;
      let done = false;
      // Chunks handed out but not yet delivered: bounded so a slow onPage holds memory down.
      const maxAhead = this.slots.length * 4;

      /** Ends the job: resolved (undefined: every page delivered; a PrintError: stopped at a
       * page), or rejected with `thrown`. */
      const finish = (failure: PrintError | undefined, thrown?: unknown) => {
        if (done) return;
        done = true;
        signal?.removeEventListener('abort', onAbort);
        for (const s of this.slots) {
          s.onMessage = null;
          s.busy = false;
          s.worker.postMessage({ type: 'close', job } satisfies ToWorker);
        }
        if (thrown !== undefined) reject(thrown);
        else if (failure !== undefined) resolve({ ok: false, error: failure });
        else resolve({ ok: true, value: { first, count, pageCount, elapsedMs: performance.now() - started } });
      };
      const onAbort = () => finish(undefined, signal!.reason ?? new Error('aborted'));
      signal?.addEventListener('abort', onAbort);

      const dispatch = () => {
        for (const slot of this.slots) {
          if (done || nextChunk >= chunks || nextChunk > failedChunk || nextChunk - nextDeliver >= maxAhead) return;
          if (slot.busy) continue;
          const chunk = nextChunk++;
          const at = first + chunk * chunkPages;
          slot.busy = true;
          slot.worker.postMessage({ type: 'render', job, chunk, first: at, count: Math.min(chunkPages, first + count - at) } satisfies ToWorker);
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
              const r = onPage(pages[i]!, base + i);
              if (r !== undefined) await r;
            }
            if (error) return finish(error);
            nextDeliver++;
            dispatch();
          }
          if (!done && nextDeliver === chunks) finish(undefined);
        } catch (e) {
          finish(undefined, e);
        } finally {
          delivering = false;
        }
      };

      const onMessage = (slot: Slot) => (m: FromWorker) => {
        if (done) return;
        // job -1: the worker itself died.
        if (m.type === 'crashed' && (m.job === job || m.job === -1)) return finish(undefined, fromWire(m.error));
        if (m.type === 'crashed' || m.type === 'ready' || m.type === 'startFailed' || m.job !== job) return;
        // Every worker opens the same setup the same way: the first refusal is the answer.
        if (m.type === 'openFailed') return finish(m.error);
        if (m.type === 'opened') {
          if (pageCount === -1) pageCount = m.pageCount;
          if (++opened < this.slots.length) return;
          first = options.first ?? 0;
          count = options.count ?? pageCount - first;
          if (!Number.isInteger(first) || first < 0 || !Number.isInteger(count) || count < 0) {
            return finish(undefined, new RangeError(`bad page range: first ${options.first}, count ${options.count} (the job has ${pageCount} pages)`));
          }
          chunkPages = options.chunkPages ?? Math.min(128, Math.max(1, Math.ceil(count / (this.slots.length * 8))));
          chunks = Math.ceil(count / chunkPages);
          if (chunks === 0) return finish(undefined);
          dispatch();
        } else if (m.type === 'pages') {
          slot.busy = false;
          ready.set(m.chunk, m.error ? { pages: m.pages, error: m.error } : { pages: m.pages });
          if (m.error && m.chunk < failedChunk) failedChunk = m.chunk;
          dispatch();
          void deliver();
        }
      };

      for (const slot of this.slots) {
        slot.onMessage = onMessage(slot);
        slot.worker.postMessage({ type: 'open', job, setup } satisfies ToWorker);
      }
    });
  }
}

/**
 * Renders pages of `setup` in this thread with the same renderer module, for comparison and
 * for small jobs: the reference the pool's output must equal byte for byte. Stops at the
 * first page that cannot be rendered, as the pool does.
 */
export async function renderInThread(setup: unknown, options: { renderer?: URL | string; first?: number; count?: number } = {}): Promise<Result<Page[]>> {
  const mod = (await import(toUrl(options.renderer ?? DEFAULT_RENDERER))) as RendererModule;
  const job = (await mod.createRenderer()).open(setup);
  if (!job.ok) return job;
  const first = options.first ?? 0;
  const count = options.count ?? job.value.pageCount - first;
  const pages: Page[] = [];
  for (let i = first; i < first + count; i++) {
    const page = job.value.page(i);
    if (!page.ok) return page;
    pages.push(page.value);
  }
  return { ok: true, value: pages };
}

function toUrl(u: URL | string): string {
  if (u instanceof URL) return u.href;
  return /^[a-z][a-z0-9+.-]*:/i.test(u) && !/^[a-z]:[\\/]/i.test(u) ? u : new URL(u, `file://${process.cwd()}/`).href;
}

/** Something thrown in a worker as an Error here, naming the page it happened on. */
function fromWire(e: WireError): Error {
  const where = e.page === undefined ? '' : ` (page ${e.page + 1})`;
  const error = new Error(`${e.message}${where}`);
  if (e.name !== 'Error') error.name = e.name;
  return error;
}
