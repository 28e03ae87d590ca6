/**
 * How the editor page (toolbars, property panel, data panel) follows the EditorModel: at once
 * and synchronously for every change (as useSyncExternalStore does), except during a live
 * drag (model.live: the canvas draws the moving controls, their border and handles itself in
 * the pointer event). Then the page renders at most once an animation frame, in a task after
 * the frame that showed the move and as a transition (React yields to the next pointer
 * event), so a move costs only the canvas's work; the drag's end renders it at once.
 */
import { startTransition, useMemo, useState, useSyncExternalStore } from 'react';
import type { EditorModel } from '../../../editor/model';

export function useEditorVersion(model: EditorModel): void {
  const [, setLazyVersion] = useState(model.version);
  const store = useMemo(() => {
    /** The version rendered synchronously: the model's, held while a drag is live. */
    let eager = model.version;
    return {
      get: () => (model.live ? eager : (eager = model.version)),
      subscribe: (notify: () => void) => {
        let frame = 0;
        let task: ReturnType<typeof setTimeout> | undefined;
        const cancel = () => {
          if (frame) cancelAnimationFrame(frame);
          if (task !== undefined) clearTimeout(task);
          frame = 0;
          task = undefined;
        };
        const afterFrame = () => {
          if (frame || task !== undefined) return; // one render a frame, of the newest version
          frame = requestAnimationFrame(() => {
            frame = 0;
            // An animation frame callback runs before that frame is painted: render after it.
            task = setTimeout(() => {
              task = undefined;
              startTransition(() => setLazyVersion(model.version));
            }, 0);
          });
        };
        const unsubscribe = model.subscribe(() => {
          if (model.live) return afterFrame();
          cancel();
          notify();
        });
        return () => {
          unsubscribe();
          cancel();
        };
      },
    };
  }, [model]);
  useSyncExternalStore(store.subscribe, store.get);
}
