/**
 * What a finished job hands back (JSON mode's Print and the call-by-call job alike): the
 * action bits a client asks with, and the results it reads (the SDK's PrintJobResults).
 *
 * Action bits (printing-protocol.md, dtpweb 2.7): 0x1000 print; 2 preview images as base64
 * PNG data URLs (`previewData`); 0x80 with them: transparent white (PNG tRNS), so a page
 * can lay the label over its own background; 4 preview URLs (`previewURLs`, served by the
 * helper for the minutes in the action's high 16 bits, default 30); 1 the printer data
 * (`printData`: each page as the printer's own commands, hex, in chunks of at most 2000
 * hex digits, with printBytes, compressRates and zipMethod). 0 is print. Other bits are
 * refused with code 8 before anything is drawn.
 */
import { pageToPng } from '../src/engine/png.ts';
import { encodeTspl } from './languages/tspl.ts';
import { encodeZpl } from './languages/zpl.ts';
import { DEFAULT_PREVIEW_MINUTES, type PreviewStore } from './previews.ts';
import type { Bitmap, PrintSettings } from './printer.ts';
import { CODE, HelperFailure } from './protocol.ts';

export const ACTION = { printData: 0x01, preview: 0x02, previewUrl: 0x04, transparent: 0x80, print: 0x1000 } as const;
const KNOWN_BITS = ACTION.printData | ACTION.preview | ACTION.previewUrl | ACTION.transparent | ACTION.print;
/** Hex digits a printData chunk holds at most (the SDK's "at most 1000 bytes a line"). */
const HEX_CHUNK = 2000;

export interface JobAction {
  print: boolean;
  preview: boolean;
  transparent: boolean;
  previewUrls: boolean;
  printData: boolean;
  /** How long preview URLs stay, minutes. */
  urlMinutes: number;
}

export function parseAction(action: number): JobAction {
  if (!Number.isInteger(action) || action < 0) throw new HelperFailure(CODE.parameter, `action must be a whole number, got ${action}`);
  const bits = action & 0xffff;
  if ((bits & ~KNOWN_BITS) !== 0) {
    throw new HelperFailure(CODE.unsupported, `Print action 0x${bits.toString(16)} is not supported: combine 0x1000 print, 2 preview, 0x80 transparent preview, 4 preview URL, 1 printer data`);
  }
  const minutes = Math.floor(action / 0x10000);
  return {
    print: bits === 0 || (bits & ACTION.print) !== 0,
    // 0x80 alone is a transparent preview (the SDK's "#!#Transparent#!#" jobs send 130).
    preview: (bits & (ACTION.preview | ACTION.transparent)) !== 0,
    transparent: (bits & ACTION.transparent) !== 0,
    previewUrls: (bits & ACTION.previewUrl) !== 0,
    printData: (bits & ACTION.printData) !== 0,
    urlMinutes: minutes > 0 ? minutes : DEFAULT_PREVIEW_MINUTES,
  };
}

export interface ResultContext {
  previews: PreviewStore;
  /** The helper's own address (http://127.0.0.1:PORT) for preview URLs. */
  baseUrl: string;
  /** The printer's language for printData; ZPL when no printer is named. */
  language: 'zpl' | 'tspl';
  settings: PrintSettings;
}

/** The results of `pages` for `action`, the time the job started at. */
export function jobResults(pages: readonly Bitmap[], action: JobAction, ctx: ResultContext, started: Date): Record<string, unknown> {
  const result: Record<string, unknown> = { pages: pages.length, width: pages[0]?.width ?? 0, height: pages[0]?.height ?? 0 };
  if (action.preview || action.previewUrls) {
    const pngs = pages.map((p) => pageToPng(p, ctx.settings.dpi, { transparentWhite: action.transparent }));
    if (action.preview) result.previewData = pngs.map((png) => `data:image/png;base64,${Buffer.from(png).toString('base64')}`);
    if (action.previewUrls) result.previewURLs = pngs.map((png) => `${ctx.baseUrl}${ctx.previews.put(png, action.urlMinutes)}`);
  }
  if (action.printData) {
    const encode = ctx.language === 'zpl' ? encodeZpl : encodeTspl;
    const data = pages.map((p) => encode(p, { ...ctx.settings, copies: 1 }));
    result.printData = data.map((bytes) => hexChunks(bytes));
    result.printBytes = data.map((bytes) => bytes.length);
    result.compressRates = data.map((bytes, i) => Math.round((bytes.length / Math.max(1, Math.ceil(pages[i]!.width / 8) * pages[i]!.height)) * 10000) / 100);
    result.zipMethod = ctx.language === 'zpl' ? 'ZPL ^GFA ACS' : 'TSPL BITMAP';
  }
  const ended = new Date();
  result.startTime = stamp(started);
  result.endTime = stamp(ended);
  result.timeSpan = (ended.getTime() - started.getTime()) / 1000;
  return result;
}

function hexChunks(bytes: Uint8Array): string[] {
  const hex = Buffer.from(bytes).toString('hex').toUpperCase();
  const out: string[] = [];
  for (let i = 0; i < hex.length; i += HEX_CHUNK) out.push(hex.slice(i, i + HEX_CHUNK));
  return out;
}

/** 2022-09-26 14:18:18.123, local time (the SDK's form). */
function stamp(d: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)}`;
}
