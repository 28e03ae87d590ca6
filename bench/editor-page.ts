/**
 * The browser side of the editor benchmark (bench/editor.ts bundles this file and loads it
 * into the editor's page). Exposes `window.editorBench`:
 *
 * - `arm()` / `next(n)` / `samples()`: the latency probe. A pointermove listener on the
 *   window in the capture phase (so it runs before the editor's, which React attaches to its
 *   root) notes when each move arrives: `performance.now()` in the listener and the event's
 *   own `timeStamp` (when the browser received the input). When a label frame is then drawn
 *   (the editor's frame hook, src/editor/frame-mark.ts, or the peer's drawing), the next
 *   requestAnimationFrame callback, the frame that shows it, closes the sample. The driver
 *   moves the pointer once and waits for that sample before the next move, so every sample
 *   is one move's own frame.
 * - `peer.start(...)` / `peer.stop()`: the peer, on a 1,000 x 750 canvas laid over the page:
 *   the same label drawn with a 2D canvas (text with fillText in the bundled faces, loaded
 *   with the FontFace API; rectangles, lines and the table's grid as paths) and bwip-js's
 *   browser build (every Code 128 and QR Code encoded and drawn onto a small canvas, then
 *   scaled into its box, nearest neighbour), all of it redrawn for every pointer move, as a
 *   canvas editor without our engine would. It reports its frames through the same hook.
 *
 * The first-frame figure needs no code here: bench/editor.ts's init script notes the first
 * frame of the benchmark's label (see there).
 */
import bwipjs from 'bwip-js/browser';

interface Sample {
  /** From the capture listener's performance.now() to the frame, ms. */
  listener: number;
  /** From the event's timeStamp (input received) to the frame, ms. */
  event: number;
  /** From the capture listener to the moment the frame was drawn (before the page's other
   * work in that task, React's rendering included, and the wait for the animation frame), ms. */
  drawn: number;
}

/** What the peer reads of the label's controls (LabelDocument's children, in mm). */
interface Control {
  kind: string;
  x: number;
  y: number;
  width: number;
  height: number;
  lineWidth?: number;
  content?: string;
  fontName?: string;
  fontHeight?: number;
  rows?: number;
  cols?: number;
  rowHeight?: number[];
  colWidth?: number[];
  cells?: { content: string; fontName: string; fontHeight: number }[];
}

type FrameHook = (frame: { controls: number }) => void;
const win = window as unknown as { __assetmarkEditorFrame?: FrameHook; __editorBenchFrame?: FrameHook; editorBench: typeof bench };

let armed = false;
let pending: { at: number; stamp: number } | null = null;
const taken: Sample[] = [];
let waiter: { count: number; resolve: () => void } | null = null;

window.addEventListener(
  'pointermove',
  (e) => {
    if (armed) pending = { at: performance.now(), stamp: e.timeStamp };
  },
  { capture: true },
);

/** Called for every frame drawn (the editor's through the init script's hook, the peer's directly). */
function onFrame(): void {
  const p = pending;
  if (!p) return;
  pending = null;
  const drawnAt = performance.now();
  requestAnimationFrame(() => {
    const now = performance.now();
    taken.push({ listener: now - p.at, event: now - p.stamp, drawn: drawnAt - p.at });
    if (waiter && taken.length >= waiter.count) {
      waiter.resolve();
      waiter = null;
    }
  });
}
win.__editorBenchFrame = onFrame;

/** Resolves once `count` samples are in; rejects after `timeoutMs` (a move that drew nothing). */
function next(count: number, timeoutMs = 10_000): Promise<number> {
  if (taken.length >= count) return Promise.resolve(taken.length);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`editor bench: no frame for move ${count} within ${timeoutMs} ms`)), timeoutMs);
    waiter = {
      count,
      resolve: () => {
        clearTimeout(timer);
        resolve(taken.length);
      },
    };
  });
}

// ---- the peer ---------------------------------------------------------------------------

let peerFontsLoaded = false;
async function loadPeerFonts(): Promise<void> {
  if (peerFontsLoaded) return;
  // Chromium's font sanitiser refuses TrueType collections (wqy-microhei.ttc): the peer's
  // Chinese face is Droid Sans Fallback, the other bundled CJK face.
  const faces = [new FontFace('Liberation Sans', 'url(/fonts/LiberationSans-Regular.ttf)'), new FontFace('Droid Sans Fallback', 'url(/fonts/DroidSansFallbackFull.ttf)')];
  for (const face of await Promise.all(faces.map((f) => f.load()))) document.fonts.add(face);
  peerFontsLoaded = true;
}

const isCjkFont = (name: string | undefined) => !!name && /[^\x00-\x7f]/.test(name);
const family = (name: string | undefined) => (isCjkFont(name) ? '"Droid Sans Fallback"' : '"Liberation Sans"');

let peerCanvas: HTMLCanvasElement | null = null;

/** Draws the whole label at `zoom` px a mm: what the peer does for every frame. */
function drawLabel(ctx: CanvasRenderingContext2D, controls: Control[], zoom: number, symbol: HTMLCanvasElement): void {
  const { width, height } = ctx.canvas;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000';
  ctx.strokeStyle = '#000';
  ctx.textBaseline = 'top';
  for (const c of controls) {
    const x = c.x * zoom;
    const y = c.y * zoom;
    const w = c.width * zoom;
    const h = c.height * zoom;
    const line = Math.max(1, (c.lineWidth ?? 0.3) * zoom);
    switch (c.kind) {
      case 'rectangle':
        ctx.lineWidth = line;
        ctx.strokeRect(x + line / 2, y + line / 2, w - line, h - line);
        break;
      case 'line':
        ctx.fillRect(x, y, w, line);
        break;
      case 'text':
        ctx.font = `${(c.fontHeight ?? 3) * zoom}px ${family(c.fontName)}`;
        ctx.fillText(c.content ?? '', x, y, w);
        break;
      case 'barcode':
        bwipjs.render({ bcid: 'code128', text: c.content ?? '', scaleX: 1, scaleY: 1, height: 8, includetext: true, textxalign: 'center' }, bwipjs.drawingCanvas(symbol));
        ctx.drawImage(symbol, x, y, w, h);
        break;
      case 'qrcode': {
        // Level M, as the label's (BWIPP's option; the browser build's types omit it).
        bwipjs.render({ bcid: 'qrcode', text: c.content ?? '', eclevel: 'M', scale: 1 } as Parameters<typeof bwipjs.render>[0], bwipjs.drawingCanvas(symbol));
        const side = Math.min(w, h);
        ctx.drawImage(symbol, x + (w - side) / 2, y + (h - side) / 2, side, side);
        break;
      }
      case 'table': {
        ctx.lineWidth = line;
        const cols = c.colWidth ?? [];
        const rows = c.rowHeight ?? [];
        ctx.beginPath();
        let cy = y;
        for (let r = 0; r <= rows.length; r++) {
          ctx.moveTo(x, cy);
          ctx.lineTo(x + w, cy);
          cy += (rows[r] ?? 0) * zoom;
        }
        let cx = x;
        for (let k = 0; k <= cols.length; k++) {
          ctx.moveTo(cx, y);
          ctx.lineTo(cx, y + h);
          cx += (cols[k] ?? 0) * zoom;
        }
        ctx.stroke();
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        let top = y;
        for (let r = 0; r < rows.length; r++) {
          let left = x;
          for (let k = 0; k < cols.length; k++) {
            const cell = c.cells?.[r * cols.length + k];
            if (cell) {
              ctx.font = `${cell.fontHeight * zoom}px ${family(cell.fontName)}`;
              ctx.fillText(cell.content, left + (cols[k]! * zoom) / 2, top + (rows[r]! * zoom) / 2, cols[k]! * zoom);
            }
            left += cols[k]! * zoom;
          }
          top += rows[r]! * zoom;
        }
        ctx.textAlign = 'start';
        ctx.textBaseline = 'top';
        break;
      }
      default:
        break;
    }
  }
}

/**
 * Lays the peer's canvas over the page at (left, top) px (outside the app's React root, so
 * the editor sees none of its events) and draws the label; pressing on the `dragged`
 * control and moving redraws the whole label with it moved, for every move.
 */
async function peerStart(a: { controls: Control[]; dragged: number; zoom: number; left: number; top: number }): Promise<{ width: number; height: number }> {
  await loadPeerFonts();
  peerStop();
  const controls = a.controls.map((c) => ({ ...c }));
  const width = Math.round(Math.max(...controls.map((c) => c.x + c.width)) * a.zoom) + 10;
  const height = Math.round(Math.max(...controls.map((c) => c.y + c.height)) * a.zoom) + 10;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.style.cssText = `position:fixed;left:${a.left}px;top:${a.top}px;z-index:2147483647;touch-action:none;background:#fff`;
  canvas.dataset.testid = 'editor-bench-peer';
  document.body.appendChild(canvas);
  peerCanvas = canvas;
  const ctx = canvas.getContext('2d')!;
  const symbol = document.createElement('canvas');
  drawLabel(ctx, controls, a.zoom, symbol);
  const start = { x: controls[a.dragged]!.x, y: controls[a.dragged]!.y };
  let from: { x: number; y: number; id: number } | null = null;
  canvas.addEventListener('pointerdown', (e) => {
    canvas.setPointerCapture(e.pointerId);
    from = { x: e.clientX, y: e.clientY, id: e.pointerId };
  });
  canvas.addEventListener('pointermove', (e) => {
    if (!from || e.pointerId !== from.id) return;
    const c = controls[a.dragged]!;
    c.x = start.x + (e.clientX - from.x) / a.zoom;
    c.y = start.y + (e.clientY - from.y) / a.zoom;
    drawLabel(ctx, controls, a.zoom, symbol);
    onFrame();
  });
  canvas.addEventListener('pointerup', () => {
    from = null;
  });
  return { width, height };
}

function peerStop(): void {
  peerCanvas?.remove();
  peerCanvas = null;
}

const bench = {
  /** Starts (or restarts) taking samples: the next move is sample 1. */
  arm(): void {
    taken.length = 0;
    pending = null;
    armed = true;
  },
  disarm(): void {
    armed = false;
    pending = null;
  },
  next,
  samples: (): Sample[] => taken.slice(),
  peer: { start: peerStart, stop: peerStop },
};

win.editorBench = bench;
