/**
 * The ten UI catalogs (locales/*.json): every language has every text, with the plural forms
 * its CLDR rules use (Intl.PluralRules), the same interpolation variables as English and no
 * empty text; the app's i18next set-up loads each and falls back as it says.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18n, initI18n, loadLanguage } from './index';
import { LANGUAGES, messageLanguage, type Language } from './types';

const LOCALES = join(import.meta.dirname, 'locales');

function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (typeof child === 'string') out.set(prefix + key, child);
    else for (const [k, v] of leaves(child, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

function catalog(language: string): Map<string, string> {
  return leaves(JSON.parse(readFileSync(join(LOCALES, `${language}.json`), 'utf8')));
}

const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;
const english = catalog('en');
const zh = catalog('zh-CN');

/** The keys `language` must have: each text, and each plural in the forms its rules use. */
function wantedKeys(language: string): string[] {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of english.keys()) {
    const plural = PLURAL.exec(key);
    if (!plural) keys.add(key);
    else for (const c of categories) keys.add(`${plural[1]}_${c}`);
  }
  return [...keys].sort();
}

const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('UI catalogs', () => {
  it('are the ten languages of the language menu, one file each', () => {
    expect(readdirSync(LOCALES).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)('%s has every text, in the plural forms its rules use, none empty', (language) => {
    const texts = catalog(language);
    expect([...texts.keys()].sort()).toEqual(wantedKeys(language));
    for (const [key, text] of texts) expect(text.trim(), key).not.toBe('');
  });

  it.each(LANGUAGES)('%s uses the interpolation variables English uses', (language) => {
    for (const [key, text] of catalog(language)) {
      const plural = PLURAL.exec(key);
      const source = english.get(key) ?? (plural ? english.get(`${plural[1]}_other`) : undefined);
      expect(vars(text), key).toEqual(vars(source!));
    }
  });

  it('translates: apart from names, codes and formats, no catalog is English copied', () => {
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const texts = catalog(language);
      const same = [...english].filter(([key, text]) => texts.get(key) === text && /[a-z]{4,} [a-z]{4,}/.test(text));
      // A handful of phrases may stay the same (product terms); most texts must not.
      expect(same.length, `${language}: ${same.slice(0, 5).map(([k]) => k).join(', ')}`).toBeLessThan(english.size / 50);
    }
  });

  it('quote the spec verbatim where it names a message (sections 5 and 8)', () => {
    expect(zh.get('changePassword.oldRequired')).toBe('请输入旧密码');
    expect(zh.get('changePassword.newRequired')).toBe('请输入新密码');
    expect(zh.get('changePassword.confirmRequired')).toBe('请再次输入新密码');
    expect(zh.get('changePassword.mismatch')).toBe('两次输入的密码不一致,请重新输入。');
    expect(zh.get('changePassword.empty')).toBe('密码不能为空！');
    expect(zh.get('renameCompany.required')).toBe('请输入新的企业名称。');
    expect(zh.get('api.sessionInvalid')).toBe('登录信息失效，请退出后重新登录！');
    expect(zh.get('api.network')).toBe('网络异常！');
    expect(english.get('api.network')).toBe('Data request exception. Please check the network environment or request parameters!');
    expect(english.get('api.unknown')).toBe('Unknown Error!');
    expect(english.get('validation.passwordMismatch')).toBe('The passwords entered do not match. Please enter again.');
    expect(english.get('validation.codeInvalid')).toBe('No valid verification code detected');
    // Organisation and access (spec sections 5 and 8).
    expect(english.get('role.duplicate')).toBe('Role name already exists');
    expect(zh.get('role.duplicate')).toBe('角色名称已存在');
    expect(english.get('subUser.deptsRequired')).toBe('Choose at least one organization');
    expect(zh.get('subUser.deptsRequired')).toBe('请至少选择一个组织');
    expect(zh.get('staff.nameRequired')).toBe('员工姓名不能为空');
    // Asset classification (spec section 8).
    expect(english.get('classify.nameDuplicate')).toBe('Classification name already exists');
  });
});

describe('the i18next set-up', () => {
  it.each(LANGUAGES)('%s loads and shows its own texts, plurals included', async (language: Language) => {
    initI18n('zh-CN');
    await loadLanguage(language);
    const t = i18n.getFixedT(language);
    const texts = catalog(language);
    expect(t('route.login')).toBe(texts.get('route.login'));
    const count = 2;
    const form = new Intl.PluralRules(language).select(count);
    expect(t('role.userCount', { count })).toBe(texts.get(`role.userCount_${form}`)!.replace('{{count}}', String(count)));
  });

  it('falls back from Traditional to Simplified Chinese, and from the others to English', () => {
    initI18n('zh-CN');
    expect(i18n.languages.length).toBeGreaterThan(0);
    expect(i18n.services.languageUtils.getFallbackCodes(i18n.options.fallbackLng, 'zh-TW')).toEqual(['zh-CN', 'en']);
    expect(i18n.services.languageUtils.getFallbackCodes(i18n.options.fallbackLng, 'ja')).toEqual(['en', 'zh-CN']);
  });

  it('reads the Chinese-and-English messages in the nearer language', () => {
    expect(LANGUAGES.map(messageLanguage)).toEqual(['zh-CN', 'zh-CN', 'en', 'en', 'en', 'en', 'en', 'en', 'en', 'en']);
  });
});
