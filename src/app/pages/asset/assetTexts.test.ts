import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en.json';

/**
 * The texts have no plural forms (i18next's _one/_other are not used), so an English count
 * must not sit in front of a noun that only fits some numbers ("1 assets"): counts are put
 * after a label instead ("Assets: 1").
 */
const countBeforeNoun = /\{\{(count|total|size|days)\}\}\s+(?!\/)[A-Za-z]/;

function texts(section: Record<string, unknown>, prefix: string): Array<[string, string]> {
  return Object.entries(section).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}.${k}`, v] as [string, string]] : v && typeof v === 'object' ? texts(v as Record<string, unknown>, `${prefix}.${k}`) : [],
  );
}

describe('English counts in the asset list and pager', () => {
  it('no count stands before a noun', () => {
    const bad = [...texts(en.asset, 'asset'), ...texts(en.pager, 'pager')].filter(([, v]) => countBeforeNoun.test(v));
    expect(bad).toEqual([]);
  });

  it('the pattern catches the old texts', () => {
    expect(countBeforeNoun.test('{{count}} statuses')).toBe(true);
    expect(countBeforeNoun.test('Delete the {{count}} selected assets?')).toBe(true);
    expect(countBeforeNoun.test('Statuses: {{count}}')).toBe(false);
    expect(countBeforeNoun.test('{{size}} / page')).toBe(false);
    expect(countBeforeNoun.test('Will expire on {{date}}, {{days}} days left')).toBe(true);
  });
});
