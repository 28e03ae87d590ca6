/**
 * A browser render pool worker (module Web Worker, started by pool.ts): instantiates the
 * engine module the page posts (compiled once on the page), opens jobs from their
 * structured-cloneable setup (src/print/job.ts `openJobFromSetup`) with the fonts each
 * label needs (fetched on demand, through the HTTP cache) and its pictures decoded by the
 * browser, then renders chunks of pages on request, transferring each page's bitmap. A job
 * opened with the scan check has each page's codes decoded (rxing-wasm, loaded on the first
 * such job) before the page goes back; one that does not read back fails the page.
 */
import type { Engine } from '../../engine/engine.ts';
import { engineFromModule } from '../../engine/load-browser.ts';
import { BrowserFonts } from '../../render/fonts-browser.ts';
import { openJobFromSetup, type PrintJob, type RenderedPage } from '../job.ts';
import { fontsFor } from './fonts.ts';
import { jobPictures } from './pictures.ts';
import { scanJobPage, type Rxing, type ScannedPage } from '../scan.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

// The worker's global scope, typed as far as it is used here (the DOM lib types `self` as
// a Window).
const scope = self as unknown as {
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<ToWorker>) => void): void;
};
const post = (m: FromWorker, transfer: Transferable[] = []) => scope.postMessage(m, transfer);

let engine: Engine | undefined;
let fonts: BrowserFonts | undefined;
/** Open jobs; a job opening is a promise, so renders sent right after `open` wait for it. */
const jobs = new Map<number, Promise<PrintJob | null>>();
/** The decoder of jobs opened with the scan check. */
const scanners = new Map<number, Rxing>();

/**
 * The page's bitmap made transferable: the engine copies each page out into an array of
 * its own (transferred as it is); a view into something larger is copied out first.
 */
function transferable(page: RenderedPage, transfer: Transferable[]): RenderedPage {
  const buffer = page.data.buffer;
  if (!(buffer instanceof ArrayBuffer) || page.data.byteOffset !== 0 || buffer.byteLength !== page.data.byteLength || transfer.includes(buffer)) {
    page = { ...page, data: page.data.slice() };
  }
  transfer.push(page.data.buffer as ArrayBuffer);
  return page;
}

async function open({ job, setup, scanCheck }: Extract<ToWorker, { type: 'open' }>): Promise<PrintJob | null> {
  // rxing-wasm only for a checked job: its module is loaded (once) on the first.
  if (scanCheck) scanners.set(job, await (await import('./rxing.ts')).loadRxing());
  const decodeImage = await jobPictures(setup.label, setup.options.timeMs);
  const opened = openJobFromSetup(engine!, setup, { decodeImage });
  if (!opened.ok) {
    post({ type: 'openFailed', job, error: opened.error });
    return null;
  }
  const faces = fontsFor(opened.value.doc, setup.data, setup.options.timeMs);
  const { missing } = await fonts!.ensure(faces);
  post({ type: 'opened', job, pageCount: opened.value.pageCount, labelPages: opened.value.labelPages, fonts: fonts!.files, missingFonts: missing });
  return opened.value;
}

async function render(m: Extract<ToWorker, { type: 'render' }>): Promise<void> {
  const job = await jobs.get(m.job);
  if (!job) {
    // Closed, or it failed to open: every render request gets an answer all the same.
    post({ type: 'crashed', job: m.job, run: m.run, chunk: m.chunk, message: `job ${m.job} is not open in this worker` });
    return;
  }
  const pages: ScannedPage[] = [];
  const rxing = scanners.get(m.job);
  const transfer: Transferable[] = [];
  for (let i = m.first; i < m.first + m.count; i++) {
    const page = job.page(i);
    if (!page.ok) {
      post({ type: 'failed', job: m.job, run: m.run, chunk: m.chunk, pages, error: page.error }, transfer);
      return;
    }
    if (rxing) {
      const checked = scanJobPage(rxing, job, i, page.value);
      if (!checked.ok) {
        post({ type: 'failed', job: m.job, run: m.run, chunk: m.chunk, pages, error: checked.error }, transfer);
        return;
      }
      (page.value as ScannedPage).scan = checked.value;
    }
    pages.push(transferable(page.value, transfer));
  }
  post({ type: 'pages', job: m.job, run: m.run, chunk: m.chunk, pages }, transfer);
}

const crashed = (job: number, run?: number, chunk?: number) => (e: unknown) =>
  post({ type: 'crashed', job, run, chunk, message: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });

scope.addEventListener('message', (e) => {
  const m = e.data;
  switch (m.type) {
    case 'init':
      try {
        engine = engineFromModule(m.module);
        fonts = new BrowserFonts(engine, m.fontBase);
        post({ type: 'ready' });
      } catch (err) {
        post({ type: 'startFailed', message: err instanceof Error ? err.message : String(err) });
      }
      break;
    case 'open': {
      const opening = open(m).catch((err: unknown) => {
        crashed(m.job)(err);
        return null;
      });
      jobs.set(m.job, opening);
      break;
    }
    case 'render':
      render(m).catch(crashed(m.job, m.run, m.chunk));
      break;
    case 'close':
      jobs.delete(m.job);
      scanners.delete(m.job);
      break;
  }
});
