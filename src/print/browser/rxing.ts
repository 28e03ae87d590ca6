/**
 * rxing-wasm in a render worker, for the scan check (src/print/scan.ts). Imported lazily
 * (`await import('./rxing.ts')`) by page-worker.ts when a job asks for the check, so
 * ordinary printing neither downloads nor compiles its 2.3 MB module.
 *
 * The package is wasm-bindgen output whose browser entry imports the .wasm as an ES module
 * (the Wasm ESM integration, which Vite does not do without a plugin), and its exports map
 * names only that entry. So the module is instantiated here the way the package's own
 * node-esm.js does it: the JavaScript shim (rxing_wasm_bg.js) is the import object under
 * the module name the .wasm asks for, then the shim is handed the instance's exports. The
 * two files are reached by path (past the exports map); Vite bundles the shim and turns the
 * `?url` import into the URL of the hashed .wasm asset, which is compiled while it streams
 * (served as application/wasm).
 */
import type { Rxing } from '../scan.ts';
// The shim ships without types of its own (the package types only its entry, whose exports
// are the shim's): typed as `Shim` below.
// @ts-expect-error TS7016: no declaration file for the shim
import * as shim from '../../../node_modules/rxing-wasm/rxing_wasm_bg.js';
import wasmUrl from '../../../node_modules/rxing-wasm/rxing_wasm_bg.wasm?url';

type Shim = Rxing & { __wbg_set_wasm(exports: WebAssembly.Exports): void };

let loading: Promise<Rxing> | undefined;

/** rxing-wasm, instantiated once per worker. */
export function loadRxing(): Promise<Rxing> {
  loading ??= instantiate().catch((e: unknown) => {
    loading = undefined; // a later job may retry (a network failure)
    throw e;
  });
  return loading;
}

async function instantiate(): Promise<Rxing> {
  const bindings = shim as unknown as Shim;
  let module: WebAssembly.Module;
  try {
    module = await WebAssembly.compileStreaming(fetch(wasmUrl));
  } catch (e) {
    throw new Error(`the scan check's decoder (rxing-wasm) could not be loaded from ${wasmUrl}: ${e instanceof Error ? e.message : String(e)}`);
  }
  // The import module's name is the shim's file name in this build ('./rxing_wasm_bg.js'),
  // 'wbg' in others: read it from the module, as node-esm.js does.
  const name = WebAssembly.Module.imports(module)[0]?.module ?? 'wbg';
  const instance = await WebAssembly.instantiate(module, { [name]: bindings as unknown as WebAssembly.ModuleImports });
  bindings.__wbg_set_wasm(instance.exports);
  return bindings;
}
