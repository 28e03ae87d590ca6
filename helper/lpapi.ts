/**
 * The LPAPI actions (`POST /lpapi/{Action}`, printing-protocol.md, label-editor.md section
 * 7): which printer is open, its settings, the job being drawn, the last preview, and the
 * prints. Every action answers `{statusCode, resultInfo}`; a refusal changes nothing and
 * prints nothing, because every parameter and image is checked before the first page goes
 * to a printer. A print answers once the printer confirmed its last page.
 *
 * The helper has one session, shared by every client (the vendor's helper is the same: one
 * open printer per helper). Prints to a printer are queued, so two tabs printing at once
 * each get their pages out whole, one job after the other.
 *
 * Our decisions where the protocol leaves room:
 * - Lengths are mm x 100 with scaleUnit=1, mm otherwise (protocol.ts lengthToDots).
 * - PrintImageD: the image is the page at the printer's resolution. printWidth/printHeight
 *   (the label's size) set the page's size; an image within 1 dot of it (rounding) prints
 *   dot for dot at its own size; any other image is scaled to it (nearest dot). Without
 *   them the image's size is the page's. With imageAlignment (0-2, 4) the image keeps its
 *   proportions on that page (pages.ts alignOnPage). Then the page turns by `orientation`,
 *   clockwise. PrintImage prints a picture named by imageFile (URL, data URL, base64) so.
 * - Copies print one after another per page (page 1 x n, then page 2 x n): the printer's
 *   own copy count. Collated sets are the client's auto paging (spec section 4).
 * - Print settings not given on a call (darkness, speed, gap type) come from SetParam on the
 *   open printer; unset ones are left to the printer.
 * - DrawImage and DrawImageD draw a picture item (helper/draw/image.ts): placed in its box
 *   by imageAlignment (SetParam 36), threshold 0 the default 192, 256 (grey) and 257
 *   (colour) half-toned: label printers print black and white.
 * - GetParam / SetParam and the state kept across restarts: printer-params.ts.
 * - ReturnDrawResult (or returnDrawResult on a call): Draw* calls answer the box the item's
 *   dots cover, in the job's unit and in dots, instead of true.
 * - GetPageImage pages are 0-based, images are PNG, pages as the printer would get them.
 * - JSON mode (`Print?action=...`, json-mode.ts) draws every item type of helper/draw
 *   with our engine; lengths are mm.
 * - IsPrinterOpened and IsPrinterOnline answer code 3 when the answer is no (the SDK takes
 *   code 0 as yes, whatever resultInfo says).
 * - GetFontNames (also at /local/GetFontNames, where the SDK asks) lists the font names we
 *   draw; any other name is drawn in the bundled face nearest to it.
 */
import { pageToPng } from '../src/engine/png.ts';
import type { Rotation } from '../src/engine/page-types.ts';
import { bitmapBytes, bitmapFromLuma, blankBitmap, drawBitmap, turnBitmap } from './bitmap.ts';
import { readPackage } from './package-image.ts';
import { bodyImageBytes, decodeBase64Payload, FORMAT_FILE, imageToBitmap, imageToLuma } from './images.ts';
import { printJsonJob } from './json-mode.ts';
import { DEFAULT_ITEM_DEFAULTS, rotationOf, type DrawContext, type ImageLoader, type ItemDefaults } from './draw/context.ts';
import { pictureElements } from './draw/image.ts';
import { ItemFields } from './draw/fields.ts';
import { compileItem, renderHelperPage } from './draw/index.ts';
import type { PageElement, TextElement } from '../src/engine/types.ts';
import type { Engine } from '../src/engine/engine.ts';
import { inkBox, measureInk } from './draw/measure.ts';
import { helperEngine } from './draw/engine.ts';
import { createImageLoader, type UrlFetcher } from './draw/image-loader.ts';
import { PreviewStore } from './previews.ts';
import { readRawLabels } from './languages/read/raw-labels.ts';
import { alignOnPage, checkedPage, checkSize, imageShape, ORIENTATIONS, UNSET, unsetOr, type SettingSource } from './pages.ts';
import type { PrinterEntry, PrinterRegistry } from './printers.ts';
import { HelperState } from './printer-params.ts';
import { PrinterError, type Bitmap, type GapType, type PrintSettings } from './printer.ts';
import {
  clip,
  CODE,
  DTPWEB_VERSION,
  HELPER_VERSION,
  HelperFailure,
  isTrue,
  lengthToDots,
  LPAPI_VERSION,
  MAX_COPIES,
  MAX_JOB_BYTES,
  MAX_JOB_PAGES,
  Params,
  PREVIEW_JOB_NAME,
  thresholdOf,
} from './protocol.ts';

export interface ActionRequest {
  action: string;
  params: Params;
  /** The raw body (an image for PrintImageD and DrawImageD, JSON for Print). */
  body: Uint8Array;
  contentType?: string;
  /** Aborted when the client goes away before the reply: prints not yet done are dropped. */
  signal?: AbortSignal;
}

export interface ActionReply {
  statusCode: number;
  resultInfo: unknown;
}

/** Actions that change nothing: also answered to GET. */
export const READ_ONLY_ACTIONS = new Set([
  'Version',
  'GetPrinters',
  'IsPrinterOpened',
  'IsPrinterOnline',
  'GetPrinterName',
  'GetPrinterDPI',
  'GetParam',
  'GetPageInfo',
  'GetPageImage',
  'GetFontNames',
  'GetDefaultPrinter',
  'GetJobID',
  'GetJobInfo',
]);

/**
 * The font names GetFontNames lists: our bundled faces and the names of the faces they
 * stand in for (src/render/fonts.ts fontFamilyFor), comma-separated as the SDK reads them.
 */
export const FONT_NAMES = ['黑体', '宋体', '微软雅黑', '楷体', '仿宋', 'Arial', 'Helvetica', 'Liberation Sans', 'WenQuanYi Micro Hei', 'Droid Sans Fallback'];

export interface LpapiOptions {
  /** Fetches picture URLs (tests pass their own: the machine has no internet). */
  fetchUrl?: UrlFetcher;
  /** The helper's address once it listens (for preview URLs). */
  baseUrl?: () => string;
  log?: (line: string) => void;
  /** Where print settings and the default printer are kept across restarts (none: memory). */
  stateFile?: string;
}

/**
 * The Draw* calls of the call-by-call job and the item type each draws (helper/draw): the
 * same drawing as JSON mode, lengths in mm x 100 with the job's scaleUnit 1.
 */
const DRAW_CALLS: Readonly<Record<string, string>> = {
  DrawText: 'text',
  Draw1DBarcode: 'barcode',
  Draw2DQRCode: 'qrcode',
  Draw2DPdf417: 'pdf417',
  Draw2DDataMatrix: 'datamatrix',
  Draw2DGridMatrix: 'gridmatrix',
  DrawRectangle: 'rect',
  FillRectangle: 'fillrectangle',
  DrawRoundRectangle: 'roundrect',
  FillRoundRectangle: 'fillroundrectangle',
  DrawEllipse: 'ellipse',
  FillEllipse: 'fillellipse',
  DrawCircle: 'circle',
  FillCircle: 'circle',
  DrawLine: 'line',
  DrawDashLine: 'dashline',
};

/** One printed job, for GetJobID / GetJobInfo. */
interface JobRecord {
  jobID: number;
  printerName: string;
  jobName: string;
  pages: number;
  printedAt: string;
}
const JOB_LOG_SIZE = 100;

/** Actions whose body is not url-encoded parameters. */
export const BODY_ACTIONS = new Set(['PrintImageD', 'DrawImageD', 'Print', 'PrintRawData', 'PrintPackage']);

interface Job {
  entry?: PrinterEntry;
  dpi: number;
  width: number;
  height: number;
  orientation: Rotation;
  jobName: string;
  scaleUnit: number;
  preview: boolean;
  gapLengthMm?: number;
  pages: Bitmap[];
  bytes: number;
  page?: Bitmap;
  /** What Draw* calls drew on the page being drawn, rendered at EndPage. */
  elements: PageElement[];
  widthMm: number;
  heightMm: number;
}

export class Lpapi {
  private opened?: PrinterEntry;
  /** Per-printer settings and the default printer (printer-params.ts). */
  private readonly state: HelperState;
  private job?: Job;
  private preview?: Bitmap[];
  /** The engine, once a Draw* call loaded it. */
  private engineNow?: Engine;
  /** SetItemOrientation / SetItemHorizontalAlignment / SetItemVerticalAlignment. */
  private itemDefaults: ItemDefaults = DEFAULT_ITEM_DEFAULTS;
  /** ReturnDrawResult: Draw* calls answer where their ink fell. */
  private returnDrawResult = false;
  private readonly jobs: JobRecord[] = [];
  private nextJobId = 1;
  private readonly images: ImageLoader;
  readonly previews = new PreviewStore();

  constructor(
    private readonly registry: PrinterRegistry,
    private readonly options: LpapiOptions = {},
  ) {
    this.images = createImageLoader(options.fetchUrl);
    this.state = new HelperState(options.stateFile, options.log);
  }

  private printed(entry: PrinterEntry, jobName: string, pages: number): void {
    this.jobs.push({ jobID: this.nextJobId++, printerName: entry.printer.description.name, jobName, pages, printedAt: new Date().toISOString() });
    if (this.jobs.length > JOB_LOG_SIZE) this.jobs.shift();
  }

  /** Runs one action; refusals come back as their code, never as a throw. */
  async handle(req: ActionRequest): Promise<ActionReply> {
    try {
      const handler = Object.hasOwn(this.handlers, req.action) ? this.handlers[req.action] : undefined;
      if (!handler) throw new HelperFailure(CODE.unsupported, `${clip(req.action)} is not supported by this helper`);
      return { statusCode: CODE.ok, resultInfo: await handler.call(this, req) };
    } catch (e) {
      if (e instanceof HelperFailure || e instanceof PrinterError) return { statusCode: e.code, resultInfo: e.message };
      throw e;
    }
  }

  private readonly handlers: Record<string, (this: Lpapi, req: ActionRequest) => Promise<unknown> | unknown> = {
    Version: () => ({ version: HELPER_VERSION, dtpwebVersion: DTPWEB_VERSION, lpapiVersion: LPAPI_VERSION }),
    GetPrinters: (req) => this.getPrinters(req.params),
    OpenPrinter: (req) => this.openPrinter(req.params),
    ClosePrinter: () => {
      this.opened = undefined;
      this.job = undefined;
      return true;
    },
    IsPrinterOpened: () => {
      if (!this.opened) throw new HelperFailure(CODE.noPrinter, 'no printer is open');
      return true;
    },
    IsPrinterOnline: async (req) => {
      const entry = await this.printerFor(req.params);
      if (!(await this.registry.isOnline(entry))) throw new HelperFailure(CODE.noPrinter, `printer ${entry.printer.description.name} does not answer`);
      return true;
    },
    GetFontNames: () => ({ fontNames: FONT_NAMES.join(',') }),
    GetDefaultPrinter: async () => {
      const entry = await this.defaultEntry();
      if (!entry) throw new HelperFailure(CODE.noPrinter, 'no printer is set up');
      return { printerName: entry.printer.description.name };
    },
    SetDefaultPrinter: async (req) => {
      const entry = await this.printerFor(req.params);
      await this.state.setDefaultPrinter(entry.printer.description.name);
      return true;
    },
    // Every printer of ours is supported: the list a client names changes nothing.
    SetSupportedPrinters: () => true,
    DiscoveryPrinters: (req) => this.getPrinters(req.params),
    ShowProperty: async (req) => {
      const d = (await this.printerFor(req.params)).printer.description;
      return { printerName: d.name, kind: d.kind, deviceDPI: d.dpi, deviceWidth: Math.round((d.widthMm * d.dpi) / 25.4), widthMm: d.widthMm, ip: d.ip };
    },
    GetJobID: () => (this.jobs.length > 0 ? this.jobs[this.jobs.length - 1]!.jobID : 0),
    GetJobInfo: (req) => {
      const id = req.params.number(['jobID', 'jobId', 'id'], { integer: true, min: 1 });
      const job = id === undefined ? this.jobs[this.jobs.length - 1] : this.jobs.find((j) => j.jobID === id);
      if (!job) throw new HelperFailure(CODE.noData, id === undefined ? 'no job has printed yet' : `no job ${id} (the last ${JOB_LOG_SIZE} are kept)`);
      return { ...job, status: 'printed' };
    },
    GetPrinterName: () => this.openedPrinter().printer.description.name,
    GetPrinterDPI: async (req) => {
      const dpi = (await this.printerFor(req.params)).printer.description.dpi;
      return { dpiX: dpi, dpiY: dpi };
    },
    GetParam: (req) => this.getParam(req.params),
    SetParam: (req) => this.setParam(req.params),
    PrintImageD: (req) => this.printImage(req),
    PrintImage: (req) => this.printImageFile(req),
    PrintRawData: (req) => this.printRawData(req),
    PrintPackage: (req) => this.printPackage(req),
    StartJob: (req) => this.startJob(req.params),
    StartPage: () => this.startPage(),
    DrawImageD: (req) => this.drawImageData(req),
    DrawImage: (req) => this.drawElements(req, (fields, ctx) => compileItem('image', fields, ctx)),
    ...Object.fromEntries(
      Object.entries(DRAW_CALLS).map(([name, type]) => [name, (req: ActionRequest) => this.drawElements(req, (fields, ctx) => compileItem(type, fields, ctx))]),
    ),
    ReturnDrawResult: (req) => {
      // The SDK's getDrawResult sends returnDrawResult (default true).
      const v = req.params.string('returnDrawResult', 'value');
      this.returnDrawResult = v === undefined || isTrue(v);
      return true;
    },
    SetItemOrientation: (req) => {
      const v = req.params.number(['orientation', 'value'], { integer: true });
      const rotation = v === undefined ? undefined : rotationOf(v);
      if (rotation === undefined) throw new HelperFailure(CODE.parameter, 'orientation must be 0, 90, 180 or 270');
      this.itemDefaults = { ...this.itemDefaults, rotation };
      return true;
    },
    SetItemHorizontalAlignment: (req) => {
      this.itemDefaults = { ...this.itemDefaults, hAlign: req.params.number(['alignment', 'value'], { integer: true, min: 0, max: 4 }, 0) };
      return true;
    },
    SetItemVerticalAlignment: (req) => {
      this.itemDefaults = { ...this.itemDefaults, vAlign: req.params.number(['alignment', 'value'], { integer: true, min: 0, max: 4 }, 0) };
      return true;
    },
    EndPage: () => this.endPage(),
    CommitJob: (req) => this.commitJob(req.params, req.signal),
    AbortJob: () => {
      this.job = undefined;
      return true;
    },
    GetPageInfo: () => {
      const pages = this.previewPages();
      return { width: pages[0]!.width, height: pages[0]!.height, pages: pages.length };
    },
    GetPageImage: (req) => {
      const pages = this.previewPages();
      const index = req.params.number(['page', 'pageIndex'], { integer: true, min: 0, max: pages.length - 1 }, 0);
      const page = pages[index]!;
      return { page: index, format: 'png', data: `data:image/png;base64,${Buffer.from(pageToPng(page)).toString('base64')}` };
    },
    Print: (req) =>
      printJsonJob(req, {
        registry: this.registry,
        opened: this.opened,
        printSettings: (entry, source, scaleUnit, copies, jobName) => this.printSettings(entry, source, scaleUnit, copies, jobName),
        engine: () => helperEngine(this.options.log),
        images: this.images,
        defaults: this.itemDefaults,
        results: { previews: this.previews, baseUrl: this.options.baseUrl?.() ?? 'http://127.0.0.1:15216' },
        printed: (entry, jobName, pages) => this.printed(entry, jobName, pages),
      }),
  };

  // ---- printers ---------------------------------------------------------------------

  private async getPrinters(params: Params) {
    const onlyOnline = isTrue(params.string('onlyOnline'));
    const entries = await this.registry.list();
    const printers = await Promise.all(
      entries.map(async (e) => {
        const d = e.printer.description;
        return {
          name: d.name,
          type: e.type,
          ip: d.ip,
          // The printer is reached through this helper, never by the browser directly.
          httpPort: 0,
          httpsPort: 0,
          deviceDPI: d.dpi,
          // Print-head width in dots (0: unknown).
          deviceWidth: Math.round((d.widthMm * d.dpi) / 25.4),
          isOnline: await this.registry.isOnline(e),
          macAddress: '',
        };
      }),
    );
    // Every printer of ours is local (type < 10) and supported; onlyLocal and onlySupported
    // keep them all.
    return { printers: onlyOnline ? printers.filter((p) => p.isOnline) : printers };
  }

  private async openPrinter(params: Params) {
    const name = params.string('printerName', 'name');
    const entry = name === undefined ? await this.defaultEntry() : await this.registry.find(name);
    if (!entry) throw new HelperFailure(CODE.noPrinter, name === undefined ? 'no printer is set up' : `no printer named '${clip(name)}' (GetPrinters lists them)`);
    if (this.opened !== entry) this.job = undefined;
    this.opened = entry;
    const d = entry.printer.description;
    // The SDK keeps deviceDPI and deviceWidth (dots) from this reply for later jobs.
    return { printerName: d.name, deviceDPI: d.dpi, deviceWidth: Math.round((d.widthMm * d.dpi) / 25.4) };
  }

  private openedPrinter(): PrinterEntry {
    if (!this.opened) throw new HelperFailure(CODE.noPrinter, 'no printer is open (OpenPrinter first)');
    return this.opened;
  }

  /** The printer a call names (printerName or name), else the open one. */
  private async printerFor(params: Params): Promise<PrinterEntry> {
    const name = params.string('printerName', 'name');
    if (name === undefined) return this.openedPrinter();
    const entry = await this.registry.find(name);
    if (!entry) throw new HelperFailure(CODE.noPrinter, `no printer named '${clip(name)}' (GetPrinters lists them)`);
    return entry;
  }

  /** The default printer (SetDefaultPrinter), else the first; undefined when there is none. */
  private async defaultEntry(): Promise<PrinterEntry | undefined> {
    const name = this.state.defaultPrinter;
    return (name !== undefined ? await this.registry.find(name) : undefined) ?? (await this.registry.first());
  }

  private async getParam(params: Params) {
    const entry = await this.printerFor(params);
    return this.state.getParam(entry, params, { imageAlignment: this.itemDefaults.imageAlignment, isOnline: (e) => this.registry.isOnline(e) });
  }

  private async setParam(params: Params) {
    const entry = await this.printerFor(params);
    return this.state.setParam(entry, params, (imageAlignment) => {
      this.itemDefaults = { ...this.itemDefaults, imageAlignment };
    });
  }

  /** Darkness, speed and gap type of a call, falling back to the printer's stored ones. */
  private printSettings(entry: PrinterEntry, params: SettingSource, scaleUnit: number, copies: number, jobName: string): PrintSettings {
    const s = this.state.settings(entry);
    const darkness = unsetOr(params.number(['printDarkness', 'darkness'], { integer: true, min: 0, max: UNSET }), 'printDarkness', 14);
    const speed = unsetOr(params.number(['printSpeed', 'speed'], { integer: true, min: 0, max: UNSET }), 'printSpeed', 4);
    const gapType = unsetOr(params.choice(['gapType'], [0, 1, 2, 3, UNSET] as const), 'gapType') as GapType | undefined;
    const gapLength = params.number(['gapLength', 'gapLen'], { min: 0 });
    const settings: PrintSettings = { dpi: entry.printer.description.dpi, copies, jobName };
    const d = params.has('printDarkness', 'darkness') ? darkness : s.darkness;
    const v = params.has('printSpeed', 'speed') ? speed : s.speed;
    const g = params.has('gapType') ? gapType : s.gapType;
    if (d !== undefined) settings.darkness = d;
    if (v !== undefined) settings.speed = v;
    if (g !== undefined) settings.gapType = g;
    const gapMm = gapLength === undefined ? s.gapLengthMm : scaleUnit === 1 ? gapLength / 100 : gapLength;
    if (gapMm !== undefined) {
      if (gapMm > 25.4) throw new HelperFailure(CODE.parameter, `gapLength must be at most 25.4 mm, got ${gapMm} mm`);
      settings.gapLengthMm = gapMm;
    }
    return settings;
  }

  // ---- PrintImageD and PrintImage ----------------------------------------------------

  /**
   * PrintImage: the page is a picture by reference, `imageFile` an http(s) URL, a data URL
   * or base64 (as DrawImage takes it), printed as PrintImageD prints a file.
   */
  private async printImageFile(req: ActionRequest) {
    const source = req.params.string('imageFile', 'image', 'src');
    if (source === undefined) throw new HelperFailure(CODE.noData, 'PrintImage needs imageFile (an image URL, data URL or base64)');
    const entry = await this.printerFor(req.params);
    const threshold = thresholdOf(req.params.number('threshold', {}));
    const image = bitmapFromLuma(await this.images.load(source, 'imageFile', req.signal), threshold);
    return this.printPage(req, entry, image);
  }

  private async printImage(req: ActionRequest) {
    const p = req.params;
    const entry = await this.printerFor(p);
    const image = imageToBitmap(bodyImageBytes(req.body, req.contentType), imageShape(p, p.number('format', { integer: true }, FORMAT_FILE)));
    return this.printPage(req, entry, image);
  }

  /** One picture printed as the page: sized to printWidth x printHeight, turned, copies. */
  private async printPage(req: ActionRequest, entry: PrinterEntry, image: Bitmap) {
    const p = req.params;
    const dpi = entry.printer.description.dpi;
    const scaleUnit = p.number('scaleUnit', { integer: true, min: 0 }, 0);
    const orientation = p.choice('orientation', ORIENTATIONS, 0);
    const copies = p.number('copies', { integer: true, min: 1, max: MAX_COPIES }, 1);
    const jobName = p.string('jobName') ?? 'dtpweb';
    const settings = this.printSettings(entry, p, scaleUnit, copies, jobName);
    const width = p.number('printWidth', { min: 0 });
    const height = p.number('printHeight', { min: 0 });
    const sized = alignOnPage(
      image,
      width === undefined || width === 0 ? undefined : lengthToDots(width, scaleUnit, dpi),
      height === undefined || height === 0 ? undefined : lengthToDots(height, scaleUnit, dpi),
      p.number('imageAlignment', { integer: true, min: 0, max: 4 }),
    );
    const page = checkedPage(turnBitmap(sized, orientation));
    await this.registry.print(entry, [{ page, settings }], req.signal);
    this.printed(entry, jobName, 1);
    return { printerName: entry.printer.description.name, width: page.width, height: page.height, copies };
  }

  // ---- PrintPackage -------------------------------------------------------------------

  /**
   * One page in the vendor's run-length package (helper/package-image.ts), `width` dots a
   * row, printed dot for dot: the body binary (Blob), base64 or hex as the SDK sends it.
   */
  private async printPackage(req: ActionRequest) {
    const p = req.params;
    const entry = await this.printerFor(p);
    const width = p.number(['width', 'imageWidth'], { integer: true, min: 1 });
    if (width === undefined) throw new HelperFailure(CODE.noPageSize, 'PrintPackage needs width (dots a row)');
    const bytes = payloadBytes(req, 'PrintPackage needs the package in the body');
    const copies = p.number('copies', { integer: true, min: 1, max: MAX_COPIES }, 1);
    const jobName = p.string('jobName') ?? 'dtpweb';
    const page = checkedPage(turnBitmap(readPackage(bytes, width), p.choice('orientation', ORIENTATIONS, 0)));
    await this.registry.print(entry, [{ page, settings: this.printSettings(entry, p, 0, copies, jobName) }], req.signal);
    this.printed(entry, jobName, 1);
    return { printerName: entry.printer.description.name, width: page.width, height: page.height, copies };
  }

  // ---- PrintRawData -------------------------------------------------------------------

  /**
   * Printer commands as sent (the printData of a Print with action 1, or a client's own):
   * the body as hex (`encoding=hex16`), base64 or a data URL (`encoding=base64`), or binary.
   * The data is read as ZPL or TSPL labels (helper/languages/read) and each label printed
   * as a page, so any printer of ours takes either language and a damaged stream prints
   * nothing (code 7).
   */
  private async printRawData(req: ActionRequest) {
    const p = req.params;
    const entry = await this.printerFor(p);
    const bytes = payloadBytes(req, 'PrintRawData needs the printer data in the body');
    const head = Buffer.from(bytes.subarray(0, 64)).toString('latin1').trimStart();
    const language = /^[~^]/.test(head) ? 'zpl' : /^(SIZE|GAP|CLS|DIRECTION|DENSITY|SPEED|BITMAP)\b/i.test(head) ? 'tspl' : (entry.printer.description.rawLanguage ?? 'zpl');
    const dpi = entry.printer.description.dpi;
    const labels = readRawLabels(bytes, language, dpi);
    const copies = p.number('copies', { integer: true, min: 1, max: MAX_COPIES }, 1);
    const jobName = p.string('jobName') ?? 'dtpweb';
    const pages = labels.map((label) => ({
      page: checkedPage({ width: label.width, height: label.height, stride: label.stride, data: label.data }),
      settings: { ...this.printSettings(entry, p, 0, Math.min(MAX_COPIES, label.copies * copies), jobName) },
    }));
    await this.registry.print(entry, pages, req.signal);
    this.printed(entry, jobName, pages.length);
    return { printerName: entry.printer.description.name, pages: pages.length, language };
  }

  // ---- StartJob ... CommitJob -------------------------------------------------------------

  private async startJob(p: Params) {
    const jobName = p.string('jobName') ?? 'dtpweb';
    // A preview: the preview job names ("#!#Preview#!#", "#!#Transparent#!#"), or an action
    // without the print bit (the SDK sends its job's action, e.g. 2 or 130).
    const action = p.number('action', { integer: true, min: 0 });
    const preview = jobName === PREVIEW_JOB_NAME || jobName.startsWith('#!#') || (action !== undefined && action !== 0 && (action & 0x1000) === 0);
    const named = p.string('printerName', 'name');
    const entry = named !== undefined ? await this.printerFor(p) : this.opened;
    if (!entry && !preview) throw new HelperFailure(CODE.noPrinter, 'no printer is open (OpenPrinter first)');
    const dpi = entry?.printer.description.dpi ?? p.choice('dpi', [203, 300] as const, 203);
    const scaleUnit = p.number('scaleUnit', { integer: true, min: 0 }, 0);
    const w = p.number('width', { min: 0 });
    const h = p.number('height', { min: 0 });
    if (!w || !h) throw new HelperFailure(CODE.noPageSize, 'StartJob needs the page size (width and height)');
    const width = lengthToDots(w, scaleUnit, dpi);
    const height = lengthToDots(h, scaleUnit, dpi);
    checkSize(width, height);
    const gap = p.number(['gapLen', 'gapLength'], { min: 0 });
    this.job = {
      entry,
      dpi,
      width,
      height,
      orientation: p.choice('orientation', ORIENTATIONS, 0),
      jobName,
      scaleUnit,
      preview,
      gapLengthMm: gap === undefined ? undefined : scaleUnit === 1 ? gap / 100 : gap,
      pages: [],
      bytes: 0,
      elements: [],
      widthMm: (width * 25.4) / dpi,
      heightMm: (height * 25.4) / dpi,
    };
    return { width, height, dpi };
  }

  private currentJob(): Job {
    if (!this.job) throw new HelperFailure(CODE.parameter, 'no job is started (StartJob first)');
    return this.job;
  }

  private startPage() {
    const job = this.currentJob();
    if (job.page) throw new HelperFailure(CODE.parameter, 'a page is already started (EndPage first)');
    if (job.pages.length >= MAX_JOB_PAGES) throw new HelperFailure(CODE.parameter, `a job holds at most ${MAX_JOB_PAGES} pages: commit it and start another`);
    const page = blankBitmap(job.width, job.height);
    if (job.bytes + bitmapBytes(page) > MAX_JOB_BYTES) throw new HelperFailure(CODE.parameter, `the job's pages exceed ${MAX_JOB_BYTES >> 20} MiB: commit it and start another`);
    job.page = page;
    return { page: job.pages.length };
  }

  /**
   * DrawImageD: the picture in the body drawn as DrawImage draws one (helper/draw/image.ts):
   * in the x, y, width, height box by imageAlignment (SetParam 36), its greys cut at the
   * threshold or half-toned; with no size, at its own size in printer dots.
   */
  private drawImageData(req: ActionRequest) {
    const format = req.params.number('format', { integer: true }, FORMAT_FILE);
    const image = imageToLuma(bodyImageBytes(req.body, req.contentType), imageShape(req.params, format));
    return this.drawElements(req, (fields, ctx) => pictureElements(image, fields, ctx));
  }

  /**
   * A Draw* call: the item compiled at once (a bad one is refused on its own call), drawn
   * with the page's others at EndPage. A call before StartPage starts the page (the SDK's
   * jobs draw right after StartJob). With ReturnDrawResult on (or returnDrawResult on the
   * call), the call answers where the item's ink fell instead of true.
   */
  private async drawElements(req: ActionRequest, compile: (fields: ItemFields, ctx: DrawContext) => PageElement[] | Promise<PageElement[]>) {
    const job = this.currentJob();
    if (!job.page) this.startPage();
    const engine = await helperEngine(this.options.log);
    this.engineNow = engine;
    const unit = job.scaleUnit === 1 ? 0.01 : 1;
    const fields = new ItemFields(new Map(req.params.entries()), unit, req.action);
    const elements = await compile(fields, {
      engine,
      dpi: job.dpi,
      pageWidthMm: job.widthMm,
      pageHeightMm: job.heightMm,
      defaults: this.itemDefaults,
      images: this.images,
      threshold: 192,
      signal: req.signal,
    });
    if (fields.flag('onlyMeasureText')) {
      // The text's ink, dots at the job's resolution (the SDK turns them into mm at 203).
      const text = elements.find((e): e is TextElement => e.kind === 'text');
      const ink = text ? measureInk(engine, job.dpi, text) : undefined;
      return { shownWidth: ink?.widthDots ?? 0, shownHeight: ink?.heightDots ?? 0 };
    }
    job.elements.push(...elements);
    if (!(fields.flag('returnDrawResult') ?? this.returnDrawResult)) return true;
    // The item drawn alone on the page: the box its dots cover, in dots and in the job's
    // length unit (mm x 100 with scaleUnit 1, else mm).
    const alone = elements.length === 0 ? undefined : renderHelperPage(engine, { widthMm: job.widthMm, heightMm: job.heightMm, dpi: job.dpi, elements });
    const ink = alone ? inkBox(alone) : { xDots: 0, yDots: 0, widthDots: 0, heightDots: 0 };
    const length = (dots: number) => Math.round(((dots * 25.4) / job.dpi / unit) * 100) / 100;
    return {
      x: length(ink.xDots),
      y: length(ink.yDots),
      width: length(ink.widthDots),
      height: length(ink.heightDots),
      xDots: ink.xDots,
      yDots: ink.yDots,
      shownWidth: ink.widthDots,
      shownHeight: ink.heightDots,
      elements: elements.length,
    };
  }

  private endPage() {
    const job = this.currentJob();
    if (!job.page) throw new HelperFailure(CODE.parameter, 'no page is started (StartPage first)');
    if (job.elements.length > 0) {
      const drawn = renderHelperPage(this.engineNow!, { widthMm: job.widthMm, heightMm: job.heightMm, dpi: job.dpi, elements: job.elements });
      drawBitmap(job.page, drawn, 0, 0);
      job.elements = [];
    }
    job.pages.push(job.page);
    job.bytes += bitmapBytes(job.page);
    job.page = undefined;
    return { pages: job.pages.length };
  }

  private async commitJob(p: Params, signal?: AbortSignal) {
    const job = this.currentJob();
    if (job.page) this.endPage();
    if (job.pages.length === 0) throw new HelperFailure(CODE.noData, 'the job has no pages (StartPage, draw, EndPage)');
    const orientation = p.choice('orientation', ORIENTATIONS, job.orientation);
    const copies = p.number('copies', { integer: true, min: 1, max: MAX_COPIES }, 1);
    const pages = job.pages.map((page) => checkedPage(turnBitmap(page, orientation)));
    if (job.preview) {
      this.job = undefined;
      this.preview = pages;
      return { pages: pages.length, width: pages[0]!.width, height: pages[0]!.height };
    }
    const entry = job.entry!;
    const settings = this.printSettings(entry, p, job.scaleUnit, copies, job.jobName);
    if (settings.gapLengthMm === undefined && job.gapLengthMm !== undefined) settings.gapLengthMm = job.gapLengthMm;
    // The job is done with, printed or not: a failed job is started again.
    this.job = undefined;
    await this.registry.print(entry, pages.map((page) => ({ page, settings })), signal);
    this.printed(entry, job.jobName, pages.length);
    return { printerName: entry.printer.description.name, pages: pages.length, copies };
  }

  private previewPages(): Bitmap[] {
    if (!this.preview || this.preview.length === 0) {
      throw new HelperFailure(CODE.noData, `no preview: commit a job named ${PREVIEW_JOB_NAME} first`);
    }
    return this.preview;
  }
}

/**
 * The data bytes of PrintRawData and PrintPackage: the body as hex (`encoding=hex16`),
 * base64 or a data URL (`encoding=base64`), or binary; or the same in a `data` parameter.
 */
function payloadBytes(req: ActionRequest, missing: string): Uint8Array {
  const type = (req.contentType ?? '').toLowerCase();
  const inline = req.params.string('data');
  let bytes: Uint8Array;
  if (type.includes('hex16') || (req.body.length === 0 && inline !== undefined && /^[0-9a-f\s]+$/i.test(inline))) {
    const hex = (req.body.length > 0 ? Buffer.from(req.body).toString('latin1') : inline!).replace(/\s+/g, '');
    if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/i.test(hex)) throw new HelperFailure(CODE.parameter, 'the data is not hexadecimal (two digits a byte)');
    bytes = Buffer.from(hex, 'hex');
  } else if (type.includes('base64') || (req.body.length === 0 && inline !== undefined)) {
    bytes = decodeBase64Payload(req.body.length > 0 ? Buffer.from(req.body).toString('latin1') : inline!);
  } else bytes = req.body;
  if (bytes.length === 0) throw new HelperFailure(CODE.noData, missing);
  return bytes;
}
