/**
 * Depreciation and expiry, as SQL over the assets row (alias a) so the list can filter and
 * sort by them and the dashboard can sum them, with "today" a parameter taken from the
 * server's clock (tests move it).
 *
 * The rules themselves are the SQL functions of migration 005 (asset_life_end, asset_value),
 * the one place they are written; README "Asset value and expiry" states them. In short:
 * - the life ends lossCycle calendar months after the buy date (same day of the month, or
 *   the month's last day), replacing the spec's lossCycle x 30 days on purpose;
 * - the remaining value runs straight-line, day by day, from the buy price on the buy date
 *   to the residual value (surplusValue) at the life's end, rounded to the fen, and stays
 *   between min(price, residual) and the price; a life of 0 months is written down to the
 *   residual on the buy date; without a buy date or a life it is the price.
 *
 * The life's end is the stored column life_end, the effective expiry date the stored column
 * expiry_date: the one entered, else the life's end (both migration 005). Bands are disjoint: expired (before today), within7 (0 to 7
 * days left), within30 (8 to 30), within90 (31 to 90), later, none (no date).
 */
import type { AssetExpiry, ExpiryBand } from '../../../src/api/contract.ts';
import type { Lang } from '../../errors.ts';

/** Today's calendar date in a time zone, 'YYYY-MM-DD'. */
export function todayIn(now: Date, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The remaining value (numeric, yuan) of the row aliased a; `today` is a date placeholder. */
export function currentValueSql(today: string): string {
  return `asset_value(a.buy_price, a.surplus_value, a.buy_date, a.life_end, ${today}::date)`;
}

/** Days from today to the effective expiry date (negative once passed), NULL without one. */
export function daysLeftSql(today: string): string {
  return `(a.expiry_date - ${today}::date)`;
}

/**
 * The condition "the row lies in any of these bands", as ranges of expiry_date so the expiry
 * index serves it; `today` gives the placeholder (not used by 'none' alone). Adjacent bands
 * are one range of days (within7 + within30 + within90 is 0 to 90 days left) and become one
 * range: the index then seeks to it, where an OR of ranges only filters the whole index.
 */
export function expiryBandsSql(bands: readonly ExpiryBand[], today: () => string): string {
  // Each dated band as days from today, inclusive; null: unbounded.
  const ranges: Record<Exclude<ExpiryBand, 'none'>, [number | null, number | null]> = {
    expired: [null, -1],
    within7: [0, 7],
    within30: [8, 30],
    within90: [31, 90],
    later: [91, null],
  };
  const conditions: string[] = [];
  let open: [number | null, number | null] | null = null;
  const close = () => {
    if (!open) return;
    const [from, to] = open;
    const day = (n: number) => `${today()}::date` + (n === 0 ? '' : n < 0 ? ` - ${-n}` : ` + ${n}`);
    if (from === null && to === null) conditions.push('a.expiry_date IS NOT NULL');
    else if (from === null) conditions.push(`a.expiry_date <= ${day(to!)}`);
    else if (to === null) conditions.push(`a.expiry_date >= ${day(from)}`);
    else conditions.push(`a.expiry_date BETWEEN ${day(from)} AND ${day(to)}`);
    open = null;
  };
  for (const band of ['expired', 'within7', 'within30', 'within90', 'later'] as const) {
    if (bands.includes(band)) open = open ? [open[0], ranges[band][1]] : ranges[band];
    else close();
  }
  close();
  if (bands.includes('none')) conditions.push('a.expiry_date IS NULL');
  if (conditions.length === 0) return 'FALSE';
  return conditions.length === 1 ? conditions[0] : `(${conditions.join(' OR ')})`;
}

export function bandOf(daysLeft: number | null): ExpiryBand {
  if (daysLeft === null) return 'none';
  if (daysLeft < 0) return 'expired';
  if (daysLeft <= 7) return 'within7';
  if (daysLeft <= 30) return 'within30';
  if (daysLeft <= 90) return 'within90';
  return 'later';
}

const TEXTS = {
  zh: { coming: '将于 {date} 到期，剩余 {days} 天', expired: '已过期 {days} 天' },
  en: { coming: 'will expire on {date}, {days} days left', expired: 'expired {days} days' },
};

/** The expiry of an asset whose effective date is `date`, `daysLeft` days from today. */
export function expiryOf(date: string | null, daysLeft: number | null, lang: Lang): AssetExpiry {
  const band = bandOf(date === null ? null : daysLeft);
  if (band === 'none' || date === null || daysLeft === null) return { date: null, band: 'none', days: null, text: '' };
  const days = Math.abs(daysLeft);
  const template = band === 'expired' ? TEXTS[lang].expired : TEXTS[lang].coming;
  return { date, band, days, text: template.replace('{date}', date).replace('{days}', String(days)) };
}
