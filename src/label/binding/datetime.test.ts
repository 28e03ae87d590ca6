import { describe, expect, it } from 'vitest';
import { applyOffsets, DATE_FORMATS, defaultDateFormat, formatDateControl, formatDateTime, msUntilNextSecond, readClock, TIME_FORMATS } from './datetime.ts';

// Local time throughout, so the tests hold in any time zone.
const t = new Date(2024, 1, 29, 7, 5, 9); // 29 Feb 2024 07:05:09

describe('date and time formats', () => {
  it('formats every listed date format', () => {
    const want = ['2024年02月29日', '2024年02月', '02月29日', '2024-02-29', '2024-02', '02-29', '2024/02/29', '2024/02', '02/29', '02/29/24', '02/29/2024', '02-29-2024', '29-02-2024'];
    expect(DATE_FORMATS.map((f) => formatDateTime(t, f))).toEqual(want);
  });

  it('formats every listed time format', () => {
    expect(TIME_FORMATS.map((f) => formatDateTime(t, f))).toEqual(['07:05:09', '07:05', '05:09']);
    expect(formatDateTime(new Date(2024, 0, 1, 15, 0, 0), "h 'o''clock' HH")).toBe('3 oclock 15');
  });

  it('defaults to the Chinese date format for Chinese, yyyy-MM-dd otherwise', () => {
    expect(defaultDateFormat('zh-CN')).toBe('yyyy年MM月dd日');
    expect(defaultDateFormat('en')).toBe('yyyy-MM-dd');
  });

  it.each([
    ['zh-CN', 'yyyy年MM月dd日'], ['zh-TW', 'yyyy年MM月dd日'], ['zh', 'yyyy年MM月dd日'], ['zh_Hans', 'yyyy年MM月dd日'], ['ZH-hk', 'yyyy年MM月dd日'],
    ['en-US', 'yyyy-MM-dd'], ['de-DE', 'yyyy-MM-dd'], ['fr', 'yyyy-MM-dd'], ['ja-JP', 'yyyy-MM-dd'], ['', 'yyyy-MM-dd'],
    // Tags that merely start with the letters z, h are other languages (Zhuang is za; no
    // tag 'zhx' exists, but it is not zh).
    ['zhx', 'yyyy-MM-dd'],
  ])('default date format for locale %j is %s', (locale, format) => {
    expect(defaultDateFormat(locale)).toBe(format);
  });

  it('applies day, hour, minute and second offsets', () => {
    const o = { dateOffset: 0, hourOffset: 0, minuteOffset: 0, secondOffset: 0 };
    expect(formatDateTime(applyOffsets(t, { ...o, dateOffset: 1 }), 'yyyy-MM-dd')).toBe('2024-03-01');
    expect(formatDateTime(applyOffsets(t, { ...o, dateOffset: 366 }), 'yyyy-MM-dd')).toBe('2025-03-01');
    expect(formatDateTime(applyOffsets(t, { ...o, dateOffset: -60 }), 'yyyy-MM-dd')).toBe('2023-12-31');
    expect(formatDateTime(applyOffsets(t, { ...o, hourOffset: 17 }), 'yyyy-MM-dd HH:mm:ss')).toBe('2024-03-01 00:05:09');
    expect(formatDateTime(applyOffsets(t, { ...o, minuteOffset: -6 }), 'HH:mm:ss')).toBe('06:59:09');
    expect(formatDateTime(applyOffsets(t, { ...o, secondOffset: 51 }), 'HH:mm:ss')).toBe('07:06:00');
  });

  it('shows date then time, leaving out an empty format', () => {
    const el = { dateOffset: 0, hourOffset: 0, minuteOffset: 0, secondOffset: 0 };
    expect(formatDateControl(t, { ...el, dateFormat: 'yyyy-MM-dd', timeFormat: 'HH:mm' })).toBe('2024-02-29 07:05');
    expect(formatDateControl(t, { ...el, dateFormat: '', timeFormat: 'HH:mm' })).toBe('07:05');
    expect(formatDateControl(t, { ...el, dateFormat: 'MM月dd日', timeFormat: '' })).toBe('02月29日');
  });

  it('reads injectable clocks and times the ticker to second boundaries', () => {
    expect(readClock(() => 1000).getTime()).toBe(1000);
    expect(readClock(t).getTime()).toBe(t.getTime());
    expect(msUntilNextSecond(1_700_000_000_250)).toBe(750);
    expect(msUntilNextSecond(1_700_000_000_000)).toBe(1000);
  });
});
