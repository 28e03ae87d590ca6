/**
 * Reading what a printer printed, for browser tests: printing the editor's label on the
 * virtual printer as a user does, the virtual printer's .pbm files (the exact dots;
 * helper/server-testing.ts's reader, written from the Netpbm format), the Node engine's
 * pages to compare them with, and zbarimg's decoding of its .png files (an independent
 * decoder).
 */
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { readPbm } from '../helper/server-testing';
import type { Engine } from '../src/engine/engine';
import type { LabelDocument } from '../src/label/label';
import { openJob, type JobOptions } from '../src/print/job';
import type { Dots, Editor } from './editor-user';

/** The name the virtual 203 dpi printer has in the printer list, and its folder of jobs. */
const VIRTUAL_PRINTER = 'Assetmark Virtual 203';
const VIRTUAL_PRINTER_FOLDER = 'Assetmark_Virtual_203';

/** A 1-bit page (an engine page, a .pbm read) as dots (1 = black). */
export function pageDots(page: { width: number; height: number; stride: number; data: Uint8Array }): Dots {
  const dark: number[] = [];
  for (let y = 0; y < page.height; y++) for (let x = 0; x < page.width; x++) dark.push((page.data[y * page.stride + (x >> 3)]! >> (7 - (x & 7))) & 1);
  return { width: page.width, height: page.height, dark };
}

/** A .pbm the virtual printer wrote, as dots (1 = black). */
export function printedDots(bytes: Uint8Array): Dots {
  return pageDots(readPbm(bytes));
}

/**
 * Prints the editor's label from the print page on the virtual 203 dpi printer, as a user
 * does, and reads the one job it wrote (the server's first): its pages in print order and
 * the paths of their .png files.
 */
export async function printOnVirtualPrinter(editor: Editor, dataDir: string): Promise<{ pages: Dots[]; pngs: string[] }> {
  const page = editor.page;
  await editor.id('editor-print').click();
  await page.waitForURL('**/label/print');
  await editor.id('helper-found').waitFor();
  await editor.id('printer').click();
  await page.getByRole('option', { name: new RegExp(`^${VIRTUAL_PRINTER}`) }).click();
  await expect.poll(() => editor.id('print').isEnabled()).toBe(true);
  await editor.id('print').click();
  await page.locator('[data-testid="print-progress"][data-status="done"]').waitFor({ timeout: 60_000 });

  const printerDir = join(dataDir, 'virtual-printer', VIRTUAL_PRINTER_FOLDER);
  const jobs = await readdir(printerDir);
  expect(jobs.length).toBe(1);
  const dir = join(printerDir, jobs[0]!);
  const files = (await readdir(dir)).sort();
  const pages = await Promise.all(files.filter((f) => f.endsWith('.pbm')).map(async (f) => printedDots(await readFile(join(dir, f)))));
  return { pages, pngs: files.filter((f) => f.endsWith('.png')).map((f) => join(dir, f)) };
}

/** The Node engine's first `count` job pages of `label` with `options`, as dots. */
export function engineDots(engine: Engine, label: string | LabelDocument, options: JobOptions, count = 1): Dots[] {
  const job = openJob(engine, label, null, options);
  if (!job.ok) throw new Error(job.error.code);
  return Array.from({ length: count }, (_, i) => {
    const p = job.value.page(i);
    if (!p.ok) throw new Error(p.error.code);
    return pageDots(p.value);
  });
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
