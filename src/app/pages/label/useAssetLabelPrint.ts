/**
 * The print page on an asset print (issue 16: "Print labels" in the asset list): the
 * template's label and the assets the dialog chose, handed over in the page's history entry
 * (assetLabelHandover.ts). The preview shows the first assets; the run pulls the assets'
 * rows from GET api/AssetLabel/Rows a window at a time (src/print/row-windows.ts) and renders
 * each window in the worker pool (src/print/windowed-renderer.ts), so memory stays flat up to
 * 100,000 assets; each label the printer confirms is recorded as printed (printedRecorder.ts).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ASSET_LABEL_ROWS_MAX, type AssetLabelRow } from '../../../api/contract';
import { assetDataSource, assetTable, assetTableColumns } from '../../../label/asset-binding';
import type { DataSource } from '../../../label/binding/data';
import type { BrowserRenderPool } from '../../../print/browser/pool';
import type { HelperClient, HelperError } from '../../../print/helper';
import type { PrintPlan } from '../../../print/plan';
import { RowWindows } from '../../../print/row-windows';
import { PrintRun } from '../../../print/run';
import { isRowsError, windowedRenderer, type WindowedError } from '../../../print/windowed-renderer';
import type { MessageKey } from '../../i18n/types';
import { assetLabelApi } from '../../api';
import { assetStore } from '../../state/assets';
import { assetLabelPrintOf, type AssetLabelPrint } from './assetLabelHandover';
import { PrintedRecorder } from './printedRecorder';
import { helperSender, ScanTally, type HelperSendOptions } from './printRunner';
import { printOptions } from './usePrintEngine';

export type AssetPrintRun = PrintRun<WindowedError, HelperError>;

export interface AssetLabelPrinting {
  print: AssetLabelPrint;
  /** The first assets, for the preview. */
  previewData: DataSource;
  /** Assets recorded as printed so far, and the last failure to record. */
  recorded: number;
  recordError: string | null;
  /** A run over `plan`'s label pages of the assets. */
  createRun(plan: PrintPlan, pool: BrowserRenderPool, client: HelperClient, options: HelperSendOptions & { scanCheck: boolean }): { run: AssetPrintRun; scan: ScanTally | null };
}

export function useAssetLabelPrint(): AssetLabelPrinting | null {
  const location = useLocation();
  const print = useMemo(() => assetLabelPrintOf(location.state), [location.state]);
  const previewData = useMemo(() => (print ? assetDataSource(print.preview, print.customNames) : null), [print]);
  const [recorded, setRecorded] = useState(0);
  const [recordError, setRecordError] = useState<string | null>(null);
  const recorder = useRef<PrintedRecorder | null>(null);

  const createRun = useCallback(
    (plan: PrintPlan, pool: BrowserRenderPool, client: HelperClient, options: HelperSendOptions & { scanCheck: boolean }) => {
      if (!print) throw new Error('no asset print was handed over');
      const doc = print.doc;
      const columns = assetTableColumns(doc, print.customNames);
      const windows = new RowWindows<AssetLabelRow>(print.total, async (afterId, limit) => {
        // afterId 0 is "from the start": the call wants it left out.
        const r = await assetLabelApi.rows({ ...print.query, ...(afterId > 0 ? { afterId } : {}), limit: Math.min(limit, ASSET_LABEL_ROWS_MAX) });
        return r.ok ? { ok: true, rows: r.data.rows, nextAfterId: r.data.nextAfterId } : { ok: false, message: r.message };
      });
      const sides = doc.mirrorPrint ? 2 : 1;
      const scan = options.scanCheck ? new ScanTally(print.total * sides) : null;
      const notes = new PrintedRecorder(
        print.total,
        (ids) => assetLabelApi.printed(ids, print.templateId),
        () => {
          setRecorded(notes.recorded);
          setRecordError(notes.error);
        },
      );
      recorder.current = notes;
      setRecorded(0);
      setRecordError(null);
      const renderer = windowedRenderer(pool, {
        doc,
        windows,
        table: (rows) => assetTable(columns, rows),
        options: printOptions(options.dpi, Date.now()),
        bothSides: doc.mirrorPrint,
        scanCheck: options.scanCheck,
        onWindow: (w, rows) => notes.window(w * windows.windowRows, rows.map((r) => r.assetId)),
        onScan: (jobPage, summary) => scan?.add(jobPage, summary),
      });
      const send = helperSender(client, options);
      const run: AssetPrintRun = new PrintRun(plan, renderer, {
        async send(page, s, signal) {
          const sent = await send.send(page, s, signal);
          // Both sides printed: the asset's label is done with its last side.
          if (sent.ok && (!doc.mirrorPrint || s.side === 'mirrored')) notes.printed(s.labelPage);
          return sent;
        },
      });
      run.subscribe((state) => {
        if (state.status === 'running') return;
        void notes.flush().then(() => {
          // The list and the asset pages show the new "label printed" time.
          if (notes.recorded > 0) assetStore.assetsChanged();
        });
      });
      return { run, scan };
    },
    [print],
  );

  if (!print || !previewData) return null;
  return { print, previewData, recorded, recordError, createRun };
}

/** A run's failure to fetch its assets, in the user's language (null: another failure). */
export function rowsFailureMessage(error: unknown, t: (key: MessageKey, params?: Record<string, unknown>) => string): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error) || !isRowsError(error as WindowedError)) return null;
  const e = error as Extract<WindowedError, { code: 'rows.failed' | 'rows.changed' }>;
  return e.code === 'rows.failed' ? t('assetLabel.rowsFailed', { message: e.message }) : t('assetLabel.rowsChanged', { expected: e.expected, found: e.found });
}
