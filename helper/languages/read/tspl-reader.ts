/**
 * The fake printer's TSPL: reads a byte stream as it arrives into labels. Commands are lines
 * ended by LF (a CR before it is dropped); `BITMAP x,y,widthBytes,heightDots,mode,` is
 * followed by widthBytes * heightDots raw bytes (a 0 bit prints a dot; mode 0 overwrite,
 * 1 OR, 2 XOR). `SIZE w,h` sets the label size (inches, or mm with " mm"), converted to
 * dots at the printer's resolution; `CLS` clears the image buffer; `PRINT m[,n]` prints m
 * sets of n copies: one label here, copies m * n. `<ESC>!?` between commands asks for the
 * status byte; other `<ESC>!x` and `~!x` real-time commands are skipped. The rest (GAP,
 * DIRECTION, DENSITY, ...) is kept, as sent, with the label.
 */
import { Canvas } from './label-canvas.ts';
import type { ReaderEvents } from './zpl-reader.ts';

const ESC = 0x1b;
const LF = 0x0a;

export class TsplReader {
  private pending: Buffer = Buffer.alloc(0);
  private canvas: Canvas | null = null;
  private size: [number, number] | null = null;
  private commands: string[] = [];
  private started = false;
  private failed = false;
  private halted = false;
  /** Bytes of the stream read as commands (or skipped) so far. */
  private consumed = 0;
  /** Where the command being run starts in the stream, bytes from the connection's start. */
  commandOffset = 0;

  constructor(
    private readonly events: ReaderEvents,
    private readonly connection: number,
    /** The printer's resolution, dots per inch. */
    private readonly dpi: number,
  ) {}

  get inLabel(): boolean {
    return this.started;
  }

  halt(): void {
    this.halted = true;
  }

  /** Forgets what was received past `offset` bytes of the stream (a connection cut there):
   * only bytes before it are read. */
  truncateTo(offset: number): void {
    this.pending = this.pending.subarray(0, Math.max(0, offset - this.consumed));
  }

  resume(): void {
    this.halted = false;
    this.push(new Uint8Array(0));
  }

  push(bytes: Uint8Array): void {
    if (bytes.length) this.pending = this.pending.length ? Buffer.concat([this.pending, bytes]) : Buffer.from(bytes);
    while (!this.halted && this.pending.length) {
      const p = this.pending;
      this.commandOffset = this.consumed;
      const before = p.length;
      if (p[0] === ESC || (p[0] === 0x7e && p[1] === 0x21)) { // <ESC>!x or ~!x
        if (p.length < 3) return;
        this.take(3, before);
        if (p[0] === ESC && p[1] === 0x21 && p[2] === 0x3f) this.events.status();
        continue;
      }
      if (p[0] === 0x0d || p[0] === LF || p[0] === 0x20) {
        this.take(1, before);
        continue;
      }
      if (startsWithWord(p, 'BITMAP')) {
        const used = this.bitmap(p);
        if (used === 0) return;
        this.take(used, before);
        continue;
      }
      const lf = p.indexOf(LF);
      if (lf < 0) return;
      const line = p.subarray(0, lf).toString('latin1').replace(/\r$/, '').trim();
      this.take(lf + 1, before);
      this.line(line);
    }
  }

  /** Drops `bytes` read from the start of the pending `before` bytes. */
  private take(bytes: number, before: number): void {
    this.pending = this.pending.subarray(bytes);
    this.consumed += before - this.pending.length;
  }

  private begin(): void {
    if (!this.started) {
      this.started = true;
      this.events.labelStart();
    }
  }

  /** Reads one BITMAP command with its data from the start of `p`; returns the bytes it
   * took, or 0 while it is incomplete. */
  private bitmap(p: Buffer): number {
    let commas = 0;
    let head = -1;
    for (let i = 0; i < p.length && i < 80; i++) {
      if (p[i] === 0x2c && ++commas === 5) {
        head = i + 1;
        break;
      }
    }
    if (head < 0) {
      if (p.length >= 80) {
        this.begin();
        this.fail(`BITMAP header ${JSON.stringify(p.subarray(0, 40).toString('latin1'))} is not x,y,width,height,mode,`);
        const lf = p.indexOf(LF);
        return lf < 0 ? p.length : lf + 1;
      }
      return 0;
    }
    const [x, y, rowBytes, rows, mode] = p.subarray(6, head - 1).toString('latin1').split(',').map((s) => Number(s.trim()));
    const valid = [x, y, rowBytes, rows, mode].every((n) => Number.isInteger(n) && n! >= 0) && rowBytes! > 0 && mode! <= 2;
    if (!valid) {
      this.begin();
      this.fail(`BITMAP ${p.subarray(6, head - 1).toString('latin1')}: not x,y,widthBytes,heightDots,mode (0-2)`);
      const lf = p.indexOf(LF);
      return lf < 0 ? p.length : lf + 1;
    }
    const size = rowBytes! * rows!;
    if (p.length < head + size) return 0;
    this.begin();
    if (!this.canvas) this.fail('BITMAP before SIZE and CLS');
    else this.canvas.draw(x!, y!, rowBytes!, rows!, p.subarray(head, head + size), (['overwrite', 'or', 'xor'] as const)[mode!]!, (b) => ~b & 0xff);
    return head + size;
  }

  private line(line: string): void {
    if (line === '') return;
    const word = line.split(/[\s,]/)[0]!.toUpperCase();
    const args = line.slice(word.length).trim();
    this.begin();
    switch (word) {
      case 'SIZE': {
        const [w, h] = args.split(',').map((a) => this.dots(a));
        if (!w || !h) return this.fail(`${line}: not a label size`);
        this.size = [w, h];
        return;
      }
      case 'CLS':
        if (!this.size) return this.fail('CLS before SIZE');
        this.canvas = new Canvas(this.size[0], this.size[1]);
        return;
      case 'PRINT': {
        const [m, n = 1] = args.split(',').map((a) => Number(a.trim()));
        if (!Number.isInteger(m) || !Number.isInteger(n) || m! < 1 || n < 1) return this.fail(`${line}: not PRINT sets[,copies]`);
        const canvas = this.canvas;
        const failed = this.failed;
        const commands = this.commands;
        this.started = false;
        this.failed = false;
        this.commands = [];
        if (!canvas) return this.events.error('PRINT before SIZE and CLS');
        if (!failed) this.events.label(canvas.label('tspl', m! * n, commands, this.connection));
        return;
      }
      default:
        this.commands.push(line);
    }
  }

  /** "40 mm" or "1.5" (inches) as dots at the printer's resolution. */
  private dots(text: string): number {
    const mm = /^\s*([\d.]+)\s*mm\s*$/i.exec(text);
    const inch = /^\s*([\d.]+)\s*$/.exec(text);
    const value = mm ? (Number(mm[1]) * this.dpi) / 25.4 : inch ? Number(inch[1]) * this.dpi : NaN;
    return Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
  }

  private fail(message: string): void {
    this.failed = true;
    this.events.error(message);
  }
}

/** Whether `p` starts with `word` and a space or comma (a shorter `p` waits for more). */
function startsWithWord(p: Buffer, word: string): boolean {
  if (p.length < word.length + 1) return false;
  return p.subarray(0, word.length).toString('latin1').toUpperCase() === word && (p[word.length] === 0x20 || p[word.length] === 0x2c);
}
