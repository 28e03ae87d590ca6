/**
 * Worker thread of picture-check.ts: decodes one uploaded picture and makes its thumbnail
 * (picture.ts), so the seconds a 24-megapixel JPEG takes are not spent on the server's only
 * request thread. Answers one message and ends.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { AppError } from '../../errors.ts';
import { checkPicture } from './picture.ts';
import type { WorkerAnswer } from './picture-check.ts';

const { bytes } = workerData as { bytes: Uint8Array };
let answer: WorkerAnswer;
try {
  answer = { threadId, ok: true, picture: checkPicture(bytes) };
} catch (err) {
  answer =
    err instanceof AppError
      ? { threadId, ok: false, kind: err.kind, params: err.params }
      : { threadId, ok: false, kind: 'pictureUnreadable', params: {} };
}
const transfer = answer.ok && answer.picture.thumbnail ? [answer.picture.thumbnail.data.buffer as ArrayBuffer] : [];
parentPort!.postMessage(answer, transfer);
