import { describe, expect, it } from 'vitest';
import { sourceFromTable } from '../print/job.ts';
import { assetColumnHeader, assetColumnNames, assetDataSource, assetFieldOf, assetTable, assetTableColumns, boundColumnNames } from './asset-binding.ts';
import { createLabel } from './label.ts';
import { resolvePage } from './resolve.ts';

const printer = {
  fields: {
    assetCoding: 'ZC00000007', assetName: '激光打印机', specifications: 'HP M404', unit: '台', supplier: '', buyDate: '2024-03-15',
    buyPrice: '2999.00', lossCycle: '36', department: '行政部', user: '张三', depositSite: '3楼', classification: '办公设备',
    颜色: '黑色', 'Serial No': 'SN-1',
  },
  link: 'https://assets.example.com/a/Xy7',
};
const desk = { fields: { assetCoding: 'ZC00000008', assetName: 'Desk', 颜色: '白色' }, link: 'https://assets.example.com/a/Q2' };

/** Text controls bound to `names` (by dataColumnName), in order. */
function boundLabel(names: string[], typed: string[] = []) {
  return createLabel({
    labelWidth: 50,
    labelHeight: 30,
    children: [
      ...names.map((n, i) => ({ kind: 'text' as const, x: 1, y: 1 + i, width: 40, height: 3, contentType: 2, dataColumnName: n })),
      ...typed.map((content, i) => ({ kind: 'text' as const, x: 1, y: 20 + i, width: 40, height: 3, content })),
    ],
  });
}

/** What each text control of `doc` shows on page `page` with `data`. */
function shown(doc: ReturnType<typeof boundLabel>, data: Parameters<typeof resolvePage>[1], page = 0): string[] {
  return resolvePage(doc, data, page, 0).elements.map((e) => ('text' in e ? String(e.text) : ''));
}

describe('asset field lookup', () => {
  it('takes the stable key, the zh and the en export header, and the link by any of its names', () => {
    for (const name of ['assetCoding', '资产编码', 'Asset code', ' ASSET CODE ']) expect(assetFieldOf(name)).toEqual({ standard: 'assetCoding' });
    expect(assetFieldOf('购买价格')).toEqual({ standard: 'buyPrice' });
    for (const name of ['link', '资产链接', 'Asset Link']) expect(assetFieldOf(name)).toEqual({ standard: 'link' });
  });

  it('takes the name of a custom attribute, and nothing else', () => {
    expect(assetFieldOf('颜色', ['颜色'])).toEqual({ custom: '颜色' });
    expect(assetFieldOf('serial  NO', ['Serial No'])).toEqual({ custom: 'serialno' });
    expect(assetFieldOf('颜色')).toBeNull();
    expect(assetFieldOf('  ', ['颜色'])).toBeNull();
  });

  it('binds a label by key, header or attribute name to the asset it prints', () => {
    const doc = boundLabel(['assetCoding', '资产名称', 'Purchase price (yuan)', '颜色', 'serial no', 'Asset link', '没有的字段'], ['id=使用人']);
    const data = assetDataSource([printer, desk], ['颜色', 'Serial No']);
    expect(shown(doc, data, 0)).toEqual(['ZC00000007', '激光打印机', '2999.00', '黑色', 'SN-1', 'https://assets.example.com/a/Xy7', '[没有的字段]', '张三']);
    // The second asset has no price, serial number or user: empty, not a placeholder.
    expect(shown(doc, data, 1)).toEqual(['ZC00000008', 'Desk', '', '白色', '', 'https://assets.example.com/a/Q2', '[没有的字段]', '']);
  });

  it('offers the standard keys, the link, then each custom attribute once', () => {
    expect(assetColumnNames(['颜色', ' 颜色', 'Unit', '重量'])).toEqual([
      'assetCoding', 'assetName', 'specifications', 'unit', 'supplier', 'buyDate', 'buyPrice', 'lossCycle', 'department', 'user',
      'depositSite', 'classification', 'link', '颜色', '重量',
    ]);
    expect(assetColumnHeader('assetCoding', 'zh')).toBe('资产编码');
    expect(assetColumnHeader('link', 'en')).toBe('Asset link');
    expect(assetColumnHeader('颜色', 'en')).toBe('颜色');
  });
});

describe('asset table of a print', () => {
  it('carries the standard columns in order and every name the label binds, so the job finds each', () => {
    const doc = boundLabel(['资产编码', 'assetname', '颜色', '重量'], ['id=Asset link', 'plain text']);
    expect(boundColumnNames(doc)).toEqual(['资产编码', 'assetname', '颜色', '重量', 'Asset link']);
    const columns = assetTableColumns(doc, ['颜色']);
    expect(columns.names.slice(0, 13)).toEqual(assetColumnNames());
    expect(columns.names.slice(13)).toEqual(['资产编码', '颜色', 'Asset link']);
    const table = assetTable(columns, [printer, desk]);
    expect(shown(doc, sourceFromTable(table), 1)).toEqual(['ZC00000008', 'Desk', '白色', '[重量]', 'https://assets.example.com/a/Q2', 'plain text']);
  });

  it('binds a column number to the standard field of that position', () => {
    const doc = createLabel({ children: [{ kind: 'text', x: 1, y: 1, width: 30, height: 4, contentType: 2, dataColumn: 2 }] });
    const table = assetTable(assetTableColumns(doc, []), [printer]);
    expect(shown(doc, sourceFromTable(table))).toEqual(['激光打印机']);
  });
});
