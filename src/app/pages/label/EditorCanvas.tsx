/**
 * The editor's canvas (label-editor.md section 2): the engine's own raster of the label at
 * the current zoom (grey and anti-aliased; or, at "printer dots", the printer's 1-bit page
 * at one screen pixel a dot), with an overlay canvas on top for the selection border and
 * the 8 anchors. The overlay is never part of the label. The pointer and the keyboard edit
 * through the EditorModel (src/editor/model.ts): one drag is one undo step. Dragging on
 * empty canvas draws a marquee; moves and resizes snap to the label and other controls
 * (src/editor/arrange.ts; Alt: no snapping) with guides on the overlay; Ctrl+C / Ctrl+V
 * copy and paste within the editor.
 */
import { messageLanguage } from '../../i18n/types';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type RefObject } from 'react';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { LabelDocument } from '../../../label/label';
import { formatPrintError } from '../../../print/errors';
import { BrowserEngine } from '../../../print/browser/engine';
import type { Page } from '../../../engine/types';
import { canMove, moveFrom, resizeElement } from '../../../editor/edit';
import {
  hitTest,
  rasterDpi,
  toLabel,
  toScreen,
  visualRect,
  type Anchor,
  type Rect,
  type View,
} from '../../../editor/geometry';
import type { EditorModel } from '../../../editor/model';
import type { DataSource } from '../../../label/binding/data';
import { highlights } from '../../../editor/data';
import { marqueeHits, marqueeSelection, movable, NO_GUIDES, rectFromPoints, SNAP_PX, snapMove, snapResize, snapTargets, unionRect, type Guides, type SnapTargets } from '../../../editor/arrange';
import { drawPage } from './PagePreview';
import { drawDataHighlights } from './dataOverlay';
import { markEditorFrame, markEditorStep } from '../../../editor/frame-mark';
import { useDragFrames } from './dragFrames';
import { borderHover, borderPress, cellPress, dragBorder, dragLineEnd, drawTableAndLineOverlay, lineEndHover, lineEndPress, type BorderDrag, type LineEndDrag } from './tableLineCanvas';
import { hasClockContent } from '../../../label/resolve';
import { canType, type TypingTarget } from '../../../editor/inplace';
import { handleAt } from '../../../editor/handles';
import { layoutWithTail } from '../../../editor/flag-tail';
import { cellAtPoint, rangeRect } from '../../../editor/table-cells';
import { cellArea } from '../../../editor/table-ops';
import { EditorTextEditor } from './EditorTextEditor';
import { drawEmptyHints, drawFlagTail, drawHandles } from './typingOverlay';
import { useSecondTicker } from './useSecondTicker';

/** Pointer travel before a press becomes a move, px (a click must not nudge a control). */
const DRAG_THRESHOLD_PX = 3;
/** Extra reach around controls for the pointer, px (a 0.5 mm line at zoom 2 is 1 px). */
const HIT_PAD_PX = 3;
const SELECTION_COLOR = 'rgba(0, 128, 128, 0.9)';
/** Snap guides: magenta, so they are not taken for a selection border or the label edge. */
const GUIDE_COLOR = 'rgba(214, 0, 147, 0.9)';
const MARQUEE_COLOR = 'rgba(0, 128, 128, 0.9)';
const MARQUEE_FILL = 'rgba(0, 128, 128, 0.08)';

const useStyles = makeStyles({
  scroller: { position: 'relative', overflow: 'auto', minHeight: '360px', height: '100%', backgroundColor: tokens.colorNeutralBackground3, borderRadius: tokens.borderRadiusMedium },
  stage: { position: 'relative', outline: 'none', ':focus-visible': { boxShadow: `inset 0 0 0 2px ${tokens.colorBrandStroke1}` } },
  raster: { position: 'absolute', imageRendering: 'pixelated', boxShadow: tokens.shadow8 },
  overlay: { position: 'absolute', left: 0, top: 0, touchAction: 'none' },
  status: { position: 'absolute', left: tokens.spacingHorizontalS, bottom: tokens.spacingVerticalXS, color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** How the raster is made: `dots` draws the printer's own 1-bit page at the label's dpi. */
export interface RasterMode {
  zoom: number;
  dots: boolean;
}

/** A drag: moving the selection (`box` is the union of its unlocked controls as the drag
 * began, snapped as one), resizing one control, or a marquee over empty canvas. */
type Drag =
  | { kind: 'move'; pointerId: number; start: LabelDocument; indexes: number[]; fromX: number; fromY: number; key: string; moving: boolean; box: Rect | null; targets: SnapTargets }
  | { kind: 'resize'; pointerId: number; start: LabelDocument; index: number; anchor: Anchor; fromX: number; fromY: number; key: string; targets: SnapTargets }
  | { kind: 'marquee'; pointerId: number; fromX: number; fromY: number; base: number[]; additive: boolean }
  | LineEndDrag
  | BorderDrag;

/** What the overlay shows during a drag only: the marquee (screen px) and snap guides (mm). */
interface Transient {
  marquee: Rect | null;
  guides: Guides;
}
const IDLE: Transient = { marquee: null, guides: NO_GUIDES };

function sameGuides(a: Guides, b: Guides): boolean {
  return a.xs.join() === b.xs.join() && a.ys.join() === b.ys.join();
}

const CURSORS: Record<Anchor, string> = { nw: 'nwse-resize', se: 'nwse-resize', ne: 'nesw-resize', sw: 'nesw-resize', n: 'ns-resize', s: 'ns-resize', e: 'ew-resize', w: 'ew-resize' };

/** The engine's page `pageIndex` (0-based) of `doc` with `data` at the mode's resolution; the
 * last finished render stays on screen until the next one is ready (no flicker while dragging). */
function useRaster(doc: LabelDocument, mode: RasterMode, language: 'zh-CN' | 'en', data: DataSource | null, pageIndex: number, tickMs: number | null, hold = false) {
  const [state, setState] = useState<{ page: Page | null; error: string | null; doc: LabelDocument | null; data?: DataSource | null; pageIndex?: number; timeMs?: number }>({ page: null, error: null, doc: null });
  const dpi = mode.dots ? doc.sourceDpi : rasterDpi(mode.zoom);
  useEffect(() => {
    if (hold) return; // a drag draws its own frames (dragFrames.ts); its end renders here
    let live = true;
    void (async () => {
      try {
        markEditorStep('render', doc.children.length);
        const engine = await BrowserEngine.load();
        // The data is passed as read (not null, which would read the embedded file again).
        const timeMs = tickMs ?? Date.now();
        const job = await engine.openJob(doc, data, { dpi, grey: !mode.dots, preview: true, timeMs });
        markEditorStep('opened', doc.children.length);
        if (!live) return;
        if (!job.ok) return setState((s) => ({ page: s.page, error: formatPrintError(job.error, language), doc, data, pageIndex }));
        const page = job.value.page(pageIndex);
        if (!live) return;
        setState((s) => (page.ok ? { page: page.value, error: null, doc, data, pageIndex, timeMs } : { page: s.page, error: formatPrintError(page.error, language), doc, data, pageIndex }));
      } catch (e) {
        if (live) setState((s) => ({ page: s.page, error: e instanceof Error ? e.message : String(e), doc, data, pageIndex }));
      }
    })();
    return () => {
      live = false;
    };
  }, [doc, dpi, mode.dots, language, data, pageIndex, tickMs, hold]);
  return { timeMs: state.timeMs, page: state.page, drawn: state.doc, error: state.error, current: state.doc === doc && state.data === data && state.pageIndex === pageIndex };
}

export function EditorCanvas({ model, doc, mode, onContainerSize, stageRef, data = null, pageIndex = 0 }: { model: EditorModel; doc: LabelDocument; mode: RasterMode; onContainerSize: (w: number, h: number) => void; stageRef?: RefObject<HTMLDivElement | null>; data?: DataSource | null; pageIndex?: number }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const language = messageLanguage(i18n.language);
  const scroller = useRef<HTMLDivElement>(null);
  const raster = useRef<HTMLCanvasElement>(null);
  const overlay = useRef<HTMLCanvasElement>(null);
  const drag = useRef<Drag | null>(null);
  const [container, setContainer] = useState({ width: 600, height: 420 });
  const [cursor, setCursor] = useState('default');
  const [transient, setTransient] = useState<Transient>(IDLE);
  const [typing, setTyping] = useState<TypingTarget | null>(null);
  // Spec section 4: the label's dates and times tick once a second while shown, unless the
  // label is protected (its editable flag off): then they keep the time last drawn.
  const tickMs = useSecondTicker(hasClockContent(doc) && doc.editable);
  const dragFrames = useDragFrames(raster);
  const { timeMs: shownTimeMs, page, drawn, error, current } = useRaster(doc, mode, language, data, pageIndex, tickMs, dragFrames.held);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => {
      setContainer({ width: el.clientWidth, height: el.clientHeight });
      onContainerSize(el.clientWidth, el.clientHeight);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [onContainerSize]);

  const { stageWidth, stageHeight, view } = layoutWithTail(doc, mode.zoom, container.width, container.height);

  useEffect(() => {
    if (!raster.current || !page || dragFrames.active()) return;
    drawPage(raster.current, page);
    markEditorFrame({ controls: drawn?.children.length ?? 0 });
  }, [page]);

  // Which opening (model.loads) each document shown belongs to. After a label is opened the
  // overlay waits for the raster's first frame of it: the new label's border, selection, hints
  // and table lines never show over the previous label or an empty page. Edits within one
  // opening are drawn at once, ahead of their raster.
  const docLoads = useRef(new WeakMap<LabelDocument, number>());
  docLoads.current.set(doc, model.loads);
  const rasterShowsThisOpening = drawn !== null && docLoads.current.get(drawn) === model.loads;

  const selection = model.selection;
  const primary = model.primary;
  const cellSelection = model.cellSelection;
  // The overlay draws the model's newest document and selection: a live drag paints it in
  // the pointer event (the border and handles move in the same frame as the control) while
  // this component renders later (useEditorVersion.ts). The rest is as of the last render.
  const overlayInputs = useRef({ view, stageWidth, stageHeight, data, pageIndex, transient, typing, hint: '', shown: false });
  overlayInputs.current = { view, stageWidth, stageHeight, data, pageIndex, transient, typing, hint: t('labelEditor.typing.hint'), shown: rasterShowsThisOpening };
  const paintOverlay = useCallback(() => {
    const canvas = overlay.current;
    if (!canvas) return;
    const { view, stageWidth, stageHeight, data, pageIndex, transient, typing, hint, shown } = overlayInputs.current;
    // Resized only when the stage is (a resize clears the canvas and costs a new bitmap).
    if (canvas.width !== stageWidth) canvas.width = stageWidth;
    if (canvas.height !== stageHeight) canvas.height = stageHeight;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    if (!shown) {
      // Also the effect below: it must return nothing.
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      return;
    }
    const doc = model.doc;
    drawOverlay(ctx, view, doc, model.selection, model.primary);
    drawFlagTail(ctx, view, doc);
    drawEmptyHints(ctx, view, doc, hint, typing?.index ?? null);
    drawDataHighlights(ctx, view, doc, highlights(doc, data, pageIndex));
    drawTableAndLineOverlay(ctx, view, doc, model.cellSelection, model.primary);
    drawTransient(ctx, view, transient);
  }, [model]);
  useEffect(paintOverlay, [paintOverlay, doc, selection, primary, stageWidth, stageHeight, view.zoom, view.originX, view.originY, data, pageIndex, transient, cellSelection, typing, t, rasterShowsThisOpening]);

  const point = (e: PointerEvent<HTMLCanvasElement> | MouseEvent<HTMLCanvasElement>): [number, number] => {
    const r = e.currentTarget.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (e.button !== 0) return;
    // No scroll: the press's point is read against where the canvas is now.
    e.currentTarget.parentElement?.focus({ preventScroll: true });
    const [px, py] = point(e);
    const current = model.doc;
    const end = lineEndPress(model, view, current, px, py, e.pointerId);
    if (end) {
      e.currentTarget.setPointerCapture(e.pointerId);
      drag.current = end;
      return;
    }
    // Spec section 2: the shown handles resize (a selected control's handle makes it the
    // active one); a locked control has none.
    const handle = handleAt(view, current, model.selection, model.primary, px, py);
    if (handle) {
      const p = handle.index;
      if (p !== model.primary) model.setSelection([...model.selection.filter((i) => i !== p), p]);
      e.currentTarget.setPointerCapture(e.pointerId);
      drag.current = { kind: 'resize', pointerId: e.pointerId, start: current, index: p, anchor: handle.anchor, fromX: px, fromY: py, key: model.newDragKey(), targets: snapTargets(current, [p]) };
      return;
    }
    const border = borderPress(model, view, current, px, py, e.pointerId);
    if (border) {
      e.currentTarget.setPointerCapture(e.pointerId);
      drag.current = border;
      return;
    }
    const [mx, my] = toLabel(view, px, py);
    const hit = hitTest(current.children, mx, my, HIT_PAD_PX / view.zoom);
    if (hit < 0) {
      // Empty canvas: a click clears the selection (Shift keeps it); a drag is a marquee.
      if (!e.shiftKey) model.select(-1, false);
      e.currentTarget.setPointerCapture(e.pointerId);
      drag.current = { kind: 'marquee', pointerId: e.pointerId, fromX: px, fromY: py, base: [...model.selection], additive: e.shiftKey };
      return;
    }
    // The selected table: a click selects a cell (and may still drag the table), Shift extends.
    if (cellPress(model, hit, mx, my, e.shiftKey) && e.shiftKey) return;
    if (e.shiftKey) return model.select(hit, true);
    if (!model.selection.includes(hit)) model.select(hit, false);
    e.currentTarget.setPointerCapture(e.pointerId);
    // Group move: every selected control moves with the one dragged; locked ones stay (and
    // stay snap targets, like every control not moving).
    const moving = movable(current.children, model.selection);
    drag.current = { kind: 'move', pointerId: e.pointerId, start: current, indexes: [...model.selection], fromX: px, fromY: py, key: model.newDragKey(), moving: false, box: unionRect(current.children, moving), targets: snapTargets(current, moving) };
  };

  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const [px, py] = point(e);
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) {
      setCursor(hoverCursor(model, view, px, py));
      return;
    }
    if (d.kind === 'marquee') {
      const r = rectFromPoints(d.fromX, d.fromY, px, py);
      if (r.width < DRAG_THRESHOLD_PX && r.height < DRAG_THRESHOLD_PX && !transient.marquee) return;
      const [x0, y0] = toLabel(view, r.x, r.y);
      const hits = marqueeHits(model.doc.children, { x: x0, y: y0, width: r.width / view.zoom, height: r.height / view.zoom });
      model.setSelection(marqueeSelection(d.base, hits, d.additive));
      setTransient({ marquee: r, guides: NO_GUIDES });
      return;
    }
    let dx = (px - d.fromX) / view.zoom;
    let dy = (py - d.fromY) / view.zoom;
    // Snapping reach: SNAP_PX screen px, in mm at this zoom; Alt turns snapping off.
    const reach = e.altKey ? 0 : SNAP_PX / view.zoom;
    let guides = NO_GUIDES;
    if (d.kind === 'lineEnd') guides = dragLineEnd(model, d, dx, dy, reach);
    else if (d.kind === 'border') dragBorder(model, d, dx, dy);
    else if (d.kind === 'move') {
      if (!d.moving && Math.hypot(px - d.fromX, py - d.fromY) < DRAG_THRESHOLD_PX) return;
      if (!d.moving) dragFrames.start(d.start, movable(d.start.children, d.indexes), data, pageIndex, { dpi: mode.dots ? d.start.sourceDpi : rasterDpi(mode.zoom), grey: !mode.dots }, () => model.doc);
      d.moving = true;
      if (d.box && reach > 0) ({ dx, dy, guides } = snapMove(d.box, dx, dy, d.targets, reach));
      // Once the drag draws its own frames, the page follows after them (model.live).
      model.setLive(dragFrames.active());
      model.edit('move', (doc) => moveFrom(doc, d.start, d.indexes, dx, dy, model.locale), d.key);
      dragFrames.draw(model.doc);
      if (!dragFrames.active()) model.setLive(false); // the label renders whole again
      else paintOverlay();
    } else {
      const start = d.start.children[d.index];
      if (start && reach > 0) ({ dx, dy, guides } = snapResize(visualRect(start), d.anchor, dx, dy, d.targets, reach));
      if (start) model.updateControl(d.index, 'resize', () => resizeElement(start, d.anchor, dx, dy, d.start, model.locale), d.key);
    }
    if (!sameGuides(guides, transient.guides)) setTransient({ marquee: null, guides });
  };

  const endDrag = (e: PointerEvent<HTMLCanvasElement>) => {
    if (drag.current?.pointerId !== e.pointerId) return;
    drag.current = null;
    model.setLive(false); // the page renders the drag's end at once
    dragFrames.stop();
    setTransient(IDLE);
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
  };

  /** Double-click: type into the control (a table: into the cell) under the pointer. */
  const onDoubleClick = (e: MouseEvent<HTMLCanvasElement>) => {
    const [px, py] = point(e);
    const [mx, my] = toLabel(view, px, py);
    const current = model.doc;
    const hit = hitTest(current.children, mx, my, HIT_PAD_PX / view.zoom);
    const el = current.children[hit];
    if (!el) return;
    const cell = el.kind === 'table' ? cellAtPoint(el, mx, my) : null;
    const target: TypingTarget = cell ? { index: hit, cell } : { index: hit };
    if (!canType(el, target)) return;
    if (!model.selection.includes(hit)) model.select(hit, false);
    setTyping(target);
  };
  const endTyping = useCallback(() => {
    setTyping(null);
    stageRef?.current?.focus({ preventScroll: true });
  }, [stageRef]);
  const typingEl = typing ? doc.children[typing.index] : undefined;
  const typingRect = typingEl ? (typingEl.kind === 'table' && typing?.cell ? rangeRect(typingEl, cellArea(typingEl, typing.cell.row, typing.cell.col)) : visualRect(typingEl)) : null;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const ctrl = e.ctrlKey || e.metaKey;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    let handled = true;
    if (ctrl && key === 'z' && !e.shiftKey) model.undo();
    else if (ctrl && (key === 'y' || (key === 'z' && e.shiftKey))) model.redo();
    else if (ctrl && key === 'a') model.selectAll();
    else if (ctrl && key === 'd') model.duplicateSelection();
    else if (ctrl && key === 'c') handled = model.copySelection();
    else if (ctrl && key === 'v') handled = model.paste();
    else if (!ctrl && (key === 'Delete' || key === 'Backspace')) model.deleteSelection();
    else if (!ctrl && key === 'Escape') model.select(-1, false);
    else if (!ctrl && !e.altKey) handled = model.arrow(key, e.shiftKey);
    else handled = false;
    if (handled) e.preventDefault();
  };

  return (
    <div ref={scroller} className={styles.scroller}>
      <div
        ref={stageRef}
        className={styles.stage}
        style={{ width: stageWidth, height: stageHeight }}
        tabIndex={0}
        role="application"
        aria-label={t('labelEditor.canvas')}
        data-testid="editor-stage"
        onKeyDown={onKeyDown}
      >
        <canvas
          ref={raster}
          className={styles.raster}
          style={{ left: view.originX, top: view.originY }}
          data-testid="editor-raster"
          data-state={current && page ? 'ready' : 'busy'}
          data-zoom={String(mode.zoom)}
          data-dots={mode.dots ? 'true' : 'false'}
          data-page={pageIndex + 1}
          data-time={shownTimeMs ?? ''}
        />
        <canvas
          ref={overlay}
          className={styles.overlay}
          style={{ cursor }}
          data-testid="editor-overlay"
          data-origin-x={view.originX}
          data-origin-y={view.originY}
          data-guides-x={transient.guides.xs.join(' ')}
          data-guides-y={transient.guides.ys.join(' ')}
          data-marquee={transient.marquee ? 'true' : 'false'}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onDoubleClick={onDoubleClick}
        />
        {typing && typingRect && <EditorTextEditor key={`${typing.index}:${typing.cell?.row}:${typing.cell?.col}`} model={model} doc={doc} view={view} target={typing} rect={typingRect} onClose={endTyping} />}
      </div>
      {(error || !current) && (
        <Text size={200} className={error ? `${styles.status} ${styles.error}` : styles.status} data-testid="editor-render-status">
          {error ?? t('labelEditor.rendering')}
        </Text>
      )}
    </div>
  );
}

function hoverCursor(model: EditorModel, view: View, px: number, py: number): string {
  const doc = model.doc;
  if (lineEndHover(model, view, px, py)) return 'crosshair';
  const border = borderHover(model, view, px, py);
  if (border) return border;
  const handle = handleAt(view, doc, model.selection, model.primary, px, py);
  if (handle) return CURSORS[handle.anchor];
  const [mx, my] = toLabel(view, px, py);
  const hit = hitTest(doc.children, mx, my, HIT_PAD_PX / view.zoom);
  return hit >= 0 && canMove(doc.children[hit]!) ? 'move' : 'default';
}

/** Label edge, selection borders and the handles (spec section 2; typingOverlay.ts). */
function drawOverlay(ctx: CanvasRenderingContext2D, view: View, doc: LabelDocument, selection: readonly number[], primary: number | null): void {
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  const [lx, ly] = toScreen(view, 0, 0);
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.25)';
  ctx.lineWidth = 1;
  ctx.strokeRect(lx - 0.5, ly - 0.5, doc.labelWidth * view.zoom + 1, doc.labelHeight * view.zoom + 1);
  for (const i of selection) {
    const el = doc.children[i];
    if (!el) continue;
    const r = visualRect(el);
    const [x0, y0] = toScreen(view, r.x, r.y);
    ctx.setLineDash(el.lockMovement ? [4, 3] : []);
    ctx.strokeStyle = SELECTION_COLOR;
    ctx.lineWidth = 1;
    ctx.strokeRect(Math.round(x0) - 0.5, Math.round(y0) - 0.5, Math.round(r.width * view.zoom) + 1, Math.round(r.height * view.zoom) + 1);
  }
  ctx.setLineDash([]);
  drawHandles(ctx, view, doc, selection, primary);
}

/** The marquee rectangle and the snap guides (full-stage lines through the snapped edge). */
function drawTransient(ctx: CanvasRenderingContext2D, view: View, t: Transient): void {
  if (t.marquee) {
    const r = t.marquee;
    ctx.fillStyle = MARQUEE_FILL;
    ctx.fillRect(r.x, r.y, r.width, r.height);
    ctx.setLineDash([4, 3]);
    ctx.strokeStyle = MARQUEE_COLOR;
    ctx.lineWidth = 1;
    ctx.strokeRect(Math.round(r.x) + 0.5, Math.round(r.y) + 0.5, Math.round(r.width), Math.round(r.height));
    ctx.setLineDash([]);
  }
  ctx.strokeStyle = GUIDE_COLOR;
  ctx.lineWidth = 1;
  for (const x of t.guides.xs) {
    const sx = Math.round(toScreen(view, x, 0)[0]) + 0.5;
    ctx.beginPath();
    ctx.moveTo(sx, 0);
    ctx.lineTo(sx, ctx.canvas.height);
    ctx.stroke();
  }
  for (const y of t.guides.ys) {
    const sy = Math.round(toScreen(view, 0, y)[1]) + 0.5;
    ctx.beginPath();
    ctx.moveTo(0, sy);
    ctx.lineTo(ctx.canvas.width, sy);
    ctx.stroke();
  }
}
