/**
 * Running a corpus (corpus.ts) through the engine and two independent decoders.
 *
 * Rendering: every case is a label page at 203 dpi with the narrowest module decoders read
 * reliably there: 2 dots (0.25 mm) for linear symbols (the narrow element; wide elements
 * at the default 2.5:1, i.e. 5 dots) and 2 dots for QR. Linear labels have a 10-module
 * quiet zone (EAN/UPC digits outside the bars come on top of it) and 12 mm of bars and
 * text; QR labels are exactly the element's box, whose quiet zone (2 or 4 modules, the
 * spec's zoneSize) is all the margin there is. Half the QR cases fit their module to the
 * box automatically (the box leaves room for 2 dots, not 3).
 *
 * zbarimg is slow to start, so files go to it in two batches (one per core), each one
 * invocation over hundreds of files with a separator image between them: `--raw` output is
 * the data only, and with `-Sbinary` not even a newline after it, so the separator's text
 * is what tells where one file's result ends. rxing-wasm decodes the same pages in-process.
 *
 * Data Matrix (3 dots a module, see DM_MODULE_DOTS), Grid Matrix and PDF417 (2; PDF417 rows
 * `rowHeight` modules tall) render as QR does, with their quiet zone
 * (option `quietZone`; default 2 and 6 modules) as the only margin. Data Matrix pages go to
 * libdmtx's `dmtxread` the same way, two batches in parallel, with a separator symbol drawn
 * by zint between the files.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode_barcode_with_hints, DecodeHintDictionary } from 'rxing-wasm';
import type { Engine } from '../engine.ts';
import { EngineError, ErrorCode } from '../errors.ts';
import { pageToPbm } from '../pbm.ts';
import { modulesToPage, pageToLuma } from '../testing.ts';
import type { Page, SymbolRequest } from '../types.ts';
import { HINT, RXING_FORMAT, type CorpusCase } from './corpus.ts';

export const DPI = 203;
/** 2 dots at 203 dpi: round(0.25 mm * 203 / 25.4) = 2. */
export const MODULE_MM = 0.25;
const DOT_MM = 25.4 / DPI;
const LINEAR_QUIET_MODULES = 10;
const LINEAR_HEIGHT_MM = 12;

const SEPARATOR_TEXT = 'ZBAR-SEPARATOR-7Q';
/**
 * Data Matrix modules in dots: 3 (0.375 mm). libdmtx finds a symbol by its edges and misses
 * about one in twenty at 2 dots a module (rxing reads them all); 3 dots is a common label
 * module at 203 dpi.
 */
const DM_MODULE_DOTS = 3;

/** A rendered case: its page, or why it was not rendered. */
export interface Rendered {
  page: Page;
  request: SymbolRequest;
}

/** Renders one case as a label at 203 dpi (see the module documentation). */
export function renderCase(engine: Engine, c: CorpusCase, index: number): Rendered {
  if (c.request.type === 'datamatrix' || c.request.type === 'gridmatrix' || c.request.type === 'pdf417') {
    let request: SymbolRequest = c.request;
    if (c.largerSize && request.type === 'datamatrix') {
      const first = engine.encode(request);
      const n = first.kind === 'matrix' ? first.version : 0;
      // Squares 1-23 and rectangles 25-29 have a next larger size of the same kind.
      if ((n >= 1 && n <= 22) || (n >= 25 && n <= 29)) request = { ...request, size: n + 1 };
    }
    const symbol = engine.encode(request);
    if (symbol.kind !== 'matrix') throw new Error('a matrix');
    const qz = request.quietZone ?? (request.type === 'gridmatrix' ? 6 : 2);
    const rowHeight = request.type === 'pdf417' ? (request.rowHeight ?? 3) : 1;
    const [tw, th] = [symbol.width + 2 * qz, symbol.height * rowHeight + 2 * qz];
    const auto = index % 2 === 1;
    const extra = auto ? index % Math.min(tw, th) : 0;
    const dots = request.type === 'datamatrix' ? DM_MODULE_DOTS : 2;
    const [wMm, hMm] = [(tw * dots + extra) * DOT_MM, (th * dots + extra) * DOT_MM];
    const page = engine.renderPage({
      widthMm: wMm, heightMm: hMm, dpi: DPI,
      elements: [{ kind: 'barcode', ...request, xMm: 0, yMm: 0, widthMm: wMm, heightMm: hMm, ...(auto ? {} : { moduleWidthMm: dots * DOT_MM }) } as never],
    });
    return { page, request };
  }
  if (c.request.type === 'qrcode') {
    const request = raiseVersion(engine, c.request);
    const symbol = engine.encode(request);
    if (symbol.kind !== 'matrix') throw new Error('QR is a matrix');
    const qz = request.quietZone ?? 2;
    const total = symbol.width + 2 * qz;
    const auto = index % 2 === 1;
    // Automatic fit: a box with room for 2 dots a module but not 3.
    const boxDots = auto ? total * 2 + (index % total) : total * 2;
    const boxMm = boxDots * DOT_MM;
    const page = engine.renderPage({
      widthMm: boxMm, heightMm: boxMm, dpi: DPI,
      elements: [{ kind: 'barcode', ...request, xMm: 0, yMm: 0, widthMm: boxMm, heightMm: boxMm, ...(auto ? {} : { moduleWidthMm: MODULE_MM }) }],
    });
    return { page, request };
  }
  const request = c.request;
  const probe = engine.measure({ ...request, xMm: 0, yMm: 0, widthMm: 10_000, heightMm: LINEAR_HEIGHT_MM, dpi: DPI, moduleWidthMm: MODULE_MM });
  const quietMm = LINEAR_QUIET_MODULES * probe.moduleDots * DOT_MM;
  const widthMm = probe.extentWidthDots * DOT_MM;
  const page = engine.renderPage({
    widthMm: widthMm + 2 * quietMm,
    heightMm: LINEAR_HEIGHT_MM + 2 * quietMm,
    dpi: DPI,
    elements: [{ kind: 'barcode', ...request, xMm: quietMm, yMm: quietMm, widthMm, heightMm: LINEAR_HEIGHT_MM, moduleWidthMm: MODULE_MM } as never],
  });
  return { page, request };
}

/** A fixed QR version too small for the data is raised to the minimum the engine names. */
function raiseVersion(engine: Engine, request: SymbolRequest & { type: 'qrcode' }): SymbolRequest & { type: 'qrcode' } {
  if (!request.version) return request;
  try {
    engine.encode(request);
    return request;
  } catch (e) {
    if (e instanceof EngineError && e.code === ErrorCode.VersionTooSmall) {
      const min = Number(/(\d+)$/.exec(e.message)![1]);
      return { ...request, version: min };
    }
    throw e;
  }
}

/*---- rxing-wasm ----*/

/** rxing-wasm's text (or with `bytes`, its payload bytes as Latin-1 text) for a page, or
 * `ERROR: …` when it finds nothing. */
export function decodeRxing(page: Page, hints: Record<number, string>, bytes = false): string {
  const dict = new DecodeHintDictionary();
  try {
    dict.set_hint(HINT.TryHarder, 'true');
    for (const [k, v] of Object.entries(hints)) dict.set_hint(Number(k), v);
    const result = decode_barcode_with_hints(pageToLuma(page), page.width, page.height, dict);
    const text = bytes ? Array.from(result.raw_bytes(), (b) => String.fromCharCode(b)).join('') : result.text();
    result.free();
    return text;
  } catch (e) {
    return `ERROR: ${String(e)}`;
  } finally {
    dict.free();
  }
}

/*---- zbarimg ----*/

let separatorFile: string | undefined;

/**
 * zbarimg's output for each file, as bytes: the data of every symbol found (text mode:
 * each followed by a newline, which is removed here), empty when nothing was found.
 * `options` are extra zbarimg options (`-Sbinary`, `-Si25.min-length=2`, …).
 */
export async function decodeZbar(dir: string, files: string[], options: string[], batches = 2): Promise<Buffer[]> {
  if (files.length === 0) return [];
  if (!separatorFile) {
    // The separator: a Code 128 drawn independently of the engine's raster.
    const modules = code128Modules(SEPARATOR_TEXT);
    separatorFile = join(mkdtempSync(join(tmpdir(), 'assetmark-sep-')), 'separator.pbm');
    writeFileSync(separatorFile, pageToPbm(modulesToPage(modules, 2, 40, 12)));
  }
  const size = Math.ceil(files.length / batches);
  const chunks: string[][] = [];
  for (let i = 0; i < files.length; i += size) chunks.push(files.slice(i, i + size));
  const outputs = await Promise.all(chunks.map((chunk) => zbarOnce(dir, chunk, options)));
  return outputs.flat();
}

function zbarOnce(cwd: string, files: string[], options: string[]): Promise<Buffer[]> {
  const binary = options.includes('-Sbinary');
  const args = ['--nodbus', '-q', '--raw', ...options];
  for (const f of files) args.push(f, separatorFile!);
  return new Promise((resolve, reject) => {
    execFile('zbarimg', args, { cwd, encoding: 'buffer', maxBuffer: 256 << 20 }, (error, stdout, stderr) => {
      // Exit status 4: some image had no symbol, which the comparison reports per file.
      const status = error ? (error as NodeJS.ErrnoException & { code?: number }).code : 0;
      if (status !== 0 && status !== 4) {
        reject(new Error(`zbarimg failed (${String(status)}): ${stderr.toString().split('\n')[0]}`));
        return;
      }
      const token = Buffer.from(binary ? SEPARATOR_TEXT : SEPARATOR_TEXT + '\n', 'latin1');
      const parts: Buffer[] = [];
      let at = 0;
      for (;;) {
        const next = stdout.indexOf(token, at);
        if (next < 0) break;
        let part = stdout.subarray(at, next);
        if (!binary && part.length > 0 && part[part.length - 1] === 0x0a) part = part.subarray(0, part.length - 1);
        parts.push(part);
        at = next + token.length;
      }
      if (parts.length !== files.length) {
        reject(new Error(`zbarimg: ${parts.length} separators for ${files.length} files`));
        return;
      }
      resolve(parts);
    });
  });
}

/** Code 128 set B modules for printable ASCII (the separator only). */
function code128Modules(text: string): Uint8Array {
  const patterns = [
    '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213', '221312', '231212', '112232', '122132', '122231', '113222',
    '123122', '123221', '223211', '221132', '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211', '212123', '212321',
    '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313', '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121',
    '313121', '211331', '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111', '314111', '221411', '431111', '111224',
    '111422', '121124', '121421', '141122', '141221', '112214', '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
    '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141', '214121', '412121', '111143', '111341', '131141', '114113',
    '114311', '411113', '411311', '113141', '114131', '311141', '411131', '211412', '211214', '211232',
  ];
  const values = [104, ...Array.from(text, (c) => c.charCodeAt(0) - 32)];
  values.push(values.reduce((sum, v, i) => sum + v * Math.max(i, 1), 0) % 103);
  const widths = values.map((v) => patterns[v]!).join('') + '2331112';
  const modules: number[] = [];
  Array.from(widths).forEach((w, i) => {
    for (let k = 0; k < Number(w); k++) modules.push(i % 2 === 0 ? 1 : 0);
  });
  return Uint8Array.from(modules);
}

/*---- dmtxread ----*/

const DMTX_SEPARATOR = 'DMTX-SEPARATOR-7Q';
let dmtxSeparatorFile: string | undefined;

/**
 * dmtxread's output for each file (the bytes of the first symbol found, empty when none),
 * in `batches` parallel runs over the files with a separator symbol (drawn by zint) after
 * each file: dmtxread prints nothing for a file without a symbol, so the separator's text
 * tells where one file's result ends.
 */
export async function decodeDmtx(dir: string, files: string[], batches = 2): Promise<Buffer[]> {
  if (files.length === 0) return [];
  if (!dmtxSeparatorFile) {
    const sepDir = mkdtempSync(join(tmpdir(), 'assetmark-dmsep-'));
    dmtxSeparatorFile = join(sepDir, 'separator.png');
    execFileSync('zint', ['-b', '71', '--scale=2', '--whitesp=4', '--vwhitesp=4', '-d', DMTX_SEPARATOR, '-o', dmtxSeparatorFile]);
  }
  const size = Math.ceil(files.length / batches);
  const chunks: string[][] = [];
  for (let i = 0; i < files.length; i += size) chunks.push(files.slice(i, i + size));
  return (await Promise.all(chunks.map((chunk) => dmtxOnce(dir, chunk)))).flat();
}

function dmtxOnce(cwd: string, files: string[]): Promise<Buffer[]> {
  const args = ['-N1'];
  for (const f of files) args.push(f, dmtxSeparatorFile!);
  return new Promise((resolve, reject) => {
    execFile('dmtxread', args, { cwd, encoding: 'buffer', maxBuffer: 256 << 20 }, (error, stdout, stderr) => {
      // Exit status 1: some image had no symbol, which the comparison reports per file.
      const status = error ? (error as NodeJS.ErrnoException & { code?: number }).code : 0;
      if (status !== 0 && status !== 1) {
        reject(new Error(`dmtxread failed (${String(status)}): ${stderr.toString().split('\n')[0]}`));
        return;
      }
      const token = Buffer.from(DMTX_SEPARATOR, 'latin1');
      const parts: Buffer[] = [];
      let at = 0;
      for (;;) {
        const next = stdout.indexOf(token, at);
        if (next < 0) break;
        parts.push(stdout.subarray(at, next));
        at = next + token.length;
      }
      if (parts.length !== files.length) {
        reject(new Error(`dmtxread: ${parts.length} separators for ${files.length} files`));
        return;
      }
      resolve(parts);
    });
  });
}

/*---- A whole corpus ----*/

export interface Mismatch {
  case: string;
  decoder: 'zbarimg' | 'rxing-wasm' | 'dmtxread' | 'engine';
  expected: string;
  got: string;
}

export interface CorpusResult {
  cases: number;
  zbarChecked: number;
  rxingChecked: number;
  dmtxChecked: number;
  mismatches: Mismatch[];
  /** rxing-wasm reads that differ only by a known rxing fault, proven from the modules. */
  rxingQuirks: string[];
}

/** Code 128 value 102 (FNC1), bars and spaces 4-1-1-1-3-1 as modules. */
const CODE128_FNC1_MODULES = '11110101110';

/**
 * rxing 0.5 in GS1 mode reads a Code 128 check character of value 102 as FNC1 and appends
 * GS to the text. Accepted only when the symbol's check character (the 11 modules before
 * the 13-module stop) really is 102 and the text is otherwise exact.
 */
function isRxingCheckFnc1Quirk(engine: Engine, c: CorpusCase & { rxing: string }, got: string): boolean {
  if (c.request.type !== 'code128' || !c.request.gs1 || got !== c.rxing + '\u001d') return false;
  const modules = Array.from(engine.encode(c.request).modules).join('');
  return modules.slice(-24, -13) === CODE128_FNC1_MODULES;
}

/**
 * rxing 0.5 reads a Data Matrix with an ECI (here ECI 26, UTF-8) as the payload's bytes in
 * ISO-8859-1, twice over (zint's symbols of the same text read the same way). Accepted only
 * for ECI cases whose text is otherwise exact; dmtxread checks those bytes exactly.
 */
function isRxingDmEciQuirk(c: CorpusCase, got: string): boolean {
  return c.request.type === 'datamatrix' && typeof c.request.data === 'string' && c.dmtx?.[0] === 26 && got === c.rxing! + c.rxing!;
}

const show = (s: string | Uint8Array): string =>
  typeof s === 'string' ? JSON.stringify(s.length > 120 ? s.slice(0, 120) + '…' : s) : `bytes[${Array.from(s.subarray(0, 40)).join(',')}${s.length > 40 ? ',…' : ''}]`;

/**
 * Renders every case, decodes all pages with zbarimg (in parallel batches, while rxing
 * decodes them in-process) and lists every disagreement with the expected text.
 */
export async function runCorpus(
  engine: Engine,
  cases: CorpusCase[],
  render: (engine: Engine, c: CorpusCase, index: number) => Rendered = renderCase,
): Promise<CorpusResult> {
  const dir = mkdtempSync(join(tmpdir(), 'assetmark-corpus-'));
  try {
    const mismatches: Mismatch[] = [];
    const rendered: (Rendered | undefined)[] = cases.map((c, i) => {
      try {
        return render(engine, c, i);
      } catch (e) {
        mismatches.push({ case: c.name, decoder: 'engine', expected: 'a symbol', got: String(e) });
        return undefined;
      }
    });
    // zbar: one group of files per distinct option set.
    const groups = new Map<string, number[]>();
    rendered.forEach((r, i) => {
      if (!r || cases[i]!.zbar === null) return;
      const key = cases[i]!.zbarOptions.join(' ');
      groups.set(key, [...(groups.get(key) ?? []), i]);
    });
    const zbarJobs: Promise<void>[] = [];
    let zbarChecked = 0;
    for (const [key, indexes] of groups) {
      const files = indexes.map((i) => {
        const file = `c${i}.pbm`;
        writeFileSync(join(dir, file), pageToPbm(rendered[i]!.page));
        return file;
      });
      zbarJobs.push(
        decodeZbar(dir, files, key ? key.split(' ') : []).then((outputs) => {
          outputs.forEach((out, k) => {
            const c = cases[indexes[k]!]!;
            zbarChecked += 1;
            const expected = c.zbar!;
            const ok = typeof expected === 'string' ? out.toString('utf8') === expected : Buffer.compare(out, Buffer.from(expected)) === 0;
            if (!ok) {
              const got = typeof expected === 'string' ? out.toString('utf8') : new Uint8Array(out);
              mismatches.push({ case: c.name, decoder: 'zbarimg', expected: show(expected), got: show(got) });
            }
          });
        }),
      );
    }
    // dmtxread: Data Matrix cases.
    let dmtxChecked = 0;
    const dmtxIndexes = rendered.flatMap((r, i) => (r && cases[i]!.dmtx ? [i] : []));
    if (dmtxIndexes.length > 0) {
      const files = dmtxIndexes.map((i) => {
        const file = `d${i}.pbm`;
        writeFileSync(join(dir, file), pageToPbm(rendered[i]!.page));
        return file;
      });
      zbarJobs.push(
        decodeDmtx(dir, files).then((outputs) => {
          outputs.forEach((out, k) => {
            const c = cases[dmtxIndexes[k]!]!;
            dmtxChecked += 1;
            if (Buffer.compare(out, Buffer.from(c.dmtx!)) !== 0) {
              mismatches.push({ case: c.name, decoder: 'dmtxread', expected: show(c.dmtx!), got: show(new Uint8Array(out)) });
            }
          });
        }),
      );
    }
    // rxing in-process while zbarimg and dmtxread run.
    let rxingChecked = 0;
    const rxingQuirks: string[] = [];
    rendered.forEach((r, i) => {
      if (!r) return;
      const c = cases[i]!;
      if (c.rxing === null) return;
      const hints = { [HINT.PossibleFormats]: RXING_FORMAT[c.request.type], ...c.rxingHints };
      const got = decodeRxing(r.page, hints, c.rxingBytes !== undefined);
      rxingChecked += 1;
      if (got === c.rxing) return;
      if (isRxingCheckFnc1Quirk(engine, c as CorpusCase & { rxing: string }, got) || isRxingDmEciQuirk(c, got)) rxingQuirks.push(c.name);
      else mismatches.push({ case: c.name, decoder: 'rxing-wasm', expected: show(c.rxing), got: show(got) });
    });
    await Promise.all(zbarJobs);
    return { cases: cases.length, zbarChecked, rxingChecked, dmtxChecked, mismatches, rxingQuirks };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
