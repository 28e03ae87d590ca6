/**
 * A fuzz worker thread: runs inputs [from, to) of one target and stream. Before each input
 * it writes the input's index into shared memory, so the runner's watchdog can name the
 * input that hangs (and the runner can restart after it) without a message per input.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createTarget } from './targets/index.ts';
import type { FuzzFailure, TargetName } from './target.ts';

export interface WorkerTask {
  target: TargetName;
  seed: number;
  from: number;
  to: number;
  /** Int32Array over a SharedArrayBuffer: [0] = index now running. */
  progress: SharedArrayBuffer;
}

export type WorkerMessage =
  | { type: 'failure'; index: number; failure: FuzzFailure }
  | { type: 'done'; ran: number };

const task = workerData as WorkerTask;
const progress = new Int32Array(task.progress);
const target = createTarget(task.target, task.seed);
let ran = 0;
for (let i = task.from; i < task.to; i++) {
  Atomics.store(progress, 0, i);
  const failure = target.run(task.seed, i);
  ran++;
  if (failure) parentPort!.postMessage({ type: 'failure', index: i, failure } satisfies WorkerMessage);
}
parentPort!.postMessage({ type: 'done', ran } satisfies WorkerMessage);
