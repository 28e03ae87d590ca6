/**
 * JSON mode (printing-protocol.md): a whole job in one `POST lpapi/Print?action=N` with
 * `{jobInfo, jobPages, printerInfo, jobArguments}`, as the vendor's web SDK (dtpweb 2.7)
 * sends every job when the helper is 2.3.20230621 or newer. Lengths are mm, always: the
 * SDK sends `scaleUnit: 1` in jobInfo with mm values, so scaleUnit is not read here.
 *
 * Every item type of helper/draw is drawn with our engine. Pages, in order:
 * - jobArguments (a list of `[{k, v}]` or `{key: value}` sets) fill `[key]` in texts, one set
 *   a page; a single page with N sets is N pages (the SDK's "[barcode]" with two values is
 *   two labels);
 * - copies: the SDK repeats the pages itself before it sends them (each page `copies`
 *   times in a row, or the whole set `copies` times with autoPage). Pages that already
 *   come repeated so are taken as sent; otherwise the helper repeats them the same way.
 * Every item of every page is compiled, and every page rendered, before the first page
 * goes to a printer: a bad item refuses the job (its code and the item named), nothing
 * half-printed.
 */
import type { PageElement, Rotation } from '../src/engine/types.ts';
import type { DrawContext, ImageLoader, ItemDefaults } from './draw/context.ts';
import { ItemFields } from './draw/fields.ts';
import { compileItem, renderHelperPage } from './draw/index.ts';
import type { Engine } from '../src/engine/engine.ts';
import { jobResults, parseAction, type ResultContext } from './job-results.ts';
import type { ActionRequest } from './lpapi.ts';
import { checkedPage, checkSize, ORIENTATIONS, type SettingSource } from './pages.ts';
import type { PrinterEntry, PrinterRegistry } from './printers.ts';
import type { Bitmap, PrintSettings } from './printer.ts';
import { clip, CODE, HelperFailure, MAX_COPIES, MAX_JOB_BYTES, MAX_JOB_PAGES, Params, thresholdOf } from './protocol.ts';

/** What JSON mode needs of the helper's session. */
export interface JsonSession {
  registry: PrinterRegistry;
  /** The open printer, used when printerInfo names none. */
  opened: PrinterEntry | undefined;
  printSettings(entry: PrinterEntry, source: SettingSource, scaleUnit: number, copies: number, jobName: string): PrintSettings;
  engine(): Promise<Engine>;
  images: ImageLoader;
  defaults: ItemDefaults;
  results: Omit<ResultContext, 'language' | 'settings'>;
  /** A job that printed: its pages counted for GetJobInfo. */
  printed(entry: PrinterEntry, jobName: string, pages: number): void;
}

type Item = Record<string, unknown>;

export async function printJsonJob(req: ActionRequest, session: JsonSession): Promise<Record<string, unknown>> {
  const started = new Date();
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(req.body).toString('utf8'));
  } catch {
    throw new HelperFailure(CODE.parameter, 'Print needs a JSON body {jobInfo, jobPages, printerInfo}');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new HelperFailure(CODE.parameter, 'Print needs a JSON object {jobInfo, jobPages, printerInfo}');
  const body = json as Record<string, unknown>;
  const action = parseAction(req.params.number('action', { integer: true, min: 0 }) ?? new JsonFields(body, 'the body').number(['action'], { integer: true, min: 0 }) ?? 0x1000);
  const info = new JsonFields(objectField(body, 'jobInfo'), 'jobInfo');
  const printerInfo = body.printerInfo === undefined ? {} : objectField(body, 'printerInfo');
  const named = [printerInfo.printerName, printerInfo.name, printerInfo.printer].find((v) => typeof v === 'string' && v.trim() !== '') as string | undefined;
  let entry: PrinterEntry | undefined;
  if (named !== undefined) {
    entry = await session.registry.find(named.trim());
    if (!entry && action.print) throw new HelperFailure(CODE.noPrinter, `no printer named '${clip(named)}' (GetPrinters lists them)`);
  } else entry = session.opened;
  if (!entry && action.print) throw new HelperFailure(CODE.noPrinter, 'name the printer (printerInfo.printerName) or OpenPrinter first');
  const infoFields = new JsonFields(printerInfo, 'printerInfo');
  const dpi = entry?.printer.description.dpi ?? infoFields.choice(['printerDPI', 'deviceDPI'], [203, 300] as const) ?? 203;

  const widthMm = info.number(['jobWidth', 'width'], { min: 0 }) || (entry ? entry.printer.description.widthMm : 0) || infoFields.number(['printerWidth'], { min: 0 }) || 0;
  const heightMm = info.number(['jobHeight', 'height'], { min: 0 }) ?? 0;
  if (!widthMm || !heightMm) throw new HelperFailure(CODE.noPageSize, 'jobInfo needs jobWidth and jobHeight (mm)');
  const width = Math.round((widthMm * dpi) / 25.4);
  const height = Math.round((heightMm * dpi) / 25.4);
  checkSize(width, height);
  const orientation = (info.choice(['orientation'], ORIENTATIONS) ?? 0) as Rotation;
  const copies = info.number(['copies'], { integer: true, min: 1, max: MAX_COPIES }) ?? 1;
  const collated = info.flag('autoPage');
  const threshold = thresholdOf(info.number(['grayThreshold', 'threshold'], {}));

  const sent = body.jobPages ?? (body.jobPage !== undefined ? [body.jobPage] : undefined);
  if (!Array.isArray(sent) || sent.length === 0) throw new HelperFailure(CODE.noData, 'jobPages holds no pages');
  sent.forEach((items, i) => {
    if (!Array.isArray(items)) throw new HelperFailure(CODE.parameter, `jobPages[${i}] must be a list of items`);
  });
  const withArguments = applyArguments(sent as unknown[][], argumentSets(body.jobArguments));
  const pages = withCopies(withArguments, copies, collated);
  if (pages.length > MAX_JOB_PAGES) throw new HelperFailure(CODE.parameter, `a job holds at most ${MAX_JOB_PAGES} pages`);
  if (pages.length * height * Math.ceil(width / 8) > MAX_JOB_BYTES) throw new HelperFailure(CODE.parameter, `the job's pages exceed ${MAX_JOB_BYTES >> 20} MiB: send fewer pages a request`);

  const engine = await session.engine();
  const compiled: PageElement[][] = [];
  const whereOf: string[][] = [];
  for (const page of pages) {
    const ctx: DrawContext = {
      engine,
      dpi,
      pageWidthMm: widthMm,
      pageHeightMm: heightMm,
      defaults: session.defaults,
      images: session.images,
      threshold,
      keywords: page.keywords,
      signal: req.signal,
    };
    const elements: PageElement[] = [];
    const where: string[] = [];
    for (let i = 0; i < page.items.length; i++) {
      const item = page.items[i];
      const at = `jobPages[${page.index}][${i}]`;
      if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new HelperFailure(CODE.parameter, `${at} must be an object`);
      const o = item as Item;
      const type = typeof o.type === 'string' && o.type.trim() !== '' ? o.type : 'text';
      const made = await compileItem(type, ItemFields.fromObject(o, 1, at), ctx);
      for (const e of made) {
        elements.push(e);
        where.push(at);
      }
    }
    compiled.push(elements);
    whereOf.push(where);
  }
  const bitmaps: Bitmap[] = compiled.map((elements, p) =>
    checkedPage(renderHelperPage(engine, { widthMm, heightMm, dpi, elements, turn: orientation }, (e) => whereOf[p]![e] ?? `jobPages[${pages[p]!.index}]`)),
  );

  const jobName = typeof info.raw.jobName === 'string' && info.raw.jobName !== '' && !info.raw.jobName.startsWith('#!#') ? info.raw.jobName : 'dtpweb';
  const settings: PrintSettings = entry ? session.printSettings(entry, info, 0, 1, jobName) : { dpi, copies: 1, jobName };
  const language = entry?.printer.description.rawLanguage ?? 'zpl';
  const result = jobResults(bitmaps, action, { ...session.results, language, settings }, started);
  if (action.print) {
    await session.registry.print(entry!, bitmaps.map((page) => ({ page, settings })), req.signal);
    session.printed(entry!, jobName, bitmaps.length);
    result.printerName = entry!.printer.description.name;
  }
  return result;
}

interface JobPage {
  /** Which of jobPages it is drawn from. */
  index: number;
  items: unknown[];
  keywords?: ReadonlyMap<string, string>;
}

/** jobArguments as one map a set: `[[{k, v}]]` (the SDK's form) or `[{key: value}]`. */
function argumentSets(value: unknown): Map<string, string>[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new HelperFailure(CODE.parameter, 'jobArguments must be a list of argument sets');
  return value.map((set, i) => {
    const map = new Map<string, string>();
    if (Array.isArray(set)) {
      for (const pair of set) {
        if (typeof pair !== 'object' || pair === null || typeof (pair as Item).k !== 'string') throw new HelperFailure(CODE.parameter, `jobArguments[${i}] must hold {k, v} pairs`);
        const v = (pair as Item).v;
        if (v !== undefined && v !== null) map.set((pair as Item).k as string, String(v));
      }
    } else if (typeof set === 'object' && set !== null) {
      for (const [k, v] of Object.entries(set)) if (v !== undefined && v !== null) map.set(k, String(v));
    } else throw new HelperFailure(CODE.parameter, `jobArguments[${i}] must be a list of {k, v} or an object`);
    return map;
  });
}

/** One page a set of arguments: set i fills page i; a single page is repeated for each set. */
function applyArguments(pages: unknown[][], sets: Map<string, string>[]): JobPage[] {
  if (sets.length === 0) return pages.map((items, index) => ({ index, items }));
  const count = pages.length === 1 ? sets.length : Math.max(pages.length, sets.length);
  const out: JobPage[] = [];
  for (let i = 0; i < count; i++) {
    const index = Math.min(i, pages.length - 1);
    out.push({ index, items: pages[index]!, keywords: sets[Math.min(i, sets.length - 1)] });
  }
  return out;
}

/** The pages with copies made, unless they came already repeated (see the file's note). */
function withCopies(pages: JobPage[], copies: number, collated: boolean | undefined): JobPage[] {
  if (copies <= 1) return pages;
  const key = (p: JobPage) => JSON.stringify([p.items, p.keywords ? [...p.keywords] : null]);
  const keys = pages.map(key);
  if (keys.length % copies === 0) {
    const n = keys.length / copies;
    const inRows = keys.every((k, i) => k === keys[Math.floor(i / copies) * copies]);
    const inSets = keys.every((k, i) => k === keys[i % n]);
    if (inRows || inSets) return pages;
  }
  const out: JobPage[] = [];
  if (collated || pages.length === 1) for (let c = 0; c < copies; c++) out.push(...pages);
  else for (const p of pages) for (let c = 0; c < copies; c++) out.push(p);
  return out;
}

function objectField(o: Record<string, unknown>, name: string): Record<string, unknown> {
  const v = o[name];
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new HelperFailure(CODE.parameter, `${name} must be an object`);
  return v as Record<string, unknown>;
}

/** Params' number reading over a JSON object (numbers, or texts holding numbers). */
class JsonFields implements SettingSource {
  private readonly params: Params;
  constructor(
    readonly raw: Record<string, unknown>,
    where: string,
  ) {
    const values = new Map<string, string>();
    for (const [k, v] of Object.entries(raw)) {
      if (typeof v === 'number' || typeof v === 'string') values.set(k, String(v));
      else if (typeof v === 'boolean') values.set(k, v ? '1' : '0');
      else if (v !== null && v !== undefined && typeof v !== 'object') throw new HelperFailure(CODE.parameter, `${where}.${k} has a wrong type`);
    }
    this.params = new Params(values);
  }
  has(...names: string[]): boolean {
    return this.params.has(...names);
  }
  number(names: string[], range: { min?: number; max?: number; integer?: boolean }): number | undefined {
    return this.params.number(names, range);
  }
  choice<T extends number>(names: string[], allowed: readonly T[]): T | undefined {
    return this.params.choice(names, allowed);
  }
  flag(name: string): boolean | undefined {
    const v = this.raw[name];
    return v === undefined || v === null ? undefined : v === true || v === 1 || v === '1' || v === 'true';
  }
}
