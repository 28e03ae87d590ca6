/**
 * A render pool worker (started by pool.ts through pool-worker.mjs): loads the renderer
 * module once, then opens jobs and renders chunks of pages on request, transferring each
 * page's bitmap back to the pool. Errors travel as plain values (name, message, code,
 * element, page): Error subclasses do not survive structured cloning.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { FromWorker, RendererModule, RenderJob, ToWorker, WireError } from './pool.ts';

const port = parentPort!;
const post = (m: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

function toWire(e: unknown, page?: number): WireError {
  const err = e instanceof Error ? e : new Error(String(e));
  const x = err as Error & { code?: unknown; element?: unknown };
  const out: WireError = { name: err.name, message: err.message };
  if (typeof x.code === 'number' || typeof x.code === 'string') out.code = x.code;
  if (typeof x.element === 'number') out.element = x.element;
  if (page !== undefined) out.page = page;
  return out;
}

try {
  const mod = (await import(workerData.renderer as string)) as RendererModule;
  const renderer = await mod.createRenderer();
  const jobs = new Map<number, RenderJob>();
  port.on('message', (m: ToWorker) => {
    if (m.type === 'open') {
      try {
        const job = renderer.open(m.setup);
        jobs.set(m.job, job);
        post({ type: 'opened', job: m.job, pageCount: job.pageCount });
      } catch (e) {
        post({ type: 'failed', job: m.job, chunk: null, error: toWire(e) });
      }
    } else if (m.type === 'render') {
      const job = jobs.get(m.job);
      if (!job) return; // closed meanwhile (the job failed or was aborted)
      const pages = [];
      const transfer: ArrayBuffer[] = [];
      let page = m.first;
      try {
        for (; page < m.first + m.count; page++) {
          let p = job.render(page);
          // The bitmap usually views a buffer of its own (a few header bytes more): transfer
          // it. A view into something larger (the engine's memory) is copied out first.
          const buffer = p.data.buffer;
          if (!(buffer instanceof ArrayBuffer) || buffer.byteLength > p.data.byteLength + 64 || transfer.includes(buffer)) {
            p = { ...p, data: p.data.slice() };
          }
          transfer.push(p.data.buffer as ArrayBuffer);
          pages.push(p);
        }
      } catch (e) {
        post({ type: 'failed', job: m.job, chunk: m.chunk, error: toWire(e, page) });
        return;
      }
      post({ type: 'pages', job: m.job, chunk: m.chunk, pages }, transfer);
    } else if (m.type === 'close') {
      jobs.delete(m.job);
    }
  });
  post({ type: 'ready' });
} catch (e) {
  post({ type: 'startFailed', error: toWire(e) });
}
