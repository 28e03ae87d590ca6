/**
 * A render pool worker (started by pool.ts through pool-worker.mjs): loads the renderer
 * module once, then opens jobs and renders chunks of pages on request, transferring each
 * page's bitmap back to the pool. A page that cannot be rendered stops its chunk: the pages
 * before it go back with its PrintError (plain data, as the job gives it). Something thrown
 * (a bug) travels as name and message: Error subclasses do not survive structured cloning.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Page } from '../engine/types.ts';
import type { PrintError } from '../print/errors.ts';
import type { FromWorker, RendererModule, RenderJob, ToWorker, WireError } from './pool.ts';

const port = parentPort!;
const post = (m: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

function toWire(e: unknown, page?: number): WireError {
  const err = e instanceof Error ? e : new Error(String(e));
  const out: WireError = { name: err.name, message: err.message };
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
        if (!job.ok) return post({ type: 'openFailed', job: m.job, error: job.error });
        jobs.set(m.job, job.value);
        post({ type: 'opened', job: m.job, pageCount: job.value.pageCount });
      } catch (e) {
        post({ type: 'crashed', job: m.job, error: toWire(e) });
      }
    } else if (m.type === 'render') {
      const job = jobs.get(m.job);
      if (!job) return; // closed meanwhile (the job failed or was aborted)
      const pages: Page[] = [];
      const transfer: ArrayBuffer[] = [];
      let error: PrintError | undefined;
      let page = m.first;
      try {
        for (; page < m.first + m.count; page++) {
          const r = job.page(page);
          if (!r.ok) {
            error = r.error;
            break;
          }
          let p = r.value;
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
        post({ type: 'crashed', job: m.job, error: toWire(e, page) });
        return;
      }
      post(error ? { type: 'pages', job: m.job, chunk: m.chunk, pages, error } : { type: 'pages', job: m.job, chunk: m.chunk, pages }, transfer);
    } else if (m.type === 'close') {
      jobs.delete(m.job);
    }
  });
  post({ type: 'ready' });
} catch (e) {
  post({ type: 'startFailed', error: toWire(e) });
}
