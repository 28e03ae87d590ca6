import { describe, expect, it } from 'vitest';
import { createLabel } from '../label/label.ts';
import { updateElement, type LabelElement } from '../label/elements/index.ts';
import { mergeCells, type TableElement } from '../label/elements/table.ts';
import { canType, cellIndex, committed, filterTyped, insertTyped, keyAction, showsEmptyHint, TAB_TEXT, typingRule, typingStart } from './inplace.ts';

function doc(children: Record<string, unknown>[]) {
  return createLabel({ children: children as never });
}
const apply = (el: LabelElement, patch: Record<string, unknown>) => updateElement(el, patch);
const TEXT = typingRule(doc([{ kind: 'text' }]).children[0]!);

describe('what takes typing', () => {
  it('texts, arc texts, barcodes and 2D codes; a table only at a cell; not dates, shapes or pictures', () => {
    const d = doc([{ kind: 'text' }, { kind: 'arctext' }, { kind: 'barcode' }, { kind: 'qrcode', type: 'pdf417' }, { kind: 'table' }, { kind: 'date' }, { kind: 'rectangle' }, { kind: 'line' }]);
    const [text, arc, bar, code, table, date, rect, line] = d.children;
    for (const el of [text, arc, bar, code]) expect(canType(el, { index: 0 })).toBe(true);
    expect(canType(table, { index: 4 })).toBe(false);
    expect(canType(table, { index: 4, cell: { row: 1, col: 2 } })).toBe(true);
    expect(canType(table, { index: 4, cell: { row: 2, col: 0 } })).toBe(false); // 2 rows
    expect(canType(text, { index: 0, cell: { row: 0, col: 0 } })).toBe(false);
    for (const el of [date, rect, line]) expect(canType(el, { index: 5 })).toBe(false);
    expect(canType(undefined, { index: 9 })).toBe(false);
  });

  it('a merged area is typed in its first cell, wherever it is double-clicked', () => {
    const t = mergeCells(doc([{ kind: 'table' }]).children[0] as TableElement, 0, 1, 1, 2)!;
    expect(cellIndex(t, 1, 2)).toBe(1);
    expect(cellIndex(t, 1, 0)).toBe(3);
    expect(cellIndex(t, -1, 0)).toBeNull();
  });
});

describe('key rules (spec section 2)', () => {
  it('Enter adds a newline, Tab four spaces, Escape cancels, Ctrl+Enter commits', () => {
    expect(keyAction({ key: 'Enter' }, TEXT)).toEqual({ do: 'insert', text: '\n' });
    expect(keyAction({ key: 'Tab' }, TEXT)).toEqual({ do: 'insert', text: '    ' });
    expect(TAB_TEXT).toBe('    ');
    expect(keyAction({ key: 'Escape' }, TEXT)).toEqual({ do: 'cancel' });
    expect(keyAction({ key: 'Enter', ctrlKey: true }, TEXT)).toEqual({ do: 'commit' });
    expect(keyAction({ key: 'Enter', metaKey: true }, TEXT)).toEqual({ do: 'commit' });
    expect(keyAction({ key: 'a' }, TEXT)).toEqual({ do: 'default' });
    // The IME's own Enter (choosing a Chinese candidate) is left to it.
    expect(keyAction({ key: 'Enter', isComposing: true }, TEXT)).toEqual({ do: 'default' });
  });

  it('EAN-13 and EAN-8 take digit keys only; Backspace, Delete, arrows and shortcuts always', () => {
    const d = doc([{ kind: 'barcode', type: 'ean13' }, { kind: 'barcode', type: 'ean8' }, { kind: 'barcode', type: 'code128' }]);
    const [ean13, ean8, c128] = d.children.map(typingRule);
    expect(ean13).toMatchObject({ digitsOnly: true, maxLength: 13 });
    expect(ean8).toMatchObject({ digitsOnly: true, maxLength: 8 });
    expect(c128).toMatchObject({ digitsOnly: false, multiline: false });
    for (const rule of [ean13!, ean8!]) {
      for (const key of ['a', 'Z', ' ', '-', '中', '٣']) expect(keyAction({ key }, rule), key).toEqual({ do: 'block' });
      for (const key of ['0', '5', '9', 'Backspace', 'Delete', 'ArrowLeft', 'ArrowRight', 'Home', 'End']) expect(keyAction({ key }, rule), key).toEqual({ do: 'default' });
      expect(keyAction({ key: 'v', ctrlKey: true }, rule)).toEqual({ do: 'default' });
      expect(keyAction({ key: 'Tab' }, rule)).toEqual({ do: 'block' });
      expect(keyAction({ key: 'Enter' }, rule)).toEqual({ do: 'commit' });
    }
    // A Code 128 is one line: Enter commits, letters are fine.
    expect(keyAction({ key: 'Enter' }, c128!)).toEqual({ do: 'commit' });
    expect(keyAction({ key: 'x' }, c128!)).toEqual({ do: 'default' });
  });
});

describe('inserting typed and pasted text', () => {
  it('replaces the selection and puts the caret after the insertion', () => {
    expect(insertTyped('abcd', 1, 3, '\n', TEXT)).toEqual({ value: 'a\nd', caret: 2, refused: false });
    expect(insertTyped('ab', 2, 2, TAB_TEXT, TEXT)).toEqual({ value: 'ab    ', caret: 6, refused: false });
    expect(insertTyped('ab', 2, 0, '中文', TEXT)).toEqual({ value: '中文', caret: 2, refused: false });
  });

  it('keeps only digits in an EAN paste, at most 12 + check digit (EAN-13) or 7 + 1 (EAN-8)', () => {
    const [ean13, ean8] = doc([{ kind: 'barcode', type: 'ean13' }, { kind: 'barcode', type: 'ean8' }]).children.map(typingRule);
    expect(insertTyped('', 0, 0, '690-123 abc 456', ean13!)).toEqual({ value: '690123456', caret: 9, refused: true });
    expect(insertTyped('690123456', 9, 9, '7890123', ean13!)).toEqual({ value: '6901234567890', caret: 13, refused: true });
    expect(insertTyped('6901234', 7, 7, '56', ean8!).value).toBe('69012345');
    expect(insertTyped('123', 0, 3, '4567', ean8!)).toEqual({ value: '4567', caret: 4, refused: false });
  });

  it('filters line breaks on one line and normalises them on several', () => {
    expect(filterTyped('a\r\nb\rc', TEXT)).toBe('a\nb\nc');
    expect(filterTyped('a\r\nb\nc', { digitsOnly: false, maxLength: 99, multiline: false })).toBe('abc');
  });

  it('counts the limit in characters, so a pair of surrogates is never split', () => {
    const rule = { digitsOnly: false, maxLength: 3, multiline: true };
    expect(insertTyped('ab', 2, 2, '😀😀', rule)).toEqual({ value: 'ab😀', caret: 4, refused: true });
  });
});

describe('the empty-text hint', () => {
  it('shows on a text control with no typed content only', () => {
    const d = doc([{ kind: 'text', content: '' }, { kind: 'text', content: 'x' }, { kind: 'text', content: '', contentType: 2 }, { kind: 'arctext', content: '' }]);
    expect(d.children.map(showsEmptyHint)).toEqual([true, false, false, false]);
  });
});

describe('committing', () => {
  it('sets the typed content; the same text changes nothing', () => {
    const el = doc([{ kind: 'text', content: 'old' }]).children[0]!;
    expect(committed(el, { index: 0 }, 'old', apply)).toBeNull();
    expect(committed(el, { index: 0 }, '名称\nname', apply)).toMatchObject({ kind: 'text', content: '名称\nname', contentType: 0 });
  });

  it('types a serial number\'s template, which keeps stepping', () => {
    const el = doc([{ kind: 'text', content: 'A-001', contentType: 1 }]).children[0]!;
    expect(typingStart(el, { index: 0 })).toEqual({ text: 'A-001', binding: 'serial' });
    expect(committed(el, { index: 0 }, 'B-010', apply)).toMatchObject({ content: 'B-010', contentType: 1 });
  });

  it('opens a data-bound control on its column placeholder; other text ends the binding', () => {
    const el = doc([{ kind: 'qrcode', content: 'typed', contentType: 2, dataColumnName: 'Code' }]).children[0]!;
    expect(typingStart(el, { index: 0 })).toEqual({ text: '[Code]', binding: 'data' });
    expect(committed(el, { index: 0 }, '[Code]', apply)).toBeNull();
    expect(committed(el, { index: 0 }, 'fixed', apply)).toMatchObject({ content: 'fixed', contentType: 0 });
    const byNumber = doc([{ kind: 'text', contentType: 2, dataColumn: 3 }]).children[0]!;
    expect(typingStart(byNumber, { index: 0 })!.text).toBe('[C]');
  });

  it('writes a table cell\'s text into the cell that holds it', () => {
    const t = mergeCells(doc([{ kind: 'table' }]).children[0] as TableElement, 0, 0, 1, 0)!;
    const next = committed(t, { index: 0, cell: { row: 1, col: 0 } }, '合并', apply) as TableElement;
    expect(next.cells[0]!.content).toBe('合并');
    expect(next.cells.filter((c, i) => c !== t.cells[i])).toHaveLength(1);
    expect(t.cells[0]!.content).toBe(''); // the input is not changed
  });
});
