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

/**
 * A growable little-endian byte buffer. Commands are written in place (`begin`, payload,
 * `end` patches the length), so a whole display list is one buffer with no per-element
 * arrays; `reset` makes it reusable, so compiling a page allocates only its result.
 */
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

  /** Empties the buffer for reuse; a buffer grown beyond `keepBytes` is dropped for a new
   * one of `keepBytes` (one large image page must not pin its size for the process). */
  reset(keepBytes = Infinity): void {
    this.len = 0;
    if (this.buf.length > keepBytes) {
      this.buf = new Uint8Array(keepBytes);
      this.view = new DataView(this.buf.buffer);
    }
  }

  /**
   * Room for `n` more bytes: returns the buffer, whose bytes from `length` on may be
   * written directly (then `advance`). Valid until the next write.
   */
  room(n: number): Uint8Array {
    if (this.len + n > this.buf.length) {
      let size = this.buf.length * 2;
      while (size < this.len + n) size *= 2;
      const next = new Uint8Array(size);
      next.set(this.buf.subarray(0, this.len));
      this.buf = next;
      this.view = new DataView(next.buffer);
    }
    return this.buf;
  }

  /** Counts `n` bytes written directly after `room`. */
  advance(n: number): void {
    this.len += n;
  }

  u8(v: number): void {
    this.room(1);
    this.view.setUint8(this.len, v);
    this.len += 1;
  }

  u16(v: number): void {
    this.room(2);
    this.view.setUint16(this.len, v, true);
    this.len += 2;
  }

  u32(v: number): void {
    this.room(4);
    this.view.setUint32(this.len, v, true);
    this.len += 4;
  }

  i32(v: number): void {
    this.room(4);
    this.view.setInt32(this.len, v, true);
    this.len += 4;
  }

  bytes(b: ArrayLike<number>): void {
    this.room(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
  }

  /**
   * `text` as UTF-8 (as TextEncoder: a lone surrogate becomes U+FFFD); returns the byte
   * count. Encoded here rather than by TextEncoder, whose encode allocates an array per
   * call and whose encodeInto needs a subarray per call: label texts are a few characters.
   */
  utf8(text: string): number {
    const buf = this.room(text.length * 3);
    const start = this.len;
    let at = start;
    for (let i = 0; i < text.length; i++) {
      let c = text.charCodeAt(i);
      if (c < 0x80) {
        buf[at++] = c;
        continue;
      }
      if (c < 0x800) {
        buf[at++] = 0xc0 | (c >> 6);
        buf[at++] = 0x80 | (c & 0x3f);
        continue;
      }
      if (c >= 0xd800 && c <= 0xdfff) {
        const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          // A surrogate pair: 4 bytes (its two UTF-16 units had room for 6).
          const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
          buf[at++] = 0xf0 | (cp >> 18);
          buf[at++] = 0x80 | ((cp >> 12) & 0x3f);
          buf[at++] = 0x80 | ((cp >> 6) & 0x3f);
          buf[at++] = 0x80 | (cp & 0x3f);
          i++;
          continue;
        }
        c = 0xfffd;
      }
      buf[at++] = 0xe0 | (c >> 12);
      buf[at++] = 0x80 | ((c >> 6) & 0x3f);
      buf[at++] = 0x80 | (c & 0x3f);
    }
    this.len = at;
    return at - start;
  }

  /** Starts a command, `opcode u8, length u32, payload`: returns the mark for `end`. */
  begin(opcode: number): number {
    this.u8(opcode);
    this.u32(0);
    return this.len;
  }

  /** Ends the command begun at `mark`: writes its payload length. */
  end(mark: number): void {
    this.view.setUint32(mark - 4, this.len - mark, true);
  }

  /** A view of the bytes written, valid until the next write or reset. */
  written(): Uint8Array {
    return this.buf.subarray(0, this.len);
  }

  /** A copy of the bytes written. */
  finish(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}

/** Bytes of `text` in UTF-8 (as TextEncoder encodes it), without encoding it. */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
