/**
 * `assetmark print LABEL --printer P`: prints a label file, one label a data row, on a
 * printer of the print helper's backends, straight from the command line (no helper
 * process, no browser): a network printer in ZPL or TSPL over raw TCP, a CUPS queue, or the
 * virtual printer that writes PNG and PBM files.
 *
 * It is the browser's print run without the browser: the same job (src/print/job.ts: pages
 * turned by the label's printOrientation, both sides of a mirrorPrint label), the same plan
 * (copies, collation, page range; src/print/plan.ts) and the same run controller
 * (src/print/run.ts). Pages render in this thread: a label page takes tens of microseconds
 * and a thermal printer about 90 ms a label, so rendering is never what the printer waits
 * for. A page counts as printed when the printer confirmed it; when the network fails the
 * run waits a moment and resumes from the label that was not confirmed (`--retries` times
 * in a row), so no label is lost or printed twice. It exits 0 once the last label is
 * handed over, and otherwise 1 with one line saying what failed and which label is next.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { loadLabelEngine } from '../../src/render/pool-renderer.ts';
import { formatPrintError, type PrintError } from '../../src/print/errors.ts';
import { jobRenderer } from '../../src/print/job-renderer.ts';
import { openJob } from '../../src/print/job.ts';
import { parsePageRange, planPrint, MAX_COPIES } from '../../src/print/plan.ts';
import { PrintRun } from '../../src/print/run.ts';
import { PrinterError, type GapType, type Printer } from '../../helper/printer.ts';
import { PrinterConfigError, printerFromUrl, VIRTUAL_PRINTERS } from '../../helper/printers.ts';
import { printerSender } from '../../helper/run-sender.ts';
import { CliError, EXIT_USAGE, parseCommandLine, write, type Command, type Io } from '../cli.ts';
import { localeFromEnv, localeOption, readData, readDocument } from '../label-inputs.ts';

const GAPS: Record<string, GapType> = { none: 0, hole: 1, gap: 2, black: 3 };
/** Helper codes of a network failure: the label was not taken, so sending it again is safe. */
const RETRIED_CODES = new Set([90, 91, 92, 95]);
/** Wait before resuming after a network failure, ms: a printer that just dropped a
 * connection (power cycle, paper reload) needs a moment before it takes the next. */
const RETRY_DELAY_MS = 1000;

export const command: Command = {
  usage: [
    'usage: assetmark print LABEL --printer PRINTER [options]',
    '',
    'Prints a label file (.wdfx or its XML), one label a data row, on a printer.',
    '',
    'printers:',
    '  zpl://HOST[:PORT][?dpi=203]     a network printer speaking ZPL, raw TCP (port 9100)',
    '  tspl://HOST[:PORT][?dpi=203]    the same speaking TSPL',
    '  cups:QUEUE[?lang=zpl|tspl]      a CUPS queue (lp); with lang a raw queue taking that',
    '                                  printer language, without a queue with a driver (PNG)',
    '  virtual[?dpi=300]               files: PNG and PBM a label under',
    '                                  DATA_DIR/virtual-printer/ (203 dpi unless dpi=300)',
    '',
    'options:',
    '  --printer P        the printer (required)',
    "  --data FILE        spreadsheet (.xlsx, .xls, .csv): one label a data row (default: the",
    "                     label's own spreadsheet, if it has one)",
    "  --sheet N          1-based sheet of --data (default the label's dataSheet)",
    '  --pages A-B        1-based pages, e.g. 1-10, 5, 3- (default: all)',
    `  --copies N         copies of each label, 1-${MAX_COPIES} (default 1)`,
    '  --collate          with copies: each copy steps through all the pages',
    '  --darkness N       0-14 (default: the label\'s, else the printer\'s own)',
    '  --speed N          0 (slow) - 4 (fast) (default: the label\'s, else the printer\'s own)',
    '  --gap none|hole|gap|black',
    "                     the paper (default: the label's gapType)",
    '  --retries N        network failures in a row to recover from (default 3)',
    '  --job NAME         the job name (virtual printer folder, CUPS job title)',
    '  --data-dir DIR     where the virtual printer writes (default DATA_DIR, else ./data)',
    '  --locale TAG       defaults a label file leaves out (as for render)',
    '',
    'exit status: 0 every label handed to the printer; 1 a label could not be rendered or',
    'printed (the message says which is next); 2 a wrong command line',
    '',
  ].join('\n'),

  async run(args: string[], io: Io): Promise<void> {
    const { values: opts, positionals } = parseCommandLine(args, {
      printer: { type: 'string' },
      data: { type: 'string' },
      sheet: { type: 'string' },
      pages: { type: 'string' },
      copies: { type: 'string' },
      collate: { type: 'boolean' },
      darkness: { type: 'string' },
      speed: { type: 'string' },
      gap: { type: 'string' },
      retries: { type: 'string' },
      job: { type: 'string' },
      'data-dir': { type: 'string' },
      locale: { type: 'string' },
    }, 1);
    const [labelPath] = positionals;
    if (labelPath === undefined) throw new CliError('missing the label file (assetmark print LABEL.wdfx --printer P)', EXIT_USAGE);
    if (typeof opts.printer !== 'string') throw new CliError('missing --printer (zpl://HOST:9100, tspl://HOST:9100, cups:QUEUE or virtual)', EXIT_USAGE);
    const copies = intOption('copies', opts.copies, 1, MAX_COPIES, 1);
    const darkness = opts.darkness === undefined ? undefined : intOption('darkness', opts.darkness, 0, 14, 0);
    const speed = opts.speed === undefined ? undefined : intOption('speed', opts.speed, 0, 4, 0);
    const retries = intOption('retries', opts.retries, 0, 100, 3);
    if (opts.gap !== undefined && !Object.hasOwn(GAPS, opts.gap)) throw new CliError(`--gap must be none, hole, gap or black, got '${opts.gap}'`, EXIT_USAGE);
    if (opts.sheet !== undefined && opts.data === undefined) throw new CliError('--sheet needs --data', EXIT_USAGE);
    const sheet = opts.sheet === undefined ? undefined : intOption('sheet', opts.sheet, 1, 10_000, 1);
    const dataDir = opts['data-dir'] ?? process.env.DATA_DIR ?? join(process.cwd(), 'data');

    let printer: Printer;
    try {
      printer = printerFromUrl(opts.printer, { dataDir, name: virtualPrinterName(opts.printer) }).printer;
    } catch (e) {
      if (e instanceof PrinterConfigError) throw new CliError(e.message, EXIT_USAGE);
      throw e;
    }

    const locale = opts.locale === undefined ? localeFromEnv(process.env) : localeOption(opts.locale);
    const doc = await readDocument(labelPath, locale);
    const data = await readData(doc, opts.data, sheet);
    const dpi = printer.description.dpi;
    const engine = await loadLabelEngine();
    const job = openJob(engine, doc, data, { dpi, sides: 'both', turn: 'label' });
    if (!job.ok) throw new CliError(formatPrintError(job.error, 'en'));
    const range = parsePageRange(opts.pages ?? '', job.value.labelPages);
    if (!range) throw new CliError(`--pages must be one range within 1-${job.value.labelPages} (A-B, A or A-), got '${opts.pages}'`, EXIT_USAGE);
    const plan = planPrint({ firstPage: range.first, pageCount: range.count, copies, autoPaging: !!opts.collate, bothSides: doc.mirrorPrint });
    if ('invalid' in plan) throw new CliError(`bad ${plan.invalid}`, EXIT_USAGE);

    const unset = (v: number) => (v === 255 ? undefined : v);
    const run = new PrintRun<PrintError, PrinterError>(
      plan,
      jobRenderer(job.value),
      printerSender(printer, {
        dpi,
        darkness: darkness ?? unset(doc.printDarkness),
        speed: speed ?? unset(doc.printSpeed),
        gapType: opts.gap !== undefined ? GAPS[opts.gap] : (unset(doc.gapType) as GapType | undefined),
        gapLengthMm: doc.gapLength,
        jobName: opts.job ?? (doc.labelName || labelPath.replace(/^.*[\\/]/, '')),
      }),
    );
    const interrupt = () => run.cancel();
    process.once('SIGINT', interrupt);
    const started = performance.now();
    try {
      await run.start();
      let failedInARow = 0;
      let lastFailedAt = -1;
      for (;;) {
        const s = run.snapshot;
        if (s.status !== 'failed' || !s.failure) break;
        if (s.failure.stage === 'render') throw new CliError(`${formatPrintError(s.failure.error, 'en')}; ${s.labelsConfirmed} labels printed`);
        const error = s.failure.error;
        failedInARow = s.next === lastFailedAt ? failedInARow + 1 : 1;
        lastFailedAt = s.next;
        if (!RETRIED_CODES.has(error.code) || failedInARow > retries) {
          const next = plan.at(s.next);
          throw new CliError(
            `${printer.description.name}: ${error.message} (code ${error.code}); ${s.labelsConfirmed} of ${plan.labels} labels printed, ` +
              `the next is label ${plan.labelsBefore(s.next) + 1} (page ${next.labelPage + 1}${next.side === 'mirrored' ? ', mirrored side' : ''})`,
          );
        }
        await write(io.stderr, `assetmark: ${printer.description.name}: ${error.message}; resuming from label ${plan.labelsBefore(s.next) + 1}\n`);
        await sleep(RETRY_DELAY_MS);
        await run.resume();
      }
      if (run.snapshot.status === 'cancelled') throw new CliError(`interrupted; ${run.snapshot.labelsConfirmed} of ${plan.labels} labels printed`);
      const seconds = (performance.now() - started) / 1000;
      await write(io.stderr, `printed ${plan.labels} label${plan.labels === 1 ? '' : 's'} on ${printer.description.name} in ${seconds.toFixed(2)} s\n`);
    } finally {
      process.off('SIGINT', interrupt);
      await printer.close();
    }
  },
};

/**
 * `virtual` prints as the helper's own virtual printer of that resolution does (same name,
 * same folder), so files from the command line and from the browser land side by side.
 * Other printers, and a virtual printer given a name, keep their URL's name.
 */
function virtualPrinterName(url: string): string | undefined {
  const m = /^virtual(?:\?(.*))?$/i.exec(url.trim());
  if (!m) return undefined;
  const query = new URLSearchParams(m[1] ?? '');
  if (query.has('name')) return undefined;
  return VIRTUAL_PRINTERS.find((v) => String(v.dpi) === (query.get('dpi') ?? '203'))?.name;
}

function intOption(name: string, value: string | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,6}$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new CliError(`--${name} must be a whole number from ${min} to ${max}, got '${value}'`, EXIT_USAGE);
  }
  return Number(value);
}
