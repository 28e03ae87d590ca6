/**
 * The print job: a label and its data to printer-ready pages, the one road every caller
 * takes (the CLI in its own thread, the Node render pool's workers, the browser's main
 * thread and its Web Worker pool).
 *
 *   const job = openJob(engine, wdfxText, sheet, { dpi: 203 });
 *   if (!job.ok) show(formatPrintError(job.error, 'zh-CN'));
 *   for (let i = 0; i < job.value.pageCount; i++) { const page = job.value.page(i); ... }
 *
 * A page is resolvePage (bind data row, serials, dates) -> labelPage (PageSpec) -> the
 * whole-page turn -> engine render. Everything a user can cause (a file that is not a label,
 * an unreadable spreadsheet, a page outside the data, an EAN-13 with a letter, even an
 * engine trap) comes back as a `PrintError` value saying where it happened; only caller
 * bugs (a dpi of -1, an unknown turn) throw.
 *
 * Workers: the spreadsheet becomes a text table only where it crosses to a worker.
 * `jobSetup` reads the label and its data once on the caller's side and gives a
 * structured-cloneable `JobSetup` (the document, the data as a table of cell texts, the
 * options without functions and with one clock reading, so every worker's pages show the
 * same time and equal one thread's byte for byte); `openJobFromSetup` opens it in a worker.
 * In-process jobs use the DataSource directly.
 */
import type { Engine } from '../engine/engine.ts';
import { EngineError } from '../engine/errors.ts';
import type { LumaImage, Page, Rotation } from '../engine/types.ts';
import { columnFinder, type DataSource } from '../label/binding/data.ts';
import { pageCount } from '../label/binding/paging.ts';
import { LabelError } from '../label/errors.ts';
import type { LabelDocument } from '../label/label.ts';
import { resolvePage } from '../label/resolve.ts';
import { labelDataSource } from '../label/spreadsheet.ts';
import { readLabel } from '../label/wdfx.ts';
import { withoutSource } from '../label/file-source.ts';
import { labelPage, type LabelPage } from '../render/label-page.ts';
import { fromEngineError, fromLabelError, type PrintError, type PrintErrorPlace, type Result } from './errors.ts';
import { checkPictureWork, pictureWork } from './page-work.ts';

export interface JobOptions {
  /** Output resolution, dots per inch: 203 or 300 for printers; the screen's for previews. */
  dpi: number;
  /** The clock every page shows, epoch ms (default: now, read once when the job opens). */
  timeMs?: number;
  /** 'both': a mirrorPrint label gives job page 2k (label page k's front) and 2k + 1 (its
   * mirrored side); other labels, and 'front' (default), one page a label page. */
  sides?: 'front' | 'both';
  /** Clockwise quarter turn of every finished page, degrees; 'label' = the label's
   * printOrientation. Default 0: a printer job carries the orientation itself. */
  turn?: Rotation | 'label';
  /** 8-bit grey pages (screens), anti-aliased; default 1-bit. */
  grey?: boolean;
  /** Include controls shown but not printed (printing=false): the editor's view. */
  preview?: boolean;
  /** The dither of half-tone pictures; default 'ordered' (8x8 Bayer). */
  halftone?: 'ordered' | 'floyd-steinberg' | 'atkinson';
  /** Picture decoder (data URL -> luminance); default the bundled one. The browser passes
   * its own. Not part of a JobSetup: functions do not reach workers. */
  decodeImage?: (dataUrl: string) => LumaImage | null;
}

export interface PrintJob {
  /** Pages of the job, both sides counted. Without data, pages past it still render
   * (serial numbers keep stepping). */
  readonly pageCount: number;
  /** Label pages: the data rows, or the serial pattern's page count (at least 1). */
  readonly labelPages: number;
  readonly doc: LabelDocument;
  /** Job page `i` (0-based). Never throws for user-caused failures. */
  page(i: number): Result<RenderedPage>;
  /** Job page `i` as the display list `page(i)` draws (before the engine): what is on it,
   * e.g. the codes a scan check must read back (src/print/scan.ts), and where an error
   * about it is reported (page, row, side). */
  spec(i: number): Result<PageSpecAt>;
}

/** A job page's display list and where errors on it are reported. */
export interface PageSpecAt {
  spec: LabelPage;
  place: PrintErrorPlace;
}

/** A rendered page and what labelPage skipped on it, for the user (a picture it could not
 * decode). A GreyPage with `grey`. */
export type RenderedPage = Page & { warnings?: string[] };

/** A data source as plain data: the header's column names and each data row's cell texts. */
export interface DataTable {
  columnNames: string[];
  rows: string[][];
}

/** A job as plain, structured-cloneable data, for a worker: see `jobSetup`. */
export interface JobSetup {
  /** The label, read (a document as readLabel gives it). */
  label: LabelDocument;
  /** The data rows as text; null: the label has no data (its embedded spreadsheet, if it had
   * one, is already in `data`). */
  data: DataTable | null;
  /** The options without functions, with the clock read. */
  options: SetupOptions;
}

export type SetupOptions = Omit<JobOptions, 'decodeImage' | 'timeMs'> & { timeMs: number };

const TURNS: readonly unknown[] = [0, 90, 180, 270, 'label'];

/** Job options a caller got wrong: bugs, so they throw. */
function checkOptions(options: JobOptions): void {
  if (typeof options.dpi !== 'number' || !Number.isFinite(options.dpi) || options.dpi <= 0) {
    throw new RangeError(`dpi must be a number above 0, got ${String(options.dpi)}`);
  }
  if (options.turn !== undefined && !TURNS.includes(options.turn)) throw new RangeError(`turn must be 0, 90, 180, 270 or 'label', got ${String(options.turn)}`);
  if (options.sides !== undefined && options.sides !== 'front' && options.sides !== 'both') {
    throw new RangeError(`sides must be 'front' or 'both', got ${String(options.sides)}`);
  }
  if (options.timeMs !== undefined && !Number.isFinite(options.timeMs)) throw new RangeError(`timeMs must be a finite number, got ${options.timeMs}`);
}

/** The label as a document: read from .wdfx text or bytes, or as given. */
function readDocument(label: string | Uint8Array | LabelDocument): Result<LabelDocument> {
  if (typeof label !== 'string' && !(label instanceof Uint8Array)) return { ok: true, value: label };
  const read = readLabel(label);
  return read.ok ? { ok: true, value: read.value } : { ok: false, error: fromLabelError(read.error) };
}

/** The job's data source: the given one, a table's, or with null the label's embedded
 * spreadsheet (none: null). */
function dataSource(doc: LabelDocument, data: DataSource | DataTable | null): Result<DataSource | null> {
  if (data === null) {
    const own = labelDataSource(doc);
    return own.ok ? { ok: true, value: own.value } : { ok: false, error: fromLabelError(own.error) };
  }
  return { ok: true, value: isTable(data) ? sourceFromTable(data) : data };
}

function isTable(data: DataSource | DataTable): data is DataTable {
  return typeof (data as DataSource).text !== 'function' && Array.isArray((data as DataTable).rows);
}

/**
 * Opens a job in this thread: reads the label (text, bytes or a document), takes the data
 * (a DataSource as it is, a DataTable, or null for the label's own spreadsheet), and
 * renders pages on `engine` (fonts registered by the caller).
 */
export function openJob(engine: Engine, label: string | Uint8Array | LabelDocument, data: DataSource | DataTable | null, options: JobOptions): Result<PrintJob> {
  checkOptions(options);
  const doc = readDocument(label);
  if (!doc.ok) return doc;
  const source = dataSource(doc.value, data);
  if (!source.ok) return source;
  return { ok: true, value: new LabelJob(engine, doc.value, source.value, { ...options, timeMs: options.timeMs ?? Date.now() }) };
}

/**
 * A job as plain data for workers: the label read once here, the data (or the label's
 * embedded spreadsheet) as a table of text, the clock read once. Fails as openJob would
 * for an unreadable label or spreadsheet.
 */
export function jobSetup(label: string | Uint8Array | LabelDocument, data: DataSource | DataTable | null, options: JobOptions): Result<JobSetup> {
  checkOptions(options);
  const doc = readDocument(label);
  if (!doc.ok) return doc;
  const source = dataSource(doc.value, data);
  if (!source.ok) return source;
  const { decodeImage: _local, ...plain } = options;
  const table = source.value === null ? null : data !== null && isTable(data) ? data : tableFromSource(source.value);
  // A worker prints the label and never writes it: what the document remembers of its file
  // (file-source.ts, copies of the file's elements) is left behind rather than cloned.
  return { ok: true, value: { label: withoutSource(doc.value), data: table, options: { ...plain, timeMs: options.timeMs ?? Date.now() } } };
}

/**
 * Opens a JobSetup (in a worker). `local` adds what cannot cross threads: the browser's
 * picture decoder.
 */
export function openJobFromSetup(engine: Engine, setup: JobSetup, local: Pick<JobOptions, 'decodeImage'> = {}): Result<PrintJob> {
  return openJob(engine, setup.label, setup.data ?? null, { ...setup.options, ...local });
}

class LabelJob implements PrintJob {
  readonly pageCount: number;
  readonly labelPages: number;
  private readonly bothSides: boolean;
  private readonly turn: Rotation;

  constructor(
    private readonly engine: Engine,
    readonly doc: LabelDocument,
    private readonly data: DataSource | null,
    private readonly options: JobOptions & { timeMs: number },
  ) {
    this.labelPages = pageCount(doc, data);
    this.bothSides = options.sides === 'both' && doc.mirrorPrint;
    this.pageCount = this.labelPages * (this.bothSides ? 2 : 1);
    this.turn = options.turn === 'label' ? doc.orientation : (options.turn ?? 0);
  }

  spec(i: number): Result<PageSpecAt> {
    const at = this.place(i);
    if (!at.ok) return at;
    const { index, side, place } = at.value;
    let resolved;
    try {
      resolved = resolvePage(this.doc, this.data, index, this.options.timeMs);
    } catch (e) {
      if (e instanceof LabelError) return { ok: false, error: fromLabelError(e, place) };
      throw e;
    }
    // Pictures are decoded while the page compiles: their declared size is checked first.
    const tooMany = checkPictureWork(pictureWork(resolved));
    if (tooMany) {
      if (tooMany.control !== undefined) place.control = { index: tooMany.control, kind: this.doc.children[tooMany.control]!.kind };
      return { ok: false, error: { code: tooMany.code, params: tooMany.params, ...place } };
    }
    const o = this.options;
    const spec = labelPage(resolved, { dpi: o.dpi, grey: o.grey, preview: o.preview, side, halftone: o.halftone, decodeImage: o.decodeImage });
    turnPage(spec, this.turn);
    // A page over the work caps (element count, drawing work) is refused by the engine
    // before it draws anything (crates/engine/src/work.rs), as 'page.tooManyElements' /
    // 'page.tooMuchWork' naming the costliest control (page() below).
    return { ok: true, value: { spec, place } };
  }

  page(i: number): Result<RenderedPage> {
    const made = this.spec(i);
    if (!made.ok) return made;
    const { spec, place } = made.value;
    let page: RenderedPage;
    try {
      page = this.engine.renderPage(spec);
    } catch (e) {
      // Engine errors, a trap (EngineCrashed: the facade has restarted the module) included.
      if (!(e instanceof EngineError)) throw e;
      const source = e.element === undefined ? -1 : (spec.sources[e.element] ?? -1);
      if (source >= 0) place.control = { index: source, kind: this.doc.children[source]!.kind };
      return { ok: false, error: fromEngineError(e, place) };
    }
    if (spec.warnings.length > 0) page.warnings = spec.warnings;
    return { ok: true, value: page };
  }

  /** Job page `i`'s label page, side and where its errors happened. */
  private place(i: number): Result<{ index: number; side: 'front' | 'mirrored'; place: PrintErrorPlace }> {
    if (!Number.isInteger(i) || i < 0) return { ok: false, error: { code: 'page.invalid', params: { page: String(i) } } };
    const index = this.bothSides ? i >> 1 : i;
    if (this.data && index >= this.labelPages) {
      return { ok: false, error: { code: 'page.outOfRange', params: { page: i + 1, count: this.pageCount } } };
    }
    const side = this.bothSides && (i & 1) === 1 ? 'mirrored' : 'front';
    const place: PrintErrorPlace = { page: i };
    // Data row `index` sits on spreadsheet row index + 2 (the header is row 1).
    if (this.data) place.row = index + 2;
    if (this.bothSides) place.side = side;
    return { ok: true, value: { index, side, place } };
  }
}

/**
 * The whole-page quarter turn, clockwise as seen on the page (a 90° turn takes the top-left
 * dot to the top-right corner; width and height swap): the engine turns the finished page,
 * after the flips (PageSpec.turn). The one place the job turns pages.
 */
function turnPage(spec: LabelPage, turn: Rotation): void {
  if (turn !== 0) spec.turn = turn;
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

export type { PrintError, Result } from './errors.ts';
