/**
 * Fixed-seed random label documents for round-trip tests: every kind, every field, with
 * values inside and outside their ranges, awkward strings (markup characters, line ends,
 * tabs, control characters, CJK, emoji, lone surrogates) and embedded pictures and files.
 */
import { ELEMENT_KINDS } from '../elements/index.ts';
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
    children.push({ ...props, kind: def.kind });
  }
  return { ...label, children };
}
