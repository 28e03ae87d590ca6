/**
 * Loads the engine in Node (CLI, server, tests): reads the Wasm file next to this module.
 * Node only; the browser uses load-browser.ts, which relies on Vite's `?url` import.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createEngine, engineMissingError, type Engine } from './engine.ts';

const WASM_URL = new URL('./generated/assetmark_engine.wasm', import.meta.url);

let loading: Promise<Engine> | undefined;

/** The process's engine, compiled once. Throws EngineError EngineMissing if not built. */
export function loadEngine(): Promise<Engine> {
  loading ??= load().catch((e: unknown) => {
    loading = undefined; // let a later call retry, e.g. after a build
    throw e;
  });
  return loading;
}

async function load(): Promise<Engine> {
  let bytes: Buffer;
  try {
    bytes = await readFile(WASM_URL);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw engineMissingError(fileURLToPath(WASM_URL));
    throw e;
  }
  return createEngine(await WebAssembly.compile(new Uint8Array(bytes)));
}
