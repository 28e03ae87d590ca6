/**
 * `assetmark encode`: one symbol, as modules (`matrix`) or as an image (`pbm`, `png`, `svg`).
 *
 * Images are drawn by the engine itself on a page at 254 dpi, where one dot is exactly
 * 0.1 mm: modules are `--scale` dots (default 2 for linear symbols, 4 for matrix symbols),
 * linear bars 60 dots tall with a 10-module quiet zone on every side, matrix symbols with
 * `--quiet-zone` modules on every side (default: QR 4, ISO/IEC 18004; Data Matrix 2,
 * ISO/IEC 16022 asks for 1; Grid Matrix 6, GB/T 27766). `--text` adds the human-readable text to linear
 * symbols (default none, so the image is the symbol alone).
 */
import type { Engine } from '../../src/engine/engine.ts';
import { EngineError } from '../../src/engine/errors.ts';
import { loadEngine } from '../../src/engine/load-node.ts';
import { pageToPbm } from '../../src/engine/pbm.ts';
import { pageToPng } from '../../src/engine/png.ts';
import { pageToSvg } from '../../src/engine/svg.ts';
import { BARCODE_TYPES, SYMBOLOGIES } from '../../src/engine/symbologies.ts';
import type { BarcodeType, DmShape, EncodedSymbol, Page, QrEcc, SymbolRequest, TextPosition } from '../../src/engine/types.ts';
import { CliError, EXIT_USAGE, parseOptions, required, write, type Command, type Io } from '../cli.ts';
import { unescapeData } from '../escapes.ts';

const FORMATS = ['matrix', 'pbm', 'png', 'svg'] as const;
const TEXT_POSITIONS = ['none', 'above', 'below', 'mask'] as const;

const IMAGE_DPI = 254; // 1 dot = 0.1 mm exactly
const DOT_MM = 0.1;
const BAR_DOTS = 60;
const LINEAR_QUIET_MODULES = 10;
/** Default quiet zone of matrix images, in modules. */
const MATRIX_QUIET_MODULES: Record<string, number> = { qrcode: 4, datamatrix: 2, gridmatrix: 6, pdf417: 2 };
const PDF417_ROW_HEIGHT = 3;
const DM_SHAPES: Record<string, DmShape> = { auto: 'auto', square: 'square', rect: 'rectangle', rectangle: 'rectangle' };

export const command: Command = {
  usage: [
    'usage: assetmark encode --type TYPE --data TEXT [options] [--format matrix|pbm|png|svg]',
    '',
    `  --type TYPE        symbology: ${BARCODE_TYPES.join(', ')}`,
    '  --data TEXT        the data to encode (QR: UTF-8 text; linear: Latin-1)',
    '  --esc              read backslash escapes in TEXT (\\n, \\t, \\e, \\G, \\xNN, \\\\, ...)',
    '  --format matrix    print the modules, one line of 0/1 per row, 1 = dark, no quiet zone (default)',
    '  --format pbm|png|svg  write an image of the symbol with its quiet zone to stdout',
    '',
    'QR code (qrcode):',
    '  --ecc L|M|Q|H      error-correction level (default M)',
    '  --version N        symbol version 1-40 (default: the smallest that holds the data)',
    '  --mask N           mask pattern 0-7 (default: the lowest penalty)',
    '  --quiet-zone N     quiet zone in modules around image output (default 4)',
    '  --binary           TEXT is bytes (each character U+0000-U+00FF one byte), encoded as is',
    '',
    'Data Matrix (datamatrix):',
    '  --shape auto|square|rect  shapes automatic sizing may choose (default auto)',
    '  --version N|RxC    fixed size: zint number 1-48 (1-24 squares, 25-30 rectangles,',
    '                     31-48 DMRE) or rows x columns, e.g. 16x48 (default: the smallest)',
    '  --quiet-zone N     quiet zone in modules around image output (default 2)',
    '  --binary, --gs1    as for QR',
    '',
    'Grid Matrix (gridmatrix):',
    '  --ecc N            error-correction level 1-5 (default: automatic, as zint)',
    '  --version N        layers 1-13, 6 + 12 * N modules a side (default: automatic)',
    '  --quiet-zone N     quiet zone in modules around image output (default 6)',
    '',
    'PDF417 (pdf417; --format matrix prints one line per symbol row):',
    '  --ecc N            error-correction level 0-8 (default: automatic by data size)',
    '  --cols N           data columns 1-30 (default: from --aspect)',
    '  --rows N           rows 3-90 (default: as many as the data needs)',
    '  --aspect R         drawn width / height aimed at by automatic columns, 1-100 (default 3)',
    '  --row-height N     images: module rows per symbol row, 1-30 (default 3)',
    '  --quiet-zone N     quiet zone in modules around image output (default 2)',
    '  --binary           as for QR',
    '',
    'Other options:',
    '  --gs1              TEXT is GS1 bracket syntax, (01)09501101530003(10)ABC (code128, qrcode, datamatrix)',
    '  --full-ascii       Code 39 full ASCII (code39)',
    '  --check            add the optional check character (code39, codabar, itf)',
    '  --text POSITION    images of linear symbols: none (default), above, below or mask',
    '  --scale N          image: dots per module, 1-50 (default 2 linear, 4 matrix)',
    '',
  ].join('\n'),

  async run(args: string[], io: Io): Promise<void> {
    const opts = parseOptions(args, {
      type: { type: 'string' },
      data: { type: 'string' },
      esc: { type: 'boolean' },
      format: { type: 'string' },
      ecc: { type: 'string' },
      version: { type: 'string' },
      mask: { type: 'string' },
      'quiet-zone': { type: 'string' },
      binary: { type: 'boolean' },
      gs1: { type: 'boolean' },
      'full-ascii': { type: 'boolean' },
      check: { type: 'boolean' },
      text: { type: 'string' },
      scale: { type: 'string' },
      shape: { type: 'string' },
      cols: { type: 'string' },
      rows: { type: 'string' },
      aspect: { type: 'string' },
      'row-height': { type: 'string' },
    });
    const type = required(opts.type, 'type');
    if (!(BARCODE_TYPES as string[]).includes(type)) {
      throw new CliError(`unknown --type '${type}' (types: ${BARCODE_TYPES.join(', ')})`, EXIT_USAGE);
    }
    const format = opts.format ?? 'matrix';
    if (!(FORMATS as readonly string[]).includes(format)) {
      throw new CliError(`unknown --format '${format}' (formats: ${FORMATS.join(', ')})`, EXIT_USAGE);
    }
    const raw = required(opts.data, 'data');
    const text = opts.esc ? unescapeData(raw) : raw;
    const isMatrix = SYMBOLOGIES[type as BarcodeType].matrix;

    const only = (option: string, given: unknown, types: string[]) => {
      if (given !== undefined && !types.includes(type)) {
        throw new CliError(`--${option} applies to ${types.join(', ')}, not ${type}`, EXIT_USAGE);
      }
    };
    only('ecc', opts.ecc, ['qrcode', 'gridmatrix', 'pdf417']);
    for (const o of ['cols', 'rows', 'aspect', 'row-height'] as const) only(o, opts[o], ['pdf417']);
    only('version', opts.version, ['qrcode', 'datamatrix', 'gridmatrix']);
    only('mask', opts.mask, ['qrcode']);
    only('quiet-zone', opts['quiet-zone'], ['qrcode', 'datamatrix', 'gridmatrix', 'pdf417']);
    only('binary', opts.binary, ['qrcode', 'datamatrix', 'pdf417']);
    only('gs1', opts.gs1, ['code128', 'qrcode', 'datamatrix']);
    only('shape', opts.shape, ['datamatrix']);
    only('full-ascii', opts['full-ascii'], ['code39']);
    only('check', opts.check, ['code39', 'codabar', 'itf']);
    only('text', opts.text, BARCODE_TYPES.filter((t) => !SYMBOLOGIES[t].matrix));

    const request: Record<string, unknown> = { type, data: opts.binary ? latin1Bytes(text) : text };
    if (opts.ecc !== undefined && type === 'gridmatrix') {
      request.ecc = integer('ecc', opts.ecc, 1, 5);
    } else if (opts.ecc !== undefined && type === 'pdf417') {
      request.ecc = integer('ecc', opts.ecc, 0, 8);
    } else if (opts.ecc !== undefined) {
      if (!['L', 'M', 'Q', 'H'].includes(opts.ecc)) throw new CliError(`--ecc must be L, M, Q or H, got '${opts.ecc}'`, EXIT_USAGE);
      request.ecc = opts.ecc as QrEcc;
    }
    if (opts.version !== undefined) {
      if (type === 'gridmatrix') request.layers = integer('version', opts.version, 1, 13);
      else if (type === 'datamatrix') {
        if (/^\d+x\d+$/i.test(opts.version)) request.size = opts.version.toLowerCase();
        else if (/^\d+$/.test(opts.version)) request.size = integer('version', opts.version, 1, 48);
        else throw new CliError(`--version must be a size number 1-48 or rows x columns such as 16x48, got '${opts.version}'`, EXIT_USAGE);
      } else request.version = integer('version', opts.version, 1, 40);
    }
    if (opts.cols !== undefined) request.columns = integer('cols', opts.cols, 1, 30);
    if (opts.rows !== undefined) request.rows = integer('rows', opts.rows, 3, 90);
    if (opts['row-height'] !== undefined) request.rowHeight = integer('row-height', opts['row-height'], 1, 30);
    if (opts.aspect !== undefined) {
      const a = Number(opts.aspect);
      if (!/^\d+(\.\d+)?$/.test(opts.aspect) || a < 1 || a > 100) throw new CliError(`--aspect must be a number from 1 to 100, got '${opts.aspect}'`, EXIT_USAGE);
      request.aspect = a;
    }
    if (opts.shape !== undefined) {
      const shape = Object.hasOwn(DM_SHAPES, opts.shape) ? DM_SHAPES[opts.shape] : undefined;
      if (shape === undefined) throw new CliError(`--shape must be auto, square or rect, got '${opts.shape}'`, EXIT_USAGE);
      request.shape = shape;
    }
    if (opts.mask !== undefined) request.mask = integer('mask', opts.mask, 0, 7);
    if (opts.gs1) request.gs1 = true;
    if (opts['full-ascii']) request.fullAscii = true;
    if (opts.check) request.checkDigit = true;
    const quietZone = opts['quiet-zone'] === undefined ? (MATRIX_QUIET_MODULES[type] ?? 0) : integer('quiet-zone', opts['quiet-zone'], 0, 16);
    const textPosition = (opts.text ?? 'none') as TextPosition;
    if (!(TEXT_POSITIONS as readonly string[]).includes(textPosition)) {
      throw new CliError(`--text must be none, above, below or mask, got '${opts.text}'`, EXIT_USAGE);
    }
    const scale = opts.scale === undefined ? (isMatrix ? 4 : 2) : integer('scale', opts.scale, 1, 50);

    const engine = await loadEngine();
    const symbolRequest = request as unknown as SymbolRequest;
    let symbol: EncodedSymbol;
    let page: Page | undefined;
    try {
      symbol = engine.encode(symbolRequest);
      if (format !== 'matrix') {
        page = isMatrix
          ? matrixImage(engine, symbol, symbolRequest, quietZone, scale)
          : linearImage(engine, symbolRequest, textPosition, scale);
      }
    } catch (e) {
      if (e instanceof EngineError) throw new CliError(e.message);
      throw e;
    }
    switch (format) {
      case 'matrix':
        await write(io.stdout, matrixText(symbol));
        break;
      case 'pbm':
        await write(io.stdout, pageToPbm(page!));
        break;
      case 'png':
        await write(io.stdout, pageToPng(page!, IMAGE_DPI));
        break;
      default:
        await write(io.stdout, pageToSvg(page!, IMAGE_DPI));
    }
  },
};

function integer(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    throw new CliError(`--${name} must be a whole number from ${min} to ${max}, got '${value}'`, EXIT_USAGE);
  }
  return n;
}

/** `--binary`: each character one byte. */
function latin1Bytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0xff) throw new CliError(`--binary data must be characters U+0000-U+00FF (use --esc and \\xNN), got '${text[i]}' at position ${i + 1}`, EXIT_USAGE);
    out[i] = c;
  }
  return out;
}

/** Rows of 0/1, one line each (a linear symbol is one row). */
function matrixText(symbol: EncodedSymbol): string {
  const width = symbol.kind === 'linear' ? symbol.modules.length : symbol.width;
  const lines: string[] = [];
  for (let start = 0; start < symbol.modules.length; start += width) {
    lines.push(Array.from(symbol.modules.subarray(start, start + width)).join(''));
  }
  return lines.join('\n') + '\n';
}

/** A linear symbol at `scale` dots a module, 10 modules of quiet zone round it. */
function linearImage(engine: Engine, request: SymbolRequest, textPosition: TextPosition, scale: number): Page {
  const moduleMm = scale * DOT_MM;
  const withText = { ...request, textPosition } as SymbolRequest;
  // Measure first: wide/narrow types draw wider than their module count.
  const probe = engine.measure({ ...withText, xMm: 0, yMm: 0, widthMm: 10_000, heightMm: BAR_DOTS * DOT_MM, dpi: IMAGE_DPI, moduleWidthMm: moduleMm });
  const textMm = textPosition === 'none' ? 0 : 2.5; // 5 pt text and its gap
  const quietMm = LINEAR_QUIET_MODULES * moduleMm;
  // The extent includes EAN/UPC digits printed outside the bars; the quiet zone is beyond.
  const widthMm = probe.extentWidthDots * DOT_MM;
  return engine.renderPage({
    widthMm: widthMm + 2 * quietMm,
    heightMm: BAR_DOTS * DOT_MM + textMm + 2 * quietMm,
    dpi: IMAGE_DPI,
    elements: [{ kind: 'barcode', ...withText, xMm: quietMm, yMm: quietMm, widthMm, heightMm: BAR_DOTS * DOT_MM + textMm, moduleWidthMm: moduleMm }],
  });
}

/** A matrix symbol at `scale` dots a module with `quietZone` modules round it. */
function matrixImage(engine: Engine, symbol: EncodedSymbol, request: SymbolRequest, quietZone: number, scale: number): Page {
  const rowHeight = request.type === 'pdf417' ? (request.rowHeight ?? PDF417_ROW_HEIGHT) : 1;
  const [w, h] = symbol.kind === 'matrix' ? [symbol.width, symbol.height * rowHeight] : [0, 0];
  const widthMm = (w + 2 * quietZone) * scale * DOT_MM;
  const heightMm = (h + 2 * quietZone) * scale * DOT_MM;
  return engine.renderPage({
    widthMm,
    heightMm,
    dpi: IMAGE_DPI,
    elements: [{ kind: 'barcode', ...request, quietZone, xMm: 0, yMm: 0, widthMm, heightMm, moduleWidthMm: scale * DOT_MM } as never],
  });
}

export type { BarcodeType };
