import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../api/client';
import { createMemoryScanStore, newScanId, type ScanStore } from './scanQueue';
import { createScanSync, RETRY_DELAYS_MS, SYNC_BATCH_SIZE, type ScanAnswer, type ScanOutcome, type ScanToSend } from './scanSync';

interface Line {
  code: string;
  result: number;
}

/**
 * A small model of the server's POST api/InventoryAsset: one order with codes, idempotent per
 * scanId (a scan sent again gets its first answer), and switches to lose a reply after
 * recording it, to fail without recording, or to refuse the order.
 */
function fakeServer(codes: string[]) {
  const lines = new Map(codes.map((code) => [code, { code, result: 0 } as Line]));
  const answers = new Map<string, ScanAnswer<Line>>();
  const calls: Array<{ orderId: number; scans: ScanToSend[] }> = [];
  const mode = { down: false, loseReply: false, refuse: null as string | null };
  let gate: Promise<void> | null = null;
  const recorded = () => answers.size;

  const send = async (orderId: number, scans: ScanToSend[]): Promise<ApiResult<ScanAnswer<Line>[]>> => {
    calls.push({ orderId, scans });
    if (gate) await gate;
    if (mode.down) return { ok: false, kind: 'network', code: null, message: 'no network' };
    if (mode.refuse) return { ok: false, kind: 'response', code: 2, message: mode.refuse };
    const reply = scans.map((scan) => {
      const known = answers.get(scan.scanId);
      if (known) return known;
      let line = lines.get(scan.text);
      let outcome: ScanOutcome;
      if (!line) {
        line = { code: scan.text, result: 4 };
        lines.set(scan.text, line);
        outcome = 'surplus';
      } else if (line.result === 0) {
        line.result = 2;
        outcome = 'normal';
      } else outcome = line.result === 4 ? 'surplus' : 'duplicate';
      const answer = { scanId: scan.scanId, outcome, line: { ...line } };
      answers.set(scan.scanId, answer);
      return answer;
    });
    if (mode.loseReply) return { ok: false, kind: 'network', code: null, message: 'reply lost' };
    return { ok: true, data: reply };
  };
  return {
    send,
    calls,
    mode,
    recorded,
    lines,
    hold() {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      return () => {
        gate = null;
        open();
      };
    },
  };
}

/** A scheduler whose retries run when the test says so. */
function manualClock() {
  const pending: Array<{ ms: number; run: () => void }> = [];
  return {
    pending,
    schedule: (run: () => void, ms: number) => {
      const entry = { ms, run };
      pending.push(entry);
      return () => pending.splice(pending.indexOf(entry), 1);
    },
    async fire() {
      const entry = pending.shift();
      entry?.run();
    },
  };
}

function setUp(options: { codes?: string[]; store?: ScanStore; online?: { value: boolean }; user?: { id: number | null } } = {}) {
  const server = fakeServer(options.codes ?? ['A-1', 'A-2', 'A-3']);
  const store = options.store ?? createMemoryScanStore();
  const clock = manualClock();
  const online = options.online ?? { value: true };
  const user = options.user ?? { id: 7 };
  let tick = 0;
  const sync = createScanSync<Line>({
    store,
    send: server.send,
    userId: () => user.id,
    isOnline: () => online.value,
    schedule: clock.schedule,
    // Scans one millisecond apart, so "oldest first" is well defined.
    now: () => new Date(Date.UTC(2030, 0, 1, 8, 0, 0, tick++)),
  });
  return { server, store, clock, online, user, sync };
}

const statuses = (sync: { state: { recent: Array<{ text: string; status: string }> } }) =>
  Object.fromEntries([...sync.state.recent].reverse().map((s) => [s.text, s.status]));

describe('inventory scan queue and sync', () => {
  it('queues a scan before sending it and forgets it only once the server answered', async () => {
    const { server, store, sync } = setUp();
    const release = server.hold();
    await sync.scan(1, 'A-1');
    // Sent but not answered: still queued and shown waiting.
    expect((await store.list(7)).map((s) => s.text)).toEqual(['A-1']);
    expect(sync.waitingFor(1)).toBe(1);
    expect(statuses(sync)).toEqual({ 'A-1': 'waiting' });
    release();
    await sync.flush();
    expect(await store.list(7)).toEqual([]);
    expect(sync.waitingFor(1)).toBe(0);
    expect(statuses(sync)).toEqual({ 'A-1': 'normal' });
    expect(sync.state.recent[0]!.line).toEqual({ code: 'A-1', result: 2 });
  });

  it('shows normal, duplicate and surplus per scan, in the order scanned', async () => {
    const { sync } = setUp();
    await sync.scan(1, 'A-1');
    await sync.scan(1, 'X-9');
    await sync.scan(1, 'A-2');
    await sync.flush();
    await sync.scan(1, 'A-1');
    await sync.flush();
    expect(sync.state.recent.map((s) => [s.text, s.status])).toEqual([
      ['A-1', 'duplicate'],
      ['A-2', 'normal'],
      ['X-9', 'surplus'],
      ['A-1', 'normal'],
    ]);
  });

  it('keeps scans made offline and sends each once when the connection returns', async () => {
    const { server, store, online, sync } = setUp();
    online.value = false;
    await sync.scan(1, 'A-1');
    await sync.scan(1, 'A-2');
    await sync.flush();
    expect(server.calls).toEqual([]);
    expect(sync.state.offline).toBe(true);
    expect(sync.waitingFor(1)).toBe(2);
    expect((await store.list(7)).length).toBe(2);

    online.value = true;
    await sync.flush(); // what the 'online' event does
    expect(server.calls.length).toBe(1);
    expect(server.recorded()).toBe(2);
    expect(sync.waitingFor(1)).toBe(0);
    expect(sync.state.offline).toBe(false);
    expect(statuses(sync)).toEqual({ 'A-1': 'normal', 'A-2': 'normal' });
  });

  it('sends again after a failed attempt, later each time, and a lost reply counts once', async () => {
    const { server, store, clock, sync } = setUp();
    server.mode.loseReply = true; // recorded on the server, the answer never arrives
    await sync.scan(1, 'A-1'); // starts a flush
    await sync.idle();
    expect(server.recorded()).toBe(1);
    expect((await store.list(7)).length).toBe(1);
    expect(sync.state.lastError).toBe('reply lost');
    expect(clock.pending.map((p) => p.ms)).toEqual([RETRY_DELAYS_MS[0]]);

    server.mode.loseReply = false;
    server.mode.down = true;
    await clock.fire();
    await sync.idle();
    expect(clock.pending.map((p) => p.ms)).toEqual([RETRY_DELAYS_MS[1]]);

    server.mode.down = false;
    await clock.fire();
    await sync.idle();
    expect(server.calls.length).toBe(3);
    expect(server.calls.every((c) => c.scans[0]!.scanId === server.calls[0]!.scans[0]!.scanId)).toBe(true);
    expect(server.recorded()).toBe(1);
    expect(server.lines.get('A-1')!.result).toBe(2);
    expect(statuses(sync)).toEqual({ 'A-1': 'normal' }); // the first answer, not "duplicate"
    expect(await store.list(7)).toEqual([]);
    expect(clock.pending).toEqual([]);
  });

  it('shows a batch the server refuses as refused and takes it off the queue', async () => {
    const { server, store, sync } = setUp();
    server.mode.refuse = 'The inventory order is finished.';
    await sync.scan(1, 'A-1');
    await sync.flush();
    expect(await store.list(7)).toEqual([]);
    expect(sync.state.recent[0]).toMatchObject({ status: 'refused', message: 'The inventory order is finished.' });
  });

  it('sends oldest first, one order a request, at most SYNC_BATCH_SIZE scans each', async () => {
    const { server, online, sync } = setUp();
    online.value = false;
    for (let i = 0; i < SYNC_BATCH_SIZE + 5; i++) await sync.scan(1, `C-${i}`);
    await sync.scan(2, 'A-1');
    online.value = true;
    await sync.flush();
    expect(server.calls.map((c) => [c.orderId, c.scans.length])).toEqual([
      [1, SYNC_BATCH_SIZE],
      [1, 5],
      [2, 1],
    ]);
    expect(server.calls[0]!.scans[0]!.text).toBe('C-0');
    expect(server.calls[1]!.scans[4]!.text).toBe(`C-${SYNC_BATCH_SIZE + 4}`);
  });

  it('sends a long offline queue once, reading it from the device once a round', async () => {
    const memory = createMemoryScanStore();
    let reads = 0;
    const store: ScanStore = { ...memory, durable: memory.durable, list: (user) => ((reads += 1), memory.list(user)) };
    const codes = Array.from({ length: 1000 }, (_, i) => `Q-${i}`);
    const { server, online, sync } = setUp({ codes, store });
    online.value = false;
    for (const [i, code] of codes.entries()) await sync.scan(1 + (i % 2), code);
    expect(sync.waitingFor(1) + sync.waitingFor(2)).toBe(1000);
    // Scanning offline does not read the queue again and again.
    expect(reads).toBeLessThanOrEqual(1);
    online.value = true;
    reads = 0;
    await sync.flush();
    expect(reads).toBe(1);
    expect(server.recorded()).toBe(1000);
    expect(server.calls.length).toBe(1000 / SYNC_BATCH_SIZE);
    expect(await memory.list(7)).toEqual([]);
    expect(sync.waitingFor(1) + sync.waitingFor(2)).toBe(0);
  });

  it('sends when asked to just as a flush that found no network ends', async () => {
    const { server, online, sync } = setUp();
    online.value = false;
    await sync.scan(1, 'A-1');
    await sync.idle();
    await sync.scan(1, 'A-2'); // its flush finds no network and is ending
    online.value = true;
    await sync.flush(); // 'online' arrives meanwhile
    expect(server.recorded()).toBe(2);
    expect(sync.waitingFor(1)).toBe(0);
  });

  it('sends nothing while signed out, and sends once signed in again', async () => {
    const user = { id: null as number | null };
    const store = createMemoryScanStore();
    await store.add({ scanId: newScanId(), userId: 7, orderId: 1, text: 'A-1', scannedAt: '2030-01-01T08:00:00.000Z' });
    const { server, sync } = setUp({ store, user });
    await sync.flush();
    expect(server.calls).toEqual([]);
    user.id = 7;
    await sync.flush();
    expect(server.recorded()).toBe(1);
  });

  it('sends a scan made while a flush runs in that same flush', async () => {
    const { server, sync } = setUp();
    const release = server.hold();
    await sync.scan(1, 'A-1');
    const flushing = sync.flush();
    await sync.scan(1, 'A-2');
    release();
    await flushing;
    expect(server.calls.map((c) => c.scans.map((s) => s.text))).toEqual([['A-1'], ['A-2']]);
    expect(sync.waitingFor(1)).toBe(0);
  });

  it('stops at sign-out: no retry left scheduled, nothing of the user shown, the queue kept for their return', async () => {
    const { server, store, clock, user, sync } = setUp();
    server.mode.down = true;
    await sync.scan(1, 'A-1');
    await sync.idle();
    expect(clock.pending.length).toBe(1);
    expect(sync.waitingFor(1)).toBe(1);

    user.id = null;
    sync.stop();
    expect(clock.pending).toEqual([]);
    expect(sync.state.waiting).toEqual({});
    expect(sync.state.recent).toEqual([]);
    expect(sync.state.lastError).toBeNull();
    expect((await store.list(7)).map((s) => s.text)).toEqual(['A-1']);

    // Another account without scans: nothing shown, nothing sent.
    server.mode.down = false;
    user.id = 8;
    await sync.flush();
    expect(sync.state.recent).toEqual([]);
    expect(server.recorded()).toBe(0);
    // The first user again: their scan goes out once.
    sync.stop();
    user.id = 7;
    await sync.flush();
    expect(server.recorded()).toBe(1);
    expect(statuses(sync)).toEqual({ 'A-1': 'normal' });
  });

  it('ends a round under way at sign-out after its batch, and leaves nothing of the user shown', async () => {
    const { server, store, clock, user, sync } = setUp();
    const release = server.hold();
    await sync.scan(1, 'A-1');
    await sync.scan(2, 'A-2');
    const flushing = sync.flush();
    await Promise.resolve();
    user.id = null;
    sync.stop();
    release();
    await flushing;
    expect(server.calls.map((c) => c.orderId)).toEqual([1]); // order 2's batch never left
    expect((await store.list(7)).map((s) => s.text)).toEqual(['A-2']);
    expect(sync.state.waiting).toEqual({});
    expect(clock.pending).toEqual([]);
  });

  it('schedules no retry when a send fails after sign-out', async () => {
    const { server, clock, user, sync } = setUp();
    const release = server.hold();
    server.mode.down = true;
    await sync.scan(1, 'A-1');
    // The batch is at the (held) server before the user signs out.
    for (let turn = 0; turn < 100 && server.calls.length === 0; turn++) await Promise.resolve();
    expect(server.calls.length).toBe(1);
    user.id = null;
    sync.stop();
    release();
    await sync.idle();
    expect(server.calls.length).toBe(1);
    expect(clock.pending).toEqual([]);
  });

  it("never sends another user's queued scans, and picks up a queue left by an earlier page", async () => {
    const store = createMemoryScanStore();
    const online = { value: false };
    const first = setUp({ store, online, user: { id: 7 } });
    await first.sync.scan(1, 'A-1');
    await first.sync.idle();
    // Another account signs in on the same browser: 7's scan is not theirs to send.
    online.value = true;
    const other = setUp({ store, online, user: { id: 8 } });
    await other.sync.flush();
    expect(other.server.calls).toEqual([]);
    // 7 comes back on a new page: the scan is shown waiting, then sent.
    const again = setUp({ store, online, user: { id: 7 } });
    await again.sync.flush();
    expect(again.server.calls.map((c) => c.scans.map((s) => s.text))).toEqual([['A-1']]);
    expect(statuses(again.sync)).toEqual({ 'A-1': 'normal' });
  });
});

describe('scan ids', () => {
  it('are version 4 UUIDs, different each time', () => {
    const ids = new Set(Array.from({ length: 1000 }, newScanId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
