/**
 * A print run in the browser: the run controller (src/print/run.ts) driven by the Web
 * Worker render pool and the helper client. Kept apart from the page so the page only
 * shows state and the controller stays free of browser and helper details.
 */
import type { PrintError } from '../../../print/errors';
import type { JobOptions } from '../../../print/job';
import type { BrowserRenderPool, OpenedJob } from '../../../print/browser/pool';
import type { HelperClient, HelperError } from '../../../print/helper';
import type { PrintPlan } from '../../../print/plan';
import type { ScanSummary } from '../../../print/scan';
import { PrintRun, type RunRenderer, type RunSender } from '../../../print/run';

export type BrowserPrintRun = PrintRun<PrintError, HelperError>;

/** How print pages are made, on the main thread and in the workers alike (`timeMs`: the clock reading every page shows). */
export function printOptions(dpi: number, timeMs: number): JobOptions {
  return { dpi, timeMs, sides: 'both', turn: 'label' };
}

/**
 * What the scan check found over a run (a job opened with `scanCheck`): the job pages read
 * back (each counted once, however often a resumed run renders it again), their codes, the
 * decoding time, and the symbologies it had no decoder for. Kept out of React state: the
 * page shows it whenever the run's state changes.
 */
export class ScanTally {
  /** 1 for each job page read back. */
  private readonly seen: Uint8Array;
  pages = 0;
  codes = 0;
  ms = 0;
  readonly skipped = new Map<string, number>();

  constructor(readonly pageCount: number) {
    this.seen = new Uint8Array(pageCount);
  }

  add(index: number, scan: ScanSummary): void {
    if (this.seen[index]) return;
    this.seen[index] = 1;
    this.pages++;
    this.codes += scan.read;
    this.ms += scan.ms;
    for (const name of scan.skipped) this.skipped.set(name, (this.skipped.get(name) ?? 0) + 1);
  }
}

export function poolRenderer(pool: BrowserRenderPool, job: OpenedJob, tally?: ScanTally): RunRenderer<PrintError> {
  return {
    async render(first, count, onPage, signal) {
      try {
        const done = await pool.render(job, {
          first,
          count,
          signal,
          onPage: (page, index) => {
            if (page.scan) tally?.add(index, page.scan);
            return onPage(page, index);
          },
        });
        return done.ok ? { ok: true } : { ok: false, error: done.error };
      } catch (e) {
        // An abort (pause that became cancel, a failed send) ends the render quietly; the run
        // decides what happened. Anything else is a fault of the pool.
        if (signal.aborted) return { ok: true };
        throw e;
      }
    },
  };
}

export interface HelperSendOptions {
  printerName: string;
  dpi: number;
  threshold: number;
}

export function helperSender(client: HelperClient, options: HelperSendOptions): RunSender<HelperError> {
  return {
    async send(page, send, signal) {
      const sent = await client.printPage(page, { printerName: options.printerName, dpi: options.dpi, threshold: options.threshold, copies: send.copies, signal });
      return sent.ok ? { ok: true } : { ok: false, error: sent.error };
    },
  };
}

export function createBrowserRun(plan: PrintPlan, pool: BrowserRenderPool, job: OpenedJob, client: HelperClient, options: HelperSendOptions, tally?: ScanTally): BrowserPrintRun {
  return new PrintRun(plan, poolRenderer(pool, job, tally), helperSender(client, options));
}
