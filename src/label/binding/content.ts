/**
 * The final content of a control on one page (spec sections 3-5):
 *
 * - contentType 0 (Input): the content as typed; but `id=<name>` (the whole content) shows
 *   the final content of the control whose contentId is `<name>`, on the same page.
 * - contentType 1 (Degree): a serial number stepped per page (serial.ts).
 * - contentType 2 (Excel): the cell of the page's data row in the column named
 *   dataColumnName (ignoring case), or in column dataColumn (1-based) when no name is given.
 *
 * What cannot be resolved shows its name in square brackets, as the editor displays it:
 * `[Asset code]` for a missing column or a page without a data row, `[C]` for a column
 * number beyond the sheet, `[name]` for an `id=name` no control carries (or a loop of
 * references).
 */
import { columnLetters } from '../columns.ts';
import type { DataSource } from './data.ts';
import { stepSerial } from './serial.ts';

export type Binding = 'input' | 'serial' | 'data' | 'reference';

/** Spec section 2: the editor highlights data-column content and serial-number content. */
export const HIGHLIGHT_COLORS = { data: '#3B91C3', serial: '#823279' } as const;

export interface ResolvedContent {
  text: string;
  /** Where it came from; the editor highlights data (#3B91C3) and serial (#823279) content. */
  binding: Binding;
  /** The text is a bracketed placeholder. */
  unresolved: boolean;
}

/** The content fields binding reads. */
export interface ContentValues {
  kind: string;
  content: string;
  contentId: string;
  contentType: number;
  degreeOffset: number;
  dataColumn: number;
  dataColumnName: string;
}

export function hasContent(el: object): el is ContentValues {
  return 'contentType' in el && 'content' in el && 'contentId' in el;
}

const REFERENCE = /^\s*id=\s*(.+?)\s*$/s;

/** The referenced name of an `id=name` content, or undefined. */
export function referenceName(content: string): string | undefined {
  return REFERENCE.exec(content)?.[1];
}

export function bracket(name: string): string {
  return `[${name}]`;
}

/**
 * A resolver for one page. `controls` are every content-bearing control of the label (table
 * cells included), in document order: the first with a contentId wins a reference.
 * `serialDigits` gives a control's digit limit (15, text 9).
 */
export function contentResolver(
  controls: readonly ContentValues[],
  page: { pageIndex: number; data: DataSource | null },
  serialDigits: (el: ContentValues) => number,
): (el: ContentValues) => ResolvedContent {
  const byId = new Map<string, ContentValues>();
  for (const c of controls) if (c.contentId !== '' && !byId.has(c.contentId)) byId.set(c.contentId, c);
  const cache = new Map<ContentValues, ResolvedContent>();
  const visiting = new Set<ContentValues>();

  const resolve = (el: ContentValues): ResolvedContent => {
    const hit = cache.get(el);
    if (hit) return hit;
    let out: ResolvedContent;
    if (el.contentType === 1) {
      out = { text: stepSerial(el.content, el.degreeOffset, page.pageIndex, serialDigits(el)), binding: 'serial', unresolved: false };
    } else if (el.contentType === 2) {
      out = dataCell(el, page);
    } else {
      const name = referenceName(el.content);
      if (name === undefined) out = { text: el.content, binding: 'input', unresolved: false };
      else {
        const target = byId.get(name);
        if (!target || visiting.has(target)) {
          out = { text: bracket(name), binding: 'reference', unresolved: true };
        } else {
          visiting.add(el);
          const t = resolve(target);
          visiting.delete(el);
          out = { text: t.text, binding: 'reference', unresolved: t.unresolved };
        }
      }
    }
    if (visiting.size === 0) cache.set(el, out);
    return out;
  };
  return resolve;
}

function dataCell(el: ContentValues, page: { pageIndex: number; data: DataSource | null }): ResolvedContent {
  const { data } = page;
  const byName = el.dataColumnName.trim() !== '';
  const missing = (name: string): ResolvedContent => ({ text: bracket(name), binding: 'data', unresolved: true });
  if (byName) {
    const col = data ? data.findColumn(el.dataColumnName) : -1;
    const t = col >= 0 ? data!.text(page.pageIndex, col) : undefined;
    return t === undefined ? missing(el.dataColumnName) : { text: t, binding: 'data', unresolved: false };
  }
  const col = el.dataColumn - 1;
  const header = data?.columnNames[col];
  const t = data && header !== undefined ? data.text(page.pageIndex, col) : undefined;
  return t === undefined ? missing(header || columnLetters(col)) : { text: t, binding: 'data', unresolved: false };
}
