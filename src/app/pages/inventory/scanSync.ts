/**
 * Sending queued inventory scans to the server (POST api/InventoryAsset) and showing what
 * became of each: the other half of scanQueue.ts.
 *
 *   scan      -> written to the queue (IndexedDB) with its UUID, shown as "waiting"
 *   flush     -> the user's queued scans, oldest first, in batches of one order each;
 *                a scan leaves the queue only when the server answered for it
 *   answered  -> normal / duplicate / surplus, or refused (order closed), shown per scan
 *   no answer -> (offline, fetch failed, session gone) the scans stay; sync starts again on
 *                the browser's 'online' event, on the next page load, after a growing pause
 *                (RETRY_DELAYS_MS) and on the user's "sync now"
 *   sign-out  -> stop(): no retry stays scheduled and nothing of the user stays shown; the
 *                queue keeps their scans for their next sign-in (appScanSync.ts)
 *
 * Nothing is counted twice: the server keeps one answer per scanId, so a batch whose answer
 * was lost and is sent again is answered the same. A batch the server refuses as a whole
 * (the order was finished or deleted meanwhile, the user lost permission 201) can never be
 * counted: its scans leave the queue and are shown refused with the server's message, instead
 * of blocking the queue for ever.
 *
 * One flush runs at a time; a scan made during a flush is sent by the same flush. Framework
 * free: state is a valtio proxy, time and the network are injected, so the unit tests drive
 * it without a browser.
 */
import { proxy } from 'valtio';
import type { ApiResult } from '../../../api/client';
import { newScanId, type QueuedScan, type ScanStore } from './scanQueue';

/** What the server made of one scan (contract: POST api/InventoryAsset). */
export type ScanOutcome = 'normal' | 'duplicate' | 'surplus' | 'unknown-order-closed';

export interface ScanToSend {
  scanId: string;
  text: string;
  scannedAt: string;
}

export interface ScanAnswer<Line> {
  scanId: string;
  outcome: ScanOutcome;
  line: Line | null;
  /** Why a scan was not recorded (unknown-order-closed), in the user's language. */
  message?: string;
}

export type SendScans<Line> = (orderId: number, scans: ScanToSend[]) => Promise<ApiResult<ScanAnswer<Line>[]>>;

/** How a scan shows on the page: waiting until answered, then the server's outcome. */
export type ScanStatus = 'waiting' | 'normal' | 'duplicate' | 'surplus' | 'refused';

export interface ScanView<Line> {
  scanId: string;
  userId: number;
  orderId: number;
  text: string;
  scannedAt: string;
  status: ScanStatus;
  /** The line the scan counted or found (normal, duplicate, surplus). */
  line: Line | null;
  /** Why a refused scan was refused (the server's words). */
  message: string | null;
}

export interface ScanSyncState<Line> {
  /** Queued scans of the signed-in user per order id; absent = none. */
  waiting: Record<number, number>;
  /** The newest scans of this page's life, newest first (at most RECENT_LIMIT). */
  recent: ScanView<Line>[];
  syncing: boolean;
  /** The last attempt found no connection (navigator.onLine false or no reply). */
  offline: boolean;
  /** The last failure's message, until a send succeeds. */
  lastError: string | null;
  /** False when the queue lives in memory only (no IndexedDB): a reload would lose it. */
  durable: boolean;
}

/** Scans per request: one request stays small (about 100 bytes a scan) and quick to answer. */
export const SYNC_BATCH_SIZE = 100;
/** Pauses before sending again after a failed attempt (ms); the last one repeats. */
export const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000] as const;
/** Scans listed on the page (the queue itself has no limit). */
export const RECENT_LIMIT = 200;

export interface ScanSyncOptions<Line> {
  store: ScanStore;
  send: SendScans<Line>;
  /** The signed-in account (LoginResult.Id), null when signed out. */
  userId: () => number | null;
  /** navigator.onLine; false skips sending (the browser knows there is no network). */
  isOnline?: () => boolean;
  /** Runs `retry` after `ms`; returns a cancel. Default setTimeout. */
  schedule?: (retry: () => void, ms: number) => () => void;
  now?: () => Date;
}

export type ScanSync<Line> = ReturnType<typeof createScanSync<Line>>;

export function createScanSync<Line>(options: ScanSyncOptions<Line>) {
  const { store, send, userId } = options;
  const isOnline = options.isOnline ?? (() => globalThis.navigator?.onLine !== false);
  const schedule =
    options.schedule ??
    ((retry: () => void, ms: number) => {
      const timer = setTimeout(retry, ms);
      return () => clearTimeout(timer);
    });
  const now = options.now ?? (() => new Date());

  const state = proxy<ScanSyncState<Line>>({
    waiting: {},
    recent: [],
    syncing: false,
    offline: false,
    lastError: null,
    durable: store.durable,
  });
  const answeredListeners = new Set<(orderId: number, answers: ScanView<Line>[]) => void>();

  let running: Promise<void> | null = null;
  let readOnce = false;
  let again = false;
  let failures = 0;
  let cancelRetry: (() => void) | null = null;

  function view(scanId: string): ScanView<Line> | undefined {
    return state.recent.find((s) => s.scanId === scanId);
  }

  // Scans shown in this page's life, by id: a plain set, since looking through the proxied
  // list for each of thousands of queued scans on every flush is what made a long queue slow.
  const shown = new Set<string>();

  function show(scan: QueuedScan): void {
    if (shown.has(scan.scanId)) return;
    shown.add(scan.scanId);
    state.recent.unshift({ ...scan, status: 'waiting', line: null, message: null });
    if (state.recent.length > RECENT_LIMIT) state.recent.length = RECENT_LIMIT;
  }

  function countWaiting(queued: readonly QueuedScan[]): void {
    const waiting: Record<number, number> = {};
    for (const scan of queued) waiting[scan.orderId] = (waiting[scan.orderId] ?? 0) + 1;
    state.waiting = waiting;
  }

  function retryLater(): void {
    cancelRetry?.();
    cancelRetry = null;
    // Signed out meanwhile: nothing to retry for; the next user's flush starts over.
    if (userId() === null) return;
    const delay = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)]!;
    failures += 1;
    cancelRetry = schedule(() => {
      cancelRetry = null;
      void flush();
    }, delay);
  }

  function settle(orderId: number, answers: ScanView<Line>[]): void {
    for (const answer of answers) {
      const shown = view(answer.scanId);
      if (shown) Object.assign(shown, { status: answer.status, line: answer.line, message: answer.message });
    }
    for (const listener of answeredListeners) listener(orderId, answers);
  }

  /**
   * Sends one batch; `removed`: the scans that left the queue, `complete`: false when sending
   * should stop for now (no answer, or an answer that skipped some).
   */
  async function sendBatch(orderId: number, batch: QueuedScan[]): Promise<{ removed: string[]; complete: boolean }> {
    const result = await send(
      orderId,
      batch.map(({ scanId, text, scannedAt }) => ({ scanId, text, scannedAt })),
    );
    if (!result.ok) {
      if (result.kind !== 'response') {
        state.offline = result.kind === 'network';
        state.lastError = result.message;
        return { removed: [], complete: false };
      }
      const removed = batch.map((s) => s.scanId);
      await store.remove(removed);
      settle(
        orderId,
        batch.map((s) => ({ ...s, status: 'refused', line: null, message: result.message })),
      );
      state.lastError = null;
      return { removed, complete: true };
    }
    const byId = new Map(batch.map((s) => [s.scanId, s]));
    const answered = result.data.filter((a) => byId.has(a.scanId));
    const removed = answered.map((a) => a.scanId);
    await store.remove(removed);
    settle(
      orderId,
      answered.map((a) => ({
        ...byId.get(a.scanId)!,
        status: a.outcome === 'unknown-order-closed' ? 'refused' : a.outcome,
        line: a.line,
        message: a.message ?? null,
      })),
    );
    state.offline = false;
    state.lastError = null;
    // A reply that skipped some scans: they stay queued for the next attempt.
    return { removed, complete: answered.length === batch.length };
  }

  /** One round: the queue read once and sent; stops early offline or on a failure. */
  async function round(user: number): Promise<void> {
    // Offline with the queue already read (and counted since by scan()): nothing to read or
    // send; each scan made offline would otherwise read the whole queue again.
    if (!isOnline() && readOnce) {
      state.offline = true;
      return;
    }
    let queued = await store.list(user);
    if (userId() !== user) return; // signed out (stop) while the queue was read
    readOnce = true;
    countWaiting(queued);
    for (const scan of queued) show(scan);
    while (queued.length > 0) {
      if (!isOnline()) {
        state.offline = true;
        return; // the 'online' event sends them
      }
      const orderId = queued[0]!.orderId;
      const batch = queued.filter((s) => s.orderId === orderId).slice(0, SYNC_BATCH_SIZE);
      const { removed, complete } = await sendBatch(orderId, batch);
      // Signed out (stop) while the batch was away: what it removed is gone from the queue;
      // the rest waits for this user's next sign-in, not shown to whoever comes next.
      if (userId() !== user) return;
      // The queue is read once a round, not after every batch (a day offline may leave
      // thousands); scans made meanwhile are counted by scan() and read by the next round.
      const gone = new Set(removed);
      queued = queued.filter((s) => !gone.has(s.scanId));
      state.waiting = { ...state.waiting, [orderId]: Math.max(0, (state.waiting[orderId] ?? 0) - gone.size) };
      if (!complete) {
        retryLater();
        return;
      }
      failures = 0;
    }
  }

  /**
   * Rounds until no flush was asked for during the last one (a scan, 'online', Sync now). The
   * last check of `again` and the end of `running` happen in one step (no await between), so a
   * flush asked for at any moment either joins a round still to come or starts a new flush.
   */
  async function drain(): Promise<void> {
    try {
      do {
        again = false;
        const user = userId();
        if (user === null) break;
        await round(user);
      } while (again);
    } catch (error: unknown) {
      // IndexedDB failed (quota, storage cleared under us): nothing was removed unconfirmed.
      state.lastError = error instanceof Error ? error.message : String(error);
    } finally {
      running = null;
      state.syncing = false;
    }
  }

  /** Sends what is queued; resolves when the queue is empty or sending stopped for now. */
  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    cancelRetry?.();
    cancelRetry = null;
    state.syncing = true;
    // Started on the next microtask, so drain's `running = null` always comes after this one.
    running = Promise.resolve().then(drain);
    return running;
  }

  /**
   * Records one scan of `orderId`: queued first (so it survives anything after this
   * resolves), then sent. Resolves with the scan's id once it is queued.
   */
  async function scan(orderId: number, text: string): Promise<string> {
    const user = userId();
    if (user === null) throw new Error('not signed in');
    const queued: QueuedScan = { scanId: newScanId(), userId: user, orderId, text, scannedAt: now().toISOString() };
    await store.add(queued);
    show(queued);
    state.waiting = { ...state.waiting, [orderId]: (state.waiting[orderId] ?? 0) + 1 };
    void flush();
    return queued.scanId;
  }

  /**
   * Ends syncing for the user who signed out: the pending retry is cancelled, a round under way
   * stops after its current batch, and the counts and scans shown are forgotten. The queue
   * itself is kept (the user's scans go out at their next sign-in); the next flush starts over
   * for whoever is signed in then.
   */
  function stop(): void {
    cancelRetry?.();
    cancelRetry = null;
    failures = 0;
    readOnce = false;
    again = false;
    shown.clear();
    state.waiting = {};
    state.recent = [];
    state.offline = false;
    state.lastError = null;
  }

  return {
    state,
    scan,
    flush,
    stop,
    /** Called with each batch's answers (refresh counts and lines). Returns an unsubscribe. */
    onAnswered(listener: (orderId: number, answers: ScanView<Line>[]) => void): () => void {
      answeredListeners.add(listener);
      return () => answeredListeners.delete(listener);
    },
    /** Resolves when no flush is running (the one under way, if any, has ended). */
    idle(): Promise<void> {
      return running ?? Promise.resolve();
    },
    /** Queued scans of `orderId` (0 when none). */
    waitingFor(orderId: number): number {
      return state.waiting[orderId] ?? 0;
    },
  };
}
