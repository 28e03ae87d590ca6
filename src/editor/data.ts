/**
 * The editor's data panel, without React (label-editor.md sections 2-5): the label's
 * embedded spreadsheet read once per file, binding a control's content to a data column
 * (contentType 2) or to a serial number (contentType 1), the page the canvas shows
 * (1..page count, spec "Label paging"), and which controls the overlay tints (data
 * #3B91C3, serial #823279; never part of the raster).
 */
import { bracket, contentResolver, HIGHLIGHT_COLORS, hasContent, type ResolvedContent } from '../label/binding/content.ts';
import { dataSourceFromRows, type DataSource } from '../label/binding/data.ts';
import { gotoPage, movePage, pageCount } from '../label/binding/paging.ts';
import { findSerialRun, serialSeed } from '../label/binding/serial.ts';
import { columnLetters } from '../label/columns.ts';
import { embeddedBytes } from '../label/embedded.ts';
import { LabelError, type LabelResult } from '../label/errors.ts';
import { serialDigits, type LabelElement } from '../label/elements/index.ts';
import type { LabelDocument } from '../label/label.ts';
import { contentControls } from '../label/resolve.ts';
import { changeDataFile, readSpreadsheet, rememberedWorkbook, selectSheet, type Sheet, type Workbook } from '../label/spreadsheet.ts';

/** Kinds whose content the data panel binds: texts and codes (arc text is a text too). */
export const BINDABLE_KINDS: readonly string[] = ['text', 'barcode', 'qrcode', 'arctext'];

export type BindableElement = Extract<LabelElement, { contentType: number }>;

export function canBind(el: LabelElement | undefined): el is BindableElement {
  return !!el && BINDABLE_KINDS.includes(el.kind) && hasContent(el);
}

/** Where a control's content comes from, as the panel offers it. */
export type ContentSource = { type: 'input' } | { type: 'serial' } | { type: 'column'; column: number };

/**
 * The content source of `el` against `data`: a bound column's 0-based index (by name,
 * else by number), -1 when the column is not in the data (the control shows `[name]`).
 */
export function contentSourceOf(el: BindableElement, data: DataSource | null): ContentSource {
  if (el.contentType === 1) return { type: 'serial' };
  if (el.contentType !== 2) return { type: 'input' };
  if (el.dataColumnName.trim() !== '') return { type: 'column', column: data ? data.findColumn(el.dataColumnName) : -1 };
  const col = el.dataColumn - 1;
  return { type: 'column', column: data && col < data.columnNames.length ? col : -1 };
}

/** The name a bound control shows when its column is missing (as the resolver brackets it). */
export function boundColumnLabel(el: BindableElement): string {
  return el.dataColumnName.trim() !== '' ? el.dataColumnName : columnLetters(el.dataColumn - 1);
}

/**
 * `el` bound to data column `column` (0-based) of `data`: contentType 2 with the column's
 * header as dataColumnName, and dataColumn its 1-based number. A header that is empty, or
 * that an earlier column also carries (a name binds to the first match, ignoring case), is
 * bound by number alone. The typed content is kept, so unbinding gives it back. Null when
 * the column is not in the data.
 */
export function bindColumn<E extends BindableElement>(el: E, data: DataSource, column: number): E | null {
  if (!Number.isInteger(column) || column < 0 || column >= data.columnNames.length) return null;
  const name = data.columnNames[column]!;
  const byName = name.trim() !== '' && data.findColumn(name) === column;
  return { ...el, contentType: 2, dataColumnName: byName ? name : '', dataColumn: column + 1 };
}

/** `el` showing its typed content again (contentType 0). */
export function unbind<E extends BindableElement>(el: E): E {
  return el.contentType === 0 ? el : { ...el, contentType: 0 };
}

/**
 * `el` as a serial number (contentType 1) stepping by its degreeOffset per page. Content
 * without digits gets a seed of degreeLength digits from 1 (`001`) appended, so there is a
 * number to step (spec section 4: content without digits does not change).
 */
export function makeSerial<E extends BindableElement>(el: E): E {
  if (el.contentType === 1) return el;
  const content = findSerialRun(el.content, serialDigits(el.kind)) ? el.content : el.content + serialSeed(el.degreeLength);
  return { ...el, contentType: 1, content };
}

/** `el` with its content source set; null when the column is not in the data. */
export function setContentSource<E extends BindableElement>(el: E, source: ContentSource, data: DataSource | null): E | null {
  if (source.type === 'input') return unbind(el);
  if (source.type === 'serial') return makeSerial(el);
  return data ? bindColumn(el, data, source.column) : null;
}

// ---- the label's spreadsheet

export interface LabelData {
  /** The workbook of the label's dataFile; null without one or when it is unreadable. */
  workbook: Workbook | null;
  /** The sheet dataSheet selects, the pages' data; null without one. */
  sheet: Sheet | null;
  /** Why the label's spreadsheet or sheet cannot be used. */
  error: LabelError | null;
}

const NO_DATA: LabelData = { workbook: null, sheet: null, error: null };

/**
 * Reads workbooks of embedded spreadsheets (a data URL each), remembering the last one:
 * every edit makes a new document that shares the same dataFile string, and only a new
 * file (or undoing to an older one) is read again.
 */
export class LabelDataReader {
  private lastFile = '';
  private last: LabelResult<Workbook> | null = null;

  read(doc: Pick<LabelDocument, 'dataFile' | 'dataSheet'>): LabelData {
    if (doc.dataFile === '') return NO_DATA;
    if (this.last === null || this.lastFile !== doc.dataFile) {
      const known = rememberedWorkbook(doc.dataFile);
      const file = known ? null : embeddedBytes(doc.dataFile);
      this.last = known
        ? { ok: true, value: known, warnings: [] }
        : file
          ? readSpreadsheet(file.bytes)
          : { ok: false, error: new LabelError('embedded.invalid', { what: 'spreadsheet' }) };
      this.lastFile = doc.dataFile;
    }
    const wb = this.last;
    if (!wb.ok) return { workbook: null, sheet: null, error: wb.error };
    const sheet = selectSheet(wb.value, doc.dataSheet);
    return sheet.ok ? { workbook: wb.value, sheet: sheet.value, error: null } : { workbook: wb.value, sheet: null, error: sheet.error };
  }
}

/**
 * `doc` with the spreadsheet `bytes` embedded (spec section 4: the workbook is loaded and
 * sheet dataSheet selected, the page back to 1). A new file without the label's sheet
 * (dataSheet 3 of a one-sheet file) takes its first sheet rather than being refused; an
 * unreadable file is refused with its error and the label keeps what it had.
 */
export function attachSpreadsheet<D extends LabelDocument>(doc: D, bytes: Uint8Array): { doc: D; error?: LabelError } {
  let changed = changeDataFile(doc, { bytes });
  if (changed.error?.code === 'sheet.noSheet' && doc.dataSheet !== 1) changed = changeDataFile({ ...doc, dataSheet: 1 }, { bytes });
  return changed.error ? { doc, error: changed.error } : { doc: changed.doc };
}

/** What the canvas renders with: the sheet, or for a label whose spreadsheet cannot be
 * used an empty one (bound controls show their `[column]`, as without a row), so the
 * label still draws while the panel says what is wrong. */
export function renderData(data: LabelData, reading = false): DataSource | null {
  if (data.sheet) return data.sheet;
  // While the label's spreadsheet is read off the page (useEmbeddedWorkbook), the same: null
  // would make the print job read it here, on the page's thread.
  return data.error || reading ? EMPTY_DATA : null;
}

const EMPTY_DATA: DataSource = dataSourceFromRows([], []);

// ---- paging (1-based, as the editor shows pages)

export interface Paging {
  /** The page shown, within 1..count. */
  page: number;
  count: number;
}

/** The shown page of `doc` with `data`: `requested` brought into 1..page count. */
export function pagingOf(doc: Pick<LabelDocument, 'pageInfo' | 'children'>, data: DataSource | null, requested: number): Paging {
  const count = pageCount(doc, data);
  return { page: movePage(requested, 0, count), count };
}

/** A page typed into the "go to page" field: a whole number within 1..count, else the
 * spec's refusal (page.invalid, page.outOfRange). */
export function parsePage(text: string, count: number): LabelResult<number> {
  const t = text.trim();
  if (!/^[+-]?\d+$/.test(t)) return { ok: false, error: new LabelError('page.invalid', { page: t }) };
  return gotoPage(Number(t), count);
}

// ---- highlights and the page's content

/** A top-level control the overlay tints, and the colour (spec section 2). */
export interface Highlight {
  index: number;
  color: string;
}

/**
 * The controls whose content on page `pageIndex` (0-based) comes from the data (a bound
 * column, or `id=<column>`) or is a serial number, with their highlight colour; none when
 * the label turns highlighting off (highLightExternalData).
 */
export function highlights(doc: LabelDocument, data: DataSource | null, pageIndex: number): Highlight[] {
  if (!doc.highLightExternalData) return [];
  const resolve = pageResolver(doc, data, pageIndex);
  const out: Highlight[] = [];
  doc.children.forEach((el, index) => {
    if (!hasContent(el)) return;
    const binding = resolve(el).binding;
    if (binding === 'data') out.push({ index, color: HIGHLIGHT_COLORS.data });
    else if (binding === 'serial') out.push({ index, color: HIGHLIGHT_COLORS.serial });
  });
  return out;
}

/** What control `el` shows on page `pageIndex` (0-based) with `data`. */
export function pageContent(doc: LabelDocument, data: DataSource | null, pageIndex: number, el: BindableElement): ResolvedContent {
  return pageResolver(doc, data, pageIndex)(el);
}

function pageResolver(doc: LabelDocument, data: DataSource | null, pageIndex: number): (el: BindableElement) => ResolvedContent {
  return contentResolver(contentControls(doc), { pageIndex, data }, (el) => serialDigits(el.kind));
}

/** A column's label in the panel: its letters and header (`B: 名称`), or `[B]` without one. */
export function columnTitle(data: DataSource, column: number): string {
  const name = data.columnNames[column] ?? '';
  return name.trim() !== '' ? `${columnLetters(column)}: ${name}` : bracket(columnLetters(column));
}
