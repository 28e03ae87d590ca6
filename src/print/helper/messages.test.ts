import { describe, expect, it } from 'vitest';
import { HELPER_CODES, type HelperError } from './errors.ts';
import { HELPER_MESSAGES_EN, HELPER_MESSAGES_ZH, helperMessage, helperText, type HelperMessageKey } from './messages.ts';

const CJK = /[\u4e00-\u9fff]/;
const placeholders = (text: string): string[] => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();

describe('helper message catalogue', () => {
  it('has every key in both languages, with the same placeholders', () => {
    const keys = Object.keys(HELPER_MESSAGES_EN) as HelperMessageKey[];
    expect(Object.keys(HELPER_MESSAGES_ZH).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(HELPER_MESSAGES_EN[key].trim(), key).not.toBe('');
      expect(HELPER_MESSAGES_ZH[key].trim(), key).not.toBe('');
      expect(placeholders(HELPER_MESSAGES_ZH[key]), key).toEqual(placeholders(HELPER_MESSAGES_EN[key]));
    }
  });

  it('says every helper code 0-9 and 90-95 in zh and en, each differently', () => {
    expect(HELPER_CODES).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 90, 91, 92, 93, 94, 95]);
    for (const locale of ['zh-CN', 'en'] as const) {
      const texts = HELPER_CODES.map((code) => helperMessage({ kind: 'code', code }, locale));
      expect(new Set(texts).size, locale).toBe(HELPER_CODES.length);
      for (const text of texts) {
        expect(text).not.toMatch(/\{\{|code\.\d/);
        expect(CJK.test(text), `${locale}: ${text}`).toBe(locale === 'zh-CN');
      }
    }
    // The spec's meanings (section 8).
    expect(helperMessage({ kind: 'code', code: 1 }, 'en')).toBe('Parameter error.');
    expect(helperMessage({ kind: 'code', code: 1 }, 'zh-CN')).toBe('参数错误。');
    expect(helperMessage({ kind: 'code', code: 6 }, 'en')).toBe('No page dimension.');
    expect(helperMessage({ kind: 'code', code: 91 }, 'en')).toMatch(/^Network timeout/);
  });

  it('adds the helper own words to a code, and names an unknown code', () => {
    const error: HelperError = { kind: 'code', code: 1, detail: 'threshold must be a number' };
    expect(helperMessage(error, 'en')).toBe('Parameter error (threshold must be a number)');
    expect(helperMessage(error, 'zh-CN')).toBe('参数错误（threshold must be a number）');
    expect(helperMessage({ kind: 'code', code: 42 }, 'en')).toBe('The print helper reported error 42.');
    expect(helperMessage({ kind: 'code', code: 42 }, 'zh-CN')).toBe('打印助手返回错误 42。');
  });

  it('says the time-out with its milliseconds', () => {
    expect(helperMessage({ kind: 'timeout', ms: 2000 }, 'en')).toBe('timeout of 2000ms exceeded');
    expect(helperMessage({ kind: 'timeout', ms: 60000 }, 'zh-CN')).toBe('请求超时：已超过 60000 毫秒');
  });

  it('asks whether to download the helper when none was found', () => {
    expect(helperMessage({ kind: 'notFound' }, 'zh-CN')).toMatch(/未检测到.*打印助手.*是否下载.*最新版本？$/);
    expect(helperMessage({ kind: 'notFound' }, 'en')).toMatch(/not detected.*Download.*latest version\?$/);
    expect(helperText('pluginNotDetected', 'en')).toBe('Printer plugin not detected');
    expect(helperText('pluginNotDetected', 'zh-CN')).toBe('未检测到打印插件');
  });

  it('explains local network access on a plain-http page, and only there', () => {
    const en = helperMessage({ kind: 'network', plainHttp: true }, 'en');
    expect(en).toMatch(/Local network access/);
    expect(en).toContain('chrome://flags/#block-insecure-private-network-requests');
    const zh = helperMessage({ kind: 'network', plainHttp: true }, 'zh-CN');
    expect(zh).toMatch(/本地网络访问/);
    expect(zh).toContain('chrome://flags/#block-insecure-private-network-requests');
    expect(helperMessage({ kind: 'network', plainHttp: false }, 'en')).not.toMatch(/chrome:/);
    expect(helperMessage({ kind: 'network', plainHttp: false }, 'zh-CN')).toMatch(/正在运行/);
  });

  it('has a text for every kind of error in both languages', () => {
    const errors: HelperError[] = [
      { kind: 'badReply' },
      { kind: 'badReply', status: 404 },
      { kind: 'aborted' },
      { kind: 'network', plainHttp: false },
    ];
    for (const error of errors) {
      for (const locale of ['zh-CN', 'en'] as const) {
        const text = helperMessage(error, locale);
        expect(text).not.toMatch(/\{\{/);
        expect(CJK.test(text)).toBe(locale === 'zh-CN');
      }
    }
    expect(helperMessage({ kind: 'badReply', status: 404 }, 'en')).toContain('(HTTP 404)');
    expect(helperMessage({ kind: 'badReply' }, 'en')).not.toContain('HTTP');
  });
});
