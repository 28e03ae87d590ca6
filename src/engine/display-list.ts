/**
 * The display-list compiler: a PageSpec in millimetres to the engine's binary command
 * buffer. The format is documented once, in `crates/engine/src/display_list.rs` (header
 * `AMDL`, version 1, page in µm and dpi; commands `opcode u8, length u32, payload`) and
 * `crates/engine/src/symbol_spec.rs` (symbology, flags, options, data). A `qrcode` element
 * (the label's 2D control) is a BARCODE command of type `qrcode`.
 *
 * Millimetres become whole micrometres here (`round(mm * 1000)`, exact for documents' 3
 * decimals); the engine then turns µm into dots with its one rounding rule. Numbers are
 * checked here so a bad page fails with a message naming the field; errors caused by one
 * element carry its index in `EngineError.element`, as the engine's own errors do.
 */
import { EngineError, ErrorCode } from './errors.ts';
import { dataBytes, optionBytes, symbologyInfo } from './symbologies.ts';
import type { BarcodeElement, PageSpec, QrcodeElement, RectElement, SymbolRequest } from './types.ts';

const MAGIC = [0x41, 0x4d, 0x44, 0x4c]; // "AMDL"
export const DISPLAY_LIST_VERSION = 1;
const OP_RECT = 1;
const OP_BARCODE = 2;

const I32_MIN = -0x8000_0000;
const I32_MAX = 0x7fff_ffff;
const U32_MAX = 0xffff_ffff;

/** Compiles a page to a display list. Throws EngineError (Parameter) for bad numbers. */
export function compileDisplayList(page: PageSpec): Uint8Array {
  const w = new ByteWriter();
  w.bytes(MAGIC);
  w.u16(DISPLAY_LIST_VERSION);
  w.u16(0); // flags
  w.u32(lengthUm(page.widthMm, 'page widthMm'));
  w.u32(lengthUm(page.heightMm, 'page heightMm'));
  w.u16(checkDpi(page.dpi));
  w.u16(0); // reserved
  page.elements.forEach((element, index) => {
    try {
      switch (element.kind) {
        case 'rect':
          writeRect(w, element);
          break;
        case 'barcode':
          writeBarcode(w, element, element);
          break;
        case 'qrcode':
          writeBarcode(w, element, qrRequest(element));
          break;
        default:
          throw new EngineError(ErrorCode.Unsupported, `unknown element kind '${(element as { kind: unknown }).kind}'`);
      }
    } catch (e) {
      if (e instanceof EngineError) throw new EngineError(e.code, e.message, index);
      throw e;
    }
  });
  return w.finish();
}

/** The symbol spec for `encode` (also the tail of a BARCODE command). */
export function compileSymbolSpec(request: SymbolRequest): Uint8Array {
  const w = new ByteWriter();
  writeSymbolSpec(w, request);
  return w.finish();
}

/**
 * The `measure` request (crates/engine/src/abi.rs): dpi, reserved, then a BARCODE payload.
 */
export function compileMeasureRequest(
  dpi: number,
  element: { xMm: number; yMm: number; widthMm: number; heightMm: number; moduleWidthMm?: number },
  request: SymbolRequest,
): Uint8Array {
  const w = new ByteWriter();
  w.u16(checkDpi(dpi));
  w.u16(0);
  w.bytes(barcodePayload(element, request));
  return w.finish();
}

/** A QR control as a symbol request. */
function qrRequest(e: QrcodeElement): SymbolRequest {
  const { kind: _kind, xMm: _x, yMm: _y, widthMm: _w, heightMm: _h, moduleWidthMm: _m, ...options } = e;
  return { type: 'qrcode', ...options };
}

function writeRect(w: ByteWriter, e: RectElement): void {
  const payload = new ByteWriter();
  writeBox(payload, e);
  payload.u32(lengthUm(e.lineWidthMm, 'lineWidthMm'));
  payload.u8(e.filled ? 1 : 0);
  w.command(OP_RECT, payload.finish());
}

function writeBarcode(w: ByteWriter, e: BarcodeElement | QrcodeElement, request: SymbolRequest): void {
  w.command(OP_BARCODE, barcodePayload(e, request));
}

function barcodePayload(
  e: { xMm: number; yMm: number; widthMm: number; heightMm: number; moduleWidthMm?: number },
  request: SymbolRequest,
): Uint8Array {
  const payload = new ByteWriter();
  writeBox(payload, e);
  payload.u32(e.moduleWidthMm === undefined ? 0 : lengthUm(e.moduleWidthMm, 'moduleWidthMm'));
  writeSymbolSpec(payload, request);
  return payload.finish();
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

function checkDpi(dpi: number): number {
  if (!Number.isInteger(dpi) || dpi < 1 || dpi > 0xffff) {
    throw new EngineError(ErrorCode.Parameter, `page dpi must be a whole number from 1 to 65535, got ${dpi}`);
  }
  return dpi;
}

function writeBox(w: ByteWriter, e: { xMm: number; yMm: number; widthMm: number; heightMm: number }): void {
  w.i32(positionUm(e.xMm, 'xMm'));
  w.i32(positionUm(e.yMm, 'yMm'));
  w.u32(lengthUm(e.widthMm, 'widthMm'));
  w.u32(lengthUm(e.heightMm, 'heightMm'));
}

/** mm to whole µm. */
export function mmToUm(mm: number): number {
  return Math.round(mm * 1000);
}

function positionUm(mm: number, field: string): number {
  const um = typeof mm === 'number' ? mmToUm(mm) : NaN;
  if (!Number.isFinite(um) || um < I32_MIN || um > I32_MAX) {
    throw new EngineError(ErrorCode.Parameter, `${field} must be a number of mm within ±2147483, got ${mm}`);
  }
  return um;
}

function lengthUm(mm: number, field: string): number {
  const um = typeof mm === 'number' ? mmToUm(mm) : NaN;
  if (!Number.isFinite(um) || um < 0 || um > U32_MAX) {
    throw new EngineError(ErrorCode.Parameter, `${field} must be a number of mm from 0 to 4294967, got ${mm}`);
  }
  return um;
}

/** A growable little-endian byte buffer. */
class ByteWriter {
  private buf = new Uint8Array(64);
  private view = new DataView(this.buf.buffer);
  private len = 0;

  private reserve(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  u8(v: number): void {
    this.reserve(1);
    this.view.setUint8(this.len, v);
    this.len += 1;
  }

  u16(v: number): void {
    this.reserve(2);
    this.view.setUint16(this.len, v, true);
    this.len += 2;
  }

  u32(v: number): void {
    this.reserve(4);
    this.view.setUint32(this.len, v, true);
    this.len += 4;
  }

  i32(v: number): void {
    this.reserve(4);
    this.view.setInt32(this.len, v, true);
    this.len += 4;
  }

  bytes(b: ArrayLike<number>): void {
    this.reserve(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
  }

  command(opcode: number, payload: Uint8Array): void {
    this.u8(opcode);
    this.u32(payload.length);
    this.bytes(payload);
  }

  finish(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}
