/**
 * The line list: every sort key in both directions gives the same order as sorting the whole
 * order in JavaScript, page after page (the pages past the middle are read from the end), with
 * the result and keyword filters and their totals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVENTORY_LINE_SORT_KEYS,
  type InventoryLine,
  type InventoryLineListResult,
  type InventoryLineSortKey,
  type InventoryOrderInfo,
} from '../../../src/api/contract.ts';
import { payload } from '../../testing/harness.ts';
import { buildInventoryWorld, scanIdOf, type InventoryWorld } from './test-world.ts';

let w: InventoryWorld;
let order: InventoryOrderInfo;
const PAGE = 20;
const ASSETS = 45;

beforeAll(async () => {
  w = await buildInventoryWorld('lines');
  const dept = payload(await w.call<{ id: number }>('admin', 'POST', '/api/Department', { deptName: 'Hall', affiliatedDept: w.depts.sales })).id;
  const codes: string[] = [];
  for (let i = 0; i < ASSETS; i++) {
    // Few distinct names, places and classifications, so ties are broken by id.
    const asset = await w.asset(`L-${String((i * 17) % ASSETS).padStart(2, '0')}`, {
      affiliatedDept: dept,
      assetName: ['Desk', 'chair', 'Lamp', 'desk lamp'][i % 4],
      depositSite: ['B', 'A', ''][i % 3],
      classify: i % 5 === 0 ? null : i % 2 ? w.classes.desk : w.classes.chair,
      affiliatedStaff: i % 7 === 0 ? w.staff.li : null,
    });
    codes.push(asset.assetCoding);
  }
  order = await w.createOrder('admin', { name: 'Lines', departmentIds: [dept] });
  // Every third counted, at times out of order; two surplus codes.
  let t = 0;
  const scans = codes
    .filter((_, i) => i % 3 === 0)
    .map((text, i) => ({ scanId: scanIdOf(), text, scannedAt: new Date(Date.UTC(2030, 0, 15, 9, (i * 7) % 13, t++)).toISOString() }));
  scans.push({ scanId: scanIdOf(), text: 'zz-extra', scannedAt: '2030-01-15T09:00:00Z' }, { scanId: scanIdOf(), text: 'AA-EXTRA', scannedAt: '2030-01-15T10:00:00Z' });
  await w.scan('admin', order.id, scans);
});
afterAll(() => w?.server.close());

async function allPages(query: string): Promise<{ lines: InventoryLine[]; total: number }> {
  const lines: InventoryLine[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const result = payload(
      await w.call<InventoryLineListResult>('admin', 'GET', `/api/InventoryAsset?anlageninventurId=${order.id}&pageSize=${PAGE}&pageIndex=${page}${query}`),
    );
    total = result.filterInventoryAssetCount;
    if (result.inventoryAssetList.length === 0) break;
    lines.push(...result.inventoryAssetList);
  }
  return { lines, total };
}

const KEY_OF: Record<InventoryLineSortKey, (l: InventoryLine) => string | number | null> = {
  id: (l) => l.id,
  assetCoding: (l) => l.assetCoding,
  assetName: (l) => l.assetName,
  department: (l) => l.department,
  user: (l) => l.user,
  depositSite: (l) => l.depositSite,
  classification: (l) => l.classification,
  result: (l) => l.result,
  scannedAt: (l) => l.scannedAt,
};

/** The expected order: PostgreSQL's text order is the database's collation, so compare with its own. */
async function expectedOrder(lines: InventoryLine[], key: InventoryLineSortKey, ascending: boolean): Promise<number[]> {
  const { rows } = await w.server.db.query<{ id: number }>(
    `SELECT id FROM inventory_lines WHERE order_id = $1 AND id = ANY($2::bigint[])
      ORDER BY ${{ id: 'id', assetCoding: 'asset_coding', assetName: 'asset_name', department: 'dept_name', user: 'staff_name', depositSite: 'deposit_site', classification: 'classify_name', result: 'result', scannedAt: 'scanned_at' }[key]} ${ascending ? 'ASC' : 'DESC'}
               ${key === 'scannedAt' ? (ascending ? 'NULLS FIRST' : 'NULLS LAST') : ''}, id ${ascending ? 'ASC' : 'DESC'}`,
    [order.id, lines.map((l) => l.id)],
  );
  return rows.map((r) => r.id);
}

describe('the line list', () => {
  it.each(INVENTORY_LINE_SORT_KEYS.flatMap((key) => [[key, true] as const, [key, false] as const]))(
    'pages by %s (ascending: %s) in one order, every line once',
    async (key, ascending) => {
      const { lines, total } = await allPages(`&sortKey=${key}&isASC=${ascending}`);
      expect(total).toBe(ASSETS + 2);
      expect(new Set(lines.map((l) => l.id)).size).toBe(ASSETS + 2);
      expect(lines.map((l) => l.id)).toEqual(await expectedOrder(lines, key, ascending));
      // Neighbours are in order by the key itself too (not only by the database's word).
      if (key === 'result' || key === 'id') {
        const values = lines.map((l) => KEY_OF[key](l) as number);
        expect(values).toEqual([...values].sort((a, b) => (ascending ? a - b : b - a)));
      }
    },
  );

  it('sorts never-scanned lines last when the latest scan comes first', async () => {
    const { lines } = await allPages('&sortKey=scannedAt&isASC=false');
    const firstNull = lines.findIndex((l) => l.scannedAt === null);
    expect(firstNull).toBeGreaterThan(0);
    expect(lines.slice(firstNull).every((l) => l.scannedAt === null)).toBe(true);
    expect(lines[0].assetCoding).toBe('AA-EXTRA');
  });

  it('filters by result and keyword, with their totals', async () => {
    const counted = await allPages('&result=2');
    expect(counted.total).toBe(15);
    expect(counted.lines.every((l) => l.result === 2)).toBe(true);
    const surplusOrPending = await allPages('&result=4,0&sortKey=assetCoding');
    expect(surplusOrPending.total).toBe(ASSETS - 15 + 2);
    expect(surplusOrPending.lines.map((l) => l.result).sort()).toEqual([...Array(30).fill(0), 4, 4]);
    const lamps = await allPages('&keyword=%20LAMP%20');
    expect(lamps.total).toBe(22);
    expect(lamps.lines.every((l) => /lamp/i.test(l.assetName))).toBe(true);
    const extra = await allPages('&keyword=extra&result=4');
    expect(extra.lines.map((l) => l.assetCoding).sort()).toEqual(['AA-EXTRA', 'zz-extra']);
    // A keyword is text, not a pattern.
    expect((await allPages('&keyword=%25')).total).toBe(0);
  });

  it('answers a page past the end with no lines and the total, and refuses an unknown sort key', async () => {
    const past = payload(
      await w.call<InventoryLineListResult>('admin', 'GET', `/api/InventoryAsset?anlageninventurId=${order.id}&pageSize=20&pageIndex=9`),
    );
    expect(past).toMatchObject({ inventoryAssetList: [], filterInventoryAssetCount: ASSETS + 2 });
    expect(past.counts).toEqual({ total: ASSETS + 2, pending: ASSETS - 15, normal: 15, surplus: 2, shortage: 0 });
    const bad = await w.call('admin', 'GET', `/api/InventoryAsset?anlageninventurId=${order.id}&sortKey=price`);
    expect(bad.body.statusCode).toBe(2);
  });
});
