/**
 * The display-list compiler: a PageSpec in millimetres to the engine's binary command
 * buffer, version 2 (the format is documented once, in `crates/engine/src/display_list.rs`;
 * until the engine moves it there, in docs/display-list-v2.md): a 28-byte header (magic
 * `AMDL`, version, flags GREY/FLIP_H/FLIP_V, page in µm, dpi, corner radius, background
 * level), then commands `opcode u8, length u32, payload`, each drawing element starting
 * with the 20-byte common prefix (box in µm, quarter turns, ANTI_COLOR/MIRROR flags).
 * Symbol specs (the tail of a BARCODE command) are `crates/engine/src/symbol_spec.rs`.
 *
 * Numbers are checked here so a bad page fails with a message naming the field; errors
 * caused by one element carry its index in `EngineError.element`, as the engine's own do.
 */
import { ByteWriter, checkDpi, lengthUm, positionUm, wholeIn } from './byte-writer.ts';
import { EngineError, ErrorCode } from './errors.ts';
import { dataBytes, optionBytes, symbologyInfo } from './symbologies.ts';
import type {
  BarcodeElement, BoxMm, Dither, ElementStyle, HorizontalAlign, ImageElement, LineElement, PageElement, PageSpec,
  QrcodeElement, RectElement, ShapeElement, SymbolRequest, TableElement, TextElement, VerticalAlign,
} from './types.ts';

export { mmToUm } from './byte-writer.ts';

const MAGIC = [0x41, 0x4d, 0x44, 0x4c]; // "AMDL"
export const DISPLAY_LIST_VERSION = 2;

/** Header flags. */
const PAGE_GREY = 1;
const PAGE_FLIP_H = 2;
const PAGE_FLIP_V = 4;

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

const utf8 = new TextEncoder();

/** Compiles a page to a display list. Throws EngineError (Parameter) for bad numbers. */
export function compileDisplayList(page: PageSpec): Uint8Array {
  const w = new ByteWriter(256);
  w.bytes(MAGIC);
  w.u16(DISPLAY_LIST_VERSION);
  w.u16((page.grey ? PAGE_GREY : 0) | (page.flipH ? PAGE_FLIP_H : 0) | (page.flipV ? PAGE_FLIP_V : 0));
  w.u32(lengthUm(page.widthMm, 'page widthMm'));
  w.u32(lengthUm(page.heightMm, 'page heightMm'));
  w.u16(checkDpi(page.dpi));
  w.u16(0);
  w.u32(lengthUm(page.cornerRadiusMm ?? 0, 'page cornerRadiusMm'));
  w.u8(wholeIn(page.background ?? 255, 0, 255, 'page background'));
  w.bytes([0, 0, 0]);
  page.elements.forEach((element, index) => {
    try {
      writeElement(w, element);
    } catch (e) {
      if (e instanceof EngineError) throw new EngineError(e.code, e.message, index);
      throw e;
    }
  });
  return w.finish();
}

function writeElement(w: ByteWriter, e: PageElement): void {
  switch (e.kind) {
    case 'rect':
      return w.command(Opcode.Shape, shapePayload({ ...e, kind: 'shape', shape: 'rect' }));
    case 'shape':
      return w.command(Opcode.Shape, shapePayload(e));
    case 'barcode':
      return w.command(Opcode.Barcode, barcodePayload(e, e));
    case 'qrcode':
      return w.command(Opcode.Barcode, barcodePayload(e, matrixRequest(e)));
    case 'line':
      return w.command(Opcode.Line, linePayload(e));
    case 'text':
    case 'arctext':
      return w.command(e.kind === 'text' ? Opcode.Text : Opcode.ArcText, textPayload(e));
    case 'image':
      return w.command(Opcode.Image, imagePayload(e));
    case 'table':
      return w.command(Opcode.Table, tablePayload(e));
    default:
      throw new EngineError(ErrorCode.Unsupported, `unknown element kind '${(e as { kind: unknown }).kind}'`);
  }
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
  w.bytes(barcodePayload(element, request));
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

function quarterTurns(rotation: unknown): number {
  if (rotation === undefined) return 0;
  if (rotation !== 0 && rotation !== 90 && rotation !== 180 && rotation !== 270) {
    throw new EngineError(ErrorCode.Parameter, `rotation must be 0, 90, 180 or 270, got ${JSON.stringify(rotation) ?? String(rotation)}`);
  }
  return rotation / 90;
}

function shapePayload(e: ShapeElement): Uint8Array {
  const w = new ByteWriter(32);
  writePrefix(w, e);
  if (!Object.hasOwn(SHAPES, e.shape)) {
    throw new EngineError(ErrorCode.Parameter, `shape must be 'rect', 'roundrect' or 'ellipse', got ${JSON.stringify(e.shape)}`);
  }
  w.u8(SHAPES[e.shape]);
  w.u8(e.filled ? 1 : 0);
  w.u16(0);
  w.u32(lengthUm(e.lineWidthMm, 'lineWidthMm'));
  w.u32(e.shape === 'roundrect' ? lengthUm(e.cornerRadiusMm ?? 0, 'cornerRadiusMm') : 0);
  return w.finish();
}

function barcodePayload(e: BoxMm & ElementStyle & { moduleWidthMm?: number }, request: SymbolRequest): Uint8Array {
  const w = new ByteWriter(64);
  writePrefix(w, e);
  w.u32(e.moduleWidthMm === undefined ? 0 : lengthUm(e.moduleWidthMm, 'moduleWidthMm'));
  writeSymbolSpec(w, request);
  return w.finish();
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
  w.bytes(dataBytes(request.type, data));
}

/**
 * LINE: the prefix is the segment's bounding box (zero-high for a horizontal line); the
 * engine grows it by half the stroke for ANTI_COLOR; rotation is always 0.
 */
function linePayload(e: LineElement): Uint8Array {
  const x1 = positionUm(e.x1Mm, 'x1Mm');
  const y1 = positionUm(e.y1Mm, 'y1Mm');
  const x2 = positionUm(e.x2Mm, 'x2Mm');
  const y2 = positionUm(e.y2Mm, 'y2Mm');
  const width = lengthUm(e.lineWidthMm, 'lineWidthMm');
  const w = new ByteWriter(48);
  w.i32(Math.min(x1, x2));
  w.i32(Math.min(y1, y2));
  w.u32(Math.abs(x2 - x1));
  w.u32(Math.abs(y2 - y1));
  w.u8(0);
  w.u8((e.antiColor ? ELEMENT_ANTI_COLOR : 0) | (e.mirror ? ELEMENT_MIRROR : 0));
  w.u16(0);
  w.i32(x1);
  w.i32(y1);
  w.i32(x2);
  w.i32(y2);
  w.u32(width);
  const dash = lengthUm(e.dashMm ?? 0, 'dashMm');
  w.u32(dash);
  w.u32(dash === 0 ? 0 : lengthUm(e.gapMm ?? e.dashMm ?? 0, 'gapMm'));
  return w.finish();
}

function textPayload(e: TextElement): Uint8Array {
  if (typeof e.text !== 'string') throw new EngineError(ErrorCode.Parameter, `text must be a string, got ${typeof e.text}`);
  if (typeof e.fontName !== 'string') throw new EngineError(ErrorCode.Parameter, `fontName must be a string, got ${typeof e.fontName}`);
  const name = utf8.encode(e.fontName);
  if (name.length > 0xffff) throw new EngineError(ErrorCode.Parameter, `fontName is too long (${name.length} bytes, at most 65535)`);
  const text = utf8.encode(e.text);
  const w = new ByteWriter(36 + name.length + text.length);
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
  w.u16(name.length);
  w.bytes(name);
  w.bytes(text);
  return w.finish();
}

function imagePayload(e: ImageElement): Uint8Array {
  const img = e.image;
  const width = wholeIn(img?.width, 1, MAX_IMAGE_SIDE, 'image width');
  const height = wholeIn(img?.height, 1, MAX_IMAGE_SIDE, 'image height');
  if (!(img.data instanceof Uint8Array) || img.data.length !== width * height) {
    throw new EngineError(ErrorCode.Parameter, `image data must be ${width * height} bytes (width x height), got ${img.data?.length}`);
  }
  const w = new ByteWriter(40 + img.data.length);
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
  return w.finish();
}

function tablePayload(e: TableElement): Uint8Array {
  const rows = e.rowHeightsMm;
  const cols = e.colWidthsMm;
  wholeIn(rows?.length, 1, MAX_TABLE_SIDE, 'table rows');
  wholeIn(cols?.length, 1, MAX_TABLE_SIDE, 'table columns');
  const merges = e.merges ?? [];
  const w = new ByteWriter(32 + 4 * (rows.length + cols.length) + 8 * merges.length);
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
  return w.finish();
}

function choice<K extends string>(table: Record<K, number>, value: unknown, field: string): number {
  if (typeof value !== 'string' || !Object.hasOwn(table, value)) {
    const names = Object.keys(table).map((k) => `'${k}'`).join(', ');
    throw new EngineError(ErrorCode.Parameter, `${field} must be one of ${names}, got ${JSON.stringify(value) ?? String(value)}`);
  }
  return table[value as K];
}

