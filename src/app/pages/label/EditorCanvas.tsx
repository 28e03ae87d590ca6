/**
 * The editor's canvas (label-editor.md section 2): the engine's own raster of the label at
 * the current zoom (grey and anti-aliased; or, at "printer dots", the printer's 1-bit page
 * at one screen pixel a dot), with an overlay canvas on top for the selection border and
 * the 8 anchors. The overlay is never part of the label. The pointer and the keyboard edit
 * through the EditorModel (src/editor/model.ts): one drag is one undo step.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { LabelDocument } from '../../../label/label';
import { formatPrintError } from '../../../print/errors';
import { BrowserEngine } from '../../../print/browser/engine';
import type { Page } from '../../../engine/types';
import { canMove, canResize, moveFrom, resizeElement } from '../../../editor/edit';
import {
  ANCHOR_COLOR,
  ANCHOR_LINE_PX,
  ANCHOR_RADIUS_PX,
  ANCHORS,
  anchorAt,
  anchorPoints,
  hitTest,
  layout,
  rasterDpi,
  toLabel,
  toScreen,
  visualRect,
  type Anchor,
  type View,
} from '../../../editor/geometry';
import type { EditorModel } from '../../../editor/model';
import type { DataSource } from '../../../label/binding/data';
import { highlights } from '../../../editor/data';
import { drawPage } from './PagePreview';
import { drawDataHighlights } from './dataOverlay';

/** Pointer travel before a press becomes a move, px (a click must not nudge a control). */
const DRAG_THRESHOLD_PX = 3;
/** Extra reach around controls for the pointer, px (a 0.5 mm line at zoom 2 is 1 px). */
const HIT_PAD_PX = 3;
const SELECTION_COLOR = 'rgba(0, 128, 128, 0.9)';

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

type Drag =
  | { kind: 'move'; pointerId: number; start: LabelDocument; indexes: number[]; fromX: number; fromY: number; key: string; moving: boolean }
  | { kind: 'resize'; pointerId: number; start: LabelDocument; index: number; anchor: Anchor; fromX: number; fromY: number; key: string };

const CURSORS: Record<Anchor, string> = { nw: 'nwse-resize', se: 'nwse-resize', ne: 'nesw-resize', sw: 'nesw-resize', n: 'ns-resize', s: 'ns-resize', e: 'ew-resize', w: 'ew-resize' };

/** The engine's page `pageIndex` (0-based) of `doc` with `data` at the mode's resolution; the
 * last finished render stays on screen until the next one is ready (no flicker while dragging). */
function useRaster(doc: LabelDocument, mode: RasterMode, language: 'zh-CN' | 'en', data: DataSource | null, pageIndex: number) {
  const [state, setState] = useState<{ page: Page | null; error: string | null; doc: LabelDocument | null; data?: DataSource | null; pageIndex?: number }>({ page: null, error: null, doc: null });
  const dpi = mode.dots ? doc.sourceDpi : rasterDpi(mode.zoom);
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const engine = await BrowserEngine.load();
        // The data is passed as read (not null, which would read the embedded file again).
        const job = await engine.openJob(doc, data, { dpi, grey: !mode.dots, preview: true, timeMs: Date.now() });
        if (!live) return;
        if (!job.ok) return setState((s) => ({ page: s.page, error: formatPrintError(job.error, language), doc, data, pageIndex }));
        const page = job.value.page(pageIndex);
        if (!live) return;
        setState((s) => (page.ok ? { page: page.value, error: null, doc, data, pageIndex } : { page: s.page, error: formatPrintError(page.error, language), doc, data, pageIndex }));
      } catch (e) {
        if (live) setState((s) => ({ page: s.page, error: e instanceof Error ? e.message : String(e), doc, data, pageIndex }));
      }
    })();
    return () => {
      live = false;
    };
  }, [doc, dpi, mode.dots, language, data, pageIndex]);
  return { page: state.page, error: state.error, current: state.doc === doc && state.data === data && state.pageIndex === pageIndex };
}

export function EditorCanvas({ model, doc, mode, onContainerSize, stageRef, data = null, pageIndex = 0 }: { model: EditorModel; doc: LabelDocument; mode: RasterMode; onContainerSize: (w: number, h: number) => void; stageRef?: RefObject<HTMLDivElement | null>; data?: DataSource | null; pageIndex?: number }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const language = i18n.language === 'en' ? 'en' : 'zh-CN';
  const scroller = useRef<HTMLDivElement>(null);
  const raster = useRef<HTMLCanvasElement>(null);
  const overlay = useRef<HTMLCanvasElement>(null);
  const drag = useRef<Drag | null>(null);
  const [container, setContainer] = useState({ width: 600, height: 420 });
  const [cursor, setCursor] = useState('default');
  const { page, error, current } = useRaster(doc, mode, language, data, pageIndex);

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

  const { stageWidth, stageHeight, view } = layout(doc.labelWidth, doc.labelHeight, mode.zoom, container.width, container.height);

  useEffect(() => {
    if (raster.current && page) drawPage(raster.current, page);
  }, [page]);

  const selection = model.selection;
  const primary = model.primary;
  useEffect(() => {
    const canvas = overlay.current;
    if (!canvas) return;
    canvas.width = stageWidth;
    canvas.height = stageHeight;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    drawOverlay(ctx, view, doc, selection, primary);
    drawDataHighlights(ctx, view, doc, highlights(doc, data, pageIndex));
  }, [doc, selection, primary, stageWidth, stageHeight, view.zoom, view.originX, view.originY, data, pageIndex]);

  const point = (e: PointerEvent<HTMLCanvasElement>): [number, number] => {
    const r = e.currentTarget.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.parentElement?.focus();
    const [px, py] = point(e);
    const current = model.doc;
    const p = model.primary;
    if (p !== null && current.children[p] && canResize(current.children[p]!)) {
      const anchor = anchorAt(view, visualRect(current.children[p]!), px, py);
      if (anchor) {
        e.currentTarget.setPointerCapture(e.pointerId);
        drag.current = { kind: 'resize', pointerId: e.pointerId, start: current, index: p, anchor, fromX: px, fromY: py, key: model.newDragKey() };
        return;
      }
    }
    const [mx, my] = toLabel(view, px, py);
    const hit = hitTest(current.children, mx, my, HIT_PAD_PX / view.zoom);
    if (hit < 0) {
      if (!e.shiftKey) model.select(-1, false);
      return;
    }
    if (e.shiftKey) return model.select(hit, true);
    if (!model.selection.includes(hit)) model.select(hit, false);
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { kind: 'move', pointerId: e.pointerId, start: current, indexes: [...model.selection], fromX: px, fromY: py, key: model.newDragKey(), moving: false };
  };

  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const [px, py] = point(e);
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) {
      setCursor(hoverCursor(model, view, px, py));
      return;
    }
    const dx = (px - d.fromX) / view.zoom;
    const dy = (py - d.fromY) / view.zoom;
    if (d.kind === 'move') {
      if (!d.moving && Math.hypot(px - d.fromX, py - d.fromY) < DRAG_THRESHOLD_PX) return;
      d.moving = true;
      model.edit('move', (doc) => moveFrom(doc, d.start, d.indexes, dx, dy, model.locale), d.key);
    } else {
      const start = d.start.children[d.index];
      if (start) model.updateControl(d.index, 'resize', () => resizeElement(start, d.anchor, dx, dy, d.start, model.locale), d.key);
    }
  };

  const endDrag = (e: PointerEvent<HTMLCanvasElement>) => {
    if (drag.current?.pointerId !== e.pointerId) return;
    drag.current = null;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const ctrl = e.ctrlKey || e.metaKey;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    let handled = true;
    if (ctrl && key === 'z' && !e.shiftKey) model.undo();
    else if (ctrl && (key === 'y' || (key === 'z' && e.shiftKey))) model.redo();
    else if (ctrl && key === 'a') model.selectAll();
    else if (ctrl && key === 'd') model.duplicateSelection();
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
        />
        <canvas
          ref={overlay}
          className={styles.overlay}
          style={{ cursor }}
          data-testid="editor-overlay"
          data-origin-x={view.originX}
          data-origin-y={view.originY}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
        />
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
  const p = model.primary;
  if (p !== null && doc.children[p] && canResize(doc.children[p]!)) {
    const a = anchorAt(view, visualRect(doc.children[p]!), px, py);
    if (a) return CURSORS[a];
  }
  const [mx, my] = toLabel(view, px, py);
  const hit = hitTest(doc.children, mx, my, HIT_PAD_PX / view.zoom);
  return hit >= 0 && canMove(doc.children[hit]!) ? 'move' : 'default';
}

/** Label edge, selection borders and the primary control's anchors (spec section 2). */
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
  const el = primary !== null ? doc.children[primary] : undefined;
  if (!el || !canResize(el)) return;
  const points = anchorPoints(view, visualRect(el));
  ctx.strokeStyle = ANCHOR_COLOR;
  ctx.lineWidth = ANCHOR_LINE_PX;
  for (const a of ANCHORS) {
    const [x, y] = points[a];
    ctx.beginPath();
    ctx.arc(x, y, ANCHOR_RADIUS_PX, 0, Math.PI * 2);
    ctx.stroke();
  }
}
