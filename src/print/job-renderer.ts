/**
 * A print run's renderer (run.ts RunRenderer) that renders a job's pages in this thread:
 * the CLI's `assetmark print` and tests. A label page costs tens of microseconds and a
 * printer takes about 90 ms a label, so one thread is far ahead of any printer; batches that
 * must render faster than that use a worker pool (the browser's, or src/render/pool.ts).
 */
import type { PrintError } from './errors.ts';
import type { PrintJob } from './job.ts';
import type { RunRenderer } from './run.ts';

export function jobRenderer(job: Pick<PrintJob, 'page'>): RunRenderer<PrintError> {
  return {
    async render(first, count, onPage, signal) {
      for (let i = first; i < first + count; i++) {
        if (signal.aborted) return { ok: true };
        const page = job.page(i);
        if (!page.ok) return { ok: false, error: page.error };
        await onPage(page.value, i);
      }
      return { ok: true };
    },
  };
}
