/**
 * The label engine in Chromium, from the built app (dist/): the browser engine entry
 * (src/print/browser/index.ts, its own build entry, found through dist/.vite/manifest.json)
 * imported into a page of the app served by the real server.
 *
 *   pages     the reference label (bench/fixtures/reference-label.wdfx) with a 20-row table,
 *             rendered in the Web Worker pool (two workers, small chunks, so pages arrive
 *             out of order and must be put back in order) and on the page's thread (the
 *             preview engine): both equal the Node engine's pages for the same setup bit
 *             for bit
 *   pictures  a label with PNG pictures (half-tone and threshold): the workers and the page
 *             decode them with the browser's decoders; the pages equal Node's (its decoder)
 *   failure   a page whose data the barcode cannot encode ends the render with its
 *             PrintError as a value (page, spreadsheet row, control) after the pages before it
 *   abort     a render held at a gate (onPage's promise) and aborted rejects with the abort
 *             reason; the pool then renders another range of the same job
 *   bounded   while onPage holds a page, the workers render the chunks already handed out
 *             (a fixed number ahead) and get no more; released, every page arrives in order
 *   fonts     a CJK label fetches the CJK face (in the workers and on the page) and nothing
 *             else it does not need; a Latin-only label fetches the Latin face alone
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encode as encodePng } from 'fast-png';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLUMNS, referenceRow } from '../bench/render-fixture.ts';
import { loadEngine } from '../src/engine/load-node.ts';
import { createLabel, writeLabel } from '../src/label/index.ts';
import { openJob, type DataTable } from '../src/print/job.ts';
import { loadBundledFonts } from '../src/render/fonts-node.ts';
import { CHROMIUM_ARGS, ROOT, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let entryUrl: string;

const TIME_MS = Date.UTC(2026, 0, 1, 8, 30);
const REFERENCE = join(ROOT, 'bench', 'fixtures', 'reference-label.wdfx');

interface WirePage {
  index: number;
  width: number;
  height: number;
  stride: number;
  /** The bitmap, base64. */
  data: string;
}

/** The reference label's table: `rows` data rows under its columns. */
function referenceTable(rows: number): DataTable {
  return { columnNames: [...COLUMNS], rows: Array.from({ length: rows }, (_, i) => [...referenceRow(i)]) };
}

/** The Node engine's pages of a job (every face registered), as the browser returns them. */
async function nodePages(wdfx: string, table: DataTable, indexes: number[]): Promise<WirePage[]> {
  const engine = await loadEngine();
  await loadBundledFonts(engine);
  const job = openJob(engine, wdfx, table, { dpi: 203, timeMs: TIME_MS });
  if (!job.ok) throw new Error(`node job: ${job.error.code}`);
  return indexes.map((index) => {
    const page = job.value.page(index);
    if (!page.ok) throw new Error(`node page ${index}: ${page.error.code}`);
    const { width, height, stride, data } = page.value;
    return { index, width, height, stride, data: Buffer.from(data).toString('base64') };
  });
}

/** A fresh context (empty HTTP cache) on a page of the built app, with the engine entry
 * imported as `window.printEngine`, recording the font files requested (page and workers). */
async function openEnginePage(): Promise<{ context: BrowserContext; page: Page; fonts: string[] }> {
  const context = await browser.newContext({ baseURL: server.baseUrl });
  const fonts: string[] = [];
  context.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/fonts/')) fonts.push(path.slice('/fonts/'.length));
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('/');
  // A dynamic import from the page, not an inline <script>: the app's CSP (script-src 'self')
  // refuses inline scripts, and the module itself is loaded as the app loads its own.
  // (A string, so vitest does not rewrite the import() for Node.)
  await page.evaluate(`import(${JSON.stringify(entryUrl)}).then((engine) => { window.printEngine = engine; })`);
  await page.waitForFunction(() => 'printEngine' in window);
  expect(errors).toEqual([]);
  return { context, page, fonts };
}

/**
 * Browser side: renders `count` pages from `first` of a job in a pool (or, with `preview`,
 * on the page's thread) and returns them base64-encoded, with how the render ended.
 */
async function renderInBrowser(
  page: Page,
  args: { wdfx: string; table: DataTable; timeMs: number; workers?: number; chunkPages?: number; first?: number; count?: number; preview?: boolean },
): Promise<{ pages: WirePage[]; result: unknown; fonts: string[] }> {
  return page.evaluate(async (a) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const m = (window as any).printEngine;
    const encode = (p: { width: number; height: number; stride: number; data: Uint8Array }, index: number) => {
      let text = '';
      for (let i = 0; i < p.data.length; i += 0x8000) text += String.fromCharCode(...p.data.subarray(i, i + 0x8000));
      return { index, width: p.width, height: p.height, stride: p.stride, data: btoa(text) };
    };
    const pages: ReturnType<typeof encode>[] = [];
    if (a.preview) {
      const engine = await m.BrowserEngine.load();
      const job = await engine.openJob(a.wdfx, a.table, { dpi: 203, timeMs: a.timeMs });
      if (!job.ok) return { pages, result: job, fonts: [] };
      const first = a.first ?? 0;
      const count = a.count ?? job.value.pageCount - first;
      for (let i = first; i < first + count; i++) {
        const page = engine.previewPage(job.value, i);
        if (!page.ok) return { pages, result: page, fonts: job.value.fonts };
        pages.push(encode(page.value, i));
      }
      return { pages, result: { ok: true }, fonts: job.value.fonts };
    }
    const setup = m.jobSetup(a.wdfx, a.table, { dpi: 203, timeMs: a.timeMs });
    if (!setup.ok) return { pages, result: setup, fonts: [] };
    const pool = await m.BrowserRenderPool.open({ workers: a.workers });
    try {
      const opened = await pool.open(setup.value);
      if (!opened.ok) return { pages, result: opened, fonts: [] };
      const result = await pool.render(opened.value, {
        first: a.first,
        count: a.count,
        chunkPages: a.chunkPages,
        onPage: (p: { width: number; height: number; stride: number; data: Uint8Array }, i: number) => void pages.push(encode(p, i)),
      });
      return { pages, result, fonts: opened.value.fonts };
    } finally {
      pool.close();
    }
  }, args);
}

beforeAll(async () => {
  server = await startServer();
  const manifest = JSON.parse(await readFile(join(ROOT, 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const entry = manifest['src/print/browser/index.ts'];
  if (!entry) throw new Error('dist/ has no browser engine entry: run `npx vite build`');
  entryUrl = `/${entry.file}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the engine in the browser', () => {
  it('dist/ holds the Wasm module and the page worker, served for streaming compilation and caching', async () => {
    const manifest = await readFile(join(ROOT, 'dist', '.vite', 'manifest.json'), 'utf8');
    const wasm = /assets\/assetmark_engine-[\w-]+\.wasm/.exec(manifest)?.[0];
    expect(wasm).toBeDefined();
    expect(manifest).toMatch(/assets\/page-worker-[\w-]+\.js/);
    // compileStreaming needs application/wasm; the hashed asset is cached for good.
    const module = await fetch(`${server.baseUrl}/${wasm}`);
    expect(module.headers.get('content-type')).toBe('application/wasm');
    expect(module.headers.get('cache-control')).toContain('immutable');
    // Fonts keep their names: cached by the browser, not for ever.
    const font = await fetch(`${server.baseUrl}/fonts/LiberationSans-Regular.ttf`);
    expect(font.status).toBe(200);
    expect(font.headers.get('cache-control')).toBe('public, max-age=604800');
  });

  it('renders the reference label with 20 rows in the worker pool and on the page, equal to Node bit for bit', async () => {
    const wdfx = await readFile(REFERENCE, 'utf8');
    const table = referenceTable(20);
    const expected = await nodePages(wdfx, table, Array.from({ length: 20 }, (_, i) => i));
    const { context, page } = await openEnginePage();
    try {
      // Two workers and chunks of 3 pages: chunks come back in any order.
      const pooled = await renderInBrowser(page, { wdfx, table, timeMs: TIME_MS, workers: 2, chunkPages: 3 });
      expect(pooled.result).toMatchObject({ ok: true, value: { first: 0, count: 20 } });
      expect(pooled.pages.map((p) => p.index)).toEqual(expected.map((p) => p.index));
      expect(pooled.pages).toEqual(expected);
      // 40 x 30 mm at 203 dpi.
      expect(pooled.pages[0]).toMatchObject({ width: 320, height: 240, stride: 40 });

      const previewed = await renderInBrowser(page, { wdfx, table, timeMs: TIME_MS, preview: true });
      expect(previewed.result).toEqual({ ok: true });
      expect(previewed.pages).toEqual(expected);
    } finally {
      await context.close();
    }
  });

  it('decodes pictures with the browser decoders, in the workers and on the page, to the pages Node gives', async () => {
    // An opaque RGB gradient (64 x 48 px) as PNG, drawn half-toned and thresholded.
    const width = 64;
    const height = 48;
    const rgb = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) rgb.set([(x * 255) / (width - 1), (y * 255) / (height - 1), ((x + y) * 255) / (width + height - 2)], (y * width + x) * 3);
    }
    const png = `data:image/png;base64,${Buffer.from(encodePng({ width, height, data: rgb, channels: 3, depth: 8 })).toString('base64')}`;
    const wdfx = writeLabel(
      createLabel({
        labelWidth: 40,
        labelHeight: 30,
        children: [
          { kind: 'picture', x: 1, y: 1, width: 18, height: 13.5, content: png, colorMode: 3 },
          { kind: 'picture', x: 21, y: 1, width: 18, height: 13.5, content: png, colorMode: 2, threshold: 100 },
          { kind: 'text', x: 1, y: 20, width: 38, height: 5, fontName: 'Arial', fontHeight: 3, contentType: 2, dataColumnName: 'Code' },
        ],
      }),
    );
    const table: DataTable = { columnNames: ['Code'], rows: [['A-1'], ['A-2'], ['A-3']] };
    const expected = await nodePages(wdfx, table, [0, 1, 2]);
    const { context, page } = await openEnginePage();
    try {
      const pooled = await renderInBrowser(page, { wdfx, table, timeMs: TIME_MS, workers: 1 });
      expect(pooled.result).toMatchObject({ ok: true });
      expect(pooled.pages).toEqual(expected);
      const previewed = await renderInBrowser(page, { wdfx, table, timeMs: TIME_MS, preview: true });
      expect(previewed.pages).toEqual(expected);
      // Not a blank page: the pictures drew black dots.
      expect(Buffer.from(expected[0]!.data, 'base64').some((b) => b !== 0)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('ends a render at a page that cannot be rendered, with its PrintError, after the pages before it', async () => {
    const doc = createLabel({
      labelWidth: 40,
      labelHeight: 20,
      children: [{ kind: 'barcode', x: 2, y: 2, width: 36, height: 16, type: 'ean13', fontName: 'Arial', contentType: 2, dataColumnName: 'Code' }],
    });
    const wdfx = writeLabel(doc);
    // Row 5 (spreadsheet row 6) holds a letter, which EAN-13 cannot encode.
    const codes = ['690123456789', '400638133393', '501234567890', '978020137962', '69012345678X', '590123412345'];
    const table: DataTable = { columnNames: ['Code'], rows: codes.map((c) => [c]) };
    const expected = await nodePages(wdfx, table, [0, 1, 2, 3]);
    const { context, page } = await openEnginePage();
    try {
      const run = await renderInBrowser(page, { wdfx, table, timeMs: TIME_MS, workers: 2, chunkPages: 3 });
      expect(run.result).toMatchObject({ ok: false, error: { code: 'engine.invalidCharacter', page: 4, row: 6, control: { index: 0, kind: 'barcode' } } });
      expect(run.pages).toEqual(expected);
      const message = await page.evaluate(
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        (error) => (window as any).printEngine.formatPrintError(error, 'en') as string,
        (run.result as { error: unknown }).error,
      );
      expect(message).toMatch(/^page 5 \(spreadsheet row 6\), control 1 \(barcode\): /);
    } finally {
      await context.close();
    }
  });

  it('aborts a render held by onPage, then renders another range of the same job', async () => {
    const wdfx = await readFile(REFERENCE, 'utf8');
    const table = referenceTable(40);
    const expected = await nodePages(wdfx, table, [30, 31, 32]);
    const { context, page } = await openEnginePage();
    try {
      await page.evaluate(
        async (a) => {
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          const w = window as any;
          const setup = w.printEngine.jobSetup(a.wdfx, a.table, { dpi: 203, timeMs: a.timeMs });
          w.pool = await w.printEngine.BrowserRenderPool.open({ workers: 2 });
          w.job = (await w.pool.open(setup.value)).value;
          w.seen = [];
          w.gate = new Promise((release) => (w.release = release));
          w.controller = new AbortController();
          w.run = w.pool
            .render(w.job, {
              chunkPages: 2,
              signal: w.controller.signal,
              onPage: (_page: unknown, i: number) => {
                w.seen.push(i);
                return i === 0 ? w.gate : undefined;
              },
            })
            .then(
              (result: unknown) => ({ result }),
              (e: Error) => ({ rejected: e.name }),
            );
        },
        { wdfx, table, timeMs: TIME_MS },
      );
      // Page 0 is in onPage, whose promise holds the rest back.
      await page.waitForFunction(() => (window as unknown as { seen: number[] }).seen.length === 1);
      const outcome = await page.evaluate(async () => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const w = window as any;
        w.controller.abort();
        w.release();
        return { run: await w.run, seen: w.seen };
      });
      expect(outcome).toEqual({ run: { rejected: 'AbortError' }, seen: [0] });

      const again = await page.evaluate(async () => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const w = window as any;
        const pages: { index: number; width: number; height: number; stride: number; data: string }[] = [];
        const result = await w.pool.render(w.job, {
          first: 30,
          count: 3,
          onPage: (p: { width: number; height: number; stride: number; data: Uint8Array }, index: number) => {
            let text = '';
            for (const byte of p.data) text += String.fromCharCode(byte);
            pages.push({ index, width: p.width, height: p.height, stride: p.stride, data: btoa(text) });
          },
        });
        // A closed job cannot render any more: a caller's mistake, so it rejects.
        w.pool.closeJob(w.job);
        const closed = await w.pool.render(w.job, { onPage: () => undefined }).then(
          () => 'rendered',
          (e: Error) => e.message,
        );
        w.pool.close();
        return { result, pages, closed };
      });
      expect(again.result).toMatchObject({ ok: true, value: { first: 30, count: 3 } });
      expect(again.pages).toEqual(expected);
      expect(again.closed).toMatch(/is not open in this pool/);
    } finally {
      await context.close();
    }
  });

  it('stops handing out chunks while onPage holds a page, a bounded number ahead', async () => {
    const wdfx = await readFile(REFERENCE, 'utf8');
    const table = referenceTable(60);
    const expected = await nodePages(wdfx, table, Array.from({ length: 60 }, (_, i) => i));
    const { context, page } = await openEnginePage();
    try {
      await page.evaluate(
        async (a) => {
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          const w = window as any;
          const setup = w.printEngine.jobSetup(a.wdfx, a.table, { dpi: 203, timeMs: a.timeMs });
          w.pool = await w.printEngine.BrowserRenderPool.open({ workers: 2 });
          const job = (await w.pool.open(setup.value)).value;
          w.pages = [];
          w.progress = [];
          w.gate = new Promise((release) => (w.release = release));
          w.run = w.pool.render(job, {
            chunkPages: 2,
            onProgress: (p: unknown) => w.progress.push(p),
            onPage: (p: { width: number; height: number; stride: number; data: Uint8Array }, index: number) => {
              let text = '';
              for (const byte of p.data) text += String.fromCharCode(byte);
              w.pages.push({ index, width: p.width, height: p.height, stride: p.stride, data: btoa(text) });
              return index === 0 ? w.gate : undefined;
            },
          });
        },
        { wdfx, table, timeMs: TIME_MS },
      );
      // Held at page 0: the workers finish what they were handed and get nothing more. With
      // 2 workers, 4 chunks ahead each, 2 pages a chunk: 16 pages rendered, none delivered.
      await page.waitForFunction(() => {
        const progress = (window as unknown as { progress: { rendering: number; rendered: number }[] }).progress;
        const last = progress[progress.length - 1];
        return last !== undefined && last.rendering === 0;
      });
      const held = await page.evaluate(() => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const w = window as any;
        return { last: w.progress[w.progress.length - 1], pages: w.pages.length };
      });
      expect(held).toEqual({ last: { rendered: 16, delivered: 0, rendering: 0 }, pages: 1 });
      const outcome = await page.evaluate(async () => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const w = window as any;
        w.release();
        const result = await w.run;
        w.pool.close();
        const ahead = Math.max(...w.progress.map((p: { rendered: number; delivered: number }) => p.rendered - p.delivered));
        return { result, pages: w.pages, ahead, last: w.progress[w.progress.length - 1] };
      });
      expect(outcome.result).toMatchObject({ ok: true, value: { first: 0, count: 60 } });
      expect(outcome.ahead).toBeLessThanOrEqual(16);
      expect(outcome.last).toEqual({ rendered: 60, delivered: 60, rendering: 0 });
      expect(outcome.pages).toEqual(expected);
    } finally {
      await context.close();
    }
  });

  it('fetches the CJK face for a CJK label only, and only the faces a label needs', async () => {
    const cjkWdfx = await readFile(REFERENCE, 'utf8');
    const cjk = await openEnginePage();
    try {
      const pooled = await renderInBrowser(cjk.page, { wdfx: cjkWdfx, table: referenceTable(5), timeMs: TIME_MS, workers: 1 });
      expect(pooled.result).toMatchObject({ ok: true });
      // The worker fetched them (the page has not rendered anything yet).
      expect(pooled.fonts.sort()).toEqual(['LiberationSans-Regular.ttf', 'wqy-microhei.ttc']);
      expect([...new Set(cjk.fonts)].sort()).toEqual(['LiberationSans-Regular.ttf', 'wqy-microhei.ttc']);
      const previewed = await renderInBrowser(cjk.page, { wdfx: cjkWdfx, table: referenceTable(5), timeMs: TIME_MS, preview: true });
      expect(previewed.fonts.sort()).toEqual(['LiberationSans-Regular.ttf', 'wqy-microhei.ttc']);
      expect([...new Set(cjk.fonts)].sort()).toEqual(['LiberationSans-Regular.ttf', 'wqy-microhei.ttc']);
    } finally {
      await cjk.context.close();
    }

    const latinWdfx = writeLabel(
      createLabel({
        labelWidth: 40,
        labelHeight: 30,
        children: [
          { kind: 'text', x: 2, y: 2, width: 36, height: 4, fontName: 'Arial', fontHeight: 3, contentType: 2, dataColumnName: 'Location' },
          { kind: 'barcode', x: 2, y: 8, width: 30, height: 14, type: 'code128', fontName: 'Arial', contentType: 2, dataColumnName: 'Code' },
        ],
      }),
    );
    const latinTable: DataTable = { columnNames: ['Code', 'Location'], rows: [['A-0042', 'Room 4001 / shelf 1'], ['A-0043', 'Room 4002 / shelf 2']] };
    const latin = await openEnginePage();
    try {
      const pooled = await renderInBrowser(latin.page, { wdfx: latinWdfx, table: latinTable, timeMs: TIME_MS, workers: 1 });
      expect(pooled.result).toMatchObject({ ok: true });
      const previewed = await renderInBrowser(latin.page, { wdfx: latinWdfx, table: latinTable, timeMs: TIME_MS, preview: true });
      expect(previewed.result).toEqual({ ok: true });
      expect(pooled.fonts).toEqual(['LiberationSans-Regular.ttf']);
      expect(previewed.fonts).toEqual(['LiberationSans-Regular.ttf']);
      expect([...new Set(latin.fonts)]).toEqual(['LiberationSans-Regular.ttf']);
      // And its pages are the Node engine's (every face registered there).
      const latinPages = await nodePages(latinWdfx, latinTable, [0, 1]);
      expect(previewed.pages).toEqual(latinPages);
      // A CJK label on the same page grows the registered faces (re-registered in the
      // catalog's order); both labels still render as in Node.
      const cjkTable = referenceTable(3);
      const grown = await renderInBrowser(latin.page, { wdfx: cjkWdfx, table: cjkTable, timeMs: TIME_MS, preview: true });
      expect(grown.fonts.sort()).toEqual(['LiberationSans-Regular.ttf', 'wqy-microhei.ttc']);
      expect(grown.pages).toEqual(await nodePages(cjkWdfx, cjkTable, [0, 1, 2]));
      const again = await renderInBrowser(latin.page, { wdfx: latinWdfx, table: latinTable, timeMs: TIME_MS, preview: true });
      expect(again.pages).toEqual(latinPages);
    } finally {
      await latin.context.close();
    }
  });
});
