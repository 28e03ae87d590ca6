/**
 * The helper's engine: the same Wasm module as the app's, with the bundled fonts (Liberation
 * Sans, WenQuanYi Micro Hei, Droid Sans Fallback from public/fonts), loaded once on the
 * first page a client asks to be drawn; helpers that only print finished images never load
 * it. A machine without the font files still draws (text in the engine's stroke font) and
 * says once which files are missing.
 */
import { loadEngine } from '../../src/engine/load-node.ts';
import type { Engine } from '../../src/engine/engine.ts';
import { loadBundledFonts } from '../../src/render/fonts-node.ts';

let loading: Promise<Engine> | undefined;

export function helperEngine(log?: (line: string) => void): Promise<Engine> {
  loading ??= (async () => {
    const engine = await loadEngine();
    const { missing } = await loadBundledFonts(engine);
    if (missing.length > 0) log?.(`fonts missing from public/fonts (run npm run setup): ${missing.join(', ')}; text is drawn in the engine's stroke font`);
    return engine;
  })().catch((e: unknown) => {
    loading = undefined;
    throw e;
  });
  return loading;
}
