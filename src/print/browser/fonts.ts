/**
 * Which bundled font files a label needs (`fontsFor`), so the browser fetches only those:
 * the CJK face (5 MB) only for CJK text or a font name drawn with it, the last-resort face
 * (4 MB) only for characters neither the Latin nor the CJK face has, bold and italic Latin
 * faces only when a control uses them.
 *
 * The engine draws a character with the control's family (fonts.ts `fontFamilyFor`), else
 * from the fallback chain in registration order: Latin regular, CJK, last resort. A subset
 * registered in the catalog's order keeps that chain's order, so every character the label
 * shows is drawn by the same face as with all faces registered (the Node engine's pages),
 * provided the subset holds every face that could draw one of them. The rules below are
 * therefore conservative: a character outside the ranges a face is known to cover asks for
 * the next face of the chain.
 *
 * Coverage (fc-query on the Debian files scripts/setup.sh copies): Liberation Sans covers
 * Latin, Greek and Cyrillic (U+0000-052F), phonetic and Latin/Greek extended (U+1D00-1FFF),
 * general punctuation and currency signs; WenQuanYi Micro Hei covers CJK punctuation, kana,
 * bopomofo, Hangul jamo (U+3000-33FF), the CJK ideographs U+4E00-9FC3, Hangul syllables,
 * compatibility ideographs, vertical and half/full-width forms; Droid Sans Fallback adds
 * CJK Extension A (U+3400-4DB5).
 */
import type { DataSource } from '../../label/binding/data.ts';
import { columnFinder } from '../../label/binding/data.ts';
import { formatDateControl } from '../../label/binding/datetime.ts';
import { referenceName } from '../../label/binding/content.ts';
import type { LabelDocument } from '../../label/label.ts';
import { CJK_FAMILY, FONT_FACES, fontFamilyFor, LAST_FALLBACK_FAMILY, LATIN_FAMILY, type FontFace } from '../../render/fonts.ts';

/** A data source, or the plain table a worker setup carries (column names, rows of text). */
export type FontData = DataSource | { columnNames: readonly string[]; rows: readonly (readonly string[])[] };

/** Code point ranges [first, last] the Latin face draws (checked before the others). */
const LATIN_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x052f],
  [0x1d00, 0x1fff],
  [0x2000, 0x206f],
  [0x20a0, 0x20cf],
];

/** Ranges the CJK face draws beyond the Latin ones. */
const CJK_RANGES: readonly (readonly [number, number])[] = [
  [0x3000, 0x33ff],
  [0x4e00, 0x9fc3],
  [0xac00, 0xd7a3],
  [0xf900, 0xfa2d],
  [0xfe30, 0xfe6f],
  [0xff00, 0xffef],
];

/** fontStyle bits (spec section 3): bold 1, italic 2. */
const BOLD = 1;
const ITALIC = 2;

/** What a text's characters need beyond the Latin face. */
const enum Need {
  Latin = 0,
  Cjk = 1,
  /** Neither the Latin nor the CJK face: the last resort too. */
  Last = 2,
}

function inRanges(code: number, ranges: readonly (readonly [number, number])[]): boolean {
  for (const [a, b] of ranges) if (code >= a && code <= b) return true;
  return false;
}

/** The faces a string's characters need (the highest Need of its characters). */
function textNeed(text: string, need: Need): Need {
  for (let i = 0; i < text.length && need < Need.Last; i++) {
    const code = text.codePointAt(i)!;
    if (code < 0x0530) continue; // the common case, ASCII and Latin-1, first
    if (code > 0xffff) i++; // the low surrogate
    if (inRanges(code, LATIN_RANGES)) continue;
    need = inRanges(code, CJK_RANGES) ? Math.max(need, Need.Cjk) : Need.Last;
  }
  return need;
}

function face(family: string, bold: boolean, italic: boolean): FontFace {
  // The catalog has bold and italic faces for the Latin family only; other families draw
  // every style from their one face.
  const exact = FONT_FACES.find((f) => f.family === family && f.bold === bold && f.italic === italic);
  return exact ?? FONT_FACES.find((f) => f.family === family)!;
}

/** A control's own font fields, when it draws text. */
interface FontFields {
  fontName: string;
  fontStyle: number;
}

function hasFont(el: object): el is FontFields {
  return 'fontName' in el && typeof (el as FontFields).fontName === 'string' && typeof (el as FontFields).fontStyle === 'number';
}

/**
 * The catalog faces (FONT_FACES, in their registration order) that `doc` needs to render
 * every page with `data` (its rows; omitted or null: no data, so data-bound controls show
 * their bracketed column names). `timeMs` is the clock date controls show (their formats
 * may hold CJK characters, weekday names). A label without text needs no face.
 */
export function fontsFor(doc: LabelDocument, data?: FontData | null, timeMs: number = Date.now()): FontFace[] {
  const wanted = new Set<FontFace>();
  let need = Need.Latin;
  let texts = false;
  /** Data columns some control shows (by index), for the data's characters. */
  const columns = new Set<number>();
  const columnNames = data ? data.columnNames : [];
  const find = data ? ('findColumn' in data ? data.findColumn : columnFinder(columnNames)) : undefined;

  const content = (el: object) => {
    const c = el as { content?: unknown; contentType?: unknown; dataColumnName?: unknown; dataColumn?: unknown };
    if (typeof c.content === 'string') need = textNeed(c.content, need);
    // Placeholders show the column's name in brackets ([资产名称]) when it has no cell.
    if (typeof c.dataColumnName === 'string') need = textNeed(c.dataColumnName, need);
    if (!find) return;
    if (c.contentType === 2) {
      const byName = typeof c.dataColumnName === 'string' && c.dataColumnName !== '' ? find(c.dataColumnName) : -1;
      const column = byName >= 0 ? byName : typeof c.dataColumn === 'number' && (c.dataColumnName ?? '') === '' ? c.dataColumn - 1 : -1;
      if (column >= 0) columns.add(column);
    } else if (typeof c.content === 'string') {
      // `id=name`: another control's content, or else the data column `name`.
      const ref = referenceName(c.content);
      const column = ref === undefined ? -1 : find(ref);
      if (column >= 0) columns.add(column);
    }
  };

  const drawsWith = (el: FontFields) => {
    texts = true;
    const family = fontFamilyFor(el.fontName);
    wanted.add(face(family, (el.fontStyle & BOLD) !== 0, family === LATIN_FAMILY && (el.fontStyle & ITALIC) !== 0));
    if (family === CJK_FAMILY) need = Math.max(need, Need.Cjk);
  };

  for (const el of doc.children) {
    if (el.kind === 'table') {
      for (const cell of el.cells) {
        drawsWith(cell);
        content(cell);
      }
      continue;
    }
    if (!hasFont(el)) continue;
    if (el.kind === 'barcode' && el.textPosition === 'none') continue; // no caption
    drawsWith(el);
    content(el);
    if (el.kind === 'date') need = textNeed(formatDateControl(new Date(timeMs), el), need);
  }
  if (!texts) return [];

  if (data && columns.size > 0) {
    const cols = [...columns];
    if ('rows' in data) {
      for (let r = 0; r < data.rows.length && need < Need.Last; r++) {
        const row = data.rows[r]!;
        for (const c of cols) need = textNeed(row[c] ?? '', need);
      }
    } else {
      for (let r = 0; r < data.rowCount && need < Need.Last; r++) for (const c of cols) need = textNeed(data.text(r, c) ?? '', need);
    }
  }

  // The Latin regular face heads the fallback chain: any text may draw from it.
  wanted.add(face(LATIN_FAMILY, false, false));
  if (need >= Need.Cjk) wanted.add(face(CJK_FAMILY, false, false));
  if (need >= Need.Last) wanted.add(face(LAST_FALLBACK_FAMILY, false, false));
  return FONT_FACES.filter((f) => wanted.has(f));
}
