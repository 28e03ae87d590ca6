/**
 * Backslash escapes for data given on the command line (`--esc`), in zint's spelling so
 * the same text works with `zint --esc`: \\ \0 \a \b \t \n \v \f \r \e \G \R \xNN.
 */
import { CliError, EXIT_USAGE } from './cli.ts';

const SIMPLE: Record<string, number> = {
  '\\': 0x5c, '0': 0x00, a: 0x07, b: 0x08, t: 0x09, n: 0x0a, v: 0x0b, f: 0x0c, r: 0x0d, e: 0x1b, G: 0x1d, R: 0x1e,
};

export function unescapeData(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = text[i + 1];
    if (next !== undefined && next in SIMPLE) {
      out += String.fromCharCode(SIMPLE[next]!);
      i += 1;
    } else if (next === 'x' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 2, i + 4))) {
      out += String.fromCharCode(parseInt(text.slice(i + 2, i + 4), 16));
      i += 3;
    } else {
      throw new CliError(`invalid escape sequence at position ${i + 1} of --data (use \\\\ for a backslash)`, EXIT_USAGE);
    }
  }
  return out;
}
