/**
 * The final content of a control on one page (spec sections 3-5):
 *
 * - contentType 0 (Input): the content as typed; but `id=<name>` (the whole content) shows
 *   the final content of the control whose contentId is `<name>`, on the same page, or when
 *   no control has that contentId, the page's cell in the data column `<name>` (ignoring
 *   case, as dataColumnName).
 * - contentType 1 (Degree): a serial number stepped per page (serial.ts).
 * - contentType 2 (Excel): the cell of the page's data row in the column named
 *   dataColumnName (ignoring case), or in column dataColumn (1-based) when no name is given.
 *
 * What cannot be resolved shows its name in square brackets, as the editor displays it:
 * `[Asset code]` for a missing column or a page without a data row, `[C]` for a column
 * number beyond the sheet, `[name]` for an `id=name` that neither a control nor a data
 * column carries (or whose column has no row for the page, or a loop of references).
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
  const resolver = new PageContent(controls, page, serialDigits);
  return (el) => resolver.resolve(el);
}

/**
 * One page's contents. The index of contentIds, the cache and the loop guard are made on
 * the first `id=` reference only: a label without references (most; the reference label
 * of the render benchmark) resolves each control once and needs none of them (measured:
 * resolvePage 5.2 -> 1.7 µs median with the other changes of that commit). A control
 * resolved before the first reference is resolved again if referenced, to the same
 * content. A class, not closures: under tsx each closure made per page costs a name.
 */
class PageContent {
  private byId: Map<string, ContentValues> | undefined;
  private cache: Map<ContentValues, ResolvedContent> | undefined;
  private visiting: Set<ContentValues> | undefined;

  constructor(
    private readonly controls: readonly ContentValues[],
    private readonly page: { pageIndex: number; data: DataSource | null },
    private readonly serialDigits: (el: ContentValues) => number,
  ) {}

  resolve(el: ContentValues): ResolvedContent {
    const hit = this.cache?.get(el);
    if (hit) return hit;
    let out: ResolvedContent;
    if (el.contentType === 1) {
      out = { text: stepSerial(el.content, el.degreeOffset, this.page.pageIndex, this.serialDigits(el)), binding: 'serial', unresolved: false };
    } else if (el.contentType === 2) {
      out = dataCell(el, this.page);
    } else {
      const name = referenceName(el.content);
      if (name === undefined) out = { text: el.content, binding: 'input', unresolved: false };
      else out = this.reference(el, name);
    }
    if (this.cache && this.visiting!.size === 0) this.cache.set(el, out);
    return out;
  }

  private reference(el: ContentValues, name: string): ResolvedContent {
    if (!this.byId) {
      this.byId = new Map();
      for (const c of this.controls) if (c.contentId !== '' && !this.byId.has(c.contentId)) this.byId.set(c.contentId, c);
      this.cache = new Map();
      this.visiting = new Set();
    }
    const visiting = this.visiting!;
    const target = this.byId.get(name);
    // Spec section 5: a name no control carries may name a data column (case-insensitive,
    // as dataColumnName): the page's cell. Controls' contentIds take precedence.
    if (!target) return this.columnReference(name);
    if (visiting.has(target)) return { text: bracket(name), binding: 'reference', unresolved: true };
    visiting.add(el);
    const t = this.resolve(target);
    visiting.delete(el);
    return { text: t.text, binding: 'reference', unresolved: t.unresolved };
  }

  /** `id=name` for the data column `name`: its cell on this page, bound as data (the editor
   * highlights it as such); bracketed without such a column or a data row for the page. */
  private columnReference(name: string): ResolvedContent {
    const { data, pageIndex } = this.page;
    const col = data ? data.findColumn(name) : -1;
    const t = col >= 0 ? data!.text(pageIndex, col) : undefined;
    return t === undefined ? { text: bracket(name), binding: 'reference', unresolved: true } : { text: t, binding: 'data', unresolved: false };
  }
}

function missingData(name: string): ResolvedContent {
  return { text: bracket(name), binding: 'data', unresolved: true };
}

function dataCell(el: ContentValues, page: { pageIndex: number; data: DataSource | null }): ResolvedContent {
  const { data } = page;
  const byName = el.dataColumnName.trim() !== '';
  if (byName) {
    const col = data ? data.findColumn(el.dataColumnName) : -1;
    const t = col >= 0 ? data!.text(page.pageIndex, col) : undefined;
    return t === undefined ? missingData(el.dataColumnName) : { text: t, binding: 'data', unresolved: false };
  }
  const col = el.dataColumn - 1;
  const header = data?.columnNames[col];
  const t = data && header !== undefined ? data.text(page.pageIndex, col) : undefined;
  return t === undefined ? missingData(header || columnLetters(col)) : { text: t, binding: 'data', unresolved: false };
}
