import { describe, expect, it } from 'vitest';
import { createElement, updateElement } from '../label/elements/index.ts';
import { FontStyle } from '../label/elements/common.ts';
import { DATE_FORMATS, TIME_FORMATS } from '../label/binding/datetime.ts';
import { fontFamilyFor } from '../render/fonts.ts';
import { faceOf, fontChoices, formatChange, formatChoices, HORIZONTAL_ALIGNMENTS, OFFERED_FONTS, verticalAlignName, withStyleBit } from './text-properties.ts';

describe('font names offered for text', () => {
  it('offers one name for each registered face, so every choice prints differently', () => {
    const families = OFFERED_FONTS.map((f) => fontFamilyFor(f.name));
    expect(new Set(families).size).toBe(OFFERED_FONTS.length);
    expect(families).toEqual(['Liberation Sans', 'WenQuanYi Micro Hei', 'Droid Sans Fallback']);
    expect(OFFERED_FONTS.map((f) => faceOf(f.name))).toEqual(OFFERED_FONTS.map((f) => f.face));
  });

  it('offers both locale defaults (黑体 for Chinese, Arial otherwise)', () => {
    for (const locale of ['zh-CN', 'en']) {
      const el = createElement('text', {}, { locale, labelWidth: 40, labelHeight: 30, sourceDpi: 203 });
      expect(fontChoices(el.fontName).every((c) => !c.own)).toBe(true);
    }
  });

  it("keeps a file's own font name as written, first, with the face that prints it", () => {
    expect(fontChoices('宋体')[0]).toEqual({ name: '宋体', face: 'chinese', own: true });
    expect(fontChoices('Calibri')[0]).toEqual({ name: 'Calibri', face: 'latin', own: true });
    expect(fontChoices('Calibri').slice(1).map((c) => c.name)).toEqual(OFFERED_FONTS.map((f) => f.name));
    expect(fontChoices('Arial').map((c) => c.name)).toEqual(OFFERED_FONTS.map((f) => f.name));
  });
});

describe('font style bits', () => {
  it('sets and clears one bit, leaving the others', () => {
    const boldItalic = FontStyle.Bold | FontStyle.Italic;
    expect(withStyleBit(boldItalic, FontStyle.Underline, true)).toBe(7);
    expect(withStyleBit(7, FontStyle.Strikeout, true)).toBe(15);
    expect(withStyleBit(15, FontStyle.Underline, false)).toBe(11);
    expect(withStyleBit(11, FontStyle.Strikeout, false)).toBe(boldItalic);
    expect(withStyleBit(boldItalic, FontStyle.Underline, false)).toBe(boldItalic);
  });
});

describe('alignments', () => {
  it('offers the five horizontal alignments 0..4 and shows 3 and 4 vertical as top (how they print)', () => {
    expect(HORIZONTAL_ALIGNMENTS.map(([n]) => n)).toEqual([0, 1, 2, 3, 4]);
    expect([0, 1, 2, 3, 4].map(verticalAlignName)).toEqual(['top', 'middle', 'bottom', 'top', 'top']);
  });
});

describe('date and time formats', () => {
  const date = createElement('date', {});

  it("offers none and section 9's lists, and keeps a file's own format first", () => {
    expect(formatChoices('date', 'yyyy-MM-dd')).toEqual(['', ...DATE_FORMATS]);
    expect(formatChoices('time', 'HH:mm')).toEqual(['', ...TIME_FORMATS]);
    expect(formatChoices('date', 'yy-MM-dd')).toEqual(['yy-MM-dd', '', ...DATE_FORMATS]);
  });

  it('refuses a choice leaving neither a date nor a time, as the model does', () => {
    expect(formatChange(date, 'date', '')).toEqual({ ok: true, patch: { dateFormat: '', timeFormat: 'HH:mm:ss' } });
    const timeOnly = updateElement(date, { dateFormat: '' });
    expect(timeOnly).toMatchObject({ dateFormat: '', timeFormat: 'HH:mm:ss' });
    expect(formatChange(timeOnly, 'time', '')).toEqual({ ok: false, reason: 'needsDateOrTime' });
    // The model refuses the same patch on its own (date.ts accepts): the panel says why.
    expect(updateElement(timeOnly, { dateFormat: '', timeFormat: '' })).toBe(timeOnly);
    expect(formatChange(timeOnly, 'date', 'MM/dd')).toEqual({ ok: true, patch: { dateFormat: 'MM/dd', timeFormat: 'HH:mm:ss' } });
    expect(formatChange(date, 'time', '')).toEqual({ ok: true, patch: { dateFormat: date.dateFormat, timeFormat: '' } });
  });
});
