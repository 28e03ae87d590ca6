import { describe, expect, it } from 'vitest';
import { ASSET_FIELD_HEADERS, ASSET_FIELD_KEYS, fieldHeaders, standardFieldOf } from './asset-fields.ts';

describe('asset fields of a label', () => {
  it('lists the export columns in file order, each with a zh and an en header', () => {
    expect(ASSET_FIELD_KEYS).toEqual([
      'assetCoding', 'assetName', 'specifications', 'unit', 'supplier', 'buyDate', 'buyPrice',
      'lossCycle', 'department', 'user', 'depositSite', 'classification',
    ]);
    expect(fieldHeaders('zh')[0]).toBe('资产编码');
    expect(fieldHeaders('en')[6]).toBe('Purchase price (yuan)');
    for (const key of ASSET_FIELD_KEYS) {
      expect(ASSET_FIELD_HEADERS[key].zh).not.toBe('');
      expect(ASSET_FIELD_HEADERS[key].en).not.toBe('');
    }
  });

  it('finds a field by its key, either header, without its unit, in any case or width', () => {
    expect(standardFieldOf('assetCoding')).toBe('assetCoding');
    expect(standardFieldOf('资产编码')).toBe('assetCoding');
    expect(standardFieldOf(' asset CODE ')).toBe('assetCoding');
    expect(standardFieldOf('购买价格')).toBe('buyPrice');
    expect(standardFieldOf('购买价格（元）')).toBe('buyPrice');
    expect(standardFieldOf('Depreciation period')).toBe('lossCycle');
    expect(standardFieldOf('使用人')).toBe('user');
  });

  it('names no standard field for anything else (a custom attribute, a column)', () => {
    expect(standardFieldOf('颜色')).toBeNull();
    expect(standardFieldOf('')).toBeNull();
    expect(standardFieldOf('asset')).toBeNull();
  });
});
