/**
 * Label pages (spec section 4). With a data source the page count is the number of data
 * rows (at least 1). Without one, a serial-number page pattern N/M declares M pages: the
 * label's own pageInfo (level 100) or a serial control's content, the highest level
 * winning (QR 40, barcode 30, text 20; ties to the first); otherwise there is 1 page.
 * Pages here are 1-based, as the editor shows them.
 */
import { LabelError, type LabelResult } from '../errors.ts';
import type { LabelDocument } from '../label.ts';
import { pageInfoLevel, serialDigits } from '../elements/index.ts';
import type { DataSource } from './data.ts';
import { findPagePattern } from './serial.ts';

export const LABEL_PAGE_INFO_LEVEL = 100;

export interface PageInfo {
  /** N: the current value. */
  current: number;
  /** M: the page count it declares. */
  total: number;
  level: number;
  /** 'label' or the index of the child it came from. */
  source: 'label' | number;
}

export function pageInfoOf(doc: Pick<LabelDocument, 'pageInfo' | 'children'>): PageInfo | null {
  let best: PageInfo | null = null;
  const own = findPagePattern(doc.pageInfo, 15);
  if (own) best = { current: own.n.value, total: own.total, level: LABEL_PAGE_INFO_LEVEL, source: 'label' };
  doc.children.forEach((c, i) => {
    if (!('contentType' in c) || c.contentType !== 1) return;
    const level = pageInfoLevel(c.kind);
    if (best && best.level >= level) return;
    const p = findPagePattern(c.content, serialDigits(c.kind));
    if (p) best = { current: p.n.value, total: p.total, level, source: i };
  });
  return best;
}

export function pageCount(doc: Pick<LabelDocument, 'pageInfo' | 'children'>, data: DataSource | null): number {
  if (data) return Math.max(1, data.rowCount);
  return Math.max(1, pageInfoOf(doc)?.total ?? 1);
}

/** `page` brought into 1..count (not a number: 1). */
export function clampPage(page: number, count: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, count));
}

/** Going to a page: allowed only within 1..count. */
export function gotoPage(page: number, count: number): LabelResult<number> {
  if (!Number.isInteger(page)) return { ok: false, error: new LabelError('page.invalid', { page: String(page) }) };
  if (page < 1 || page > count) return { ok: false, error: new LabelError('page.outOfRange', { page, count }) };
  return { ok: true, value: page, warnings: [] };
}

/** A relative move (previous, next, +10): clamped to 1..count. */
export function movePage(current: number, delta: number, count: number): number {
  return clampPage(current + delta, count);
}
