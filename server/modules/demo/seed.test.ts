/**
 * The demo company's sample data, seen through the API as the demo admin sees it after a
 * start: the dashboard's figures against what sample-data.ts describes (expected statuses and
 * expiry worked out here from the data, not from the services), the asset list, histories,
 * inventory orders and the label template; then when seeding happens and when it does not:
 * a second start, a company someone has used, a seeding that fails half-way, the off switch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AssetUseStatus,
  type AssetClassifyListResult,
  type AssetListResult,
  type BusinessHistoryEntry,
  type DashboardInfo,
  type DepartmentListResult,
  type InventoryOrderListResult,
  type StaffListResult,
} from '../../../src/api/contract.ts';
import { loadConfig } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import type { Logger } from '../../log.ts';
import { login, payload, startTestServer, type TestServer } from '../../testing/harness.ts';
import { failingAt } from '../../testing/failing-db.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../accounts/demo.ts';
import { seedGallery } from '../templates/gallery.ts';
import { DEMO_ASSETS, DEMO_CLASSIFICATIONS, DEMO_STAFF, DEMO_STORIES, DEMO_TEMPLATE } from './sample-data.ts';
import { startDemo } from './start.ts';

/** A logger keeping its lines. */
function recordingLog(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (m) => lines.push(m), error: (m) => lines.push(`error: ${m}`) };
}

/** The start-up step of server/main.ts on a test server, sample data on. */
async function start(server: TestServer, log: Logger, db: Db = server.db): Promise<void> {
  await startDemo({ db, clock: server.clock.now, timeZone: server.config.timeZone, sampleData: true, log });
}

async function demoToken(server: TestServer): Promise<string> {
  return (await login(server, DEMO_EMAIL, DEMO_PASSWORD)).loginID;
}

/** Average days a month, for expiry worked out from the data (no asset is within 40 days of it). */
const DAYS_A_MONTH = 365.25 / 12;

/** The status each asset should end in: received assets in use, then each story's step. */
function expectedStatuses(): Map<string, number> {
  const status = new Map(DEMO_ASSETS.map((a) => [a.key, a.holder ? AssetUseStatus.using : AssetUseStatus.unused] as [string, number]));
  const beforeHolding = new Map<string, number>();
  for (const story of DEMO_STORIES) {
    const now = status.get(story.asset)!;
    if (story.type === 'Borrowed' || story.type === 'Maintain') beforeHolding.set(story.asset, now);
    if (story.type === 'Borrowed') status.set(story.asset, AssetUseStatus.borrowed);
    if (story.type === 'Maintain') status.set(story.asset, AssetUseStatus.maintain);
    if (story.type === 'Discard') status.set(story.asset, AssetUseStatus.discard);
    if (story.type === 'Return') status.set(story.asset, beforeHolding.get(story.asset)!);
  }
  return status;
}

describe('the demo company after the first start', () => {
  let server: TestServer;
  let token: string;
  const log = recordingLog();

  beforeAll(async () => {
    server = await startTestServer({ demo: 'account' });
    // As server/main.ts does: the gallery first, whose template the demo copies.
    await seedGallery(server.db, server.clock.now);
    await start(server, log);
    token = await demoToken(server);
  });
  afterAll(() => server.close());

  it('says so in one line', () => {
    expect(log.lines).toEqual([`[db] seeded the demo company's sample data (${DEMO_ASSETS.length} assets)`]);
  });

  it('shows dashboard figures that match the data', async () => {
    const figures = payload(await server.call<DashboardInfo>('GET', '/api/Dashboard', { token }));
    expect(figures.totalAssets).toBe(DEMO_ASSETS.length);
    expect(DEMO_ASSETS.length).toBeGreaterThanOrEqual(50);

    for (const asset of DEMO_ASSETS) {
      // Far enough from its life's end that month lengths cannot decide.
      expect(Math.abs(asset.boughtDaysAgo - asset.lifeMonths * DAYS_A_MONTH), asset.key).toBeGreaterThan(40);
    }
    const expired = DEMO_ASSETS.filter((a) => a.boughtDaysAgo > a.lifeMonths * DAYS_A_MONTH).length;
    expect(expired).toBeGreaterThan(0);
    expect(figures.expiredAssets).toBe(expired);

    const byStatus = new Map<number, number>();
    for (const status of expectedStatuses().values()) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    expect(new Map(figures.statusCounts.filter((s) => s.count > 0).map((s) => [s.status, s.count]))).toEqual(byStatus);
    // Every status is there: in use, unused, borrowed (2), in maintenance (1), scrapped (2).
    expect(byStatus.get(AssetUseStatus.borrowed)).toBe(2);
    expect(byStatus.get(AssetUseStatus.maintain)).toBe(1);
    expect(byStatus.get(AssetUseStatus.discard)).toBe(2);

    expect(figures.totalBuyPrice).toBe(DEMO_ASSETS.reduce((sum, a) => sum + a.price, 0));
    const residuals = DEMO_ASSETS.reduce((sum, a) => sum + a.residual, 0);
    expect(figures.totalValue).toBeGreaterThan(residuals);
    expect(figures.totalValue).toBeLessThan(figures.totalBuyPrice);
    expect(figures.pendingInventoryOrders).toBe(1);
    expect(figures.valueByClassify.map((g) => g.name).sort()).toEqual(DEMO_CLASSIFICATIONS.map((c) => c.name).sort());
  });

  it('lists the assets with generated codes, purchase dates over six years and custom attributes', async () => {
    const list = payload(await server.call<AssetListResult>('GET', '/api/Asset?pageSize=100&sortKey=assetCoding', { token }));
    expect(list.filterAssetCount).toBe(DEMO_ASSETS.length);
    expect(list.assets.map((a) => a.assetCoding)).toEqual(DEMO_ASSETS.map((_, i) => `ZC${String(i + 1).padStart(8, '0')}`));
    expect(new Set(list.assets.map((a) => a.assetName))).toEqual(new Set(DEMO_ASSETS.map((a) => a.name)));
    const years = new Set(list.assets.map((a) => a.buyDate!.slice(0, 4)));
    expect(years.size).toBeGreaterThanOrEqual(6);
    const x1 = list.assets.find((a) => a.specifications === 'ThinkPad X1 Carbon Gen 11')!;
    expect(x1).toMatchObject({ staffName: '黄磊 Huang Lei', deptName: '研发部 R&D', status: AssetUseStatus.using, classifyName: '电脑设备 Computers' });
    expect(x1.attributeValues).toMatchObject({ CPU: 'Intel Core i7-1365U', '内存 Memory': '16 GB' });
  });

  it('gives assets a history: received, borrowed and returned, sent to repair, scrapped, moved', async () => {
    const list = payload(await server.call<AssetListResult>('GET', '/api/Asset?pageSize=100', { token }));
    const history = async (specifications: string) => {
      const asset = list.assets.find((a) => a.specifications === specifications)!;
      const entries = payload(await server.call<BusinessHistoryEntry[]>('GET', `/api/BusinessAssetList?assetId=${asset.id}`, { token }));
      return entries.map((e) => e.business.type).sort();
    };
    expect(await history('ThinkPad T14s Gen 4 (备用机 spare)')).toEqual(['Borrowed', 'Return']);
    expect(await history('理光 Ricoh IM C3000')).toEqual(['Maintain', 'Using']);
    expect(await history('ThinkPad X13 Gen 1')).toEqual(['Discard']);
    expect(await history('Epson CB-2265U 5500 lm')).toEqual(['Alter']);
    const moved = list.assets.find((a) => a.specifications === 'Epson CB-2265U 5500 lm')!;
    expect(moved.depositSite).toBe('会议室 B Meeting room B');
  });

  it('has an inventory order finished with a shortage and one being counted', async () => {
    const orders = payload(await server.call<InventoryOrderListResult>('GET', '/api/Anlageninventur/List', { token }));
    expect(orders.filterAnlageninventurCount).toBe(2);
    const [counting, finished] = orders.anlageninventurs; // newest first
    expect(finished.status).toBe(128);
    expect(finished.counts).toMatchObject({ pending: 0, shortage: 1, surplus: 0 });
    expect(finished.counts.normal).toBe(finished.counts.total - 1);
    expect(counting.status).toBe(4);
    expect(counting.counts).toMatchObject({ normal: 8, surplus: 1, shortage: 0 });
    expect(counting.counts.pending).toBeGreaterThan(0);
  });

  it('has its organisation and a label template of its own, the default of a classification', async () => {
    const { departments: depts } = payload(await server.call<DepartmentListResult>('GET', '/api/Department/List', { token }));
    expect(depts).toHaveLength(7); // the company and six departments
    expect(depts.filter((d) => d.affiliatedDept !== null && d.affiliatedDept !== depts[0].id)).toHaveLength(2); // second level
    const staff = payload(await server.call<StaffListResult>('GET', '/api/Staff/List?pageSize=50', { token }));
    expect(staff.total).toBe(DEMO_STAFF.length);
    const classes = payload(await server.call<AssetClassifyListResult>('GET', '/api/AssetClassify/List', { token }));
    const computers = classes.assetClassifys.find((c) => c.classifyName === '电脑设备 Computers')!;
    expect(computers.attributes.map((a) => a.name)).toContain('CPU');
    expect(computers.defaultTemplateId).not.toBeNull();
    const template = await server.call<{ templateName: string }>('GET', `/api/Template/List?scope=private`, { token });
    expect(JSON.stringify(template.body)).toContain(DEMO_TEMPLATE.name);
  });

  it('is not seeded again at the next start', async () => {
    const again = recordingLog();
    await start(server, again);
    expect(again.lines).toEqual([]);
    const figures = payload(await server.call<DashboardInfo>('GET', '/api/Dashboard', { token }));
    expect(figures.totalAssets).toBe(DEMO_ASSETS.length);
  });
});

describe('when the demo company is not seeded', () => {
  it('leaves a demo company someone has used alone', async () => {
    const server = await startTestServer({ demo: 'account' });
    try {
      const token = await demoToken(server);
      payload(await server.call('POST', '/api/Department', { token, body: { deptName: '我的部门 My department' } }));
      const log = recordingLog();
      await start(server, log);
      expect(log.lines).toEqual([]);
      const figures = payload(await server.call<DashboardInfo>('GET', '/api/Dashboard', { token }));
      expect(figures.totalAssets).toBe(0);
      const { departments: depts } = payload(await server.call<DepartmentListResult>('GET', '/api/Department/List', { token }));
      expect(depts.map((d) => d.deptName)).toEqual(['演示企业 Demo Co.', '我的部门 My department']);
    } finally {
      await server.close();
    }
  });

  it('writes nothing when seeding fails half-way, and seeds at the next start', async () => {
    const server = await startTestServer({ demo: 'account' });
    try {
      // A database whose fifth transaction record fails, as a crash at that point would end it.
      const failing = failingAt(server.db, 'INSERT INTO business_records', 5, 'the process stopped').db;
      await expect(start(server, recordingLog(), failing)).rejects.toThrow('the process stopped');
      const token = await demoToken(server);
      expect(payload(await server.call<DashboardInfo>('GET', '/api/Dashboard', { token })).totalAssets).toBe(0);
      const orgs = payload(await server.call<DepartmentListResult>('GET', '/api/Department/List', { token }));
      expect(orgs.departments).toHaveLength(1);
      const { rows } = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM staff');
      expect(rows[0].n).toBe(0);

      const log = recordingLog();
      await start(server, log);
      expect(log.lines).toEqual([`[db] seeded the demo company's sample data (${DEMO_ASSETS.length} assets)`]);
      expect(payload(await server.call<DashboardInfo>('GET', '/api/Dashboard', { token })).totalAssets).toBe(DEMO_ASSETS.length);
    } finally {
      await server.close();
    }
  });

  it('is off with ASSETMARK_DEMO_DATA=off: the demo account is made, its company stays empty', async () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ ASSETMARK_DEMO_DATA: 'off' }).demoData).toBe(false);
    expect(loadConfig({ ASSETMARK_DEMO_DATA: 'ON' }).demoData).toBe(true);
    expect(() => loadConfig({ ASSETMARK_DEMO_DATA: 'maybe' })).toThrow(/ASSETMARK_DEMO_DATA: expected on or off/);

    const log = recordingLog();
    const server = await startTestServer({ demo: 'account', log });
    try {
      expect(server.config.demoData).toBe(false);
      expect(log.lines).toEqual(['[db] seeded the demo company and account']);
      const token = await demoToken(server);
      const figures = payload(await server.call<DashboardInfo>('GET', '/api/Dashboard', { token }));
      expect(figures).toMatchObject({ totalAssets: 0, pendingInventoryOrders: 0 });
    } finally {
      await server.close();
    }
  });

  it('is on in a test server that asks for it', async () => {
    const server = await startTestServer({ demo: 'sample-data' });
    try {
      const token = await demoToken(server);
      expect(payload(await server.call<DashboardInfo>('GET', '/api/Dashboard', { token })).totalAssets).toBe(DEMO_ASSETS.length);
    } finally {
      await server.close();
    }
  });
});
