import { describe, expect, it } from 'vitest';
import { createElement, normalizeElement } from './index.ts';
import { deleteColumn, deleteRow, insertColumn, insertRow, mergeCells, resizeTable, setColumnCount, setRowCount, splitCell, cellAt, TABLE_MAX, type TableElement } from './table.ts';

function table(props: Record<string, unknown> = {}): TableElement {
  const t = createElement('table', props) as TableElement;
  // Name each cell by its position so moves are visible.
  return { ...t, cells: t.cells.map((c, i) => ({ ...c, content: `${Math.floor(i / t.cols)}${i % t.cols}` })) };
}
const contents = (t: TableElement) => Array.from({ length: t.rows }, (_, r) => t.cells.slice(r * t.cols, (r + 1) * t.cols).map((c) => c.content).join(' '));

describe('table editing', () => {
  it('inserts and deletes rows, moving cells and resizing', () => {
    const t = table();
    const a = insertRow(t, 1)!;
    expect(contents(a)).toEqual(['00 01 02', '  ', '10 11 12']);
    expect(a).toMatchObject({ rows: 3, rowHeight: [5, 5, 5], height: 15 });
    const b = deleteRow(a, 0)!;
    expect(contents(b)).toEqual(['  ', '10 11 12']);
    expect(deleteRow(deleteRow(b, 0)!, 0)).toBeNull(); // one row remains
    expect(insertRow(t, 3)).toBeNull();
    expect(insertRow(t, -1)).toBeNull();
    expect(deleteRow(t, 2)).toBeNull();
  });

  it('inserts and deletes columns', () => {
    const t = table();
    const a = insertColumn(t, 0)!;
    expect(contents(a)).toEqual([' 00 01 02', ' 10 11 12']);
    expect(a).toMatchObject({ cols: 4, width: 32 });
    expect(contents(deleteColumn(a, 2)!)).toEqual([' 00 02', ' 10 12']);
    expect(deleteColumn(table({ cols: 1 }), 0)).toBeNull();
    expect(insertColumn(table({ cols: TABLE_MAX }), 0)).toBeNull();
  });

  it('sets row and column counts, ignoring 0 or less, at most 30', () => {
    const t = table();
    expect(setRowCount(t, 0)).toBe(t);
    expect(setRowCount(t, -2)).toBe(t);
    expect(setRowCount(t, 5).rows).toBe(5);
    expect(setRowCount(t, 1).cells).toHaveLength(3);
    expect(setColumnCount(t, 99).cols).toBe(30);
  });

  it('merges 2 or more cells unless an existing merge overlaps partially', () => {
    const t = table({ rows: 3, cols: 3 });
    expect(mergeCells(t, 0, 0, 0, 0)).toBeNull();
    expect(mergeCells(t, 0, 0, 3, 0)).toBeNull();
    const a = mergeCells(t, 0, 1, 0, 0)!;
    expect(a.group).toEqual([[0, 0, 0, 1]]);
    expect(mergeCells(a, 0, 1, 1, 2)).toBeNull(); // partial overlap
    const b = mergeCells(a, 0, 0, 1, 2)!; // absorbs the inner merge
    expect(b.group).toEqual([[0, 0, 1, 2]]);
    expect(splitCell(b, 1, 1)!.group).toEqual([]);
    expect(splitCell(t, 1, 1)).toBeNull();
  });

  it('keeps merges in step with inserted and deleted rows and columns', () => {
    const t = mergeCells(table({ rows: 3, cols: 3 }), 1, 0, 2, 1)!;
    expect(insertRow(t, 0)!.group).toEqual([[2, 0, 3, 1]]);
    expect(insertRow(t, 2)!.group).toEqual([[1, 0, 3, 1]]); // inside: the merge grows
    expect(insertRow(t, 3)!.group).toEqual([[1, 0, 2, 1]]);
    expect(deleteRow(t, 2)!.group).toEqual([[1, 0, 1, 1]]);
    expect(deleteColumn(deleteRow(t, 2)!, 1)!.group).toEqual([]); // shrank to one cell
    expect(insertColumn(t, 1)!.group).toEqual([[1, 0, 2, 2]]);
  });

  it('scales rows and columns when resized', () => {
    const t = table();
    const r = resizeTable(t, 48, 5);
    expect(r).toMatchObject({ colWidth: [16, 16, 16], rowHeight: [2.5, 2.5], width: 48, height: 5 });
    expect(resizeTable(t, 0.1, 0.1)).toMatchObject({ colWidth: [0.5, 0.5, 0.5], rowHeight: [0.5, 0.5] });
    expect(cellAt(t, 1, 2)?.content).toBe('12');
    expect(normalizeElement(r)).toEqual(r);
  });
});
