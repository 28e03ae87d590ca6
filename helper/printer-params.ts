/**
 * GetParam / SetParam (the SDK's LPA_ParamID numbering) and the helper state that outlives a
 * restart: each printer's print settings (gap type, darkness, speed, gap length) and the
 * default printer. The vendor's helper keeps these in the printer and its own settings, so
 * a client that set them once expects them after the helper (or the machine) restarts; we
 * keep them in `<dataDir>/helper-state.json`, written whole to a temporary file and renamed
 * over the old one, so a crash mid-write leaves the previous state, never half a file.
 *
 * Params:
 *   1 gap type (0 none, 1 hole, 2 gap, 3 black mark, 255 unset)   get / set, per printer
 *   2 darkness 0-14 (255 unset), 3 speed 0-4 (255 unset)           get / set, per printer
 *   4, 5 resolution x / y, dpi                                     get (the printer's own)
 *   36 image alignment 0-4 (default 1, centred)                    get / set, for the session
 *   200 maker, 201 device name, 204 software version, 205 hardware version,
 *   206 device type, 208 print-head width (dots), 232 printability   get only
 * Any other id is refused with code 1 naming the ids there are.
 */
import { readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import type { PrinterEntry } from './printers.ts';
import type { GapType } from './printer.ts';
import { UNSET, unsetOr } from './pages.ts';
import { CODE, HELPER_VERSION, HelperFailure, type Params } from './protocol.ts';

export const PARAM = {
  gapType: 1,
  darkness: 2,
  speed: 3,
  dpiX: 4,
  dpiY: 5,
  imageAlignment: 36,
  deviceFactory: 200,
  deviceName: 201,
  softwareVersion: 204,
  hardwareVersion: 205,
  deviceType: 206,
  deviceWidth: 208,
  isPrintable: 232,
} as const;

const SETTABLE = 'settable: 1 gap type, 2 darkness, 3 speed, 36 image alignment';
const READABLE = 'readable: 1-5, 36, 200, 201, 204, 205, 206, 208, 232';

/** LPA_Printable: 0 the printer can print; 20 it is not ready (here: it does not answer). */
const PRINTABLE = 0;
const NOT_READY = 20;

/** Print settings a client stored for one printer; unset ones are left to the printer. */
export interface StoredSettings {
  gapType?: GapType;
  darkness?: number;
  speed?: number;
  gapLengthMm?: number;
}

interface StateFile {
  defaultPrinter?: string;
  printers: Record<string, StoredSettings>;
}

/** What a param read needs besides the stored settings. */
export interface ParamContext {
  imageAlignment: number;
  isOnline: (entry: PrinterEntry) => Promise<boolean>;
}

export class HelperState {
  private readonly printers = new Map<string, StoredSettings>();
  private defaultName?: string;
  /** Writes one after another: the file always ends as the last change left it. */
  private writing: Promise<void> = Promise.resolve();

  /**
   * Reads `file` (missing: a first start). A damaged file is logged and ignored, so the
   * helper still starts; the next change writes a good one.
   */
  constructor(
    private readonly file?: string,
    log: (line: string) => void = () => {},
  ) {
    if (!file) return;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') log(`cannot read ${file}: ${(e as Error).message}; starting with default settings`);
      return;
    }
    try {
      const state = JSON.parse(text) as Partial<StateFile>;
      if (typeof state.defaultPrinter === 'string') this.defaultName = state.defaultPrinter;
      for (const [name, s] of Object.entries(state.printers ?? {})) this.printers.set(name, cleanSettings(s));
    } catch (e) {
      log(`${file} is not valid JSON (${(e as Error).message}); starting with default settings`);
    }
  }

  get defaultPrinter(): string | undefined {
    return this.defaultName;
  }

  async setDefaultPrinter(name: string): Promise<void> {
    this.defaultName = name;
    await this.save();
  }

  settings(entry: PrinterEntry): StoredSettings {
    return this.printers.get(entry.printer.description.name) ?? {};
  }

  async getParam(entry: PrinterEntry, params: Params, ctx: ParamContext): Promise<{ id: number; value: number | string }> {
    const id = params.number(['id', 'paramID', 'paramId', 'key'], { integer: true });
    if (id === undefined) throw new HelperFailure(CODE.parameter, `GetParam needs id (${READABLE})`);
    const s = this.settings(entry);
    const d = entry.printer.description;
    const value = await (async (): Promise<number | string | undefined> => {
      switch (id) {
        case PARAM.gapType: return s.gapType ?? UNSET;
        case PARAM.darkness: return s.darkness ?? UNSET;
        case PARAM.speed: return s.speed ?? UNSET;
        case PARAM.dpiX:
        case PARAM.dpiY: return d.dpi;
        case PARAM.imageAlignment: return ctx.imageAlignment;
        case PARAM.deviceFactory: return 'Assetmark';
        case PARAM.deviceName: return d.name;
        case PARAM.softwareVersion: return HELPER_VERSION;
        // Our printers are drivers (virtual, CUPS, raw network), not hardware of ours.
        case PARAM.hardwareVersion: return '';
        case PARAM.deviceType: return entry.type;
        case PARAM.deviceWidth: return Math.round((d.widthMm * d.dpi) / 25.4);
        case PARAM.isPrintable: return (await ctx.isOnline(entry)) ? PRINTABLE : NOT_READY;
        default: return undefined;
      }
    })();
    if (value === undefined) throw new HelperFailure(CODE.parameter, `unknown parameter id ${id} (${READABLE})`);
    return { id, value };
  }

  /**
   * Stores one setting of `entry`; image alignment (36) goes to `setImageAlignment`, the
   * session's. The value is checked before anything changes.
   */
  async setParam(entry: PrinterEntry, params: Params, setImageAlignment: (value: number) => void): Promise<true> {
    const id = params.number(['id', 'paramID', 'paramId', 'key'], { integer: true });
    if (id === undefined) throw new HelperFailure(CODE.parameter, `SetParam needs id (${SETTABLE})`);
    const names = ['value', 'paramValue'];
    if (id === PARAM.dpiX || id === PARAM.dpiY) throw new HelperFailure(CODE.unsupported, "the resolution is the printer's own and cannot be set");
    if (id >= PARAM.deviceFactory && id <= PARAM.isPrintable) throw new HelperFailure(CODE.unsupported, `parameter ${id} describes the printer and cannot be set`);
    if (!params.has(...names)) throw new HelperFailure(CODE.parameter, 'SetParam needs value');
    if (id === PARAM.imageAlignment) {
      setImageAlignment(params.number(names, { integer: true, min: 0, max: 4 })!);
      return true;
    }
    const s = { ...this.settings(entry) };
    if (id === PARAM.gapType) s.gapType = unsetOr(params.choice(names, [0, 1, 2, 3, UNSET] as const), 'gapType') as GapType | undefined;
    else if (id === PARAM.darkness) s.darkness = unsetOr(params.number(names, { integer: true, min: 0, max: UNSET }), 'darkness', 14);
    else if (id === PARAM.speed) s.speed = unsetOr(params.number(names, { integer: true, min: 0, max: UNSET }), 'speed', 4);
    else throw new HelperFailure(CODE.parameter, `unknown parameter id ${id} (${SETTABLE})`);
    this.printers.set(entry.printer.description.name, s);
    await this.save();
    return true;
  }

  private save(): Promise<void> {
    const file = this.file;
    if (!file) return Promise.resolve();
    const state: StateFile = { printers: Object.fromEntries(this.printers) };
    if (this.defaultName !== undefined) state.defaultPrinter = this.defaultName;
    const text = `${JSON.stringify(state, null, 2)}\n`;
    const write = async () => {
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, text);
      await rename(temporary, file);
    };
    this.writing = this.writing.then(write, write);
    return this.writing.catch((e: unknown) => {
      throw new HelperFailure(CODE.system, `the setting is made but could not be saved to ${file}: ${(e as Error).message}`);
    });
  }
}

/** Only known settings with values in range survive a hand-edited file. */
function cleanSettings(raw: unknown): StoredSettings {
  const s = (raw ?? {}) as Record<string, unknown>;
  const out: StoredSettings = {};
  const within = (v: unknown, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max;
  if (within(s.gapType, 3)) out.gapType = s.gapType as GapType;
  if (within(s.darkness, 14)) out.darkness = s.darkness as number;
  if (within(s.speed, 4)) out.speed = s.speed as number;
  if (typeof s.gapLengthMm === 'number' && s.gapLengthMm >= 0 && s.gapLengthMm <= 25.4) out.gapLengthMm = s.gapLengthMm;
  return out;
}
