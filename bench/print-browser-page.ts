/**
 * The browser side of the in-browser print benchmark (bench/print-browser.ts bundles this
 * file for the browser and loads it into a page of the built app, next to the app's own
 * engine entry). Exposes `window.printBench`:
 *
 * - `pool(...)`: 10,000 rows to pages in the app's worker pool (src/print/browser/pool.ts,
 *   from dist/): jobSetup on the page, the job opened in every worker, every page delivered
 *   in order to the page (its bytes counted);
 * - `peer(...)`: the peer, on the page's thread: bwip-js's browser build drawing the Code 128
 *   and the QR Code on OffscreenCanvases, the label drawn on another (border, the two text
 *   lines in the bundled faces, loaded with the FontFace API, the symbols composited nearest
 *   neighbour), getImageData and a threshold at 50% luminance packing 1-bit rows, MSB first,
 *   1 = black: the engine's output format. Same layout as bench/render-peer.ts (Node);
 * - `memory(...)`: a long job through the pool with a slow consumer, sampling the JS heap.
 */
import bwipjs from 'bwip-js/browser';

/** What the benchmark uses of the app's engine entry (src/print/browser/index.ts). */
interface EngineEntry {
  jobSetup(label: string, data: Table, options: { dpi: number; timeMs: number }): { ok: boolean; value: unknown; error?: { code: string } };
  BrowserRenderPool: { open(options: { workers?: number }): Promise<Pool> };
}
interface Pool {
  size: number;
  open(setup: unknown): Promise<{ ok: boolean; value: { pageCount: number }; error?: { code: string } }>;
  render(job: unknown, options: { onPage: (page: Page, index: number) => Promise<void> | void }): Promise<{ ok: boolean; error?: { code: string } }>;
  closeJob(job: unknown): void;
  close(): void;
}
interface Page {
  width: number;
  height: number;
  stride: number;
  data: Uint8Array;
}
interface Table {
  columnNames: string[];
  rows: string[][];
}
type Row = [code: string, name: string, location: string, url: string];

const pools = new Map<number, Pool>();

/** Chromium's heap figures (--enable-precise-memory-info), bytes. */
function heapUsed(): number | null {
  const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
  return memory ? memory.usedJSHeapSize : null;
}

function fail(what: string, result: { ok: boolean; error?: { code: string } }): never {
  throw new Error(`${what}: ${result.error?.code ?? 'failed'}`);
}

async function poolOf(engine: EngineEntry, workers: number): Promise<{ pool: Pool; startMs: number }> {
  const cached = pools.get(workers);
  if (cached) return { pool: cached, startMs: 0 };
  const t0 = performance.now();
  const pool = await engine.BrowserRenderPool.open({ workers });
  pools.set(workers, pool);
  return { pool, startMs: performance.now() - t0 };
}

/**
 * One run: `table`'s rows to pages at `dpi` on a pool of `workers` (started once per size
 * and kept: its start-up is returned apart, on the first run). Times in ms.
 */
async function pool(engine: EngineEntry, a: { wdfx: string; table: Table; workers: number; dpi: number; timeMs: number }) {
  const { pool, startMs } = await poolOf(engine, a.workers);
  const t0 = performance.now();
  const setup = engine.jobSetup(a.wdfx, a.table, { dpi: a.dpi, timeMs: a.timeMs });
  if (!setup.ok) fail('jobSetup', setup);
  const opened = await pool.open(setup.value);
  if (!opened.ok) fail('open', opened);
  const t1 = performance.now();
  let pages = 0;
  let bytes = 0;
  let width = 0;
  let height = 0;
  const done = await pool.render(opened.value, {
    onPage: (page) => {
      pages++;
      bytes += page.data.length;
      width = page.width;
      height = page.height;
    },
  });
  if (!done.ok) fail('render', done);
  const t2 = performance.now();
  pool.closeJob(opened.value);
  return { workers: pool.size, startMs, openMs: t1 - t0, renderMs: t2 - t1, totalMs: t2 - t0, pages, bytes, width, height };
}

/**
 * A long job (`table`'s rows, 100,000 in the benchmark) whose consumer yields to the event
 * loop every `yieldEvery` pages (a slow print queue), sampling the JS heap every 500 pages
 * (garbage included) and, with Chromium's --js-flags=--expose-gc, the live heap after a
 * full collection every 10,000 pages: what the job really holds.
 */
async function memory(engine: EngineEntry, a: { wdfx: string; table: Table; workers: number; dpi: number; timeMs: number; yieldEvery: number }) {
  const { pool } = await poolOf(engine, a.workers);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = heapUsed();
  const t0 = performance.now();
  const setup = engine.jobSetup(a.wdfx, a.table, { dpi: a.dpi, timeMs: a.timeMs });
  if (!setup.ok) fail('jobSetup', setup);
  const opened = await pool.open(setup.value);
  if (!opened.ok) fail('open', opened);
  let peak = heapUsed() ?? 0;
  let pages = 0;
  const samples: number[] = [];
  const live: number[] = [];
  const done = await pool.render(opened.value, {
    onPage: (_page, index) => {
      pages++;
      if (index % 500 === 0) {
        const used = heapUsed();
        if (used !== null) {
          peak = Math.max(peak, used);
          samples.push(used);
        }
      }
      if (gc && index % 10_000 === 9_999) {
        gc();
        const used = heapUsed();
        if (used !== null) live.push(used);
      }
      if (index % a.yieldEvery === 0) return new Promise<void>((resolve) => setTimeout(resolve, 0));
      return undefined;
    },
  });
  if (!done.ok) fail('render', done);
  const totalMs = performance.now() - t0;
  pool.closeJob(opened.value);
  return { pages, totalMs, heapBefore: before, heapPeak: before === null ? null : peak, samples, live };
}

let peerFontsLoaded = false;

async function loadPeerFonts(): Promise<void> {
  if (peerFontsLoaded) return;
  // Chromium's font sanitiser refuses TrueType collections (wqy-microhei.ttc, the engine's
  // CJK face): the peer draws its Chinese line with Droid Sans Fallback, the other bundled
  // CJK face (a plain .ttf of the same kind).
  const faces = [new FontFace('Liberation Sans', 'url(/fonts/LiberationSans-Regular.ttf)'), new FontFace('Droid Sans Fallback', 'url(/fonts/DroidSansFallbackFull.ttf)')];
  for (const face of await Promise.all(faces.map((f) => f.load()))) document.fonts.add(face);
  peerFontsLoaded = true;
}

/** Code 128 modules of the benchmark's 12-character codes (`ZC20240nnnnn`: B, then C). */
const CODE128_MODULES = 123;
/** QR version 3 (29 modules) without quiet zone; with the label's 2-module zone, 33. */
const QR_MODULES = 29;
const QR_MODULES_WITH_ZONE = QR_MODULES + 4;

/** The peer's renderer of the reference label at `dpi` (40 x 30 mm; see the file's comment). */
function peerRenderer(dpi: number): (row: Row) => Page {
  const dots = (mm: number) => Math.round((mm * dpi) / 25.4);
  const width = dots(40);
  const height = dots(30);
  const stride = (width + 7) >> 3;
  const label = new OffscreenCanvas(width, height);
  const ctx = label.getContext('2d', { willReadFrequently: true })!;
  ctx.imageSmoothingEnabled = false;
  const barCanvas = new OffscreenCanvas(1, 1);
  const qrCanvas = new OffscreenCanvas(1, 1);
  const border = { x: dots(0.5), y: dots(0.5), w: dots(39), h: dots(29), line: Math.max(1, dots(0.3)) };
  const text1 = { x: dots(2), y: dots(1.8), px: (3.2 * dpi) / 25.4 };
  const text2 = { x: dots(2), y: dots(6.3), px: (2.6 * dpi) / 25.4 };
  const bar = { x: dots(2), y: dots(11), w: dots(24), h: dots(16) };
  const qr = { x: dots(27), y: dots(11.5), w: dots(11) };
  const barModule = Math.max(1, Math.floor(bar.w / CODE128_MODULES));
  const qrModule = Math.max(1, Math.floor(qr.w / QR_MODULES_WITH_ZONE));
  const qrSize = qrModule * QR_MODULES;
  // bwip-js's drawing targets a canvas by its 2D context; an OffscreenCanvas has the same one.
  const asCanvas = (c: OffscreenCanvas) => c as unknown as HTMLCanvasElement;

  return ([code, name, location, url]) => {
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.strokeStyle = '#000';
    ctx.lineWidth = border.line;
    ctx.strokeRect(border.x + border.line / 2, border.y + border.line / 2, border.w - border.line, border.h - border.line);
    ctx.fillStyle = '#000';
    ctx.textBaseline = 'top';
    ctx.font = `${text1.px}px "Droid Sans Fallback"`;
    ctx.fillText(name, text1.x, text1.y);
    ctx.font = `${text2.px}px "Liberation Sans"`;
    ctx.fillText(location, text2.x, text2.y);
    // Code 128 with whole-dot modules, bars about as tall as the engine draws them
    // (bwip-js's height is in mm times scaleY; here scaleY is dots per point).
    bwipjs.render(
      { bcid: 'code128', text: code, scaleX: barModule, scaleY: dpi / 72, height: 19.5, includetext: true, textxalign: 'center' },
      bwipjs.drawingCanvas(asCanvas(barCanvas)),
    );
    const sw = Math.min(barCanvas.width, bar.w);
    const sh = Math.min(barCanvas.height, bar.h);
    ctx.drawImage(barCanvas, 0, 0, sw, sh, bar.x + ((bar.w - barCanvas.width) >> 1), bar.y, sw, sh);
    // Level M, as the label's (BWIPP's option; the browser build's types omit it).
    bwipjs.render({ bcid: 'qrcode', text: url, eclevel: 'M', scale: 1 } as Parameters<typeof bwipjs.render>[0], bwipjs.drawingCanvas(asCanvas(qrCanvas)));
    ctx.drawImage(qrCanvas, qr.x + ((qr.w - qrSize) >> 1), qr.y + ((qr.w - qrSize) >> 1), qrSize, qrSize);

    const rgba = ctx.getImageData(0, 0, width, height).data;
    const out = new Uint8Array(stride * height);
    for (let y = 0; y < height; y++) {
      let at = y * width * 4;
      const row = y * stride;
      for (let x = 0; x < width; x++, at += 4) {
        // ITU-R 601 luma in integers: black where 299 R + 587 G + 114 B < 128 000.
        if (rgba[at]! * 299 + rgba[at + 1]! * 587 + rgba[at + 2]! * 114 < 128_000) out[row + (x >> 3)]! |= 0x80 >> (x & 7);
      }
    }
    return { width, height, stride, data: out };
  };
}

/**
 * The peer on the page's thread: `warmup` pages, then `batches` batches of `batchPages`
 * pages (rows cycling); the median batch's ms per page.
 */
async function peer(a: { rows: Row[]; dpi: number; warmup: number; batches: number; batchPages: number }) {
  await loadPeerFonts();
  const render = peerRenderer(a.dpi);
  let i = 0;
  let last: Page | null = null;
  for (let w = 0; w < a.warmup; w++) last = render(a.rows[i++ % a.rows.length]!);
  const perPage: number[] = [];
  for (let b = 0; b < a.batches; b++) {
    const t0 = performance.now();
    for (let p = 0; p < a.batchPages; p++) last = render(a.rows[i++ % a.rows.length]!);
    perPage.push((performance.now() - t0) / a.batchPages);
  }
  perPage.sort((x, y) => x - y);
  return { msPerPage: perPage[perPage.length >> 1]!, bestMsPerPage: perPage[0]!, pages: a.warmup + a.batches * a.batchPages, width: last!.width, height: last!.height };
}

const bench = {
  table: null as Table | null,
  setTable(table: Table): number {
    bench.table = table;
    return table.rows.length;
  },
  /** `count` rows of the stored table (a view: the first `count`). */
  rows(count: number): Table {
    const t = bench.table!;
    return { columnNames: t.columnNames, rows: count >= t.rows.length ? t.rows : t.rows.slice(0, count) };
  },
  pool: (engine: EngineEntry, a: { wdfx: string; rows: number; workers: number; dpi: number; timeMs: number }) =>
    pool(engine, { ...a, table: bench.rows(a.rows) }),
  memory: (engine: EngineEntry, a: { wdfx: string; rows: number; workers: number; dpi: number; timeMs: number; yieldEvery: number }) =>
    memory(engine, { ...a, table: bench.rows(a.rows) }),
  peer: (a: { rows: number; dpi: number; warmup: number; batches: number; batchPages: number }) =>
    peer({ ...a, rows: bench.rows(a.rows).rows as Row[] }),
  closePools(): void {
    for (const p of pools.values()) p.close();
    pools.clear();
  },
};

(window as unknown as { printBench: typeof bench }).printBench = bench;
