/**
 * The bundled fonts in the browser (main thread or a Web Worker): fetched from /fonts/,
 * where Vite serves public/fonts.
 */
import type { Engine } from '../engine/engine.ts';
import { registerFonts } from './fonts.ts';

export function loadBundledFonts(engine: Engine, base = '/fonts/'): Promise<{ missing: string[] }> {
  return registerFonts(engine, async (file) => {
    const response = await fetch(base + file);
    return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
  });
}
