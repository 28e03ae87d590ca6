import { describe, expect, it } from 'vitest';
import { createLabel } from '../label/label';
import { EditorModel } from './model';
import { editorSessionFor, handOverToPrint, KEPT_HANDOVERS, printHandover } from './print-handover';

describe('print hand-over', () => {
  it('hands the document as it is at Print, with its file name and the editor session', () => {
    const model = new EditorModel(createLabel({ labelName: 'shelf' }));
    model.insert('barcode');
    const id = handOverToPrint(model, 'shelf.wdfx', 'entry-a');
    const handover = printHandover(id)!;
    expect(handover.doc).toBe(model.doc);
    expect(handover.doc.children.map((c) => c.kind)).toEqual(['barcode']);
    expect(handover.fileName).toBe('shelf.wdfx');
    expect(handover.model).toBe(model);

    // Later edits in the editor do not change what was handed over.
    model.insert('text');
    expect(printHandover(id)!.doc.children.map((c) => c.kind)).toEqual(['barcode']);
  });

  it('gives the editor entry it was printed from its model back, with the undo history and the unsaved mark', () => {
    const model = new EditorModel(createLabel({}));
    model.insert('qrcode');
    handOverToPrint(model, null, 'entry-b');
    const session = editorSessionFor('entry-b')!;
    expect(session.model).toBe(model);
    expect(session.model.isDirty).toBe(true);
    expect(session.model.history.canUndo).toBe(true);
    // Another history entry of the editor (a new visit) starts afresh.
    expect(editorSessionFor('entry-other')).toBeNull();

    // Printed again from the same entry after more edits: the latest session wins.
    model.insert('text');
    const again = handOverToPrint(model, 'b.wdfx', 'entry-b');
    expect(editorSessionFor('entry-b')?.id).toBe(again);
    expect(editorSessionFor('entry-b')?.fileName).toBe('b.wdfx');
  });

  it('answers null for unknown ids and keeps only the last few hand-overs', () => {
    expect(printHandover(undefined)).toBeNull();
    expect(printHandover({ id: 'x' })).toBeNull();
    expect(printHandover('handover-unknown')).toBeNull();

    const ids = Array.from({ length: KEPT_HANDOVERS + 2 }, (_, i) => handOverToPrint(new EditorModel(createLabel({ labelName: `l${i}` })), null, `entry-${i}`));
    expect(printHandover(ids[0])).toBeNull();
    expect(printHandover(ids[1])).toBeNull();
    expect(editorSessionFor('entry-0')).toBeNull();
    expect(ids.slice(2).map((id) => printHandover(id)?.doc.labelName)).toEqual(['l2', 'l3', 'l4', 'l5']);
    expect(editorSessionFor('entry-5')?.doc.labelName).toBe('l5');
  });
});
