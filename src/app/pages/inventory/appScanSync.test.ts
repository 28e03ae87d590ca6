import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../api/client';
import { Permission, type LoginResult } from '../../../api/contract';
import { followScanSyncUser, scanSyncUserId, waitingScansLink } from './appScanSync';
import { createMemoryScanStore, newScanId } from './scanQueue';
import { createScanSync, type ScanAnswer, type ScanToSend } from './scanSync';

function user(overrides: Partial<LoginResult>): LoginResult {
  return {
    Id: 7,
    loginID: 'token',
    CompanyName: 'Co',
    StaffName: null,
    staffId: null,
    PhoneNumber: null,
    Email: 'a@example.com',
    templateUserId: null,
    IsAdmin: false,
    IsVip: true,
    IsDemo: false,
    authorizationType: 'All',
    permissions: [],
    ...overrides,
  } as LoginResult;
}

/** The app's sync over a memory queue holding one scan of user 7, a server that answers (or not), and retries run by hand. */
async function setUp() {
  const store = createMemoryScanStore();
  await store.add({ scanId: newScanId(), userId: 7, orderId: 3, text: 'A-1', scannedAt: '2030-01-01T08:00:00.000Z' });
  const signedIn = { id: null as number | null };
  const network = { up: true };
  const sent: ScanToSend[] = [];
  const retries: Array<() => void> = [];
  const sync = createScanSync<null>({
    store,
    userId: () => signedIn.id,
    isOnline: () => true,
    schedule: (retry) => {
      retries.push(retry);
      return () => retries.splice(retries.indexOf(retry), 1);
    },
    send: async (_orderId, scans): Promise<ApiResult<ScanAnswer<null>[]>> => {
      if (!network.up) return { ok: false, kind: 'network', code: null, message: 'no network' };
      sent.push(...scans);
      return { ok: true, data: scans.map((s) => ({ scanId: s.scanId, outcome: 'normal', line: null })) };
    },
  });
  let opens = 0;
  const open = async () => {
    opens += 1;
    return sync;
  };
  return { store, signedIn, network, sent, retries, sync, open, opens: () => opens };
}

describe('app-wide scan sync', () => {
  it('syncs for a signed-in user with permission 201 (or an admin), for nobody else', () => {
    expect(scanSyncUserId(null)).toBeNull();
    expect(scanSyncUserId(user({ permissions: [101, 104] }))).toBeNull();
    expect(scanSyncUserId(user({ permissions: [Permission.inventory] }))).toBe(7);
    expect(scanSyncUserId(user({ IsAdmin: true, Id: 9 }))).toBe(9);
  });

  it("sends the user's waiting scans from sign-in, without an inventory page", async () => {
    const { signedIn, sent, sync, open, store } = await setUp();
    signedIn.id = 7;
    followScanSyncUser(open, 7);
    await Promise.resolve();
    await Promise.resolve();
    await sync.idle();
    expect(sent.map((s) => s.text)).toEqual(['A-1']);
    expect(await store.list(7)).toEqual([]);
    expect(sync.state.waiting).toEqual({ 3: 0 });
  });

  it('opens nothing for a user without 201', async () => {
    const { open, opens, sent } = await setUp();
    const stop = followScanSyncUser(open, scanSyncUserId(user({ permissions: [101] })));
    stop();
    await Promise.resolve();
    expect(opens()).toBe(0);
    expect(sent).toEqual([]);
  });

  it('stops at sign-out: the retry is cancelled, nothing stays shown, the scans stay queued', async () => {
    const { signedIn, network, retries, sync, open, store, sent } = await setUp();
    network.up = false;
    signedIn.id = 7;
    const stop = followScanSyncUser(open, 7);
    await Promise.resolve();
    await Promise.resolve();
    await sync.idle();
    expect(retries.length).toBe(1);
    expect(sync.state.waiting).toEqual({ 3: 1 });

    signedIn.id = null;
    stop();
    await Promise.resolve();
    await Promise.resolve();
    expect(retries).toEqual([]);
    expect(sync.state.waiting).toEqual({});
    expect(sync.state.recent).toEqual([]);
    expect((await store.list(7)).map((s) => s.text)).toEqual(['A-1']);
    expect(sent).toEqual([]);
  });

  it('does not start when stopped before the queue opened', async () => {
    const { signedIn, sync, open, sent } = await setUp();
    signedIn.id = 7;
    const stop = followScanSyncUser(open, 7);
    stop();
    await Promise.resolve();
    await Promise.resolve();
    await sync.idle();
    expect(sent).toEqual([]);
  });
});

describe("the header's waiting scans", () => {
  it('shows nothing when none wait', () => {
    expect(waitingScansLink({})).toBeNull();
    expect(waitingScansLink({ 3: 0 })).toBeNull();
  });

  it("leads to the order of the waiting scans, or to the orders list when they belong to several", () => {
    expect(waitingScansLink({ 3: 2, 4: 0 })).toEqual({ count: 2, to: '/inventory/details?id=3' });
    expect(waitingScansLink({ 3: 2, 4: 1 })).toEqual({ count: 3, to: '/inventory' });
  });
});
