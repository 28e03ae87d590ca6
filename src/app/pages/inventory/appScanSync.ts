/**
 * Waiting inventory scans sync app-wide, not only while an inventory page is open: whoever is
 * signed in with permission 201 has the device's queue (inventorySync.ts) sent from any page,
 * and the shell's header says how many scans still wait (ScansWaitingLink.tsx). RootLayout
 * follows the session (useAppScanSync); signing out stops the sync (scanSync.ts stop()), and
 * the queue keeps that user's scans for their next sign-in.
 *
 * Starting is one flush: it reads the user's queue, sends it if it holds anything, and from
 * then on the sync's own loop (retries after a pause, the browser's 'online' event) runs until
 * the queue is empty or the user signs out. A user without 201 never opens the queue.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { can, type SessionUser } from '../../permissions';
import { session } from '../../state/session';
import { inventorySync, type InventorySync } from './inventorySync';

/** The account whose scans sync: the signed-in user when they hold 201, else nobody (null). */
export function scanSyncUserId(user: SessionUser | null): number | null {
  return user && can.inventory(user) ? user.Id : null;
}

/**
 * Starts the sync for `userId` (nothing for null) and returns what stops it. `open` gives the
 * app's one sync; a stop that comes before it opened still stops it once it has.
 */
export function followScanSyncUser(open: () => Promise<Pick<InventorySync, 'flush' | 'stop'>>, userId: number | null): () => void {
  if (userId === null) return () => undefined;
  let stopped = false;
  const opened = open().then((sync) => {
    if (!stopped) void sync.flush();
    return sync;
  });
  return () => {
    stopped = true;
    void opened.then((sync) => sync.stop());
  };
}

/** Keeps the app's scan sync with the signed-in user (RootLayout, around every route). */
export function useAppScanSync(): void {
  const { user } = useSnapshot(session);
  const userId = scanSyncUserId(user ?? null);
  useEffect(() => followScanSyncUser(inventorySync, userId), [userId]);
}

/**
 * Where the header's "n scans waiting" leads: the order of the waiting scans, or the orders
 * list when they belong to several; null when none wait.
 */
export function waitingScansLink(waiting: Readonly<Record<number, number>>): { count: number; to: string } | null {
  const orders = Object.entries(waiting).filter(([, n]) => n > 0);
  const count = orders.reduce((sum, [, n]) => sum + n, 0);
  if (count === 0) return null;
  return { count, to: orders.length === 1 ? `/inventory/details?id=${orders[0]![0]}` : '/inventory' };
}
