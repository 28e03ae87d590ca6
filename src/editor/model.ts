/**
 * The editor's state outside React: the label document kept in the history's record store
 * (src/label/history.ts: undo/redo of change groups, 100 steps, 100 ms grouping, drags
 * merged by mergeKey, the dirty flag) and the selection, which is not part of the
 * document and never an undo step. React reads it through `subscribe` / `version`.
 */
import { CELL_TEXT_KEYS, updateCell } from '../label/elements/cell.ts';
import { contextOf, createLabel, updateLabel, type LabelDocument, type LabelFields } from '../label/label.ts';
import { HistoryManager, Store, type HistoryOptions } from '../label/history.ts';
import { updateElement, type ElementKind, type LabelElement } from '../label/elements/index.ts';
import { arrowDelta, deleteSelected, duplicateSelected, insertControl, moveSelected } from './edit.ts';
import { applyTableOp, cellArea, type CellPos, type TableOp, type TableRefusal } from './table-ops.ts';
import { clampSelection, selectionOfRange, selectionRange, type CellSelection } from './table-cells.ts';
import { alignSelected, copyControls, distributeSelected, pasteControls, zOrderSelected, type AlignMode, type Axis, type ZOrder } from './arrange.ts';

/** The one record: the whole document (each step's diff is the document before and after;
 * unchanged controls are shared between versions, so a step costs little). */
interface DocRecord {
  id: 'doc';
  doc: LabelDocument;
}

/** Whether two documents have the same field values and the same control objects. */
function sameFields(a: LabelDocument, b: LabelDocument): boolean {
  const ra = a as unknown as Record<string, unknown>;
  const rb = b as unknown as Record<string, unknown>;
  const keys = Object.keys(ra);
  if (keys.length !== Object.keys(rb).length) return false;
  for (const k of keys) {
    if (k === 'children') continue;
    if (ra[k] !== rb[k]) return false;
  }
  return a.children.length === b.children.length && a.children.every((c, i) => c === b.children[i]);
}

export class EditorModel {
  private readonly store: Store<DocRecord>;
  readonly history: HistoryManager<DocRecord>;
  private selected: number[] = [];
  /** The selected cells of the selected table (not part of the document either). */
  private cells: CellSelection | null = null;
  private listeners = new Set<() => void>();
  private serial = 0;
  private dragSerial = 0;
  /** Ctrl+C's copies (in memory, within this editor; not the system clipboard). */
  private clip: LabelElement[] = [];
  /** Changes since the last notification (React renders at most once per change). */
  version = 0;
  /** Whether a drag draws its own frames (see `live`). */
  private liveDrag = false;
  private loadCount = 0;

  constructor(
    doc: LabelDocument = createLabel(),
    readonly locale = 'zh-CN',
    history: HistoryOptions = {},
  ) {
    this.store = new Store<DocRecord>([{ id: 'doc', doc }]);
    this.history = new HistoryManager(this.store, history);
    this.store.listen(() => this.changed());
  }

  get doc(): LabelDocument {
    return this.store.get('doc')!.doc;
  }

  /** Selected control indexes; the last is the primary one (its anchors are shown). */
  get selection(): readonly number[] {
    return this.selected;
  }

  get primary(): number | null {
    return this.selected.length ? this.selected[this.selected.length - 1]! : null;
  }

  get isDirty(): boolean {
    return this.history.isDirty;
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getVersion = (): number => this.version;

  private changed(): void {
    this.version = ++this.serial;
    const n = this.doc.children.length;
    if (this.selected.some((i) => i >= n)) this.selected = this.selected.filter((i) => i < n);
    this.cells = this.validCells();
    for (const fn of this.listeners) fn();
  }

  /**
   * True while a drag draws its frames itself (the canvas's raster and overlay, straight
   * from `doc` in the pointer event): views that do not show the dragged position may then
   * refresh lazily, after the frame. Not part of the document or the history.
   */
  get live(): boolean {
    return this.liveDrag;
  }

  /** Starts or ends a live drag; ending one notifies, so lazy views catch up at once. */
  setLive(live: boolean): void {
    if (this.liveDrag === live) return;
    this.liveDrag = live;
    if (!live) for (const fn of this.listeners) fn();
  }

  dispose(): void {
    this.history.dispose();
    this.listeners.clear();
  }

  /** How many documents were opened (load); a view tells the documents of one opening from another's by it. */
  get loads(): number {
    return this.loadCount;
  }

  /** A document opened from a file (or a new one): no history, not dirty. */
  load(doc: LabelDocument): void {
    this.loadCount++;
    this.selected = [];
    this.history.ignore(() => this.store.put([{ id: 'doc', doc }]));
    this.history.clear();
    this.changed();
  }

  /** Whether the label is protected (its editable flag off): no change applies but
   * turning the flag back on (label-editor.md section 4). Undo and redo still move
   * through the history, so protecting a label can be undone. */
  get isProtected(): boolean {
    return !this.doc.editable;
  }

  /** One undo step named `name`; with `mergeKey`, repeated calls with the same key (one
   * drag) stay one step. True when the document changed. */
  edit(name: string, fn: (doc: LabelDocument) => LabelDocument, mergeKey?: string): boolean {
    const next = fn(this.doc);
    // An edit that changes nothing (a locked control, a refused value) is no undo step.
    if (next === this.doc || sameFields(next, this.doc)) return false;
    // A protected label takes only the change that turns its editable flag back on.
    if (!this.doc.editable && !next.editable) return false;
    this.history.batch(() => this.store.put([{ id: 'doc', doc: next }]), name, mergeKey);
    return true;
  }

  /** A key that makes every change of one drag a single undo step. */
  newDragKey(): string {
    return `drag-${++this.dragSerial}`;
  }

  markSaved(): void {
    this.history.markSaved();
    this.changed();
  }

  undo(): boolean {
    return this.history.undo();
  }

  redo(): boolean {
    return this.history.redo();
  }

  // ---- selection (not undoable)

  setSelection(indexes: readonly number[]): void {
    const n = this.doc.children.length;
    this.selected = [...new Set(indexes)].filter((i) => Number.isInteger(i) && i >= 0 && i < n);
    this.changed();
  }

  /** Click: select `index` alone; shift-click: add it (or take it out) of the selection. */
  select(index: number, additive: boolean): void {
    if (index < 0) return this.setSelection(additive ? this.selected : []);
    if (!additive) return this.setSelection([index]);
    this.setSelection(this.selected.includes(index) ? this.selected.filter((i) => i !== index) : [...this.selected, index]);
  }

  selectAll(): void {
    this.setSelection(this.doc.children.map((_, i) => i));
  }

  // ---- cells of the selected table (not undoable)

  get cellSelection(): CellSelection | null {
    return this.cells;
  }

  /** The cell selection if it still fits: its table is the only selected control and its
   * cells lie inside the grid (an undo may have taken rows away). */
  private validCells(): CellSelection | null {
    const c = this.cells;
    if (!c) return null;
    const el = this.doc.children[c.index];
    if (el?.kind !== 'table' || this.selected.length !== 1 || this.selected[0] !== c.index) return null;
    return clampSelection(el, c);
  }

  /** Click on a cell of the selected table: that cell (its whole merged area); with
   * `extend` (shift-click), the rectangle from the first cell to this one. */
  selectCell(index: number, cell: CellPos, extend: boolean): void {
    const el = this.doc.children[index];
    if (el?.kind !== 'table') return;
    if (this.selected.length !== 1 || this.selected[0] !== index) this.selected = [index];
    const prev = this.cells;
    this.cells = extend && prev && prev.index === index ? { index, anchor: prev.anchor, focus: cell } : selectionOfRange(index, cellArea(el, cell.row, cell.col));
    this.changed();
  }

  clearCells(): void {
    if (!this.cells) return;
    this.cells = null;
    this.changed();
  }

  /**
   * A table operation on the selected cells as one undo step; the refusal (nothing
   * changed) when the spec does not allow it, or null when applied (or when the label is
   * protected, which the editor says once for every change).
   */
  tableOp(op: TableOp): TableRefusal | null {
    const sel = this.cells;
    const el = sel ? this.doc.children[sel.index] : undefined;
    if (!sel || el?.kind !== 'table') return { key: 'outOfRange', params: { rows: 0, cols: 0 } };
    const r = applyTableOp(el, op, selectionRange(el, sel));
    if (!r.ok) return r.refusal;
    if (!this.updateControl(sel.index, `table ${op}`, () => r.table)) return null;
    this.cells = selectionOfRange(sel.index, r.range);
    this.changed();
    return null;
  }

  /**
   * Sets the text settings `patch` names (CELL_TEXT_KEYS: font, size, style, spacing,
   * alignment, wrap, vertical; never a cell's content) on every selected cell of the selected
   * table, as one undo step; false when there is no cell selection or no such setting, or the
   * label is protected.
   */
  patchCells(patch: Readonly<Record<string, unknown>>): boolean {
    const sel = this.cells;
    const el = sel ? this.doc.children[sel.index] : undefined;
    if (!sel || el?.kind !== 'table') return false;
    const { r1, c1, r2, c2 } = selectionRange(el, sel);
    const ctx = contextOf(this.doc, this.locale);
    const style = Object.fromEntries(Object.entries(patch).filter(([key]) => (CELL_TEXT_KEYS as readonly string[]).includes(key)));
    if (Object.keys(style).length === 0) return false;
    return this.updateControl(sel.index, 'cell text', (table) => {
      if (table.kind !== 'table') return table;
      const cells = table.cells.map((cell, i) => {
        const row = Math.floor(i / table.cols);
        const col = i % table.cols;
        return row >= r1 && row <= r2 && col >= c1 && col <= c2 ? updateCell(cell, style, ctx) : cell;
      });
      return { ...table, cells };
    });
  }

  // ---- edits

  insert(kind: ElementKind): boolean {
    let index = -1;
    const applied = this.edit(`insert ${kind}`, (doc) => {
      const r = insertControl(doc, kind, this.locale);
      if (!r) return doc;
      index = r.index;
      return r.doc;
    });
    if (!applied) return false;
    this.setSelection([index]);
    return true;
  }

  /** Arrow key: moves the selected unlocked controls; false for other keys or no selection. */
  arrow(key: string, shift: boolean): boolean {
    const d = arrowDelta(key, shift);
    if (!d || this.selected.length === 0) return false;
    this.edit('move', (doc) => moveSelected(doc, this.selected, d[0], d[1], this.locale));
    return true;
  }

  deleteSelection(): void {
    if (this.selected.length === 0 || this.isProtected) return;
    const drop = this.selected;
    this.selected = [];
    this.edit('delete', (doc) => deleteSelected(doc, drop));
  }

  duplicateSelection(): void {
    if (this.selected.length === 0) return;
    let added: number[] = [];
    const applied = this.edit('duplicate', (doc) => {
      const r = duplicateSelected(doc, this.selected, this.locale);
      added = r.indexes;
      return r.doc;
    });
    if (applied && added.length) this.setSelection(added);
  }

  /** Ctrl+C: the selected controls to the editor's clipboard; false with nothing selected. */
  copySelection(): boolean {
    if (this.selected.length === 0) return false;
    this.clip = copyControls(this.doc, this.selected);
    return this.clip.length > 0;
  }

  get canPaste(): boolean {
    return this.clip.length > 0;
  }

  /** Ctrl+V: the clipboard's controls at the first free positions, one undo step, selected. */
  paste(): boolean {
    if (this.clip.length === 0) return false;
    let added: number[] = [];
    const applied = this.edit('paste', (doc) => {
      const r = pasteControls(doc, this.clip, this.locale);
      added = r.indexes;
      return r.doc;
    });
    if (!applied) return false;
    if (added.length) this.setSelection(added);
    return added.length > 0;
  }

  /** Align the selection (one undo step; nothing when it cannot apply). */
  align(mode: AlignMode): void {
    this.edit(`align ${mode}`, (doc) => alignSelected(doc, this.selected, mode, this.locale));
  }

  distribute(axis: Axis): void {
    this.edit(`distribute ${axis}`, (doc) => distributeSelected(doc, this.selected, axis, this.locale));
  }

  /** Restack the selection (one undo step); the same controls stay selected. */
  zOrder(op: ZOrder): void {
    let indexes: number[] | null = null;
    const applied = this.edit(`z-order ${op}`, (doc) => {
      const r = zOrderSelected(doc, this.selected, op);
      if (r.doc !== doc) indexes = r.indexes;
      return r.doc;
    });
    if (applied && indexes) this.setSelection(indexes);
  }

  /** Replaces control `index` with `fn` of it (one step, or part of a drag with `mergeKey`). */
  updateControl(index: number, name: string, fn: (el: LabelElement) => LabelElement, mergeKey?: string): boolean {
    return this.edit(
      name,
      (doc) => {
        const el = doc.children[index];
        if (!el) return doc;
        const next = fn(el);
        if (next === el) return doc;
        const children = [...doc.children];
        children[index] = next;
        return { ...doc, children };
      },
      mergeKey,
    );
  }

  /** A property change of control `index`: valid fields apply (updateElement). */
  patchControl(index: number, patch: Readonly<Record<string, unknown>>): void {
    this.updateControl(index, 'edit', (el) => updateElement(el, patch, contextOf(this.doc, this.locale)));
  }

  /** `doc` with control `index` moved by (dx, dy) mm (unless locked). */
  moved(doc: LabelDocument, index: number, dxMm: number, dyMm: number): LabelDocument {
    return moveSelected(doc, [index], dxMm, dyMm, this.locale);
  }

  patchLabel(patch: Readonly<Partial<Record<keyof LabelFields, unknown>>>): void {
    this.edit('label', (doc) => updateLabel(doc, patch, { locale: this.locale }));
  }
}
