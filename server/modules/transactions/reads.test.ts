/** The records list: filters by type, time range, person and asset, paging, order, and the version. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessAssetLine, BusinessDetails, BusinessListResult, BusinessVersionInfo } from '../../../src/api/contract.ts';
import { DAY_MS } from '../../clock.ts';
import { payload } from '../../testing/harness.ts';
import { buildTxWorld, type TxWorld } from './test-world.ts';

let w: TxWorld;
const made = {} as Record<'borrowLi' | 'returnLi' | 'receiveWang' | 'maintainLater', BusinessDetails>;
let laptop: number;
let phone: number;

async function record(body: Record<string, unknown>): Promise<BusinessDetails> {
  return payload(await w.call<BusinessDetails>('admin', 'POST', '/api/Business', body));
}
const list = async (query: string) => payload(await w.call<BusinessListResult>('admin', 'GET', `/api/Business?${query}`));
const ids = (result: BusinessListResult) => result.businesses.map((b) => b.id);

beforeAll(async () => {
  w = await buildTxWorld('reads');
  // The harness clock stays at 2030-01-15T08:00Z (sessions would expire if it moved days);
  // the records are entered a day apart, from now on.
  const day = (n: number) => new Date(w.server.clock.now().getTime() + n * DAY_MS).toISOString();
  laptop = (await w.asset('Laptop')).id;
  phone = (await w.asset('Phone')).id;
  made.borrowLi = await record({ type: 'Borrowed', assetIds: [laptop], affiliatedDept: w.depts.east, affiliatedStaff: w.staff.li });
  made.returnLi = await record({ type: 'Return', assetIds: [laptop], businessTime: day(1) });
  made.receiveWang = await record({ type: 'Using', assetIds: [laptop, phone], affiliatedDept: w.depts.ops, affiliatedStaff: w.staff.wang, businessTime: day(2) });
  made.maintainLater = await record({ type: 'Maintain', assetIds: [phone], repairCost: 80, businessTime: day(3) });
});
afterAll(() => w?.server.close());

describe('the records list', () => {
  it('lists newest first, or oldest first, with the total', async () => {
    const all = await list('');
    expect(ids(all)).toEqual([made.maintainLater.id, made.receiveWang.id, made.returnLi.id, made.borrowLi.id]);
    expect(all.filterBusinessCount).toBe(4);
    expect(ids(await list('isASC=true'))).toEqual([made.borrowLi.id, made.returnLi.id, made.receiveWang.id, made.maintainLater.id]);
    expect(all.businesses[1]).toMatchObject({ type: 'Using', staffName: 'Wang Fang', deptName: 'Ops', assetCount: 2 });
    expect(all.businesses[0]).toMatchObject({ repairCost: 80 });
  });

  it('filters by type, person, asset and asset code or name', async () => {
    expect(ids(await list('type=Borrowed,Return'))).toEqual([made.returnLi.id, made.borrowLi.id]);
    expect(ids(await list(`affiliatedStaff=${w.staff.wang}`))).toEqual([made.receiveWang.id]);
    expect(ids(await list(`assetId=${phone}`))).toEqual([made.maintainLater.id, made.receiveWang.id]);
    expect(ids(await list('search=lapt'))).toEqual([made.receiveWang.id, made.returnLi.id, made.borrowLi.id]);
    expect((await list(`assetId=${w.otherAsset}`)).filterBusinessCount).toBe(0);
  });

  it('filters by a time range: instants, or whole days in the server’s zone', async () => {
    // Records at 01-15, 01-16, 01-17 and 01-18, 08:00 UTC.
    expect(ids(await list('timeFrom=2030-01-16&timeTo=2030-01-17'))).toEqual([made.receiveWang.id, made.returnLi.id]);
    expect(ids(await list('timeFrom=2030-01-16T09:00:00Z'))).toEqual([made.maintainLater.id, made.receiveWang.id]);
    expect(ids(await list('timeTo=2030-01-15T08:00:00.000Z'))).toEqual([made.borrowLi.id]);
    for (const bad of ['2030-02-30', '2030-02-30T00:00:00Z', '2030-01-16T09:00:00', 'yesterday']) {
      expect((await w.call('admin', 'GET', `/api/Business?timeFrom=${bad}`)).body.statusCode).toBe(2);
    }
    expect((await w.call('admin', 'GET', '/api/Business?type=Lend')).body.statusCode).toBe(2);
  });

  it('pages', async () => {
    expect((await w.call('admin', 'GET', '/api/Business?pageSize=3')).body.statusCode).toBe(2);
    const first = await list('pageSize=20&pageIndex=1');
    expect(first.businesses).toHaveLength(4);
    const beyond = await list('pageSize=20&pageIndex=2');
    expect(beyond).toEqual({ businesses: [], filterBusinessCount: 4 });
    expect(ids(await w.call<BusinessListResult>('admin', 'GET', '/api/Business/List').then(payload))).toEqual(ids(first));
  });

  it('one record’s lines, and the version', async () => {
    const lines = payload(await w.call<BusinessAssetLine[]>('admin', 'GET', `/api/BusinessAssetList?businessId=${made.receiveWang.id}`));
    expect(lines.map((l) => l.assetId)).toEqual([laptop, phone]);
    expect((await w.call('admin', 'GET', '/api/BusinessAssetList')).body.statusCode).toBe(2);
    expect(payload(await w.call<BusinessVersionInfo>('admin', 'GET', '/api/BusinessVersion'))).toEqual({ version: made.maintainLater.id });
    expect(payload(await w.call<BusinessVersionInfo>('other', 'GET', '/api/BusinessVersion'))).toEqual({ version: 0 });
  });
});
