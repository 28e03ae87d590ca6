/**
 * Loads the engine in the browser (main thread or a Web Worker). Vite turns the `?url`
 * import into the URL of the hashed Wasm asset (dist/assets/assetmark_engine-<hash>.wasm);
 * Node never imports this file.
 *
 * The module is compiled once per page with streaming compilation (the bytes are compiled
 * while they download). A compiled WebAssembly.Module can be posted to Web Workers, so the
 * render pool (src/print/browser/pool.ts) hands its workers the page's module instead of
 * each downloading and compiling it again; `engineFromModule` instantiates it there.
 */
import wasmUrl from './generated/assetmark_engine.wasm?url';
import { createEngine, engineMissingError, type Engine } from './engine.ts';

let compiling: Promise<WebAssembly.Module> | undefined;
let loading: Promise<Engine> | undefined;

/** The engine's compiled module, compiled once. Throws EngineError when it is missing. */
export function loadEngineModule(): Promise<WebAssembly.Module> {
  compiling ??= compile().catch((e: unknown) => {
    compiling = undefined; // let a later call retry (a network failure)
    throw e;
  });
  return compiling;
}

/** The page's (or worker's) engine, instantiated once. Throws EngineError on failure. */
export function loadEngine(): Promise<Engine> {
  loading ??= loadEngineModule()
    .then(createEngine)
    .catch((e: unknown) => {
      loading = undefined;
      throw e;
    });
  return loading;
}

/** An engine on a module compiled elsewhere (posted by the page to a worker). */
export function engineFromModule(module: WebAssembly.Module): Engine {
  return createEngine(module);
}

async function compile(): Promise<WebAssembly.Module> {
  const response = await fetch(wasmUrl);
  if (!response.ok) throw engineMissingError(wasmUrl);
  // Streaming compilation needs the application/wasm MIME type; fall back to bytes.
  return WebAssembly.compileStreaming(response.clone()).catch(async () => WebAssembly.compile(await response.arrayBuffer()));
}
