/**
 * Every barcode and 2D code on a rendered label page, upright and turned a quarter,
 * read back at 203 dpi by independent decoders: rxing-wasm for all of them, zbarimg for
 * the linear types and QR, dmtxread for Data Matrix. Expected texts come from the
 * symbologies' rules (check digits worked out by hand), not from the engine. Grid Matrix
 * has no decoder here (neither rxing nor zbar reads it): gridmatrix-page.test.ts reads its
 * modules off rendered label pages (upright and turned) and compares them with zint's;
 * src/engine/corpus/gridmatrix.test.ts checks the encoder against zint.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HINT, RXING_FORMAT } from '../engine/corpus/corpus.ts';
import { decodeRxing } from '../engine/corpus/decoders.ts';
import type { Engine } from '../engine/engine.ts';
import { loadEngine } from '../engine/load-node.ts';
import { pageToPbm } from '../engine/pbm.ts';
import type { BarcodeType, Page } from '../engine/types.ts';
import { loadBundledFonts } from './fonts-node.ts';
import { renderDocument } from './testing.ts';

const DPI = 203;
let engine: Engine;
let scratch: string;
beforeAll(async () => {
  engine = await loadEngine();
  await loadBundledFonts(engine);
  scratch = mkdtempSync(join(tmpdir(), 'assetmark-decode-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Case {
  type: BarcodeType;
  content: string;
  /** What the decoders must read: exact text or a pattern. */
  expected: string | RegExp;
  /** zbarimg's `TYPE:` prefix and text, when zbar reads the type. */
  zbar?: string;
  dmtx?: boolean;
}

const CASES: Case[] = [
  { type: 'code128', content: 'AM-0042', expected: 'AM-0042', zbar: 'CODE-128:AM-0042' },
  { type: 'ean13', content: '690123456789', expected: '6901234567892', zbar: 'EAN-13:6901234567892' },
  { type: 'ean8', content: '6901234', expected: '69012341', zbar: 'EAN-8:69012341' },
  { type: 'upca', content: '69012345678', expected: '690123456787', zbar: 'EAN-13:0690123456787' },
  { type: 'upce', content: '0123456', expected: /^0123456\d$/ },
  { type: 'isbn', content: '978012345678', expected: '9780123456786', zbar: 'EAN-13:9780123456786' },
  { type: 'code39', content: 'AB-12', expected: 'AB-12', zbar: 'CODE-39:AB-12' },
  { type: 'code93', content: 'CODE93', expected: 'CODE93', zbar: 'CODE-93:CODE93' },
  { type: 'codabar', content: '123456', expected: /^A?123456A?$/ },
  { type: 'itf', content: '12345678', expected: '12345678', zbar: 'I2/5:12345678' },
  { type: 'itf14', content: '1234567890123', expected: '12345678901231', zbar: 'I2/5:12345678901231' },
  { type: 'qrcode', content: '资产 https://example.com/42', expected: '资产 https://example.com/42', zbar: 'QR-Code:资产 https://example.com/42' },
  { type: 'datamatrix', content: 'ASSET-0042', expected: 'ASSET-0042', dmtx: true },
  { type: 'pdf417', content: 'PDF417 asset 42', expected: 'PDF417 asset 42' },
];

const MATRIX = new Set<BarcodeType>(['qrcode', 'datamatrix', 'pdf417', 'gridmatrix']);

/** A 50 x 50 mm label with a caption and the symbol centred (room to turn it). */
function page(c: Case, orientation: 0 | 90): Page {
  const [w, h] = c.type === 'pdf417' ? [44, 14] : MATRIX.has(c.type) ? [18, 18] : [44, 16];
  const symbol = MATRIX.has(c.type)
    ? { kind: 'qrcode', type: c.type, content: c.content, zoneSize: 2 }
    : { kind: 'barcode', type: c.type, content: c.content };
  return renderDocument(engine, {
    labelWidth: 50, labelHeight: 50,
    children: [
      { kind: 'text', x: 1, y: 0.5, width: 48, height: 4, content: `资产 ${c.type}`, fontHeight: 2.5 },
      { ...symbol, x: (50 - w) / 2, y: (50 - h) / 2 + 2, width: w, height: h, orientation },
    ],
  }, DPI);
}

function zbar(file: string): string {
  try {
    return execFileSync('zbarimg', ['--nodbus', '-q', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

function dmtx(file: string): string {
  try {
    return execFileSync('dmtxread', ['-N1', '-m', '5000', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

describe('codes on rendered label pages decode at 203 dpi', () => {
  it.each(CASES.flatMap((c) => ([0, 90] as const).map((r) => [`${c.type} turned ${r}`, c, r] as const)))('%s', (name, c, rotation) => {
    const p = page(c, rotation);
    const rx = decodeRxing(p, { [HINT.PossibleFormats]: RXING_FORMAT[c.type] });
    if (typeof c.expected === 'string') expect(rx).toBe(c.expected);
    else expect(rx).toMatch(c.expected);
    if (c.zbar || c.dmtx) {
      const file = join(scratch, `${name.replace(/ /g, '-')}.pbm`);
      writeFileSync(file, pageToPbm(p));
      if (c.zbar) expect(zbar(file)).toBe(c.zbar);
      if (c.dmtx) expect(dmtx(file)).toBe(c.expected);
    }
  });
});
