/**
 * The symbologies the facade knows: their engine id (zint's barcode number, as in
 * `crates/symbology/src/symbology.rs`), how text becomes the bytes the engine encodes, and
 * how options become the symbol spec's option records (`crates/engine/src/symbol_spec.rs`,
 * options format version 1: `version u8`, then `tag u8, length u8, value` records).
 */
import { EngineError, ErrorCode } from './errors.ts';
import type { BarcodeData, BarcodeType, BoxAlign, BoxVerticalAlign, DmShape, LinearType, MatrixType, QrEcc, SymbolRequest, TextAlign, TextPosition } from './types.ts';

/** What every symbology has. */
interface SymbologyBase {
  /** zint's barcode number, the engine's symbology id. */
  id: number;
  /** Name used in messages (the engine's own name for it). */
  name: string;
  /**
   * Text to bytes: `latin1` maps U+0000-U+00FF to one byte each and refuses the rest;
   * `ascii?` is Latin-1 with every character beyond U+007F as `?` (Code 39/93, spec section
   * 5); `utf8` is UTF-8.
   */
  charset: 'latin1' | 'ascii?' | 'utf8';
  /**
   * The spec's sample content for the type (spec section 3): a new control's content.
   * Two-dimensional types share the 2D control's placeholder web address.
   */
  sample: string;
}

/** A linear symbology. */
export interface LinearInfo extends SymbologyBase {
  matrix: false;
  /**
   * Modules a symbol for `data` takes, quiet zones excluded, wide elements at twice the
   * narrow (the narrowest ratio drawn): a label control's minimum width is this at one
   * dot a module. For variable-length types an estimate from the character count, exact
   * for plain digits and plain capital letters.
   */
  modules(data: string): number;
}

/** A two-dimensional (matrix or stacked) symbology. */
export interface MatrixInfo extends SymbologyBase {
  matrix: true;
}

export type SymbologyInfo = LinearInfo | MatrixInfo;

/** Characters of `data`, at least 1 (an empty symbol is as wide as a one-character one). */
const chars = (data: string): number => Math.max(1, [...data].length);

/** The 2D control's default content (spec section 3: "a placeholder web address"). */
const WEB_ADDRESS_SAMPLE = 'https://example.com/';

/**
 * Every symbology, linear types first in the label editor's order. Module counts from the
 * symbologies' structure: EAN-13 / UPC-A / ISBN 95 modules (3 + 6 x 7 + 5 + 6 x 7 + 3),
 * EAN-8 67, UPC-E 51; ITF pairs of digits in 14 modules plus start (4) and stop (4 at
 * ratio 2), an odd count padded with a leading 0; Code 39 13 modules a character with the
 * start and stop characters, less the last gap; Code 93 9 a character with start, stop
 * and two check characters, plus the termination bar; Codabar 10 a digit (two wide
 * elements and the gap) and 11 each for the start and stop characters (three wide), less
 * the last gap; Code 128 11 a symbol character with start and check, plus the 13-module
 * stop, digits packed two to a character (code set C).
 */
export const SYMBOLOGIES: Readonly<{ [T in LinearType]: LinearInfo } & { [T in MatrixType]: MatrixInfo }> = {
  code128: {
    id: 20, name: 'Code 128', charset: 'latin1', matrix: false, sample: '12345678',
    modules(data) {
      const n = chars(data);
      // Digits: pairs in code set C; an odd count's last digit after a switch to set B
      // (one digit alone is one set-B character).
      const symbolChars = !/^\d+$/.test(data) || n === 1 ? n : n % 2 === 0 ? n / 2 : (n - 1) / 2 + 2;
      return (symbolChars + 2) * 11 + 13;
    },
  },
  ean13: { id: 13, name: 'EAN-13', charset: 'latin1', matrix: false, sample: '690123456789', modules: () => 95 },
  ean8: { id: 10, name: 'EAN-8', charset: 'latin1', matrix: false, sample: '6901234', modules: () => 67 },
  upca: { id: 34, name: 'UPC-A', charset: 'latin1', matrix: false, sample: '69012345678', modules: () => 95 },
  upce: { id: 37, name: 'UPC-E', charset: 'latin1', matrix: false, sample: '0123456', modules: () => 51 },
  isbn: { id: 69, name: 'ISBN', charset: 'latin1', matrix: false, sample: '978012345678', modules: () => 95 },
  code39: { id: 8, name: 'Code 39', charset: 'ascii?', matrix: false, sample: '12345678', modules: (data) => (chars(data) + 2) * 13 - 1 },
  code93: { id: 25, name: 'Code 93', charset: 'ascii?', matrix: false, sample: '12345678', modules: (data) => (chars(data) + 4) * 9 + 1 },
  codabar: { id: 18, name: 'Codabar', charset: 'latin1', matrix: false, sample: '12345678', modules: (data) => chars(data) * 10 + 21 },
  itf: {
    id: 3, name: 'Interleaved 2 of 5', charset: 'latin1', matrix: false, sample: '12345678',
    modules(data) {
      const n = chars(data);
      return (n + (n % 2)) * 7 + 8;
    },
  },
  itf14: { id: 89, name: 'ITF-14', charset: 'latin1', matrix: false, sample: '1234567890123', modules: () => 14 * 7 + 8 },
  qrcode: { id: 58, name: 'QR Code', charset: 'utf8', matrix: true, sample: WEB_ADDRESS_SAMPLE },
  datamatrix: { id: 71, name: 'Data Matrix', charset: 'utf8', matrix: true, sample: WEB_ADDRESS_SAMPLE },
  gridmatrix: { id: 142, name: 'Grid Matrix', charset: 'utf8', matrix: true, sample: WEB_ADDRESS_SAMPLE },
  pdf417: { id: 55, name: 'PDF417', charset: 'utf8', matrix: true, sample: WEB_ADDRESS_SAMPLE },
};

export const BARCODE_TYPES = Object.keys(SYMBOLOGIES) as BarcodeType[];
/** The linear types, in the table's order (the label's barcode control offers these). */
export const LINEAR_TYPES = BARCODE_TYPES.filter((t) => !SYMBOLOGIES[t].matrix) as readonly LinearType[];
/** The two-dimensional types (the label's 2D control offers these). */
export const MATRIX_TYPES = BARCODE_TYPES.filter((t) => SYMBOLOGIES[t].matrix) as readonly MatrixType[];

export function symbologyInfo(type: string): SymbologyInfo {
  if (!Object.hasOwn(SYMBOLOGIES, type)) {
    throw new EngineError(ErrorCode.Unsupported, `unsupported barcode type '${type}'`);
  }
  return SYMBOLOGIES[type as BarcodeType];
}

const utf8 = new TextEncoder();

/**
 * The bytes sent to the engine for `data`. Characters outside the type's byte range fail
 * here with the engine's message shape; bytes the symbology itself refuses (for Code 128
 * anything above 127) are left to the engine, which names them.
 */
export function dataBytes(type: BarcodeType, data: BarcodeData): Uint8Array {
  if (data instanceof Uint8Array) return data;
  const out = new Uint8Array(maxDataBytes(type, data));
  return out.subarray(0, writeDataBytes(type, data, out, 0));
}

/** An upper bound of `dataBytes(type, data).length`, without encoding. */
export function maxDataBytes(type: BarcodeType, data: BarcodeData): number {
  if (data instanceof Uint8Array) return data.length;
  return symbologyInfo(type).charset === 'utf8' ? data.length * 3 : data.length;
}

/** Writes `dataBytes(type, data)` into `out` at `at` (room: `maxDataBytes`); returns the
 * number of bytes written. */
export function writeDataBytes(type: BarcodeType, data: BarcodeData, out: Uint8Array, at: number): number {
  if (data instanceof Uint8Array) {
    out.set(data, at);
    return data.length;
  }
  const info = symbologyInfo(type);
  if (info.charset === 'utf8') return utf8.encodeInto(data, out.subarray(at)).written;
  let n = at;
  for (let i = 0; i < data.length; i++) {
    let c = data.charCodeAt(i);
    if (c > 0xff) {
      const wide = c >= 0xd800 && c <= 0xdbff && i + 1 < data.length; // a surrogate pair
      if (info.charset === 'ascii?') {
        c = 0x3f;
        if (wide) i += 1;
      } else {
        const ch = String.fromCodePoint(data.codePointAt(i)!);
        const position = Array.from(data.slice(0, i)).length + 1;
        throw new EngineError(ErrorCode.InvalidCharacter, `${info.name}: invalid character '${ch}' at position ${position}`);
      }
    } else if (c > 0x7f && info.charset === 'ascii?') {
      c = 0x3f;
    }
    out[n++] = c;
  }
  return n - at;
}

/*---- Options (symbol_spec.rs, options format version 1) ----*/

const OPTIONS_VERSION = 1;
const TAG = {
  textPosition: 1,
  textAlign: 2,
  textSize: 3,
  check: 4,
  fullAscii: 5,
  gs1: 6,
  binary: 7,
  ecc: 8,
  version: 9,
  mask: 10,
  quietZone: 11,
  wideRatio: 12,
  dmShape: 13,
  dmSize: 14,
  gmLayers: 15,
  gmEcc: 16,
  pdfEcc: 17,
  pdfColumns: 18,
  pdfRows: 19,
  pdfRowHeight: 20,
  pdfAspect: 21,
  boxAlign: 22,
  textFont: 23,
} as const;

const BOX_ALIGNS: Record<BoxAlign, number> = { left: 0, center: 1, right: 2 };
const BOX_VERTICAL_ALIGNS: Record<BoxVerticalAlign, number> = { top: 0, middle: 1, bottom: 2 };
/** Longest caption font name, bytes of UTF-8 (symbol_spec.rs MAX_FONT_NAME). */
const MAX_FONT_NAME_BYTES = 64;

const DM_SHAPES: Record<DmShape, number> = { auto: 0, square: 1, rectangle: 2 };

const TEXT_POSITIONS: Record<TextPosition, number> = { none: 0, above: 1, below: 2, mask: 3 };
const TEXT_ALIGNS: Record<TextAlign, number> = { left: 0, center: 1, right: 2, justify: 3 };
export const ECC_LEVELS: readonly QrEcc[] = ['L', 'M', 'Q', 'H'];

/** µm per point: 25.4 mm / 72. */
const UM_PER_POINT = 25_400 / 72;

type AnyOptions = Partial<Record<string, unknown>>;

function bad(field: string, expected: string, value: unknown): EngineError {
  return new EngineError(ErrorCode.Parameter, `${field} must be ${expected}, got ${JSON.stringify(value) ?? String(value)}`);
}

function flag(field: string, value: unknown): number {
  if (typeof value !== 'boolean') throw bad(field, 'true or false', value);
  return value ? 1 : 0;
}

function whole(field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw bad(field, `a whole number from ${min} to ${max}`, value);
  }
  return value;
}

/**
 * The options block for a request: empty when no option is given (every default), else
 * the version byte and one record per given option. Options the type does not take are
 * written anyway: the engine refuses them with a message naming the option.
 */
const NO_OPTIONS: readonly number[] = [];

/**
 * The records optionBytes writes, and `put`, which appends one: at module level rather
 * than a closure made per call (with the caption font's name below, optionBytes took
 * 1.9 µs per barcode, measured; it is synchronous, so one array serves every call).
 */
const records: number[] = [];
function put(tag: number, ...value: number[]): void {
  records.push(tag, value.length, ...value);
}

/** UTF-8 of caption font names, remembered: every barcode of every page names one, and
 * TextEncoder.encode cost about 0.4 µs a call (measured). */
const fontNameMemo = new Map<string, number[]>();
function fontNameBytes(name: string): readonly number[] {
  let bytes = fontNameMemo.get(name);
  if (bytes === undefined) {
    bytes = Array.from(utf8.encode(name));
    if (fontNameMemo.size >= 64) fontNameMemo.clear();
    fontNameMemo.set(name, bytes);
  }
  return bytes;
}

export function optionBytes(request: SymbolRequest): readonly number[] {
  const o = request as unknown as AnyOptions;
  // The common case, type and data only: nothing to write.
  let given = false;
  for (const key in o) {
    if (key !== 'type' && key !== 'data' && o[key] !== undefined) {
      given = true;
      break;
    }
  }
  const takesBinary = request.type === 'qrcode' || request.type === 'datamatrix' || request.type === 'pdf417';
  if (!given && !(takesBinary && request.data instanceof Uint8Array)) return NO_OPTIONS;
  records.length = 0;

  if (o.textPosition !== undefined) {
    if (typeof o.textPosition !== 'string' || !Object.hasOwn(TEXT_POSITIONS, o.textPosition)) {
      throw bad('textPosition', "'none', 'above', 'below' or 'mask'", o.textPosition);
    }
    put(TAG.textPosition, TEXT_POSITIONS[o.textPosition as TextPosition]);
  }
  if (o.textAlign !== undefined) {
    if (typeof o.textAlign !== 'string' || !Object.hasOwn(TEXT_ALIGNS, o.textAlign)) {
      throw bad('textAlign', "'left', 'center', 'right' or 'justify'", o.textAlign);
    }
    put(TAG.textAlign, TEXT_ALIGNS[o.textAlign as TextAlign]);
  }
  if (o.fontSizePt !== undefined) {
    const pt = o.fontSizePt;
    const um = typeof pt === 'number' ? Math.round(pt * UM_PER_POINT) : NaN;
    if (!Number.isFinite(um) || um < 1 || um > 100_000) throw bad('fontSizePt', 'a number of points above 0 and up to 283', pt);
    put(TAG.textSize, um & 0xff, (um >>> 8) & 0xff, (um >>> 16) & 0xff, (um >>> 24) & 0xff);
  }
  if (o.checkDigit !== undefined) put(TAG.check, flag('checkDigit', o.checkDigit));
  if (o.fullAscii !== undefined) put(TAG.fullAscii, flag('fullAscii', o.fullAscii));
  if (o.gs1 !== undefined) put(TAG.gs1, flag('gs1', o.gs1));
  if (takesBinary && request.data instanceof Uint8Array && !o.gs1) put(TAG.binary, 1);
  if (request.type === 'gridmatrix') {
    if (o.layers !== undefined) put(TAG.gmLayers, whole('layers', o.layers, 0, 13));
    if (o.ecc !== undefined) put(TAG.gmEcc, whole('ecc', o.ecc, 0, 5));
  } else if (request.type === 'pdf417') {
    if (o.ecc !== undefined) put(TAG.pdfEcc, whole('ecc', o.ecc, 0, 8));
  } else if (o.ecc !== undefined) {
    const v = ECC_LEVELS.indexOf(o.ecc as QrEcc);
    if (v < 0) throw bad('ecc', "'L', 'M', 'Q' or 'H'", o.ecc);
    put(TAG.ecc, v);
  }
  if (o.shape !== undefined) {
    if (typeof o.shape !== 'string' || !Object.hasOwn(DM_SHAPES, o.shape)) throw bad('shape', "'auto', 'square' or 'rectangle'", o.shape);
    put(TAG.dmShape, DM_SHAPES[o.shape as DmShape]);
  }
  if (o.size !== undefined) {
    const size = o.size;
    const rc = typeof size === 'string' ? /^(\d{1,3})x(\d{1,3})$/i.exec(size) : null;
    if (rc !== null && Number(rc[1]) <= 255 && Number(rc[2]) <= 255) put(TAG.dmSize, Number(rc[1]), Number(rc[2]));
    else if (typeof size === 'number') put(TAG.dmSize, whole('size', size, 0, 48));
    else throw bad('size', "a size number 0-48 or 'RxC' such as '16x48'", size);
  }
  if (o.columns !== undefined) put(TAG.pdfColumns, whole('columns', o.columns, 0, 30));
  if (o.rows !== undefined) {
    const rows = whole('rows', o.rows, 0, 90);
    if (rows >= 1 && rows <= 2) throw bad('rows', '0 (automatic) or 3 to 90', rows);
    put(TAG.pdfRows, rows);
  }
  if (o.rowHeight !== undefined) put(TAG.pdfRowHeight, whole('rowHeight', o.rowHeight, 1, 30));
  if (o.aspect !== undefined) {
    const a = o.aspect;
    const hundredths = typeof a === 'number' ? Math.round(a * 100) : NaN;
    if (!(hundredths >= 100 && hundredths <= 10_000)) throw bad('aspect', 'a number from 1 to 100', a);
    put(TAG.pdfAspect, hundredths & 0xff, hundredths >> 8);
  }
  if (o.layers !== undefined && request.type !== 'gridmatrix') put(TAG.gmLayers, whole('layers', o.layers, 0, 13));
  if (o.version !== undefined) put(TAG.version, whole('version', o.version, 0, 40));
  if (o.mask !== undefined) put(TAG.mask, whole('mask', o.mask, 0, 7));
  if (o.quietZone !== undefined) put(TAG.quietZone, whole('quietZone', o.quietZone, 0, 16));
  if (o.wideRatio !== undefined) {
    const r = o.wideRatio;
    const tenths = typeof r === 'number' ? Math.round(r * 10) : NaN;
    if (!(tenths >= 20 && tenths <= 30)) throw bad('wideRatio', 'a number from 2 to 3', r);
    put(TAG.wideRatio, tenths);
  }
  if (o.boxAlign !== undefined || o.boxVerticalAlign !== undefined) {
    const h = o.boxAlign ?? 'center';
    const v = o.boxVerticalAlign ?? 'middle';
    if (typeof h !== 'string' || !Object.hasOwn(BOX_ALIGNS, h)) throw bad('boxAlign', "'left', 'center' or 'right'", h);
    if (typeof v !== 'string' || !Object.hasOwn(BOX_VERTICAL_ALIGNS, v)) throw bad('boxVerticalAlign', "'top', 'middle' or 'bottom'", v);
    put(TAG.boxAlign, BOX_ALIGNS[h as BoxAlign], BOX_VERTICAL_ALIGNS[v as BoxVerticalAlign]);
  }
  if (o.fontName !== undefined || o.fontBold !== undefined || o.fontItalic !== undefined) {
    const name = o.fontName ?? '';
    if (typeof name !== 'string') throw bad('fontName', 'a string', name);
    const bytes = fontNameBytes(name);
    if (bytes.length > MAX_FONT_NAME_BYTES) throw bad('fontName', `at most ${MAX_FONT_NAME_BYTES} bytes of UTF-8`, name);
    const style = (o.fontBold === undefined ? 0 : flag('fontBold', o.fontBold)) | (o.fontItalic === undefined ? 0 : flag('fontItalic', o.fontItalic) << 1);
    put(TAG.textFont, style, ...bytes);
  }
  return records.length === 0 ? [] : [OPTIONS_VERSION, ...records];
}
