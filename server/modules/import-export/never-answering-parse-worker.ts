/**
 * Tests: the import parse worker (parse-worker.ts), except that a file whose bytes are the
 * text NEVER_ANSWER is never answered, as SheetJS once did on a damaged .xls (fixed by
 * scripts/patch-dependencies.mjs): the parse queue's deadline must end that thread and free
 * its slot for the next file (parse-queue.test.ts).
 */
import { workerData } from 'node:worker_threads';

const NEVER_ANSWER = 'never answer';

if (new TextDecoder().decode((workerData as { bytes: Uint8Array }).bytes) === NEVER_ANSWER) {
  // Busy, like a parser in an endless loop: only terminate() ends the thread.
  for (;;);
}
await import('./parse-worker.ts');
