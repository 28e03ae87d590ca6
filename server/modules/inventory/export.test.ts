/**
 * The inventory details file, read back with the project's SheetJS: its name by language,
 * its headers, one row per line in line order with the result and scan time written out,
 * the result filter, formula-looking text quoted, and the download form.
 */
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExcelFile, InventoryOrderInfo } from '../../../src/api/contract.ts';
import { payload } from '../../testing/harness.ts';
import { buildInventoryWorld, scanIdOf, uniqueCode, type InventoryWorld } from './test-world.ts';

let w: InventoryWorld;
let order: InventoryOrderInfo;
let codes: string[];
beforeAll(async () => {
  w = await buildInventoryWorld('export');
  const dept = payload(await w.call<{ id: number }>('admin', 'POST', '/api/Department', { deptName: 'Store', affiliatedDept: w.depts.sales })).id;
  const a = await w.asset(uniqueCode('EXP'), { affiliatedDept: dept, assetName: 'Laptop', depositSite: 'Shelf 1', classify: w.classes.desk, affiliatedStaff: null });
  const b = await w.asset(uniqueCode('EXP'), { affiliatedDept: dept, assetName: '=HYPERLINK("x")', depositSite: 'Shelf 2' });
  const c = await w.asset(uniqueCode('EXP'), { affiliatedDept: dept, assetName: 'Chair' });
  codes = [a.assetCoding, b.assetCoding, c.assetCoding];
  order = await w.createOrder('admin', { name: 'Export', departmentIds: [dept] });
  // Scan times are written in the server's TIME_ZONE (localTime below).
  await w.scan('admin', order.id, [
    { scanId: scanIdOf(), text: a.assetCoding, scannedAt: '2030-01-15T09:30:00Z' },
    { scanId: scanIdOf(), text: 'LOOSE-9', scannedAt: '2030-01-15T09:31:00Z' },
  ]);
  payload(await w.call('admin', 'POST', '/api/Anlageninventur/Finish', { anlageninventurId: order.id }));
});
afterAll(() => w?.server.close());

function sheetOf(file: ExcelFile): { sheetName: string; rows: unknown[][] } {
  const book = XLSX.read(Buffer.from(file.fileData, 'base64'), { type: 'buffer' });
  const sheetName = book.SheetNames[0];
  return { sheetName, rows: XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[sheetName], { header: 1, defval: '' }) };
}

const localTime = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: w.server.config.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(new Date(iso));

describe('the inventory details file', () => {
  it('has the Chinese name, headers and every line in order', async () => {
    const file = payload(await w.call<ExcelFile>('admin', 'GET', `/api/InventoryAsset/Export?anlageninventurId=${order.id}`, undefined, 'zh'));
    expect(file.fileName).toBe('盘点明细20300115.xlsx');
    expect(file.rowCount).toBe(4);
    const { sheetName, rows } = sheetOf(file);
    expect(sheetName).toBe('盘点明细');
    expect(rows[0]).toEqual(['资产编码', '资产名称', '所属部门', '使用人', '存放地点', '资产分类', '盘点结果', '盘点时间', '盘点人']);
    expect(rows.slice(1)).toEqual([
      [codes[0], 'Laptop', 'Store', '', 'Shelf 1', 'Desk', '正常', localTime('2030-01-15T09:30:00Z'), 'inv-export@example.com'],
      // A name a spreadsheet would run as a formula is quoted, as in the asset export.
      [codes[1], `'=HYPERLINK("x")`, 'Store', '', 'Shelf 2', '', '盘亏', '', ''],
      [codes[2], 'Chair', 'Store', '', '', '', '盘亏', '', ''],
      ['LOOSE-9', '', '', '', '', '', '盘盈', localTime('2030-01-15T09:31:00Z'), 'inv-export@example.com'],
    ]);
  });

  it('has the English name and headers, and keeps to the result filter', async () => {
    const file = payload(
      await w.call<ExcelFile>('admin', 'GET', `/api/InventoryAsset/Export?anlageninventurId=${order.id}&result=2,4`, undefined, 'en'),
    );
    expect(file.fileName).toBe('inventory details 2030-01-15.xlsx');
    const { sheetName, rows } = sheetOf(file);
    expect(sheetName).toBe('Inventory details');
    expect(rows[0]).toEqual(['Asset code', 'Asset name', 'Department', 'User', 'Deposit site', 'Classification', 'Result', 'Counted at', 'Counted by']);
    expect(rows.slice(1).map((r) => [r[0], r[6]])).toEqual([
      [codes[0], 'Normal'],
      ['LOOSE-9', 'Surplus'],
    ]);
  });

  it('downloads as the file itself with download=1', async () => {
    const response = await w.server.app.request(`/api/InventoryAsset/Export?anlageninventurId=${order.id}&download=1`, {
      headers: { loginID: w.tokens.admin, 'Accept-Language': 'en' },
    });
    expect(response.headers.get('Content-Type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('Content-Disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('inventory details 2030-01-15.xlsx')}`);
    const book = XLSX.read(Buffer.from(await response.arrayBuffer()), { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 })).toHaveLength(5);
  });
});
