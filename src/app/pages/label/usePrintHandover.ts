/**
 * Both ends of the editor's Print button (issue 13; the store is src/editor/print-handover.ts).
 *
 * - The editor opens with the session it handed over when the user returns to the same
 *   history entry (browser Back, or the print page's "back to editing", which goes back one
 *   entry): the same model, so the undo history and the unsaved mark are as they were. A
 *   new visit to the editor is a new entry and starts a new label.
 * - The print page prints the handed-over label when its history entry names one. Leaving
 *   the editor for it asks nothing (nothing is lost: the session waits in the store); closing
 *   the tab on the print page does ask while the label has unsaved changes, since that loses them.
 */
import { useEffect, useState } from 'react';
import { useLocation, type Location } from 'react-router';
import { createLabel } from '../../../label/label';
import { EditorModel } from '../../../editor/model';
import { editorSessionFor, printHandover, type PrintHandover } from '../../../editor/print-handover';

/** The route state the Print button navigates with. */
export interface PrintRouteState {
  editorHandover: string;
}

/** The label the print page at `location` was handed (none: null). */
function handoverAt(location: Pick<Location, 'state'>): PrintHandover | null {
  return printHandover((location.state as Partial<PrintRouteState> | null)?.editorHandover);
}

export interface EditorSession {
  model: EditorModel;
  initialFileName: string | null;
  /** For useUnsavedChanges: going to a print page holding this session loses nothing. */
  keepsChanges: (next: Location) => boolean;
}

/** The editor's model and file name: the session printed from this history entry, or a new label. */
export function useEditorSession(language: 'en' | 'zh-CN'): EditorSession {
  const { key } = useLocation();
  const [session] = useState(() => {
    const resumed = editorSessionFor(key);
    const model = resumed ? resumed.model : new EditorModel(createLabel({}, { locale: language }), language);
    return { model, initialFileName: resumed?.fileName ?? null, keepsChanges: (next: Location) => handoverAt(next)?.model === model };
  });
  return session;
}
/** The label the editor handed to this print page (null: none, or no longer kept). */
export function usePrintHandover(): PrintHandover | null {
  const handover = handoverAt(useLocation());
  const model = handover?.model;
  useEffect(() => {
    if (!model) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (model.isDirty) e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [model]);
  return handover;
}
