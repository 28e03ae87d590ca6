/**
 * Permission 201 on every inventory route, the caller's scope (an order is seen by those whose
 * scope holds all its departments; a scan never reveals an asset outside the scope), company
 * isolation, and the dashboard's pending figure. Every refusal changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DashboardInfo,
  InventoryLineListResult,
  InventoryOrderInfo,
  InventoryOrderListResult,
} from '../../../src/api/contract.ts';
import { payload } from '../../testing/harness.ts';
import { buildInventoryWorld, scanIdOf, uniqueCode, type InventoryWorld, type Who } from './test-world.ts';

let w: InventoryWorld;
beforeAll(async () => {
  w = await buildInventoryWorld('access');
});
afterAll(() => w?.server.close());

/** Every call of the inventory API on one order (a scan of `code`). */
function callsOn(orderId: number, code: string): [string, string, unknown?][] {
  return [
    ['GET', `/api/Anlageninventur/Details?anlageninventurId=${orderId}`],
    ['GET', `/api/InventoryAsset?anlageninventurId=${orderId}`],
    ['GET', `/api/InventoryAsset/Export?anlageninventurId=${orderId}`],
    ['POST', '/api/InventoryAsset', { anlageninventurId: orderId, scans: [{ scanId: scanIdOf(), text: code }] }],
    ['POST', '/api/Anlageninventur/Finish', { anlageninventurId: orderId }],
    ['DELETE', `/api/Anlageninventur?id=${orderId}`],
  ];
}

/** Each call refused with `code` (and the same message as for an order that does not exist), nothing changed. */
async function refusedOn(who: Who, orderId: number, scanCode: string, code: number) {
  const before = await w.everything();
  for (const [method, path, body] of callsOn(orderId, scanCode)) {
    const reply = await w.call(who, method, path, body);
    expect(reply.body.statusCode, `${method} ${path}`).toBe(code);
    if (code === 28) {
      const [, missingPath, missingBody] = callsOn(999_999_999, scanCode).find(([m, p]) => m === method && p.split('?')[0] === path.split('?')[0])!;
      expect(reply.body, `${method} ${path} answers as a missing order`).toEqual((await w.call(who, method, missingPath, missingBody)).body);
    }
  }
  expect(await w.everything()).toEqual(before);
}

const listIds = async (who: Who) =>
  payload(await w.call<InventoryOrderListResult>(who, 'GET', '/api/Anlageninventur/List?pageSize=200')).anlageninventurs.map((o) => o.id);

async function deptWithAsset(parent: number) {
  const dept = payload(await w.call<{ id: number }>('admin', 'POST', '/api/Department', { deptName: uniqueCode('D'), affiliatedDept: parent })).id;
  const asset = await w.asset(uniqueCode('A'), { affiliatedDept: dept });
  return { dept, asset };
}

describe('permission 201', () => {
  it('refuses every route to a user holding every other permission, and changes nothing', async () => {
    const { dept, asset } = await deptWithAsset(w.depts.east);
    const order = await w.createOrder('admin', { name: 'Locked', departmentIds: [dept] });
    await refusedOn('no201', order.id, asset.assetCoding, 5);
    const before = await w.everything();
    for (const [method, path, body] of [
      ['GET', '/api/Anlageninventur/List'],
      ['GET', '/api/AnlageninventurVersion'],
      ['POST', '/api/Anlageninventur', { name: 'Mine', departmentIds: [dept] }],
    ] as const) {
      const reply = await w.call('no201', method, path, body, 'zh');
      expect(reply.body, `${method} ${path}`).toEqual({ statusCode: 5, resultInfo: '没有权限执行此操作。' });
    }
    expect(await w.everything()).toEqual(before);
  });
});

describe('scope', () => {
  it("makes a scoped user's order over its own departments, without one outside them", async () => {
    const inEast = await deptWithAsset(w.depts.east);
    const inOps = await deptWithAsset(w.depts.ops);
    const order = await w.createOrder('scoped', { name: 'My rooms' });
    expect(order.scope.departmentIds).toEqual([w.depts.east]);
    const ids = payload(
      await w.call<InventoryLineListResult>('scoped', 'GET', `/api/InventoryAsset?anlageninventurId=${order.id}&pageSize=200`),
    ).inventoryAssetList.map((l) => l.assetId);
    expect(ids).toContain(inEast.asset.id);
    expect(ids).not.toContain(inOps.asset.id);
    // The admin sees it too; another department's user would not.
    expect(await listIds('admin')).toContain(order.id);

    const before = await w.everything();
    const outside = await w.call('scoped', 'POST', '/api/Anlageninventur', { name: 'Theirs', departmentIds: [inOps.dept] });
    expect(outside.body).toEqual({ statusCode: 28, resultInfo: 'This department does not exist.' });
    expect(await w.everything()).toEqual(before);
  });

  it("hides an order over departments outside the user's scope, as one that does not exist", async () => {
    const inOps = await deptWithAsset(w.depts.ops);
    const order = await w.createOrder('admin', { name: 'Ops count', departmentIds: [inOps.dept] });
    expect(await listIds('scoped')).not.toContain(order.id);
    await refusedOn('scoped', order.id, inOps.asset.assetCoding, 28);
    // An order over its own department is seen.
    const inEast = await deptWithAsset(w.depts.east);
    const mine = await w.createOrder('admin', { name: 'East count', departmentIds: [inEast.dept] });
    expect(await listIds('scoped')).toContain(mine.id);
  });

  it('records a scanned asset outside the scanner’s scope as an unknown code, revealing nothing of it', async () => {
    const inEast = await deptWithAsset(w.depts.east);
    const inOps = await deptWithAsset(w.depts.ops);
    const order = await w.createOrder('scoped', { name: 'Peek', departmentIds: [inEast.dept] });
    const result = await w.scan('scoped', order.id, [{ scanId: scanIdOf(), text: inOps.asset.assetCoding }]);
    expect(result.answers[0]).toMatchObject({ outcome: 'surplus', line: { assetId: null, assetCoding: inOps.asset.assetCoding, assetName: '', department: '' } });
    // The admin, who sees it, gets the asset.
    const byAdmin = await w.scan('admin', order.id, [{ scanId: scanIdOf(), text: inOps.asset.assetCoding }]);
    expect(byAdmin.answers[0].outcome).toBe('duplicate');
    const other = await w.createOrder('admin', { name: 'Peek 2', departmentIds: [inEast.dept] });
    const seen = await w.scan('admin', other.id, [{ scanId: scanIdOf(), text: inOps.asset.assetCoding }]);
    expect(seen.answers[0]).toMatchObject({ outcome: 'surplus', line: { assetId: inOps.asset.id, assetName: inOps.asset.assetName } });
  });

  it("shows an admin's whole-company order to users of scope All, unless it holds an asset without a department", async () => {
    const whole = await w.createOrder('admin', { name: 'Everything' });
    expect(whole.scope.departmentIds).toEqual([]);
    expect(await listIds('all')).toContain(whole.id);
    expect(await listIds('scoped')).not.toContain(whole.id);
    await w.asset(uniqueCode('NODEPT'), { affiliatedDept: null });
    const withLoose = await w.createOrder('admin', { name: 'Everything and the loose' });
    expect(await listIds('all')).not.toContain(withLoose.id);
    expect(await listIds('admin')).toContain(withLoose.id);
    // A scope-All user's own order without departments keeps the company's root.
    const allOwn = await w.createOrder('all', { name: 'All of mine' });
    expect(allOwn.scope.departmentIds).toEqual([w.depts.root]);
  });
});

describe('company isolation', () => {
  it("refuses another company's order as one that does not exist, and keeps its codes apart", async () => {
    const { dept, asset } = await deptWithAsset(w.depts.east);
    const order = await w.createOrder('admin', { name: 'Ours', departmentIds: [dept] });
    await refusedOn('other', order.id, asset.assetCoding, 28);
    expect(await listIds('other')).not.toContain(order.id);
    // The other company's asset code is no asset of ours: an unknown code here.
    const result = await w.scan('admin', order.id, [{ scanId: scanIdOf(), text: 'SHARED-1' }]);
    expect(result.answers[0]).toMatchObject({ outcome: 'surplus', line: { assetId: null, assetName: '' } });
    // Their departments and classifications are not ours either.
    const theirRoot = payload(await w.call<{ departments: { id: number }[] }>('other', 'GET', '/api/Department/List')).departments[0].id;
    const before = await w.everything();
    const foreignDept = await w.call('admin', 'POST', '/api/Anlageninventur', { name: 'X', departmentIds: [theirRoot] });
    expect(foreignDept.body).toEqual({ statusCode: 28, resultInfo: 'This department does not exist.' });
    expect(await w.everything()).toEqual(before);
    const theirClass = payload(await w.call<{ id: number }>('other', 'POST', '/api/AssetClassify', { classifyName: uniqueCode('K') })).id;
    const afterClass = await w.everything();
    const foreignClass = await w.call('admin', 'POST', '/api/Anlageninventur', { name: 'X', classifyIds: [theirClass] });
    expect(foreignClass.body).toEqual({ statusCode: 28, resultInfo: 'This classification does not exist.' });
    expect(await w.everything()).toEqual(afterClass);
  });
});

describe('the dashboard', () => {
  it('counts the orders pending or in progress that the caller sees', async () => {
    const pending = async (who: Who) => payload(await w.call<DashboardInfo>(who, 'GET', '/api/Dashboard')).pendingInventoryOrders;
    const [admin0, scoped0] = [await pending('admin'), await pending('scoped')];
    const inEast = await deptWithAsset(w.depts.east);
    const inOps = await deptWithAsset(w.depts.ops);
    const east = await w.createOrder('admin', { name: 'Dash east', departmentIds: [inEast.dept] });
    const ops = await w.createOrder('admin', { name: 'Dash ops', departmentIds: [inOps.dept] });
    expect(await pending('admin')).toBe(admin0 + 2);
    expect(await pending('scoped')).toBe(scoped0 + 1);
    // In progress still counts; finished does not.
    await w.scan('admin', east.id, [{ scanId: scanIdOf(), text: inEast.asset.assetCoding }]);
    expect(await pending('scoped')).toBe(scoped0 + 1);
    payload(await w.call<InventoryOrderInfo>('admin', 'POST', '/api/Anlageninventur/Finish', { anlageninventurId: east.id }));
    payload(await w.call('admin', 'DELETE', `/api/Anlageninventur?id=${ops.id}`));
    expect(await pending('admin')).toBe(admin0);
    expect(await pending('scoped')).toBe(scoped0);
  });
});
