/**
 * The device's queue of inventory scans not yet confirmed by the server (issue 15: counting
 * survives a bad network). Every scan is written here first, with a UUID of its own, and
 * leaves only when the server has answered for it (scanSync.ts); the server records a scan
 * once per UUID, so a scan sent twice (the answer lost on the way back) counts once.
 *
 * Kept in IndexedDB (one object store, keyed by scanId), so a reload, a closed tab or a
 * crashed browser loses nothing. No library: the few calls needed are wrapped below.
 * `createMemoryScanStore` keeps the same contract in memory, for tests and for browsers
 * without IndexedDB (then a reload does lose the queue, and the page says so).
 */

/** One scan waiting for the server. */
export interface QueuedScan {
  /** UUID made on the device (newScanId); the server's idempotency key. */
  scanId: string;
  /** The account that scanned (LoginResult.Id): another user of the browser never sends it. */
  userId: number;
  /** The inventory order (Anlageninventur id). */
  orderId: number;
  /** What was scanned or typed: an asset code or an asset link URL. */
  text: string;
  /** When it was scanned, ISO 8601 (the device's clock). */
  scannedAt: string;
}

export interface ScanStore {
  /** Whether the queue outlives a reload (false: memory only). */
  readonly durable: boolean;
  add(scan: QueuedScan): Promise<void>;
  /** The user's queued scans, oldest first. */
  list(userId: number): Promise<QueuedScan[]>;
  /** Forgets the scans the server confirmed; unknown ids are ignored. */
  remove(scanIds: readonly string[]): Promise<void>;
}

const DB_NAME = 'assetmark-inventory';
const DB_VERSION = 1;
const SCANS = 'scans';

/** A v4 UUID; crypto.randomUUID exists only in secure contexts (https, localhost). */
export function newScanId(): string {
  if (typeof globalThis.crypto?.randomUUID === 'function') {
    try {
      return globalThis.crypto.randomUUID();
    } catch {
      // not a secure context: fall through
    }
  }
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const byTime = (a: QueuedScan, b: QueuedScan) => (a.scannedAt < b.scannedAt ? -1 : a.scannedAt > b.scannedAt ? 1 : 0);

export function createMemoryScanStore(): ScanStore {
  const scans = new Map<string, QueuedScan>();
  return {
    durable: false,
    async add(scan) {
      scans.set(scan.scanId, { ...scan });
    },
    async list(userId) {
      return [...scans.values()].filter((s) => s.userId === userId).sort(byTime).map((s) => ({ ...s }));
    },
    async remove(scanIds) {
      for (const id of scanIds) scans.delete(id);
    },
  };
}

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(SCANS)) {
        const store = db.createObjectStore(SCANS, { keyPath: 'scanId' });
        store.createIndex('userId', 'userId');
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    // Another tab holds an older version open: it closes on versionchange (below).
    request.onblocked = () => undefined;
  });
}

/**
 * The queue in IndexedDB, or null when the browser has none or refuses it (some private
 * modes): the caller falls back to the memory store.
 */
export async function openIndexedDbScanStore(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<ScanStore | null> {
  if (!factory) return null;
  let db: IDBDatabase;
  try {
    db = await openDatabase(factory);
  } catch {
    return null;
  }
  // Let a newer version of the app (another tab) upgrade the database.
  db.onversionchange = () => db.close();
  return {
    durable: true,
    async add(scan) {
      const tx = db.transaction(SCANS, 'readwrite');
      tx.objectStore(SCANS).put(scan);
      await done(tx);
    },
    async list(userId) {
      const tx = db.transaction(SCANS, 'readonly');
      const rows = await promised(tx.objectStore(SCANS).index('userId').getAll(userId) as IDBRequest<QueuedScan[]>);
      return rows.sort(byTime);
    },
    async remove(scanIds) {
      if (scanIds.length === 0) return;
      const tx = db.transaction(SCANS, 'readwrite');
      const store = tx.objectStore(SCANS);
      for (const id of scanIds) store.delete(id);
      await done(tx);
    },
  };
}
