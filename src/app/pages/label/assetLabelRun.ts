/**
 * The print run of an asset print (issue 16), apart from React and from where its pages go:
 * the assets' rows pulled from GET api/AssetLabel/Rows a window at a time (row-windows.ts),
 * each window rendered in the worker pool (windowed-renderer.ts), the pages handed to
 * `sender`, and each label the sender confirms recorded as printed (printedRecorder.ts).
 *
 * The print page (useAssetLabelPrint.ts) hands the pages to the helper (helperSender); the
 * asset-label benchmark (bench/asset-labels-page.ts) hands them to a sink that takes them at
 * once, to time this road without a printer.
 */
import { ASSET_LABEL_ROWS_MAX, type AssetLabelRow, type AssetLabelRowsQuery } from '../../../api/contract';
import type { AssetLabelApi } from '../../../api/assetLabel';
import { assetTable, assetTableColumns } from '../../../label/asset-binding';
import type { LabelDocument } from '../../../label/label';
import type { PrintPlan } from '../../../print/plan';
import { RowWindows } from '../../../print/row-windows';
import { PrintRun, type RunSender } from '../../../print/run';
import { windowedRenderer, type WindowedError, type WindowPool } from '../../../print/windowed-renderer';
import { PrintedRecorder } from './printedRecorder';
import { printOptions, ScanTally } from './printRunner';

/** What a run needs of an asset print (assetLabelHandover.ts AssetLabelPrint). */
export interface AssetRunSource {
  readonly doc: LabelDocument;
  readonly templateId: number;
  readonly query: Omit<AssetLabelRowsQuery, 'afterId' | 'limit'>;
  readonly total: number;
  readonly customNames: readonly string[];
}

export interface AssetRunOptions {
  /** The printer's dots per inch. */
  dpi: number;
  scanCheck: boolean;
  /** The recorder's count or error changed. */
  onRecorded?: (recorder: PrintedRecorder) => void;
  /** The run stopped (paused, failed, cancelled or done) and what it noted was sent. */
  onFlushed?: (recorder: PrintedRecorder) => void;
}

export interface AssetRun<SendError> {
  run: PrintRun<WindowedError, SendError>;
  scan: ScanTally | null;
  recorder: PrintedRecorder;
}

export function assetLabelRun<SendError, Job extends { readonly pageCount: number }>(
  print: AssetRunSource,
  plan: PrintPlan,
  pool: WindowPool<Job>,
  api: Pick<AssetLabelApi, 'rows' | 'printed'>,
  sender: RunSender<SendError>,
  options: AssetRunOptions,
): AssetRun<SendError> {
  const doc = print.doc;
  const columns = assetTableColumns(doc, print.customNames);
  const windows = new RowWindows<AssetLabelRow>(print.total, async (afterId, limit) => {
    // afterId 0 is "from the start": the call wants it left out.
    const r = await api.rows({ ...print.query, ...(afterId > 0 ? { afterId } : {}), limit: Math.min(limit, ASSET_LABEL_ROWS_MAX) });
    return r.ok ? { ok: true, rows: r.data.rows, nextAfterId: r.data.nextAfterId } : { ok: false, message: r.message };
  });
  const sides = doc.mirrorPrint ? 2 : 1;
  const scan = options.scanCheck ? new ScanTally(print.total * sides) : null;
  const recorder = new PrintedRecorder(
    print.total,
    (ids) => api.printed(ids, print.templateId),
    () => options.onRecorded?.(recorder),
  );
  const renderer = windowedRenderer(pool, {
    doc,
    windows,
    table: (rows) => assetTable(columns, rows),
    options: printOptions(options.dpi, Date.now()),
    bothSides: doc.mirrorPrint,
    scanCheck: options.scanCheck,
    onWindow: (w, rows) => recorder.window(w * windows.windowRows, rows.map((r) => r.assetId)),
    onScan: (jobPage, summary) => scan?.add(jobPage, summary),
  });
  const run = new PrintRun<WindowedError, SendError>(plan, renderer, {
    async send(page, s, signal) {
      const sent = await sender.send(page, s, signal);
      // Both sides printed: the asset's label is done with its last side.
      if (sent.ok && (!doc.mirrorPrint || s.side === 'mirrored')) recorder.printed(s.labelPage);
      return sent;
    },
  });
  run.subscribe((state) => {
    if (state.status === 'running') return;
    void recorder.flush().then(() => options.onFlushed?.(recorder));
  });
  return { run, scan, recorder };
}
