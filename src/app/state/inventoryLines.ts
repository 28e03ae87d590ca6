/**
 * The client's cache of inventory lines (spec section 9: "the inventory asset cache is
 * cleared when it holds more than 1000 items").
 *
 * Where the spec means it: the counting screen. While an order is counted the page keeps
 * the lines it has seen (the pages of the lines list, and every line a scan's answer brings
 * back) by asset code, so a scan shows at once which asset it is and whether it was already
 * counted, even while the scan itself waits offline for the server (scanSync.ts). The server
 * stays the judge: the cache only labels a waiting scan. An order may hold 100,000 assets and
 * a phone counts for hours, so the cache is bounded the spec's way: when an addition would
 * make it hold more than INVENTORY_LINE_CACHE_LIMIT lines, it is emptied first and starts
 * again from what is being added (the newest page or answers, which are what the counter is
 * looking at). It holds one order's lines: opening another order empties it.
 */
import { proxy } from 'valtio';

/** Lines kept at most (spec section 9). */
export const INVENTORY_LINE_CACHE_LIMIT = 1000;

/** What the cache needs of a line. */
export interface CachedLine {
  id: number;
  assetCoding: string;
  assetName: string | null;
  result: number;
}

export interface InventoryLineCache<L extends CachedLine = CachedLine> {
  /** The order whose lines are held; null when empty. */
  orderId: number | null;
  /** Lines by asset code (as the server spells it). */
  byCode: Record<string, L>;
  size: number;
  /** Times the cache was emptied for holding too many (for tests and diagnostics). */
  clears: number;
}

export function createInventoryLineCache<L extends CachedLine = CachedLine>(limit = INVENTORY_LINE_CACHE_LIMIT) {
  const state = proxy<InventoryLineCache<L>>({ orderId: null, byCode: {}, size: 0, clears: 0 });

  function empty(): void {
    state.byCode = {};
    state.size = 0;
  }

  return {
    state,
    /** Keeps `lines` of `orderId`; empties the cache first when it would hold more than `limit`. */
    keep(orderId: number, lines: readonly L[]): void {
      if (state.orderId !== orderId) {
        empty();
        state.orderId = orderId;
      }
      const fresh = lines.filter((l) => !(l.assetCoding in state.byCode)).length;
      if (state.size + fresh > limit) {
        empty();
        state.clears += 1;
      }
      for (const line of lines.slice(-limit)) {
        if (!(line.assetCoding in state.byCode)) state.size += 1;
        state.byCode[line.assetCoding] = line;
      }
    },
    /** The cached line of a scanned text of `orderId`, if it is a code seen. */
    find(orderId: number, text: string): L | undefined {
      if (state.orderId !== orderId) return undefined;
      return state.byCode[text.trim()];
    },
    reset(): void {
      empty();
      state.orderId = null;
    },
  };
}

/** The app's one cache (the counting screen's). */
export const inventoryLines = createInventoryLineCache();
