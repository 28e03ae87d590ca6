/**
 * The print page on an asset print (issue 16: "Print labels" in the asset list): the
 * template's label and the assets the dialog chose, handed over in the page's history entry
 * (assetLabelHandover.ts). The preview shows the first assets; the run pulls the assets'
 * rows from GET api/AssetLabel/Rows a window at a time (src/print/row-windows.ts) and renders
 * each window in the worker pool (src/print/windowed-renderer.ts), so memory stays flat up to
 * 100,000 assets; each label the printer confirms is recorded as printed (printedRecorder.ts).
 * The run itself is assetLabelRun.ts; here it is given the helper and the page's state.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { assetDataSource } from '../../../label/asset-binding';
import type { DataSource } from '../../../label/binding/data';
import type { BrowserRenderPool } from '../../../print/browser/pool';
import type { HelperClient, HelperError } from '../../../print/helper';
import type { PrintPlan } from '../../../print/plan';
import type { PrintRun } from '../../../print/run';
import { isRowsError, type WindowedError } from '../../../print/windowed-renderer';
import type { MessageKey } from '../../i18n/types';
import { assetLabelApi } from '../../api';
import { assetStore } from '../../state/assets';
import { assetLabelPrintOf, type AssetLabelPrint } from './assetLabelHandover';
import { assetLabelRun } from './assetLabelRun';
import type { PrintedRecorder } from './printedRecorder';
import { helperSender, type HelperSendOptions, type ScanTally } from './printRunner';

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
      setRecorded(0);
      setRecordError(null);
      const { run, scan, recorder: notes } = assetLabelRun(print, plan, pool, assetLabelApi, helperSender(client, options), {
        dpi: options.dpi,
        scanCheck: options.scanCheck,
        onRecorded: (notes) => {
          setRecorded(notes.recorded);
          setRecordError(notes.error);
        },
        // The list and the asset pages show the new "label printed" time.
        onFlushed: (notes) => {
          if (notes.recorded > 0) assetStore.assetsChanged();
        },
      });
      recorder.current = notes;
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
