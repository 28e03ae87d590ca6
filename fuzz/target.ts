/**
 * What a fuzz target is: something that runs input `index` of stream `seed` and says
 * whether the code under test misbehaved. Misbehaving means a Wasm trap (a Rust panic or
 * an out-of-bounds access), an exception escaping an API that promises error values, a
 * result that breaks the API's own contract, or engine state corrupted by an earlier
 * input. A clean refusal ("data too long", "not a label") is the expected answer, not a
 * failure. Hangs are caught by the runner's watchdog (run.ts), not here.
 */
export interface FuzzFailure {
  /** 'trap' (Wasm RuntimeError), 'throw' (an exception escaped), 'internal' (an
   * internal-error value), 'contract' (a result that breaks the API's promise), 'corrupt'
   * (a known request no longer gives its known answer). */
  kind: 'trap' | 'throw' | 'internal' | 'contract' | 'corrupt';
  message: string;
  /** The input, to save and replay (what the target fed to the code under test). */
  input: Uint8Array;
  /** How to read `input`: e.g. the ABI call it went to. */
  label: string;
}

export interface FuzzTarget {
  readonly name: string;
  run(seed: number, index: number): FuzzFailure | null;
  /** Input `index` as `run` would feed it, without running it (to save a hang's input). */
  input(seed: number, index: number): { input: Uint8Array; label: string };
}

export const TARGET_NAMES = ['engine', 'xml', 'sheet'] as const;
export type TargetName = (typeof TARGET_NAMES)[number];

export function describeError(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}\n${e.stack ?? ''}`.slice(0, 2000);
  return String(e);
}
