/**
 * The display-list compiler: a PageSpec in millimetres to the engine's binary command
 * buffer, version 2 (the format is documented once, in `crates/engine/src/display_list.rs`;
 * until the engine moves it there, in docs/display-list-v2.md): a 28-byte header (magic
 * `AMDL`, version, flags GREY/FLIP_H/FLIP_V/TURN, page in µm, dpi, corner radius, background
 * level), then commands `opcode u8, length u32, payload`, each drawing element starting
 * with the 20-byte common prefix (box in µm, quarter turns, ANTI_COLOR/MIRROR flags).
 * Symbol specs (the tail of a BARCODE command) are `crates/engine/src/symbol_spec.rs`.
 *
 * Numbers are checked here so a bad page fails with a message naming the field; errors
 * caused by one element carry its index in `EngineError.element`, as the engine's own do.
 */
import { ByteWriter, checkDpi, lengthUm, positionUm, utf8Length, wholeIn } from './byte-writer.ts';
import { EngineError, ErrorCode } from './errors.ts';
import { maxDataBytes, optionBytes, symbologyInfo, writeDataBytes } from './symbologies.ts';
import type {
  BoxMm, Dither, ElementStyle, HorizontalAlign, ImageElement, LineElement, PageElement, PageSpec,
  QrcodeElement, ShapeElement, SymbolRequest, TableElement, TextElement, VerticalAlign,
} from './types.ts';

export { mmToUm } from './byte-writer.ts';

const MAGIC = [0x41, 0x4d, 0x44, 0x4c]; // "AMDL"
export const DISPLAY_LIST_VERSION = 2;

/** Header flags. */
const PAGE_GREY = 1;
const PAGE_FLIP_H = 2;
const PAGE_FLIP_V = 4;
/** TURN: quarter turns clockwise of the finished page in bits 3-4. */
const PAGE_TURN_SHIFT = 3;

/** Common-prefix flags. */
const ELEMENT_ANTI_COLOR = 1;
const ELEMENT_MIRROR = 2;

export const Opcode = { Shape: 1, Barcode: 2, Line: 3, Text: 4, ArcText: 5, Image: 6, Table: 7 } as const;

const SHAPES = { rect: 0, roundrect: 1, ellipse: 2 } as const;
const H_ALIGN: Record<HorizontalAlign, number> = { left: 0, center: 1, right: 2, justify: 3, stretch: 4 };
const V_ALIGN: Record<VerticalAlign, number> = { top: 0, middle: 1, bottom: 2 };
const DITHER: Record<Dither, number> = { threshold: 0, ordered: 1, 'floyd-steinberg': 2, atkinson: 3, grey: 4 };

/** Limits of the format (display_list.rs). */
const MAX_IMAGE_SIDE = 8192;
const MAX_TABLE_SIDE = 100;

/**
 * One writer for every compile, emptied each time: a display list is written in place into
 * it and copied out once (measured on the reference label, 5 elements, at 203 dpi:
 * compileDisplayList 14.5 -> 3.4 µs median, most of it the arrays each payload and
 * TextEncoder call allocated; renderPage skips the copy out).
 * Compiling is synchronous and never re-entered, so sharing it is safe.
 */
const scratch = new ByteWriter(4096);
/** A page with large pictures grows the scratch writer; beyond this it is not kept, bytes. */
const SCRATCH_KEEP = 1 << 20;

/** Compiles a page to a display list. Throws EngineError (Parameter) for bad numbers. */
export function compileDisplayList(page: PageSpec): Uint8Array {
  const list = writeDisplayList(page).slice();
  scratch.reset(SCRATCH_KEEP);
  return list;
}

/**
 * `compileDisplayList` without the copy, for the engine facade, which copies it into the
 * module's memory: a view of the shared writer, valid only until the next compile.
 */
export function writeDisplayList(page: PageSpec): Uint8Array {
  const w = scratch;
  w.reset(SCRATCH_KEEP);
  w.bytes(MAGIC);
  w.u16(DISPLAY_LIST_VERSION);
  const turn = page.turn === undefined ? 0 : quarterTurns(page.turn, 'page turn');
  w.u16((page.grey ? PAGE_GREY : 0) | (page.flipH ? PAGE_FLIP_H : 0) | (page.flipV ? PAGE_FLIP_V : 0) | (turn << PAGE_TURN_SHIFT));
  w.u32(lengthUm(page.widthMm, 'page widthMm'));
  w.u32(lengthUm(page.heightMm, 'page heightMm'));
  w.u16(checkDpi(page.dpi));
  w.u16(0);
  w.u32(lengthUm(page.cornerRadiusMm ?? 0, 'page cornerRadiusMm'));
  w.u8(wholeIn(page.background ?? 255, 0, 255, 'page background'));
  w.u8(0);
  w.u16(0);
  const elements = page.elements;
  for (let index = 0; index < elements.length; index++) {
    try {
      writeElement(w, elements[index]!);
    } catch (e) {
      if (e instanceof EngineError) throw new EngineError(e.code, e.message, index);
      throw e;
    }
  }
  return w.written();
}

function writeElement(w: ByteWriter, e: PageElement): void {
  let mark: number;
  switch (e.kind) {
    case 'rect':
      mark = w.begin(Opcode.Shape);
      writeShape(w, e, 'rect');
      break;
    case 'shape':
      mark = w.begin(Opcode.Shape);
      writeShape(w, e, e.shape);
      break;
    case 'barcode':
      mark = w.begin(Opcode.Barcode);
      writeBarcode(w, e, e);
      break;
    case 'qrcode':
      mark = w.begin(Opcode.Barcode);
      // The element itself is the request when it names its type (labelPage's always do):
      // the symbol spec reads only option fields, so its box and style fields are ignored.
      writeBarcode(w, e, e.type === undefined ? matrixRequest(e) : (e as QrcodeElement & SymbolRequest));
      break;
    case 'line':
      mark = w.begin(Opcode.Line);
      writeLine(w, e);
      break;
    case 'text':
    case 'arctext':
      mark = w.begin(e.kind === 'text' ? Opcode.Text : Opcode.ArcText);
      writeText(w, e);
      break;
    case 'image':
      mark = w.begin(Opcode.Image);
      writeImage(w, e);
      break;
    case 'table':
      mark = w.begin(Opcode.Table);
      writeTable(w, e);
      break;
    default:
      throw new EngineError(ErrorCode.Unsupported, `unknown element kind '${(e as { kind: unknown }).kind}'`);
  }
  w.end(mark);
}

/** The symbol spec for `encode` (also the tail of a BARCODE command). */
export function compileSymbolSpec(request: SymbolRequest): Uint8Array {
  const w = new ByteWriter();
  writeSymbolSpec(w, request);
  return w.finish();
}

/** The `measure` request (crates/engine/src/abi.rs): dpi, reserved, then a BARCODE payload. */
export function compileMeasureRequest(dpi: number, element: BoxMm & ElementStyle & { moduleWidthMm?: number }, request: SymbolRequest): Uint8Array {
  const w = new ByteWriter();
  w.u16(checkDpi(dpi));
  w.u16(0);
  writeBarcode(w, element, request);
  return w.finish();
}

/** A 2D control as a symbol request (QR when `type` is left out). */
export function matrixRequest(e: QrcodeElement): SymbolRequest {
  const { kind: _k, xMm: _x, yMm: _y, widthMm: _w, heightMm: _h, moduleWidthMm: _m, rotation: _r, antiColor: _a, mirror: _i, ...request } = e;
  return { ...request, type: request.type ?? 'qrcode' } as SymbolRequest;
}

/** The common element prefix, 20 bytes. */
function writePrefix(w: ByteWriter, e: BoxMm & ElementStyle): void {
  w.i32(positionUm(e.xMm, 'xMm'));
  w.i32(positionUm(e.yMm, 'yMm'));
  w.u32(lengthUm(e.widthMm, 'widthMm'));
  w.u32(lengthUm(e.heightMm, 'heightMm'));
  w.u8(quarterTurns(e.rotation));
  w.u8((e.antiColor ? ELEMENT_ANTI_COLOR : 0) | (e.mirror ? ELEMENT_MIRROR : 0));
  w.u16(0);
}

function quarterTurns(rotation: unknown, field = 'rotation'): number {
  if (rotation === undefined) return 0;
  if (rotation !== 0 && rotation !== 90 && rotation !== 180 && rotation !== 270) {
    throw new EngineError(ErrorCode.Parameter, `${field} must be 0, 90, 180 or 270, got ${JSON.stringify(rotation) ?? String(rotation)}`);
  }
  return rotation / 90;
}

/** SHAPE payload; `shape` is the element's (a RECT element's is 'rect'). */
function writeShape(w: ByteWriter, e: Omit<ShapeElement, 'kind' | 'shape'>, shape: ShapeElement['shape']): void {
  writePrefix(w, e);
  if (!Object.hasOwn(SHAPES, shape)) {
    throw new EngineError(ErrorCode.Parameter, `shape must be 'rect', 'roundrect' or 'ellipse', got ${JSON.stringify(shape)}`);
  }
  w.u8(SHAPES[shape]);
  w.u8(e.filled ? 1 : 0);
  w.u16(0);
  w.u32(lengthUm(e.lineWidthMm, 'lineWidthMm'));
  w.u32(shape === 'roundrect' ? lengthUm(e.cornerRadiusMm ?? 0, 'cornerRadiusMm') : 0);
}

function writeBarcode(w: ByteWriter, e: BoxMm & ElementStyle & { moduleWidthMm?: number }, request: SymbolRequest): void {
  writePrefix(w, e);
  w.u32(e.moduleWidthMm === undefined ? 0 : lengthUm(e.moduleWidthMm, 'moduleWidthMm'));
  writeSymbolSpec(w, request);
}

function writeSymbolSpec(w: ByteWriter, request: SymbolRequest): void {
  const info = symbologyInfo(request.type);
  const data = request.data;
  if (typeof data !== 'string' && !(data instanceof Uint8Array)) {
    throw new EngineError(ErrorCode.Parameter, `data must be text or a Uint8Array, got ${typeof data}`);
  }
  const options = optionBytes(request);
  w.u8(info.id);
  w.u8(0); // flags
  w.u16(options.length);
  w.bytes(options);
  if (typeof data === 'string' && info.charset === 'utf8') {
    // The bytes writeDataBytes would write (TextEncoder's UTF-8), without its per-call
    // subarray and native call.
    w.utf8(data);
  } else {
    const at = w.length;
    w.advance(writeDataBytes(request.type, data, w.room(maxDataBytes(request.type, data)), at));
  }
}

/**
 * LINE: the prefix is the box ANTI_COLOR and MIRROR act on, exactly (`boxMm`, else the
 * stroke rectangle's bounding box); rotation is always 0 (the ends are turned).
 */
function writeLine(w: ByteWriter, e: LineElement): void {
  const x1 = positionUm(e.x1Mm, 'x1Mm');
  const y1 = positionUm(e.y1Mm, 'y1Mm');
  const x2 = positionUm(e.x2Mm, 'x2Mm');
  const y2 = positionUm(e.y2Mm, 'y2Mm');
  const width = lengthUm(e.lineWidthMm, 'lineWidthMm');
  const dash = lengthUm(e.dashMm ?? 0, 'dashMm');
  const gap = dash === 0 ? 0 : lengthUm(e.gapMm ?? e.dashMm ?? 0, 'gapMm');
  const box = e.boxMm;
  if (box) {
    w.i32(positionUm(box.xMm, 'boxMm.xMm'));
    w.i32(positionUm(box.yMm, 'boxMm.yMm'));
    w.u32(lengthUm(box.widthMm, 'boxMm.widthMm'));
    w.u32(lengthUm(box.heightMm, 'boxMm.heightMm'));
  } else {
    // The stroke rectangle's bounding box: the ends' grown across the line by half the
    // width, outwards to whole µm (a zero-length segment: a square one width wide),
    // clamped to the prefix's fields.
    const length = Math.hypot(x2 - x1, y2 - y1);
    const ex = Math.ceil(length > 0 ? (width / 2) * (Math.abs(y2 - y1) / length) : width / 2);
    const ey = Math.ceil(length > 0 ? (width / 2) * (Math.abs(x2 - x1) / length) : width / 2);
    const x0 = Math.max(Math.min(x1, x2) - ex, -0x8000_0000);
    const y0 = Math.max(Math.min(y1, y2) - ey, -0x8000_0000);
    w.i32(x0);
    w.i32(y0);
    w.u32(Math.min(Math.max(x1, x2) + ex - x0, 0xffff_ffff));
    w.u32(Math.min(Math.max(y1, y2) + ey - y0, 0xffff_ffff));
  }
  w.u8(0);
  w.u8((e.antiColor ? ELEMENT_ANTI_COLOR : 0) | (e.mirror ? ELEMENT_MIRROR : 0));
  w.u16(0);
  w.i32(x1);
  w.i32(y1);
  w.i32(x2);
  w.i32(y2);
  w.u32(width);
  w.u32(dash);
  w.u32(gap);
}

function writeText(w: ByteWriter, e: TextElement): void {
  if (typeof e.text !== 'string') throw new EngineError(ErrorCode.Parameter, `text must be a string, got ${typeof e.text}`);
  if (typeof e.fontName !== 'string') throw new EngineError(ErrorCode.Parameter, `fontName must be a string, got ${typeof e.fontName}`);
  const nameLength = utf8Length(e.fontName);
  if (nameLength > 0xffff) throw new EngineError(ErrorCode.Parameter, `fontName is too long (${nameLength} bytes, at most 65535)`);
  writePrefix(w, e);
  w.u32(lengthUm(e.fontHeightMm, 'fontHeightMm'));
  w.i32(positionUm(e.charSpaceMm ?? 0, 'charSpaceMm'));
  const lineSpace = Math.round((e.lineSpace ?? 1) * 1000);
  if (!(lineSpace >= 1 && lineSpace <= 0xffff)) {
    throw new EngineError(ErrorCode.Parameter, `lineSpace must be a number of lines from 0.001 to 65.535, got ${e.lineSpace}`);
  }
  w.u16(lineSpace);
  w.u8(
    (e.bold ? 1 : 0) | (e.italic ? 2 : 0) | (e.underline ? 4 : 0) | (e.strikeout ? 8 : 0) |
      (e.wrap ? 16 : 0) | (e.autoHeight ? 32 : 0) | (e.vertical ? 64 : 0),
  );
  w.u8(choice(H_ALIGN, e.align ?? 'left', 'align'));
  w.u8(choice(V_ALIGN, e.verticalAlign ?? 'top', 'verticalAlign'));
  w.u8(0);
  w.u16(nameLength);
  w.utf8(e.fontName);
  w.utf8(e.text);
}

function writeImage(w: ByteWriter, e: ImageElement): void {
  const img = e.image;
  const width = wholeIn(img?.width, 1, MAX_IMAGE_SIDE, 'image width');
  const height = wholeIn(img?.height, 1, MAX_IMAGE_SIDE, 'image height');
  if (!(img.data instanceof Uint8Array) || img.data.length !== width * height) {
    throw new EngineError(ErrorCode.Parameter, `image data must be ${width * height} bytes (width x height), got ${img.data?.length}`);
  }
  writePrefix(w, e);
  w.u8(choice(DITHER, e.dither ?? 'ordered', 'dither'));
  w.u8(wholeIn(e.threshold ?? 128, 0, 255, 'threshold'));
  w.u8(e.tile ? 1 : 0);
  w.u8(0);
  w.u32(width);
  w.u32(height);
  w.u32(e.tile ? lengthUm(e.tile.widthMm, 'tile widthMm') : 0);
  w.u32(e.tile ? lengthUm(e.tile.heightMm, 'tile heightMm') : 0);
  w.bytes(img.data);
}

function writeTable(w: ByteWriter, e: TableElement): void {
  const rows = e.rowHeightsMm;
  const cols = e.colWidthsMm;
  wholeIn(rows?.length, 1, MAX_TABLE_SIDE, 'table rows');
  wholeIn(cols?.length, 1, MAX_TABLE_SIDE, 'table columns');
  const merges = e.merges ?? [];
  writePrefix(w, e);
  w.u32(lengthUm(e.lineWidthMm, 'lineWidthMm'));
  w.u16(rows.length);
  w.u16(cols.length);
  rows.forEach((h, i) => w.u32(lengthUm(h, `rowHeightsMm[${i}]`)));
  cols.forEach((c, i) => w.u32(lengthUm(c, `colWidthsMm[${i}]`)));
  wholeIn(merges.length, 0, 0xffff, 'merge count');
  w.u16(merges.length);
  merges.forEach((m, i) => {
    const [r1, c1, r2, c2] = m;
    const ok = [r1, c1, r2, c2].every((v) => Number.isInteger(v)) && r1 >= 0 && c1 >= 0 && r1 <= r2 && c1 <= c2 && r2 < rows.length && c2 < cols.length;
    if (!ok) throw new EngineError(ErrorCode.Parameter, `merges[${i}] must be [firstRow, firstCol, lastRow, lastCol] inside the ${rows.length}x${cols.length} grid, got ${JSON.stringify(m)}`);
    w.u16(r1);
    w.u16(c1);
    w.u16(r2);
    w.u16(c2);
  });
}

function choice<K extends string>(table: Record<K, number>, value: unknown, field: string): number {
  if (typeof value !== 'string' || !Object.hasOwn(table, value)) {
    const names = Object.keys(table).map((k) => `'${k}'`).join(', ');
    throw new EngineError(ErrorCode.Parameter, `${field} must be one of ${names}, got ${JSON.stringify(value) ?? String(value)}`);
  }
  return table[value as K];
}

