import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RenderPool, renderInThread } from './pool.ts';
import type { TestJob } from './pool-test-renderer.ts';
import type { Page } from '../engine/types.ts';
import type { Result } from '../print/errors.ts';

const TEST_RENDERER = new URL('./pool-test-renderer.ts', import.meta.url);

const same = (a: Page, b: Page) =>
  a.width === b.width && a.height === b.height && a.stride === b.stride && Buffer.compare(Buffer.from(a.data), Buffer.from(b.data)) === 0;

/** The value of a result that must have succeeded. */
function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected success, got ${JSON.stringify(r.error)}`);
  return r.value;
}

describe('RenderPool (2 worker threads)', () => {
  let pool: RenderPool;
  beforeAll(async () => {
    pool = await RenderPool.open({ workers: 2, renderer: TEST_RENDERER });
  });
  afterAll(() => pool?.close());

  it('renders 50 pages in order, byte for byte as one thread does', async () => {
    const job: TestJob = { pages: 50, dpi: 203 };
    const expected = value(await renderInThread(job, { renderer: TEST_RENDERER }));
    // Small chunks so both workers take part and chunks arrive out of order.
    const pages = value(await pool.renderAll(job, { chunkPages: 3 }));
    expect(pages).toHaveLength(50);
    expect(pages[0]).toMatchObject({ width: 320, height: 240, stride: 40 });
    pages.forEach((p, i) => expect(same(p, expected[i]!), `page ${i}`).toBe(true));
    expect(same(pages[0]!, pages[1]!)).toBe(false);
  });

  it('streams a range to an async callback in page order', async () => {
    const job: TestJob = { pages: 50, dpi: 300 };
    const expected = value(await renderInThread(job, { renderer: TEST_RENDERER, first: 10, count: 25 }));
    const seen: number[] = [];
    // A slow writer now and then: the next page waits for its write to finish.
    const summary = await pool.render(
      job,
      async (page, index) => {
        if (index % 7 === 0) await new Promise<void>((r) => setImmediate(r));
        expect(same(page, expected[index - 10]!)).toBe(true);
        seen.push(index);
      },
      { first: 10, count: 25, chunkPages: 2 },
    );
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => 10 + i));
    expect(value(summary)).toMatchObject({ first: 10, count: 25, pageCount: 50 });
  });

  it('resolves a failed page as its PrintError after every page before it, and stays usable', async () => {
    const seen: number[] = [];
    const done = await pool.render({ pages: 50, dpi: 203, failAt: 37 } satisfies TestJob, (_p, i) => void seen.push(i), { chunkPages: 4 });
    expect(done).toEqual({ ok: false, error: { code: 'engine.parameter', params: { detail: 'test failure on page 37' }, page: 37 } });
    // Pages 36 and 37 share chunk 9 (36-39): the page before the failure is delivered too.
    expect(seen).toEqual(Array.from({ length: 37 }, (_, i) => i));
    expect(value(await pool.renderAll({ pages: 5, dpi: 203 } satisfies TestJob))).toHaveLength(5);
  });

  it('reports the first failed page in page order, whichever worker finished first', async () => {
    // Chunks of 1: pages 3 and 40 fail in different chunks; page 3's error is the answer.
    const job: TestJob = { pages: 50, dpi: 203, failAt: [40, 3] };
    const done = await pool.renderAll(job, { chunkPages: 1 });
    expect(done.ok ? null : done.error.page).toBe(3);
    expect(await renderInThread(job, { renderer: TEST_RENDERER })).toEqual(done);
  });

  it('resolves a job that cannot be opened with its PrintError', async () => {
    expect(await pool.renderAll({ pages: 5, dpi: 203, refuse: true } satisfies TestJob)).toEqual({ ok: false, error: { code: 'label.notLabel', params: { root: 'html' } } });
    expect(value(await pool.renderAll({ pages: 2, dpi: 203 } satisfies TestJob))).toHaveLength(2);
  });

  it('rejects when the renderer throws (a bug), naming the page, and stays usable', async () => {
    await expect(pool.renderAll({ pages: 20, dpi: 203, throwAt: 11 } satisfies TestJob, { chunkPages: 4 })).rejects.toThrow('test bug on page 11 (page 12)');
    expect(value(await pool.renderAll({ pages: 3, dpi: 203 } satisfies TestJob))).toHaveLength(3);
  });

  it('aborts on a signal', async () => {
    const controller = new AbortController();
    const run = pool.render({ pages: 50, dpi: 203 } satisfies TestJob, (_p, i) => void (i === 3 && controller.abort(new Error('stop'))), {
      chunkPages: 2,
      signal: controller.signal,
    });
    await expect(run).rejects.toThrow('stop');
    expect(value(await pool.renderAll({ pages: 3, dpi: 203 } satisfies TestJob))).toHaveLength(3);
  });
});

describe('RenderPool with the print-job renderer (pool-renderer.ts)', () => {
  let pool: RenderPool | undefined;
  afterAll(() => pool?.close());

  it('renders 50 data rows of a label as one thread does, byte for byte', async () => {
    const { createLabel, dataSourceFromRows, writeLabel } = await import('../label/index.ts');
    const { jobSetup } = await import('../print/job.ts');
    const doc = createLabel({
      labelWidth: 40,
      labelHeight: 30,
      children: [
        { kind: 'rectangle', x: 0.5, y: 0.5, width: 39, height: 29, lineWidth: 0.3 },
        { kind: 'text', x: 2, y: 2, width: 36, height: 4, fontName: '黑体', fontHeight: 3.2, contentType: 2, dataColumnName: '名称' },
        { kind: 'text', x: 2, y: 6.5, width: 36, height: 3.4, fontName: 'Arial', fontHeight: 2.6, contentType: 1, content: 'NO.0001' },
        { kind: 'barcode', x: 2, y: 11, width: 24, height: 16, type: 'code128', contentType: 2, dataColumnName: 'code' },
        { kind: 'qrcode', x: 27, y: 11.5, width: 11, height: 11, contentType: 2, dataColumnName: 'url' },
      ],
    });
    const rows = Array.from({ length: 50 }, (_, i) => [`ZC${String(i).padStart(10, '0')}`, `笔记本电脑 ${i}`, `https://am.example.com/a/${i}`]);
    const job = value(jobSetup(writeLabel(doc), dataSourceFromRows(['code', '名称', 'url'], rows), { dpi: 203, timeMs: Date.UTC(2026, 0, 1) }));
    const expected = value(await renderInThread(job));
    pool = await RenderPool.open({ workers: 2 });
    const pages = value(await pool.renderAll(job, { chunkPages: 3 }));
    expect(pages).toHaveLength(50);
    expect(pages[0]).toMatchObject({ width: 320, height: 240 });
    pages.forEach((p, i) => expect(same(p, expected[i]!), `page ${i}`).toBe(true));
    expect(same(pages[0]!, pages[1]!)).toBe(false);

    // The label's own embedded spreadsheet (read once by jobSetup, not in every worker).
    const { changeDataFile } = await import('../label/index.ts');
    const csv = new TextEncoder().encode(['code,名称,url', ...rows.slice(0, 7).map((r) => r.join(','))].join('\r\n'));
    const embedded = changeDataFile(doc, { bytes: csv, format: 'csv' });
    expect(embedded.error).toBeUndefined();
    const own = value(jobSetup(writeLabel(embedded.doc), null, { dpi: 300, timeMs: 0 }));
    expect(own.data?.rows).toHaveLength(7);
    const ownPages = value(await pool.renderAll(own));
    expect(ownPages).toHaveLength(7);
    const ownExpected = value(await renderInThread(own));
    ownPages.forEach((p, i) => expect(same(p, ownExpected[i]!), `embedded page ${i}`).toBe(true));
  });
});

describe('RenderPool lifecycle', () => {
  it('fails a job in progress when closed, and refuses new ones', async () => {
    const pool = await RenderPool.open({ workers: 1, renderer: TEST_RENDERER });
    const run = pool.renderAll({ pages: 500, dpi: 300 } satisfies TestJob, { chunkPages: 1 }).catch((e: unknown) => e);
    await pool.close();
    expect(await run).toMatchObject({ message: expect.stringContaining('closed') });
    await expect(pool.renderAll({ pages: 1, dpi: 203 } satisfies TestJob)).rejects.toThrow('closed');
  });

  it('reports a renderer module that fails to start', async () => {
    await expect(RenderPool.open({ workers: 1, renderer: new URL('./no-such-renderer.ts', import.meta.url) })).rejects.toThrow(/no-such-renderer/);
  });
});
