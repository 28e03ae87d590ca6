/**
 * A hook for benchmarks and browser tests to see when the editor puts a new label frame on
 * its canvas (bench/editor.ts measures pointer-to-frame latency and the first frame with it).
 *
 * Off unless a page defines `window.__assetmarkEditorFrame` (a function, set by the
 * benchmark or a test before the editor draws): then every frame drawn adds a performance
 * mark `EDITOR_FRAME_MARK` (visible in Chrome's performance panel) and calls the function
 * at once, in the same task as the drawing, so a caller can wait for the next animation
 * frame. Without it, drawing costs one property read more.
 */
export const EDITOR_FRAME_MARK = 'assetmark:editor-frame';

/** What a frame showed: how many controls the drawn label has. */
export interface EditorFrame {
  controls: number;
}

type FrameHook = (frame: EditorFrame) => void;

export function markEditorFrame(frame: EditorFrame): void {
  const hook = (globalThis as { __assetmarkEditorFrame?: FrameHook }).__assetmarkEditorFrame;
  if (typeof hook !== 'function') return;
  performance.mark(EDITOR_FRAME_MARK, { detail: frame });
  hook(frame);
}
