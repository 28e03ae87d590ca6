/**
 * Printer-ready pages of a label job, in this thread or as a render pool's renderer module
 * (pool.ts): what `assetmark render` writes. On top of pool-renderer.ts's label pages:
 *
 * - the page turned by the job's `turn` (the label's printOrientation, clockwise; see
 *   src/engine/rotate.ts), since a page file has no print job to carry it;
 * - both sides of a mirrorPrint label: with `bothSides`, job page 2k is page k's front and
 *   2k + 1 its mirrored side;
 * - failures as one user-facing message naming the page, the spreadsheet row and the
 *   control (`PrintPageError`), made here so that the CLI's in-process path and its worker
 *   path report the very same words;
 * - the page file's bytes (PBM or PNG), encoded where the page was rendered: PNG's
 *   deflate costs 0.3 ms a page or more, more than the render, so workers do it;
 * - labelPage's warnings (a picture that could not be decoded) carried on the page;
 * - with `onError: 'skip'`, a page that cannot be rendered comes back as an empty page
 *   carrying that message (`skipped`) instead of failing the job, so the pool goes on and
 *   the caller decides what to write and say (`printPage`).
 *
 * The CLI's two paths both render through `printPage`, so their files are equal byte for
 * byte and their skipped pages the same (bin/render-workers.test.ts compares them).
 */
import type { Engine } from '../engine/engine.ts';
import { EngineError } from '../engine/errors.ts';
import { pageToPbm } from '../engine/pbm.ts';
import { pageToPng } from '../engine/png.ts';
import { rotatePage } from '../engine/rotate.ts';
import type { Page, Rotation } from '../engine/types.ts';
import { formatLabelMessage, LabelError } from '../label/errors.ts';
import { resolvePage } from '../label/resolve.ts';
import { labelPage } from './label-page.ts';
import type { PageRenderer, RenderJob } from './pool.ts';
import { loadLabelEngine, openLabelJob, type LabelJob, type OpenedLabelJob } from './pool-renderer.ts';

export interface PrintJob extends LabelJob {
  /** Clockwise quarter turn of every output page, degrees. */
  turn: Rotation;
  /** Both sides of a mirrorPrint label: job page 2k front, 2k + 1 mirrored. */
  bothSides: boolean;
  /** The file format of `PrintedPage.file`. */
  format: 'pbm' | 'png';
  /** A page that cannot be rendered: 'stop' (default) throws PrintPageError, 'skip'
   * returns it as a skipped page (`PrintedPage.skipped`). */
  onError?: 'stop' | 'skip';
}

/**
 * A rendered page, its file's bytes, and the things labelPage skipped (for the user); or,
 * with `skipped` (onError 'skip'), a page that could not be rendered: 0 x 0, no file bytes,
 * and the PrintPageError message saying where and why.
 */
export type PrintedPage = Page & { file: Uint8Array; warnings?: string[]; skipped?: string };

/** A page that could not be rendered; the message is complete and meant for the user. */
export class PrintPageError extends Error {
  override readonly name = 'PrintPageError';
}

export interface OpenedPrintJob extends OpenedLabelJob {
  turn: Rotation;
  bothSides: boolean;
  format: 'pbm' | 'png';
  onError: 'stop' | 'skip';
}

export function openPrintJob(job: PrintJob): OpenedPrintJob {
  return { ...openLabelJob(job), turn: job.turn, bothSides: job.bothSides, format: job.format, onError: job.onError ?? 'stop' };
}

/**
 * Job page `index` as `renderPrintPage` gives it, or with the job's onError 'skip' a page
 * that failed as a skipped page. Only a page's own failure (PrintPageError: its data, its
 * controls) is skipped; anything else is a fault of the program and still throws.
 */
export function printPage(engine: Engine, job: OpenedPrintJob, index: number): PrintedPage {
  if (job.onError === 'stop') return renderPrintPage(engine, job, index);
  try {
    return renderPrintPage(engine, job, index);
  } catch (e) {
    if (!(e instanceof PrintPageError)) throw e;
    return { width: 0, height: 0, stride: 0, data: new Uint8Array(0), file: new Uint8Array(0), skipped: e.message };
  }
}

/** Job page `index` (0-based; two a label page with bothSides) as a printer-ready page. */
export function renderPrintPage(engine: Engine, job: OpenedPrintJob, index: number): PrintedPage {
  const pageIndex = job.bothSides ? index >> 1 : index;
  const side = job.bothSides && (index & 1) === 1 ? 'mirrored' : 'front';
  // Page p (1-based) binds data row p, which sits on spreadsheet row p + 1 (header row 1).
  const where = `page ${pageIndex + 1}${side === 'mirrored' ? ' mirrored side' : ''}${job.data ? ` (spreadsheet row ${pageIndex + 2})` : ''}`;
  let resolved;
  try {
    resolved = resolvePage(job.doc, job.data, pageIndex, job.timeMs);
  } catch (e) {
    if (e instanceof LabelError) throw new PrintPageError(`${where}: ${formatLabelMessage(e.code, e.params, 'en')}`);
    throw e;
  }
  const spec = labelPage(resolved, { ...job.page, dpi: job.dpi, side });
  let page: Page;
  try {
    page = engine.renderPage(spec);
  } catch (e) {
    if (!(e instanceof EngineError)) throw e;
    const source = e.element === undefined ? -1 : (spec.sources[e.element] ?? -1);
    const control = source >= 0 ? `, control ${source + 1} (${job.doc.children[source]!.kind})` : '';
    throw new PrintPageError(`${where}${control}: ${e.message}`);
  }
  const turned = rotatePage(page, job.turn);
  const file = job.format === 'png' ? pageToPng(turned, job.dpi) : pageToPbm(turned);
  const out: PrintedPage = { ...turned, file };
  if (spec.warnings.length > 0) out.warnings = spec.warnings;
  return out;
}

export async function createRenderer(): Promise<PageRenderer<PrintJob>> {
  const engine = await loadLabelEngine();
  return {
    open(setup: PrintJob): RenderJob {
      const job = openPrintJob(setup);
      return { pageCount: job.pageCount * (job.bothSides ? 2 : 1), render: (i: number): Page => printPage(engine, job, i) };
    },
  };
}
