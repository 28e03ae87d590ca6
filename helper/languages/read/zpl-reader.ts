/**
 * The fake printer's ZPL: reads a byte stream as it arrives, one connection at a time, into
 * labels. It knows what our pages use and what a printer must do with it:
 * `^XA` ... `^XZ` framing (a new `^XA` or `~JX` drops an unfinished format), `^PW` print
 * width and `^LL` label length (dots), `^LH` label home, `^FO` field origin, `^GFA` graphic
 * fields (ACS hex, decoded by acs-decode.ts), `^PQ` quantity, `~HS` host status. Other
 * commands are kept, as sent, with the label they came with.
 *
 * Commands are `^` or `~` and two letters; a command's parameters run to the next `^` or `~`
 * (so a command is whole once the next one begins), except the ones without parameters
 * (`^XA ^XZ ^FS ~HS ~JX`), which are whole at once: `~HS` at the end of the stream is
 * answered without waiting for more.
 */
import { decodeAcs } from './acs-decode.ts';
import { Canvas, type ReceivedLabel } from './label-canvas.ts';

export interface ReaderEvents {
  /** The first command of a new label was read. */
  labelStart(): void;
  /** A label was taken whole. */
  label(label: ReceivedLabel): void;
  /** A status query came; answer it. */
  status(): void;
  /** Something was sent that a printer would reject; the label it belongs to is dropped. */
  error(message: string): void;
}

const WHOLE_AT_ONCE = new Set(['XA', 'XZ', 'FS', 'HS', 'JX']);

interface Graphic {
  x: number;
  y: number;
  rowBytes: number;
  rows: number;
  data: Uint8Array;
}

interface Format {
  width?: number;
  height?: number;
  home: [number, number];
  origin: [number, number];
  graphics: Graphic[];
  copies: number;
  commands: string[];
  failed: boolean;
}

export class ZplReader {
  /** Bytes received and not yet read as whole commands (latin1 text). */
  private pending = '';
  /** Where the search for the end of the command at the start of `pending` goes on. */
  private scanFrom = 3;
  private format: Format | null = null;
  /** Tilde commands before a format (e.g. ~SD): they go with the next label. */
  private before: string[] = [];

  constructor(
    private readonly events: ReaderEvents,
    private readonly connection: number,
  ) {}

  private halted = false;
  /** Bytes of the stream read as commands (or skipped) so far. */
  private consumed = 0;
  /** Where the command being run starts in the stream, bytes from the connection's start. */
  commandOffset = 0;

  /** Whether part of a label has been read and the label is not finished. */
  get inLabel(): boolean {
    return this.format !== null || this.before.length > 0;
  }

  /** Stops reading after the command being read (called from an event); what follows
   * stays unread until resume(). */
  halt(): void {
    this.halted = true;
  }

  /** Forgets what was received past `offset` bytes of the stream (a connection cut there):
   * only bytes before it are read. */
  truncateTo(offset: number): void {
    this.pending = this.pending.slice(0, Math.max(0, offset - this.consumed));
  }

  resume(): void {
    this.halted = false;
    this.push(new Uint8Array(0));
  }

  push(bytes: Uint8Array): void {
    if (bytes.length) this.pending += Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
    while (!this.halted) {
      const start = this.nextPrefix(0);
      if (start < 0) {
        this.consumed += this.pending.length;
        this.pending = ''; // text outside any command (line ends between commands)
        this.scanFrom = 3;
        return;
      }
      if (start > 0) {
        this.consumed += start;
        this.pending = this.pending.slice(start);
        this.scanFrom = 3;
      }
      if (this.pending.length < 3) return;
      const code = this.pending.slice(1, 3).toUpperCase();
      let end: number;
      if (WHOLE_AT_ONCE.has(code)) end = 3;
      else {
        end = this.nextPrefix(this.scanFrom);
        if (end < 0) {
          this.scanFrom = Math.max(3, this.pending.length);
          return;
        }
      }
      const prefix = this.pending[0]!;
      const params = this.pending.slice(3, end);
      this.pending = this.pending.slice(end);
      this.scanFrom = 3;
      this.commandOffset = this.consumed;
      this.consumed += end;
      this.run(prefix, code, params);
    }
  }

  private nextPrefix(from: number): number {
    const caret = this.pending.indexOf('^', from);
    const tilde = this.pending.indexOf('~', from);
    if (caret < 0) return tilde;
    if (tilde < 0) return caret;
    return Math.min(caret, tilde);
  }

  private run(prefix: string, code: string, params: string): void {
    const text = (prefix + code + params).replace(/[\r\n]+$/, '');
    if (prefix === '~') {
      if (code === 'HS') this.events.status();
      else if (code === 'JX') {
        this.format = null;
        this.before = [];
      } else {
        if (!this.inLabel) this.events.labelStart();
        (this.format ? this.format.commands : this.before).push(text);
      }
      return;
    }
    if (code === 'XA') {
      if (!this.inLabel) this.events.labelStart();
      this.format = { home: [0, 0], origin: [0, 0], graphics: [], copies: 1, commands: this.before, failed: false };
      this.before = [];
      return;
    }
    const f = this.format;
    if (!f) {
      this.events.error(`${text} outside ^XA ... ^XZ`);
      return;
    }
    const numbers = () => params.split(',').map((p) => (p.trim() === '' ? NaN : Number(p.trim())));
    switch (code) {
      case 'XZ':
        this.format = null;
        if (!f.failed) this.finish(f);
        return;
      case 'PW':
      case 'LL': {
        const [n] = numbers();
        if (!Number.isInteger(n) || n! < 1) return this.fail(f, `${text}: not a length in dots`);
        if (code === 'PW') f.width = n!;
        else f.height = n!;
        return;
      }
      case 'LH':
      case 'FO': {
        const [x = 0, y = 0] = numbers().map((n) => (Number.isNaN(n) ? 0 : n));
        if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0) return this.fail(f, `${text}: not a position in dots`);
        if (code === 'LH') f.home = [x, y];
        else f.origin = [x, y];
        return;
      }
      case 'GF':
        return this.graphic(f, params);
      case 'FS':
        return;
      case 'PQ': {
        const [n] = numbers();
        if (!Number.isInteger(n) || n! < 1) return this.fail(f, `${text}: not a quantity`);
        f.copies = n!;
        return;
      }
      default:
        f.commands.push(text);
    }
  }

  /** ^GFa,b,c,d,data: a compression (A = ASCII hex), b byte count, c graphic field count,
   * d bytes per row. */
  private graphic(f: Format, params: string): void {
    const parts = params.split(',');
    if (parts.length < 5) return this.fail(f, `^GF${params.slice(0, 40)}: needs a,b,c,d,data`);
    const [kind, b, c, d] = parts.slice(0, 4).map((p) => p.trim());
    const data = parts.slice(4).join(',');
    if (kind !== 'A') return this.fail(f, `^GF${kind}: only ASCII hex (A) graphics are read here`);
    const bytes = Number(b);
    const total = Number(c);
    const rowBytes = Number(d);
    if (bytes !== total) return this.fail(f, `^GFA,${b},${c}: for ASCII hex the byte count must equal the field count`);
    const decoded = decodeAcs(data, rowBytes, total);
    if (!decoded.ok) return this.fail(f, `^GFA,${b},${c},${d}: ${decoded.error}`);
    f.graphics.push({ x: f.home[0] + f.origin[0], y: f.home[1] + f.origin[1], rowBytes, rows: total / rowBytes, data: decoded.data });
  }

  private fail(f: Format, message: string): void {
    f.failed = true;
    this.events.error(message);
  }

  private finish(f: Format): void {
    // Without ^PW/^LL a printer uses its own width and length; here: what the graphics cover.
    const width = f.width ?? Math.max(1, ...f.graphics.map((g) => g.x + g.rowBytes * 8));
    const height = f.height ?? Math.max(1, ...f.graphics.map((g) => g.y + g.rows));
    const canvas = new Canvas(width, height);
    for (const g of f.graphics) canvas.draw(g.x, g.y, g.rowBytes, g.rows, g.data, 'or', (b) => b);
    this.events.label(canvas.label('zpl', f.copies, f.commands, this.connection));
  }
}
