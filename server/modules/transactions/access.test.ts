/**
 * Permissions 104-108 per transaction type, and the caller's scope, on POST api/Business and
 * the reads. Every refusal changes nothing (all tables compared, business ones included).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssetUseStatus as S, type BusinessDetails, type BusinessListResult, type BusinessType } from '../../../src/api/contract.ts';
import { payload } from '../../testing/harness.ts';
import { buildTxWorld, type TxWorld, type Who } from './test-world.ts';

let w: TxWorld;
beforeAll(async () => {
  w = await buildTxWorld('access');
});
afterAll(() => w?.server.close());

const holder: Record<Exclude<BusinessType, 'Return'>, Who> = {
  Alter: 'alter',
  Using: 'receive',
  Borrowed: 'borrow',
  Maintain: 'maintain',
  Discard: 'scrap',
};

function bodyOf(type: BusinessType, assetIds: number[]) {
  const needs = type === 'Using' || type === 'Borrowed';
  return {
    type,
    assetIds,
    ...(needs ? { affiliatedDept: w.depts.east, affiliatedStaff: w.staff.li } : {}),
    ...(type === 'Alter' ? { depositSite: 'Elsewhere' } : {}),
  };
}

async function refusedWithoutChange(who: Who, body: Record<string, unknown>, code: number, message?: string) {
  const before = await w.everything();
  const reply = await w.transact(who, body);
  expect(reply.statusCode).toBe(code);
  if (message) expect(reply.resultInfo).toBe(message);
  expect(await w.everything()).toEqual(before);
}

describe('permissions 104-108', () => {
  const types = Object.keys(holder) as (keyof typeof holder)[];
  const messages: Record<keyof typeof holder, string> = {
    Alter: 'You are not allowed to alter assets.',
    Using: 'You are not allowed to receive assets.',
    Borrowed: 'You are not allowed to borrow assets.',
    Maintain: 'You are not allowed to send assets for maintenance.',
    Discard: 'You are not allowed to scrap assets.',
  };
  it.each(types)('%s: only its permission lets a sub-user do it', async (type) => {
    const { id } = await w.asset(`perm-${type}`);
    for (const [other, who] of Object.entries(holder)) {
      if (other === type) continue;
      await refusedWithoutChange(who, bodyOf(type, [id]), 5, messages[type]);
    }
    const reply = await w.transact(holder[type], bodyOf(type, [id]));
    expect(reply.statusCode).toBe(0);
  });

  it('the refusal is in the user’s language', async () => {
    const { id } = await w.asset('perm-zh');
    expect(await w.transact('borrow', bodyOf('Discard', [id]), 'zh-CN')).toEqual({ statusCode: 5, resultInfo: '您没有资产报废的权限。' });
  });

  it('a return needs the permission of what it ends', async () => {
    const { id: borrowed } = await w.asset('ret-borrowed');
    payload(await w.call('borrow', 'POST', '/api/Business', bodyOf('Borrowed', [borrowed])));
    const { id: received } = await w.asset('ret-received');
    payload(await w.call('receive', 'POST', '/api/Business', bodyOf('Using', [received])));
    const { id: repairing } = await w.asset('ret-repair');
    payload(await w.call('maintain', 'POST', '/api/Business', bodyOf('Maintain', [repairing])));

    await refusedWithoutChange('receive', bodyOf('Return', [borrowed]), 5, 'You are not allowed to return these assets.');
    await refusedWithoutChange('borrow', bodyOf('Return', [received]), 5);
    await refusedWithoutChange('receive', bodyOf('Return', [repairing]), 5);
    // Holding one of the two is not enough for both (all or nothing).
    await refusedWithoutChange('borrow', bodyOf('Return', [borrowed, received]), 5);
    expect((await w.transact('receiveAndBorrow', bodyOf('Return', [borrowed, received]))).statusCode).toBe(0);
    expect((await w.transact('maintain', bodyOf('Return', [repairing]))).statusCode).toBe(0);
    // An asset in use by the assignee rule: returning it needs receive (105).
    const { id: assigned } = await w.asset('ret-assigned', w.depts.east, w.staff.li);
    await refusedWithoutChange('borrow', bodyOf('Return', [assigned]), 5);
    expect((await w.transact('receive', bodyOf('Return', [assigned]))).statusCode).toBe(0);
  });

  it('without a session: code 19', async () => {
    const { id } = await w.asset('no-session');
    const reply = await w.server.call('POST', '/api/Business', { body: bodyOf('Maintain', [id]) });
    expect(reply.body.statusCode).toBe(19);
  });
});

describe('scope', () => {
  // `scoped` holds 104-108 with scope Dept: its own department East (and nothing else).
  it('an asset outside the scope is refused like a missing one, and nothing changes', async () => {
    const { id: mine } = await w.asset('mine', w.depts.east);
    const { id: theirs } = await w.asset('theirs', w.depts.ops);
    await refusedWithoutChange('scoped', bodyOf('Maintain', [mine, theirs]), 28, 'This asset does not exist or is outside your authorized scope.');
    await refusedWithoutChange('scoped', bodyOf('Maintain', [mine, w.otherAsset]), 28);
    expect((await w.transact('scoped', bodyOf('Maintain', [mine]))).statusCode).toBe(0);
  });

  it('the department and person must be in the scope too', async () => {
    const { id } = await w.asset('scoped-target', w.depts.east);
    await refusedWithoutChange('scoped', { type: 'Using', assetIds: [id], affiliatedDept: w.depts.ops, affiliatedStaff: w.staff.li }, 28);
    await refusedWithoutChange('scoped', { type: 'Using', assetIds: [id], affiliatedDept: w.depts.east, affiliatedStaff: w.staff.wang }, 28);
    await refusedWithoutChange('scoped', { type: 'Alter', assetIds: [id], affiliatedDept: w.depts.ops }, 28);
    // Another company's department and person: as missing.
    await refusedWithoutChange('admin', { type: 'Using', assetIds: [id], affiliatedDept: w.depts.east, affiliatedStaff: w.staff.otherCo }, 28);
    // An asset without a department is for admins only.
    await refusedWithoutChange('scoped', { type: 'Alter', assetIds: [id], affiliatedDept: null }, 5);
    expect((await w.transact('scoped', { type: 'Using', assetIds: [id], affiliatedDept: w.depts.east, affiliatedStaff: w.staff.li })).statusCode).toBe(0);
    expect((await w.details(id)).status).toBe(S.using);
  });

  it('records, details and history show only what the scope sees', async () => {
    const { id: east } = await w.asset('seen', w.depts.east);
    const { id: ops } = await w.asset('unseen', w.depts.ops);
    const both = payload(await w.call<BusinessDetails>('admin', 'POST', '/api/Business', bodyOf('Maintain', [east, ops])));
    const opsOnly = payload(await w.call<BusinessDetails>('admin', 'POST', '/api/Business', bodyOf('Maintain', [(await w.asset('unseen 2', w.depts.ops)).id])));

    const details = payload(await w.call<BusinessDetails>('scoped', 'GET', `/api/Business/Details?businessId=${both.id}`));
    expect(details.assets.map((l) => l.assetId)).toEqual([east]);
    expect(details.assetCount).toBe(1);
    expect((await w.call('scoped', 'GET', `/api/Business/Details?businessId=${opsOnly.id}`)).body).toEqual({
      statusCode: 28,
      resultInfo: 'This transaction record does not exist.',
    });
    expect((await w.call('other', 'GET', `/api/Business/Details?businessId=${both.id}`)).body.statusCode).toBe(28);
    expect((await w.call('scoped', 'GET', `/api/BusinessAssetList?businessId=${opsOnly.id}`)).body.statusCode).toBe(28);
    expect((await w.call('scoped', 'GET', `/api/BusinessAssetList?assetId=${ops}`)).body.statusCode).toBe(28);

    const listed = payload(await w.call<BusinessListResult>('scoped', 'GET', '/api/Business?pageSize=200'));
    const ids = listed.businesses.map((b) => b.id);
    expect(ids).toContain(both.id);
    expect(ids).not.toContain(opsOnly.id);
    expect(payload(await w.call<BusinessListResult>('other', 'GET', '/api/Business')).filterBusinessCount).toBe(0);
  });
});
