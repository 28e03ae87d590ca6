import { describe, expect, it } from 'vitest';
import { StatusCode } from '../src/api/contract.ts';
import { AppError, ERRORS, errorMessage, pickLanguage } from './errors.ts';

describe('error table', () => {
  it('has a message for every status code of the contract, and no code outside it', () => {
    const tableCodes = new Set(Object.values(ERRORS).map((entry) => entry.code));
    for (const [name, code] of Object.entries(StatusCode)) {
      if (code !== StatusCode.ok) expect(tableCodes.has(code), name).toBe(true);
    }
    const contractCodes = new Set<number>(Object.values(StatusCode));
    for (const [kind, entry] of Object.entries(ERRORS)) expect(contractCodes.has(entry.code), kind).toBe(true);
  });

  it('has both languages for every entry, with the same placeholders', () => {
    for (const [kind, entry] of Object.entries(ERRORS)) {
      expect(entry.zh.trim(), kind).not.toBe('');
      expect(entry.en.trim(), kind).not.toBe('');
      const names = (text: string) => [...text.matchAll(/\{(\w+)(?:\|[^}]*)?\}/g)].map((m) => m[1]).sort();
      expect(names(entry.zh), kind).toEqual(names(entry.en));
    }
  });

  it('uses the spec texts', () => {
    expect(errorMessage('sessionInvalid', 'zh')).toBe('登录信息失效，请退出后重新登录！');
    expect(errorMessage('internal', 'en')).toBe('Unknown Error!');
    expect(errorMessage('wrongCredentials', 'en')).toBe('Incorrect username or password');
    expect(errorMessage('staleTemplate', 'en')).toBe('Please download the latest template and try again.');
    expect(errorMessage('companyNameRequired', 'zh')).toBe('请输入新的企业名称。');
  });

  it('fills placeholders', () => {
    expect(new AppError('codeTooFrequent', { seconds: 42 }).localized('zh')).toBe('获取验证码过于频繁，请 42 秒后再试。');
    expect(new AppError('tooManyAttempts', { minutes: 3 }).code).toBe(10);
  });

  it('says "1 asset" and "3 assets" in English', () => {
    expect(errorMessage('classifyInUse', 'en', { count: 1 })).toBe('This classification is used by 1 asset and cannot be deleted.');
    expect(errorMessage('classifyInUse', 'en', { count: 3 })).toBe('This classification is used by 3 assets and cannot be deleted.');
    expect(errorMessage('importAllOrNothing', 'en', { count: 1 })).toBe('1 row has problems; as all-or-nothing was asked, nothing was saved.');
    expect(errorMessage('codeTooFrequent', 'en', { seconds: 1 })).toBe('Verification codes were requested too often. Please try again in 1 second.');
    expect(errorMessage('classifyInUse', 'zh', { count: 1 })).toBe('该分类下还有 1 项资产，不能删除。');
  });
});

describe('language', () => {
  it('is English for an en* first choice and Chinese otherwise', () => {
    expect(pickLanguage('en')).toBe('en');
    expect(pickLanguage('en-US,en;q=0.9,zh-CN;q=0.8')).toBe('en');
    expect(pickLanguage('EN-gb')).toBe('en');
    expect(pickLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(pickLanguage('fr-FR')).toBe('zh');
    expect(pickLanguage('*')).toBe('zh');
    expect(pickLanguage('')).toBe('zh');
    expect(pickLanguage(undefined)).toBe('zh');
    expect(pickLanguage('english')).toBe('zh');
  });
});
