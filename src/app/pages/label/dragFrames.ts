/**
 * The editor's raster while controls are dragged: the controls not moving rendered once as
 * the drag begins, the moving ones rendered for every move and composed onto them
 * (src/editor/drag-raster.ts, which says why the result is the engine's full render, dot
 * for dot), and only the dots that changed redrawn on the canvas, in the pointer event's
 * own task. A 50-control label then costs one control's render a move instead of fifty.
 *
 * Labels that paint white (inverted controls, masked barcode text) are not composable:
 * `start` gives null and the editor renders such labels whole, as for any other edit.
 */
import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import type { Page } from '../../../engine/types';
import type { DataSource } from '../../../label/binding/data';
import type { LabelDocument } from '../../../label/label';
import { composable, DragComposer, splitLabel, type DotRect } from '../../../editor/drag-raster';
import { markEditorFrame } from '../../../editor/frame-mark';
import { BrowserEngine } from '../../../print/browser/engine';
import { jobPictures } from '../../../print/browser/pictures';
import { openJob, type JobOptions } from '../../../print/job';
import { pageImageData } from './pageRgba';

export class DragFrames {
  private composer: DragComposer | null = null;

  private constructor(
    private readonly engine: BrowserEngine,
    private readonly canvas: HTMLCanvasElement,
    private readonly indexes: readonly number[],
    private readonly data: DataSource | null,
    private readonly pageIndex: number,
    private readonly options: JobOptions,
  ) {}

  /**
   * Prepares the frames of a drag of `indexes` in `doc` (fonts and pictures loaded, the
   * base rendered) and draws `doc` whole onto `canvas`; null when the label is not
   * composable or does not render (the editor's own render then says why).
   */
  static async start(canvas: HTMLCanvasElement, doc: LabelDocument, indexes: readonly number[], data: DataSource | null, pageIndex: number, options: { dpi: number; grey: boolean }): Promise<DragFrames | null> {
    if (!composable(doc) || indexes.length === 0) return null;
    const engine = await BrowserEngine.load();
    const timeMs = Date.now();
    const base: JobOptions = { dpi: options.dpi, grey: options.grey, preview: true, timeMs };
    // The whole label once through the page's engine: its fonts fetched and registered.
    const whole = await engine.openJob(doc, data, base);
    if (!whole.ok) return null;
    const decodeImage = await jobPictures(doc, timeMs);
    const frames = new DragFrames(engine, canvas, indexes, data, pageIndex, { ...base, decodeImage });
    const { base: still, layer } = splitLabel(doc, indexes);
    const stillPage = frames.render(still);
    const layerPage = frames.render(layer);
    if (!stillPage || !layerPage) return null;
    frames.composer = new DragComposer(stillPage, layerPage, () => frames.render(doc) ?? stillPage);
    frames.paint(frames.composer.shown, { x0: 0, y0: 0, x1: stillPage.width, y1: stillPage.height }, true);
    return frames;
  }

  /** Shows `doc` (the same label with the dragged controls moved); false when it did not render. */
  draw(doc: LabelDocument): boolean {
    const composer = this.composer;
    if (!composer) return false;
    const layer = this.render(splitLabel(doc, this.indexes).layer);
    if (!layer) return false;
    let failed = false;
    const dirty = composer.update(layer, () => {
      const page = this.render(doc);
      if (page) return page;
      failed = true;
      return composer.shown;
    });
    if (failed) return false;
    if (dirty) this.paint(composer.shown, dirty, false);
    markEditorFrame({ controls: doc.children.length });
    return true;
  }

  private render(doc: LabelDocument): Page | null {
    const job = openJob(this.engine.engine, doc, this.data, this.options);
    if (!job.ok) return null;
    const page = job.value.page(this.pageIndex);
    return page.ok ? page.value : null;
  }

  /** Copies `r` of `page` onto the canvas (grey levels or 1-bit dots, as drawPage does). */
  private paint(page: Page, r: DotRect, whole: boolean): void {
    const canvas = this.canvas;
    if (whole && (canvas.width !== page.width || canvas.height !== page.height)) {
      canvas.width = page.width;
      canvas.height = page.height;
    }
    const ctx = canvas.getContext('2d');
    const w = r.x1 - r.x0;
    const h = r.y1 - r.y0;
    if (!ctx || w <= 0 || h <= 0) return;
    ctx.putImageData(pageImageData(ctx, page, r), r.x0, r.y0);
  }
}

/**
 * The editor canvas's drag frames: `start` as a move begins (async: the base renders once),
 * `draw` after each move, `stop` when the drag ends. `held` is true while the drag draws
 * its own frames: the canvas renders nothing whole then, and renders the label as it was
 * left when the drag ends (equal to the last frame shown).
 */
export function useDragFrames(raster: RefObject<HTMLCanvasElement | null>) {
  const frames = useRef<DragFrames | null>(null);
  const session = useRef(0);
  const [held, setHeld] = useState(false);
  const start = useCallback(
    (doc: LabelDocument, indexes: readonly number[], data: DataSource | null, pageIndex: number, options: { dpi: number; grey: boolean }, latest: () => LabelDocument) => {
      const canvas = raster.current;
      const id = ++session.current;
      if (!canvas) return;
      void DragFrames.start(canvas, doc, indexes, data, pageIndex, options)
        .catch(() => null)
        .then((f) => {
          if (!f || session.current !== id) return; // none, or the drag ended first
          frames.current = f;
          setHeld(true);
          f.draw(latest());
        });
    },
    [raster],
  );
  const draw = useCallback((doc: LabelDocument) => {
    if (frames.current && !frames.current.draw(doc)) frames.current = null; // then the label renders whole
  }, []);
  const stop = useCallback(() => {
    session.current++;
    frames.current = null;
    setHeld(false);
  }, []);
  const active = useCallback(() => frames.current !== null, []);
  return useMemo(() => ({ held, start, draw, stop, active }), [held, start, draw, stop, active]);
}
