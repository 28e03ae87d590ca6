import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AssetClassifyInfo,
  AssetInfo,
  AssetListResult,
  DashboardInfo,
  DepartmentInfo,
  FileInfo,
  LoginResult,
  StaffInfo,
} from '../../../src/api/contract.ts';
import { DAY_MS } from '../../clock.ts';
import { login, payload, registerAndLogin, snapshot, startTestServer, type TestServer } from '../../testing/harness.ts';
import { GIF_1X1, jpegOf, pngDeclaring, pngOf, WEBP_1X1 } from '../files/test-pictures.ts';
import { pictureSize } from '../../../src/render/images.ts';

let server: TestServer;
let admin: LoginResult;
const dept = {} as Record<'sales' | 'east' | 'ops', DepartmentInfo>;
const staff = {} as Record<'li' | 'wang', StaffInfo>;
let laptop: AssetClassifyInfo;
let desk: AssetClassifyInfo;
const START = new Date('2030-01-15T08:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerAndLogin(server, 'assets@example.com', 'pw', 'Assets Co');
  dept.sales = payload(await call<DepartmentInfo>('POST', '/api/Department', { deptName: 'Sales' }));
  dept.east = payload(await call<DepartmentInfo>('POST', '/api/Department', { deptName: 'East', affiliatedDept: dept.sales.id }));
  dept.ops = payload(await call<DepartmentInfo>('POST', '/api/Department', { deptName: 'Ops' }));
  staff.li = payload(await call<StaffInfo>('POST', '/api/Staff', { staffName: 'Li Na', affiliatedDept: dept.east.id }));
  staff.wang = payload(await call<StaffInfo>('POST', '/api/Staff', { staffName: 'Wang Fang', affiliatedDept: dept.ops.id }));
  laptop = payload(
    await call<AssetClassifyInfo>('POST', '/api/AssetClassify', {
      classifyName: 'Laptop',
      attributes: [
        { name: 'Colour', attributeType: 1, items: ['Black', 'Silver'] },
        { name: 'Warranty until', attributeType: 2 },
        { name: 'Checked at', attributeType: 3 },
        { name: 'Serial', attributeType: 0 },
      ],
    }),
  );
  desk = payload(await call<AssetClassifyInfo>('POST', '/api/AssetClassify', { classifyName: 'Desk' }));
});
afterAll(() => server?.close());

function call<T>(method: string, path: string, body?: unknown, lang = 'en', token = admin.loginID) {
  return server.call<T>(method, path, { token, body, lang });
}
const save = (body: unknown) => call<AssetInfo>('POST', '/api/Asset', body);
const details = async (id: number, lang = 'en') => payload(await call<AssetInfo>('GET', `/api/Asset/details?id=${id}`, undefined, lang));
const list = async (query: string) => payload(await call<AssetListResult>('GET', `/api/Asset?${query}`));
const codes = (result: AssetListResult) => result.assets.map((a) => a.assetCoding);

describe('asset records', () => {
  it('creates an asset with every field; department defaults to the user’s, status follows the user', async () => {
    const created = payload(
      await save({
        assetCoding: ' NB-001 ',
        assetName: 'ThinkPad X1',
        specifications: 'X1 Carbon G12',
        unit: 'pcs',
        supplier: 'Lenovo',
        buyDate: '2030/1/15',
        buyPrice: '12999.5',
        surplusValue: 500,
        lossCycle: '36',
        affiliatedStaff: staff.li.id,
        depositSite: 'Room 301',
        classify: laptop.id,
        epc: 'E200001',
        tid: 'T-1',
        attributeValues: { Colour: 'Black', 'Warranty until': '2033-1-15', 'Checked at': '9:30', Serial: ' SN1 ' },
        loginFlag: true,
      }),
    );
    expect(created).toEqual({
      id: expect.any(Number),
      assetCoding: 'NB-001',
      assetName: 'ThinkPad X1',
      specifications: 'X1 Carbon G12',
      unit: 'pcs',
      supplier: 'Lenovo',
      buyDate: '2030-01-15',
      buyPrice: 12999.5,
      surplusValue: 500,
      lossCycle: 36,
      expireDate: null,
      affiliatedDept: dept.east.id,
      deptName: 'East',
      affiliatedStaff: staff.li.id,
      staffName: 'Li Na',
      depositSite: 'Room 301',
      classify: laptop.id,
      classifyName: 'Laptop',
      pictureId: null,
      picture: null,
      epc: 'E200001',
      tid: 'T-1',
      attributeValues: { Colour: 'Black', 'Warranty until': '2033-01-15', 'Checked at': '09:30', Serial: 'SN1' },
      useStatus: null,
      status: 4,
      currentValue: 12999.5,
      // 36 calendar months after the buy date: 1096 days (2032 is a leap year).
      expiry: { date: '2033-01-15', band: 'later', days: 1096, text: 'will expire on 2033-01-15, 1096 days left' },
      createdAt: START.toISOString(),
      updatedAt: START.toISOString(),
      version: 1,
      labelPrintedAt: null,
      labelPrintCount: 0,
    });
    expect(await details(created.id)).toEqual(created);
    expect((await details(created.id, 'zh-CN')).expiry.text).toBe('将于 2033-01-15 到期，剩余 1096 天');
    const unused = payload(await save({ assetName: 'Spare mouse', affiliatedDept: dept.ops.id }));
    expect(unused).toMatchObject({ status: 2, affiliatedStaff: null, currentValue: null, expiry: { band: 'none', days: null, text: '' } });
  });

  it('generates a code when none is given, and refuses a code in use', async () => {
    const generated = payload(await save({ assetName: 'No code' }));
    expect(generated.assetCoding).toMatch(/^ZC\d{8,}$/);
    const before = await snapshot(server.db);
    expect((await save({ assetCoding: 'NB-001', assetName: 'Clash' })).body).toEqual({
      statusCode: 29,
      resultInfo: 'The asset code "NB-001" already exists.',
    });
    expect((await save({ id: generated.id, assetCoding: 'NB-001' })).body.statusCode).toBe(29);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('refuses each bad field with a message naming it, writing nothing', async () => {
    const before = await snapshot(server.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ assetName: ' ' }, 'Please enter the asset name.'],
      [{}, 'Please enter the asset name.'],
      [{ assetName: 'x'.repeat(101) }, 'Asset name cannot be longer than 100 characters.'],
      [{ assetName: 'A', unit: 'u'.repeat(21) }, 'Unit cannot be longer than 20 characters.'],
      [{ assetName: 'A', buyPrice: -1 }, 'Purchase price (yuan) must be an amount of at least 0 with at most 2 decimals.'],
      [{ assetName: 'A', buyPrice: '1.005' }, 'Purchase price (yuan) must be an amount of at least 0 with at most 2 decimals.'],
      [{ assetName: 'A', buyPrice: 'ten' }, 'Purchase price (yuan) must be an amount of at least 0 with at most 2 decimals.'],
      [{ assetName: 'A', surplusValue: 0.001 }, 'Residual value (yuan) must be an amount of at least 0 with at most 2 decimals.'],
      [{ assetName: 'A', lossCycle: -1 }, 'The depreciation period must be a whole number of months, at least 0.'],
      [{ assetName: 'A', lossCycle: 1.5 }, 'The depreciation period must be a whole number of months, at least 0.'],
      [{ assetName: 'A', buyDate: '2030-02-30' }, 'Purchase date must be a valid date (YYYY-MM-DD).'],
      [{ assetName: 'A', expireDate: 'soon' }, 'Expiry date must be a valid date (YYYY-MM-DD).'],
      [{ assetName: 'A', attributeValues: { Colour: 'Black' } }, 'Choose a classification before filling in custom attributes (Colour).'],
      [{ assetName: 'A', classify: laptop.id, attributeValues: { Weight: '1 kg' } }, 'The classification "Laptop" has no attribute "Weight".'],
      [{ assetName: 'A', classify: laptop.id, attributeValues: { Colour: 'Gold' } }, '"Colour" must be one of: Black, Silver.'],
      [{ assetName: 'A', classify: laptop.id, attributeValues: { 'Warranty until': '2033-13-01' } }, '"Warranty until" must be a valid date (YYYY-MM-DD).'],
      [{ assetName: 'A', classify: laptop.id, attributeValues: { 'Checked at': '25:00' } }, '"Checked at" must be a valid time (HH:mm or HH:mm:ss).'],
      [{ assetName: 'A', classify: laptop.id, attributeValues: { Serial: 's'.repeat(201) } }, '"Serial" cannot be longer than 200 characters.'],
      [{ assetName: 'A', classify: 999_999_999 }, 'This classification does not exist.'],
      [{ assetName: 'A', affiliatedDept: 999_999_999 }, 'This department does not exist.'],
      [{ assetName: 'A', affiliatedStaff: 999_999_999 }, 'This staff member does not exist.'],
      [{ assetName: 'A', picture: 999_999_999 }, 'This file does not exist.'],
      [{ id: 999_999_999, assetName: 'A' }, 'This asset does not exist or is outside your authorized scope.'],
    ];
    for (const [body, message] of cases) {
      expect((await save(body)).body.resultInfo, JSON.stringify(body)).toBe(message);
    }
    const zh = await call('POST', '/api/Asset', { assetName: 'A', classify: laptop.id, attributeValues: { Colour: 'Gold' } }, 'zh-CN');
    expect(zh.body).toEqual({ statusCode: 2, resultInfo: '参数“Colour”只能是以下选项之一：Black, Silver。' });
    expect((await call('POST', '/api/Asset', { assetName: 'A', buyPrice: -1 }, 'zh')).body.resultInfo).toBe(
      '购买价格(元)必须是不小于 0 的金额，最多两位小数。',
    );
    for (const body of [{ assetName: 'A', buyPrice: [] }, { assetName: 'A', attributeValues: 'x' }, { assetName: 3 }, { assetName: 'A', affiliatedDept: 'x' }]) {
      expect((await save(body)).body.statusCode, JSON.stringify(body)).toBe(2);
    }
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('updates: absent fields stay, null clears, a new classification re-checks the values', async () => {
    const asset = payload(
      await save({ assetCoding: 'UP-1', assetName: 'Old', buyPrice: 10, classify: laptop.id, affiliatedStaff: staff.wang.id, attributeValues: { Colour: 'Silver', Serial: 'S' } }),
    );
    expect(asset).toMatchObject({ affiliatedDept: dept.ops.id, status: 4 });
    server.clock.advance(60_000);
    const renamed = payload(await save({ id: asset.id, assetName: 'New' }));
    expect(renamed).toMatchObject({ assetCoding: 'UP-1', assetName: 'New', buyPrice: 10, affiliatedStaff: staff.wang.id, attributeValues: { Colour: 'Silver', Serial: 'S' } });
    expect(renamed.updatedAt).not.toBe(renamed.createdAt);
    // The user, department and place change through transactions only (modules/transactions):
    // an edit naming others is refused and changes nothing; naming the same ones is fine.
    const unchanged = await snapshot(server.db);
    for (const move of [{ affiliatedStaff: null }, { affiliatedDept: dept.sales.id }, { depositSite: 'Elsewhere' }]) {
      expect((await save({ id: asset.id, buyPrice: null, ...move })).body).toEqual({
        statusCode: 2,
        resultInfo: 'The department, user and place of a registered asset change only through an alter, receive, borrow or return transaction.',
      });
    }
    expect(await snapshot(server.db)).toEqual(unchanged);
    const same = payload(await save({ id: asset.id, affiliatedStaff: staff.wang.id, affiliatedDept: dept.ops.id, depositSite: '', buyPrice: null }));
    expect(same).toMatchObject({ affiliatedStaff: staff.wang.id, status: 4, buyPrice: null });
    // Taking the user away (a return) keeps the department; the asset is then unused.
    payload(await call('POST', '/api/Business', { type: 'Return', assetIds: [asset.id] }));
    const returned = await details(asset.id);
    expect(returned).toMatchObject({ affiliatedStaff: null, affiliatedDept: dept.ops.id, status: 2, buyPrice: null });
    const moved = payload(await save({ id: asset.id, classify: desk.id, attributeValues: {} }));
    expect(moved).toMatchObject({ classify: desk.id, attributeValues: {} });
    expect((await save({ id: asset.id, classify: laptop.id, attributeValues: { Colour: 'Red' } })).body.statusCode).toBe(2);
    // Attributes removed from the classification no longer show.
    const again = payload(await save({ id: asset.id, classify: laptop.id, attributeValues: { Colour: 'Black', Serial: 'S2' } }));
    expect(again.attributeValues).toEqual({ Colour: 'Black', Serial: 'S2' });
    payload(await call('POST', '/api/AssetClassify', { id: laptop.id, classifyName: 'Laptop', attributes: laptop.attributes.filter((a) => a.name !== 'Serial') }));
    expect((await details(asset.id)).attributeValues).toEqual({ Colour: 'Black' });
    payload(await call('POST', '/api/AssetClassify', { id: laptop.id, classifyName: 'Laptop', attributes: laptop.attributes }));
    expect((await details(asset.id)).attributeValues).toEqual({ Colour: 'Black', Serial: 'S2' });
  });
});

describe('depreciation and expiry (today from the clock, Asia/Shanghai)', () => {
  /** Moves the clock (a fresh login: sessions end after 12 idle hours). */
  const setClock = async (date: Date) => {
    server.clock.set(date);
    admin = await login(server, 'assets@example.com', 'pw');
  };
  const at = async (id: number, days: number, lang = 'en') => {
    await setClock(new Date(START.getTime() + days * DAY_MS));
    return details(id, lang);
  };

  it('reduces the price linearly over lossCycle calendar months to 0 (no residual), and moves through the bands', async () => {
    // 2030-01-15 + 10 months = 2030-11-15: a life of 304 days.
    const { id } = payload(await save({ assetName: 'Depreciating', buyPrice: 3600, lossCycle: 10, buyDate: '2030-01-15' }));
    expect(await at(id, 0)).toMatchObject({ currentValue: 3600, expiry: { date: '2030-11-15', band: 'later', days: 304 } });
    // 3600 x 204 / 304 = 2415.789...
    expect(await at(id, 100)).toMatchObject({ currentValue: 2415.79, expiry: { band: 'later', days: 204 } });
    expect(await at(id, 214)).toMatchObject({ currentValue: 1065.79, expiry: { band: 'within90', days: 90 } });
    expect(await at(id, 273)).toMatchObject({ expiry: { band: 'within90', days: 31 } });
    expect(await at(id, 274)).toMatchObject({ currentValue: 355.26, expiry: { band: 'within30', days: 30 } });
    expect(await at(id, 296)).toMatchObject({ expiry: { band: 'within30', days: 8 } });
    expect(await at(id, 297)).toMatchObject({ expiry: { band: 'within7', days: 7, text: 'will expire on 2030-11-15, 7 days left' } });
    expect(await at(id, 303)).toMatchObject({ currentValue: 11.84, expiry: { band: 'within7', days: 1 } });
    expect(await at(id, 304)).toMatchObject({ currentValue: 0, expiry: { band: 'within7', days: 0, text: 'will expire on 2030-11-15, 0 days left' } });
    expect(await at(id, 305)).toMatchObject({ currentValue: 0, expiry: { band: 'expired', days: 1, text: 'expired 1 days' } });
    expect(await at(id, 314, 'zh-CN')).toMatchObject({ currentValue: 0, expiry: { band: 'expired', days: 10, text: '已过期 10 天' } });
    await setClock(START);
  });

  it('rounds to the fen; keeps the price without a date or a cycle, or before the buy date', async () => {
    // 2030-01-14 + 1 month = 2030-02-14, 31 days: 100 x 30 / 31 = 96.774...
    const rounding = payload(await save({ assetName: 'Round', buyPrice: 100, lossCycle: 1, buyDate: '2030-01-14' }));
    expect(rounding.currentValue).toBe(96.77);
    const noDate = payload(await save({ assetName: 'No date', buyPrice: 50, lossCycle: 12 }));
    expect(noDate).toMatchObject({ currentValue: 50, expiry: { band: 'none' } });
    // No life entered (a life of 0 is written down at once: depreciation.test.ts).
    const noCycle = payload(await save({ assetName: 'No cycle', buyPrice: 50, lossCycle: null, buyDate: '2000-01-01' }));
    expect(noCycle).toMatchObject({ currentValue: 50, expiry: { band: 'none' } });
    const future = payload(await save({ assetName: 'Future', buyPrice: 50, lossCycle: 1, buyDate: '2030-03-01' }));
    expect(future.currentValue).toBe(50);
    // An entered expiry date wins over the computed one.
    const dated = payload(await save({ assetName: 'Dated', buyPrice: 50, lossCycle: 1, buyDate: '2030-01-01', expireDate: '2030-01-10' }));
    expect(dated.expiry).toEqual({ date: '2030-01-10', band: 'expired', days: 5, text: 'expired 5 days' });
    // 17:00 UTC is already the next day in Shanghai.
    await setClock(new Date('2030-01-15T17:00:00.000Z'));
    expect((await details(dated.id)).expiry.days).toBe(6);
    // 100 x 29 / 31 = 93.548...
    expect((await details(rounding.id)).currentValue).toBe(93.55);
    await setClock(START);
  });
});

describe('asset list', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    await server.db.query('DELETE FROM assets');
    const rows: Record<string, unknown>[] = [
      { assetCoding: 'L-01', assetName: 'Laptop alpha', supplier: 'Lenovo', buyDate: '2029-01-01', buyPrice: 8000, lossCycle: 36, affiliatedStaff: staff.li.id, classify: laptop.id, depositSite: 'Room 1', attributeValues: { Colour: 'Black' } },
      { assetCoding: 'L-02', assetName: 'Laptop beta', supplier: 'Dell', buyDate: '2027-06-01', buyPrice: 6000, lossCycle: 24, affiliatedDept: dept.sales.id, classify: laptop.id },
      { assetCoding: 'D-01', assetName: 'Desk 100%', specifications: 'oak_1', buyDate: '2030-01-10', buyPrice: 1500, affiliatedStaff: staff.wang.id, classify: desk.id, expireDate: '2030-01-20' },
      { assetCoding: 'D-02', assetName: 'Desk plain', buyDate: '2025-05-05', buyPrice: 900, affiliatedDept: dept.ops.id, classify: desk.id, expireDate: '2030-03-01', epc: 'EPC-XYZ' },
      { assetCoding: 'X-01', assetName: 'Projector', unit: 'set', buyPrice: 3000 },
    ];
    for (const row of rows) ids[row.assetCoding as string] = payload(await save(row)).id;
  });

  it('lists every asset for the admin with the count, by id by default', async () => {
    const all = await list('');
    expect(all.filterAssetCount).toBe(5);
    expect(codes(all)).toEqual(['L-01', 'L-02', 'D-01', 'D-02', 'X-01']);
  });

  it('searches code, name, specifications, unit, supplier, location and RFID, in any case, % and _ literally', async () => {
    expect(codes(await list('search=laptop'))).toEqual(['L-01', 'L-02']);
    expect(codes(await list('search=DELL'))).toEqual(['L-02']);
    expect(codes(await list('search=room'))).toEqual(['L-01']);
    expect(codes(await list('search=epc-x'))).toEqual(['D-02']);
    expect(codes(await list('search=SET'))).toEqual(['X-01']);
    expect(codes(await list('search=100%25'))).toEqual(['D-01']);
    expect(codes(await list('search=oak_'))).toEqual(['D-01']);
    expect(codes(await list('search=o_k'))).toEqual([]);
    expect((await list('search=%20')).filterAssetCount).toBe(5);
  });

  it('filters by classification, department with sub-departments, user, status, buy dates and expiry bands', async () => {
    expect(codes(await list(`classify=${desk.id}`))).toEqual(['D-01', 'D-02']);
    expect(codes(await list(`affiliatedDept=${dept.sales.id}`))).toEqual(['L-01', 'L-02']);
    expect(codes(await list(`affiliatedDept=${dept.east.id}`))).toEqual(['L-01']);
    expect(codes(await list(`affiliatedStaff=${staff.wang.id}`))).toEqual(['D-01']);
    expect(codes(await list('status=4'))).toEqual(['L-01', 'D-01']);
    expect(codes(await list('status=2'))).toEqual(['L-02', 'D-02', 'X-01']);
    expect(codes(await list('status=2,4')).length).toBe(5);
    expect(codes(await list('status=8'))).toEqual([]);
    expect(codes(await list('buyDateFrom=2029-01-01&buyDateTo=2030-01-10'))).toEqual(['L-01', 'D-01']);
    expect(codes(await list('buyDateTo=2027-12-31'))).toEqual(['L-02', 'D-02']);
    // Today 2030-01-15: L-02 ended 2029-05-27, D-01 ends in 5 days, D-02 in 45, L-01 on 2031-12-22.
    expect(codes(await list('expiryBand=expired'))).toEqual(['L-02']);
    expect(codes(await list('expiryBand=within7'))).toEqual(['D-01']);
    expect(codes(await list('expiryBand=within30'))).toEqual([]);
    expect(codes(await list('expiryBand=within90'))).toEqual(['D-02']);
    expect(codes(await list('expiryBand=later'))).toEqual(['L-01']);
    expect(codes(await list('expiryBand=none'))).toEqual(['X-01']);
    expect(codes(await list('expiryBand=within7,within30,within90'))).toEqual(['D-01', 'D-02']);
    expect(codes(await list(`expiryBand=expired,later&classify=${laptop.id}&search=beta`))).toEqual(['L-02']);
    expect(await list('affiliatedDept=999999999')).toEqual({ assets: [], filterAssetCount: 0 });
  });

  it('sorts by any column both ways, ties by id', async () => {
    expect(codes(await list('sortKey=assetName'))).toEqual(['D-01', 'D-02', 'L-01', 'L-02', 'X-01']);
    expect(codes(await list('sortKey=assetCoding&isASC=false'))).toEqual(['X-01', 'L-02', 'L-01', 'D-02', 'D-01']);
    expect(codes(await list('sortKey=buyPrice&isASC=0'))).toEqual(['L-01', 'L-02', 'X-01', 'D-01', 'D-02']);
    expect(codes(await list('sortKey=buyDate'))).toEqual(['D-02', 'L-02', 'L-01', 'D-01', 'X-01']);
    expect(codes(await list('sortKey=expireDate'))).toEqual(['L-02', 'D-01', 'D-02', 'L-01', 'X-01']);
    expect(codes(await list('sortKey=affiliatedDept'))).toEqual(['L-01', 'D-01', 'D-02', 'L-02', 'X-01']);
    expect(codes(await list('sortKey=affiliatedStaff'))).toEqual(['L-01', 'D-01', 'L-02', 'D-02', 'X-01']);
    expect(codes(await list('sortKey=classify'))).toEqual(['D-01', 'D-02', 'L-01', 'L-02', 'X-01']);
    expect(codes(await list('sortKey=status&isASC=false'))).toEqual(['D-01', 'L-01', 'X-01', 'D-02', 'L-02']);
    // Current values: L-01 8000 x (1095-379)/1095, L-02 0 (expired), D-01 1500, D-02 900 (no cycle), X-01 3000.
    expect(codes(await list('sortKey=currentValue&isASC=false'))).toEqual(['L-01', 'X-01', 'D-01', 'D-02', 'L-02']);
    for (const key of ['id', 'specifications', 'unit', 'supplier', 'surplusValue', 'lossCycle', 'depositSite', 'epc', 'tid', 'createdAt', 'updatedAt']) {
      for (const dir of ['true', 'false']) expect((await list(`sortKey=${key}&isASC=${dir}`)).filterAssetCount, key).toBe(5);
    }
  });

  it('pages with the spec page sizes and rejects bad parameters with code 2', async () => {
    for (let i = 0; i < 45; i++) payload(await save({ assetCoding: `P-${String(i).padStart(2, '0')}`, assetName: 'Paged' }));
    const first = await list('search=paged&sortKey=assetCoding&pageSize=20');
    expect(first.filterAssetCount).toBe(45);
    expect(first.assets).toHaveLength(20);
    const third = await list('search=paged&sortKey=assetCoding&pageSize=20&pageIndex=3');
    expect(codes(third)).toEqual(['P-40', 'P-41', 'P-42', 'P-43', 'P-44']);
    expect((await list('pageIndex=9&pageSize=20')).assets).toEqual([]);
    expect((await list('')).assets).toHaveLength(50);
    for (const bad of ['pageSize=10', 'pageIndex=0', 'sortKey=password', 'isASC=maybe', 'status=3', 'status=4,x', 'expiryBand=soon', 'buyDateFrom=2030-1-1', 'classify=abc']) {
      expect((await call('GET', `/api/Asset?${bad}`)).body.statusCode, bad).toBe(2);
    }
    await server.db.query("DELETE FROM assets WHERE asset_coding LIKE 'P-%'");
  });

  it('gives every page of every order as that slice of the whole order, with ties and gaps', async () => {
    // Pages past the middle are read from the end, and the department order walks the
    // departments: both must agree with one ORDER BY over everything. Many ties (names, prices,
    // two departments both named Ops), NULLs (no department, no date) and 45 rows: pages of
    // 20 are the first, one past the middle and the last, partial one.
    const opsTwin = payload(await call<DepartmentInfo>('POST', '/api/Department', { deptName: 'Ops', affiliatedDept: dept.sales.id }));
    const depts = [dept.sales.id, dept.east.id, dept.ops.id, opsTwin.id, null];
    for (let i = 0; i < 45; i++) {
      payload(
        await save({
          assetCoding: `S-${String((i * 7) % 45).padStart(2, '0')}`,
          assetName: ['Same', 'same', 'Other'][i % 3],
          buyDate: i % 4 === 0 ? null : `2029-0${1 + (i % 5)}-01`,
          buyPrice: i % 6 === 0 ? null : (i % 4) * 100,
          lossCycle: i % 3 === 0 ? 12 : null,
          // Days left on each side of every band's bounds.
          expireDate: i % 5 === 0 ? null : new Date(START.getTime() + [-60, -1, 0, 3, 7, 8, 30, 31, 90, 91, 200][i % 11] * DAY_MS).toISOString().slice(0, 10),
          affiliatedDept: depts[i % 5],
          affiliatedStaff: i % 7 === 0 ? staff.li.id : null,
          classify: i % 2 === 0 ? desk.id : null,
        }),
      );
    }
    const { orderBy, ASSET_JOINS } = await import('./service.ts');
    const companyId = (await server.db.query<{ company_id: number }>("SELECT company_id FROM assets WHERE asset_coding = 'S-00'")).rows[0].company_id;
    const keys = ['id', 'assetCoding', 'assetName', 'buyDate', 'buyPrice', 'expireDate', 'affiliatedDept', 'affiliatedStaff', 'classify', 'status', 'currentValue', 'lossCycle'] as const;
    for (const key of keys) {
      for (const isASC of [true, false]) {
        const order = orderBy({ sortKey: key, isASC }, () => "'2030-01-15'");
        const expected = (
          await server.db.query<{ asset_coding: string }>(
            `SELECT a.asset_coding FROM assets a ${ASSET_JOINS} WHERE a.company_id = $1 AND a.asset_coding LIKE 'S-%' ORDER BY ${order.sql}`,
            [companyId],
          )
        ).rows.map((r) => r.asset_coding);
        const pages: string[] = [];
        for (const pageIndex of [1, 2, 3]) {
          const page = await list(`search=s-&sortKey=${key}&isASC=${isASC}&pageSize=20&pageIndex=${pageIndex}`);
          expect(page.filterAssetCount).toBe(45);
          pages.push(...codes(page));
        }
        expect(pages, `${key} ${isASC}`).toEqual(expected);
        expect((await list(`search=s-&sortKey=${key}&isASC=${isASC}&pageSize=20&pageIndex=4`)).assets).toEqual([]);
      }
    }
    // One band: the assets whose reply says that band; several: the same rows as each alone.
    const bands = ['expired', 'within7', 'within30', 'within90', 'later', 'none'];
    const alone = new Map<string, string[]>();
    for (const band of bands) {
      const found = await list(`search=s-&expiryBand=${band}&pageSize=100`);
      // Each asset's band as the reply states it (bandOf over its days left).
      expect(found.assets.map((a) => a.expiry.band), band).toEqual(found.assets.map(() => band));
      alone.set(band, codes(found));
    }
    for (let mask = 1; mask < 1 << bands.length; mask++) {
      const chosen = bands.filter((_, i) => mask & (1 << i));
      const expected = new Set(chosen.flatMap((band) => alone.get(band)!));
      const got = codes(await list(`search=s-&expiryBand=${chosen.join(',')}&pageSize=100`));
      expect(new Set(got), chosen.join(',')).toEqual(expected);
      expect(got.length, chosen.join(',')).toBe(expected.size);
    }
    expect([...alone.values()].flat().length).toBe(45);
    for (const band of bands) expect(alone.get(band)!.length, band).toBeGreaterThan(0);
    await server.db.query("DELETE FROM assets WHERE asset_coding LIKE 'S-%'");
    expect((await call('DELETE', '/api/Department', { id: opsTwin.id })).body.statusCode).toBe(0);
  });

  it('answers the dashboard figures over the same assets', async () => {
    const figures = payload(await call<DashboardInfo>('GET', '/api/asset/count'));
    expect(payload(await call<DashboardInfo>('GET', '/api/Dashboard'))).toEqual(figures);
    // L-01 bought 2029-01-01, 36 months to 2032-01-01: 379 days of 1095 → 8000 x 716 / 1095 = 5231.05.
    expect(figures).toEqual({
      totalAssets: 5,
      totalValue: 5231.05 + 0 + 1500 + 900 + 3000,
      totalBuyPrice: 8000 + 6000 + 1500 + 900 + 3000,
      expiredAssets: 1,
      pendingInventoryOrders: 0,
      statusCounts: [
        { status: 2, count: 3 },
        { status: 4, count: 2 },
        { status: 8, count: 0 },
        { status: 16, count: 0 },
        { status: 32, count: 0 },
      ],
      valueByClassify: [
        { id: laptop.id, name: 'Laptop', count: 2, value: 5231.05, buyPrice: 14000 },
        { id: null, name: null, count: 1, value: 3000, buyPrice: 3000 },
        { id: desk.id, name: 'Desk', count: 2, value: 2400, buyPrice: 2400 },
      ],
      valueByDept: [
        { id: dept.east.id, name: 'East', count: 1, value: 5231.05, buyPrice: 8000 },
        { id: null, name: null, count: 1, value: 3000, buyPrice: 3000 },
        { id: dept.ops.id, name: 'Ops', count: 2, value: 2400, buyPrice: 2400 },
        { id: dept.sales.id, name: 'Sales', count: 1, value: 0, buyPrice: 6000 },
      ],
    });
  });

  it('deletes one asset, or several all or nothing', async () => {
    const before = await snapshot(server.db);
    const bad = await call('POST', '/api/Asset/DeleteAll', { ids: [ids['D-01'], ids['D-02'], 999_999_999], loginFlag: true });
    expect(bad.body).toEqual({ statusCode: 28, resultInfo: 'This asset does not exist or is outside your authorized scope.' });
    expect((await call('POST', '/api/Asset/DeleteAll', { ids: [] })).body).toEqual({ statusCode: 2, resultInfo: 'Please select at least one asset.' });
    expect((await call('POST', '/api/Asset/DeleteAll', { ids: 'all' })).body.statusCode).toBe(2);
    expect(await snapshot(server.db)).toEqual(before);
    expect(payload(await call('POST', '/api/Asset/DeleteAll', { ids: [ids['D-01'], ids['D-02'], ids['D-01']] }))).toEqual({ deleted: 2 });
    expect(payload(await call('DELETE', `/api/Asset?id=${ids['X-01']}&loginFlag=1`))).toBeNull();
    expect((await call('DELETE', '/api/Asset', { id: ids['X-01'] })).body.statusCode).toBe(28);
    expect(codes(await list(''))).toEqual(['L-01', 'L-02']);
  });

  it('keeps departments and staff that hold assets', async () => {
    const before = await snapshot(server.db);
    expect((await call('DELETE', '/api/Department', { id: dept.east.id })).body).toEqual({
      statusCode: 30,
      resultInfo: 'This department still has 1 staff members and cannot be deleted.',
    });
    const lone = payload(await call<DepartmentInfo>('POST', '/api/Department', { deptName: 'Lone' }));
    const kept = payload(await save({ assetName: 'Held', affiliatedDept: lone.id }));
    const mid = await snapshot(server.db);
    expect((await call('DELETE', '/api/Department', { id: lone.id })).body).toEqual({
      statusCode: 30,
      resultInfo: 'This department still has 1 asset and cannot be deleted.',
    });
    expect((await call('DELETE', '/api/Staff', { id: staff.li.id })).body).toEqual({
      statusCode: 30,
      resultInfo: 'This staff member still holds 1 asset. Reassign or return them first.',
    });
    expect(await snapshot(server.db)).toEqual(mid);
    payload(await call('DELETE', '/api/Asset', { id: kept.id }));
    expect((await call('DELETE', '/api/Department', { id: lone.id })).body.statusCode).toBe(0);
    void before;
  });
});

describe('pictures', () => {
  // Real pictures: uploads are decoded (files/picture.ts).
  const PNG = pngOf(8, 6);
  const JPEG = jpegOf(8, 6);
  const GIF = GIF_1X1;
  const WEBP = WEBP_1X1;
  const upload = (bytes: Buffer | string, suffix: string, fileName = `p.${suffix}`) =>
    call<FileInfo>('POST', '/api/File/Upload', {
      fileName,
      fileData: typeof bytes === 'string' ? bytes : bytes.toString('base64'),
      explain: 2,
      suffix,
    });

  it('stores png, jpeg, gif and webp by their bytes and serves them to the company only', async () => {
    const png = payload(await upload(PNG, 'png', '图片.png'));
    expect(png).toEqual({ id: expect.any(Number), url: `/api/File/${png.id}`, fileName: '图片.png', mimeType: 'image/png', size: PNG.length });
    expect(payload(await upload(JPEG, 'jpg')).mimeType).toBe('image/jpeg');
    expect(payload(await upload(`data:image/gif;base64,${GIF.toString('base64')}`, 'gif')).mimeType).toBe('image/gif');
    // The bytes decide the type: a webp named .png is served as webp.
    expect(payload(await upload(WEBP, 'png')).mimeType).toBe('image/webp');

    const served = await server.app.request(png.url, { headers: { loginID: admin.loginID } });
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/png');
    expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    // <img src> carries a file token, never the session token (routes/file.test.ts).
    expect(JSON.parse(await (await server.app.request(`${png.url}?loginID=${admin.loginID}`)).text()).statusCode).toBe(19);
    expect(JSON.parse(await (await server.app.request(png.url)).text()).statusCode).toBe(19);
    const other = await registerAndLogin(server, 'pictures-other@example.com', 'pw', 'Other pictures');
    const foreign = await call('GET', png.url, undefined, 'en', other.loginID);
    expect(foreign.body).toEqual({ statusCode: 28, resultInfo: 'This file does not exist.' });
    expect((await call('GET', '/api/File/abc')).body.statusCode).toBe(28);
    // Another company's picture cannot be put on an asset.
    expect((await call('POST', '/api/Asset', { assetName: 'Theirs', picture: png.id }, 'en', other.loginID)).body.statusCode).toBe(28);

    const asset = payload(await save({ assetName: 'With picture', picture: png.url }));
    expect(asset).toMatchObject({ pictureId: png.id, picture: png.url });
    expect(payload(await save({ id: asset.id, picture: null })).picture).toBeNull();
    expect(payload(await save({ id: asset.id, picture: png.id })).pictureId).toBe(png.id);
  });

  it('refuses other types, oversize and empty files, writing nothing', async () => {
    const before = await snapshot(server.db);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(svg, 'png')).body).toEqual({ statusCode: 2, resultInfo: 'Only png, jpg, gif or webp pictures can be uploaded.' });
    expect((await upload(svg, 'svg')).body.statusCode).toBe(2);
    expect((await upload(PNG, 'exe')).body.statusCode).toBe(2);
    expect((await upload('not base64!', 'png')).body.statusCode).toBe(2);
    expect((await upload('', 'png')).body).toEqual({ statusCode: 2, resultInfo: 'Please choose a file.' });
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload(big, 'png')).body).toEqual({ statusCode: 2, resultInfo: 'The picture cannot be larger than 5 MB.' });
    const huge = Buffer.concat([PNG, Buffer.alloc(8 * 1024 * 1024)]);
    expect((await upload(huge, 'png', 'huge.png')).body).toEqual({ statusCode: 2, resultInfo: 'The picture cannot be larger than 5 MB.' });
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('decodes pictures at upload: a 20000 x 20000 PNG is refused (code 2), a damaged one too; lists get a 256 px thumbnail', async () => {
    const before = await snapshot(server.db);
    const bomb = pngDeclaring(20_000, 20_000);
    expect((await upload(bomb, 'png')).body).toEqual({
      statusCode: 2,
      resultInfo:
        'The picture is 20000 x 20000 pixels, too large: at most 8000 pixels a side and 24 megapixels. Please shrink it and upload it again.',
    });
    expect((await call('POST', '/api/File/Upload', { fileName: 'b.png', fileData: bomb.toString('base64'), explain: 2, suffix: 'png' }, 'zh')).body).toEqual({
      statusCode: 2,
      resultInfo: '图片为 20000 x 20000 像素，过大：每边最多 8000 像素，总计最多 24 百万像素。请缩小后再上传。',
    });
    const damaged = Buffer.from(pngOf(300, 200).subarray(0, 120));
    expect((await upload(damaged, 'png')).body).toEqual({ statusCode: 2, resultInfo: 'This picture cannot be read: the file is damaged or incomplete.' });
    expect(await snapshot(server.db)).toEqual(before);

    const photo = jpegOf(1200, 900);
    const stored = payload(await upload(photo, 'jpg'));
    const whole = await server.app.request(stored.url, { headers: { loginID: admin.loginID } });
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(photo);
    const thumb = await server.app.request(`${stored.url}?size=thumb`, { headers: { loginID: admin.loginID } });
    expect(thumb.headers.get('Content-Type')).toBe('image/jpeg');
    const bytes = Buffer.from(await thumb.arrayBuffer());
    expect(pictureSize(bytes)).toEqual({ format: 'jpeg', width: 256, height: 192 });
    expect(bytes.length).toBeLessThan(photo.length / 4);
    // A picture no larger than a thumbnail, or one not decoded here (GIF, WebP), is served whole.
    const gif = payload(await upload(GIF, 'gif'));
    const gifThumb = await server.app.request(`${gif.url}?size=thumb`, { headers: { loginID: admin.loginID } });
    expect(gifThumb.headers.get('Content-Type')).toBe('image/gif');
    expect(Buffer.from(await gifThumb.arrayBuffer())).toEqual(GIF);
  });
});
