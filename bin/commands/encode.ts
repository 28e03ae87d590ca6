/**
 * `assetmark encode`: one symbol, as modules (`matrix`) or as a PBM image (`pbm`).
 *
 * The PBM has a 10-module quiet zone on every side, 2-dot modules and 60-dot bars, drawn
 * by the engine itself: a page at 254 dpi, where one dot is exactly 0.1 mm.
 */
import type { Engine } from '../../src/engine/engine.ts';
import { EngineError } from '../../src/engine/errors.ts';
import { loadEngine } from '../../src/engine/load-node.ts';
import { pageToPbm } from '../../src/engine/pbm.ts';
import { SYMBOLOGIES } from '../../src/engine/symbologies.ts';
import type { BarcodeType, EncodedSymbol } from '../../src/engine/types.ts';
import { CliError, EXIT_USAGE, parseOptions, required, write, type Command, type Io } from '../cli.ts';
import { unescapeData } from '../escapes.ts';

const TYPES = Object.keys(SYMBOLOGIES) as BarcodeType[];
const FORMATS = ['matrix', 'pbm'] as const;

const PBM_DPI = 254; // 1 dot = 0.1 mm exactly
const PBM_MODULE_MM = 0.2; // 2 dots
const PBM_BAR_MM = 6; // 60 dots
const PBM_QUIET_MODULES = 10;

export const command: Command = {
  usage: [
    'usage: assetmark encode --type TYPE --data TEXT [--esc] [--format matrix|pbm]',
    '',
    `  --type TYPE      symbology: ${TYPES.join(', ')}`,
    '  --data TEXT      the data to encode',
    '  --esc            read backslash escapes in TEXT (\\n, \\t, \\e, \\xNN, \\\\, ...)',
    '  --format matrix  print the modules as one line of 0/1 per row, 1 = bar (default)',
    '  --format pbm     write a binary PBM (P4) image to stdout, with quiet zone',
    '',
  ].join('\n'),

  async run(args: string[], io: Io): Promise<void> {
    const opts = parseOptions(args, {
      type: { type: 'string' },
      data: { type: 'string' },
      esc: { type: 'boolean' },
      format: { type: 'string' },
    });
    const type = required(opts.type, 'type');
    if (!(TYPES as string[]).includes(type)) {
      throw new CliError(`unknown --type '${type}' (types: ${TYPES.join(', ')})`, EXIT_USAGE);
    }
    const format = opts.format ?? 'matrix';
    if (!(FORMATS as readonly string[]).includes(format)) {
      throw new CliError(`unknown --format '${format}' (formats: ${FORMATS.join(', ')})`, EXIT_USAGE);
    }
    const raw = required(opts.data, 'data');
    const data = opts.esc ? unescapeData(raw) : raw;

    const engine = await loadEngine();
    let symbol: EncodedSymbol;
    try {
      symbol = engine.encode({ type: type as BarcodeType, data });
    } catch (e) {
      if (e instanceof EngineError) throw new CliError(e.message);
      throw e;
    }
    if (format === 'matrix') {
      await write(io.stdout, matrixText(symbol));
    } else {
      await write(io.stdout, pbmImage(engine, symbol, type as BarcodeType, data));
    }
  },
};

/** Rows of 0/1, one line each (a linear symbol is one row). */
function matrixText(symbol: EncodedSymbol): string {
  const width = symbol.kind === 'linear' ? symbol.modules.length : symbol.width;
  const lines: string[] = [];
  for (let start = 0; start < symbol.modules.length; start += width) {
    lines.push(Array.from(symbol.modules.subarray(start, start + width)).join(''));
  }
  return lines.join('\n') + '\n';
}

function pbmImage(engine: Engine, symbol: EncodedSymbol, type: BarcodeType, data: string): Uint8Array {
  if (symbol.kind !== 'linear') throw new CliError(`--format pbm does not draw ${symbol.kind} symbols yet`);
  const widthMm = symbol.modules.length * PBM_MODULE_MM;
  const quietMm = PBM_QUIET_MODULES * PBM_MODULE_MM;
  const page = engine.renderPage({
    widthMm: widthMm + 2 * quietMm,
    heightMm: PBM_BAR_MM + 2 * quietMm,
    dpi: PBM_DPI,
    elements: [{ kind: 'barcode', type, data, xMm: quietMm, yMm: quietMm, widthMm, heightMm: PBM_BAR_MM, moduleWidthMm: PBM_MODULE_MM }],
  });
  return pageToPbm(page);
}
