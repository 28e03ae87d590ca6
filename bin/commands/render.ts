/**
 * `assetmark render LABEL`: a label file (.wdfx or its XML) and optionally a spreadsheet
 * to one image file a page, page-0001.pbm ... (page-0001-mirrored.pbm too for a label
 * with mirrorPrint), as the printer would get them. Pages are rendered one after another
 * in this process; batch runs over many cores belong to the worker pool.
 *
 * Every page shows the time the run started (date controls), so a batch is consistent.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Engine } from '../../src/engine/engine.ts';
import { EngineError } from '../../src/engine/errors.ts';
import { loadEngine } from '../../src/engine/load-node.ts';
import { pageToPbm } from '../../src/engine/pbm.ts';
import { pageToPng } from '../../src/engine/png.ts';
import type { DataSource } from '../../src/label/binding/data.ts';
import { pageCount } from '../../src/label/binding/paging.ts';
import { formatLabelMessage, type LabelError } from '../../src/label/errors.ts';
import type { LabelDocument } from '../../src/label/label.ts';
import { resolvePage } from '../../src/label/resolve.ts';
import { labelDataSource, readSpreadsheet, selectSheet } from '../../src/label/spreadsheet.ts';
import { readLabel } from '../../src/label/wdfx.ts';
import { loadBundledFonts } from '../../src/render/fonts-node.ts';
import { labelPage, type LabelPage } from '../../src/render/label-page.ts';
import { CliError, EXIT_USAGE, parseCommandLine, write, type Command, type Io } from '../cli.ts';

const DPIS = [203, 300];
const FORMATS = ['pbm', 'png'] as const;
/** Refuse runs that would write more files than this in one go. */
const MAX_PAGES = 1_000_000;

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
    }, 1);
    const labelPath = positionals[0];
    if (labelPath === undefined) throw new CliError('missing the label file (assetmark render LABEL.wdfx --out DIR)', EXIT_USAGE);
    if (typeof opts.out !== 'string') throw new CliError('missing --out DIR', EXIT_USAGE);
    const dpi = opts.dpi === undefined ? 203 : Number(opts.dpi);
    if (!DPIS.includes(dpi)) throw new CliError(`--dpi must be 203 or 300, got '${opts.dpi}'`, EXIT_USAGE);
    const format = (opts.format ?? 'pbm') as (typeof FORMATS)[number];
    if (!FORMATS.includes(format)) throw new CliError(`--format must be pbm or png, got '${opts.format}'`, EXIT_USAGE);
    const sheet = opts.sheet === undefined ? undefined : wholeOption('sheet', opts.sheet);
    if (sheet !== undefined && opts.data === undefined) throw new CliError('--sheet needs --data', EXIT_USAGE);
    const range = opts.pages === undefined ? undefined : parsePages(opts.pages);

    const started = performance.now();
    const doc = await readDocument(labelPath);
    const data = await readData(doc, opts.data, sheet);
    const count = pageCount(doc, data);
    const [first, last] = pagesToRender(range, count, data !== null);

    const engine = await loadEngine();
    await loadFonts(engine, io);
    await mkdir(opts.out, { recursive: true }).catch((e: NodeJS.ErrnoException) => {
      throw new CliError(`cannot create ${opts.out}: ${e.code ?? e.message}`);
    });

    const now = Date.now();
    const sides = doc.mirrorPrint ? (['front', 'mirrored'] as const) : (['front'] as const);
    let files = 0;
    for (let p = first; p <= last; p++) {
      const resolved = resolvePageOrFail(doc, data, p - 1, now);
      for (const side of sides) {
        const spec = labelPage(resolved, { dpi, side });
        for (const w of spec.warnings) await write(io.stderr, `assetmark: page ${p}: ${w}\n`);
        const page = renderOrFail(engine, spec, doc, p);
        const name = `page-${String(p).padStart(4, '0')}${side === 'mirrored' ? '-mirrored' : ''}.${format}`;
        await writeFile(join(opts.out, name), format === 'png' ? pageToPng(page, dpi) : pageToPbm(page));
        files++;
      }
    }
    const ms = performance.now() - started;
    const pages = last - first + 1;
    await write(io.stdout, `${pages} page${pages === 1 ? '' : 's'} (${files} file${files === 1 ? '' : 's'}, ${dpi} dpi) written to ${opts.out} in ${ms.toFixed(0)} ms\n`);
  },
};

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

function labelMessage(e: LabelError): string {
  return formatLabelMessage(e.code, e.params, 'en');
}

async function readInput(path: string, what: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(path));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (code ?? String(e));
    throw new CliError(`cannot read the ${what} ${path}: ${reason}`);
  }
}

async function readDocument(path: string): Promise<LabelDocument> {
  const result = readLabel(await readInput(path, 'label file'));
  if (!result.ok) throw new CliError(`${path}: ${labelMessage(result.error)}`);
  return result.value;
}

async function readData(doc: LabelDocument, path: string | undefined, sheet: number | undefined): Promise<DataSource | null> {
  if (path === undefined) {
    const own = labelDataSource(doc);
    if (!own.ok) throw new CliError(`the label's embedded spreadsheet: ${labelMessage(own.error)}`);
    return own.value;
  }
  const wb = readSpreadsheet(await readInput(path, 'spreadsheet'));
  if (!wb.ok) throw new CliError(`${path}: ${labelMessage(wb.error)}`);
  const s = selectSheet(wb.value, sheet ?? doc.dataSheet);
  if (!s.ok) throw new CliError(`${path}: ${labelMessage(s.error)}`);
  return s.value;
}

/** Registers the bundled fonts; without them text draws in the engine's stroke font. */
async function loadFonts(engine: Engine, io: Io): Promise<void> {
  const { missing } = await loadBundledFonts(engine);
  if (missing.length > 0) await write(io.stderr, `assetmark: fonts missing (run npm run setup): ${missing.join(', ')}\n`);
}

function resolvePageOrFail(doc: LabelDocument, data: DataSource | null, index: number, now: number) {
  try {
    return resolvePage(doc, data, index, now);
  } catch (e) {
    if (e instanceof Error && 'code' in e && 'params' in e) throw new CliError(`page ${index + 1}: ${labelMessage(e as LabelError)}`);
    throw e;
  }
}

function renderOrFail(engine: Engine, spec: LabelPage, doc: LabelDocument, pageNo: number) {
  try {
    return engine.renderPage({ ...spec, grey: undefined });
  } catch (e) {
    if (!(e instanceof EngineError)) throw e;
    const source = e.element === undefined ? -1 : (spec.sources[e.element] ?? -1);
    const control = source >= 0 ? `, control ${source + 1} (${doc.children[source]!.kind})` : '';
    throw new CliError(`page ${pageNo}${control}: ${e.message}`);
  }
}
