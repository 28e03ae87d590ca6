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

export type CellElement = { kind: 'cell' } & Values<typeof cellFields>;

export const CELL_TAG = 'Cell';

export function normalizeCell(input: Readonly<Record<string, unknown>>, ctx: SchemaContext, onInvalid?: (key: string, raw: unknown) => void): CellElement {
  return { kind: 'cell', ...normalizeFields(cellFields, input, ctx, onInvalid) };
}
