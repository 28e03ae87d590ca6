/**
 * Printing rows pulled in windows: the same pages, in the same order, as one job over every
 * row, whatever the windows, copies, page range, pauses or failures; the rows a window
 * fetches are held only while printed; a list that changed under the run stops it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/engine.ts';
import type { Page } from '../engine/types.ts';
import { createLabel } from '../label/label.ts';
import { loadLabelEngine } from '../render/pool-renderer.ts';
import type { PrintError, Result } from './errors.ts';
import { openJob, openJobFromSetup, type JobSetup, type PrintJob } from './job.ts';
import { planPrint, type PlanOptions } from './plan.ts';
import { RowWindows, type FetchRows } from './row-windows.ts';
import { PrintRun } from './run.ts';
import { isRowsError, windowedRenderer, type WindowPool, type WindowedError } from './windowed-renderer.ts';

interface Row {
  id: number;
  code: string;
}

const label = createLabel({
  labelWidth: 30,
  labelHeight: 15,
  children: [
    { kind: 'text', x: 1, y: 1, width: 28, height: 4, fontHeight: 3, contentType: 2, dataColumnName: 'code' },
    { kind: 'qrcode', x: 1, y: 5, width: 9, height: 9, contentType: 2, dataColumnName: 'code' },
  ],
});
const mirrored = { ...label, mirrorPrint: true };

/** Ids with gaps (keys are not positions). */
const ROWS: Row[] = Array.from({ length: 23 }, (_, i) => ({ id: 10 + i * 3, code: `A-${i + 1}` }));
const TIME = Date.UTC(2026, 0, 1);
const table = (rows: readonly Row[]) => ({ columnNames: ['code'], rows: rows.map((r) => [r.code]) });

let engine: Engine;
beforeAll(async () => {
  engine = await loadLabelEngine();
});

/** The keyset source over `rows`, logging each fetch; `fail` answers a fetch with an error. */
function source(rows: Row[], log: { afterId: number; limit: number }[] = [], fail?: (n: number) => boolean): FetchRows<Row> {
  return async (afterId, limit) => {
    log.push({ afterId, limit });
    if (fail?.(log.length)) return { ok: false, message: 'network down' };
    const page = rows.filter((r) => r.id > afterId).slice(0, limit);
    return { ok: true, rows: page, nextAfterId: page.length === limit ? page[page.length - 1]!.id : null };
  };
}

/** A render pool in this thread: jobs opened from their setups, pages in order. */
function threadPool(): WindowPool<PrintJob> & { opened: () => number; openNow: () => number } {
  const live = new Set<PrintJob>();
  let opened = 0;
  return {
    opened: () => opened,
    openNow: () => live.size,
    async open(setup: JobSetup) {
      opened++;
      const job = openJobFromSetup(engine, setup);
      if (job.ok) live.add(job.value);
      return job;
    },
    async render(job, { first = 0, count = job.pageCount - first, onPage, signal }): Promise<Result<unknown>> {
      for (let i = first; i < first + count; i++) {
        signal?.throwIfAborted();
        const page = job.page(i);
        if (!page.ok) return page;
        await onPage(page.value, i);
      }
      return { ok: true, value: null };
    },
    closeJob: (job) => void live.delete(job),
  };
}

/** Prints `plan` with pages pulled in windows of `windowRows`; the pages sent, in order. */
async function print(doc: typeof label, plan: PlanOptions, windowRows: number, fetch: FetchRows<Row>, gate?: (sent: number) => Promise<void>) {
  const pool = threadPool();
  const windows = new RowWindows(ROWS.length, fetch, windowRows);
  const renderer = windowedRenderer(pool, { doc, windows, table, options: { dpi: 203, timeMs: TIME, sides: 'both' }, bothSides: doc.mirrorPrint });
  const sent: { page: Page; jobPage: number; copies: number }[] = [];
  const p = planPrint(plan);
  if ('invalid' in p) throw new Error(p.invalid);
  const run = new PrintRun<WindowedError, never>(p, renderer, {
    async send(page, send) {
      await gate?.(sent.length);
      sent.push({ page, jobPage: send.jobPage, copies: send.copies });
      return { ok: true };
    },
  });
  await run.start();
  return { run, sent, pool };
}

/** The pages one job over every row gives. */
function wholeJob(doc: typeof label): PrintJob {
  const job = openJob(engine, doc, table(ROWS), { dpi: 203, timeMs: TIME, sides: 'both' });
  if (!job.ok) throw new Error(job.error.code);
  return job.value;
}

function expectSame(sent: { page: Page; jobPage: number }[], job: PrintJob, jobPages: number[]) {
  expect(sent.map((s) => s.jobPage)).toEqual(jobPages);
  sent.forEach((s, i) => {
    const want = job.page(jobPages[i]!);
    if (!want.ok) throw new Error(want.error.code);
    expect(Buffer.from(s.page.data).equals(Buffer.from(want.value.data)), `job page ${jobPages[i]}`).toBe(true);
  });
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('printing rows pulled in windows', () => {
  it('sends every row page for page as one job would, over windows of 5 rows', async () => {
    const log: { afterId: number; limit: number }[] = [];
    const { run, sent, pool } = await print(label, { firstPage: 0, pageCount: 23, copies: 1, autoPaging: true, bothSides: false }, 5, source(ROWS, log));
    expect(run.snapshot.status).toBe('done');
    expectSame(sent, wholeJob(label), range(0, 23));
    // Five windows, each fetched once after the key its predecessor ended on; each job closed.
    expect(log).toEqual([
      { afterId: 0, limit: 5 },
      { afterId: ROWS[4]!.id, limit: 5 },
      { afterId: ROWS[9]!.id, limit: 5 },
      { afterId: ROWS[14]!.id, limit: 5 },
      { afterId: ROWS[19]!.id, limit: 3 },
    ]);
    expect(pool.opened()).toBe(5);
    expect(pool.openNow()).toBe(0);
  });

  it('prints both sides of a mirrorPrint label and collated copies across windows', async () => {
    const log: { afterId: number; limit: number }[] = [];
    const { sent } = await print(mirrored, { firstPage: 0, pageCount: 23, copies: 2, autoPaging: true, bothSides: true }, 4, source(ROWS, log));
    expectSame(sent, wholeJob(mirrored), [...range(0, 46), ...range(0, 46)]);
    // The second copy fetches the first windows again from the keys remembered.
    expect(log.filter((l) => l.afterId === 0)).toHaveLength(2);
  });

  it('prints a page range that starts past the first window', async () => {
    const { sent } = await print(label, { firstPage: 12, pageCount: 6, copies: 1, autoPaging: true, bothSides: false }, 5, source(ROWS));
    expectSame(sent, wholeJob(label), range(12, 18));
  });

  it('stops at the first page of a window it cannot fetch, and resumes from it', async () => {
    let failing = true;
    const log: { afterId: number; limit: number }[] = [];
    const fetch = source(ROWS, log, (n) => failing && log[n - 1]!.afterId === ROWS[9]!.id);
    const pool = threadPool();
    const windows = new RowWindows(ROWS.length, fetch, 5);
    const renderer = windowedRenderer(pool, { doc: label, windows, table, options: { dpi: 203, timeMs: TIME }, bothSides: false });
    const sent: number[] = [];
    const plan = planPrint({ firstPage: 0, pageCount: 23, copies: 1, autoPaging: true, bothSides: false });
    if ('invalid' in plan) throw new Error(plan.invalid);
    const run = new PrintRun<WindowedError, never>(plan, renderer, { send: async (_p, s) => (sent.push(s.jobPage), { ok: true }) });
    await run.start();
    expect(run.snapshot.status).toBe('failed');
    expect(run.snapshot.next).toBe(10);
    const failure = run.snapshot.failure!;
    expect(failure.stage === 'render' && isRowsError(failure.error) && failure.error.code).toBe('rows.failed');
    expect(sent).toEqual(range(0, 10));
    failing = false;
    await run.resume();
    expect(run.snapshot.status).toBe('done');
    expect(sent).toEqual(range(0, 23));
  });

  it('says so when the list lost rows meanwhile, after printing the rows still there', async () => {
    const shrunk = ROWS.filter((_, i) => i !== 7);
    const { run, sent } = await print(label, { firstPage: 0, pageCount: 23, copies: 1, autoPaging: true, bothSides: false }, 5, source(shrunk));
    expect(run.snapshot.status).toBe('failed');
    expect(run.snapshot.failure).toMatchObject({ stage: 'render', error: { code: 'rows.changed', expected: 3, found: 2, window: 4 } });
    // Each label is its own row's (keys, not positions): the 22 rows left, then the stop.
    expect(sent.length).toBe(22);
  });

  it('places a page error at its page in the whole print', async () => {
    const bad = createLabel({ ...label, children: [{ kind: 'barcode', x: 1, y: 1, width: 25, height: 10, type: 'ean13', contentType: 2, dataColumnName: 'code' }] });
    const { run } = await print(bad, { firstPage: 7, pageCount: 10, copies: 1, autoPaging: true, bothSides: false }, 5, source(ROWS));
    const failure = run.snapshot.failure!;
    expect(failure.stage).toBe('render');
    const error = failure.error as PrintError;
    expect(error.page).toBe(7);
    expect(error.row).toBeUndefined();
  });
});
