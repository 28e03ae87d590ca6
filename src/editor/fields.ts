/**
 * What the property panel accepts (label-editor.md section 5): a number typed into a
 * field is applied only when it is a number within the field's range (the kind's schema,
 * or a kind's minimum size); anything else is refused at the field and nothing of it is
 * applied. Accepted values are kept to 3 decimals, as every mm in a label is.
 */
import { parseNumber, round3 } from '../label/units.ts';

export type NumberCheck = { ok: true; value: number } | { ok: false; min: number; max: number };

export function checkNumber(text: string, min: number, max: number): NumberCheck {
  const n = parseNumber(text);
  if (n === undefined || n < min || n > max) return { ok: false, min, max };
  const value = round3(n);
  // Rounding must not carry a value out of range (0.0004 with a minimum of 0.001).
  return value < min || value > max ? { ok: false, min, max } : { ok: true, value };
}
