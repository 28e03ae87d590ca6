/**
 * The asset list's "Print labels" dialog hands its print to the print page (issue 16) the way
 * the editor's Print button does (src/editor/print-handover.ts): in memory, named by an id in
 * the print page's history entry. What it hands over is small: the template's label, which
 * assets (the list's filter, or the selected ids) and how many, and the first few rows for
 * the preview. The rows themselves are pulled by the print run, a window at a time.
 */
import type { AssetLabelRow, AssetLabelRowsQuery } from '../../../api/contract';
import type { LabelDocument } from '../../../label/label';

export interface AssetLabelPrint {
  readonly id: string;
  /** The template's label. */
  readonly doc: LabelDocument;
  readonly templateId: number;
  readonly templateName: string;
  /** The assets: the list's filters, or `assetIds` (without afterId and limit). */
  readonly query: Omit<AssetLabelRowsQuery, 'afterId' | 'limit'>;
  /** Assets matching when the dialog counted them: the pages the run prints. */
  readonly total: number;
  /** The company's custom attribute names (a label may bind them). */
  readonly customNames: readonly string[];
  /** The first rows, for the preview. */
  readonly preview: readonly AssetLabelRow[];
}

/** The route state the dialog navigates to /label/print with. */
export interface AssetLabelRouteState {
  assetLabels: string;
}

/** Hand-overs kept (older ones are dropped first). */
const KEPT = 4;
const prints = new Map<string, AssetLabelPrint>();
let serial = 0;

export function handOverAssetLabels(print: Omit<AssetLabelPrint, 'id'>): AssetLabelRouteState {
  const id = `asset-labels-${++serial}`;
  prints.set(id, { ...print, id });
  while (prints.size > KEPT) prints.delete(prints.keys().next().value!);
  return { assetLabels: id };
}

/** The hand-over a print page's route state names (none, dropped or junk: null). */
export function assetLabelPrintOf(state: unknown): AssetLabelPrint | null {
  const id = (state as Partial<AssetLabelRouteState> | null)?.assetLabels;
  return typeof id === 'string' ? (prints.get(id) ?? null) : null;
}
