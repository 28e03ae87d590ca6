/**
 * Reading what a printer printed, for browser tests: the virtual printer's .pbm files (the
 * exact dots; helper/server-testing.ts's reader, written from the Netpbm format) and
 * zbarimg's decoding of its .png files (an independent decoder).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readPbm } from '../helper/server-testing';
import type { Dots } from './editor-user';

/** A .pbm the virtual printer wrote, as dots (1 = black). */
export function printedDots(bytes: Uint8Array): Dots {
  const page = readPbm(bytes);
  const dark: number[] = [];
  for (let y = 0; y < page.height; y++) for (let x = 0; x < page.width; x++) dark.push((page.data[y * page.stride + (x >> 3)]! >> (7 - (x & 7))) & 1);
  return { width: page.width, height: page.height, dark };
}

/** zbarimg's reading of each file (one run, its XML output): symbol type -> data. */
export async function zbarSymbols(files: string[]): Promise<Record<string, string>[]> {
  const { stdout } = await promisify(execFile)('zbarimg', ['--xml', '-q', ...files], { maxBuffer: 64 * 1024 * 1024 }).catch(
    (e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }), // exit 4: some file had no symbol
  );
  const byFile = new Map<string, Record<string, string>>();
  for (const source of stdout.split('<source href=').slice(1)) {
    const href = /^'([^']*)'/.exec(source)?.[1] ?? '';
    const symbols: Record<string, string> = {};
    for (const m of source.matchAll(/<symbol type='([^']+)'[^>]*><data><!\[CDATA\[(.*?)\]\]><\/data>/g)) symbols[m[1]!] = m[2]!;
    byFile.set(href, symbols);
  }
  return files.map((f) => byFile.get(f) ?? {});
}
