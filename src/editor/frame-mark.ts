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

/** The steps before the editor's first frame (bench/editor.ts reports when each came). */
export type EditorStep =
  /** The editor's code has loaded and runs (editorWarmup.ts starts the engine). */
  | 'code'
  /** The engine's module compiled and instantiated. */
  | 'engine'
  /** The default faces fetched and registered (editorWarmup.ts). */
  | 'fonts'
  /** The editor page's first commit (toolbars, panels and an empty canvas in the document). */
  | 'page'
  /** The canvas starts rendering a label of `controls` controls (its job opens). */
  | 'render'
  /** That label's job is open (its fonts and pictures ready), before the page is drawn. */
  | 'opened';

export const EDITOR_STEP_MARK = 'assetmark:editor-step:';

/** A performance mark `EDITOR_STEP_MARK + step`, only when a page asked for frames (as above). */
export function markEditorStep(step: EditorStep, controls?: number): void {
  const hook = (globalThis as { __assetmarkEditorFrame?: FrameHook }).__assetmarkEditorFrame;
  if (typeof hook !== 'function') return;
  performance.mark(EDITOR_STEP_MARK + step, { detail: { controls } });
}
