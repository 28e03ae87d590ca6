import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setHiddenAssetColumns, storedHiddenAssetColumns } from '../../state/settings';
import { StorageKey, userKey } from '../../state/storage';
import { ASSET_COLUMNS, DEFAULT_HIDDEN, hiddenFromStorage, shownColumns, toggleColumn } from './assetColumns';

/** The Web Storage interface over a Map: Node 20 has no localStorage of its own. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

describe('asset list columns', () => {
  it('the default set plus check box (44 px) and actions (88 px) fits the 1126 px panel of a 1440 px window', () => {
    const width = shownColumns(DEFAULT_HIDDEN).reduce((sum, c) => sum + c.width, 0) + 44 + 88;
    // The panel's padding (2 x 24 px), the card's (2 x 16 px), two borders each side and a
    // 12 px vertical scroll bar come off the panel's 1126 px.
    expect(width).toBeLessThanOrEqual(1126 - 2 * 24 - 2 * 16 - 4 - 12);
    for (const key of ['assetCoding', 'assetName', 'buyPrice', 'currentValue', 'status', 'expireDate'] as const) {
      expect(shownColumns(DEFAULT_HIDDEN).map((c) => c.key)).toContain(key);
    }
  });

  it('reads what storage holds defensively', () => {
    expect(hiddenFromStorage(null)).toEqual(DEFAULT_HIDDEN);
    expect(hiddenFromStorage('junk')).toEqual(DEFAULT_HIDDEN);
    expect(hiddenFromStorage({ unit: true })).toEqual(DEFAULT_HIDDEN);
    expect(hiddenFromStorage([])).toEqual([]);
    expect(hiddenFromStorage(['unit', 'gone', 3, 'unit', 'buyPrice'])).toEqual(['unit', 'buyPrice']);
    // Every column hidden would leave an empty table: not honoured.
    expect(hiddenFromStorage(ASSET_COLUMNS.map((c) => c.key))).toEqual(DEFAULT_HIDDEN);
  });

  it('shows and hides one column at a time, in display order, never the last one', () => {
    expect(toggleColumn([], 'status', false)).toEqual(['status']);
    expect(toggleColumn(['status'], 'assetCoding', false)).toEqual(['assetCoding', 'status']);
    expect(toggleColumn(['assetCoding', 'status'], 'status', true)).toEqual(['assetCoding']);
    expect(toggleColumn(['status'], 'status', false)).toEqual(['status']);
    const allButName = ASSET_COLUMNS.map((c) => c.key).filter((k) => k !== 'assetName');
    expect(shownColumns(allButName).map((c) => c.key)).toEqual(['assetName']);
    expect(toggleColumn(allButName, 'assetName', false)).toEqual(allButName);
    expect(toggleColumn([], 'epc', false)).toEqual([]);
  });
});

describe('remembered columns per user', () => {
  const saved = globalThis.localStorage;
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true, writable: true });
  });
  afterEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: saved, configurable: true, writable: true });
  });

  it('keeps each user choice under a key of its own', () => {
    expect(storedHiddenAssetColumns(1)).toEqual(DEFAULT_HIDDEN);
    setHiddenAssetColumns(1, ['status']);
    setHiddenAssetColumns(2, ['unit', 'buyPrice']);
    expect(storedHiddenAssetColumns(1)).toEqual(['status']);
    expect(storedHiddenAssetColumns(2)).toEqual(['unit', 'buyPrice']);
    expect(storedHiddenAssetColumns(3)).toEqual(DEFAULT_HIDDEN);
    expect(globalThis.localStorage.getItem(userKey(StorageKey.assetColumns, 1))).toBe('["status"]');
    expect(userKey(StorageKey.assetColumns, 1)).toBe('assetmark.assetColumns.1');
  });

  it('a stored choice showing every column is kept as such', () => {
    setHiddenAssetColumns(5, []);
    expect(storedHiddenAssetColumns(5)).toEqual([]);
  });
});
