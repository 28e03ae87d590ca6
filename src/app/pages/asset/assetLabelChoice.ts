/**
 * The Print labels dialog's choices (AssetLabelDialog.tsx), without React: which one
 * classification the assets of a print share, and the template it starts on.
 */
import type { AssetLabelRow } from '../../../api/contract';

export type LabelAssets = 'selected' | 'filtered';

/**
 * The classification every asset of the print has, or null (mixed, none, or not known): the
 * selected assets' (as the list holds them), the filter's classification, or for a filter
 * without one the first rows' when those are all the assets.
 */
export function sharedClassifyId(
  which: LabelAssets,
  selectedClassifyIds: readonly (number | null)[],
  filterClassify: number | undefined,
  rows: { rows: readonly Pick<AssetLabelRow, 'classifyId'>[]; total: number } | null,
): number | null {
  let ids: readonly (number | null)[];
  if (which === 'selected') ids = selectedClassifyIds;
  else if (filterClassify !== undefined) ids = [filterClassify];
  else if (rows && rows.rows.length === rows.total) ids = rows.rows.map((r) => r.classifyId);
  else return null;
  const one = ids[0];
  return one === null || one === undefined || ids.some((id) => id !== one) ? null : one;
}

/** The template the dialog starts on: the classification's default when the user may use it
 * (it is listed), else the first listed; null when none is. */
export function initialTemplateId(listed: readonly { templateID: number }[], classifyDefault: number | null): number | null {
  if (classifyDefault !== null && listed.some((t) => t.templateID === classifyDefault)) return classifyDefault;
  return listed[0]?.templateID ?? null;
}
