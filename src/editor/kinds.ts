/**
 * The toolbox entries beyond the first slice's (label-editor.md sections 3 and 5): arc text,
 * picture, logo, table and the 2D types Data Matrix, PDF417 and Grid Matrix (a 2D code
 * control, kind `qrcode`, with its `type`), each inserted with the kind's defaults (the
 * spec's size and content) at the first free position; the picture a file chooses, embedded
 * as a data URL; and the table's row and column counts, which rebuild its grid.
 */
import { contextOf, type LabelDocument } from '../label/label.ts';
import { createElement, type ElementKind, type LabelElement } from '../label/elements/index.ts';
import { setColumnCount, setRowCount, TABLE_MAX, type TableElement } from '../label/elements/table.ts';
import type { Code2DType } from '../label/elements/qrcode.ts';
import { embeddedMime, encodeBase64, normalizeEmbedded } from '../label/embedded.ts';
import { MAX_PIXELS, pictureSize } from '../render/images.ts';
import { checkNumber, type NumberCheck } from './fields.ts';
import { freePosition } from './edit.ts';
import type { EditorModel } from './model.ts';

export type ToolId = 'arctext' | 'picture' | 'logo' | 'table' | Exclude<Code2DType, 'qrcode'>;

export interface Tool {
  id: ToolId;
  kind: ElementKind;
  /** Fields the control starts with besides its kind's defaults (a 2D code's type). */
  props: Readonly<Record<string, unknown>>;
  /** The control needs a picture file first (picture, logo). */
  picture: boolean;
}

/** In the toolbox's order. */
export const MORE_TOOLS: readonly Tool[] = [
  { id: 'datamatrix', kind: 'qrcode', props: { type: 'datamatrix' }, picture: false },
  { id: 'pdf417', kind: 'qrcode', props: { type: 'pdf417' }, picture: false },
  { id: 'gridmatrix', kind: 'qrcode', props: { type: 'gridmatrix' }, picture: false },
  { id: 'arctext', kind: 'arctext', props: {}, picture: false },
  { id: 'picture', kind: 'picture', props: {}, picture: true },
  { id: 'logo', kind: 'logo', props: {}, picture: true },
  { id: 'table', kind: 'table', props: {}, picture: false },
];

/**
 * The document with a new control of `kind` with `props` at the first free position from
 * the label's top-left corner (spec section 5: never on an occupied position), and its
 * index; null when no position is free.
 */
export function insertElement(doc: LabelDocument, kind: ElementKind, props: Readonly<Record<string, unknown>>, locale: string): { doc: LabelDocument; index: number } | null {
  const at = freePosition(doc, 0, 0);
  if (!at) return null;
  const el = createElement(kind, { ...props, x: at[0], y: at[1] }, contextOf(doc, locale));
  return { doc: { ...doc, children: [...doc.children, el] }, index: doc.children.length };
}

/** Inserts `tool`'s control (with `extra` fields, e.g. a picture) as one undo step and
 * selects it; false when the label has no free position (or is protected). */
export function insertTool(model: EditorModel, tool: Tool, extra: Readonly<Record<string, unknown>> = {}): boolean {
  let index = -1;
  const applied = model.edit(`insert ${tool.id}`, (doc) => {
    const r = insertElement(doc, tool.kind, { ...tool.props, ...extra }, model.locale);
    if (!r) return doc;
    index = r.index;
    return r.doc;
  });
  if (!applied) return false;
  model.setSelection([index]);
  return true;
}

/** Largest picture file embedded, bytes: it travels inside the .wdfx as base64. */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;

export type PictureCheck = { ok: true; dataUrl: string; width: number; height: number } | { ok: false; reason: 'notPicture' | 'tooLarge'; maxMb: number };

/**
 * A picture file's bytes as the data URL a picture or logo control embeds (spec section 5:
 * picture content becomes an embedded image). Only PNG and JPEG are taken, the formats
 * every renderer of ours decodes (the browser's and Node's, so the CLI prints it too), and
 * only within the renderer's pixel limit; the type comes from the bytes, not the file name.
 */
export function pictureDataUrl(bytes: Uint8Array): PictureCheck {
  const maxMb = MAX_PICTURE_BYTES / 1048576;
  if (bytes.length > MAX_PICTURE_BYTES) return { ok: false, reason: 'tooLarge', maxMb };
  const size = pictureSize(bytes);
  if (!size || (size.format !== 'png' && size.format !== 'jpeg') || size.width < 1 || size.height < 1) return { ok: false, reason: 'notPicture', maxMb };
  if (size.width * size.height > MAX_PIXELS) return { ok: false, reason: 'tooLarge', maxMb };
  // Bare base64 is recognised by its first bytes (label/embedded.ts), as a file's would be.
  const dataUrl = normalizeEmbedded(encodeBase64(bytes));
  if (!dataUrl || !embeddedMime(dataUrl)?.startsWith('image/')) return { ok: false, reason: 'notPicture', maxMb };
  return { ok: true, dataUrl, width: size.width, height: size.height };
}

/** A whole number typed into a count field (table rows and columns), within [min, max]. */
export function checkInteger(text: string, min: number, max: number): NumberCheck {
  const n = checkNumber(text, min, max);
  return n.ok && !Number.isInteger(n.value) ? { ok: false, min, max } : n;
}

/** The range of a table's row and column counts (spec section 5). */
export const TABLE_COUNT = { min: 1, max: TABLE_MAX } as const;

/** The table with `rows` rows and `cols` columns (added or removed at the end, new cells
 * styled as their neighbours); the same table when both are already so. */
export function resizeGrid(el: TableElement, rows: number, cols: number): TableElement {
  return setColumnCount(setRowCount(el, rows), cols);
}

/** Whether a control is a table (narrowing for the panel). */
export function isTable(el: LabelElement): el is Extract<LabelElement, { kind: 'table' }> {
  return el.kind === 'table';
}
