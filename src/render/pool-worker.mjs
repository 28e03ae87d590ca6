// Entry of a render pool worker thread (pool.ts): registers tsx when the worker code is
// TypeScript (Node 20 ignores `--import tsx` in a Worker's execArgv, and under vitest the
// parent's Vite loader does not reach worker threads), then runs pool-worker.ts.
import { workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);
