/**
 * The helper's printers: the two virtual printers, the printers of the config file and of
 * `--printer` flags, and the CUPS queues `lpstat` finds. GetPrinters lists them; OpenPrinter,
 * PrintImageD and the rest find them by name. Prints to one printer run one at a time, in
 * the order they arrived (a job's pages together), whoever sends them.
 *
 * Printer URLs (flags and config file):
 *   zpl://HOST[:PORT]?dpi=203[&name=...]    network printer, raw TCP (default port 9100), ZPL
 *   tspl://HOST[:PORT]?dpi=203[&name=...]   the same in TSPL
 *   cups:QUEUE[?lang=zpl|tspl][&dpi=203][&name=...]
 *                                           a CUPS queue; with lang, a raw queue taking that
 *                                           language; without, a queue with a driver (PNG)
 *   virtual[?dpi=300][&name=...]            one more virtual printer
 *
 * Config file (JSON, default <dataDir>/printers.json; a missing default file is no error):
 *   { "printers": ["zpl://10.0.0.5:9100?dpi=203", {"url": "cups:Zebra?lang=zpl", "name": "Front desk"}],
 *     "cups": true, "virtual": true }
 * `cups: false` stops listing the queues lpstat finds (configured cups: printers stay);
 * `virtual: false` leaves out the two virtual printers.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCupsPrinter, listCupsQueues, type CupsLanguage } from './backends/cups.ts';
import { createNetworkPrinter, parsePrinterUrl } from './backends/network.ts';
import { createVirtualPrinter } from './backends/virtual.ts';
import { PrinterError, type Bitmap, type Printer, type PrintSettings } from './printer.ts';

/** GetPrinters `type`: all below 10, i.e. local (printed through this helper). */
export const PRINTER_TYPE = { virtual: 0, cups: 1, network: 2 } as const;

export const VIRTUAL_PRINTERS = [
  { name: 'Assetmark Virtual 203', dpi: 203 },
  { name: 'Assetmark Virtual 300', dpi: 300 },
] as const;

/** How long GetPrinters waits for one printer to say it is online, ms. */
const ONLINE_CHECK_MS = 3000;

export interface PrinterEntry {
  readonly printer: Printer;
  readonly type: number;
  /** Found by discovery (dropped when the queue goes away), not configured. */
  readonly discovered: boolean;
  /** The CUPS queue it prints to (CUPS printers only). */
  readonly cupsQueue?: string;
  /** The end of this printer's print queue. */
  tail: Promise<void>;
}

export interface RegistryOptions {
  dataDir: string;
  /** Printer URLs from the command line. */
  printers?: string[];
  /** Config file; default <dataDir>/printers.json (missing is fine only for the default). */
  configFile?: string;
  /** List CUPS queues (default: as the config file says, else true). */
  cups?: boolean;
  /** Environment for the CUPS tools (CUPS_SERVER); default this process's. */
  cupsEnv?: NodeJS.ProcessEnv;
  /** The two virtual printers (default: as the config file says, else true). */
  virtual?: boolean;
  /** Printers made in code (an embedding program's own, tests' recording printers), listed
   * after the configured ones. */
  extraPrinters?: Printer[];
}

/** A configuration that cannot work: the helper does not start. */
export class PrinterConfigError extends Error {
  override readonly name = 'PrinterConfigError';
}

interface ConfigFile {
  printers: { url: string; name?: string }[];
  cups?: boolean;
  virtual?: boolean;
}

export class PrinterRegistry {
  private readonly entries = new Map<string, PrinterEntry>();

  private constructor(
    private readonly cupsEnabled: boolean,
    private readonly cupsEnv: NodeJS.ProcessEnv,
  ) {}

  static async create(options: RegistryOptions): Promise<PrinterRegistry> {
    const config = await readConfig(options.configFile ?? join(options.dataDir, 'printers.json'), options.configFile !== undefined);
    const registry = new PrinterRegistry(options.cups ?? config.cups ?? true, options.cupsEnv ?? process.env);
    if (options.virtual ?? config.virtual ?? true) {
      for (const v of VIRTUAL_PRINTERS) registry.add(createVirtualPrinter({ ...v, dataDir: options.dataDir }), PRINTER_TYPE.virtual, false);
    }
    const specs: { url: string; name?: string }[] = [...config.printers, ...(options.printers ?? []).map((url) => ({ url }))];
    for (const spec of specs) {
      const { printer, type, cupsQueue } = printerFromUrl(spec.url, { dataDir: options.dataDir, name: spec.name, cupsEnv: registry.cupsEnv });
      registry.add(printer, type, false, cupsQueue);
    }
    for (const printer of options.extraPrinters ?? []) registry.add(printer, PRINTER_TYPE.virtual, false);
    return registry;
  }

  private add(printer: Printer, type: number, discovered: boolean, cupsQueue?: string): void {
    const name = printer.description.name;
    if (this.entries.has(name)) throw new PrinterConfigError(`two printers are named '${name}': give one another name (?name=...)`);
    this.entries.set(name, { printer, type, discovered, cupsQueue, tail: Promise.resolve() });
  }

  /** Every printer, CUPS queues looked up again (they come and go). */
  async list(): Promise<PrinterEntry[]> {
    await this.discoverCups();
    return [...this.entries.values()];
  }

  /** The printer named `name` (looked up among CUPS queues too when unknown). */
  async find(name: string): Promise<PrinterEntry | undefined> {
    const known = this.entries.get(name);
    if (known) return known;
    await this.discoverCups();
    return this.entries.get(name);
  }

  /** The first printer (the default when a client opens none by name). */
  async first(): Promise<PrinterEntry | undefined> {
    return (await this.list())[0];
  }

  /** Whether the printer answers, within ONLINE_CHECK_MS. */
  async isOnline(entry: PrinterEntry): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ONLINE_CHECK_MS)));
    try {
      return await Promise.race([entry.printer.isOnline().catch(() => false), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Prints `pages` in order on the entry's printer once every print before them has
   * finished; resolves when the printer confirmed the last one, rejects with the first
   * failure (the pages after it are not sent). Aborting `signal` (the client went away)
   * stops the page under way where the printer allows it and sends none after it
   * (PrinterError 93): a client that gave up sends them again, so they must not print now.
   */
  print(entry: PrinterEntry, pages: readonly { page: Bitmap; settings: PrintSettings }[], signal?: AbortSignal): Promise<void> {
    const run = entry.tail.then(async () => {
      for (const { page, settings } of pages) {
        if (signal?.aborted) throw new PrinterError(93, 'the client went away before this page was printed');
        await entry.printer.print(page, settings, signal ? { signal } : undefined);
      }
    });
    // The queue goes on after a failure; the failure is the caller's.
    entry.tail = run.catch(() => {});
    return run;
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.entries.values()].map((e) => e.printer.close()));
  }

  private async discoverCups(): Promise<void> {
    if (!this.cupsEnabled) return;
    const queues = await listCupsQueues(this.cupsEnv);
    const configured = new Set<string>();
    for (const e of this.entries.values()) if (!e.discovered && e.cupsQueue !== undefined) configured.add(e.cupsQueue);
    const present = new Set<string>();
    for (const q of queues ?? []) {
      if (configured.has(q.queue)) continue;
      const printer = createCupsPrinter({ queue: q.queue, raw: q.raw, deviceUri: q.deviceUri, env: this.cupsEnv });
      present.add(printer.description.name);
      if (!this.entries.has(printer.description.name)) this.add(printer, PRINTER_TYPE.cups, true, q.queue);
    }
    for (const [name, e] of this.entries) if (e.discovered && !present.has(name)) this.entries.delete(name);
  }
}

async function readConfig(path: string, required: boolean): Promise<ConfigFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' && !required) return { printers: [] };
    throw new PrinterConfigError(`cannot read the printer config ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new PrinterConfigError(`the printer config ${path} is not JSON: ${(e as Error).message}`);
  }
  const bad = (why: string) => new PrinterConfigError(`the printer config ${path}: ${why}`);
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw bad('expected an object {"printers": [...]}');
  const o = json as Record<string, unknown>;
  const list = o.printers ?? [];
  if (!Array.isArray(list)) throw bad('"printers" must be a list');
  const printers = list.map((p, i) => {
    if (typeof p === 'string') return { url: p };
    if (typeof p === 'object' && p !== null && typeof (p as { url?: unknown }).url === 'string') {
      const name = (p as { name?: unknown }).name;
      if (name !== undefined && (typeof name !== 'string' || name.trim() === '')) throw bad(`printers[${i}].name must be a non-empty text`);
      return { url: (p as { url: string }).url, name: name as string | undefined };
    }
    throw bad(`printers[${i}] must be a URL text or {"url": ..., "name": ...}`);
  });
  for (const key of ['cups', 'virtual'] as const) {
    if (o[key] !== undefined && typeof o[key] !== 'boolean') throw bad(`"${key}" must be true or false`);
  }
  return { printers, cups: o.cups as boolean | undefined, virtual: o.virtual as boolean | undefined };
}

/** A printer from its URL (see the top of this file). */
export function printerFromUrl(
  url: string,
  context: { dataDir: string; name?: string; cupsEnv?: NodeJS.ProcessEnv },
): { printer: Printer; type: number; cupsQueue?: string } {
  const text = url.trim();
  const bad = (why: string) => new PrinterConfigError(`printer '${url}': ${why}`);
  const scheme = /^([a-z]+):/i.exec(text)?.[1]?.toLowerCase();
  if (scheme === 'zpl' || scheme === 'tspl') {
    let parsed;
    try {
      parsed = parsePrinterUrl(text);
    } catch (e) {
      // Its message names the URL already.
      throw new PrinterConfigError((e as Error).message);
    }
    const printer = createNetworkPrinter(context.name ? { ...parsed, name: context.name } : parsed);
    return { printer, type: PRINTER_TYPE.network };
  }
  if (scheme === 'cups') {
    const m = /^cups:(?:\/\/)?([^?/#\s]+)(?:\?(.*))?$/i.exec(text);
    if (!m) throw bad('expected cups:QUEUE[?lang=zpl|tspl&dpi=203&name=...]');
    const query = new URLSearchParams(m[2] ?? '');
    const lang = query.get('lang')?.toLowerCase();
    if (lang !== undefined && lang !== 'zpl' && lang !== 'tspl') throw bad(`lang must be zpl or tspl, got '${lang}'`);
    const queue = decodeURIComponent(m[1]!);
    const printer = createCupsPrinter({
      queue,
      lang: lang as CupsLanguage | undefined,
      dpi: dpiOf(query, bad),
      name: context.name ?? query.get('name') ?? undefined,
      env: context.cupsEnv,
    });
    return { printer, type: PRINTER_TYPE.cups, cupsQueue: queue };
  }
  if (scheme === 'virtual' || /^virtual(\?|$)/i.test(text)) {
    const query = new URLSearchParams(text.split('?')[1] ?? '');
    const dpi = dpiOf(query, bad);
    const name = context.name ?? query.get('name') ?? `Assetmark Virtual ${dpi} (${text})`;
    return { printer: createVirtualPrinter({ name, dpi, dataDir: context.dataDir }), type: PRINTER_TYPE.virtual };
  }
  throw bad('expected zpl://HOST:PORT?dpi=203, tspl://HOST:PORT?dpi=203, cups:QUEUE or virtual');
}

function dpiOf(query: URLSearchParams, bad: (why: string) => Error): number {
  const text = query.get('dpi');
  if (text === null) return 203;
  const dpi = Number(text);
  if (dpi !== 203 && dpi !== 300) throw bad(`dpi must be 203 or 300, got '${text}'`);
  return dpi;
}
