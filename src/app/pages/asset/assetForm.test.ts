import { describe, expect, it } from 'vitest';
import type { AssetClassifyInfo, AssetInfo } from '../../../api/contract';
import { assetIdParam, draftOfAsset, emptyDraft, isDate, isTime, normalizeAmount, toAssetRequest, validateAsset } from './assetForm';

const classify: AssetClassifyInfo = {
  id: 3,
  classifyName: '电子设备',
  assetCount: 0,
  version: 1,
  defaultTemplateId: null,
  attributes: [
    { name: '颜色', attributeType: 0 },
    { name: '尺寸', attributeType: 1, items: ['大', '小'] },
    { name: '保修到期', attributeType: 2 },
    { name: '开机时间', attributeType: 3 },
  ],
};
const keys = (errors: ReturnType<typeof validateAsset>) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.key]));

describe('asset form', () => {
  it('needs a name; everything else is optional', () => {
    expect(keys(validateAsset(emptyDraft()))).toEqual({ assetName: 'asset.nameRequired' });
    expect(validateAsset(emptyDraft({ assetName: '笔记本电脑' }))).toEqual({});
  });

  it('checks amounts, the depreciation period, dates and lengths as the server does', () => {
    const draft = emptyDraft({
      assetName: 'x',
      buyPrice: '12.345',
      surplusValue: '-1',
      lossCycle: '1201',
      buyDate: '2024-02-30',
      expireDate: '2024/01/01',
      unit: 'u'.repeat(21),
    });
    expect(keys(validateAsset(draft))).toEqual({
      buyPrice: 'asset.amountInvalid',
      surplusValue: 'asset.amountInvalid',
      lossCycle: 'asset.lossCycleInvalid',
      buyDate: 'asset.dateInvalid',
      expireDate: 'asset.dateInvalid',
      unit: 'asset.tooLong',
    });
    const fine = emptyDraft({ assetName: 'x', buyPrice: '¥1,299.5', surplusValue: '0', lossCycle: '36', buyDate: '2024-02-29', expireDate: '' });
    expect(validateAsset(fine)).toEqual({});
    expect(normalizeAmount(' ¥1,299.50 ')).toBe('1299.50');
    expect(normalizeAmount('')).toBe('');
    expect(normalizeAmount('1e3')).toBeNull();
  });

  it('checks custom values by their type: Select one of its items, Date a date, Time a time', () => {
    const draft = emptyDraft({
      assetName: 'x',
      classify: 3,
      attributeValues: { 颜色: '黑', 尺寸: '中', 保修到期: '2025-13-01', 开机时间: '25:00' },
    });
    expect(keys(validateAsset(draft, classify))).toEqual({
      'attr:尺寸': 'asset.selectInvalid',
      'attr:保修到期': 'asset.dateInvalid',
      'attr:开机时间': 'asset.timeInvalid',
    });
    expect(isDate('1899-12-31')).toBe(false);
    expect(isTime('8:05')).toBe(true);
    expect(isTime('08:05:59')).toBe(true);
    expect(isTime('08:60')).toBe(false);
  });

  it('makes the request: trimmed texts, empty optional values cleared, custom values of the classification only', () => {
    const draft = emptyDraft({
      assetName: ' 笔记本 ',
      buyPrice: '¥5,000',
      lossCycle: ' 36 ',
      buyDate: '2024-01-15',
      affiliatedDept: 4,
      affiliatedStaff: 9,
      classify: 3,
      pictureId: 12,
      epc: ' E200 ',
      attributeValues: { 颜色: ' 黑 ', 尺寸: '', 旧参数: 'x', 开机时间: '08:30' },
    });
    expect(toAssetRequest(draft, classify)).toEqual({
      assetCoding: '',
      assetName: '笔记本',
      specifications: '',
      unit: '',
      supplier: '',
      buyDate: '2024-01-15',
      buyPrice: '5000',
      surplusValue: null,
      lossCycle: '36',
      expireDate: null,
      affiliatedDept: 4,
      affiliatedStaff: 9,
      depositSite: '',
      classify: 3,
      picture: 12,
      epc: 'E200',
      tid: '',
      attributeValues: { 颜色: '黑', 开机时间: '08:30' },
    });
    expect(toAssetRequest(draft, undefined, { id: 5, version: 3 })).toMatchObject({ id: 5, version: 3, classify: null, attributeValues: {} });
  });

  it('starts an edit from the asset as stored', () => {
    const asset = {
      id: 5,
      assetCoding: 'ZC00000005',
      assetName: '笔记本',
      specifications: 'X1',
      unit: '台',
      supplier: '',
      buyDate: '2024-01-15',
      buyPrice: 5000,
      surplusValue: 12.5,
      lossCycle: 36,
      expireDate: null,
      affiliatedDept: 4,
      deptName: '技术部',
      affiliatedStaff: null,
      staffName: null,
      depositSite: 'A',
      classify: 3,
      classifyName: '电子设备',
      pictureId: 12,
      picture: '/api/File/12',
      epc: '',
      tid: '',
      attributeValues: { 颜色: '黑' },
    } as unknown as AssetInfo;
    expect(draftOfAsset(asset)).toMatchObject({
      buyPrice: '5000',
      surplusValue: '12.50',
      lossCycle: '36',
      expireDate: '',
      picture: '/api/File/12',
      attributeValues: { 颜色: '黑' },
    });
  });

  it('reads the asset id of the address', () => {
    expect(assetIdParam('42')).toBe(42);
    for (const bad of [null, '', '0', '-1', '1.5', 'abc', '01']) expect(assetIdParam(bad)).toBeNull();
  });
});
