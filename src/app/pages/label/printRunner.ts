/**
 * A print run in the browser: the run controller (src/print/run.ts) driven by the Web
 * Worker render pool and the helper client. Kept apart from the page so the page only
 * shows state and the controller stays free of browser and helper details.
 */
import type { PrintError } from '../../../print/errors';
import type { BrowserRenderPool, OpenedJob } from '../../../print/browser/pool';
import type { HelperClient, HelperError } from '../../../print/helper';
import type { PrintPlan } from '../../../print/plan';
import { PrintRun, type RunRenderer, type RunSender } from '../../../print/run';

export type BrowserPrintRun = PrintRun<PrintError, HelperError>;

export function poolRenderer(pool: BrowserRenderPool, job: OpenedJob): RunRenderer<PrintError> {
  return {
    async render(first, count, onPage, signal) {
      try {
        const done = await pool.render(job, { first, count, signal, onPage: (page, index) => onPage(page, index) });
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

export function createBrowserRun(plan: PrintPlan, pool: BrowserRenderPool, job: OpenedJob, client: HelperClient, options: HelperSendOptions): BrowserPrintRun {
  return new PrintRun(plan, poolRenderer(pool, job), helperSender(client, options));
}
