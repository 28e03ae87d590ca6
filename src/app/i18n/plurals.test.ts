/**
 * Counts shown with a noun read right in English ("1 attribute", "2 attributes") and stay as
 * they were in Chinese, through the app's own i18next set-up (plural keys _one / _other).
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

const resources = { en: { translation: en }, 'zh-CN': { translation: zhCN } };

async function translator(lng: 'en' | 'zh-CN') {
  const instance = i18next.createInstance();
  await instance.init({ resources, lng, fallbackLng: 'zh-CN', interpolation: { escapeValue: false } });
  return instance.t.bind(instance) as (key: string, options?: Record<string, unknown>) => string;
}

const CASES: { key: string; options: Record<string, unknown>; en: [string, string]; zh: [string, string] }[] = [
  {
    key: 'assetImport.attributeCount',
    options: {},
    en: ['1 attribute', '2 attributes'],
    zh: ['1 个属性', '2 个属性'],
  },
  {
    key: 'dashboard.valueCallout',
    options: { value: '¥1.00', buyPrice: '¥2.00' },
    en: ['Value ¥1.00 · purchase price ¥2.00 · 1 asset', 'Value ¥1.00 · purchase price ¥2.00 · 2 assets'],
    zh: ['现值 ¥1.00 · 购买价 ¥2.00 · 1 项资产', '现值 ¥1.00 · 购买价 ¥2.00 · 2 项资产'],
  },
  { key: 'dept.staffCount', options: {}, en: ['1 staff member', '2 staff'], zh: ['1 人', '2 人'] },
  { key: 'role.users', options: {}, en: ['Held by 1 sub-user', 'Held by 2 sub-users'], zh: ['1 个子账号使用', '2 个子账号使用'] },
  { key: 'role.permissionCount', options: {}, en: ['1 permission', '2 permissions'], zh: ['1 项权限', '2 项权限'] },
  { key: 'role.userCount', options: {}, en: ['1 sub-user', '2 sub-users'], zh: ['1 个子账号', '2 个子账号'] },
  {
    key: 'assetImport.moreProblems',
    options: { shown: 1000 },
    en: [
      '1 more row has a problem (only the first 1000 are listed).',
      '2 more rows have problems (only the first 1000 are listed).',
    ],
    zh: ['另有 1 行有问题未列出（只列出前 1000 行）。', '另有 2 行有问题未列出（只列出前 1000 行）。'],
  },
  { key: 'labelPrint.controlCount', options: {}, en: ['1 control', '2 controls'], zh: ['1 个控件', '2 个控件'] },
];

describe('plurals', () => {
  it.each(CASES)('$key: singular for 1 and plural for 2 in English, unchanged in Chinese', async (c) => {
    const en = await translator('en');
    const zh = await translator('zh-CN');
    const texts = (t: typeof en) => [1, 2].map((count) => t(c.key, { ...c.options, count, assets: count }));
    expect(texts(en)).toEqual(c.en);
    expect(texts(zh)).toEqual(c.zh);
  });

  it('joins the role summary from its two counts', async () => {
    const en = await translator('en');
    const summary = en('role.summary', {
      permissions: en('role.permissionCount', { count: 1 }),
      users: en('role.userCount', { count: 2 }),
    });
    expect(summary).toBe('1 permission · 2 sub-users');
  });
});
