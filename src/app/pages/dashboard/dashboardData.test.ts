import { describe, expect, it } from 'vitest';
import { formatCount, formatMoney, formatMoneyShort, formatPercent, statusSlices, valueBars, type ValueGroup } from './dashboardData';

describe('statusSlices', () => {
  it('lists the five statuses in the spec order, zeros included, "none" left out', () => {
    const slices = statusSlices([
      { status: 32, count: 1 },
      { status: 2, count: 7 },
      { status: 0, count: 99 },
      { status: 4, count: 3 },
    ]);
    expect(slices.map((s) => [s.status, s.count])).toEqual([
      [2, 7],
      [4, 3],
      [8, 0],
      [16, 0],
      [32, 1],
    ]);
    expect(slices.map((s) => s.labelKey)).toEqual([
      'dashboard.statusUnused',
      'dashboard.statusUsing',
      'dashboard.statusBorrowed',
      'dashboard.statusMaintain',
      'dashboard.statusDiscard',
    ]);
  });
});

describe('valueBars', () => {
  const group = (id: number | null, value: number, count = 1, name: string | null = id === null ? null : `G${id}`): ValueGroup => ({
    id,
    name,
    count,
    value,
    buyPrice: value * 2,
  });

  it('keeps every group when they fit, largest first, the assets without one labelled apart', () => {
    const bars = valueBars([group(1, 10), group(null, 50, 3), group(2, 10, 4)]);
    expect(bars.map((b) => [b.kind, b.name, b.value, b.count])).toEqual([
      ['none', '', 50, 3],
      ['named', 'G2', 10, 4],
      ['named', 'G1', 10, 1],
    ]);
  });

  it('merges the smallest groups into one "other" bar', () => {
    const groups = [1, 2, 3, 4, 5].map((i) => group(i, i * 100.1, i));
    const bars = valueBars(groups, 3);
    expect(bars).toHaveLength(3);
    expect(bars.slice(0, 2).map((b) => b.name)).toEqual(['G5', 'G4']);
    expect(bars[2]).toEqual({ kind: 'other', name: '', groups: 3, count: 6, value: 600.6, buyPrice: 1201.2 });
  });

  it('is empty without assets', () => {
    expect(valueBars([])).toEqual([]);
  });
});

describe('formatting per locale', () => {
  it('formats money in yuan and counts with separators', () => {
    expect(formatMoney(1234.5, 'en')).toBe('CN¥1,234.50');
    expect(formatMoney(1234.5, 'zh-CN')).toBe('¥1,234.50');
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatMoneyShort(1_500_000, 'en')).toBe('CN¥1.5M');
    expect(formatMoneyShort(1_500_000, 'zh-CN')).toBe('¥150万');
    expect(formatPercent(1, 3, 'en')).toBe('33.3%');
    expect(formatPercent(1, 0, 'en')).toBe('0%');
  });
});
