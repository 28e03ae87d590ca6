/**
 * Table cell (spec section 3, Table; tag `<Cell>`): the text of one grid position. Cells
 * live only inside a table, in row-major order; their box comes from the table's row
 * heights and column widths. Cells are locked, centred by default and never rotated; text
 * keeps 1 mm from the left and right edges and 0 from top and bottom.
 */
import { normalizeFields, type SchemaContext, type Values } from '../schema.ts';
import { contentFields, fontFields } from './common.ts';

export const CELL_MARGIN_H = 1;
export const CELL_MARGIN_V = 0;
/** Spec section 5: a cell is at least 0.5 by 0.5 mm. */
export const CELL_MIN = 0.5;

export const cellFields = {
  ...contentFields({ content: '', serialDigits: 15, horAlignment: 1, verAlignment: 1 }),
  ...fontFields({ fontPt: 7 }),
};

/** A cell's text settings, which the editor sets on several cells at once (never their content). */
export const CELL_TEXT_KEYS = ['fontName', 'fontHeight', 'fontStyle', 'charSpace', 'lineSpace', 'autoReturn', 'verDisplay', 'horAlignment', 'verAlignment'] as const;

export type CellElement = { kind: 'cell' } & Values<typeof cellFields>;

export const CELL_TAG = 'Cell';

export function normalizeCell(input: Readonly<Record<string, unknown>>, ctx: SchemaContext, onInvalid?: (key: string, raw: unknown) => void): CellElement {
  return { kind: 'cell', ...normalizeFields(cellFields, input, ctx, onInvalid) };
}

/**
 * `cell` with the fields `patch` names set, each parsed as a cell field (a value out of its
 * range, or a key that is not a cell field, is left out: the cell keeps its own), as
 * updateElement does for a control.
 */
export function updateCell(cell: CellElement, patch: Readonly<Record<string, unknown>>, ctx: SchemaContext): CellElement {
  const next: Record<string, unknown> = { ...cell };
  for (const key of Object.keys(patch)) {
    if (!Object.hasOwn(cellFields, key)) continue;
    const v = cellFields[key as keyof typeof cellFields].parse(patch[key]);
    if (v !== undefined) next[key] = v;
  }
  return normalizeCell(next, ctx);
}
