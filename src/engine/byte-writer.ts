/**
 * Little-endian byte buffers and the millimetre-to-micrometre conversion shared by the
 * display-list compilers. Millimetres become whole micrometres (`round(mm * 1000)`, exact
 * for documents' 3 decimals); the engine then turns µm into dots with its one rounding
 * rule. A bad number fails here with EngineError Parameter naming the field.
 */
import { EngineError, ErrorCode } from './errors.ts';

const I32_MIN = -0x8000_0000;
const I32_MAX = 0x7fff_ffff;
const U32_MAX = 0xffff_ffff;

/** mm to whole µm. */
export function mmToUm(mm: number): number {
  return Math.round(mm * 1000);
}

/** A signed position in µm (i32). */
export function positionUm(mm: number, field: string): number {
  const um = typeof mm === 'number' ? mmToUm(mm) : NaN;
  if (!Number.isFinite(um) || um < I32_MIN || um > I32_MAX) {
    throw new EngineError(ErrorCode.Parameter, `${field} must be a number of mm within ±2147483, got ${mm}`);
  }
  return um;
}

/** A length in µm (u32). */
export function lengthUm(mm: number, field: string): number {
  const um = typeof mm === 'number' ? mmToUm(mm) : NaN;
  if (!Number.isFinite(um) || um < 0 || um > U32_MAX) {
    throw new EngineError(ErrorCode.Parameter, `${field} must be a number of mm from 0 to 4294967, got ${mm}`);
  }
  return um;
}

/** A whole number in [min, max]. */
export function wholeIn(value: unknown, min: number, max: number, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new EngineError(ErrorCode.Parameter, `${field} must be a whole number from ${min} to ${max}, got ${JSON.stringify(value) ?? String(value)}`);
  }
  return value;
}

export function checkDpi(dpi: number): number {
  if (!Number.isInteger(dpi) || dpi < 1 || dpi > 0xffff) {
    throw new EngineError(ErrorCode.Parameter, `page dpi must be a whole number from 1 to 65535, got ${dpi}`);
  }
  return dpi;
}

/** A growable little-endian byte buffer. */
export class ByteWriter {
  private buf: Uint8Array;
  private view: DataView;
  private len = 0;

  constructor(capacity = 64) {
    this.buf = new Uint8Array(capacity);
    this.view = new DataView(this.buf.buffer);
  }

  get length(): number {
    return this.len;
  }

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

  /** `opcode u8, length u32, payload`. */
  command(opcode: number, payload: Uint8Array): void {
    this.u8(opcode);
    this.u32(payload.length);
    this.bytes(payload);
  }

  finish(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}
