/**
 * The fake printer's label: a 1-bit page like helper/printer.ts Bitmap (1 = black, leftmost
 * dot in the high bit, `stride` = ceil(width / 8) bytes a row) that graphics are drawn into.
 */

/** One label the fake printer took whole (what a real printer would print). */
export interface ReceivedLabel {
  width: number;
  height: number;
  stride: number;
  data: Uint8Array;
  /** Labels printed of it (^PQ; TSPL PRINT m,n gives m * n). */
  copies: number;
  language: 'zpl' | 'tspl';
  /** The other commands that came with it, as sent (e.g. '~SD19', '^MNY', 'DENSITY 10'). */
  commands: string[];
  /** Which connection it came on, from 1. */
  connection: number;
}

export class Canvas {
  readonly stride: number;
  readonly data: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.stride = Math.ceil(width / 8);
    this.data = new Uint8Array(this.stride * height);
  }

  /**
   * Draws a graphic of `rows` rows of `rowBytes` bytes at (x, y) dots, clipped to the
   * canvas. `black(byte)` gives the byte's dots that print (1 bits); mode 'overwrite'
   * also clears the dots the graphic leaves white, 'or' only adds, 'xor' flips.
   */
  draw(x: number, y: number, rowBytes: number, rows: number, bytes: Uint8Array, mode: 'overwrite' | 'or' | 'xor', black: (b: number) => number): void {
    if (x % 8 === 0) return this.drawAligned(x >> 3, y, rowBytes, rows, bytes, mode, black);
    for (let r = 0; r < rows; r++) {
      const cy = y + r;
      if (cy < 0 || cy >= this.height) continue;
      for (let b = 0; b < rowBytes; b++) {
        const bits = black(bytes[r * rowBytes + b]!);
        for (let k = 0; k < 8; k++) {
          const cx = x + b * 8 + k;
          if (cx < 0 || cx >= this.width) continue;
          const on = (bits >> (7 - k)) & 1;
          const at = cy * this.stride + (cx >> 3);
          const mask = 0x80 >> (cx & 7);
          if (mode === 'overwrite') this.data[at] = on ? this.data[at]! | mask : this.data[at]! & ~mask;
          else if (on) this.data[at] = mode === 'or' ? this.data[at]! | mask : this.data[at]! ^ mask;
        }
      }
    }
  }

  /** draw() for a graphic starting on a whole byte (column `bx` bytes): byte by byte. */
  private drawAligned(bx: number, y: number, rowBytes: number, rows: number, bytes: Uint8Array, mode: 'overwrite' | 'or' | 'xor', black: (b: number) => number): void {
    const lastMask = this.width % 8 === 0 ? 0xff : (0xff << (8 - (this.width % 8))) & 0xff;
    const columns = Math.min(rowBytes, this.stride - bx);
    for (let r = 0; r < rows; r++) {
      const cy = y + r;
      if (cy < 0 || cy >= this.height) continue;
      for (let b = 0; b < columns; b++) {
        const at = cy * this.stride + bx + b;
        const mask = bx + b === this.stride - 1 ? lastMask : 0xff;
        const bits = black(bytes[r * rowBytes + b]!) & mask;
        if (mode === 'overwrite') this.data[at] = (this.data[at]! & ~mask) | bits;
        else if (mode === 'or') this.data[at] = this.data[at]! | bits;
        else this.data[at] = this.data[at]! ^ bits;
      }
    }
  }

  clear(): void {
    this.data.fill(0);
  }

  label(language: 'zpl' | 'tspl', copies: number, commands: string[], connection: number): ReceivedLabel {
    return { width: this.width, height: this.height, stride: this.stride, data: this.data.slice(), copies, language, commands, connection };
  }
}
