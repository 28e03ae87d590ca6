/**
 * Worker thread of thumbnail.ts: loads the engine and the bundled fonts once (hundreds of ms),
 * then renders the first page of each template it is sent through the print job (the one road
 * every page takes) and answers its PNG, or null when the label cannot be rendered.
 */
import { parentPort } from 'node:worker_threads';
import { pageToPng } from '../../../src/engine/png.ts';
import { openJob } from '../../../src/print/job.ts';
import { loadLabelEngine } from '../../../src/render/pool-renderer.ts';
import type { ThumbnailAnswer, ThumbnailRequest } from './thumbnail.ts';

const engine = await loadLabelEngine();
parentPort!.on('message', (request: ThumbnailRequest) => {
  let answer: ThumbnailAnswer;
  try {
    const job = openJob(engine, request.content, null, { dpi: request.dpi, timeMs: request.timeMs });
    const page = job.ok ? job.value.page(0) : job;
    answer = page.ok ? { id: request.id, png: pageToPng(page.value, request.dpi) } : { id: request.id, png: null };
  } catch {
    // A bug in the renderer: the template is still stored, without a thumbnail.
    answer = { id: request.id, png: null };
  }
  parentPort!.postMessage(answer, answer.png ? [answer.png.buffer as ArrayBuffer] : []);
});
parentPort!.postMessage({ ready: true });
