/**
 * The asset list's optional columns and which of them a user chose to show. What is stored is
 * the list of hidden columns (not the shown ones), so a column added in a later version shows
 * for everyone until they hide it. The check box and the actions column are not optional.
 */
import type { AssetSortKey } from '../../../api/contract';
import type { MessageKey } from '../../i18n/types';

/** A column of the list: a sort key, or a column the server does not sort by. */
export type AssetColumnId = AssetSortKey | 'labelPrintedAt';

export interface ColumnDef {
  key: AssetColumnId;
  titleKey: MessageKey;
  /** Fixed width in CSS px; the table is at least the sum, so it scrolls rather than squeezes. */
  width: number;
  numeric?: boolean;
  /** False: the header does not sort (the server has no such order). */
  sortable?: boolean;
}

/**
 * Every optional column in display order. Widths in CSS px: the default set (below) plus the
 * check box (44) and actions (88) comes to 1022 px, inside the 1126 px panel of a 1440 px
 * window less its padding (2 x 24), the card's (2 x 16), borders and a 12 px scroll bar;
 * long values are cut with an ellipsis and shown whole on hover.
 */
export const ASSET_COLUMNS: readonly ColumnDef[] = [
  { key: 'assetCoding', titleKey: 'asset.field.assetCoding', width: 100 },
  { key: 'assetName', titleKey: 'asset.field.assetName', width: 160 },
  { key: 'classify', titleKey: 'asset.field.classify', width: 100 },
  { key: 'specifications', titleKey: 'asset.field.specifications', width: 120 },
  { key: 'unit', titleKey: 'asset.field.unit', width: 70 },
  { key: 'affiliatedDept', titleKey: 'asset.field.affiliatedDept', width: 110 },
  { key: 'affiliatedStaff', titleKey: 'asset.field.affiliatedStaff', width: 100 },
  { key: 'depositSite', titleKey: 'asset.field.depositSite', width: 120 },
  { key: 'buyDate', titleKey: 'asset.field.buyDate', width: 110 },
  { key: 'buyPrice', titleKey: 'asset.field.buyPrice', width: 100, numeric: true },
  { key: 'lossCycle', titleKey: 'asset.field.lossCycle', width: 100, numeric: true },
  { key: 'currentValue', titleKey: 'asset.field.currentValue', width: 100, numeric: true },
  { key: 'status', titleKey: 'asset.field.status', width: 80 },
  { key: 'expireDate', titleKey: 'asset.field.expiry', width: 140 },
  // When the asset's label was last printed (POST api/AssetLabel/Printed), local time.
  { key: 'labelPrintedAt', titleKey: 'assetLabel.labelPrinted', width: 140, sortable: false },
];

export type AssetColumnKey = (typeof ASSET_COLUMNS)[number]['key'];

/** Hidden until a user shows them: the detail columns, so the default set fits at 1440 px. */
export const DEFAULT_HIDDEN: readonly AssetColumnId[] = ['specifications', 'unit', 'affiliatedStaff', 'depositSite', 'buyDate', 'lossCycle', 'labelPrintedAt'];

const KNOWN = new Set<string>(ASSET_COLUMNS.map((c) => c.key));

/**
 * The hidden columns from what storage holds: null (nothing stored) gives the defaults; junk,
 * unknown names (a column since removed) and repeats are dropped; a list hiding every column
 * is not honoured (at least one column always shows), so it gives the defaults too.
 */
export function hiddenFromStorage(value: unknown): AssetColumnId[] {
  if (!Array.isArray(value)) return [...DEFAULT_HIDDEN];
  const hidden = [...new Set(value.filter((v): v is AssetColumnId => typeof v === 'string' && KNOWN.has(v)))];
  return hidden.length >= ASSET_COLUMNS.length ? [...DEFAULT_HIDDEN] : hidden;
}

/** The columns to show, in display order. */
export function shownColumns(hidden: readonly AssetColumnId[]): ColumnDef[] {
  return ASSET_COLUMNS.filter((c) => !hidden.includes(c.key));
}

/**
 * The hidden list after showing or hiding one column. Hiding the last shown column is refused
 * (the list is returned unchanged): a table of check boxes and buttons alone tells nothing.
 */
export function toggleColumn(hidden: readonly AssetColumnId[], key: AssetColumnId, show: boolean): AssetColumnId[] {
  if (!KNOWN.has(key)) return [...hidden];
  if (show) return hidden.filter((k) => k !== key);
  if (hidden.includes(key)) return [...hidden];
  if (shownColumns(hidden).length <= 1) return [...hidden];
  // Kept in display order so the stored text is the same for the same choice.
  const next = new Set([...hidden, key]);
  return ASSET_COLUMNS.map((c) => c.key).filter((k) => next.has(k));
}
