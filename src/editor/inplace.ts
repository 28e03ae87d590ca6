/**
 * In-place typing of a control's content (label-editor.md section 2), without React: which
 * controls the user types into (text, arc text, barcode, 2D code, a table's cell), the
 * spec's key rules (Enter adds a newline, Tab adds four spaces, EAN-13 / EAN-8 take only
 * digits, backspace always allowed), the empty-text hint, and the document after a commit.
 *
 * Content bound to data is typed like this (the editor's decision; the spec says nothing):
 * - a serial number (contentType 1): the user types the template, e.g. `A-001`; its last
 *   run of digits is the page-1 value that steps per page, so typing edits exactly that;
 * - a data column (contentType 2): the editor opens on the column's placeholder `[name]`.
 *   Left as it is, nothing changes; any other text becomes typed content (contentType 0),
 *   which ends the binding in the same single undo step (undo binds it again).
 */
import { bracket, hasContent } from '../label/binding/content.ts';
import type { LabelElement } from '../label/elements/index.ts';
import { mergeAt, type TableElement } from '../label/elements/table.ts';
import { columnLetters } from '../label/columns.ts';

/** What Tab inserts (spec section 2: four spaces; focus stays in the editor). */
export const TAB_TEXT = '    ';
/** Longest content a control keeps, characters (the schema's text limit). */
export const MAX_CONTENT_LENGTH = 65_536;

/** Where the typing goes: a control, or one cell (row, col, 0-based) of a table control. */
export interface TypingTarget {
  index: number;
  cell?: { row: number; col: number };
}

/** How the typed text is restricted. */
export interface TypingRule {
  /** EAN-13 / EAN-8: digits only (spec section 2). */
  digitsOnly: boolean;
  /** Most characters the content may have. */
  maxLength: number;
  /** Enter adds a newline (texts, 2D codes, cells); a linear barcode is one line. */
  multiline: boolean;
}

/** Digits an EAN content may have: 12 / 7 plus the optional check digit (section 5). */
const EAN_DIGITS: Readonly<Record<string, number>> = { ean13: 13, ean8: 8 };

/** Kinds whose content the user types (date and pictures are set in the property panel). */
export const TYPED_KINDS: readonly string[] = ['text', 'arctext', 'barcode', 'qrcode'];

type ContentHolder = { content: string; contentType: number; dataColumnName: string; dataColumn: number };

/** The cell holding grid position (row, col): a merged area's first cell stands for it. */
export function cellIndex(t: Pick<TableElement, 'rows' | 'cols' | 'group'>, row: number, col: number): number | null {
  if (!Number.isInteger(row) || !Number.isInteger(col) || row < 0 || col < 0 || row >= t.rows || col >= t.cols) return null;
  const m = mergeAt(t, row, col);
  return m ? m[0] * t.cols + m[1] : row * t.cols + col;
}

/** The element whose content is typed at `target`, or null when it takes no typing. */
function holderOf(el: LabelElement | undefined, target: TypingTarget): ContentHolder | null {
  if (!el) return null;
  if (el.kind === 'table') {
    if (!target.cell) return null;
    const i = cellIndex(el, target.cell.row, target.cell.col);
    return i === null ? null : (el.cells[i] ?? null);
  }
  if (target.cell || !TYPED_KINDS.includes(el.kind) || !hasContent(el)) return null;
  return el as unknown as ContentHolder;
}

/** Whether double-clicking `target` opens the in-place editor. */
export function canType(el: LabelElement | undefined, target: TypingTarget): boolean {
  return holderOf(el, target) !== null;
}

export function typingRule(el: LabelElement): TypingRule {
  if (el.kind === 'barcode') {
    const digits = EAN_DIGITS[el.type];
    return digits ? { digitsOnly: true, maxLength: digits, multiline: false } : { digitsOnly: false, maxLength: MAX_CONTENT_LENGTH, multiline: false };
  }
  return { digitsOnly: false, maxLength: MAX_CONTENT_LENGTH, multiline: true };
}

/** What the editor opens with: the text and how the content is bound. */
export interface TypingStart {
  text: string;
  binding: 'input' | 'serial' | 'data';
}

function columnName(h: ContentHolder): string {
  return h.dataColumnName.trim() !== '' ? h.dataColumnName : columnLetters(h.dataColumn - 1);
}

export function typingStart(el: LabelElement | undefined, target: TypingTarget): TypingStart | null {
  const h = holderOf(el, target);
  if (!h) return null;
  if (h.contentType === 2) return { text: bracket(columnName(h)), binding: 'data' };
  return { text: h.content, binding: h.contentType === 1 ? 'serial' : 'input' };
}

/** What a key press in the editor does. `insert` replaces the selection with its text. */
export type KeyAction = { do: 'commit' } | { do: 'cancel' } | { do: 'insert'; text: string } | { do: 'block' } | { do: 'default' };

export interface KeyPress {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
  /** An IME is composing (Chinese input): its keys belong to the IME. */
  isComposing?: boolean;
}

/**
 * The spec's key rules: Escape cancels, Ctrl+Enter commits, Enter adds a newline (a linear
 * barcode, one line, commits), Tab adds four spaces and keeps the focus; an EAN barcode
 * refuses every printable key but a digit. Editing and moving keys (Backspace, Delete,
 * arrows, Home, End) and shortcuts (Ctrl+A, Ctrl+C, Ctrl+V: pasted text is filtered by
 * `insertTyped`) keep their default.
 */
export function keyAction(k: KeyPress, rule: TypingRule): KeyAction {
  if (k.isComposing) return { do: 'default' };
  const ctrl = !!(k.ctrlKey || k.metaKey);
  if (k.key === 'Escape') return { do: 'cancel' };
  if (k.key === 'Enter') {
    if (ctrl || !rule.multiline) return { do: 'commit' };
    return rule.digitsOnly ? { do: 'block' } : { do: 'insert', text: '\n' };
  }
  if (k.key === 'Tab') return rule.digitsOnly ? { do: 'block' } : { do: 'insert', text: TAB_TEXT };
  // A printable character (one code point) typed without Ctrl / Cmd.
  if (!ctrl && [...k.key].length === 1 && rule.digitsOnly && !/^[0-9]$/.test(k.key)) return { do: 'block' };
  return { do: 'default' };
}

/** `text` as the rule lets it in: digits only for EAN, newlines dropped on one line. */
export function filterTyped(text: string, rule: TypingRule): string {
  if (rule.digitsOnly) return text.replace(/[^0-9]/g, '');
  return rule.multiline ? text.replace(/\r\n?/g, '\n') : text.replace(/[\r\n]+/g, '');
}

export interface TypedText {
  value: string;
  /** Caret after the insertion (UTF-16 index, as a textarea counts). */
  caret: number;
  /** Part of the insertion was dropped: over the length limit or not allowed. */
  refused: boolean;
}

/**
 * `value` with the range [start, end) replaced by `insert` (a key's text or a paste),
 * filtered by the rule and cut so the content stays within its length (counted in
 * characters, i.e. code points, so a Chinese character or an emoji is one).
 */
export function insertTyped(value: string, start: number, end: number, insert: string, rule: TypingRule): TypedText {
  const a = Math.max(0, Math.min(start, end, value.length));
  const b = Math.min(value.length, Math.max(start, end, 0));
  const clean = filterTyped(insert, rule);
  const kept = [...value.slice(0, a)].length + [...value.slice(b)].length;
  const room = Math.max(0, rule.maxLength - kept);
  const chars = [...clean];
  const put = chars.slice(0, room).join('');
  return { value: value.slice(0, a) + put + value.slice(b), caret: a + put.length, refused: put.length < insert.length };
}

/** Whether the overlay shows the hint "Double-click to enter content" on `el`: a text
 * control with no typed content (spec section 2). Never part of the raster. */
export function showsEmptyHint(el: LabelElement): boolean {
  return el.kind === 'text' && el.contentType === 0 && el.content === '';
}

/**
 * The document's control after committing `text` typed at `target` (null: nothing to
 * change). `apply` normalises a control's new content fields (updateElement).
 */
export function committed(
  el: LabelElement,
  target: TypingTarget,
  text: string,
  apply: (el: LabelElement, patch: Record<string, unknown>) => LabelElement,
): LabelElement | null {
  const start = typingStart(el, target);
  if (!start || text === start.text) return null;
  const patch = start.binding === 'data' ? { content: text, contentType: 0 } : { content: text };
  if (el.kind === 'table') {
    const i = cellIndex(el, target.cell!.row, target.cell!.col)!;
    const cells = [...el.cells];
    const cell = cells[i]!;
    cells[i] = { ...cell, content: text, contentType: start.binding === 'data' ? 0 : cell.contentType };
    return { ...el, cells };
  }
  const next = apply(el, patch);
  return next === el ? null : next;
}
