/**
 * Test support for the print job: an engine whose Wasm module traps, to reach the job's
 * EngineCrashed path without a bug in the real engine. Not part of the print API.
 *
 * The module is a real one, assembled here byte by byte (WebAssembly binary format, MVP):
 * it has every export the facade checks (src/engine/engine.ts REQUIRED_EXPORTS), reports
 * ABI 3, hands out one fixed request buffer, and executes `unreachable` in render, encode,
 * measure and load_font. The facade (real, unchanged) sees the trap, restarts the module
 * and throws EngineError EngineCrashed, exactly as it would for the real engine.
 */
import { ABI_VERSION, createEngine, type Engine } from '../engine/engine.ts';

/** Unsigned LEB128, as the binary format writes sizes and counts. */
function leb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

const vec = (items: number[][]): number[] => [...leb(items.length), ...items.flat()];
const section = (id: number, body: number[]): number[] => [id, ...leb(body.length), ...body];
const name = (s: string): number[] => [...leb(s.length), ...new TextEncoder().encode(s)];

const I32 = 0x7f;
const TYPES = [
  [0x60, 0, 1, I32], // 0: () -> i32
  [0x60, 1, I32, 1, I32], // 1: (i32) -> i32
  [0x60, 2, I32, I32, 0], // 2: (i32, i32) -> ()
  [0x60, 2, I32, I32, 1, I32], // 3: (i32, i32) -> i32
];
const END = 0x0b;
const i32Const = (v: number) => [0x41, ...leb(v), END]; // small non-negative values only
const TRAP = [0x00, END]; // unreachable
/** Request buffers start here: past nothing (the module has no data), inside page 0. */
const REQUEST_AT = 1024;

/** [export name, type index, body]. */
const FUNCTIONS: [string, number, number[]][] = [
  ['abi_version', 0, i32Const(ABI_VERSION)],
  ['alloc', 1, i32Const(REQUEST_AT)],
  ['free', 2, [END]],
  ['render', 3, TRAP],
  ['encode', 3, TRAP],
  ['measure', 3, TRAP],
  ['load_font', 3, TRAP],
  ['result_ptr', 0, i32Const(0)],
  ['result_len', 0, i32Const(0)],
  ['error_code', 0, i32Const(0)],
  ['error_message_ptr', 0, i32Const(0)],
  ['error_message_len', 0, i32Const(0)],
  ['error_element', 0, i32Const(0)],
  ['clear_fonts', 0, i32Const(0)],
];

/** The bytes of the trapping module. */
export function trappingModuleBytes(): Uint8Array<ArrayBuffer> {
  const bytes = [
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // \0asm, version 1
    ...section(1, vec(TYPES)),
    ...section(3, vec(FUNCTIONS.map(([, type]) => leb(type)))),
    ...section(5, vec([[0x00, ...leb(1)]])), // one memory, at least 1 page (64 KiB)
    ...section(7, vec([...FUNCTIONS.map(([n], i) => [...name(n), 0x00, ...leb(i)]), [...name('memory'), 0x02, 0]])),
    ...section(10, vec(FUNCTIONS.map(([, , body]) => { const b = [0x00, ...body]; return [...leb(b.length), ...b]; }))), // no locals
  ];
  return new Uint8Array(bytes);
}

/** A facade over the trapping module: every render traps. */
export function trappingEngine(): Engine {
  return createEngine(new WebAssembly.Module(trappingModuleBytes()));
}
