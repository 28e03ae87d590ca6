/**
 * Units and number rules shared by every label field.
 *
 * Documents are in millimetres with 3 decimals (spec section 9: "Float values use 3
 * decimals"); font sizes are offered in points. Rotation is a quarter turn: 0, 90, 180
 * or 270 degrees, and 1 to 3 are read as quarter turns (spec section 3).
 */

/** Millimetres per typographic point (1 pt = 1/72 in). */
export const MM_PER_PT = 25.4 / 72;

/** Rounds to 3 decimals (the document's precision); never returns -0. Idempotent. */
export function round3(v: number): number {
  const r = Number(v.toFixed(3));
  return r === 0 ? 0 : r;
}

/** Rounds to 4 decimals: the precision positions are compared at (spec section 5). */
export function round4(v: number): number {
  const r = Number(v.toFixed(4));
  return r === 0 ? 0 : r;
}

export function clamp(v: number, min: number, max: number): number {
  return v < min ? min : v > max ? max : v;
}

export function ptToMm(pt: number): number {
  return round3(pt * MM_PER_PT);
}

export function mmToPt(mm: number): number {
  return mm / MM_PER_PT;
}

/** The quarter turns a control or label may take, in degrees clockwise. */
export type Rotation = 0 | 90 | 180 | 270;

/** (x, y) turned clockwise by `rotation` about (cx, cy). */
export function turnPoint(x: number, y: number, cx: number, cy: number, rotation: Rotation): [number, number] {
  const dx = x - cx;
  const dy = y - cy;
  switch (rotation) {
    case 90:
      return [cx - dy, cy + dx];
    case 180:
      return [cx - dx, cy - dy];
    case 270:
      return [cx + dy, cy - dx];
    default:
      return [x, y];
  }
}

/**
 * A rotation from any input: 0/90/180/270 (and their equivalents modulo 360, such as -90
 * or 450); 1, 2 and 3 are quarter turns (the vendor's older files); anything else is 0.
 */
export function toRotation(v: number): Rotation {
  if (!Number.isFinite(v) || !Number.isInteger(v)) return 0;
  if (v >= 1 && v <= 3) return (v * 90) as Rotation;
  if (v % 90 !== 0) return 0;
  return ((((v / 90) % 4) + 4) % 4) * 90 as Rotation;
}

/** Strict number from text: decimal or exponent notation, surrounding blanks allowed;
 * empty text, `NaN`, infinities and hex are not numbers. */
export function parseNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw === 'boolean') return raw ? 1 : 0;
  if (typeof raw !== 'string') return undefined;
  const s = raw.trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/** Formats a 3-decimal number the way files carry it: shortest form, no exponent. */
export function formatNumber(v: number): string {
  const r = round3(v);
  // round3 keeps |v| >= 0.001 or 0 and fields cap far below 1e21, so String() has no
  // exponent; toFixed is the fallback should a caller pass something else.
  const s = String(r);
  return /e/i.test(s) ? r.toFixed(3).replace(/\.?0+$/, '') : s;
}

/**
 * The font sizes offered in the editor (spec section 2: a fixed list of point sizes from
 * 3 to 300, with Chinese size names for some). `name` is the Chinese size name, if any.
 */
export const FONT_SIZES: readonly { pt: number; name?: string }[] = [
  { pt: 3 }, { pt: 4 }, { pt: 5, name: '八号' }, { pt: 5.5, name: '七号' }, { pt: 6 },
  { pt: 6.5, name: '小六' }, { pt: 7 }, { pt: 7.5, name: '六号' }, { pt: 8 }, { pt: 9, name: '小五' },
  { pt: 10 }, { pt: 10.5, name: '五号' }, { pt: 11 }, { pt: 12, name: '小四' }, { pt: 14, name: '四号' },
  { pt: 15, name: '小三' }, { pt: 16, name: '三号' }, { pt: 18, name: '小二' }, { pt: 20 },
  { pt: 22, name: '二号' }, { pt: 24, name: '小一' }, { pt: 26, name: '一号' }, { pt: 28 },
  { pt: 36, name: '小初' }, { pt: 42, name: '初号' }, { pt: 48 }, { pt: 56 }, { pt: 72 },
  { pt: 96 }, { pt: 120 }, { pt: 150 }, { pt: 200 }, { pt: 250 }, { pt: 300 },
];

/** Smallest and largest font size, in points (spec: minimum 3 points; list up to 300). */
export const MIN_FONT_PT = 3;
export const MAX_FONT_PT = 300;

/** The listed size nearest to `pt` (ties go to the smaller size). */
export function snapFontSize(pt: number): number {
  let best = FONT_SIZES[0]!.pt;
  for (const { pt: p } of FONT_SIZES) if (Math.abs(p - pt) < Math.abs(best - pt)) best = p;
  return best;
}
