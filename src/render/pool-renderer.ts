/**
 * The render pool's default renderer module (pool.ts): label documents with their data.
 *
 * Once per thread `createRenderer` loads the engine and registers the fonts; `open(job)`
 * reads the label and its data; `render(i)` is resolvePage -> labelPage -> engine render.
 * The job (`LabelJob`) is plain data so it can be posted to every worker as it is: the
 * label as .wdfx text or a document, the data as a table of formatted text (the main thread
 * parses a spreadsheet once with `labelJob`, instead of every worker parsing it again), the
 * output dpi, and one clock reading for every page, so a batch shows one time and
 * the pool's pages equal a single thread's byte for byte.
 */
import { loadEngine } from '../engine/load-node.ts';
import { ABI_VERSION, type Engine } from '../engine/engine.ts';
import type { Page, PageSpec } from '../engine/types.ts';
import { labelDataSource } from '../label/spreadsheet.ts';
import { readLabel } from '../label/wdfx.ts';
import { resolvePage } from '../label/resolve.ts';
import { pageCount } from '../label/binding/paging.ts';
import { columnFinder, type DataSource } from '../label/binding/data.ts';
import type { LabelDocument } from '../label/label.ts';
import type { PageRenderer, RenderJob } from './pool.ts';
import { labelPage, type LabelPageOptions } from './label-page.ts';
import { loadBundledFonts } from './fonts-node.ts';

/** A data source as plain data: the header's column names and each data row's cell texts. */
export interface DataTable {
  columnNames: string[];
  rows: string[][];
}

export interface LabelJob {
  /** The label: .wdfx text, or a document (normalised, as readLabel or createLabel give it). */
  label: string | LabelDocument;
  /** The data rows; null: the label's own embedded spreadsheet, if it has one. */
  data: DataTable | null;
  /** Output resolution, dots per inch (203 and 300 for printers). */
  dpi: number;
  /** The clock reading every page shows, epoch ms. */
  timeMs: number;
  /** labelPage's other options (grey, preview, side, halftone); the picture decoder is
   * always the default (functions do not reach workers). */
  page?: Omit<LabelPageOptions, 'dpi' | 'decodeImage'>;
}

/** The table of a data source: every data row's formatted text (what binding reads). */
export function tableFromSource(source: DataSource): DataTable {
  const columns = source.columnNames.length;
  const rows: string[][] = new Array(source.rowCount);
  for (let r = 0; r < source.rowCount; r++) {
    const row: string[] = new Array(columns);
    for (let c = 0; c < columns; c++) row[c] = source.text(r, c) ?? '';
    rows[r] = row;
  }
  return { columnNames: [...source.columnNames], rows };
}

/** A table as a data source; it answers as the source it came from (a Sheet: undefined
 * outside its rows and columns, '' for an empty cell). */
export function sourceFromTable(table: DataTable): DataSource {
  const columns = table.columnNames.length;
  return {
    rowCount: table.rows.length,
    columnNames: table.columnNames,
    findColumn: columnFinder(table.columnNames),
    text: (row, column) => (row >= 0 && row < table.rows.length && column >= 0 && column < columns ? (table.rows[row]![column] ?? '') : undefined),
  };
}

/**
 * A job from a label and a data source (a Sheet from readSpreadsheet, records), or with
 * `data` null the label's embedded spreadsheet, if any: read here, once, so the workers
 * get its table instead of each parsing the file. Throws LabelError for an unreadable label
 * or embedded spreadsheet.
 */
export function labelJob(
  label: string | LabelDocument,
  data: DataSource | null,
  options: { dpi: number; timeMs?: number; page?: LabelJob['page'] },
): LabelJob {
  const source = data ?? embeddedData(typeof label === 'string' ? readDocument(label) : label);
  const job: LabelJob = { label, data: source ? tableFromSource(source) : null, dpi: options.dpi, timeMs: options.timeMs ?? Date.now() };
  if (options.page) job.page = options.page;
  return job;
}

/**
 * Why labels cannot render on this engine build, or null when they can: text and the
 * other v2 elements need ABI 3 (display list version 2, fonts); an older build still
 * loads (the facade accepts ABI 2) but cannot draw a label page.
 */
export function labelRenderingMissing(engine: Engine): string | null {
  return engine.abiVersion === ABI_VERSION
    ? null
    : `the engine build speaks ABI ${engine.abiVersion} (display list v1: no text); labels need ABI ${ABI_VERSION}: npm run build:wasm`;
}

/** The engine with the bundled fonts registered: what every label renderer needs once. */
export async function loadLabelEngine(): Promise<Engine> {
  const engine = await loadEngine();
  const missing = labelRenderingMissing(engine);
  if (missing) throw new Error(`label rendering is not available: ${missing}`);
  await loadBundledFonts(engine);
  return engine;
}

/** Page `pageIndex` of an opened job as the engine's PageSpec (resolve and compile). */
export function jobPageSpec(job: OpenedLabelJob, pageIndex: number): PageSpec {
  return labelPage(resolvePage(job.doc, job.data, pageIndex, job.timeMs), { ...job.page, dpi: job.dpi });
}

/** A job with its label read and its data source built. */
export interface OpenedLabelJob {
  doc: LabelDocument;
  data: DataSource | null;
  dpi: number;
  timeMs: number;
  page: LabelJob['page'];
  pageCount: number;
}

export function openLabelJob(job: LabelJob): OpenedLabelJob {
  const doc = typeof job.label === 'string' ? readDocument(job.label) : job.label;
  const data = job.data ? sourceFromTable(job.data) : embeddedData(doc);
  return { doc, data, dpi: job.dpi, timeMs: job.timeMs, page: job.page, pageCount: pageCount(doc, data) };
}

export async function createRenderer(): Promise<PageRenderer<LabelJob>> {
  const engine = await loadLabelEngine();
  return {
    open(setup: LabelJob): RenderJob {
      const job = openLabelJob(setup);
      return { pageCount: job.pageCount, render: (i: number): Page => engine.renderPage(jobPageSpec(job, i)) };
    },
  };
}

function readDocument(wdfx: string): LabelDocument {
  const read = readLabel(wdfx);
  if (!read.ok) throw read.error;
  return read.value;
}

function embeddedData(doc: LabelDocument): DataSource | null {
  const data = labelDataSource(doc);
  if (!data.ok) throw data.error;
  return data.value;
}
