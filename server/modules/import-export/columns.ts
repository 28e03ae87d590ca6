/**
 * The columns of import and export files: the standard ones (IMPORT_COLUMNS, spec section 9)
 * with their headers in both languages (assets/fields.ts), then one per custom attribute,
 * headed by its name. A header is read back in either language, as the field key, or without
 * its bracketed unit ("购买价格" for "购买价格(元)"); case, spaces and full-width forms do not
 * matter. Anything else must be an attribute name.
 */
import { IMPORT_COLUMNS, type ImportColumn } from '../../../src/api/contract.ts';
import type { Lang } from '../../errors.ts';
import { COLUMN_LABELS } from '../assets/fields.ts';

/** How headers compare: NFKC (full-width to ASCII), lower case, no whitespace. */
export function foldHeader(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

/** The same without a trailing bracketed part: "price(yuan)" → "price". */
function foldWithoutUnit(text: string): string {
  return foldHeader(text).replace(/\([^()]*\)$/, '');
}

const STANDARD = new Map<string, ImportColumn>();
for (const key of IMPORT_COLUMNS) {
  for (const name of [key, COLUMN_LABELS[key].zh, COLUMN_LABELS[key].en]) {
    STANDARD.set(foldHeader(name), key);
    STANDARD.set(foldWithoutUnit(name), key);
  }
}

/** The standard column a header names, or null (then it is an attribute's name). */
export function standardColumnOf(header: string): ImportColumn | null {
  return STANDARD.get(foldHeader(header)) ?? STANDARD.get(foldWithoutUnit(header)) ?? null;
}

/** The standard headers in file order, in a language. */
export function standardHeaders(lang: Lang): string[] {
  return IMPORT_COLUMNS.map((key) => COLUMN_LABELS[key][lang]);
}
