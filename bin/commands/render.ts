/**
 * `assetmark render LABEL`: a label file (.wdfx or its XML) and optionally a spreadsheet
 * to one image file a page, page-0001.pbm ... (page-0001-mirrored.pbm too for a label
 * with mirrorPrint), as the printer would get them: turned by the label's printOrientation
 * (or --orientation), clockwise, since a page file has no print job to carry it.
 *
 * Pages come from the print job (src/print/job.ts): small runs open it in this process on
 * the data source as it is; large ones go to the render pool (src/render/pool.ts), one
 * worker thread a core, when the cost model below says the pool's start-up pays off, as a
 * JobSetup (the data as a table of text). Pages come back in order and are written as they
 * come; the pool hands out no more pages than a few chunks ahead of the writer, so memory
 * stays bounded at any page count. Both paths make their files through
 * src/render/pool-print-renderer.ts's `pageFile`, so the files are equal byte for byte, and
 * a failed page is the job's PrintError either way, so the messages match word for word.
 *
 * Every page shows the time the run started (date controls), so a batch is consistent.
 *
 * A page that cannot be rendered (bad data: an EAN-13 with a letter) stops the run by
 * default: silently leaving out a label would print a wrong batch. `--on-error skip` writes
 * every other page instead, names each skipped one on stderr and exits with EXIT_SKIPPED, so
 * a script still notices. Both paths skip through `pageFile`, so they skip the same pages.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { Engine } from '../../src/engine/engine.ts';
import { loadEngine } from '../../src/engine/load-node.ts';
import type { Rotation } from '../../src/engine/types.ts';
import { formatPrintError, type PrintError } from '../../src/print/errors.ts';
import { jobSetup, openJob, type JobOptions } from '../../src/print/job.ts';
import type { DataSource } from '../../src/label/binding/data.ts';
import { pageCount } from '../../src/label/binding/paging.ts';
import type { LabelDocument } from '../../src/label/label.ts';
import { MAX_SHEET_ROWS } from '../../src/label/spreadsheet.ts';
import { FONT_FACES } from '../../src/render/fonts.ts';
import { FONT_DIR, loadBundledFonts } from '../../src/render/fonts-node.ts';
import { RenderPool } from '../../src/render/pool.ts';
import { pageFile, type FileFormat, type FileJobSetup, type PageFile } from '../../src/render/pool-print-renderer.ts';
import { DEFAULT_CONTEXT } from '../../src/label/schema.ts';
import { CliError, EXIT_USAGE, parseCommandLine, write, type Command, type Io } from '../cli.ts';
import { localeFromEnv, localeOption, readData, readDocument } from '../label-inputs.ts';

const DPIS = [203, 300];
const FORMATS = ['pbm', 'png'] as const;
const ORIENTATIONS = ['label', '0', '90', '180', '270'];
const HALFTONES = ['ordered', 'floyd-steinberg', 'atkinson'] as const;
const ON_ERROR = ['stop', 'skip'] as const;
/** Exit status of a run that wrote its pages but skipped some (`--on-error skip`). */
export const EXIT_SKIPPED = 3;
/** Skipped page numbers the closing line lists; the warnings above it name every one. */
const SKIPPED_LISTED = 10;
/** Refuse runs that would write more files than this in one go: one page a data row at most. */
const MAX_PAGES = MAX_SHEET_ROWS;
/** Worker threads at most, whatever the core count (each holds an engine and fonts). */
const MAX_WORKERS = 8;
/** File writes in flight at once: enough to keep the disk busy while pages render. */
const WRITES_IN_FLIGHT = 16;

/*
 * When the pool pays off (`--workers auto`), from costs measured on the 2-core build VM
 * (ext4 disk) with the 40 x 30 mm asset label at 203 dpi (320 x 240 dots):
 * - starting the workers: about 600 ms wall (tsx, the modules, the engine and the fonts in
 *   each thread, side by side);
 * - rendering and encoding a page: about 0.12 ms CPU as PBM, 0.45 ms as PNG (deflate),
 *   roughly in proportion to the page's dots (the quietest runs; up to 3 times that on a
 *   busy machine);
 * - creating and writing its file: about 0.2 ms CPU (kernel time; more than the render!).
 * In process, the main thread renders while libuv's threads write beside it, so a file costs
 * max(render, (render + write) / cores) of wall time; on the pool every core shares all of
 * it: (render + write) / cores, plus the start-up. On 2 cores a PBM batch is bound by file
 * writes either way and the pool never wins; PNG wins from about 5,000 files, and with
 * 8 cores PBM from about 7,500 files and PNG from about 1,600.
 */
const POOL_START_MS = 600;
const RENDER_MS_PER_KILODOT = { pbm: 0.12 / 76.8, png: 0.45 / 76.8 };
const WRITE_MS = 0.2;

/** Files from which `--workers auto` renders on `cores` worker threads (Infinity: never). */
export function poolMinFiles(format: 'pbm' | 'png', pageDots: number, cores: number): number {
  if (cores < 2) return Infinity;
  const render = (RENDER_MS_PER_KILODOT[format] * pageDots) / 1000;
  const perFileHere = Math.max(render, (render + WRITE_MS) / cores);
  const perFilePool = (render + WRITE_MS) / cores;
  const saved = perFileHere - perFilePool;
  return saved <= 0 ? Infinity : Math.ceil(POOL_START_MS / saved);
}

export const command: Command = {
  usage: [
    'usage: assetmark render LABEL.(wdfx|xml) --out DIR [options]',
    '',
    '  LABEL              the label file (.wdfx, or the same XML)',
    '  --out DIR          where page-0001.pbm ... are written (created if missing)',
    "  --data FILE        a spreadsheet (.xlsx, .xls, .csv), one page a row (default: the label's own)",
    "  --sheet N          1-based sheet of --data (default: the label's dataSheet)",
    '  --dpi 203|300      printer resolution (default 203)',
    '  --pages A-B        1-based pages to render, e.g. 1-10, 5, 3- (default: all)',
    '  --format pbm|png   image format (default pbm)',
    "  --orientation label|0|90|180|270",
    "                     turn every page clockwise by this many degrees (default label:",
    "                     the label's printOrientation)",
    `  --workers N|auto   render threads; 1 = in this process (default auto: one a core, up to`,
    `                     ${MAX_WORKERS}, for batches large enough to repay their start-up)`,
    '  --halftone ordered|floyd-steinberg|atkinson',
    '                     how half-tone pictures are dithered (default ordered: 8x8 Bayer)',
    '  --on-error stop|skip',
    '                     a page that cannot be rendered (bad data): stop the run there',
    '                     (default), or skip it, name it on stderr and render the rest',
    '  --locale TAG       language for the defaults a label file leaves out: font, date',
    '                     format (zh*: 黑体, yyyy年MM月dd日; others: Arial, yyyy-MM-dd);',
    '                     default from LC_ALL, LC_MESSAGES or LANG (en_US.UTF-8 -> en-US),',
    `                     ${DEFAULT_CONTEXT.locale} when those are unset, C or POSIX`,
    '',
    'exit status: 0 every page written; 1 the input or a page could not be rendered',
    `(--on-error stop); 2 a wrong command line; ${EXIT_SKIPPED} pages skipped (--on-error skip), the rest written`,
    '',
  ].join('\n'),

  async run(args: string[], io: Io): Promise<void> {
    const { values: opts, positionals } = parseCommandLine(args, {
      out: { type: 'string' },
      data: { type: 'string' },
      sheet: { type: 'string' },
      dpi: { type: 'string' },
      pages: { type: 'string' },
      format: { type: 'string' },
      orientation: { type: 'string' },
      workers: { type: 'string' },
      halftone: { type: 'string' },
      'on-error': { type: 'string' },
      locale: { type: 'string' },
    }, 1);
    const labelPath = positionals[0];
    if (labelPath === undefined) throw new CliError('missing the label file (assetmark render LABEL.wdfx --out DIR)', EXIT_USAGE);
    if (typeof opts.out !== 'string') throw new CliError('missing --out DIR', EXIT_USAGE);
    const out = opts.out;
    const dpi = opts.dpi === undefined ? 203 : Number(opts.dpi);
    if (!DPIS.includes(dpi)) throw new CliError(`--dpi must be 203 or 300, got '${opts.dpi}'`, EXIT_USAGE);
    const format = (opts.format ?? 'pbm') as (typeof FORMATS)[number];
    if (!FORMATS.includes(format)) throw new CliError(`--format must be pbm or png, got '${opts.format}'`, EXIT_USAGE);
    const orientation = opts.orientation ?? 'label';
    if (!ORIENTATIONS.includes(orientation)) throw new CliError(`--orientation must be label, 0, 90, 180 or 270, got '${orientation}'`, EXIT_USAGE);
    const workersOption = parseWorkers(opts.workers);
    const halftone = (opts.halftone ?? 'ordered') as (typeof HALFTONES)[number];
    if (!HALFTONES.includes(halftone)) throw new CliError(`--halftone must be ordered, floyd-steinberg or atkinson, got '${opts.halftone}'`, EXIT_USAGE);
    const onError = (opts['on-error'] ?? 'stop') as (typeof ON_ERROR)[number];
    if (!ON_ERROR.includes(onError)) throw new CliError(`--on-error must be stop or skip, got '${opts['on-error']}'`, EXIT_USAGE);
    const locale = opts.locale === undefined ? localeFromEnv(process.env) : localeOption(opts.locale);
    const sheet = opts.sheet === undefined ? undefined : wholeOption('sheet', opts.sheet);
    if (sheet !== undefined && opts.data === undefined) throw new CliError('--sheet needs --data', EXIT_USAGE);
    const range = opts.pages === undefined ? undefined : parsePages(opts.pages);

    const started = performance.now();
    const doc = await readDocument(labelPath, locale);
    const data = await readData(doc, opts.data, sheet);
    const count = pageCount(doc, data);
    const [first, last] = pagesToRender(range, count, data !== null);
    const pages = last - first + 1;
    const sides = doc.mirrorPrint ? 2 : 1;
    const files = pages * sides;
    const workers = workersOption === 'auto' ? autoWorkers(doc, dpi, format, files) : Math.min(workersOption, files);

    await mkdir(out, { recursive: true }).catch((e: NodeJS.ErrnoException) => {
      throw new CliError(`cannot create ${out}: ${e.code ?? e.message}`);
    });
    const options: JobOptions = {
      dpi,
      timeMs: Date.now(),
      sides: 'both',
      turn: orientation === 'label' ? 'label' : (Number(orientation) as Rotation),
      halftone,
    };
    const file: FileFormat = { format, onError };
    const writer = new PageWriter(out, format, sides === 2, io);
    const firstIndex = (first - 1) * sides;
    if (workers === 1) await renderHere(doc, data, options, file, firstIndex, files, writer, io);
    else await renderOnPool(doc, data, options, file, firstIndex, files, workers, writer);
    await writer.flush();

    const ms = performance.now() - started;
    const threads = workers === 1 ? '' : `, ${workers} workers`;
    const written = pages - writer.skipped.length;
    const writtenFiles = written * sides;
    await write(io.stdout, `${written} page${written === 1 ? '' : 's'} (${writtenFiles} file${writtenFiles === 1 ? '' : 's'}, ${dpi} dpi${threads}) written to ${out} in ${ms.toFixed(0)} ms\n`);
    if (writer.skipped.length > 0) throw new CliError(skippedSummary(writer.skipped, pages), EXIT_SKIPPED);
  },
};

/** The closing line of a run that skipped pages: how many, and the first few. */
function skippedSummary(skipped: readonly number[], pages: number): string {
  const listed = skipped.slice(0, SKIPPED_LISTED).join(', ');
  const more = skipped.length > SKIPPED_LISTED ? ` and ${skipped.length - SKIPPED_LISTED} more` : '';
  return `${skipped.length} of ${pages} page${pages === 1 ? '' : 's'} skipped (--on-error skip): page${skipped.length === 1 ? '' : 's'} ${listed}${more}`;
}

/** A page or job the print job could not render, as the CLI's one line. */
function printFailure(error: PrintError): CliError {
  return new CliError(formatPrintError(error, 'en'));
}

/** Job pages `first` .. `first + count - 1` in this thread, on the data source as it is. */
async function renderHere(
  doc: LabelDocument, data: DataSource | null, options: JobOptions, file: FileFormat,
  first: number, count: number, writer: PageWriter, io: Io,
): Promise<void> {
  const engine = await loadEngine();
  await loadFonts(engine, io);
  const job = openJob(engine, doc, data, options);
  if (!job.ok) throw printFailure(job.error);
  for (let i = first; i < first + count; i++) {
    const page = pageFile(job.value, i, options.dpi, file);
    if (!page.ok) throw printFailure(page.error);
    await writer.page(page.value, i);
  }
}

/** The same pages on a pool of `workers` threads, written in page order as they come. */
async function renderOnPool(
  doc: LabelDocument, data: DataSource | null, options: JobOptions, file: FileFormat,
  first: number, count: number, workers: number, writer: PageWriter,
): Promise<void> {
  const setup = jobSetup(doc, data, options);
  if (!setup.ok) throw printFailure(setup.error);
  await reportMissingFonts(writer.io);
  let pool: RenderPool;
  try {
    pool = await RenderPool.open({ workers, renderer: new URL('../../src/render/pool-print-renderer.ts', import.meta.url) });
  } catch (e) {
    throw new CliError(`cannot start the render workers: ${e instanceof Error ? e.message : String(e)}`);
  }
  try {
    const job: FileJobSetup = { job: setup.value, ...file };
    const done = await pool.render(job, (page, index) => writer.page(page as PageFile, index), { first, count });
    if (!done.ok) throw printFailure(done.error);
  } finally {
    // Also on failure: the workers would otherwise keep the process alive.
    await pool.close();
  }
}

/**
 * Writes page files, a few at a time: `page` returns at once while fewer than
 * WRITES_IN_FLIGHT writes are pending, else when one has finished (back-pressure for the
 * pool). A failed write stops the run with the file's name.
 *
 * A label page's files are written together or not at all: with both sides, the front waits
 * for its mirrored side, and when either side was skipped neither is written (half a
 * two-sided label is a wrong label too).
 */
class PageWriter {
  private readonly pending = new Set<Promise<void>>();
  private failure: CliError | null = null;
  /** The front side waiting for its mirrored side (both sides only). */
  private front: PageFile | null = null;
  /** Label pages (1-based) skipped, in page order. */
  readonly skipped: number[] = [];

  constructor(
    private readonly dir: string,
    private readonly format: 'pbm' | 'png',
    private readonly bothSides: boolean,
    readonly io: Io,
  ) {}

  async page(page: PageFile, index: number): Promise<void> {
    if (this.bothSides && (index & 1) === 0) {
      this.front = page;
      return;
    }
    const sides = this.bothSides ? [this.front!, page] : [page];
    this.front = null;
    const pageNo = (this.bothSides ? index >> 1 : index) + 1;
    if (sides.some((p) => p.skipped !== undefined)) {
      for (const p of sides) if (p.skipped !== undefined) await write(this.io.stderr, `assetmark: skipped ${formatPrintError(p.skipped, 'en')}\n`);
      this.skipped.push(pageNo);
      return;
    }
    for (let side = 0; side < sides.length; side++) await this.file(sides[side]!, pageNo, side === 1);
  }

  private async file(page: PageFile, pageNo: number, mirrored: boolean): Promise<void> {
    for (const w of page.warnings ?? []) await write(this.io.stderr, `assetmark: page ${pageNo}: ${w}\n`);
    const name = `page-${String(pageNo).padStart(4, '0')}${mirrored ? '-mirrored' : ''}.${this.format}`;
    const path = join(this.dir, name);
    const done: Promise<void> = writeFile(path, page.file).then(
      () => void this.pending.delete(done),
      (e: NodeJS.ErrnoException) => {
        this.pending.delete(done);
        this.failure ??= new CliError(`cannot write ${path}: ${e.code ?? e.message}`);
      },
    );
    this.pending.add(done);
    if (this.pending.size >= WRITES_IN_FLIGHT) await Promise.race(this.pending);
    if (this.failure) throw this.failure;
  }

  /** Waits for every write; throws the first failure. */
  async flush(): Promise<void> {
    await Promise.all(this.pending);
    if (this.failure) throw this.failure;
  }
}

/** `--workers auto`: one a core (at most MAX_WORKERS) when the pool pays off, else 1. */
function autoWorkers(doc: LabelDocument, dpi: number, format: 'pbm' | 'png', files: number): number {
  const cores = Math.min(MAX_WORKERS, availableParallelism());
  // The page's size in dots, as the engine rounds it (mm * dpi / 25.4) near enough.
  const dots = Math.round((doc.labelWidth * dpi) / 25.4) * Math.round((doc.labelHeight * dpi) / 25.4);
  return files >= poolMinFiles(format, dots, cores) ? cores : 1;
}

function parseWorkers(value: string | undefined): number | 'auto' {
  if (value === undefined || value === 'auto') return 'auto';
  if (!/^\d{1,2}$/.test(value) || Number(value) < 1 || Number(value) > 64) {
    throw new CliError(`--workers must be auto or a whole number from 1 to 64, got '${value}'`, EXIT_USAGE);
  }
  return Number(value);
}

function wholeOption(name: string, value: string): number {
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw new CliError(`--${name} must be a whole number from 1, got '${value}'`, EXIT_USAGE);
  return Number(value);
}

/** `A-B`, `A`, `A-` (to the last page): 1-based, inclusive; `last` undefined for `A-`. */
function parsePages(spec: string): { spec: string; first: number; last: number | undefined } {
  const m = /^(\d{1,9})(-(\d{1,9})?)?$/.exec(spec.trim());
  if (!m) throw new CliError(`--pages must be A-B, A or A- (1-based), got '${spec}'`, EXIT_USAGE);
  const first = Number(m[1]);
  const last = m[3] !== undefined ? Number(m[3]) : m[2] !== undefined ? undefined : first;
  if (first < 1 || (last !== undefined && last < first)) {
    throw new CliError(`--pages ${spec}: the first page must be at least 1 and not after the last`, EXIT_USAGE);
  }
  return { spec, first, last };
}

/** The pages to render. Without a data source, pages beyond the count are allowed (serial
 * numbers keep stepping). */
function pagesToRender(range: ReturnType<typeof parsePages> | undefined, count: number, bounded: boolean): [number, number] {
  if (!range) return [1, count];
  const last = range.last ?? Math.max(count, range.first);
  if (bounded && last > count) throw new CliError(`--pages ${range.spec}: the data has ${count} page${count === 1 ? '' : 's'}`);
  if (last - range.first + 1 > MAX_PAGES) throw new CliError(`--pages ${range.spec}: at most ${MAX_PAGES} pages a run`);
  return [range.first, last];
}

/** Registers the bundled fonts; without them text draws in the engine's stroke font. */
async function loadFonts(engine: Engine, io: Io): Promise<void> {
  const { missing } = await loadBundledFonts(engine);
  await reportFonts(missing, io);
}

/** The pool's workers load the fonts themselves: the same warning, from the files. */
async function reportMissingFonts(io: Io): Promise<void> {
  await reportFonts(FONT_FACES.map((f) => f.file).filter((file) => !existsSync(FONT_DIR + file)), io);
}

async function reportFonts(missing: string[], io: Io): Promise<void> {
  if (missing.length > 0) await write(io.stderr, `assetmark: fonts missing (run npm run setup): ${missing.join(', ')}\n`);
}
