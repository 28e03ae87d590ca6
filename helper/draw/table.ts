/**
 * Table items (JSON `table`): the engine's TABLE grid, then each cell's content as an item
 * of its own (text by default, or any item type), in the cell less the grid line and the
 * padding. The vendor's SDK lays tables out itself before it sends a job; this is the same
 * layout for clients that send the table whole.
 *
 * Fields (the SDK's DrawTableOptions):
 *   tableRows          rows of cells: a text, or an item {type, text, rowSpan, columnSpan,
 *                      margin, ...}; or `cells` in row-major order with `columnCount`
 *   rowCount, columnCount (columns, cols)  default: what tableRows holds
 *   rowHeights, columnWidths  lists (or rowHeight / colWidth texts "8,8,8"): a size above
 *                      1 is mm, a size of 1 or less a share of what the mm sizes leave
 *                      (missing sizes share equally)
 *   groups / group     merged cells: {x: column, y: row, width, height} from 0, or
 *                      "firstRow,firstCol,lastRow,lastCol;..." from 1 (the wdfx form);
 *                      overlapping merges join into one
 *   lineWidth          grid line, mm, default 0.35; 0 draws no grid
 *   cellPadding        space inside each cell, mm
 *   horizontalAlignment, verticalAlignment  default for cells, centre
 *   fontHeight, fontSize, fontStyle, fontName, autoReturn  default for text cells (a text
 *                      cell without a font height gets 0.3 of its cell's height)
 * At most 100 rows and 100 columns (the engine's grid).
 */
import type { BoxMm, PageElement } from '../../src/engine/types.ts';
import { itemBox, sizedToPage, type DrawContext } from './context.ts';
import { ItemFields } from './fields.ts';
import { DEFAULT_LINE_WIDTH_MM } from './shapes.ts';

const MAX_CELLS = 100;
/** Merged area: first row, first column, last row, last column (0-based, inclusive). */
type Merge = [number, number, number, number];

export type ItemCompiler = (type: string, f: ItemFields, ctx: DrawContext) => Promise<PageElement[]>;

export async function tableElements(f: ItemFields, ctx: DrawContext, compile: ItemCompiler): Promise<PageElement[]> {
  const rows = tableRows(f);
  const rowCount = f.number('rowCount', { integer: true, min: 1, max: MAX_CELLS }) ?? rows.length;
  const colCount = f.number(['columnCount', 'columns', 'cols'], { integer: true, min: 1, max: MAX_CELLS }) ?? Math.max(0, ...rows.map((r) => r.length));
  if (rowCount < 1 || colCount < 1) return [];
  if (rowCount > MAX_CELLS || colCount > MAX_CELLS) throw f.fail('tableRows', `holds ${rowCount} x ${colCount} cells; a table has at most ${MAX_CELLS} rows and columns`);
  const box = sizedToPage(itemBox(f), ctx);
  const lineWidthMm = f.has('lineWidth') ? (f.length('lineWidth', 0) ?? 0) : DEFAULT_LINE_WIDTH_MM;
  const rowHeights = shares(sizes(f, ['rowHeights', 'rowHeight']), rowCount, box.heightMm);
  const colWidths = shares(sizes(f, ['columnWidths', 'colWidth', 'colWidths']), colCount, box.widthMm);
  const merges = joined([...groupsOf(f), ...spans(rows)], rowCount, colCount);
  const out: PageElement[] = [];
  if (lineWidthMm > 0) {
    out.push({ kind: 'table', ...box, lineWidthMm, rowHeightsMm: rowHeights, colWidthsMm: colWidths, merges: merges.length ? merges : undefined });
  }
  const padding = f.length('cellPadding', 0) ?? 0;
  const hAlign = f.number(['horizontalAlignment', 'horAlignment'], { integer: true, min: 0, max: 4 }) ?? 1;
  const vAlign = f.number(['verticalAlignment', 'verAlignment'], { integer: true, min: 0, max: 4 }) ?? 1;
  const y0 = prefix(rowHeights);
  const x0 = prefix(colWidths);
  for (let r = 0; r < rowCount; r++) {
    for (let c = 0; c < colCount; c++) {
      const merge = merges.find((m) => r >= m[0] && r <= m[2] && c >= m[1] && c <= m[3]);
      if (merge && (merge[0] !== r || merge[1] !== c)) continue;
      const cell = rows[r]?.[c];
      if (cell === undefined || cell === null || cell === '') continue;
      const [lastR, lastC] = merge ? [merge[2], merge[3]] : [r, c];
      const cellBox: BoxMm = { xMm: box.xMm + x0[c]!, yMm: box.yMm + y0[r]!, widthMm: x0[lastC + 1]! - x0[c]!, heightMm: y0[lastR + 1]! - y0[r]! };
      const own = typeof cell === 'object' ? (cell as Record<string, unknown>) : { text: String(cell) };
      const margin = typeof own.margin === 'number' ? own.margin * f.mmPerUnit : 0;
      const inset = lineWidthMm / 2 + padding + margin;
      const inner = { xMm: cellBox.xMm + inset, yMm: cellBox.yMm + inset, widthMm: cellBox.widthMm - 2 * inset, heightMm: cellBox.heightMm - 2 * inset };
      if (inner.widthMm <= 0 || inner.heightMm <= 0) continue;
      const type = typeof own.type === 'string' && own.type !== '' ? own.type : 'text';
      const fields = cellFields(f, own, inner, hAlign, vAlign, `${f.where} cell ${r + 1},${c + 1}`);
      out.push(...(await compile(type, fields, ctx)));
    }
  }
  return out;
}

/** A cell's fields: the table's text defaults, the cell's own, its box (in the item's unit). */
function cellFields(f: ItemFields, own: Record<string, unknown>, inner: BoxMm, hAlign: number, vAlign: number, where: string): ItemFields {
  const unit = f.mmPerUnit;
  const inherited: Record<string, unknown> = {
    horizontalAlignment: hAlign,
    verticalAlignment: vAlign,
    fontHeight: f.raw('fontHeight') ?? (f.has('fontSize') ? undefined : (0.3 * inner.heightMm) / unit),
    fontSize: f.raw('fontSize'),
    fontStyle: f.raw('fontStyle'),
    fontName: f.raw('fontName'),
    autoReturn: f.raw('autoReturn'),
  };
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(inherited)) if (v !== undefined) fields[k] = v;
  for (const [k, v] of Object.entries(own)) if (k !== 'rowSpan' && k !== 'columnSpan' && k !== 'colSpan' && k !== 'margin' && k !== 'type') fields[k] = v;
  if (own.content !== undefined && own.text === undefined) fields.text = own.content;
  Object.assign(fields, { x: inner.xMm / unit, y: inner.yMm / unit, width: inner.widthMm / unit, height: inner.heightMm / unit });
  return ItemFields.fromObject(fields, unit, where);
}

function tableRows(f: ItemFields): unknown[][] {
  const rows = f.raw('tableRows', 'rows');
  if (Array.isArray(rows)) {
    return rows.map((row, i) => {
      if (!Array.isArray(row)) throw f.fail('tableRows', `row ${i + 1} must be a list of cells`);
      return row;
    });
  }
  const cells = f.raw('cells');
  if (Array.isArray(cells)) {
    const cols = f.number(['columnCount', 'columns', 'cols'], { integer: true, min: 1, max: MAX_CELLS });
    if (cols === undefined) throw f.fail('cells', 'need columnCount to be read as rows');
    const out: unknown[][] = [];
    for (let i = 0; i < cells.length; i += cols) out.push(cells.slice(i, i + cols));
    return out;
  }
  if (rows !== undefined && typeof rows !== 'number') throw f.fail('tableRows', 'must be a list of rows');
  return [];
}

function sizes(f: ItemFields, names: string[]): number[] {
  const raw = f.raw(...names);
  if (raw === undefined) return [];
  const list = Array.isArray(raw) ? raw : String(raw).split(',').filter((s) => s.trim() !== '');
  return list.map((v) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) throw f.fail(names[0]!, `must be sizes of 0 or more, got '${String(v)}'`);
    return n;
  });
}

/**
 * `count` sizes in mm filling `total`: listed sizes above 1 are mm (as sent: JSON mm),
 * the others (and missing ones, 0.5 each) share what is left in proportion.
 */
function shares(listed: number[], count: number, total: number): number[] {
  const values = Array.from({ length: count }, (_, i) => {
    const v = listed[i] ?? listed[listed.length - 1] ?? 0.5;
    return v > 0 ? v : 0.5;
  });
  const fixed = values.filter((v) => v > 1).reduce((a, b) => a + b, 0);
  const share = values.filter((v) => v <= 1).reduce((a, b) => a + b, 0);
  if (share > 0) return values.map((v) => (v > 1 ? v : (Math.max(0, total - fixed) * v) / share));
  return values.map((v) => (v * total) / fixed);
}

function prefix(sizes: number[]): number[] {
  const out = [0];
  for (const s of sizes) out.push(out[out.length - 1]! + s);
  return out;
}

function groupsOf(f: ItemFields): Merge[] {
  const raw = f.raw('groups', 'group');
  if (raw === undefined) return [];
  if (typeof raw === 'string') {
    return raw.split(';').filter((g) => g.trim() !== '').map((g) => {
      const n = g.split(',').map((p) => Number(p.trim()));
      if (n.length !== 4 || n.some((v) => !Number.isInteger(v) || v < 1)) throw f.fail('group', `'${g}' is not firstRow,firstCol,lastRow,lastCol (from 1)`);
      return [n[0]! - 1, n[1]! - 1, n[2]! - 1, n[3]! - 1] as Merge;
    });
  }
  if (!Array.isArray(raw)) throw f.fail('groups', 'must be a list of {x, y, width, height}');
  return raw.map((g) => {
    const o = g as Record<string, unknown>;
    const [x, y, w, h] = [o.x, o.y, o.width, o.height].map((v) => (typeof v === 'number' ? v : Number(v ?? 0)));
    if (![x, y, w, h].every((v) => Number.isInteger(v) && v! >= 0)) throw f.fail('groups', 'entries must be whole {x, y, width, height} cells');
    return [y!, x!, y! + Math.max(1, h!) - 1, x! + Math.max(1, w!) - 1] as Merge;
  });
}

function spans(rows: unknown[][]): Merge[] {
  const out: Merge[] = [];
  rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (typeof cell !== 'object' || cell === null) return;
      const o = cell as Record<string, unknown>;
      const rs = Number(o.rowSpan ?? 1);
      const cs = Number(o.columnSpan ?? o.colSpan ?? 1);
      if (rs > 1 || cs > 1) out.push([r, c, r + Math.max(1, Math.floor(rs)) - 1, c + Math.max(1, Math.floor(cs)) - 1]);
    }),
  );
  return out;
}

/** Merges clipped to the grid, overlapping ones joined into their union, single cells dropped. */
function joined(list: Merge[], rows: number, cols: number): Merge[] {
  const merges = list.map((m) => [Math.min(m[0], rows - 1), Math.min(m[1], cols - 1), Math.min(m[2], rows - 1), Math.min(m[3], cols - 1)] as Merge);
  let changed = true;
  while (changed) {
    changed = false;
    outer: for (let i = 0; i < merges.length; i++) {
      for (let j = i + 1; j < merges.length; j++) {
        const a = merges[i]!;
        const b = merges[j]!;
        if (a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3]) {
          merges[i] = [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
          merges.splice(j, 1);
          changed = true;
          break outer;
        }
      }
    }
  }
  return merges.filter((m) => m[2] > m[0] || m[3] > m[1]);
}
