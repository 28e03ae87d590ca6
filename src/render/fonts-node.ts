/**
 * The bundled fonts in Node (CLI, server, tests, bench workers): read from public/fonts,
 * where scripts/setup.sh copies them from Debian's packages.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Engine } from '../engine/engine.ts';
import { registerFonts } from './fonts.ts';

export const FONT_DIR = fileURLToPath(new URL('../../public/fonts/', import.meta.url));

/** Registers the catalog's faces with `engine`; returns the files that were missing. */
export function loadBundledFonts(engine: Engine): Promise<{ missing: string[] }> {
  return registerFonts(engine, async (file) => {
    try {
      return new Uint8Array(await readFile(FONT_DIR + file));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  });
}
