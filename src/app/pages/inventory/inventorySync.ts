/**
 * The app's one scan queue and sync (scanQueue.ts, scanSync.ts), wired to the API and the
 * session. Opened on the first visit to an inventory page; from then on it sends on every
 * scan, on the browser's 'online' event and on each inventory page's load (useInventorySync),
 * so scans left queued by an earlier page, a reload or a closed tab go out then.
 */
import { useEffect, useState } from 'react';
import type { InventoryLine } from '../../../api/contract';
import { inventoryApi } from '../../api';
import { session } from '../../state/session';
import { createMemoryScanStore, openIndexedDbScanStore } from './scanQueue';
import { createScanSync, type ScanSync } from './scanSync';

export type InventorySync = ScanSync<InventoryLine>;

let opening: Promise<InventorySync> | null = null;

export function inventorySync(): Promise<InventorySync> {
  opening ??= (async () => {
    const store = (await openIndexedDbScanStore()) ?? createMemoryScanStore();
    const sync = createScanSync<InventoryLine>({
      store,
      userId: () => session.user?.Id ?? null,
      send: async (orderId, scans) => {
        const result = await inventoryApi.scan(orderId, scans);
        return result.ok ? { ok: true, data: result.data.answers } : result;
      },
    });
    globalThis.addEventListener?.('online', () => void sync.flush());
    return sync;
  })();
  return opening;
}

/** The sync once open (null for the moment it takes); sends what is queued on every mount. */
export function useInventorySync(): InventorySync | null {
  const [sync, setSync] = useState<InventorySync | null>(null);
  useEffect(() => {
    let live = true;
    void inventorySync().then((opened) => {
      if (!live) return;
      setSync(opened);
      void opened.flush();
    });
    return () => {
      live = false;
    };
  }, []);
  return sync;
}
