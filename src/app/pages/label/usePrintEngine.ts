/**
 * The engine as the print page uses it: a preview job on the main thread (the pages as the
 * printer gets them: 1-bit, at the printer's dpi, turned by the label's printOrientation,
 * both sides of a mirrorPrint label), and the Web Worker pool for the run, started on the
 * first print and kept until the page closes.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DataSource } from '../../../label/binding/data';
import type { LabelDocument } from '../../../label/label';
import { BrowserEngine, type PreviewJob } from '../../../print/browser/engine';
import { BrowserRenderPool, type OpenedJob } from '../../../print/browser/pool';
import { formatPrintError, type PrintError } from '../../../print/errors';
import { jobSetup } from '../../../print/job';
import type { PreviewResult } from './PagePreview';
import { printOptions } from './printRunner';

// How print pages are made, on the main thread and in the workers alike: with the run
// (printRunner.ts, free of React, so the asset-label benchmark bundles the run without it);
// kept here for the pages importing it.
export { printOptions };

export function usePreviewJob(doc: LabelDocument | null, data: DataSource | null, dpi: number, locale: 'zh-CN' | 'en') {
  const [job, setJob] = useState<PreviewJob | null>(null);
  const [error, setError] = useState<PrintError | string | null>(null);

  useEffect(() => {
    setJob(null);
    setError(null);
    if (!doc) return;
    let live = true;
    void (async () => {
      try {
        const engine = await BrowserEngine.load();
        const opened = await engine.openJob(doc, data, printOptions(dpi, Date.now()));
        if (!live) return;
        if (opened.ok) setJob(opened.value);
        else setError(opened.error);
      } catch (e) {
        if (live) setError(e instanceof Error ? e.message : String(e));
      }
    })();
    return () => {
      live = false;
    };
  }, [doc, data, dpi]);

  const render = useCallback(
    (index: number): PreviewResult => {
      if (!job) return { ok: false, message: '' };
      const page = job.page(index);
      return page.ok ? { ok: true, page: page.value } : { ok: false, message: formatPrintError(page.error, locale) };
    },
    [job, locale],
  );

  const message = error === null ? null : typeof error === 'string' ? error : formatPrintError(error, locale);
  return useMemo(() => ({ job, error: message, render }), [job, message, render]);
}

export type OpenedRun = { ok: true; pool: BrowserRenderPool; job: OpenedJob } | { ok: false; error: PrintError };

export function useRenderPool() {
  const pool = useRef<Promise<BrowserRenderPool> | null>(null);
  const last = useRef<{ pool: BrowserRenderPool; job: OpenedJob } | null>(null);

  useEffect(
    () => () => {
      const p = pool.current;
      pool.current = null;
      void p?.then((opened) => opened.close()).catch(() => undefined);
    },
    [],
  );

  /** The pool, started on first use. */
  const openPool = useCallback((): Promise<BrowserRenderPool> => {
    pool.current ??= BrowserRenderPool.open().catch((e: unknown) => {
      pool.current = null;
      throw e;
    });
    return pool.current;
  }, []);

  /** `scanCheck`: the workers decode every page's codes before it is sent (src/print/scan.ts). */
  const openJob = useCallback(async (doc: LabelDocument, data: DataSource | null, dpi: number, options: { scanCheck?: boolean } = {}): Promise<OpenedRun> => {
    const workers = await openPool();
    if (last.current) workers.closeJob(last.current.job);
    const setup = jobSetup(doc, data, printOptions(dpi, Date.now()));
    if (!setup.ok) return setup;
    const opened = await workers.open(setup.value, { scanCheck: !!options.scanCheck });
    if (!opened.ok) return opened;
    last.current = { pool: workers, job: opened.value };
    return { ok: true, pool: workers, job: opened.value };
  }, [openPool]);

  return { openJob, openPool };
}
