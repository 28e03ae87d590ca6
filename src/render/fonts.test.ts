import { describe, expect, it } from 'vitest';
import { CJK_FAMILY, LAST_FALLBACK_FAMILY, LATIN_FAMILY, fontFamilyFor } from './fonts.ts';

describe('fontFamilyFor', () => {
  it('gives the same family on every call, also after more names than it remembers', () => {
    // It remembers answers by name (at most 256, then starts over): names asked before,
    // between and after a flood of others are answered as the first time.
    const names: [string, string][] = [
      ['Arial', LATIN_FAMILY], ['黑体', CJK_FAMILY], ['Microsoft YaHei', CJK_FAMILY], ['Droid Sans Fallback', LAST_FALLBACK_FAMILY],
      ['Unknown Sans', LATIN_FAMILY], ['方正兰亭黑', CJK_FAMILY], ['ｓｉｍｈｅｉ', CJK_FAMILY],
    ];
    const ask = () => names.map(([n]) => fontFamilyFor(n));
    const expected = names.map(([, family]) => family);
    expect(ask()).toEqual(expected);
    for (let i = 0; i < 600; i++) {
      expect(fontFamilyFor(`Font ${i}`)).toBe(LATIN_FAMILY);
      expect(fontFamilyFor(`字体${i}`)).toBe(CJK_FAMILY);
      if (i % 97 === 0) expect(ask()).toEqual(expected);
    }
    expect(ask()).toEqual(expected);
  });
});
