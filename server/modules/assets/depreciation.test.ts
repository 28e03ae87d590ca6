/**
 * The value and expiry rules (migration 005: asset_life_end, asset_value) on the real
 * database, against an independent oracle written here in exact integer arithmetic (fen,
 * BigInt), and through the app: the list, its sort and band filter, the details the asset
 * form shows, and the dashboard's sums all give the same figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetInfo, AssetListResult, DashboardInfo, LoginResult } from '../../../src/api/contract.ts';
import { login, payload, registerAndLogin, startTestServer, type TestServer } from '../../testing/harness.ts';

let server: TestServer;
let admin: LoginResult;

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerAndLogin(server, 'value@example.com', 'pw', 'Value Co');
});
afterAll(() => server?.close());

// ---- the oracle -------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** buyDate + months calendar months: the same day, or the month's last day. */
function lifeEnd(buyDate: string, months: number): string {
  const [y, m, d] = buyDate.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  // Day 0 of the next month is this month's last day.
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

interface Case {
  price: string | null;
  residual: string | null;
  buyDate: string | null;
  months: number | null;
  today: string;
}

const fen = (yuan: string) => BigInt(Math.round(Number(yuan) * 100));
const yuanOf = (f: bigint) => Number(f) / 100;

/** The value by the README's rule, exactly (fen, rounded half up: values are never negative). */
function oracle({ price, residual, buyDate, months, today }: Case): number | null {
  if (price === null) return null;
  const p = fen(price);
  if (buyDate === null || months === null) return yuanOf(p);
  const floor = residual === null ? 0n : fen(residual) < p ? fen(residual) : p;
  const buy = dayNumber(buyDate);
  const end = dayNumber(lifeEnd(buyDate, months));
  const t = dayNumber(today);
  if (t >= end) return yuanOf(floor);
  if (t <= buy) return yuanOf(p);
  const life = BigInt(end - buy);
  const numerator = floor * life + (p - floor) * BigInt(end - t);
  return yuanOf((2n * numerator + life) / (2n * life));
}

/** asset_value and asset_life_end over many cases in one statement. */
async function sqlValues(cases: readonly Case[]): Promise<{ value: number | null; end: string | null }[]> {
  const { rows } = await server.db.query<{ value: string | null; end_date: string | null }>(
    `SELECT asset_value(v.price, v.residual, v.buy_date, asset_life_end(v.buy_date, v.months), v.today) AS value,
            asset_life_end(v.buy_date, v.months) AS end_date
       FROM unnest($1::numeric[], $2::numeric[], $3::date[], $4::integer[], $5::date[]) WITH ORDINALITY
            AS v(price, residual, buy_date, months, today, n)
      ORDER BY v.n`,
    [
      cases.map((c) => c.price),
      cases.map((c) => c.residual),
      cases.map((c) => c.buyDate),
      cases.map((c) => c.months),
      cases.map((c) => c.today),
    ],
  );
  return rows.map((r) => ({ value: r.value === null ? null : Number(r.value), end: r.end_date }));
}

const one = async (c: Case) => (await sqlValues([c]))[0].value;

// ---- the rule ---------------------------------------------------------------------------

describe('the end of life: calendar months', () => {
  it('keeps the day of the month, else takes the month’s last day; leap years; a life of 0', async () => {
    const cases: [string, number, string][] = [
      ['2024-03-15', 36, '2027-03-15'], // the asset: not 2027-02-28 (36 x 30 days)
      ['2024-01-31', 1, '2024-02-29'], // leap February
      ['2023-01-31', 1, '2023-02-28'],
      ['2024-03-31', 1, '2024-04-30'],
      ['2024-01-30', 1, '2024-02-29'],
      ['2024-02-29', 12, '2025-02-28'],
      ['2024-02-29', 48, '2028-02-29'],
      ['2024-02-29', 1, '2024-03-29'],
      ['2023-12-31', 2, '2024-02-29'],
      ['2024-12-15', 1, '2025-01-15'], // across the year
      ['2024-05-31', 0, '2024-05-31'],
      ['2000-01-01', 1200, '2100-01-01'],
    ];
    const got = await sqlValues(cases.map(([buyDate, months]) => ({ price: '1', residual: null, buyDate, months, today: buyDate })));
    expect(got.map((g) => g.end)).toEqual(cases.map(([, , end]) => end));
    expect(cases.map(([buyDate, months]) => lifeEnd(buyDate, months))).toEqual(cases.map(([, , end]) => end));
    const none = await sqlValues([
      { price: '1', residual: null, buyDate: null, months: 3, today: '2024-01-01' },
      { price: '1', residual: null, buyDate: '2024-01-01', months: null, today: '2024-01-01' },
    ]);
    expect(none.map((g) => g.end)).toEqual([null, null]);
  });
});

describe('the remaining value: straight-line from the price to the residual', () => {
  const asset = { price: '12999.00', residual: '500.00', buyDate: '2024-03-15', months: 36 };
  // 2024-03-15 to 2027-03-15: 1095 days; 12,499 to depreciate.

  it('runs from the price down to the residual, never below it (the issue’s 12,999 with 500 residual)', async () => {
    expect(await one({ ...asset, today: '2024-03-15' })).toBe(12999);
    // 100 days in: 500 + 12499 x 995 / 1095 = 11857.5388...
    expect(await one({ ...asset, today: '2024-06-23' })).toBe(11857.54);
    // The day before the end: 500 + 12499 / 1095 = 511.414...
    expect(await one({ ...asset, today: '2027-03-14' })).toBe(511.41);
    // Exactly at the end of life, and long after: the residual, not 0.
    expect(await one({ ...asset, today: '2027-03-15' })).toBe(500);
    expect(await one({ ...asset, today: '2040-01-01' })).toBe(500);
    // Without a residual it ends at 0.
    expect(await one({ ...asset, residual: null, today: '2027-03-15' })).toBe(0);
    expect(await one({ ...asset, residual: '0', today: '2030-01-01' })).toBe(0);
  });

  it('is the price before and on the buy date, without a buy date or a life, and NULL without a price', async () => {
    expect(await one({ ...asset, today: '2020-01-01' })).toBe(12999);
    expect(await one({ ...asset, buyDate: null, today: '2030-01-01' })).toBe(12999);
    expect(await one({ ...asset, months: null, today: '2030-01-01' })).toBe(12999);
    expect(await one({ ...asset, price: null, today: '2025-01-01' })).toBe(null);
  });

  it('writes a life of 0 months down to the residual on the buy date (and not before it)', async () => {
    const zero = { ...asset, months: 0 };
    expect(await one({ ...zero, today: '2024-03-14' })).toBe(12999);
    expect(await one({ ...zero, today: '2024-03-15' })).toBe(500);
    expect(await one({ ...zero, today: '2025-03-15' })).toBe(500);
    expect(await one({ ...zero, residual: null, today: '2024-03-15' })).toBe(0);
  });

  it('clamps a residual above the price: the value stays the price, never rises above it', async () => {
    const high = { ...asset, residual: '20000.00' };
    for (const today of ['2024-03-15', '2025-01-01', '2027-03-15', '2035-01-01']) expect(await one({ ...high, today }), today).toBe(12999);
    expect(await one({ ...asset, residual: '12999.00', today: '2026-01-01' })).toBe(12999);
  });

  it('counts a leap day as a day of the life', async () => {
    // 2024-02-01 + 1 month = 2024-03-01: 29 days. On 2024-02-29, 1 day is left: 2900 / 29 = 100.
    const leap = { price: '2900.00', residual: null, buyDate: '2024-02-01', months: 1 };
    expect(await one({ ...leap, today: '2024-02-29' })).toBe(100);
    expect(await one({ ...leap, today: '2024-03-01' })).toBe(0);
    // 2023: 28 days; on 2023-02-28, 1 day left: 2800 / 28 = 100.
    expect(await one({ price: '2800.00', residual: null, buyDate: '2023-02-01', months: 1, today: '2023-02-28' })).toBe(100);
  });

  it('rounds to the fen half away from zero, exactly, even for the largest prices', async () => {
    // 0.05 over 10 days of 1 month from 2024-04-01 (30 days): 0.05 x 27 / 30 = 0.045 → 0.05.
    expect(await one({ price: '0.05', residual: null, buyDate: '2024-04-01', months: 1, today: '2024-04-04' })).toBe(0.05);
    // 0.01 x 14 / 30 = 0.00466... → 0.00; 0.01 x 15 / 30 = 0.005 → 0.01.
    expect(await one({ price: '0.01', residual: null, buyDate: '2024-04-01', months: 1, today: '2024-04-17' })).toBe(0);
    expect(await one({ price: '0.01', residual: null, buyDate: '2024-04-01', months: 1, today: '2024-04-16' })).toBe(0.01);
    const big = { price: '999999999999.99', residual: '0.01', buyDate: '2001-02-28', months: 1199, today: '2050-07-13' };
    expect(await one(big)).toBe(oracle(big));
  });

  it('agrees with the oracle on 3,000 generated cases, and stays within [min(price, residual), price], never rising', async () => {
    // A fixed linear congruential generator: the same cases every run.
    let seed = 0x2024_0315;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return seed % n;
    };
    const money = () => {
      const scale = [1, 100, 10_000, 1_000_000, 100_000_000, 99_999_999_999_999][next(6)];
      return (next(scale + 1) / 100).toFixed(2);
    };
    const cases: Case[] = [];
    for (let i = 0; i < 3000; i++) {
      const buyDay = dayNumber('1995-01-01') + next(40 * 366);
      const months = [0, 1, 2, 11, 12, 13, 36, 60, 1200][next(9)];
      const life = dayNumber(lifeEnd(dateOf(buyDay), months)) - buyDay;
      // Around the buy date, inside the life, around its end, and well after.
      const offset = [-2, -1, 0, 1, next(life + 1), life - 1, life, life + 1, life + 400][next(9)];
      cases.push({
        price: next(20) === 0 ? null : money(),
        residual: next(4) === 0 ? null : money(),
        buyDate: next(25) === 0 ? null : dateOf(buyDay),
        months: next(25) === 0 ? null : months,
        today: dateOf(buyDay + offset),
      });
    }
    const got = await sqlValues(cases);
    const mismatches = cases.filter((c, i) => got[i].value !== oracle(c));
    expect(mismatches.slice(0, 5)).toEqual([]);
    for (const [i, c] of cases.entries()) {
      if (c.price === null) continue;
      const price = Number(c.price);
      const floor = Math.min(price, Number(c.residual ?? 0));
      const value = got[i].value!;
      if (value < floor || value > price) throw new Error(`out of bounds: ${JSON.stringify(c)} → ${value}`);
    }
    // Day by day through a whole life and past it, the value never rises.
    const days = Array.from({ length: 400 }, (_, d) => ({ ...asset, months: 12, today: dateOf(dayNumber('2024-03-10') + d) }));
    const series = (await sqlValues(days)).map((g) => g.value!);
    for (let d = 1; d < series.length; d++) expect(series[d]).toBeLessThanOrEqual(series[d - 1]);
    expect(series.at(-1)).toBe(500);
  });
});

// ---- one rule everywhere ----------------------------------------------------------------

describe('the same figures in the list, its sort and filters, the details and the dashboard', () => {
  const call = <T>(method: string, path: string, body?: unknown) => server.call<T>(method, path, { token: admin.loginID, body, lang: 'en' });

  it('shows the residual-bounded value and the calendar-month expiry everywhere', async () => {
    // Today (the test clock) is 2030-01-15 in Shanghai.
    const today = '2030-01-15';
    const rows = [
      { assetCoding: 'V-1', assetName: 'Laptop', buyPrice: 12999, surplusValue: 500, lossCycle: 36, buyDate: '2028-03-15' },
      { assetCoding: 'V-2', assetName: 'Ended', buyPrice: 8000, surplusValue: 800, lossCycle: 12, buyDate: '2027-01-31' },
      { assetCoding: 'V-3', assetName: 'Zero life', buyPrice: 300, surplusValue: 20, lossCycle: 0, buyDate: '2030-01-10' },
      { assetCoding: 'V-4', assetName: 'High residual', buyPrice: 100, surplusValue: 150, lossCycle: 24, buyDate: '2029-01-31' },
      { assetCoding: 'V-5', assetName: 'Month end', buyPrice: 600, lossCycle: 1, buyDate: '2029-12-31' },
      { assetCoding: 'V-6', assetName: 'No life', buyPrice: 50, buyDate: '2020-01-01' },
    ];
    const created: AssetInfo[] = [];
    for (const row of rows) created.push(payload(await call<AssetInfo>('POST', '/api/Asset', row)));
    const expected = rows.map((r) => {
      const c: Case = {
        price: String(r.buyPrice),
        residual: r.surplusValue === undefined ? null : String(r.surplusValue),
        buyDate: r.buyDate,
        months: r.lossCycle ?? null,
        today,
      };
      return { code: r.assetCoding, value: oracle(c), expiry: r.lossCycle === undefined ? null : lifeEnd(r.buyDate, r.lossCycle) };
    });
    // V-1: 671 days of 1095 (2028-03-15 to 2031-03-15): 500 + 12499 x 424 / 1095 = 5339.80;
    // V-5: 2029-12-31 + 1 month = 2030-01-31, 31 days: 600 x 16 / 31 = 309.677...
    expect(expected.map((e) => e.value)).toEqual([5339.8, 800, 20, 100, 309.68, 50]);
    expect(expected.map((e) => e.expiry)).toEqual(['2031-03-15', '2028-01-31', '2030-01-10', '2031-01-31', '2030-01-31', null]);

    // The reply to the save, and the details the asset form shows.
    expect(created.map((a) => [a.currentValue, a.expiry.date])).toEqual(expected.map((e) => [e.value, e.expiry]));
    for (const a of created) {
      const details = payload(await call<AssetInfo>('GET', `/api/Asset/details?id=${a.id}`));
      expect([details.currentValue, details.expiry.date]).toEqual([a.currentValue, a.expiry.date]);
    }
    // The list, and its sort by value.
    const list = payload(await call<AssetListResult>('GET', '/api/Asset?search=v-&sortKey=currentValue&isASC=false'));
    const byValue = [...expected].sort((a, b) => b.value! - a.value! || Number(b.code.slice(2)) - Number(a.code.slice(2)));
    expect(list.assets.map((a) => [a.assetCoding, a.currentValue])).toEqual(byValue.map((e) => [e.code, e.value]));
    // The expiry band filter reads the same dates: V-2 and V-3 have ended.
    const expired = payload(await call<AssetListResult>('GET', '/api/Asset?search=v-&expiryBand=expired'));
    expect(expired.assets.map((a) => a.assetCoding)).toEqual(['V-2', 'V-3']);
    const within30 = payload(await call<AssetListResult>('GET', '/api/Asset?search=v-&expiryBand=within30'));
    expect(within30.assets.map((a) => [a.assetCoding, a.expiry.days])).toEqual([['V-5', 16]]);
    // The dashboard's sums.
    const dashboard = payload(await call<DashboardInfo>('GET', '/api/Dashboard'));
    const sum = expected.reduce((s, e) => s + Math.round(e.value! * 100), 0) / 100;
    expect(dashboard.totalValue).toBe(sum);
    expect(dashboard.expiredAssets).toBe(2);

    // A year later: the ended assets stay at their residual (V-1 has 59 days left).
    server.clock.set(new Date('2031-01-15T08:00:00.000Z'));
    admin = await login(server, 'value@example.com', 'pw');
    const later = payload(await call<AssetListResult>('GET', '/api/Asset?search=v-'));
    expect(later.assets.map((a) => a.currentValue)).toEqual(
      rows.map((r) =>
        oracle({ price: String(r.buyPrice), residual: r.surplusValue === undefined ? null : String(r.surplusValue), buyDate: r.buyDate, months: r.lossCycle ?? null, today: '2031-01-15' }),
      ),
    );
    expect(later.assets.slice(1, 4).map((a) => a.currentValue)).toEqual([800, 20, 100]);
    expect(later.assets[0].expiry).toMatchObject({ date: '2031-03-15', band: 'within90', days: 59 });
  });
});
