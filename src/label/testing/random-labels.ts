/**
 * Fixed-seed random label documents for round-trip and rendering tests: every kind, every
 * field, with values inside and outside their ranges, awkward strings (markup characters,
 * line ends, tabs, control characters, CJK, emoji, lone surrogates) and embedded pictures
 * and files. Most barcodes get data their type encodes (randomBarcodeData), so rendering
 * tests draw every type; the rest keep awkward content, which a barcode type refuses.
 */
import { ELEMENT_KINDS } from '../elements/index.ts';
import { barcodeKind, type BarcodeType } from '../elements/barcode.ts';
import { cellFields } from '../elements/cell.ts';
import { labelFields } from '../label.ts';
import { encodeBase64 } from '../embedded.ts';
import type { Field, Fields } from '../schema.ts';

export type Rand = () => number;

/** mulberry32: small, fast, good enough for test data. */
export function seeded(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  'a', 'Z', '0', '9', ' ', '  ', '&', '<', '>', '"', "'", '=', '/', ';', ',', '\t', '\n', '\r', '\r\n', '\\', 'id=', '&amp;', ']]>',
  '中', '文', '资产', '😀', '𝄞', '\u0001', '\u001f', '\u007f', '\u00a0', '\uFFFD', '\uFFFE', '\uFFFF', '\ud800', '\udc00', '\0', '¥', 'é',
];

export function randomString(rand: Rand, max = 24): string {
  const n = Math.floor(rand() * max);
  let s = '';
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(rand() * PIECES.length)];
  return s;
}

function pick<T>(rand: Rand, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)]!;
}

function randomBytes(rand: Rand, n: number): Uint8Array {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = Math.floor(rand() * 256);
  return b;
}

const EMBEDDED = new Set(['dataFile', 'backgroundImage', 'borderImage']);

function randomEmbedded(rand: Rand): string {
  const b64 = encodeBase64(randomBytes(rand, Math.floor(rand() * 40)));
  return pick(rand, [
    '',
    `data:image/png;base64,${b64}`,
    `data:image/jpeg;base64,${b64}`,
    `png*****${b64}`,
    `xlsx*****${b64}`,
    `data:application/vnd.ms-excel;base64,${b64}`,
    'https://example.com/logo.png',
  ]);
}

function randomNumber(rand: Rand, f: Field<unknown>): unknown {
  const min = f.min!;
  const max = f.max!;
  const span = Math.min(max - min, 10_000);
  const r = rand();
  if (r < 0.05) return pick(rand, ['abc', '', NaN, Infinity, '1e400', '-0', ' 12 ']);
  if (r < 0.15) return pick(rand, [min, max, min - 1, max + 1, 0, -1]);
  const v = min + (rand() * 1.2 - 0.1) * span;
  const digits = Math.floor(rand() * 7);
  const fixed = Number(v.toFixed(digits));
  return rand() < 0.5 ? String(fixed) : fixed;
}

function randomValue(rand: Rand, key: string, f: Field<unknown>, embeddedContent: boolean): unknown {
  if (EMBEDDED.has(key) || (key === 'content' && embeddedContent)) return randomEmbedded(rand);
  if (f.choices) return rand() < 0.9 ? pick(rand, f.choices) : randomString(rand, 4);
  if (f.parse('true') === true) return pick(rand, [true, false, 'true', 'false', '1', '0', 'maybe']);
  if (f.min !== undefined) return randomNumber(rand, f);
  return randomString(rand, 30);
}

function randomFields(rand: Rand, fields: Fields, skip: ReadonlySet<string>, embeddedContent = false): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(fields)) {
    if (skip.has(key) || rand() < 0.15) continue;
    out[key] = randomValue(rand, key, f as Field<unknown>, embeddedContent);
  }
  return out;
}

const TABLE_SPECIAL = new Set(['rows', 'cols', 'rowHeight', 'colWidth', 'group', 'cells', 'width', 'height']);

function randomTable(rand: Rand, fields: Fields): Record<string, unknown> {
  const rows = 1 + Math.floor(rand() * 5);
  const cols = 1 + Math.floor(rand() * 5);
  const list = (n: number) => Array.from({ length: n + (rand() < 0.2 ? Math.floor(rand() * 3) - 1 : 0) }, () => Number((rand() * 12).toFixed(4)));
  const group: number[][] = [];
  for (let i = Math.floor(rand() * 3); i > 0; i--) {
    const r1 = Math.floor(rand() * (rows + 1));
    const c1 = Math.floor(rand() * (cols + 1));
    group.push([r1, c1, r1 + Math.floor(rand() * 2), c1 + Math.floor(rand() * 2)]);
  }
  const cells = Array.from({ length: rows * cols + (rand() < 0.2 ? 1 : 0) }, () => randomFields(rand, cellFields, new Set()));
  return {
    ...randomFields(rand, fields, TABLE_SPECIAL),
    rows,
    cols,
    rowHeight: list(rows),
    colWidth: rand() < 0.2 ? [] : list(cols),
    width: rand() * 40,
    height: rand() * 20,
    group: group.map((m) => m.join(',')).join(';'),
    cells,
  };
}

const DIGITS = '0123456789';
/** Code 39's characters (and Code 93's, which takes all of ASCII but is tried on these). */
const CODE39 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%';
/** Codabar's data characters (the engine adds the A/B start and stop characters). */
const CODABAR = '0123456789-$:/.+';

function randomOf(rand: Rand, alphabet: string, min: number, max: number): string {
  const n = min + Math.floor(rand() * (max - min + 1));
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(rand() * alphabet.length)];
  return s;
}

/**
 * Data a barcode of `type` encodes: EAN, UPC, ISBN and ITF-14 at their length without the
 * check digit (the engine adds it), the others 1 to 20 characters of their character set.
 */
export function randomBarcodeData(rand: Rand, type: BarcodeType): string {
  switch (type) {
    case 'ean13':
      return randomOf(rand, DIGITS, 12, 12);
    case 'ean8':
      return randomOf(rand, DIGITS, 7, 7);
    case 'upca':
      return randomOf(rand, DIGITS, 11, 11);
    case 'upce':
      // Number system 0, then six digits. Zero suppression refuses some bodies (a 3rd digit
      // 0-2 before a final 3, a 4th digit 0 before a final 4, a 5th digit 0 before a final
      // 5-9: crates/symbology/src/upc.rs); 3rd to 5th digits of 3-9 pass every rule.
      return '0' + randomOf(rand, DIGITS, 2, 2) + randomOf(rand, '3456789', 3, 3) + randomOf(rand, DIGITS, 1, 1);
    case 'isbn':
      return pick(rand, ['978', '979']) + randomOf(rand, DIGITS, 9, 9);
    case 'itf14':
      return randomOf(rand, DIGITS, 13, 13);
    case 'itf':
      return randomOf(rand, DIGITS, 1, 20);
    case 'code39':
    case 'code93':
      return randomOf(rand, CODE39, 1, 20);
    case 'codabar':
      return randomOf(rand, CODABAR, 1, 20);
    case 'code128': {
      let s = '';
      for (let n = 1 + Math.floor(rand() * 20); n > 0; n--) s += String.fromCharCode(0x20 + Math.floor(rand() * 95));
      return s;
    }
  }
}

/**
 * A line's end points, each way a line can be given: none (the box defines it), a
 * horizontal or vertical pair (the box follows them), a diagonal pair at any angle, or the
 * random per-field values already in `props` (mostly diagonal, some out of range).
 */
function randomLineEnds(rand: Rand, props: Record<string, unknown>): void {
  const r = rand();
  const coord = () => Number(((rand() * 2 - 1) * 120).toFixed(Math.floor(rand() * 5)));
  if (r < 0.3) {
    for (const k of ['x1', 'y1', 'x2', 'y2']) delete props[k];
  } else if (r < 0.5) {
    const [a, b, c] = [coord(), coord(), coord()];
    Object.assign(props, rand() < 0.5 ? { x1: a, y1: b, x2: c, y2: b } : { x1: b, y1: a, x2: b, y2: c });
  } else if (r < 0.8) {
    // A true angle: 30, 45, 120 degrees or any, from a random end.
    const deg = pick(rand, [30, 45, 120, 135, 210, rand() * 360]);
    const len = 0.001 + rand() * 80;
    const [x1, y1] = [coord(), coord()];
    const t = (deg * Math.PI) / 180;
    Object.assign(props, { x1, y1, x2: x1 + len * Math.cos(t), y2: y1 + len * Math.sin(t) });
  }
}

/** A random label input (not yet valid; createLabel makes it so). */
export function randomLabelInput(rand: Rand): Record<string, unknown> & { children: { kind: string }[] } {
  const label = randomFields(rand, labelFields, new Set());
  const children: { kind: string }[] = [];
  const n = Math.floor(rand() * 14);
  for (let i = 0; i < n; i++) {
    const def = pick(rand, ELEMENT_KINDS);
    const props =
      def.kind === 'table'
        ? randomTable(rand, def.fields)
        : randomFields(rand, def.fields, new Set(), def.kind === 'picture' || def.kind === 'logo');
    if (def.kind === 'barcode' && rand() < 0.8) {
      // Typed content (contentType 0: a serial or a data column would change it).
      const type = barcodeKind.fields.type.parse(props.type) ?? barcodeKind.fields.type.default;
      props.content = randomBarcodeData(rand, type as BarcodeType);
      props.contentType = 0;
    }
    if (def.kind === 'line') randomLineEnds(rand, props);
    children.push({ ...props, kind: def.kind });
  }
  return { ...label, children };
}
