import { decode_barcode } from 'rxing-wasm';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
// zint -> PBM-like via --dump: rows of hex; draw 2 dots per module with quiet zone.
import { modulesToPage, pageToLuma } from '../src/engine/testing.ts';
for (const d of ['A1A', 'A12A', 'A123A', 'A1234A']) {
  const hex = execFileSync('zint', ['-b', '18', '--dump', `--data=${d}`], { encoding: 'utf8' }).trim().replace(/ /g, '');
  const bits = Array.from(hex, (h) => parseInt(h, 16).toString(2).padStart(4, '0')).join('');
  const page = modulesToPage(Uint8Array.from(bits, Number), 2, 60, 12);
  let t: string; try { t = decode_barcode(pageToLuma(page), page.width, page.height, true).text(); } catch (e) { t = 'ERR ' + e; }
  console.log(d, '->', t);
}
