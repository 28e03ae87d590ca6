/**
 * An inventory order's life, through the API: made from the register at that moment, counted
 * by scans (normal, duplicate, surplus), finished (shortage; 8 or 128), deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  InventoryLineListResult,
  InventoryOrderInfo,
  InventoryOrderListResult,
  InventoryVersionInfo,
} from '../../../src/api/contract.ts';
import { payload } from '../../testing/harness.ts';
import { buildInventoryWorld, scanIdOf, uniqueCode, type InventoryWorld } from './test-world.ts';

let w: InventoryWorld;
beforeAll(async () => {
  w = await buildInventoryWorld('life');
});
afterAll(() => w?.server.close());

const lines = async (orderId: number, query = '') =>
  payload(await w.call<InventoryLineListResult>('admin', 'GET', `/api/InventoryAsset?anlageninventurId=${orderId}${query}`));
const details = async (orderId: number) =>
  payload(await w.call<InventoryOrderInfo>('admin', 'GET', `/api/Anlageninventur/Details?anlageninventurId=${orderId}`));

/** A department of its own with `n` assets, so each test counts only its own. */
async function room(n: number, fields: Record<string, unknown> = {}) {
  const dept = payload(await w.call<{ id: number }>('admin', 'POST', '/api/Department', { deptName: uniqueCode('Room'), affiliatedDept: w.depts.ops })).id;
  const assets = [];
  for (let i = 0; i < n; i++) assets.push(await w.asset(uniqueCode('R'), { affiliatedDept: dept, ...fields }));
  return { dept, assets };
}

describe('making an order', () => {
  it('takes its lines from the register at that moment; later assets do not appear', async () => {
    const { dept, assets } = await room(3, { depositSite: 'Hall', classify: w.classes.desk, affiliatedStaff: null });
    const order = await w.createOrder('admin', { name: '  Year end  ', departmentIds: [dept], remark: 'all rooms' });
    expect(order).toMatchObject({
      name: 'Year end',
      status: 2,
      remark: 'all rooms',
      scope: { departmentIds: [dept], classifyIds: [], places: [] },
      counts: { total: 3, pending: 3, normal: 0, surplus: 0, shortage: 0 },
      finishedAt: null,
      version: 1,
    });
    await w.asset(uniqueCode('LATE'), { affiliatedDept: dept });
    const list = await lines(order.id);
    expect(list.filterInventoryAssetCount).toBe(3);
    expect(list.inventoryAssetList.map((l) => l.assetId)).toEqual(assets.map((a) => a.id));
    expect(list.inventoryAssetList[0]).toMatchObject({
      assetCoding: assets[0].assetCoding,
      assetName: assets[0].assetName,
      affiliatedDept: dept,
      depositSite: 'Hall',
      classify: w.classes.desk,
      classification: 'Desk',
      result: 0,
      scannedAt: null,
      scannedBy: '',
    });
  });

  it('keeps to the classifications and places chosen, and leaves scrapped assets out', async () => {
    const { dept } = await room(0);
    const inHall = await w.asset(uniqueCode('H'), { affiliatedDept: dept, depositSite: 'Hall', classify: w.classes.desk });
    await w.asset(uniqueCode('C'), { affiliatedDept: dept, depositSite: 'Hall', classify: w.classes.chair });
    await w.asset(uniqueCode('Y'), { affiliatedDept: dept, depositSite: 'Yard', classify: w.classes.desk });
    const scrapped = await w.asset(uniqueCode('S'), { affiliatedDept: dept, depositSite: 'Hall', classify: w.classes.desk });
    payload(await w.call('admin', 'POST', '/api/Business', { type: 'Discard', assetIds: [scrapped.id] }));
    const order = await w.createOrder('admin', { name: 'Desks in the hall', departmentIds: [dept], classifyIds: [w.classes.desk], places: [' Hall '] });
    expect(order.scope).toEqual({ departmentIds: [dept], classifyIds: [w.classes.desk], places: ['Hall'] });
    expect((await lines(order.id)).inventoryAssetList.map((l) => l.assetId)).toEqual([inHall.id]);
  });

  it('refuses a missing name and an empty scope, with their messages, and writes nothing', async () => {
    const { dept } = await room(0);
    const before = await w.everything();
    const noName = await w.call('admin', 'POST', '/api/Anlageninventur', { name: '  ', departmentIds: [dept] }, 'zh');
    expect(noName.body).toEqual({ statusCode: 2, resultInfo: '请输入盘点单名称。' });
    const empty = await w.call('admin', 'POST', '/api/Anlageninventur', { name: 'Nothing', departmentIds: [dept] });
    expect(empty.body).toEqual({ statusCode: 2, resultInfo: 'There is no asset to count in the chosen scope.' });
    expect(await w.everything()).toEqual(before);
  });
});

describe('counting', () => {
  it('marks a first scan normal, a second duplicate, and records codes outside the order as surplus', async () => {
    const { dept, assets } = await room(3);
    const outside = await w.asset(uniqueCode('OUT'));
    const order = await w.createOrder('admin', { name: 'Count', departmentIds: [dept] });
    const first = scanIdOf();
    const result = await w.scan('admin', order.id, [
      { scanId: first, text: ` ${assets[0].assetCoding}\r\n`, scannedAt: '2030-01-15T09:00:00.000Z' },
      { scanId: scanIdOf(), text: assets[0].assetCoding },
      { scanId: scanIdOf(), text: outside.assetCoding },
      { scanId: scanIdOf(), text: 'NOT-REGISTERED-7' },
      { scanId: scanIdOf(), text: 'NOT-REGISTERED-7' },
    ]);
    expect(result.answers.map((a) => a.outcome)).toEqual(['normal', 'duplicate', 'surplus', 'surplus', 'duplicate']);
    expect(result.answers[0]).toMatchObject({
      scanId: first,
      line: { assetId: assets[0].id, result: 2, scannedAt: '2030-01-15T09:00:00.000Z', scannedBy: 'inv-life@example.com' },
    });
    expect(result.answers[1].line).toEqual(result.answers[0].line);
    expect(result.answers[2].line).toMatchObject({ assetId: outside.id, assetCoding: outside.assetCoding, assetName: outside.assetName, result: 4 });
    expect(result.answers[3].line).toMatchObject({ assetId: null, assetCoding: 'NOT-REGISTERED-7', assetName: '', result: 4 });
    expect(result.answers[4].line).toEqual(result.answers[3].line);
    expect(result.order).toMatchObject({ status: 4, counts: { total: 5, pending: 2, normal: 1, surplus: 2, shortage: 0 } });
    expect((await lines(order.id, '&result=4')).inventoryAssetList.map((l) => l.assetCoding)).toEqual([outside.assetCoding, 'NOT-REGISTERED-7']);
  });

  it('counts a scan sent twice once, and answers it the same both times', async () => {
    const { dept, assets } = await room(2);
    const order = await w.createOrder('admin', { name: 'Twice', departmentIds: [dept] });
    const scans = [
      { scanId: scanIdOf(), text: assets[0].assetCoding },
      { scanId: scanIdOf(), text: 'UNKNOWN-TWICE' },
    ];
    const once = await w.scan('admin', order.id, scans);
    const again = await w.scan('admin', order.id, scans);
    expect(again.answers).toEqual(once.answers);
    expect(again.answers.map((a) => a.outcome)).toEqual(['normal', 'surplus']);
    // Also within one batch.
    const repeated = scanIdOf();
    const inBatch = await w.scan('admin', order.id, [
      { scanId: repeated, text: assets[1].assetCoding },
      { scanId: repeated, text: assets[1].assetCoding },
    ]);
    expect(inBatch.answers.map((a) => a.outcome)).toEqual(['normal', 'normal']);
    expect(inBatch.order.counts).toEqual({ total: 3, pending: 0, normal: 2, surplus: 1, shortage: 0 });
  });

  it('counts the same scan sent by two requests at once exactly once', async () => {
    const { dept, assets } = await room(1);
    const order = await w.createOrder('admin', { name: 'At once', departmentIds: [dept] });
    const scans = [{ scanId: scanIdOf(), text: assets[0].assetCoding }];
    const [a, b] = await Promise.all([w.scan('admin', order.id, scans), w.scan('admin', order.id, scans)]);
    expect(a.answers).toEqual(b.answers);
    expect(a.answers[0].outcome).toBe('normal');
    expect((await details(order.id)).counts).toEqual({ total: 1, pending: 0, normal: 1, surplus: 0, shortage: 0 });
    const { rows } = await w.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM inventory_scans WHERE order_id = $1', [order.id]);
    expect(rows[0].n).toBe(1);
  });

  it('refuses an empty scan and changes nothing', async () => {
    const { dept, assets } = await room(1);
    const order = await w.createOrder('admin', { name: 'Empty scan', departmentIds: [dept] });
    const before = await w.everything();
    const reply = await w.call('admin', 'POST', '/api/InventoryAsset', {
      anlageninventurId: order.id,
      scans: [{ scanId: scanIdOf(), text: assets[0].assetCoding }, { scanId: scanIdOf(), text: ' \n' }],
    });
    expect(reply.body).toEqual({ statusCode: 2, resultInfo: 'The scanned text is empty.' });
    const badId = await w.call('admin', 'POST', '/api/InventoryAsset', { anlageninventurId: order.id, scans: [{ scanId: 'x', text: 'A' }] });
    expect(badId.body.statusCode).toBe(2);
    expect(await w.everything()).toEqual(before);
  });
});

describe('finishing and deleting', () => {
  it('makes the rest shortage and the order not complete (128); a finished order refuses scans', async () => {
    const { dept, assets } = await room(3);
    const order = await w.createOrder('admin', { name: 'Finish', departmentIds: [dept] });
    const counted = scanIdOf();
    await w.scan('admin', order.id, [{ scanId: counted, text: assets[0].assetCoding }]);
    const finished = payload(
      await w.call<InventoryOrderInfo>('admin', 'POST', '/api/Anlageninventur/Finish', { anlageninventurId: order.id, version: 1 }),
    );
    expect(finished).toMatchObject({ status: 128, version: 2, finishedAt: '2030-01-15T08:00:00.000Z' });
    expect(finished.counts).toEqual({ total: 3, pending: 0, normal: 1, surplus: 0, shortage: 2 });
    expect((await lines(order.id, '&result=8')).inventoryAssetList.map((l) => l.assetId)).toEqual([assets[1].id, assets[2].id]);

    const before = await w.everything();
    const late = await w.scan('admin', order.id, [
      { scanId: counted, text: assets[0].assetCoding },
      { scanId: scanIdOf(), text: assets[1].assetCoding },
    ], 'zh');
    // The scan recorded before the finish answers as it did; the new one is refused.
    expect(late.answers[0].outcome).toBe('normal');
    expect(late.answers[1]).toMatchObject({ outcome: 'unknown-order-closed', line: null, message: '盘点单“Finish”已结束，不能再盘点。' });
    expect(await w.everything()).toEqual(before);
    const again = await w.call('admin', 'POST', '/api/Anlageninventur/Finish', { anlageninventurId: order.id });
    expect(again.body).toEqual({ statusCode: 2, resultInfo: 'The inventory order "Finish" is finished and takes no more scans.' });
  });

  it('completes (8) an order where everything was found, surplus or not', async () => {
    const { dept, assets } = await room(1);
    const order = await w.createOrder('admin', { name: 'All found', departmentIds: [dept] });
    await w.scan('admin', order.id, [
      { scanId: scanIdOf(), text: assets[0].assetCoding },
      { scanId: scanIdOf(), text: 'EXTRA-1' },
    ]);
    const finished = payload(await w.call<InventoryOrderInfo>('admin', 'POST', '/api/Anlageninventur/Finish', { anlageninventurId: order.id }));
    expect(finished.status).toBe(8);
    expect(finished.counts).toEqual({ total: 2, pending: 0, normal: 1, surplus: 1, shortage: 0 });
  });

  it('refuses a finish based on an old version (31) and changes nothing', async () => {
    const { dept } = await room(1);
    const order = await w.createOrder('admin', { name: 'Stale', departmentIds: [dept] });
    const before = await w.everything();
    const reply = await w.call('admin', 'POST', '/api/Anlageninventur/Finish', { anlageninventurId: order.id, version: 7 });
    expect(reply.body.statusCode).toBe(31);
    expect(await w.everything()).toEqual(before);
  });

  it('deletes an order with its lines and scans', async () => {
    const { dept, assets } = await room(2);
    const order = await w.createOrder('admin', { name: 'Delete me', departmentIds: [dept] });
    await w.scan('admin', order.id, [{ scanId: scanIdOf(), text: assets[0].assetCoding }]);
    payload(await w.call('admin', 'DELETE', `/api/Anlageninventur?id=${order.id}&loginFlag=1`));
    expect((await w.call('admin', 'GET', `/api/Anlageninventur/Details?anlageninventurId=${order.id}`)).body.statusCode).toBe(28);
    for (const table of ['inventory_lines', 'inventory_scans']) {
      const { rows } = await w.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE order_id = $1`, [order.id]);
      expect(rows[0].n, table).toBe(0);
    }
    // The assets themselves stay.
    expect((await w.call('admin', 'GET', `/api/Asset/details?id=${assets[0].id}`)).body.statusCode).toBe(0);
  });
});

describe('the orders list and its version', () => {
  it('lists newest first, filters by status, and moves the version with every change', async () => {
    const { dept, assets } = await room(1);
    const version = async () => payload(await w.call<InventoryVersionInfo>('admin', 'GET', '/api/AnlageninventurVersion')).version;
    const v0 = await version();
    const a = await w.createOrder('admin', { name: 'Older', departmentIds: [dept] });
    const v1 = await version();
    w.server.clock.advance(1000);
    const b = await w.createOrder('admin', { name: 'Newer', departmentIds: [dept] });
    await w.scan('admin', b.id, [{ scanId: scanIdOf(), text: assets[0].assetCoding }]);
    const v2 = await version();
    expect(v1).toBeGreaterThan(v0);
    expect(v2).toBeGreaterThan(v1);
    const list = payload(await w.call<InventoryOrderListResult>('admin', 'GET', '/api/Anlageninventur/List?pageSize=20'));
    expect(list.anlageninventurs.slice(0, 2).map((o) => o.id)).toEqual([b.id, a.id]);
    const inProgress = payload(await w.call<InventoryOrderListResult>('admin', 'GET', '/api/Anlageninventur/List?status=4'));
    expect(inProgress.anlageninventurs.map((o) => o.id)).toContain(b.id);
    expect(inProgress.anlageninventurs.map((o) => o.id)).not.toContain(a.id);
    expect(inProgress.anlageninventurs.every((o) => o.status === 4)).toBe(true);
    expect((await w.call('admin', 'GET', '/api/Anlageninventur/List?status=3')).body.statusCode).toBe(2);
  });
});
