/**
 * JSON mode (printing-protocol.md; spec section 4): a whole job in one
 * `POST lpapi/Print?action=N` with `{jobInfo, jobPages, printerInfo, jobArguments}`. Lengths
 * are mm (mm x 100 with jobInfo.scaleUnit 1). Action bits: 0x1000 prints (the reply comes
 * once the printer confirmed the last page), 2 returns each page as a base64 PNG data URL;
 * 1 (printer data as hex) and 4 (preview URLs) are not supported (code 8).
 *
 * Pages are drawn from `image` items ({x, y, width, height, imageFile: base64 or a data
 * URL, threshold}); other item types (text, barcode, ...) are refused with code 8: the web
 * app renders a label to an image first, which is what this helper prints. jobArguments
 * (values for text items' placeholders) have nothing to fill in image items and are ignored.
 * Every page is built and checked before the first is printed.
 */
import { pageToPng } from '../src/engine/png.ts';
import { blankBitmap, drawBitmap, turnBitmap } from './bitmap.ts';
import { decodeBase64Payload, FORMAT_FILE, imageToBitmap } from './images.ts';
import type { ActionRequest } from './lpapi.ts';
import { checkedPage, checkSize, fitToSize, ORIENTATIONS, type SettingSource } from './pages.ts';
import type { PrinterEntry, PrinterRegistry } from './printers.ts';
import type { Bitmap, PrintSettings } from './printer.ts';
import { clip, CODE, HelperFailure, lengthToDots, MAX_COPIES, MAX_JOB_BYTES, MAX_JOB_PAGES, Params, thresholdOf } from './protocol.ts';

/** Print action bits (spec section 9). */
const ACTION_PRINT = 0x1000;
const ACTION_PREVIEW_BASE64 = 2;
const ACTION_HEX = 1;
const ACTION_PREVIEW_URL = 4;

/** What JSON mode needs of the helper's session. */
export interface JsonSession {
  registry: PrinterRegistry;
  /** The open printer, used when printerInfo names none. */
  opened: PrinterEntry | undefined;
  printSettings(entry: PrinterEntry, source: SettingSource, scaleUnit: number, copies: number, jobName: string): PrintSettings;
}

export async function printJsonJob(req: ActionRequest, session: JsonSession): Promise<Record<string, unknown>> {
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
    entry = await session.registry.find(printerName);
    if (!entry) throw new HelperFailure(CODE.noPrinter, `no printer named '${clip(printerName)}' (GetPrinters lists them)`);
  } else entry = session.opened;
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
    const settings = session.printSettings(entry!, info, scaleUnit, copies, jobName);
    await session.registry.print(entry!, pages.map((page) => ({ page, settings })), req.signal);
    result.printerName = entry!.printer.description.name;
  }
  return result;
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
}

