/**
 * Making an order writes its lines in chunks of short transactions (create.ts): held at the
 * gate between two chunks, other requests are answered and the half-made order is seen by no
 * one; a failure, or the start-up clean-up, leaves nothing of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryLineListResult, InventoryOrderListResult } from '../../../src/api/contract.ts';
import { payload } from '../../testing/harness.ts';
import { loadActor, type Actor } from '../access/service.ts';
import { ABANDONED_ORDER_MS, abandonedBefore, createOrder, removeUnfinishedOrders, type CreateDeps } from './create.ts';
import { buildInventoryWorld, uniqueCode, type InventoryWorld } from './test-world.ts';

let w: InventoryWorld;
let admin: Actor;
beforeAll(async () => {
  w = await buildInventoryWorld('create');
  const { rows } = await w.server.db.query<{ id: number; company_id: number }>('SELECT id, company_id FROM users WHERE email = $1', [
    'inv-create@example.com',
  ]);
  admin = await loadActor(w.server.db, { userId: rows[0].id, companyId: rows[0].company_id });
});
afterAll(() => w?.server.close());

/** A department of its own with `n` assets. */
async function room(n: number): Promise<number> {
  const dept = payload(await w.call<{ id: number }>('admin', 'POST', '/api/Department', { deptName: uniqueCode('Room'), affiliatedDept: w.depts.ops })).id;
  for (let i = 0; i < n; i++) await w.asset(uniqueCode('C'), { affiliatedDept: dept });
  return dept;
}

/** A gate that holds the creation after chunk `at` until released; `reached` resolves when it is held. */
function holdAt(at: number) {
  let reached!: () => void;
  let release!: (outcome?: Error) => void;
  const held = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<Error | undefined>((resolve) => (release = resolve));
  const gate = async (chunk: number) => {
    if (chunk !== at) return;
    reached();
    const failure = await released;
    if (failure) throw failure;
  };
  return { gate, held, release };
}

const preparingOrders = async () =>
  (await w.server.db.query<{ id: number }>('SELECT id FROM inventory_orders WHERE preparing ORDER BY id')).rows.map((r) => r.id);
const linesOf = async (orderId: number) =>
  (await w.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM inventory_lines WHERE order_id = $1', [orderId])).rows[0].n;

describe('making an order in chunks', () => {
  it('answers other requests while held between chunks, and shows the order only once it is whole', async () => {
    const dept = await room(5);
    const { gate, held, release } = holdAt(1);
    const deps: CreateDeps = { db: w.server.db, clock: w.server.clock.now, linesPerChunk: 2, gate };
    const making = createOrder(deps, admin, { name: 'Held', departmentIds: [dept] });
    await held;

    const [orderId] = await preparingOrders();
    expect(await linesOf(orderId)).toBe(2);
    // Requests are answered meanwhile, and none shows the half-made order.
    const list = payload(await w.call<InventoryOrderListResult>('admin', 'GET', '/api/Anlageninventur/List'));
    expect(list.anlageninventurs.map((o) => o.id)).not.toContain(orderId);
    const details = await w.call('admin', 'GET', `/api/Anlageninventur/Details?anlageninventurId=${orderId}`);
    expect(details.body.statusCode).not.toBe(0);
    const lines = await w.call('admin', 'GET', `/api/InventoryAsset?anlageninventurId=${orderId}`);
    expect(lines.body.statusCode).not.toBe(0);

    release();
    const order = await making;
    expect(order.id).toBe(orderId);
    expect(order.counts.total).toBe(5);
    expect(await preparingOrders()).toEqual([]);
    const listed = payload(await w.call<InventoryOrderListResult>('admin', 'GET', '/api/Anlageninventur/List'));
    expect(listed.anlageninventurs.map((o) => o.id)).toContain(orderId);
    const page = payload(await w.call<InventoryLineListResult>('admin', 'GET', `/api/InventoryAsset?anlageninventurId=${orderId}`));
    expect(page.filterInventoryAssetCount).toBe(5);
    expect(new Set(page.inventoryAssetList.map((l) => l.assetId)).size).toBe(5);
  });

  it('takes an order of exactly one chunk, and of a chunk and a remainder, whole', async () => {
    const dept = await room(4);
    for (const linesPerChunk of [4, 3, 1]) {
      const order = await createOrder({ db: w.server.db, clock: w.server.clock.now, linesPerChunk }, admin, { name: `Chunks ${linesPerChunk}`, departmentIds: [dept] });
      expect(order.counts.total).toBe(4);
      expect(await linesOf(order.id)).toBe(4);
    }
  });

  it('leaves nothing when it fails between chunks', async () => {
    const dept = await room(5);
    const before = await w.everything();
    const { gate, held, release } = holdAt(2);
    const making = createOrder({ db: w.server.db, clock: w.server.clock.now, linesPerChunk: 2, gate }, admin, { name: 'Failing', departmentIds: [dept] });
    await held;
    expect(await preparingOrders()).toHaveLength(1);
    release(new Error('the disk is full'));
    await expect(making).rejects.toThrow('the disk is full');
    expect(await w.everything()).toEqual(before);
  });

  it('a half-made order is removed by the start-up clean-up, and its creation then fails leaving nothing', async () => {
    const dept = await room(3);
    const before = await w.everything();
    const { gate, held, release } = holdAt(1);
    const making = createOrder({ db: w.server.db, clock: w.server.clock.now, linesPerChunk: 1, gate }, admin, { name: 'Stopped', departmentIds: [dept] });
    await held;
    expect(await removeUnfinishedOrders(w.server.db, null)).toBe(1);
    expect(await w.everything()).toEqual(before);
    release();
    await expect(making).rejects.toThrow();
    expect(await w.everything()).toEqual(before);
    expect(await removeUnfinishedOrders(w.server.db, null)).toBe(0);
  });

  it('on a shared database, leaves an order another instance is writing, and removes one abandoned an hour ago', async () => {
    const dept = await room(3);
    const { gate, held, release } = holdAt(1);
    const making = createOrder({ db: w.server.db, clock: w.server.clock.now, linesPerChunk: 1, gate }, admin, { name: 'Elsewhere', departmentIds: [dept] });
    await held;
    const now = w.server.clock.now();
    expect(await removeUnfinishedOrders(w.server.db, abandonedBefore(now))).toBe(0);
    expect(await preparingOrders()).toHaveLength(1);
    const anHourOn = new Date(now.getTime() + ABANDONED_ORDER_MS + 1000);
    expect(await removeUnfinishedOrders(w.server.db, abandonedBefore(anHourOn))).toBe(1);
    release();
    await expect(making).rejects.toThrow();
    expect(await preparingOrders()).toHaveLength(0);
  });
});
