/**
 * The virtual printer: a printer a newcomer can print to at once, which writes every label
 * it prints as a PNG (with its resolution in pHYs, for viewing) and a PBM (the exact dots,
 * for comparing) under
 *
 *   <dataDir>/virtual-printer/<printer>/<job>/000001.png, 000001.pbm, 000002.png, ...
 *
 * `<printer>` is the printer's name and `<job>` the job name (`job` when none), both made
 * safe as file names. Numbers run in print order within a job folder and go on where the
 * folder's files stop, so a job printed again under the same name adds to its folder. Each
 * copy is its own pair of files, like a label out of a real printer: counting files counts
 * labels. A file appears whole (written beside, then renamed), and print() resolves once
 * both files of every copy are on disk.
 */
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pageToPbm } from '../../src/engine/pbm.ts';
import { pageToPng } from '../../src/engine/png.ts';
import { PrinterError, type Bitmap, type Printer, type PrinterDescription, type PrintOptions, type PrintSettings } from '../printer.ts';

export interface VirtualPrinterOptions {
  name: string;
  /** Resolution the printer claims, dots per inch. */
  dpi: number;
  /** The helper's data directory; files go under <dataDir>/virtual-printer/. */
  dataDir: string;
  /** Print-head width to report, mm (default 104: a 4-inch head). */
  widthMm?: number;
}

export interface VirtualPrinter extends Printer {
  /** The printer's folder: one sub-folder a job. */
  readonly folder: string;
  /** The folder a job name's labels go to. */
  jobFolder(jobName: string | undefined): string;
}

/** Digits of a label's number in its file name: a million labels a job sort by name. */
const NUMBER_DIGITS = 6;

/** `text` as one safe path segment: letters (any script), digits, `.`, `-`, `_`; at most 80. */
export function safeFileName(text: string, fallback: string): string {
  const cleaned = text
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^[._]+|_+$/g, '')
    .slice(0, 80);
  return cleaned === '' ? fallback : cleaned;
}

export function createVirtualPrinter(options: VirtualPrinterOptions): VirtualPrinter {
  const description: PrinterDescription = {
    name: options.name,
    kind: 'virtual',
    dpi: options.dpi,
    widthMm: options.widthMm ?? 104,
    ip: '',
    port: 0,
    rawLanguage: 'zpl',
  };
  const folder = join(options.dataDir, 'virtual-printer', safeFileName(options.name, 'printer'));
  /** Last number used in each job folder this process has written to. */
  const lastNumber = new Map<string, number>();

  const jobFolder = (jobName: string | undefined) => join(folder, safeFileName(jobName ?? '', 'job'));

  async function nextNumber(dir: string): Promise<number> {
    let last = lastNumber.get(dir);
    if (last === undefined) {
      // First label into this folder since start: continue after the files already there.
      last = 0;
      for (const name of await readdir(dir)) {
        const m = /^(\d+)\.(pbm|png)$/.exec(name);
        if (m) last = Math.max(last, Number(m[1]));
      }
    }
    lastNumber.set(dir, last + 1);
    return last + 1;
  }

  return {
    description,
    folder,
    jobFolder,
    async print(page: Bitmap, settings: PrintSettings, options?: PrintOptions): Promise<void> {
      // Files are written in one go: an abort can only stop a page before it starts.
      if (options?.signal?.aborted) throw new PrinterError(93, 'the page was cancelled before it was printed');
      const dir = jobFolder(settings.jobName);
      const copies = Math.max(1, Math.floor(settings.copies));
      try {
        await mkdir(dir, { recursive: true });
        // Encoded once, written once a copy.
        const pbm = pageToPbm(page);
        const png = pageToPng(page, settings.dpi);
        for (let c = 0; c < copies; c++) {
          const base = String(await nextNumber(dir)).padStart(NUMBER_DIGITS, '0');
          await writeWhole(join(dir, `${base}.png`), png);
          await writeWhole(join(dir, `${base}.pbm`), pbm);
        }
      } catch (e) {
        const err = e as NodeJS.ErrnoException;
        throw new PrinterError(2, `the virtual printer cannot write to ${dir}: ${err.code ?? err.message}`);
      }
    },
    async isOnline() {
      return true;
    },
    async close() {},
  };
}

/** Writes beside the file and renames, so nobody ever reads half a label. */
async function writeWhole(path: string, bytes: Uint8Array): Promise<void> {
  const temp = `${path}.partial`;
  await writeFile(temp, bytes);
  await rename(temp, path);
}
