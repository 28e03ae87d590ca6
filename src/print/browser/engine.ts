/**
 * The label engine on the page's main thread, for previews (the print page's pages, the
 * editor's raster): the Wasm module compiled once with streaming compilation
 * (src/engine/load-browser.ts), fonts fetched when a label first needs them (fonts.ts
 * `fontsFor`; src/render/fonts-browser.ts), pictures decoded by the browser.
 *
 *   const engine = await BrowserEngine.load();
 *   const job = await engine.openJob(wdfxText, sheet, { dpi: 96, grey: true, preview: true });
 *   if (!job.ok) return show(formatPrintError(job.error, locale));
 *   const page = engine.previewPage(job.value, 0);     // Result<RenderedPage>
 *
 * Batches belong in the worker pool (pool.ts): a page costs a fraction of a millisecond, but
 * ten thousand of them would hold the page's thread for seconds.
 */
import { ABI_VERSION, type Engine } from '../../engine/engine.ts';
import { loadEngine } from '../../engine/load-browser.ts';
import type { DataSource } from '../../label/binding/data.ts';
import type { LabelDocument } from '../../label/label.ts';
import { BrowserFonts } from '../../render/fonts-browser.ts';
import { jobSetup, openJob, type DataTable, type JobOptions, type PrintJob, type RenderedPage } from '../job.ts';
import type { Result } from '../errors.ts';
import { fontsFor } from './fonts.ts';
import { jobPictures } from './pictures.ts';

/** A job opened on the main thread, with the fonts its pages need registered. */
export interface PreviewJob extends PrintJob {
  /** The font files registered for it, and those the server did not have. */
  readonly fonts: string[];
  readonly missingFonts: string[];
}

let loading: Promise<BrowserEngine> | undefined;

export class BrowserEngine {
  private constructor(
    /** The engine itself (for callers that render display lists of their own). */
    readonly engine: Engine,
    private readonly fonts: BrowserFonts,
  ) {}

  /** The page's engine: loaded on the first call, shared after. Rejects with EngineError
   * when the module is missing or from another build. */
  static load(options: { fontBase?: string } = {}): Promise<BrowserEngine> {
    loading ??= (async () => {
      const engine = await loadEngine();
      // An older build loads (the facade accepts it) but cannot draw label pages.
      if (engine.abiVersion !== ABI_VERSION) {
        throw new Error(`label rendering is not available: the engine build speaks ABI ${engine.abiVersion}, labels need ${ABI_VERSION}`);
      }
      return new BrowserEngine(engine, BrowserFonts.of(engine, options.fontBase));
    })().catch((e: unknown) => {
      loading = undefined;
      throw e;
    });
    return loading;
  }

  /**
   * Opens a job (src/print/job.ts `openJob`: label as .wdfx text, bytes or a document; data
   * a DataSource, a DataTable or null for the label's own spreadsheet), after decoding its
   * pictures and fetching the fonts it needs. Resolves with a PrintError for a label or
   * spreadsheet that cannot be read; rejects only when a font cannot be downloaded.
   */
  async openJob(label: string | Uint8Array | LabelDocument, data: DataSource | DataTable | null, options: JobOptions): Promise<Result<PreviewJob>> {
    const timeMs = options.timeMs ?? Date.now();
    // With data null the label's own spreadsheet is the data: read it once here (as a
    // table), since fontsFor needs its rows as well as the job.
    let rows = data;
    if (rows === null) {
      const setup = jobSetup(label, null, { ...options, timeMs });
      if (!setup.ok) return setup;
      label = setup.value.label;
      rows = setup.value.data;
    }
    // The picture decoder is filled in once openJob has read the document; no page is
    // rendered before that.
    let decode: NonNullable<JobOptions['decodeImage']> = () => null;
    const opened = openJob(this.engine, label, rows, { ...options, timeMs, decodeImage: options.decodeImage ?? ((url) => decode(url)) });
    if (!opened.ok) return opened;
    const job = opened.value;
    if (!options.decodeImage) decode = await jobPictures(job.doc, timeMs);
    const { missing } = await this.fonts.ensure(fontsFor(job.doc, rows, timeMs));
    const fonts = this.fonts.files;
    return {
      ok: true,
      value: { pageCount: job.pageCount, labelPages: job.labelPages, doc: job.doc, page: (i) => job.page(i), spec: (i) => job.spec(i), fonts, missingFonts: missing },
    };
  }

  /** Page `i` of a job opened here. */
  previewPage(job: PreviewJob, i: number): Result<RenderedPage> {
    return job.page(i);
  }
}
