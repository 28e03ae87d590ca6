import { describe, expect, it } from 'vitest';
import { createInventoryLineCache, INVENTORY_LINE_CACHE_LIMIT, type CachedLine } from './inventoryLines';

const line = (n: number, result = 0): CachedLine => ({ id: n, assetCoding: `A-${n}`, assetName: `asset ${n}`, result });
const lines = (from: number, count: number) => Array.from({ length: count }, (_, i) => line(from + i));

describe('inventory line cache (spec section 9)', () => {
  it('holds up to 1000 lines, and is cleared when it would hold more', () => {
    const cache = createInventoryLineCache();
    expect(INVENTORY_LINE_CACHE_LIMIT).toBe(1000);
    cache.keep(1, lines(0, 600));
    cache.keep(1, lines(600, 400));
    expect(cache.state.size).toBe(1000);
    expect(cache.state.clears).toBe(0);
    expect(cache.find(1, 'A-0')?.assetName).toBe('asset 0');

    cache.keep(1, lines(1000, 1));
    expect(cache.state.clears).toBe(1);
    expect(cache.state.size).toBe(1);
    expect(cache.find(1, 'A-0')).toBeUndefined();
    expect(cache.find(1, 'A-1000')?.id).toBe(1000);
  });

  it('updates a line seen again without growing, so re-reading a page never clears it', () => {
    const cache = createInventoryLineCache();
    cache.keep(1, lines(0, 1000));
    cache.keep(1, [line(5, 2)]);
    expect(cache.state.size).toBe(1000);
    expect(cache.state.clears).toBe(0);
    expect(cache.find(1, ' A-5 ')?.result).toBe(2);
  });

  it("holds one order's lines: another order starts it afresh", () => {
    const cache = createInventoryLineCache();
    cache.keep(1, lines(0, 3));
    cache.keep(2, lines(10, 2));
    expect(cache.find(1, 'A-0')).toBeUndefined();
    expect(cache.find(2, 'A-10')?.id).toBe(10);
    expect(cache.state.size).toBe(2);
    expect(cache.state.clears).toBe(0);
  });
});
