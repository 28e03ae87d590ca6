/** The editor model's cell selection and table operations: one undo step each. */
import { describe, expect, it } from 'vitest';
import { createLabel } from '../label/label.ts';
import type { TableElement } from '../label/elements/table.ts';
import { resizeElement } from './edit.ts';
import { EditorModel } from './model.ts';

/** Timers that never fire by themselves: groups end at the model's own marks. */
const held = { setTimer: () => 0, clearTimer: () => undefined };
const tableOf = (m: EditorModel) => m.doc.children[1] as TableElement;

function model(): EditorModel {
  const m = new EditorModel(createLabel({ children: [{ kind: 'text', x: 30, y: 25 }, { kind: 'table', x: 2, y: 2 }] }), 'en', held);
  m.select(1, false);
  return m;
}

describe('EditorModel tables', () => {
  it('selects a cell, extends to a rectangle, and drops the cells with the table', () => {
    const m = model();
    m.selectCell(1, { row: 0, col: 0 }, false);
    expect(m.cellSelection).toEqual({ index: 1, anchor: { row: 0, col: 0 }, focus: { row: 0, col: 0 } });
    m.selectCell(1, { row: 1, col: 2 }, true);
    expect(m.cellSelection).toEqual({ index: 1, anchor: { row: 0, col: 0 }, focus: { row: 1, col: 2 } });
    m.select(0, false);
    expect(m.cellSelection).toBeNull();
    m.selectCell(0, { row: 0, col: 0 }, false); // not a table
    expect(m.cellSelection).toBeNull();
    expect(m.history.canUndo).toBe(false);
  });

  it('applies each operation as one undo step and refuses without a step', () => {
    const m = model();
    const start = tableOf(m);
    m.selectCell(1, { row: 0, col: 0 }, false);
    expect(m.tableOp('rowBelow')).toBeNull();
    expect(m.tableOp('colRight')).toBeNull();
    expect(tableOf(m)).toMatchObject({ rows: 3, cols: 4 });
    m.selectCell(1, { row: 0, col: 1 }, true);
    expect(m.tableOp('merge')).toBeNull();
    expect(tableOf(m).group).toEqual([[0, 0, 0, 1]]);
    expect(m.tableOp('merge')).toEqual({ key: 'mergeAlready' });
    expect(m.tableOp('split')).toBeNull();
    expect(tableOf(m).group).toEqual([]);
    expect(m.tableOp('split')).toEqual({ key: 'splitNotMerged', params: { row: 1, col: 1 } });
    expect(m.history.undoDepth).toBe(4);
    m.undo(); // split
    expect(tableOf(m).group).toEqual([[0, 0, 0, 1]]);
    m.undo(); // merge
    m.undo(); // column
    expect(tableOf(m)).toMatchObject({ rows: 3, cols: 3, group: [] });
    m.undo(); // row
    expect(tableOf(m)).toEqual(start);
    expect(m.cellSelection).toEqual({ index: 1, anchor: { row: 0, col: 0 }, focus: { row: 0, col: 0 } }); // as the split left it
  });

  it('keeps the cell selection inside the grid after an undo removes rows', () => {
    const m = model();
    m.selectCell(1, { row: 1, col: 2 }, false);
    m.tableOp('rowBelow');
    m.selectCell(1, { row: 2, col: 2 }, false);
    m.undo();
    expect(m.cellSelection).toEqual({ index: 1, anchor: { row: 1, col: 2 }, focus: { row: 1, col: 2 } });
  });

  it('resizes a table proportionally by one drag, one step', () => {
    const m = model();
    const from = tableOf(m); // 24 x 10
    const key = m.newDragKey();
    for (let d = 1; d <= 24; d++) m.updateControl(1, 'resize', () => resizeElement(from, 'se', d, 0, m.doc, 'en'), key);
    expect(tableOf(m)).toMatchObject({ width: 48, colWidth: [16, 16, 16], rowHeight: [5, 5] });
    expect(m.history.undoDepth).toBe(1);
    m.undo();
    expect(tableOf(m)).toEqual(from);
  });

  it('sets text settings on every selected cell as one undo step, keeping each cell its own content', () => {
    const m = model();
    expect(m.patchCells({ fontStyle: 1 })).toBe(false); // no cell selected
    m.selectCell(1, { row: 0, col: 1 }, false);
    m.selectCell(1, { row: 1, col: 2 }, true);
    const before = tableOf(m);
    expect(m.patchCells({ fontStyle: 5, horAlignment: 2, charSpace: 0.5, verDisplay: true, content: 'not a style' })).toBe(true);
    const after = tableOf(m);
    const { cols } = after;
    after.cells.forEach((cell, i) => {
      const inside = Math.floor(i / cols) <= 1 && i % cols >= 1;
      if (inside) expect(cell).toEqual({ ...before.cells[i], fontStyle: 5, horAlignment: 2, charSpace: 0.5, verDisplay: true });
      else expect(cell).toEqual(before.cells[i]);
    });
    // Only text settings: a content alone changes nothing and makes no step.
    expect(m.patchCells({ content: 'typed' })).toBe(false);
    m.patchCells({ lineSpace: 2, fontStyle: 2 });
    expect(tableOf(m).cells[1]).toMatchObject({ lineSpace: 2, fontStyle: 2, content: before.cells[1]!.content });
    expect(m.history.undoDepth).toBe(2);
    m.undo();
    m.undo();
    expect(tableOf(m)).toEqual(before);
  });
});
