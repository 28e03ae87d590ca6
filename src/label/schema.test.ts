import { describe, expect, it } from 'vitest';
import { createLabel } from './label.ts';
import { isChineseLocale } from './schema.ts';
import { readLabel } from './wdfx.ts';

describe('locale defaults (spec: a Chinese sans font for the Chinese locale, otherwise Arial)', () => {
  it.each([
    ['zh-CN', true], ['zh-TW', true], ['zh', true], ['zh_CN', true], ['zh-Hant-HK', true], ['ZH-cn', true],
    ['en-US', false], ['en', false], ['de-DE', false], ['fr-FR', false], ['ja-JP', false], ['ko', false], ['', false], ['zhx', false],
  ])('%j is Chinese: %s', (locale, chinese) => {
    expect(isChineseLocale(locale)).toBe(chinese);
  });

  it.each([
    ['zh-CN', '黑体', 'yyyy年MM月dd日'],
    ['zh-TW', '黑体', 'yyyy年MM月dd日'],
    ['en-US', 'Arial', 'yyyy-MM-dd'],
    ['de-DE', 'Arial', 'yyyy-MM-dd'],
    ['ja-JP', 'Arial', 'yyyy-MM-dd'],
    ['', 'Arial', 'yyyy-MM-dd'],
  ])('a label read and created in %j gets the font %s and the date format %s', (locale, font, dateFormat) => {
    const read = readLabel('<LPAPI><Page><Text/><Date/></Page></LPAPI>', { locale });
    if (!read.ok) throw read.error;
    expect(read.value.children[0]).toMatchObject({ fontName: font });
    expect(read.value.children[1]).toMatchObject({ fontName: font, dateFormat });
    const created = createLabel({ children: [{ kind: 'text' }, { kind: 'date' }] }, { locale });
    expect(created.children[0]).toMatchObject({ fontName: font });
    expect(created.children[1]).toMatchObject({ fontName: font, dateFormat });
  });

  it('keeps the product default, zh-CN, when no locale is given', () => {
    expect(createLabel({ children: [{ kind: 'text' }] }).children[0]).toMatchObject({ fontName: '黑体' });
  });
});
