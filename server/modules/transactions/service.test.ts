/**
 * Transactions through the API: every cell of the state machine on a real asset, what each
 * type does to department, person and place, the spec's rules with their messages, all or
 * nothing, and the history a return leaves. Permissions and scope: access.test.ts; the
 * records list: reads.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssetUseStatus as S, type BusinessDetails, type BusinessHistoryEntry, type BusinessType } from '../../../src/api/contract.ts';
import { MINUTE_MS } from '../../clock.ts';
import { payload } from '../../testing/harness.ts';
import { buildTxWorld, type TxWorld } from './test-world.ts';
import { TRANSITIONS, type AssetStatus } from './transitions.ts';

let w: TxWorld;
let moves = 0;
beforeAll(async () => {
  w = await buildTxWorld('service');
});
afterAll(() => w?.server.close());

/** A request of `type` that passes the rules (department and person where needed). */
function bodyOf(type: BusinessType, assetIds: number[], extra: Record<string, unknown> = {}) {
  const needs = type === 'Using' || type === 'Borrowed';
  // An alter must change something: a new place, unless the test names the changes.
  const names = ['affiliatedDept', 'affiliatedStaff', 'depositSite'].some((key) => key in extra);
  const alter = type === 'Alter' && !names ? { depositSite: `Moved ${++moves}` } : {};
  return { type, assetIds, ...(needs ? { affiliatedDept: w.depts.east, affiliatedStaff: w.staff.li } : {}), ...alter, ...extra };
}

async function done(type: BusinessType, assetIds: number[], extra: Record<string, unknown> = {}): Promise<BusinessDetails> {
  const reply = await w.transact('admin', bodyOf(type, assetIds, extra));
  if (reply.statusCode !== 0) throw new Error(`${type} failed: ${JSON.stringify(reply)}`);
  return reply.resultInfo as BusinessDetails;
}

/** An asset in `status`, reached by transactions (In use: by a receive, so a return has one to end). */
async function assetIn(status: AssetStatus): Promise<number> {
  const { id } = await w.asset(`in-${status}`);
  if (status === S.using) await done('Using', [id]);
  if (status === S.borrowed) await done('Borrowed', [id]);
  if (status === S.maintain) await done('Maintain', [id]);
  if (status === S.discard) await done('Discard', [id]);
  expect((await w.details(id)).status).toBe(status);
  return id;
}

describe('every cell of the state machine, on a real asset', () => {
  const cells = Object.entries(TRANSITIONS).flatMap(([type, row]) =>
    Object.entries(row).map(([before, outcome]) => [type as BusinessType, Number(before) as AssetStatus, outcome] as const),
  );
  it.each(cells)('%s from %i', async (type, before, outcome) => {
    const id = await assetIn(before);
    const was = await w.details(id);
    const reply = await w.transact('admin', bodyOf(type, [id]));
    const now = await w.details(id);
    if (typeof outcome === 'object') {
      expect(reply.statusCode).toBe(2);
      expect(now).toEqual(was);
      return;
    }
    expect(reply.statusCode).toBe(0);
    // A return from a receive or borrow of an unused asset, or from its maintenance, gives Unused back.
    const expected = outcome === 'same' ? before : outcome === 'previous' ? S.unused : outcome;
    expect(now.status).toBe(expected);
    expect(now.version).toBe(was.version + 1);
    const record = reply.resultInfo as BusinessDetails;
    expect(record.assets).toMatchObject([{ assetId: id, statusBefore: before, statusAfter: expected }]);
  });
});

describe('what each type does to the asset', () => {
  it('receive gives the asset to the person and department (and place), return gives it back', async () => {
    const asset = await w.asset('Laptop', w.depts.ops, null, 'Store');
    const received = await done('Using', [asset.id], { affiliatedDept: w.depts.east, affiliatedStaff: w.staff.li, depositSite: 'Desk 4' });
    expect(received).toMatchObject({ type: 'Using', affiliatedDept: w.depts.east, deptName: 'East', staffName: 'Li Na', depositSite: 'Desk 4', version: 1, assetCount: 1 });
    expect(received.assets[0]).toMatchObject({
      statusBefore: S.unused, statusAfter: S.using, deptBefore: w.depts.ops, deptNameBefore: 'Ops', deptAfter: w.depts.east,
      staffBefore: null, staffAfter: w.staff.li, staffNameAfter: 'Li Na', siteBefore: 'Store', siteAfter: 'Desk 4',
      changedFields: ['status', 'affiliatedDept', 'affiliatedStaff', 'depositSite'],
    });
    expect(await w.details(asset.id)).toMatchObject({ status: S.using, useStatus: S.using, affiliatedDept: w.depts.east, affiliatedStaff: w.staff.li, depositSite: 'Desk 4' });
    const returned = await done('Return', [asset.id]);
    expect(returned.assets[0]).toMatchObject({ statusBefore: S.using, statusAfter: S.unused, deptAfter: w.depts.ops, staffAfter: null, siteAfter: 'Store' });
    expect(await w.details(asset.id)).toMatchObject({ status: S.unused, affiliatedDept: w.depts.ops, affiliatedStaff: null, depositSite: 'Store' });
  });

  it('maintenance of an asset in use returns to its user; the next return ends the receive', async () => {
    const { id } = await w.asset('Printer', w.depts.ops, null, 'Store');
    await done('Using', [id], { affiliatedDept: w.depts.east, affiliatedStaff: w.staff.li, depositSite: 'Desk 1' });
    await done('Maintain', [id], { depositSite: 'Repair shop', repairCost: '350.5', reason: 'Paper jam' });
    expect(await w.details(id)).toMatchObject({ status: S.maintain, affiliatedStaff: w.staff.li, depositSite: 'Repair shop' });
    await done('Return', [id]);
    expect(await w.details(id)).toMatchObject({ status: S.using, affiliatedStaff: w.staff.li, affiliatedDept: w.depts.east, depositSite: 'Desk 1' });
    await done('Return', [id]);
    expect(await w.details(id)).toMatchObject({ status: S.unused, affiliatedStaff: null, affiliatedDept: w.depts.ops, depositSite: 'Store' });
  });

  it('an asset in use by the assignee rule (no transaction) returns to Unused without a user', async () => {
    const { id } = await w.asset('Assigned', w.depts.east, w.staff.li);
    expect(await w.details(id)).toMatchObject({ status: S.using, useStatus: null });
    await done('Return', [id]);
    expect(await w.details(id)).toMatchObject({ status: S.unused, useStatus: S.unused, affiliatedStaff: null, affiliatedDept: w.depts.east });
  });

  it('a return may name where the asset goes instead', async () => {
    const { id } = await w.asset('Camera', w.depts.ops, null, 'Store');
    await done('Borrowed', [id]);
    await done('Return', [id], { affiliatedDept: w.depts.sales, depositSite: 'Shelf 2' });
    expect(await w.details(id)).toMatchObject({ status: S.unused, affiliatedDept: w.depts.sales, depositSite: 'Shelf 2', affiliatedStaff: null });
  });

  it('a return gives the department back only if it still exists', async () => {
    const { id: gone } = await w.asset('Projector', w.depts.ops);
    const temp = payload(await w.call<{ id: number }>('admin', 'POST', '/api/Department', { deptName: 'Temporary' })).id;
    await done('Alter', [gone], { affiliatedDept: temp });
    await done('Borrowed', [gone]);
    payload(await w.call('admin', 'DELETE', '/api/Department', { id: temp }));
    await done('Return', [gone]);
    expect(await w.details(gone)).toMatchObject({ status: S.unused, affiliatedDept: w.depts.east });
  });

  it('alter changes department, user and place and keeps the status; scrap keeps the holder', async () => {
    const { id } = await w.asset('Desk', w.depts.east, null, 'A');
    const altered = await done('Alter', [id], { affiliatedDept: w.depts.ops, affiliatedStaff: w.staff.wang, depositSite: 'B' });
    expect(altered.assets[0].changedFields).toEqual(['affiliatedDept', 'affiliatedStaff', 'depositSite']);
    // Alter never makes an asset in use (receive does), even when it names a user.
    expect(await w.details(id)).toMatchObject({ status: S.unused, affiliatedDept: w.depts.ops, affiliatedStaff: w.staff.wang, depositSite: 'B' });
    await done('Alter', [id], { affiliatedStaff: null });
    expect(await w.details(id)).toMatchObject({ affiliatedStaff: null, affiliatedDept: w.depts.ops });
    await done('Discard', [id], { reason: 'Broken' });
    expect(await w.details(id)).toMatchObject({ status: S.discard, affiliatedDept: w.depts.ops, depositSite: 'B' });
  });
});

describe('the spec’s rules', () => {
  it('at least one asset, each once', async () => {
    expect(await w.transact('admin', { type: 'Maintain', assetIds: [] })).toEqual({ statusCode: 2, resultInfo: 'Please select at least one asset.' });
    expect(await w.transact('admin', { type: 'Maintain', assetIds: [] }, 'zh-CN')).toEqual({ statusCode: 2, resultInfo: '请至少选择一项资产。' });
    const { id } = await w.asset('Twice');
    expect((await w.transact('admin', { type: 'Maintain', assetIds: [id, id] })).statusCode).toBe(2);
  });

  it('every asset must exist in the company', async () => {
    const { id } = await w.asset('Real');
    for (const missing of [999_999_999, w.otherAsset]) {
      expect(await w.transact('admin', { type: 'Maintain', assetIds: [id, missing] })).toEqual({
        statusCode: 28,
        resultInfo: 'This asset does not exist or is outside your authorized scope.',
      });
    }
    expect((await w.details(id)).status).toBe(S.unused);
  });

  it('the time cannot be earlier than now (the server’s clock, 5 minutes’ grace)', async () => {
    const { id } = await w.asset('Timed');
    const now = w.server.clock.now().getTime();
    const at = (ms: number) => new Date(now + ms).toISOString();
    expect(await w.transact('admin', { type: 'Maintain', assetIds: [id], businessTime: at(-5 * MINUTE_MS - 1000) })).toEqual({
      statusCode: 2,
      resultInfo: 'The operation time cannot be earlier than the current time.',
    });
    expect((await w.transact('admin', { type: 'Maintain', assetIds: [id], businessTime: at(-5 * MINUTE_MS - 1000) }, 'zh-CN')).resultInfo).toBe(
      '业务时间不能早于当前时间。',
    );
    for (const businessTime of ['yesterday', '2030-02-30T08:00:00Z', '2030-13-01T08:00:00Z']) {
      expect(await w.transact('admin', { type: 'Maintain', assetIds: [id], businessTime })).toEqual({ statusCode: 2, resultInfo: 'The operation time is not a valid time.' });
    }
    const record = await done('Maintain', [id], { businessTime: at(-4 * MINUTE_MS) });
    expect(record.businessTime).toBe(at(-4 * MINUTE_MS));
    // Without a time: the server's now.
    expect((await done('Return', [id])).businessTime).toBe(new Date(now).toISOString());
  });

  it('the planned return time cannot be before the operation', async () => {
    const { id } = await w.asset('Planned');
    const now = w.server.clock.now().getTime();
    expect(
      await w.transact('admin', bodyOf('Borrowed', [id], { businessTime: new Date(now + 3_600_000).toISOString(), planReturnTime: new Date(now).toISOString() })),
    ).toEqual({ statusCode: 2, resultInfo: 'The planned return time cannot be earlier than the operation time.' });
    const record = await done('Borrowed', [id], { planReturnTime: '2030-02-01T00:00:00.000Z' });
    expect(record.planReturnTime).toBe('2030-02-01T00:00:00.000Z');
  });

  it('the repair cost must be a number', async () => {
    const { id } = await w.asset('Costly');
    for (const repairCost of ['abc', '-5', '1.234', -1, 'NaN']) {
      expect(await w.transact('admin', { type: 'Maintain', assetIds: [id], repairCost })).toEqual({
        statusCode: 2,
        resultInfo: 'The repair cost must be an amount of at least 0 with at most 2 decimals.',
      });
    }
    expect((await w.transact('admin', { type: 'Maintain', assetIds: [id], repairCost: 'abc' }, 'zh-CN')).resultInfo).toBe('维修费用必须是不小于 0 的金额，最多两位小数。');
    expect((await done('Maintain', [id], { repairCost: '¥1200.5' })).repairCost).toBe(1200.5);
  });

  it.each(['Using', 'Borrowed'] as const)('%s needs a department and a person', async (type) => {
    const { id } = await w.asset('Needs');
    const message = { statusCode: 2, resultInfo: 'Receiving and borrowing need a department and a person.' };
    expect(await w.transact('admin', { type, assetIds: [id], affiliatedDept: w.depts.east })).toEqual(message);
    expect(await w.transact('admin', { type, assetIds: [id], affiliatedStaff: w.staff.li })).toEqual(message);
    expect((await w.transact('admin', { type, assetIds: [id] }, 'zh-CN')).resultInfo).toBe('领用和借用需要选择部门和人员。');
    expect((await w.details(id)).status).toBe(S.unused);
  });

  it('an alter that changes nothing is refused: "No changes made."', async () => {
    const { id } = await w.asset('Same', w.depts.east, null, 'Here');
    for (const body of [{}, { affiliatedDept: w.depts.east, depositSite: 'Here' }, { affiliatedStaff: null }]) {
      expect(await w.transact('admin', { type: 'Alter', assetIds: [id], ...body })).toEqual({ statusCode: 2, resultInfo: 'No changes made.' });
    }
    expect((await w.transact('admin', { type: 'Alter', assetIds: [id] }, 'zh-CN')).resultInfo).toBe('没有做任何修改。');
  });

  it('refusals name the asset and why, in both languages', async () => {
    const scrapped = await assetIn(S.discard);
    const code = (await w.details(scrapped)).assetCoding;
    expect(await w.transact('admin', { type: 'Alter', assetIds: [scrapped], depositSite: 'x' })).toEqual({
      statusCode: 2,
      resultInfo: `The asset "${code}" is scrapped and takes no further transactions.`,
    });
    const borrowed = await assetIn(S.borrowed);
    const borrowedCode = (await w.details(borrowed)).assetCoding;
    expect(await w.transact('admin', bodyOf('Using', [borrowed]), 'zh-CN')).toEqual({
      statusCode: 2,
      resultInfo: `资产“${borrowedCode}”当前为“借用中”，请先办理归还，再办理领用。`,
    });
    expect((await w.transact('admin', bodyOf('Maintain', [borrowed]))).resultInfo).toBe(
      `The asset "${borrowedCode}" is borrowed: return it first, then send it for maintenance.`,
    );
  });

  it('a stale asset version is refused (31) and changes nothing', async () => {
    const asset = await w.asset('Versioned');
    expect((await w.transact('admin', { type: 'Maintain', assetIds: [asset.id], versions: [asset.version + 1] })).statusCode).toBe(31);
    await done('Maintain', [asset.id], { versions: [asset.version] });
  });
});

describe('all or nothing', () => {
  it('one asset refused: no asset changes and nothing is recorded', async () => {
    const fine = await w.asset('Fine');
    const alsoFine = await w.asset('Also fine');
    const borrowed = await assetIn(S.borrowed);
    const before = await w.everything();
    const reply = await w.transact('admin', bodyOf('Using', [fine.id, alsoFine.id, borrowed]));
    expect(reply.statusCode).toBe(2);
    expect(await w.everything()).toEqual(before);
    // The same without the refused one goes through.
    expect((await done('Using', [fine.id, alsoFine.id])).assets.map((l) => l.assetId)).toEqual([fine.id, alsoFine.id]);
  });

  it('a failure while the assets are written rolls the record and its lines back', async () => {
    const a = await w.asset('Rollback A');
    const b = await w.asset('Rollback B');
    const before = await w.everything();
    // The record and its lines are written first, then the assets: make the asset write fail
    // with a CHECK the service does not know about (every input it knows is refused earlier).
    await w.server.db.exec('ALTER TABLE assets ADD CONSTRAINT test_no_shelf CHECK (deposit_site <> \'Forbidden shelf\')');
    try {
      const reply = await w.transact('admin', { type: 'Alter', assetIds: [a.id, b.id], depositSite: 'Forbidden shelf' });
      expect(reply.statusCode).toBe(1);
    } finally {
      await w.server.db.exec('ALTER TABLE assets DROP CONSTRAINT test_no_shelf');
    }
    expect(await w.everything()).toEqual(before);
  });
});

describe('at the same time', () => {
  it('two transactions on the same assets, named in either order: one passes, the other sees its result', async () => {
    const a = await w.asset('Contested A');
    const b = await w.asset('Contested B');
    // Assets are locked in id order, so opposite orders cannot deadlock (PostgreSQL server);
    // the second waits for the first and then finds them in maintenance.
    const replies = await Promise.all([
      w.transact('admin', { type: 'Maintain', assetIds: [a.id, b.id] }),
      w.transact('admin', { type: 'Maintain', assetIds: [b.id, a.id] }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([0, 2]);
    expect(replies.find((r) => r.statusCode === 2)!.resultInfo).toMatch(/is already in maintenance\.$/);
    for (const id of [a.id, b.id]) {
      const history = payload(await w.call<BusinessHistoryEntry[]>('admin', 'GET', `/api/BusinessAssetList?assetId=${id}`));
      expect(history).toHaveLength(1);
      expect((await w.details(id)).version).toBe(2);
    }
  });
});

describe('history', () => {
  it('an asset’s history lists its transactions, newest first, with each record', async () => {
    const { id } = await w.asset('Storied', w.depts.ops, null, 'Store');
    await done('Borrowed', [id], { remark: 'For the fair' });
    w.server.clock.advance(60_000);
    await done('Return', [id]);
    w.server.clock.advance(60_000);
    await done('Alter', [id], { depositSite: 'Shelf 9' });
    const history = payload(await w.call<BusinessHistoryEntry[]>('admin', 'GET', `/api/BusinessAssetList?assetId=${id}`));
    expect(history.map((h) => [h.business.type, h.statusBefore, h.statusAfter])).toEqual([
      ['Alter', S.unused, S.unused],
      ['Return', S.borrowed, S.unused],
      ['Borrowed', S.unused, S.borrowed],
    ]);
    expect(history[2].business).toMatchObject({ remark: 'For the fair', staffName: 'Li Na', assetCount: 1 });
    expect(history[2].business.operatorName).toBe('tx-service@example.com');
    // A deleted asset keeps its history under its code and name.
    payload(await w.call('admin', 'DELETE', `/api/Asset?id=${id}`));
    const kept = payload(await w.call<BusinessDetails>('admin', 'GET', `/api/Business/Details?businessId=${history[0].businessId}`));
    expect(kept.assets[0]).toMatchObject({ assetId: id, assetName: 'Storied', siteAfter: 'Shelf 9' });
  });

  it('an asset without transactions has an empty history; another company’s is not found', async () => {
    const { id } = await w.asset('Quiet');
    expect(payload(await w.call('admin', 'GET', `/api/BusinessAssetList?assetId=${id}`))).toEqual([]);
    expect((await w.call('admin', 'GET', `/api/BusinessAssetList?assetId=${w.otherAsset}`)).body.statusCode).toBe(28);
  });
});
