/**
 * Loads the engine in the browser (main thread or a Web Worker). Vite turns the `?url`
 * import into the URL of the hashed Wasm asset; Node never imports this file.
 */
import wasmUrl from './generated/assetmark_engine.wasm?url';
import { createEngine, engineMissingError, type Engine } from './engine.ts';

let loading: Promise<Engine> | undefined;

/** The page's (or worker's) engine, compiled once. Throws EngineError on failure. */
export function loadEngine(): Promise<Engine> {
  loading ??= load().catch((e: unknown) => {
    loading = undefined;
    throw e;
  });
  return loading;
}

async function load(): Promise<Engine> {
  const response = await fetch(wasmUrl);
  if (!response.ok) throw engineMissingError(wasmUrl);
  // Streaming compilation needs the application/wasm MIME type; fall back to bytes.
  const module = await WebAssembly.compileStreaming(response.clone()).catch(async () =>
    WebAssembly.compile(await response.arrayBuffer()),
  );
  return createEngine(module);
}
