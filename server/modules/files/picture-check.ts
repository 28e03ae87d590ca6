/**
 * checkPicture (picture.ts) off the request thread: the header is read here (a few bytes;
 * pictures over the limits are refused at once), and a PNG or JPEG is decoded and shrunk in
 * a worker thread of its own, so other requests are answered meanwhile (a 24-megapixel JPEG
 * takes about 4 s of CPU in jpeg-js). The worker's heap is capped; the picture's pixels live
 * in typed arrays, bounded by the pixel limit (24 MP x 4 bytes).
 */
import { Worker } from 'node:worker_threads';
import { AppError, type ErrorKind, type ErrorParams } from '../../errors.ts';
import { checkPictureSize, type CheckedPicture } from './picture.ts';

export type WorkerAnswer = { threadId: number } & (
  | { ok: true; picture: CheckedPicture }
  | { ok: false; kind: ErrorKind; params: ErrorParams }
);

/** The render pool's bootstrap: it registers tsx in the worker when the entry is TypeScript. */
const BOOTSTRAP = new URL('../../../src/render/pool-worker.mjs', import.meta.url);
const ENTRY = new URL('./picture-worker.ts', import.meta.url);
/** Heap of a picture worker, in MB (decoders keep their pixels outside it, in typed arrays). */
const WORKER_HEAP_MB = 256;

export async function checkPictureOffThread(bytes: Uint8Array): Promise<CheckedPicture> {
  // Refusals from the header, and GIF/WebP (checked by header only), cost nothing: done here.
  const size = checkPictureSize(bytes);
  if (size.format !== 'png' && size.format !== 'jpeg') return { ...size, thumbnail: null };
  const answer = await decodeInWorker(bytes);
  if (!answer.ok) throw new AppError(answer.kind, answer.params);
  const thumbnail = answer.picture.thumbnail;
  // Structured cloning hands typed arrays back as Uint8Array; keep the type exact.
  return { ...answer.picture, thumbnail: thumbnail ? { ...thumbnail, data: new Uint8Array(thumbnail.data) } : null };
}

/**
 * checkPicture in a new worker thread, with the thread's id (tests check it is not the
 * caller's). A worker that fails (out of its heap, say) is a picture that cannot be read.
 */
export function decodeInWorker(bytes: Uint8Array): Promise<WorkerAnswer> {
  return new Promise<WorkerAnswer>((resolve, reject) => {
    const worker = new Worker(BOOTSTRAP, {
      workerData: { entry: ENTRY.href, bytes },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let settled = false;
    worker.once('message', (m: WorkerAnswer) => {
      settled = true;
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', () => {
      if (!settled) reject(new AppError('pictureUnreadable'));
    });
    worker.once('exit', () => {
      if (!settled) reject(new AppError('pictureUnreadable'));
    });
  });
}
