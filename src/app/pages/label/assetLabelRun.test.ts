/**
 * An asset print's run apart from where its pages go: the assets' rows asked for with the
 * print's filter, each asset's page handed to the sender in order, and each label the sender
 * confirmed recorded as printed, with the template, once the run stops.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../api/client';
import type { AssetLabelRow, AssetLabelRowsQuery } from '../../../api/contract';
import type { Engine } from '../../../engine/engine';
import type { Page } from '../../../engine/types';
import { assetTable, assetTableColumns } from '../../../label/asset-binding';
import { createLabel } from '../../../label/label';
import { loadLabelEngine } from '../../../render/pool-renderer';
import type { Result } from '../../../print/errors';
import { openJob, openJobFromSetup, type JobSetup, type PrintJob } from '../../../print/job';
import { planPrint } from '../../../print/plan';
import type { WindowPool } from '../../../print/windowed-renderer';
import { assetLabelRun } from './assetLabelRun';
import { printOptions } from './printRunner';

const doc = createLabel({
  labelWidth: 30,
  labelHeight: 15,
  children: [
    { kind: 'text', x: 1, y: 1, width: 28, height: 4, fontHeight: 3, contentType: 2, dataColumnName: 'assetName' },
    { kind: 'qrcode', x: 1, y: 5, width: 9, height: 9, contentType: 2, dataColumnName: 'assetCoding' },
  ],
});
/** Ids with gaps (keys are not positions). */
const ASSETS: AssetLabelRow[] = Array.from({ length: 7 }, (_, i) => ({
  assetId: 100 + i * 5,
  classifyId: null,
  fields: { assetCoding: `ZC-${i + 1}`, assetName: `资产 ${i + 1}` },
  link: `https://example.test/a/t${i}`,
}));
const TEMPLATE_ID = 42;
const QUERY = { search: 'ZC-' };

let engine: Engine;
beforeAll(async () => {
  engine = await loadLabelEngine();
});

/** A render pool in this thread: jobs opened from their setups, pages in order. */
function threadPool(): WindowPool<PrintJob> {
  return {
    open: async (setup: JobSetup) => openJobFromSetup(engine, setup),
    async render(job, { first = 0, count = job.pageCount - first, onPage, signal }): Promise<Result<unknown>> {
      for (let i = first; i < first + count; i++) {
        signal?.throwIfAborted();
        const page = job.page(i);
        if (!page.ok) return page;
        await onPage(page.value, i);
      }
      return { ok: true, value: null };
    },
    closeJob: () => undefined,
  };
}

/** The asset-label calls over ASSETS, logging what was asked. */
function fakeApi() {
  const queries: AssetLabelRowsQuery[] = [];
  const printed: { assetIds: number[]; templateId: number }[] = [];
  return {
    queries,
    printed,
    api: {
      async rows(query: AssetLabelRowsQuery): Promise<ApiResult<{ total: number; rows: AssetLabelRow[]; nextAfterId: number | null }>> {
        queries.push(query);
        const rows = ASSETS.filter((a) => a.assetId > (query.afterId ?? 0)).slice(0, query.limit);
        const last = rows[rows.length - 1];
        return { ok: true, data: { total: ASSETS.length, rows, nextAfterId: last && last.assetId !== ASSETS[ASSETS.length - 1]!.assetId ? last.assetId : null } };
      },
      async printed(assetIds: number[], templateId: number): Promise<ApiResult<{ recorded: number }>> {
        printed.push({ assetIds, templateId });
        return { ok: true, data: { recorded: assetIds.length } };
      },
    },
  };
}

function plan() {
  const p = planPrint({ firstPage: 0, pageCount: ASSETS.length, copies: 1, autoPaging: false, bothSides: false });
  if ('invalid' in p) throw new Error(p.invalid);
  return p;
}

const print = { doc, templateId: TEMPLATE_ID, query: QUERY, total: ASSETS.length, customNames: [] };

describe('assetLabelRun', () => {
  it("hands each asset's page to the sender in order and records every asset the sender took", async () => {
    const { api, queries, printed } = fakeApi();
    const sent: Page[] = [];
    let flushedWith = -1;
    const { run, recorder } = assetLabelRun(
      print,
      plan(),
      threadPool(),
      api as never,
      {
        async send(page) {
          sent.push(page);
          return { ok: true };
        },
      },
      { dpi: 203, scanCheck: false, onFlushed: (r) => (flushedWith = r.recorded) },
    );
    await run.start();
    expect(run.snapshot.status).toBe('done');
    expect(queries).toEqual([{ search: 'ZC-', limit: ASSETS.length }]);

    const whole = openJob(engine, doc, assetTable(assetTableColumns(doc, []), ASSETS), printOptions(203, Date.now()));
    if (!whole.ok) throw new Error(whole.error.code);
    expect(sent.map((p) => Buffer.from(p.data).toString('base64'))).toEqual(
      ASSETS.map((_, i) => {
        const page = whole.value.page(i);
        if (!page.ok) throw new Error(page.error.code);
        return Buffer.from(page.value.data).toString('base64');
      }),
    );

    await recorder.flush();
    expect(printed.flatMap((p) => p.assetIds).sort((a, b) => a - b)).toEqual(ASSETS.map((a) => a.assetId));
    expect(printed.every((p) => p.templateId === TEMPLATE_ID)).toBe(true);
    expect(flushedWith).toBe(ASSETS.length);
  });

  it('records only the labels the sender took when it fails', async () => {
    const { api, printed } = fakeApi();
    let taken = 0;
    const { run, recorder } = assetLabelRun(
      print,
      plan(),
      threadPool(),
      api as never,
      {
        async send() {
          if (taken === 3) return { ok: false, error: 'paper out' as const };
          taken++;
          return { ok: true };
        },
      },
      { dpi: 203, scanCheck: false },
    );
    await run.start();
    expect(run.snapshot.status).toBe('failed');
    expect(run.snapshot.failure).toEqual({ stage: 'send', error: 'paper out' });
    await recorder.flush();
    expect(printed.flatMap((p) => p.assetIds).sort((a, b) => a - b)).toEqual(ASSETS.slice(0, 3).map((a) => a.assetId));
  });
});
