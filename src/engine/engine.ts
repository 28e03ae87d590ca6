/**
 * The engine facade: wraps one instance of the Wasm module and owns all marshalling
 * across its C ABI (`crates/engine/src/abi.rs`): copy the request into memory from
 * `alloc`, call, copy the result out, free. Loading the module is the loaders' business
 * (`load-node.ts`, `load-browser.ts`); both end in `createEngine`.
 *
 * Calls are synchronous and cheap to make from a Web Worker. If the module ever traps
 * (a bug: the engine validates every input), the call throws EngineError EngineCrashed and
 * the facade continues on a fresh instance of the same module.
 */
import { compileMeasureRequest, writeDisplayList } from './display-list.ts';
import { EngineError, ErrorCode } from './errors.ts';
import { ECC_LEVELS, maxDataBytes, optionBytes, symbologyInfo, writeDataBytes } from './symbologies.ts';
import type { EncodeRequest, EncodedSymbol, FontOptions, GreyPage, Measurement, MeasureRequest, Page, PageSpec, QrEcc } from './types.ts';

/** The ABI version this facade speaks (`abi_version()` in the module): 3 = display list
 * version 2, grey output and fonts. */
export const ABI_VERSION = 3;

type AbiCall = 'render' | 'encode' | 'measure' | 'load_font';

const SETUP_HINT = 'run npm run setup';

interface EngineExports {
  memory: WebAssembly.Memory;
  abi_version(): number;
  alloc(len: number): number;
  free(ptr: number, len: number): void;
  render(ptr: number, len: number): number;
  encode(ptr: number, len: number): number;
  measure(ptr: number, len: number): number;
  result_ptr(): number;
  result_len(): number;
  error_code(): number;
  error_message_ptr(): number;
  error_message_len(): number;
  error_element(): number;
  load_font(ptr: number, len: number): number;
  clear_fonts(): number;
}

const REQUIRED_EXPORTS = [
  'memory', 'abi_version', 'alloc', 'free', 'render', 'encode', 'measure', 'result_ptr', 'result_len',
  'error_code', 'error_message_ptr', 'error_message_len', 'error_element', 'load_font', 'clear_fonts',
] as const;

const textDecoder = new TextDecoder();

/** Symbol spec flag (symbol_spec.rs): the modules without the human-readable text. */
const FLAG_MODULES_ONLY = 1;

export class Engine {
  private exports: EngineExports;
  /** A request buffer in the module's memory, reused across calls (grown on demand). */
  private requestPtr = 0;
  private requestCap = 0;
  private view: Uint8Array | undefined;
  /** Fonts registered, in order, so a fresh instance after a trap gets them back. */
  private fonts: Uint8Array[] = [];

  /** Use `createEngine` or a loader, which check the module first. */
  constructor(private readonly module: WebAssembly.Module) {
    this.exports = instantiate(module);
  }

  /** The module's ABI version (ABI_VERSION: modules of other versions are refused). */
  get abiVersion(): number {
    return this.exports.abi_version();
  }

  /**
   * Registers a TrueType face (.ttf, or one face of a .ttc) under `name` for TEXT and
   * ARC_TEXT elements; the same name and style again replaces it. `fallback` also appends
   * it to the fallback chain (register the Latin face first, then CJK). Throws EngineError
   * Parameter naming the font for a bad font file (the registry is unchanged then).
   */
  loadFont(name: string, bytes: Uint8Array, options: FontOptions = {}): void {
    const nameBytes = new TextEncoder().encode(name);
    if (nameBytes.length === 0 || nameBytes.length > 0xffff) {
      throw new EngineError(ErrorCode.Parameter, `font name must be 1 to 65535 bytes of UTF-8, got ${nameBytes.length}`);
    }
    const face = options.faceIndex ?? 0;
    if (!Number.isInteger(face) || face < 0 || face > 0xffff_ffff) {
      throw new EngineError(ErrorCode.Parameter, `faceIndex must be a whole number from 0, got ${face}`);
    }
    const request = new Uint8Array(2 + nameBytes.length + 6 + bytes.length);
    const v = new DataView(request.buffer);
    v.setUint16(0, nameBytes.length, true);
    request.set(nameBytes, 2);
    let at = 2 + nameBytes.length;
    v.setUint32(at, face, true);
    request[at + 4] = (options.bold ? 1 : 0) | (options.italic ? 2 : 0);
    request[at + 5] = options.fallback ? 1 : 0;
    at += 6;
    request.set(bytes, at);
    this.call('load_font', request);
    this.fonts.push(request);
  }

  /** Forgets every registered font (text then draws in the built-in stroke font). */
  clearFonts(): void {
    this.fonts = [];
    const status = this.exports.clear_fonts();
    if (status !== 0) throw new EngineError(status, 'the label engine could not clear its fonts');
  }


  /**
   * Encodes one symbol: `{type, data, ...that type's options}`. Returns the modules
   * without quiet zone (and for linear types the human-readable text, for QR the version,
   * level and mask used). Throws EngineError: Unsupported (unknown type), Parameter (an
   * option out of range or not taken by the type), NoData, DataTooLong, InvalidCharacter,
   * InvalidLength, InvalidCheckDigit, InvalidData, VersionTooSmall.
   */
  encode(request: EncodeRequest): EncodedSymbol {
    return this.encodeWith(request, undefined);
  }

  /**
   * `encode` for loops: the modules are written into `target` (a buffer the caller reuses;
   * `modules` is then a view of it, valid until the next call with the same buffer) and the
   * human-readable text is not built (`text` is ''). A `target` too small for the symbol
   * is not used: `modules` is a new array then. Nothing else is allocated per symbol.
   */
  encodeInto(request: EncodeRequest, target: Uint8Array): EncodedSymbol {
    return this.encodeWith(request, target);
  }

  private encodeWith(request: EncodeRequest, target: Uint8Array | undefined): EncodedSymbol {
    // The symbol spec (symbol_spec.rs) is written straight into the module's request
    // buffer: encoding in a loop allocates only the returned modules.
    const info = symbologyInfo(request.type);
    const data = request.data;
    if (typeof data !== 'string' && !(data instanceof Uint8Array)) {
      throw new EngineError(ErrorCode.Parameter, `data must be text or a Uint8Array, got ${typeof data}`);
    }
    const options = optionBytes(request);
    try {
      const ptr = this.requestBuffer(4 + options.length + maxDataBytes(request.type, data));
      let mem = this.memory();
      mem[ptr] = info.id;
      mem[ptr + 1] = target === undefined ? 0 : FLAG_MODULES_ONLY;
      mem[ptr + 2] = options.length & 0xff;
      mem[ptr + 3] = options.length >> 8;
      for (let i = 0; i < options.length; i++) mem[ptr + 4 + i] = options[i]!;
      const len = 4 + options.length + writeDataBytes(request.type, data, mem, ptr + 4 + options.length);
      const at = this.run('encode', ptr, len);
      // Read the result in place: at most one allocation, the modules the caller keeps.
      mem = this.memory();
      const width = u32(mem, at + 4);
      const height = u32(mem, at + 8);
      const count = width * height;
      const end = at + 12 + count;
      let modules: Uint8Array;
      if (target !== undefined && target.length >= count) {
        target.set(mem.subarray(at + 12, end));
        modules = target.subarray(0, count);
      } else {
        modules = mem.slice(at + 12, end);
      }
      if (mem[at] === 1) {
        const textLen = u32(mem, end);
        return { kind: 'linear', modules, text: textLen === 0 ? '' : textDecoder.decode(mem.subarray(end + 4, end + 4 + textLen)) };
      }
      if (request.type === 'qrcode') {
        return { kind: 'matrix', width, height, modules, version: mem[at + 1]!, ecc: ECC_LEVELS[mem[at + 2]!] as QrEcc, mask: mem[at + 3]! };
      }
      if (request.type === 'gridmatrix' || request.type === 'pdf417') return { kind: 'matrix', width, height, modules, version: mem[at + 1]!, eccLevel: mem[at + 2]! };
      return { kind: 'matrix', width, height, modules, version: mem[at + 1]! };
    } catch (e) {
      throw this.crashed(e);
    }
  }

  /**
   * Places a barcode element at a resolution without drawing it: the module width in
   * whole dots the renderer picks and the width the symbol is really drawn at (module_fit:
   * widths snap to dots, so a barcode is usually narrower than its box). Throws as
   * `encode`.
   */
  measure(request: MeasureRequest): Measurement {
    const out = this.call('measure', compileMeasureRequest(request.dpi, request, request));
    const v = new DataView(out.buffer, out.byteOffset, out.byteLength);
    const u = (at: number) => v.getUint32(at, true);
    return {
      kind: v.getUint8(0) === 1 ? 'linear' : 'matrix',
      modulesWide: u(4),
      modulesHigh: u(8),
      moduleDots: u(12),
      wideDots: u(16),
      xDots: v.getInt32(20, true),
      yDots: v.getInt32(24, true),
      widthDots: u(28),
      heightDots: u(32),
      widthMm: u(36) / 1000,
      heightMm: u(40) / 1000,
      textDots: u(44),
      fits: v.getUint8(48) === 1,
      extentXDots: v.getInt32(52, true),
      extentWidthDots: u(56),
    };
  }

  /**
   * Renders one label page: a 1-bit bitmap, or with `grey` an 8-bit grey one. Throws
   * EngineError; errors caused by one element carry its index in `element`.
   */
  renderPage(page: PageSpec & { grey: true }): GreyPage;
  renderPage(page: PageSpec): Page;
  renderPage(page: PageSpec): Page | GreyPage {
    // The display list is compiled into the compiler's reusable buffer and copied straight
    // into the module's request buffer; only the bitmap is copied out (the header is read
    // in place). Before, the list was copied out of the compiler and the result copied
    // out whole, header included, then viewed: two arrays more per page.
    const list = writeDisplayList(page);
    try {
      const ptr = this.requestBuffer(list.length);
      this.memory().set(list, ptr);
      const at = this.run('render', ptr, list.length);
      const mem = this.memory();
      const end = at + (this.exports.result_len() >>> 0);
      const width = u32(mem, at);
      const height = u32(mem, at + 4);
      const stride = u32(mem, at + 8);
      const data = mem.slice(at + 12, end);
      return page.grey ? { width, height, stride, data, grey: true } : { width, height, stride, data };
    } catch (e) {
      throw this.crashed(e);
    }
  }

  /** Runs one ABI call on `request` and returns a copy of the result buffer. */
  private call(fn: AbiCall, request: Uint8Array): Uint8Array {
    try {
      const ptr = this.requestBuffer(request.length);
      this.memory().set(request, ptr);
      const at = this.run(fn, ptr, request.length);
      return this.memory().slice(at, at + (this.exports.result_len() >>> 0));
    } catch (e) {
      throw this.crashed(e);
    }
  }

  /**
   * The error to throw for `e`: a trap restarts the module and becomes EngineError
   * EngineCrashed; anything else is itself.
   */
  private crashed(e: unknown): unknown {
    if (!(e instanceof WebAssembly.RuntimeError)) return e;
    // The instance's state is unknown after a trap: start over on a fresh one.
    this.exports = instantiate(this.module);
    this.requestPtr = 0;
    this.requestCap = 0;
    this.view = undefined;
    // Fonts live in the instance: register them again (they were valid before).
    for (const request of this.fonts) {
      try {
        const ptr = this.requestBuffer(request.length);
        this.memory().set(request, ptr);
        this.run('load_font', ptr, request.length);
      } catch {
        // Leave the rest to the next call; the crash is what the caller needs to hear.
        break;
      }
    }
    return new EngineError(ErrorCode.EngineCrashed, `the label engine crashed (${e.message})`);
  }

  /** Calls `fn` on the request at `ptr`; returns where the result lies in memory, or throws
   * the engine's error. */
  private run(fn: AbiCall, ptr: number, len: number): number {
    const x = this.exports;
    const status = x[fn](ptr, len);
    if (status !== 0) {
      // Views are taken after the call: memory may have grown (and its buffer changed).
      const at = x.error_message_ptr() >>> 0;
      const message = textDecoder.decode(this.memory().subarray(at, at + (x.error_message_len() >>> 0)));
      const element = x.error_element();
      throw new EngineError(status, message, element >= 0 ? element : undefined);
    }
    return x.result_ptr() >>> 0;
  }

  /** A view of the module's whole memory, renewed when memory grows (the old buffer is
   * detached then). */
  private memory(): Uint8Array {
    const buffer = this.exports.memory.buffer;
    if (this.view === undefined || this.view.buffer !== buffer) this.view = new Uint8Array(buffer);
    return this.view;
  }

  /** The reusable request buffer, at least `len` bytes (one alloc per growth, not per call). */
  private requestBuffer(len: number): number {
    if (len <= this.requestCap && this.requestPtr !== 0) return this.requestPtr;
    const x = this.exports;
    const cap = Math.max(256, 2 ** Math.ceil(Math.log2(Math.max(len, 1))));
    if (this.requestPtr !== 0) x.free(this.requestPtr, this.requestCap);
    this.requestPtr = 0;
    this.requestCap = 0;
    const ptr = x.alloc(cap) >>> 0;
    if (ptr === 0) {
      throw new EngineError(ErrorCode.System, `the label engine is out of memory (${len}-byte request)`);
    }
    this.requestPtr = ptr;
    this.requestCap = cap;
    return ptr;
  }
}

/**
 * Checks a compiled module (exports and ABI version) and wraps it. Throws EngineError
 * EngineMissing for a module from another build.
 */
export function createEngine(module: WebAssembly.Module): Engine {
  const names = new Set(WebAssembly.Module.exports(module).map((e) => e.name));
  const missing = REQUIRED_EXPORTS.filter((n) => !names.has(n));
  if (missing.length > 0) {
    throw new EngineError(ErrorCode.EngineMissing, `the label engine is from another build (missing ${missing.join(', ')}): ${SETUP_HINT}`);
  }
  return new Engine(module);
}

/** Little-endian u32 at `at`. */
function u32(bytes: Uint8Array, at: number): number {
  return (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
}

function instantiate(module: WebAssembly.Module): EngineExports {
  const exports = new WebAssembly.Instance(module, {}).exports as unknown as EngineExports;
  const version = exports.abi_version();
  if (version !== ABI_VERSION) {
    throw new EngineError(
      ErrorCode.EngineMissing,
      `the label engine speaks ABI ${version}, this facade ${ABI_VERSION}: ${SETUP_HINT}`,
    );
  }
  return exports;
}

/** The message used when the module file is absent. */
export function engineMissingError(where: string): EngineError {
  return new EngineError(ErrorCode.EngineMissing, `the label engine is not built (${where} is missing): ${SETUP_HINT}`);
}
