/**
 * The web app's client of a print helper (ours in helper/, or the vendor's): the LPAPI calls
 * the print flow needs, each `POST {baseUrl}/lpapi/{Action}` with url-encoded parameters
 * (printing-protocol.md "Calls"), each with a time-out and an AbortSignal, each returning a
 * HelperResult.
 *
 * The print flow (spec section 4): findHelper -> getPrinters -> openPrinter ->
 * getPrinterDpi (the name rule when the helper cannot tell) -> setParams (gap type,
 * darkness, speed, only those set) -> printPage for each page (PrintImageD with the 1-bit
 * page) -> closePrinter. The job calls (startJob ... commitJob) and JSON mode (`print`) are
 * there for helpers that work that way.
 *
 * Time-outs (spec section 9): 2000 ms a call on this machine (5000 ms for a remote
 * helper), printer list 5000 ms, open printer 10000 ms, printing and job calls 60 s.
 */
import type { Page } from '../../engine/types.ts';
import { fail, ok, parameterError, type HelperResult } from './errors.ts';
import { JSON_PRINT_ACTION, type JsonItem, type JsonJobInfo, type JsonPrinterInfo } from './json-mode.ts';
import { isLoopback, isPlainHttpPage, type FoundHelper, type PageLocation } from './probe.ts';
import {
  dpiFromPrinterName,
  isLocalPrinter,
  isOrientation,
  isValidPrintParam,
  MAX_COPIES,
  mmToWire,
  normaliseThreshold,
  PRINT_PARAMS,
  UNSET,
  type Orientation,
  type PrintParamName,
} from './rules.ts';
import { exchange } from './transport.ts';
import { BASE64_CONTENT_TYPE, drawImageRequest, encodeParams, printImageRequest, type PageOptions, type WireParams } from './wire.ts';

export const TIMEOUTS = {
  /** Any call to a helper on this machine. */
  call: 2000,
  /** Any call to a helper on another host. */
  remoteCall: 5000,
  getPrinters: 5000,
  openPrinter: 10000,
  /** Printing a page and the job calls: the reply waits for the printer. */
  job: 60000,
} as const;

/** Per call: a cancel signal and a time-out other than the call's default, ms. */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** A printer as GetPrinters lists it, plus the spec's local-printer rule applied. */
export interface HelperPrinter {
  name: string;
  /** The helper's printer type; local printers have small types (rules.ts isLocalPrinter). */
  type: number;
  ip: string;
  httpPort: number;
  httpsPort: number;
  /** Native resolution the helper reports, dpi; 0 when it does not say. */
  deviceDpi: number;
  /** Print-head width as the helper reports it (ours: dots); 0 when it does not say. */
  deviceWidth: number;
  isOnline: boolean;
  macAddress: string;
  /** isLocalPrinter(type, the helper's version). */
  local: boolean;
}

export interface GetPrintersOptions extends CallOptions {
  onlyOnline?: boolean;
  /** Also applied here with the spec's rule, as older helpers decide "local" otherwise. */
  onlyLocal?: boolean;
  onlySupported?: boolean;
  /** Ask the helper to query its printers again rather than answer from its cache. */
  refreshInfo?: boolean;
}

/** Printer settings SetParam applies; undefined or 255 leaves the printer's own. */
export interface PrinterParams {
  /** 0 none, 1 hole, 2 gap, 3 black mark. */
  gapType?: number;
  /** 0-14. */
  darkness?: number;
  /** 0 (slowest) - 4 (fastest). */
  speed?: number;
}

export interface StartJobOptions extends CallOptions {
  printerName: string;
  /** Page size, mm. */
  widthMm: number;
  heightMm: number;
  orientation?: Orientation;
  /** "dtpweb" prints (default); "#!#Preview#!#" previews. */
  jobName?: string;
  /** Gap between labels, mm. */
  gapLengthMm?: number;
}

export interface CommitJobOptions extends CallOptions {
  copies?: number;
  orientation?: Orientation;
  threshold?: number;
  /** 0-4 or 255; see PrinterParams. */
  printSpeed?: number;
  printDarkness?: number;
  gapType?: number;
  gapLengthMm?: number;
}

export interface HelperClientOptions {
  /** The helper's version string (ServerInfo), for the local-printer rule. */
  version: string;
  /** Default time-out of plain calls, ms; default 2000 for 127.0.0.1/localhost, else 5000. */
  callTimeoutMs?: number;
  /** The page the client runs in (plain-http detection); default globalThis.location. */
  page?: PageLocation | undefined;
}

export class HelperClient {
  readonly baseUrl: string;
  readonly version: string;
  private readonly plainHttp: boolean;
  private readonly callTimeoutMs: number;

  constructor(baseUrl: string, options: HelperClientOptions) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.version = options.version;
    this.plainHttp = isPlainHttpPage(options.page);
    let local = false;
    try {
      local = isLoopback(new URL(this.baseUrl).hostname);
    } catch {
      // A malformed base URL fails at the first call as a network error; time-outs don't matter.
    }
    this.callTimeoutMs = options.callTimeoutMs ?? (local ? TIMEOUTS.call : TIMEOUTS.remoteCall);
  }

  /** The client for what findHelper found. */
  static of(found: FoundHelper, options: Omit<HelperClientOptions, 'version'> = {}): HelperClient {
    return new HelperClient(found.baseUrl, { ...options, version: found.version });
  }

  /** GetPrinters: the helper's printers, filtered as asked. */
  async getPrinters(options: GetPrintersOptions = {}): Promise<HelperResult<HelperPrinter[]>> {
    const reply = await this.call(
      'GetPrinters',
      {
        onlyOnline: options.onlyOnline,
        onlyLocal: options.onlyLocal,
        onlySupported: options.onlySupported,
        refreshInfo: options.refreshInfo,
      },
      options,
      TIMEOUTS.getPrinters,
    );
    if (!reply.ok) return reply;
    const list = field(reply.value, 'printers');
    // A helper with no printers may leave the list out.
    if (list === undefined) return ok([]);
    if (!Array.isArray(list)) return fail({ kind: 'badReply', detail: 'printers is not a list' });
    const printers: HelperPrinter[] = [];
    for (const item of list) {
      const printer = this.readPrinter(item);
      if (printer && !(options.onlyLocal && !printer.local)) printers.push(printer);
    }
    return ok(printers);
  }

  /** OpenPrinter by name, with the address GetPrinters gave for a network printer. */
  async openPrinter(printer: string | HelperPrinter, options: CallOptions = {}): Promise<HelperResult<void>> {
    if (typeof printer === 'string') {
      if (printer === '') return parameterError('printerName is empty');
      return this.done(await this.call('OpenPrinter', { printerName: printer }, options, TIMEOUTS.openPrinter));
    }
    const params: WireParams = { printerName: printer.name, type: printer.type };
    if (printer.ip) {
      params.ip = printer.ip;
      params.httpPort = printer.httpPort || undefined;
      params.httpsPort = printer.httpsPort || undefined;
    }
    return this.done(await this.call('OpenPrinter', params, options, TIMEOUTS.openPrinter));
  }

  /** ClosePrinter: the open printer, or the one named. */
  async closePrinter(printerName?: string, options: CallOptions = {}): Promise<HelperResult<void>> {
    return this.done(await this.call('ClosePrinter', { printerName }, options));
  }

  async isPrinterOnline(printerName: string, options: CallOptions = {}): Promise<HelperResult<boolean>> {
    const reply = await this.call('IsPrinterOnline', { printerName }, options);
    // The vendor's rule, which our helper follows: code 0 is online, code 3 is not.
    if (!reply.ok) return reply.error.kind === 'code' && reply.error.code === 3 ? ok(false) : reply;
    const value = typeof reply.value === 'boolean' ? reply.value : field(reply.value, 'isOnline') ?? field(reply.value, 'online');
    return typeof value === 'boolean' ? ok(value) : fail({ kind: 'badReply', detail: 'no online state' });
  }

  /**
   * The printer's resolution: GetPrinterDPI, else the name rule (spec section 4). The rule
   * applies when the helper answers but cannot tell (an error code, no or a nonsensical
   * dpi); a timeout, a network error or a cancel is returned, as the next call would fail
   * the same way and the user should see why.
   */
  async getPrinterDpi(
    printerName: string,
    options: CallOptions = {},
  ): Promise<HelperResult<{ dpi: number; fromName: boolean }>> {
    const reply = await this.call('GetPrinterDPI', { printerName }, options);
    if (!reply.ok && reply.error.kind !== 'code' && reply.error.kind !== 'badReply') return reply;
    const dpi = reply.ok ? (field(reply.value, 'dpiX') ?? field(reply.value, 'dpi')) : undefined;
    if (typeof dpi === 'number' && Number.isFinite(dpi) && dpi >= 50 && dpi <= 2400) {
      return ok({ dpi: Math.round(dpi), fromName: false });
    }
    return ok({ dpi: dpiFromPrinterName(printerName), fromName: true });
  }

  /** SetParam one setting (ids: 1 gap type, 2 darkness, 3 speed); checks the spec's range. */
  async setParam(printerName: string, param: PrintParamName, value: number, options: CallOptions = {}): Promise<HelperResult<void>> {
    if (!isValidPrintParam(param, value)) {
      return parameterError(`${param} must be 0 to ${PRINT_PARAMS[param].max} or 255, not ${String(value)}`);
    }
    return this.done(await this.call('SetParam', { printerName, key: PRINT_PARAMS[param].id, value }, options));
  }

  /**
   * Gap type, darkness and speed, each only when set (not undefined, not 255), in that
   * order (spec section 4). All values are checked before the first is sent, so a bad one
   * changes nothing.
   */
  async setParams(printerName: string, params: PrinterParams, options: CallOptions = {}): Promise<HelperResult<void>> {
    const order: PrintParamName[] = ['gapType', 'darkness', 'speed'];
    const set = order.filter((name) => params[name] !== undefined && params[name] !== UNSET);
    for (const name of set) {
      const value = params[name]!;
      if (!isValidPrintParam(name, value)) {
        return parameterError(`${name} must be 0 to ${PRINT_PARAMS[name].max} or 255, not ${String(value)}`);
      }
    }
    for (const name of set) {
      const result = await this.setParam(printerName, name, params[name]!, options);
      if (!result.ok) return result;
    }
    return ok(undefined);
  }

  /**
   * PrintImageD with one finished 1-bit page (pixel format 1). Resolves once the helper
   * replied, which for our helper means the printer confirmed the page.
   */
  async printPage(page: Page, options: PageOptions & CallOptions): Promise<HelperResult<void>> {
    const bad = checkPage(page) ?? checkPageOptions(options);
    if (bad) return parameterError(bad);
    const { query, body } = printImageRequest(page, options);
    return this.done(
      await this.send(`PrintImageD?${query}`, { 'Content-Type': BASE64_CONTENT_TYPE }, body, options, TIMEOUTS.job),
    );
  }

  /** StartJob: page size in mm x 100 with scaleUnit=1. */
  async startJob(options: StartJobOptions): Promise<HelperResult<void>> {
    if (!(options.widthMm > 0 && options.heightMm > 0)) return parameterError('the page needs a width and a height');
    if (options.orientation !== undefined && !isOrientation(options.orientation)) {
      return parameterError('orientation must be 0, 90, 180 or 270');
    }
    const params: WireParams = {
      printerName: options.printerName,
      width: mmToWire(options.widthMm),
      height: mmToWire(options.heightMm),
      scaleUnit: 1,
      orientation: options.orientation ?? 0,
      jobName: options.jobName ?? 'dtpweb',
      gapLen: options.gapLengthMm === undefined ? undefined : mmToWire(options.gapLengthMm),
    };
    return this.done(await this.call('StartJob', params, options, TIMEOUTS.job));
  }

  async startPage(options: CallOptions = {}): Promise<HelperResult<void>> {
    return this.done(await this.call('StartPage', {}, options, TIMEOUTS.job));
  }

  /**
   * DrawImageD: a finished 1-bit page (or part of one) onto the job's page at (x, y) mm, at
   * its own size at `dpi`. A whole label page is drawn at the origin.
   */
  async drawPage(page: Page, options: { dpi: number; xMm?: number; yMm?: number } & CallOptions): Promise<HelperResult<void>> {
    const bad = checkPage(page) ?? (Number.isFinite(options.dpi) && options.dpi > 0 ? undefined : `dpi must be above 0, not ${String(options.dpi)}`);
    if (bad) return parameterError(bad);
    const { query, body } = drawImageRequest(page, options);
    return this.done(
      await this.send(`DrawImageD?${query}`, { 'Content-Type': BASE64_CONTENT_TYPE }, body, options, TIMEOUTS.job),
    );
  }

  async endPage(options: CallOptions = {}): Promise<HelperResult<void>> {
    return this.done(await this.call('EndPage', {}, options, TIMEOUTS.job));
  }

  /** CommitJob: prints what the job drew, with the job's settings (spec ranges checked). */
  async commitJob(options: CommitJobOptions = {}): Promise<HelperResult<void>> {
    const copies = options.copies ?? 1;
    if (!Number.isInteger(copies) || copies < 1 || copies > MAX_COPIES) return parameterError(`copies must be 1 to ${MAX_COPIES}`);
    if (options.orientation !== undefined && !isOrientation(options.orientation)) {
      return parameterError('orientation must be 0, 90, 180 or 270');
    }
    for (const [name, value] of [
      ['speed', options.printSpeed],
      ['darkness', options.printDarkness],
      ['gapType', options.gapType],
    ] as const) {
      if (value !== undefined && !isValidPrintParam(name, value)) {
        return parameterError(`${name} must be 0 to ${PRINT_PARAMS[name].max} or 255, not ${String(value)}`);
      }
    }
    const params: WireParams = {
      copies,
      orientation: options.orientation,
      threshold: normaliseThreshold(options.threshold),
      printSpeed: options.printSpeed,
      printDarkness: options.printDarkness,
      gapType: options.gapType,
      gapLength: options.gapLengthMm === undefined ? undefined : mmToWire(options.gapLengthMm),
    };
    return this.done(await this.call('CommitJob', params, options, TIMEOUTS.job));
  }

  async abortJob(options: CallOptions = {}): Promise<HelperResult<void>> {
    return this.done(await this.call('AbortJob', {}, options, TIMEOUTS.job));
  }

  /**
   * JSON mode: the whole job in one `Print?action=4096` request (json-mode.ts builds page
   * items). Resolves with the helper's resultInfo.
   */
  async print(
    jobInfo: JsonJobInfo,
    jobPages: JsonItem[][],
    printerInfo: JsonPrinterInfo,
    options: CallOptions = {},
  ): Promise<HelperResult<unknown>> {
    if (printerInfo.printerName === '') return parameterError('printerName is empty');
    if (jobPages.length === 0) return parameterError('the job has no pages');
    if (!(jobInfo.jobWidth > 0 && jobInfo.jobHeight > 0)) return parameterError('the job needs a width and a height');
    const body = JSON.stringify({
      action: JSON_PRINT_ACTION,
      jobInfo: { ...jobInfo, grayThreshold: normaliseThreshold(jobInfo.grayThreshold) },
      jobPages,
      printerInfo,
    });
    return this.send(
      `Print?${encodeParams({ action: JSON_PRINT_ACTION })}`,
      { 'Content-Type': 'application/json;charset=utf-8' },
      body,
      options,
      TIMEOUTS.job,
    );
  }

  // --- the wire ---------------------------------------------------------------------

  /** A form call: parameters in the query and, url-encoded the same, in the body. */
  private call(action: string, params: WireParams, options: CallOptions, timeoutMs = this.callTimeoutMs) {
    const encoded = encodeParams(params);
    return this.send(
      `${action}?${encoded}`,
      { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
      encoded,
      options,
      timeoutMs,
    );
  }

  private send(path: string, headers: Record<string, string>, body: string, options: CallOptions, timeoutMs: number) {
    return exchange({
      url: `${this.baseUrl}/lpapi/${path}`,
      method: 'POST',
      headers,
      body,
      timeoutMs: options.timeoutMs ?? timeoutMs,
      signal: options.signal,
      plainHttp: this.plainHttp,
    });
  }

  private done(result: HelperResult<unknown>): HelperResult<void> {
    return result.ok ? ok(undefined) : result;
  }

  private readPrinter(item: unknown): HelperPrinter | undefined {
    const name = field(item, 'name') ?? field(item, 'printerName');
    if (typeof name !== 'string' || name === '') return undefined;
    const type = num(field(item, 'type'));
    return {
      name,
      type,
      ip: str(field(item, 'ip')),
      httpPort: num(field(item, 'httpPort')),
      httpsPort: num(field(item, 'httpsPort')),
      deviceDpi: num(field(item, 'deviceDPI')),
      deviceWidth: num(field(item, 'deviceWidth')),
      isOnline: field(item, 'isOnline') !== false,
      macAddress: str(field(item, 'macAddress')),
      local: isLocalPrinter(type, this.version),
    };
  }
}

/** A reply object's field, or undefined for anything that is not an object. */
function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** Numbers may come as numbers or numeric strings; anything else counts as 0. */
function num(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Why a page cannot be sent, or undefined. */
function checkPage(page: Page): string | undefined {
  if (!Number.isInteger(page.width) || !Number.isInteger(page.height) || page.width < 1 || page.height < 1) {
    return `the page has no area (${page.width} x ${page.height} dots)`;
  }
  const rowBytes = Math.ceil(page.width / 8);
  if (!Number.isInteger(page.stride) || page.stride < rowBytes) return `the page's stride ${page.stride} is below ${rowBytes} bytes`;
  if (page.data.length < page.stride * (page.height - 1) + rowBytes) return "the page's data is shorter than its size";
  if ('grey' in page && (page as { grey?: unknown }).grey === true) return 'the page is grey, not 1-bit';
  return undefined;
}

function checkPageOptions(options: PageOptions): string | undefined {
  if (options.printerName === '') return 'printerName is empty';
  if (!(Number.isFinite(options.dpi) && options.dpi > 0)) return `dpi must be above 0, not ${String(options.dpi)}`;
  const copies = options.copies ?? 1;
  if (!Number.isInteger(copies) || copies < 1 || copies > MAX_COPIES) return `copies must be 1 to ${MAX_COPIES}`;
  if (options.orientation !== undefined && !isOrientation(options.orientation)) return 'orientation must be 0, 90, 180 or 270';
  return undefined;
}
