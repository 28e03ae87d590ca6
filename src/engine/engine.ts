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
import { compileDisplayList, compileMeasureRequest, compileSymbolSpec } from './display-list.ts';
import { EngineError, ErrorCode } from './errors.ts';
import { ECC_LEVELS } from './symbologies.ts';
import type { EncodeRequest, EncodedSymbol, Measurement, MeasureRequest, Page, PageSpec, QrEcc } from './types.ts';

/** The ABI version this facade speaks (`abi_version()` in the module). */
export const ABI_VERSION = 2;

type AbiCall = 'render' | 'encode' | 'measure';

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
}

const REQUIRED_EXPORTS = [
  'memory', 'abi_version', 'alloc', 'free', 'render', 'encode', 'measure', 'result_ptr', 'result_len',
  'error_code', 'error_message_ptr', 'error_message_len', 'error_element',
] as const;

const textDecoder = new TextDecoder();

export class Engine {
  private exports: EngineExports;
  /** A request buffer in the module's memory, reused across calls (grown on demand). */
  private requestPtr = 0;
  private requestCap = 0;

  /** Use `createEngine` or a loader, which check the module first. */
  constructor(private readonly module: WebAssembly.Module) {
    this.exports = instantiate(module);
  }

  /**
   * Encodes one symbol: `{type, data, ...that type's options}`. Returns the modules
   * without quiet zone (and for linear types the human-readable text, for QR the version,
   * level and mask used). Throws EngineError: Unsupported (unknown type), Parameter (an
   * option out of range or not taken by the type), NoData, DataTooLong, InvalidCharacter,
   * InvalidLength, InvalidCheckDigit, InvalidData, VersionTooSmall.
   */
  encode(request: EncodeRequest): EncodedSymbol {
    const out = this.call('encode', compileSymbolSpec(request));
    const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
    const kind = view.getUint8(0);
    const width = view.getUint32(4, true);
    const height = view.getUint32(8, true);
    const end = 12 + width * height;
    const modules = out.subarray(12, end);
    if (kind === 1) {
      const textLen = view.getUint32(end, true);
      return { kind: 'linear', modules, text: textDecoder.decode(out.subarray(end + 4, end + 4 + textLen)) };
    }
    return {
      kind: 'matrix',
      width,
      height,
      modules,
      version: view.getUint8(1),
      ecc: ECC_LEVELS[view.getUint8(2)] as QrEcc,
      mask: view.getUint8(3),
    };
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
   * Renders one label page to a 1-bit bitmap. Throws EngineError; errors caused by one
   * element carry its index in `element`.
   */
  renderPage(page: PageSpec): Page {
    const out = this.call('render', compileDisplayList(page));
    const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
    const width = view.getUint32(0, true);
    const height = view.getUint32(4, true);
    const stride = view.getUint32(8, true);
    return { width, height, stride, data: out.subarray(12) };
  }

  /** Runs one ABI call on `request` and returns a copy of the result buffer. */
  private call(fn: AbiCall, request: Uint8Array): Uint8Array {
    try {
      return this.callOnce(fn, request);
    } catch (e) {
      if (e instanceof WebAssembly.RuntimeError) {
        // The instance's state is unknown after a trap: start over on a fresh one.
        this.exports = instantiate(this.module);
        this.requestPtr = 0;
        this.requestCap = 0;
        throw new EngineError(ErrorCode.EngineCrashed, `the label engine crashed (${e.message})`);
      }
      throw e;
    }
  }

  private callOnce(fn: AbiCall, request: Uint8Array): Uint8Array {
    const x = this.exports;
    const ptr = this.requestBuffer(request.length);
    new Uint8Array(x.memory.buffer, ptr, request.length).set(request);
    const status = x[fn](ptr, request.length);
    if (status !== 0) {
      // Views are made after the call: memory may have grown (and its buffer changed).
      const message = textDecoder.decode(
        new Uint8Array(x.memory.buffer, x.error_message_ptr() >>> 0, x.error_message_len() >>> 0),
      );
      const element = x.error_element();
      throw new EngineError(status, message, element >= 0 ? element : undefined);
    }
    return new Uint8Array(x.memory.buffer, x.result_ptr() >>> 0, x.result_len() >>> 0).slice();
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
