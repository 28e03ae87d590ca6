/**
 * Shaping the server's dashboard figures (DashboardInfo) for the page: the usage-status
 * slices in the spec's order, the total-value bars (the largest groups, the rest merged), and
 * numbers and money in the reader's locale. Pure, so it is tested without a browser.
 */
import { AssetUseStatus, type AssetUseStatusValue, type DashboardInfo } from '../../../api/contract';
import type { MessageKey } from '../../i18n/types';

/** The colour family of a slice; the chart maps it to its palette. */
export type StatusTone = 'neutral' | 'success' | 'info' | 'warning' | 'error';

/** Spec section 4: unused, in use, borrowed, maintenance, discarded. */
export const STATUS_SERIES: readonly { status: AssetUseStatusValue; labelKey: MessageKey; tone: StatusTone }[] = [
  { status: AssetUseStatus.unused, labelKey: 'dashboard.statusUnused', tone: 'neutral' },
  { status: AssetUseStatus.using, labelKey: 'dashboard.statusUsing', tone: 'success' },
  { status: AssetUseStatus.borrowed, labelKey: 'dashboard.statusBorrowed', tone: 'info' },
  { status: AssetUseStatus.maintain, labelKey: 'dashboard.statusMaintain', tone: 'warning' },
  { status: AssetUseStatus.discard, labelKey: 'dashboard.statusDiscard', tone: 'error' },
];

export interface StatusSlice {
  status: AssetUseStatusValue;
  labelKey: MessageKey;
  tone: StatusTone;
  count: number;
}

/** Every status of the chart with its count (0 when the server did not list it). */
export function statusSlices(counts: DashboardInfo['statusCounts']): StatusSlice[] {
  const byStatus = new Map(counts.map((c) => [c.status, c.count]));
  return STATUS_SERIES.map((s) => ({ ...s, count: byStatus.get(s.status) ?? 0 }));
}

export type ValueGroup = DashboardInfo['valueByClassify'][number];

export interface ValueBar {
  /** 'named' a classification or department, 'none' the assets without one, 'other' the merged rest. */
  kind: 'named' | 'none' | 'other';
  /** The group's name for 'named'; '' otherwise (the page labels those). */
  name: string;
  /** Groups merged into this bar (1 unless 'other'). */
  groups: number;
  count: number;
  value: number;
  buyPrice: number;
}

/** Bars shown at most; more groups keep the largest (max - 1) and merge the rest. */
export const VALUE_BARS_MAX = 8;

const cents = (n: number) => Math.round(n * 100) / 100;

/** The total-value bars, largest value first (ties: more assets first). */
export function valueBars(groups: readonly ValueGroup[], max = VALUE_BARS_MAX): ValueBar[] {
  const sorted = [...groups].sort((a, b) => b.value - a.value || b.count - a.count);
  const bars: ValueBar[] = sorted.map((g) => ({
    kind: g.id === null ? 'none' : 'named',
    name: g.id === null ? '' : (g.name ?? ''),
    groups: 1,
    count: g.count,
    value: g.value,
    buyPrice: g.buyPrice,
  }));
  if (bars.length <= max) return bars;
  const kept = bars.slice(0, Math.max(0, max - 1));
  const rest = bars.slice(kept.length);
  kept.push({
    kind: 'other',
    name: '',
    groups: rest.length,
    count: rest.reduce((n, b) => n + b.count, 0),
    value: cents(rest.reduce((n, b) => n + b.value, 0)),
    buyPrice: cents(rest.reduce((n, b) => n + b.buyPrice, 0)),
  });
  return kept;
}

/** Money is in yuan (CNY). */
export const CURRENCY = 'CNY';

export function formatMoney(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY }).format(value);
}

/** Short money for chart axes: CN¥1.23K, CN¥1.5M (zh-CN: ¥1230, ¥150万). */
export function formatMoneyShort(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY, notation: 'compact', maximumSignificantDigits: 3 }).format(value);
}

export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

export function formatPercent(part: number, whole: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(whole > 0 ? part / whole : 0);
}
