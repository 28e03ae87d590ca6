/**
 * Table control (spec sections 3-5, Table; tag `<Table>` with `<Cell>` children in
 * row-major order): rows (default 2) by cols (default 3), at most 30 each and at least 1;
 * row heights and column widths as comma-separated mm lists (default 5 and 8, each at
 * least 0.5); merged cells in `group` as `r1,c1,r2,c2;...` (0-based, inclusive corners);
 * line width 0.5, at least 0.25.
 *
 * The lists are the truth: the table's width and height are their sums. A file whose
 * lists do not match rows and cols gets equal shares of its width and height (or the
 * defaults). Merges outside the grid, of a single cell, or overlapping an earlier merge
 * are dropped. The editing operations below follow spec sections 4 and 5 and return null
 * when the spec refuses the change.
 */
import { int, mmList, DEFAULT_CONTEXT, attributesOf, inputFromAttributes, type Field, type SchemaContext, type Values } from '../schema.ts';
import { round3 } from '../units.ts';
import { boxFields, MAX_MM, textStyle } from './common.ts';
import { CELL_MARGIN_H, CELL_MARGIN_V, CELL_MIN, CELL_TAG, cellFields, normalizeCell, type CellElement } from './cell.ts';
import { defineKind } from './kind.ts';
import { attributeMap } from '../xml/tree.ts';
import { element } from '../xml/writer.ts';

export const TABLE_MAX = 30;
export const TABLE_LINE_MIN = 0.25;
export const DEFAULT_COL_WIDTH = 8;
export const DEFAULT_ROW_HEIGHT = 5;

/** A merged area: first row, first column, last row, last column (0-based, inclusive). */
export type Merge = [r1: number, c1: number, r2: number, c2: number];

const mergesField: Field<Merge[]> = {
  default: () => [],
  xml: 'group',
  parse(raw) {
    const items: unknown[] | undefined = Array.isArray(raw)
      ? raw
      : typeof raw === 'string'
        ? raw.split(';').map((s) => s.trim()).filter((s) => s !== '').map((s) => s.split(','))
        : undefined;
    if (!items || items.length > TABLE_MAX * TABLE_MAX) return undefined;
    const out: Merge[] = [];
    for (const it of items) {
      if (!Array.isArray(it) || it.length !== 4) return undefined;
      const n = it.map((v) => (typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN));
      if (n.some((v) => !Number.isInteger(v) || v < 0)) return undefined;
      out.push([Math.min(n[0]!, n[2]!), Math.min(n[1]!, n[3]!), Math.max(n[0]!, n[2]!), Math.max(n[1]!, n[3]!)]);
    }
    return out;
  },
  format: (v) => v.map((m) => m.join(',')).join(';'),
};

const cellsField: Field<CellElement[]> = {
  default: () => [],
  xml: false,
  parse: (raw) => (Array.isArray(raw) ? (raw as CellElement[]) : undefined),
  format: () => '',
};

export const tableFields = {
  rows: int(2, { min: 1, max: TABLE_MAX }),
  cols: int(3, { min: 1, max: TABLE_MAX }),
  // Without lists, a table is cols x 8 by rows x 5 mm.
  ...boxFields({
    width: (_ctx, e) => (e.cols as number) * DEFAULT_COL_WIDTH,
    height: (_ctx, e) => (e.rows as number) * DEFAULT_ROW_HEIGHT,
    lineWidth: 0.5,
    lineWidthMin: TABLE_LINE_MIN,
  }),
  rowHeight: mmList({ min: CELL_MIN, max: MAX_MM }),
  colWidth: mmList({ min: CELL_MIN, max: MAX_MM }),
  group: mergesField,
  cells: cellsField,
};

type TableValues = Values<typeof tableFields>;

/** `list` with exactly `n` entries: as given, or `total` shared equally, or padded with `def`. */
function fitList(list: number[], n: number, total: number, def: number): number[] {
  if (list.length === n) return list;
  if (list.length > n) return list.slice(0, n);
  if (list.length === 0) {
    const share = round3(total / n);
    if (share < CELL_MIN) return new Array<number>(n).fill(def);
    const out = new Array<number>(n).fill(share);
    out[n - 1] = round3(Math.max(CELL_MIN, total - share * (n - 1)));
    return out;
  }
  return [...list, ...new Array<number>(n - list.length).fill(def)];
}

function sum(list: readonly number[], from = 0, to = list.length): number {
  let s = 0;
  for (let i = from; i < to; i++) s += list[i]!;
  return round3(s);
}

function overlaps(a: Merge, b: Merge): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

function inside(inner: Merge, outer: Merge): boolean {
  return inner[0] >= outer[0] && inner[2] <= outer[2] && inner[1] >= outer[1] && inner[3] <= outer[3];
}

function validMerges(merges: Merge[], rows: number, cols: number): Merge[] {
  const out: Merge[] = [];
  for (const m of merges) {
    if (m[2] >= rows || m[3] >= cols) continue;
    if (m[0] === m[2] && m[1] === m[3]) continue;
    if (out.some((k) => overlaps(k, m))) continue;
    out.push(m);
  }
  return out;
}

function finishTable<T extends TableValues>(v: T, ctx: SchemaContext): T {
  const colWidth = fitList(v.colWidth, v.cols, v.width, DEFAULT_COL_WIDTH);
  const rowHeight = fitList(v.rowHeight, v.rows, v.height, DEFAULT_ROW_HEIGHT);
  const n = v.rows * v.cols;
  const cells: CellElement[] = [];
  for (let i = 0; i < n; i++) cells.push(normalizeCell((v.cells[i] ?? {}) as Record<string, unknown>, ctx));
  return {
    ...v,
    colWidth,
    rowHeight,
    width: sum(colWidth),
    height: sum(rowHeight),
    group: validMerges(v.group, v.rows, v.cols),
    cells,
  };
}

export const tableKind = defineKind({
  kind: 'table',
  tag: 'Table',
  tags: ['table'],
  fields: tableFields,
  finish: finishTable,
  minSize: (el) => ({ width: el.cols * CELL_MIN, height: el.rows * CELL_MIN }),
  children: {
    read(children, input, ctx, issues) {
      for (const c of children) if (c.name.toLowerCase() !== CELL_TAG.toLowerCase()) issues.push({ code: 'label.unknownElement', params: { tag: c.name } });
      const cells = children
        .filter((c) => c.name.toLowerCase() === CELL_TAG.toLowerCase())
        .map((c) =>
          normalizeCell(inputFromAttributes(cellFields, attributeMap(c)), ctx, (attribute, value) =>
            issues.push({ code: 'label.invalidValue', params: { tag: c.name, attribute, value: String(value).slice(0, 80) } }),
          ),
        );
      return { ...input, cells };
    },
    write: (el) => el.cells.map((c) => element(CELL_TAG, attributesOf(cellFields, c))),
  },
  pageInfoLevel: 20,
  serialDigits: 15,
  resolve(el, env) {
    const cells = [];
    for (let r = 0; r < el.rows; r++) {
      for (let c = 0; c < el.cols; c++) {
        const m = mergeAt(el, r, c);
        if (m && (m[0] !== r || m[1] !== c)) continue;
        const rowSpan = m ? m[2] - m[0] + 1 : 1;
        const colSpan = m ? m[3] - m[1] + 1 : 1;
        const cell = el.cells[r * el.cols + c]!;
        const content = env.content(cell);
        cells.push({
          row: r,
          col: c,
          rowSpan,
          colSpan,
          /** Label mm before the table's rotation. */
          box: {
            xMm: round3(el.x + sum(el.colWidth, 0, c)),
            yMm: round3(el.y + sum(el.rowHeight, 0, r)),
            widthMm: sum(el.colWidth, c, c + colSpan),
            heightMm: sum(el.rowHeight, r, r + rowSpan),
          },
          marginHMm: CELL_MARGIN_H,
          marginVMm: CELL_MARGIN_V,
          text: content.text,
          binding: content.binding,
          unresolved: content.unresolved,
          style: textStyle(cell),
        });
      }
    }
    return { lineWidthMm: el.lineWidth, rowHeights: el.rowHeight, colWidths: el.colWidth, merges: el.group, cells };
  },
});

export type TableElement = { kind: 'table' } & TableValues;

// ---------------------------------------------------------------------------------------
// Editing (spec sections 4 and 5). Each returns a new table, or null when refused.

/** The merged area holding cell (r, c), if any. */
export function mergeAt(t: Pick<TableElement, 'group'>, r: number, c: number): Merge | undefined {
  return t.group.find((m) => r >= m[0] && r <= m[2] && c >= m[1] && c <= m[3]);
}

/** A new empty cell styled like `like`. */
function blankCell(like: CellElement | undefined): CellElement {
  const style = like
    ? { fontName: like.fontName, fontHeight: like.fontHeight, fontStyle: like.fontStyle, horAlignment: like.horAlignment, verAlignment: like.verAlignment }
    : {};
  return normalizeCell(style, DEFAULT_CONTEXT);
}

function withGrid<T extends TableElement>(t: T, patch: Partial<TableElement>): T {
  const next = { ...t, ...patch };
  return { ...next, width: sum(next.colWidth), height: sum(next.rowHeight) };
}

function shiftMerges(group: Merge[], axis: 0 | 1, index: number, delta: 1 | -1): Merge[] {
  const a = axis; // 0: rows (r1 at 0, r2 at 2); 1: columns (c1 at 1, c2 at 3)
  const out: Merge[] = [];
  for (const m0 of group) {
    const m = [...m0] as Merge;
    if (delta === 1) {
      if (m[a] >= index) (m[a] += 1), (m[a + 2] += 1);
      else if (m[a + 2] >= index) m[a + 2] += 1;
    } else {
      if (m[a + 2] < index) {
        /* before: unchanged */
      } else if (m[a] > index) (m[a] -= 1), (m[a + 2] -= 1);
      else if (m[a] === m[a + 2]) continue; // the merge's only row/column is deleted
      else m[a + 2] -= 1;
    }
    if (m[0] === m[2] && m[1] === m[3]) continue;
    out.push(m);
  }
  return out;
}

/** Inserts an empty row before row `index` (0..rows); it takes the neighbouring row's height. */
export function insertRow<T extends TableElement>(t: T, index: number): T | null {
  if (!Number.isInteger(index) || index < 0 || index > t.rows || t.rows >= TABLE_MAX) return null;
  const near = Math.min(index, t.rows - 1);
  const cells = [...t.cells];
  const fresh = Array.from({ length: t.cols }, (_, c) => blankCell(t.cells[near * t.cols + c]));
  cells.splice(index * t.cols, 0, ...fresh);
  const rowHeight = [...t.rowHeight];
  rowHeight.splice(index, 0, t.rowHeight[near]!);
  return withGrid(t, { rows: t.rows + 1, rowHeight, cells, group: shiftMerges(t.group, 0, index, 1) });
}

/** Deletes row `index`; at least one row remains. */
export function deleteRow<T extends TableElement>(t: T, index: number): T | null {
  if (!Number.isInteger(index) || index < 0 || index >= t.rows || t.rows <= 1) return null;
  const cells = [...t.cells];
  cells.splice(index * t.cols, t.cols);
  const rowHeight = t.rowHeight.filter((_, i) => i !== index);
  return withGrid(t, { rows: t.rows - 1, rowHeight, cells, group: shiftMerges(t.group, 0, index, -1) });
}

/** Inserts an empty column before column `index` (0..cols); it takes the neighbour's width. */
export function insertColumn<T extends TableElement>(t: T, index: number): T | null {
  if (!Number.isInteger(index) || index < 0 || index > t.cols || t.cols >= TABLE_MAX) return null;
  const near = Math.min(index, t.cols - 1);
  const cells: CellElement[] = [];
  for (let r = 0; r < t.rows; r++) {
    const row = t.cells.slice(r * t.cols, (r + 1) * t.cols);
    row.splice(index, 0, blankCell(row[near]));
    cells.push(...row);
  }
  const colWidth = [...t.colWidth];
  colWidth.splice(index, 0, t.colWidth[near]!);
  return withGrid(t, { cols: t.cols + 1, colWidth, cells, group: shiftMerges(t.group, 1, index, 1) });
}

/** Deletes column `index`; at least one column remains. */
export function deleteColumn<T extends TableElement>(t: T, index: number): T | null {
  if (!Number.isInteger(index) || index < 0 || index >= t.cols || t.cols <= 1) return null;
  const cells = t.cells.filter((_, i) => i % t.cols !== index);
  const colWidth = t.colWidth.filter((_, i) => i !== index);
  return withGrid(t, { cols: t.cols - 1, colWidth, cells, group: shiftMerges(t.group, 1, index, -1) });
}

/** Sets the row count (rows added or removed at the end); 0 or less is ignored, 30 at most. */
export function setRowCount<T extends TableElement>(t: T, n: number): T {
  if (!(n > 0)) return t;
  let out = t;
  const target = Math.min(Math.floor(n), TABLE_MAX);
  while (out.rows < target) out = insertRow(out, out.rows)!;
  while (out.rows > target) out = deleteRow(out, out.rows - 1)!;
  return out;
}

/** Sets the column count (columns added or removed at the end); 0 or less is ignored, 30 at most. */
export function setColumnCount<T extends TableElement>(t: T, n: number): T {
  if (!(n > 0)) return t;
  let out = t;
  const target = Math.min(Math.floor(n), TABLE_MAX);
  while (out.cols < target) out = insertColumn(out, out.cols)!;
  while (out.cols > target) out = deleteColumn(out, out.cols - 1)!;
  return out;
}

/**
 * Merges the cells between two corners: at least 2 cells of this table, and no existing
 * merged area may overlap the new one partially (areas wholly inside it are absorbed).
 */
export function mergeCells<T extends TableElement>(t: T, r1: number, c1: number, r2: number, c2: number): T | null {
  const m: Merge = [Math.min(r1, r2), Math.min(c1, c2), Math.max(r1, r2), Math.max(c1, c2)];
  if (!m.every(Number.isInteger) || m[0] < 0 || m[1] < 0 || m[2] >= t.rows || m[3] >= t.cols) return null;
  if (m[0] === m[2] && m[1] === m[3]) return null;
  const kept: Merge[] = [];
  for (const k of t.group) {
    if (inside(k, m)) continue;
    if (overlaps(k, m)) return null;
    kept.push(k);
  }
  return { ...t, group: [...kept, m] };
}

/** Breaks the merged area holding cell (r, c); refused when the cell is not merged. */
export function splitCell<T extends TableElement>(t: T, r: number, c: number): T | null {
  const m = mergeAt(t, r, c);
  return m ? { ...t, group: t.group.filter((k) => k !== m) } : null;
}

/** Resizes the table, scaling row heights and column widths proportionally. */
export function resizeTable<T extends TableElement>(t: T, width: number, height: number): T {
  const sx = width > 0 ? width / t.width : 1;
  const sy = height > 0 ? height / t.height : 1;
  const colWidth = t.colWidth.map((w) => round3(Math.max(CELL_MIN, w * sx)));
  const rowHeight = t.rowHeight.map((h) => round3(Math.max(CELL_MIN, h * sy)));
  return withGrid(t, { colWidth, rowHeight });
}

/** The cell at (r, c). */
export function cellAt(t: TableElement, r: number, c: number): CellElement | undefined {
  return r >= 0 && c >= 0 && r < t.rows && c < t.cols ? t.cells[r * t.cols + c] : undefined;
}

