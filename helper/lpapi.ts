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
 *   them the image's size is the page's. Then the page turns by `orientation`, clockwise.
 * - Copies print one after another per page (page 1 x n, then page 2 x n): the printer's
 *   own copy count. Collated sets are the client's auto paging (spec section 4).
 * - Print settings not given on a call (darkness, speed, gap type) come from SetParam on the
 *   open printer; unset ones are left to the printer.
 * - DrawImage thresholds 0 (printer default), 256 (grey) and 257 (colour) cut at 192:
 *   label printers print black and white.
 * - GetPageImage pages are 0-based, images are PNG, pages as the printer would get them.
 * - JSON mode (`Print?action=...`) prints and previews `image` items; other item types are
 *   refused with code 8 (render the label to an image first, as the web app does).
 */
import { pageToPng } from '../src/engine/png.ts';
import type { Rotation } from '../src/engine/page-types.ts';
import { bitmapBytes, blankBitmap, drawBitmap, scaleBitmap, turnBitmap } from './bitmap.ts';
import { bodyImageBytes, decodeBase64Payload, FORMAT_FILE, imageToBitmap, type ImageShape } from './images.ts';
import type { PrinterEntry, PrinterRegistry } from './printers.ts';
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
  MAX_PAGE_HEIGHT,
  MAX_PAGE_WIDTH,
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
]);

/** Actions whose body is not url-encoded parameters. */
export const BODY_ACTIONS = new Set(['PrintImageD', 'DrawImageD', 'Print']);

const ORIENTATIONS = [0, 90, 180, 270] as const;
/** GetParam / SetParam ids (our numbering of the spec's settings). */
const PARAM = { gapType: 1, darkness: 2, speed: 3, dpiX: 4, dpiY: 5 } as const;
/** "Unset" in every setting's range (spec section 9). */
const UNSET = 255;
/** Print action bits of JSON mode (printing-protocol.md). */
const ACTION_PRINT = 0x1000;
const ACTION_PREVIEW_BASE64 = 2;
const ACTION_HEX = 1;
const ACTION_PREVIEW_URL = 4;

interface StoredSettings {
  gapType?: GapType;
  darkness?: number;
  speed?: number;
  gapLengthMm?: number;
}

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
}

export class Lpapi {
  private opened?: PrinterEntry;
  private readonly settings = new Map<string, StoredSettings>();
  private job?: Job;
  private preview?: Bitmap[];

  constructor(private readonly registry: PrinterRegistry) {}

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
    IsPrinterOpened: () => this.opened !== undefined,
    IsPrinterOnline: async (req) => this.registry.isOnline(await this.printerFor(req.params)),
    GetPrinterName: () => this.openedPrinter().printer.description.name,
    GetPrinterDPI: async (req) => {
      const dpi = (await this.printerFor(req.params)).printer.description.dpi;
      return { dpiX: dpi, dpiY: dpi };
    },
    GetParam: (req) => this.getParam(req.params),
    SetParam: (req) => this.setParam(req.params),
    PrintImageD: (req) => this.printImage(req),
    StartJob: (req) => this.startJob(req.params),
    StartPage: () => this.startPage(),
    DrawImageD: (req) => this.drawImage(req.params, bodyImageBytes(req.body, req.contentType), req.params.number('format', { integer: true }, FORMAT_FILE)),
    DrawImage: (req) => {
      const file = req.params.string('imageFile', 'image', 'data');
      if (file === undefined) throw new HelperFailure(CODE.noData, 'DrawImage needs imageFile (a base64 image or data URL)');
      if (/^(https?|file|ftp):/i.test(file)) {
        throw new HelperFailure(CODE.unsupported, 'DrawImage takes the image itself (base64 or a data URL); this helper does not fetch URLs');
      }
      return this.drawImage(req.params, decodeBase64Payload(file), FORMAT_FILE);
    },
    EndPage: () => this.endPage(),
    CommitJob: (req) => this.commitJob(req.params),
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
      return `data:image/png;base64,${Buffer.from(pageToPng(page)).toString('base64')}`;
    },
    Print: (req) => this.printJson(req),
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
    const entry = name === undefined ? await this.registry.first() : await this.registry.find(name);
    if (!entry) throw new HelperFailure(CODE.noPrinter, name === undefined ? 'no printer is set up' : `no printer named '${clip(name)}' (GetPrinters lists them)`);
    if (this.opened !== entry) this.job = undefined;
    this.opened = entry;
    return { printerName: entry.printer.description.name };
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

  private stored(entry: PrinterEntry): StoredSettings {
    const name = entry.printer.description.name;
    let s = this.settings.get(name);
    if (!s) this.settings.set(name, (s = {}));
    return s;
  }

  private async getParam(params: Params) {
    const entry = await this.printerFor(params);
    const id = params.number(['id', 'paramID', 'paramId', 'key'], { integer: true });
    if (id === undefined) throw new HelperFailure(CODE.parameter, 'GetParam needs id (1 gap type, 2 darkness, 3 speed, 4/5 dpi)');
    const s = this.stored(entry);
    const value =
      id === PARAM.gapType ? (s.gapType ?? UNSET)
      : id === PARAM.darkness ? (s.darkness ?? UNSET)
      : id === PARAM.speed ? (s.speed ?? UNSET)
      : id === PARAM.dpiX || id === PARAM.dpiY ? entry.printer.description.dpi
      : undefined;
    if (value === undefined) throw new HelperFailure(CODE.parameter, `unknown parameter id ${id} (1 gap type, 2 darkness, 3 speed, 4/5 dpi)`);
    return { id, value };
  }

  private async setParam(params: Params) {
    const entry = await this.printerFor(params);
    const id = params.number(['id', 'paramID', 'paramId', 'key'], { integer: true });
    if (id === undefined) throw new HelperFailure(CODE.parameter, 'SetParam needs id (1 gap type, 2 darkness, 3 speed)');
    const names = ['value', 'paramValue'];
    if (id === PARAM.dpiX || id === PARAM.dpiY) throw new HelperFailure(CODE.unsupported, "the resolution is the printer's own and cannot be set");
    if (!params.has(...names)) throw new HelperFailure(CODE.parameter, 'SetParam needs value');
    const s = { ...this.stored(entry) };
    if (id === PARAM.gapType) s.gapType = unsetOr(params.choice(names, [0, 1, 2, 3, UNSET] as const), 'gapType') as GapType | undefined;
    else if (id === PARAM.darkness) s.darkness = unsetOr(params.number(names, { integer: true, min: 0, max: UNSET }), 'darkness', 14);
    else if (id === PARAM.speed) s.speed = unsetOr(params.number(names, { integer: true, min: 0, max: UNSET }), 'speed', 4);
    else throw new HelperFailure(CODE.parameter, `unknown parameter id ${id} (1 gap type, 2 darkness, 3 speed)`);
    this.settings.set(entry.printer.description.name, s);
    return true;
  }

  /** Darkness, speed and gap type of a call, falling back to the printer's stored ones. */
  private printSettings(entry: PrinterEntry, params: SettingSource, scaleUnit: number, copies: number, jobName: string): PrintSettings {
    const s = this.stored(entry);
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

  // ---- PrintImageD --------------------------------------------------------------------

  private async printImage(req: ActionRequest) {
    const p = req.params;
    const entry = await this.printerFor(p);
    const dpi = entry.printer.description.dpi;
    const scaleUnit = p.number('scaleUnit', { integer: true, min: 0 }, 0);
    const orientation = p.choice('orientation', ORIENTATIONS, 0);
    const copies = p.number('copies', { integer: true, min: 1, max: MAX_COPIES }, 1);
    const jobName = p.string('jobName') ?? 'dtpweb';
    const settings = this.printSettings(entry, p, scaleUnit, copies, jobName);
    const image = imageToBitmap(bodyImageBytes(req.body, req.contentType), imageShape(p, p.number('format', { integer: true }, FORMAT_FILE)));
    const width = p.number('printWidth', { min: 0 });
    const height = p.number('printHeight', { min: 0 });
    const sized = fitToSize(
      image,
      width === undefined || width === 0 ? undefined : lengthToDots(width, scaleUnit, dpi),
      height === undefined || height === 0 ? undefined : lengthToDots(height, scaleUnit, dpi),
    );
    const page = checkedPage(turnBitmap(sized, orientation));
    await this.registry.print(entry, [{ page, settings }]);
    return { printerName: entry.printer.description.name, width: page.width, height: page.height, copies };
  }

  // ---- StartJob ... CommitJob -------------------------------------------------------------

  private async startJob(p: Params) {
    const jobName = p.string('jobName') ?? 'dtpweb';
    const preview = jobName === PREVIEW_JOB_NAME;
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

  private drawImage(p: Params, bytes: Uint8Array, format: number) {
    const job = this.currentJob();
    if (!job.page) throw new HelperFailure(CODE.parameter, 'no page is started (StartPage first)');
    const shape = imageShape(p, format);
    // DrawImage: 0 is the printer's default, 256 grey and 257 colour; all cut at 192 here.
    const image = imageToBitmap(bytes, shape);
    const at = (names: string[]) => lengthToDots(p.number(names, {}, 0), job.scaleUnit, job.dpi);
    const size = (names: string[]) => {
      const v = p.number(names, { min: 0 });
      return v === undefined || v === 0 ? undefined : lengthToDots(v, job.scaleUnit, job.dpi);
    };
    const sized = fitToSize(image, size(['width']), size(['height']));
    checkSize(sized.width, sized.height);
    drawBitmap(job.page, sized, at(['x']), at(['y']));
    return true;
  }

  private endPage() {
    const job = this.currentJob();
    if (!job.page) throw new HelperFailure(CODE.parameter, 'no page is started (StartPage first)');
    job.pages.push(job.page);
    job.bytes += bitmapBytes(job.page);
    job.page = undefined;
    return { pages: job.pages.length };
  }

  private async commitJob(p: Params) {
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
    await this.registry.print(entry, pages.map((page) => ({ page, settings })));
    return { printerName: entry.printer.description.name, pages: pages.length, copies };
  }

  private previewPages(): Bitmap[] {
    if (!this.preview || this.preview.length === 0) {
      throw new HelperFailure(CODE.noData, `no preview: commit a job named ${PREVIEW_JOB_NAME} first`);
    }
    return this.preview;
  }

  // ---- JSON mode ----------------------------------------------------------------------

  private async printJson(req: ActionRequest) {
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(req.body).toString('utf8'));
    } catch {
      throw new HelperFailure(CODE.parameter, 'Print needs a JSON body {jobInfo, jobPages, printerInfo}');
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new HelperFailure(CODE.parameter, 'Print needs a JSON object {jobInfo, jobPages, printerInfo}');
    const body = json as Record<string, unknown>;
    const action = req.params.number('action', { integer: true, min: 0 }) ?? new JsonFields(body, 'the body').number(['action'], { integer: true, min: 0 }) ?? ACTION_PRINT;
    if (action & (ACTION_HEX | ACTION_PREVIEW_URL) || (action & ~(ACTION_HEX | ACTION_PREVIEW_URL | ACTION_PREVIEW_BASE64 | ACTION_PRINT)) !== 0 || action === 0) {
      throw new HelperFailure(CODE.unsupported, `Print action ${action} is not supported: use 4096 (print), 2 (preview as base64 PNG) or both (4098)`);
    }
    const info = new JsonFields(objectField(body, 'jobInfo'), 'jobInfo');
    const printerInfo = body.printerInfo === undefined ? {} : objectField(body, 'printerInfo');
    const printerName = typeof printerInfo.printerName === 'string' && printerInfo.printerName.trim() !== '' ? printerInfo.printerName.trim() : undefined;
    const printing = (action & ACTION_PRINT) !== 0;
    let entry: PrinterEntry | undefined;
    if (printerName !== undefined) {
      entry = await this.registry.find(printerName);
      if (!entry) throw new HelperFailure(CODE.noPrinter, `no printer named '${clip(printerName)}' (GetPrinters lists them)`);
    } else entry = this.opened;
    if (!entry && printing) throw new HelperFailure(CODE.noPrinter, 'name the printer (printerInfo.printerName) or OpenPrinter first');
    const dpi = entry?.printer.description.dpi ?? (printerInfo.printerDPI === 300 ? 300 : 203);
    const scaleUnit = info.number(['scaleUnit'], { integer: true, min: 0 }) ?? 0;
    const jobWidth = info.number(['jobWidth', 'width'], { min: 0 });
    const jobHeight = info.number(['jobHeight', 'height'], { min: 0 });
    if (!jobWidth || !jobHeight) throw new HelperFailure(CODE.noPageSize, 'jobInfo needs jobWidth and jobHeight');
    const width = lengthToDots(jobWidth, scaleUnit, dpi);
    const height = lengthToDots(jobHeight, scaleUnit, dpi);
    checkSize(width, height);
    const orientation = info.choice(['orientation'], ORIENTATIONS) ?? 0;
    const copies = info.number(['copies'], { integer: true, min: 1, max: MAX_COPIES }) ?? 1;
    const threshold = thresholdOf(info.number(['grayThreshold', 'threshold'], {}));
    if (!Array.isArray(body.jobPages) || body.jobPages.length === 0) throw new HelperFailure(CODE.noData, 'jobPages holds no pages');
    if (body.jobPages.length > MAX_JOB_PAGES) throw new HelperFailure(CODE.parameter, `a job holds at most ${MAX_JOB_PAGES} pages`);
    if (body.jobPages.length * height * Math.ceil(width / 8) > MAX_JOB_BYTES) throw new HelperFailure(CODE.parameter, `the job's pages exceed ${MAX_JOB_BYTES >> 20} MiB: send fewer pages a request`);

    const pages: Bitmap[] = [];
    body.jobPages.forEach((items: unknown, pageIndex: number) => {
      if (!Array.isArray(items)) throw new HelperFailure(CODE.parameter, `jobPages[${pageIndex}] must be a list of items`);
      const page = blankBitmap(width, height);
      items.forEach((item: unknown, i: number) => {
        const where = `jobPages[${pageIndex}][${i}]`;
        if (typeof item !== 'object' || item === null) throw new HelperFailure(CODE.parameter, `${where} must be an object`);
        const o = item as Record<string, unknown>;
        if (o.type !== 'image') {
          throw new HelperFailure(CODE.unsupported, `${where}: item type '${clip(String(o.type))}' is not supported by this helper; send the page as an image item`);
        }
        const fields = new JsonFields(o, where);
        const file = [o.imageFile, o.image, o.data].find((v) => typeof v === 'string' && v !== '') as string | undefined;
        if (file === undefined) throw new HelperFailure(CODE.noData, `${where}: an image item needs imageFile (base64 or a data URL)`);
        const image = imageToBitmap(decodeBase64Payload(file), { format: FORMAT_FILE, threshold: thresholdOf(fields.number(['threshold'], {}) ?? threshold) });
        const len = (names: string[]) => {
          const v = fields.number(names, { min: 0 });
          return v === undefined || v === 0 ? undefined : lengthToDots(v, scaleUnit, dpi);
        };
        const sized = fitToSize(image, len(['width']), len(['height']));
        checkSize(sized.width, sized.height);
        const pos = (names: string[]) => lengthToDots(fields.number(names, {}) ?? 0, scaleUnit, dpi);
        drawBitmap(page, sized, pos(['x']), pos(['y']));
      });
      pages.push(checkedPage(turnBitmap(page, orientation)));
    });

    const result: Record<string, unknown> = { pages: pages.length, width: pages[0]!.width, height: pages[0]!.height };
    if (action & ACTION_PREVIEW_BASE64) result.previews = pages.map((p) => `data:image/png;base64,${Buffer.from(pageToPng(p)).toString('base64')}`);
    if (printing) {
      const jobName = typeof info.raw.jobName === 'string' && info.raw.jobName !== '' ? info.raw.jobName : 'dtpweb';
      const settings = this.printSettings(entry!, info, scaleUnit, copies, jobName);
      await this.registry.print(entry!, pages.map((page) => ({ page, settings })));
      result.printerName = entry!.printer.description.name;
    }
    return result;
  }
}

/** Where print settings are read from: url-encoded parameters or JSON mode's jobInfo. */
interface SettingSource {
  has(...names: string[]): boolean;
  number(names: string[], range: { min?: number; max?: number; integer?: boolean }): number | undefined;
  choice<T extends number>(names: string[], allowed: readonly T[]): T | undefined;
}

/** 255 (unset) becomes undefined; other values must lie within 0..max. */
function unsetOr(value: number | undefined, name: string, max?: number): number | undefined {
  if (value === undefined || value === UNSET) return undefined;
  if (max !== undefined && value > max) throw new HelperFailure(CODE.parameter, `${name} must be 0 to ${max}, or 255 (the printer's own), got ${value}`);
  return value;
}

function imageShape(p: Params, format: number): ImageShape {
  return {
    format,
    imageWidth: p.number(['imageWidth', 'bitmapWidth'], { integer: true, min: 1 }),
    imageHeight: p.number(['imageHeight', 'bitmapHeight'], { integer: true, min: 1 }),
    lineSize: p.number(['lineSize', 'lineBytes'], { integer: true, min: 1 }),
    threshold: thresholdOf(p.number('threshold', {})),
  };
}

/**
 * The image at the page size the call asked for (dots; undefined = not asked). Within 1 dot
 * of it, the image is taken dot for dot (client and helper may round a mm length apart);
 * otherwise it is scaled to fit. One side given: the other keeps the image's proportions.
 */
function fitToSize(image: Bitmap, width: number | undefined, height: number | undefined): Bitmap {
  if (width === undefined && height === undefined) return image;
  const w = width ?? Math.max(1, Math.round((image.width * height!) / image.height));
  const h = height ?? Math.max(1, Math.round((image.height * width!) / image.width));
  checkSize(w, h);
  if (Math.abs(w - image.width) <= 1 && Math.abs(h - image.height) <= 1) return image;
  return scaleBitmap(image, w, h);
}

function checkSize(width: number, height: number): void {
  if (width < 1 || height < 1) throw new HelperFailure(CODE.noPageSize, `the page has no size (${width} x ${height} dots)`);
  if (width > MAX_PAGE_WIDTH || height > MAX_PAGE_HEIGHT) {
    throw new HelperFailure(CODE.parameter, `page ${width} x ${height} dots is larger than this helper prints (${MAX_PAGE_WIDTH} x ${MAX_PAGE_HEIGHT} dots)`);
  }
}

/** A finished page within the size limits (checked after turning). */
function checkedPage(page: Bitmap): Bitmap {
  checkSize(page.width, page.height);
  return page;
}

function objectField(o: Record<string, unknown>, name: string): Record<string, unknown> {
  const v = o[name];
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new HelperFailure(CODE.parameter, `${name} must be an object`);
  return v as Record<string, unknown>;
}

/** Params' number reading over a JSON object (numbers, or texts holding numbers). */
class JsonFields {
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
}

