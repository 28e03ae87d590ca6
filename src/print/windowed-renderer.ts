/**
 * The print run's renderer for data pulled in windows (row-windows.ts): each window of rows
 * becomes a job of its own in the render pool, opened when the run reaches it and closed
 * after, so the pool holds one window's rows, not the whole print's.
 *
 *   run.render(first, count) -> for each window the range crosses: rows (fetched ahead) ->
 *   table -> jobSetup -> pool.open -> pool.render(the window's part) -> pool.closeJob
 *
 * Job pages are numbered over the whole print (job.ts numbering: with both sides, job page
 * 2k is label page k's front, 2k + 1 its mirrored side); a window's job numbers from 0, so
 * pages and errors are moved by the window's first job page on the way out. A window whose
 * rows cannot be had fails the render with a RowsError, as a page that cannot be rendered
 * does with its PrintError: the run stops at its first page and resume fetches again.
 */
import type { Page } from '../engine/types.ts';
import type { LabelDocument } from '../label/label.ts';
import type { PrintError, Result } from './errors.ts';
import { jobSetup, type DataTable, type JobOptions, type JobSetup } from './job.ts';
import type { RowsError, RowWindows } from './row-windows.ts';
import type { Outcome, RunRenderer } from './run.ts';
import type { ScanSummary } from './scan.ts';

/** What the renderer needs of a render pool (src/print/browser/pool.ts BrowserRenderPool). */
export interface WindowPool<Job extends { readonly pageCount: number }> {
  open(setup: JobSetup, options?: { scanCheck?: boolean }): Promise<Result<Job>>;
  render(
    job: Job,
    options: { first?: number; count?: number; signal?: AbortSignal; onPage: (page: Page & { scan?: ScanSummary }, index: number) => Promise<void> | void },
  ): Promise<Result<unknown>>;
  closeJob(job: Job): void;
}

export type WindowedError = PrintError | RowsError;

export function isRowsError(e: WindowedError): e is RowsError {
  return e.code === 'rows.failed' || e.code === 'rows.changed';
}

export interface WindowedJob<R> {
  doc: LabelDocument;
  windows: RowWindows<R>;
  /** A window's rows as the job's data table. */
  table(rows: readonly R[]): DataTable;
  /** As for the whole job; `timeMs` is read once here so every window shows the same time. */
  options: JobOptions;
  /** Print both sides of a mirrorPrint label (the job's `sides: 'both'`). */
  bothSides: boolean;
  scanCheck?: boolean;
  /** Each window's rows as the run reaches them (the print page maps pages to assets). */
  onWindow?: (w: number, rows: readonly R[]) => void;
  onScan?: (jobPage: number, scan: ScanSummary) => void;
}

export function windowedRenderer<R, Job extends { readonly pageCount: number }>(pool: WindowPool<Job>, job: WindowedJob<R>): RunRenderer<WindowedError> {
  const sides = job.bothSides ? 2 : 1;
  const options: JobOptions = { ...job.options, timeMs: job.options.timeMs ?? Date.now() };
  const perWindow = job.windows.windowRows * sides;
  return {
    async render(first, count, onPage, signal): Promise<Outcome<WindowedError>> {
      let at = first;
      const end = first + count;
      while (at < end) {
        if (signal.aborted) return { ok: true };
        const w = Math.floor(at / perWindow);
        const got = await job.windows.window(w);
        if (signal.aborted) return { ok: true };
        if (!got.ok) return { ok: false, error: got.error };
        // No row left of a window: nothing to print (a job without rows would print one
        // blank label).
        if (got.rows.length === 0) return { ok: false, error: got.short ?? { code: 'rows.changed', expected: 1, found: 0, window: w } };
        job.onWindow?.(w, got.rows);
        const setup = jobSetup(job.doc, job.table(got.rows), options);
        if (!setup.ok) return { ok: false, error: setup.error };
        const opened = await pool.open(setup.value, { scanCheck: job.scanCheck });
        if (!opened.ok) return { ok: false, error: opened.error };
        const base = w * perWindow;
        const take = Math.min(end, base + opened.value.pageCount) - at;
        try {
          const done = await pool.render(opened.value, {
            first: at - base,
            count: take,
            signal,
            onPage: (page, index) => {
              if (page.scan) job.onScan?.(base + index, page.scan);
              return onPage(page, base + index);
            },
          });
          if (!done.ok) return { ok: false, error: moved(done.error, base) };
        } catch (e) {
          // An abort (pause that became cancel, a failed send) ends the render quietly.
          if (signal.aborted) return { ok: true };
          throw e;
        } finally {
          pool.closeJob(opened.value);
        }
        at += take;
        if (got.short && at < end) return { ok: false, error: got.short };
      }
      return { ok: true };
    },
  };
}

/** A window job's error at its place in the whole print. The spreadsheet row is left out:
 * rows from the server are no spreadsheet, and the page says which label it is. */
function moved(error: PrintError, basePage: number): PrintError {
  const out: PrintError = { ...error };
  if (out.page !== undefined) out.page += basePage;
  delete out.row;
  return out;
}
