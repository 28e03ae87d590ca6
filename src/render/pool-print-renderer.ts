/**
 * Page files of a print job: what `assetmark render` writes, in this thread or as a render
 * pool's renderer module (pool.ts). On top of the job's pages (src/print/job.ts: turned,
 * both sides, errors as values):
 *
 * - the page file's bytes (PBM or PNG), encoded where the page was rendered: PNG's
 *   deflate costs 0.3 ms a page or more, more than the render, so workers do it;
 * - with `onError: 'skip'`, a page that cannot be rendered comes back as an empty page
 *   carrying its PrintError (`skipped`) instead of stopping the job, so the pool goes on
 *   and the caller decides what to write and say.
 *
 * The CLI's two paths both go through `pageFile`, so their files are equal byte for byte
 * and their skipped pages the same (bin/render-workers.test.ts compares them).
 */
import { pageToPbm } from '../engine/pbm.ts';
import { pageToPng } from '../engine/png.ts';
import type { PrintError, Result } from '../print/errors.ts';
import { openJobFromSetup, type JobSetup, type PrintJob, type RenderedPage } from '../print/job.ts';
import type { PageRenderer, RenderJob } from './pool.ts';
import { loadLabelEngine } from './pool-renderer.ts';

export interface FileFormat {
  /** The file format of `PageFile.file`. */
  format: 'pbm' | 'png';
  /** A page that cannot be rendered: 'stop' (default) fails the job with it, 'skip'
   * returns it as a skipped page (`PageFile.skipped`). */
  onError?: 'stop' | 'skip';
}

/** The pool setup of page files: the job and the file format. */
export interface FileJobSetup extends FileFormat {
  job: JobSetup;
}

/**
 * A rendered page and its file's bytes; or, with `skipped` (onError 'skip'), a page that
 * could not be rendered: 0 x 0, no file bytes, and why.
 */
export type PageFile = RenderedPage & { file: Uint8Array; skipped?: PrintError };

/** Job page `index` as a page file (`dpi` goes into a PNG's pHYs chunk). */
export function pageFile(job: PrintJob, index: number, dpi: number, f: FileFormat): Result<PageFile> {
  const page = job.page(index);
  if (!page.ok) {
    if (f.onError !== 'skip') return page;
    return { ok: true, value: { width: 0, height: 0, stride: 0, data: new Uint8Array(0), file: new Uint8Array(0), skipped: page.error } };
  }
  const file = f.format === 'png' ? pageToPng(page.value, dpi) : pageToPbm(page.value);
  return { ok: true, value: Object.assign(page.value, { file }) };
}

export async function createRenderer(): Promise<PageRenderer<FileJobSetup>> {
  const engine = await loadLabelEngine();
  return {
    open(setup: FileJobSetup): Result<RenderJob> {
      const job = openJobFromSetup(engine, setup.job);
      if (!job.ok) return job;
      const dpi = setup.job.options.dpi;
      return { ok: true, value: { pageCount: job.value.pageCount, page: (i: number) => pageFile(job.value, i, dpi, setup) } };
    },
  };
}
