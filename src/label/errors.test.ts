import { describe, expect, it } from 'vitest';
import { formatLabelMessage, labelMessages } from './errors.ts';

describe('formatLabelMessage', () => {
  const params = { size: 70, max: 50 };
  const zh = labelMessages['zh-CN']['file.tooLarge'].replace('{{size}}', '70').replace('{{max}}', '50');
  const en = labelMessages.en['file.tooLarge'].replace('{{size}}', '70').replace('{{max}}', '50');

  it('speaks Chinese to every Chinese locale', () => {
    for (const locale of ['zh-CN', 'zh-TW', 'zh_CN', 'zh', 'ZH-hk']) expect(formatLabelMessage('file.tooLarge', params, locale)).toBe(zh);
  });

  it('speaks English to every other locale, not only en', () => {
    for (const locale of ['en', 'en-US', 'de-DE', 'ja-JP', 'fr']) expect(formatLabelMessage('file.tooLarge', params, locale)).toBe(en);
  });

  it('defaults to the product language, Chinese', () => {
    expect(formatLabelMessage('file.tooLarge', params)).toBe(zh);
    expect(zh).not.toBe(en);
  });
});
