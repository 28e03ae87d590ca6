/**
 * Grid Matrix on rendered label pages against zint 2.11, the reference encoder: no decoder
 * here reads Grid Matrix (rxing and zbar do not), so decode.test.ts cannot check it. A
 * label with a caption and a Grid Matrix code goes through the normal path (createLabel ->
 * resolvePage -> labelPage -> engine, testing.ts) at 203 dpi, upright and turned a quarter;
 * the symbol is found on the page by its ink (Grid Matrix's corner macromodules are dark,
 * so the ink's bounding box is the symbol), each module is read at its centre, and the
 * module matrix must equal `zint -b 142 --dump` for the same text, layers and ECC level.
 * The module size must be whole dots and the symbol's ink exactly its dark modules (no
 * stray or missing dots), so a module drawn a dot off fails too.
 *
 * Debian's zint is 2.11, which misencodes texts that start in byte mode or hold two numeral
 * non-digits within a block (fixed in zint 2.16.0.9, which the engine follows; see
 * crates/symbology/ZINT.md). The texts below are untouched by either, so 2.11's symbols are
 * current zint's (the Rust test gridmatrix::tests::zint_2_11_misencodations checks them);
 * keep new ones so.
 */
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/engine.ts';
import { loadEngine } from '../engine/load-node.ts';
import type { Page } from '../engine/types.ts';
import { loadBundledFonts } from './fonts-node.ts';
import { dot, inkIn, renderDocument } from './testing.ts';

const DPI = 203;
const LABEL_MM = 50;
const SYMBOL_MM = 18;

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
  await loadBundledFonts(engine);
});

/** zint's Grid Matrix as rows of '0'/'1' (its dump: hex, 4 modules a digit, spaced groups). */
function zintRows(text: string, layers: number, ecc: number): string[] {
  const args = ['-b', '142', '--dump', '-d', text];
  if (layers > 0) args.push(`--vers=${layers}`);
  if (ecc > 0) args.push(`--secure=${ecc}`);
  const rows = execFileSync('zint', args, { encoding: 'utf8' }).trimEnd().split('\n');
  return rows.map((r) => Array.from(r.replace(/\s+/g, ''), (h) => parseInt(h, 16).toString(2).padStart(4, '0')).join('').slice(0, rows.length));
}

/** `rows` turned a quarter clockwise (as the page turns the symbol). */
function turnClockwise(rows: string[]): string[] {
  const n = rows.length;
  return Array.from({ length: n }, (_, y) => Array.from({ length: n }, (_, x) => rows[n - 1 - x]![y]).join(''));
}

/** The bounding box of the ink in a window of dots: [x0, y0, x1, y1) or null. */
function inkBox(page: Page, wx0: number, wy0: number, wx1: number, wy1: number): [number, number, number, number] | null {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -1, -1];
  for (let y = wy0; y < wy1; y++) {
    for (let x = wx0; x < wx1; x++) {
      if (dot(page, x, y) === 0) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x + 1);
      y1 = Math.max(y1, y + 1);
    }
  }
  return x1 < 0 ? null : [x0, y0, x1, y1];
}

interface Case {
  name: string;
  content: string;
  /** gmVersion (layers 1-13) and gmEccLevel (1-5); 0 = automatic. */
  layers: number;
  ecc: number;
}

const CASES: Case[] = [
  { name: 'Chinese', content: '固定资产', layers: 0, ecc: 0 },
  { name: 'digits', content: '20260042000137', layers: 0, ecc: 0 },
  { name: 'mixed', content: '资产编号 ZC-0042 笔记本电脑', layers: 0, ecc: 0 },
  { name: 'fixed layers and ECC', content: 'AM-2026-000042', layers: 3, ecc: 2 },
];

function renderCase(c: Case, orientation: 0 | 90): Page {
  const at = (LABEL_MM - SYMBOL_MM) / 2;
  return renderDocument(engine, {
    labelWidth: LABEL_MM, labelHeight: LABEL_MM,
    children: [
      { kind: 'text', x: 1, y: 0.5, width: 48, height: 4, content: `资产 Grid Matrix ${c.name}`, fontHeight: 2.5 },
      {
        kind: 'qrcode', type: 'gridmatrix', content: c.content, gmVersion: c.layers, gmEccLevel: c.ecc, zoneSize: 2,
        x: at, y: at + 2, width: SYMBOL_MM, height: SYMBOL_MM, orientation,
      },
    ],
  }, DPI);
}

describe('Grid Matrix on rendered label pages equals zint, module for module', () => {
  it.each(CASES.flatMap((c) => ([0, 90] as const).map((r) => [`${c.name} turned ${r}`, c, r] as const)))('%s', (_, c, orientation) => {
    const expected = zintRows(c.content, c.layers, c.ecc);
    const n = expected.length;
    const page = renderCase(c, orientation);
    // Below the caption (which ends 4.5 mm down): only the symbol has ink there.
    const top = Math.ceil((6 * DPI) / 25.4);
    const box = inkBox(page, 0, top, page.width, page.height);
    expect(box).not.toBeNull();
    const [x0, y0, x1, y1] = box!;
    const moduleDots = (x1 - x0) / n;
    expect([x1 - x0, y1 - y0]).toEqual([n * moduleDots, n * moduleDots]);
    expect(Number.isInteger(moduleDots) && moduleDots >= 2).toBe(true);
    // 18 mm at 203 dpi is 143.9 dots: the symbol uses most of it (whole-dot modules).
    expect(x1 - x0).toBeGreaterThan(0.6 * ((SYMBOL_MM * DPI) / 25.4));

    const sampled: string[] = [];
    for (let r = 0; r < n; r++) {
      let row = '';
      const y = y0 + Math.floor((r + 0.5) * moduleDots);
      for (let col = 0; col < n; col++) row += String(dot(page, x0 + Math.floor((col + 0.5) * moduleDots), y));
      sampled.push(row);
    }
    expect(sampled).toEqual(orientation === 90 ? turnClockwise(expected) : expected);
    // Whole modules and nothing else: the ink is exactly the dark modules' squares.
    const dark = expected.join('').split('').filter((m) => m === '1').length;
    expect(inkIn(page, x0, y0, x1, y1)).toBe(dark * moduleDots * moduleDots);
  });
});
