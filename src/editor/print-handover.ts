/**
 * The editor's Print button hands its label to the print page in memory (issue 13): a label
 * with pictures and an embedded spreadsheet can be megabytes, too big for localStorage and
 * never worth a file dialog. The print page finds its hand-over by the id in its history
 * entry's state; the editor finds its own session again (the same EditorModel, so the undo
 * history and the unsaved mark survive) when the user returns to the same history entry it
 * was printed from, by browser Back or the print page's "back to editing". A new visit to
 * the editor (a new history entry) starts afresh.
 *
 * Module-level on purpose: the store lives as long as the tab, like the router's history,
 * and holds only the last few hand-overs so old documents can be collected.
 */
import type { LabelDocument } from '../label/label';
import type { EditorModel } from './model';

export interface PrintHandover {
  readonly id: string;
  /** The document as it was when Print was pressed (documents are immutable values). */
  readonly doc: LabelDocument;
  /** The editor's file name (null: a label never saved). */
  readonly fileName: string | null;
  /** The editor's session, to go back to (its model carries the undo history). */
  readonly model: EditorModel;
  /** The router's key of the editor's history entry the label was printed from. */
  readonly editorEntry: string;
}

/** Hand-overs kept (each holds one document; older ones are dropped first). */
export const KEPT_HANDOVERS = 4;

const handovers = new Map<string, PrintHandover>();
let serial = 0;

/** Stores the editor's label for the print page and returns the id its route state carries. */
export function handOverToPrint(model: EditorModel, fileName: string | null, editorEntry: string): string {
  const id = `handover-${++serial}`;
  handovers.set(id, { id, doc: model.doc, fileName, model, editorEntry });
  while (handovers.size > KEPT_HANDOVERS) handovers.delete(handovers.keys().next().value!);
  return id;
}

/** The hand-over with `id` (unknown, dropped or not a string: null). */
export function printHandover(id: unknown): PrintHandover | null {
  return typeof id === 'string' ? (handovers.get(id) ?? null) : null;
}

/** The latest hand-over printed from the editor's history entry `editorEntry` (none: null). */
export function editorSessionFor(editorEntry: string): PrintHandover | null {
  let found: PrintHandover | null = null;
  for (const h of handovers.values()) if (h.editorEntry === editorEntry) found = h;
  return found;
}
