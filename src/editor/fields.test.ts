import { describe, expect, it } from 'vitest';
import { createElement } from '../label/elements/index.ts';
import { createLabel, labelFields } from '../label/label.ts';
import { minSizeOf } from './edit.ts';
import { checkNumber } from './fields.ts';

describe('property fields', () => {
  it('accept numbers in range, to 3 decimals', () => {
    expect(checkNumber('12.5', 0, 100)).toEqual({ ok: true, value: 12.5 });
    expect(checkNumber(' 1.23456 ', 0, 100)).toEqual({ ok: true, value: 1.235 });
    expect(checkNumber('-3', -2000, 2000)).toEqual({ ok: true, value: -3 });
  });

  it('refuse text, empty input and values out of range, naming the range', () => {
    for (const bad of ['', 'abc', '1,5', '0x10', 'NaN', 'Infinity', '101', '-0.5']) expect(checkNumber(bad, 0, 100)).toEqual({ ok: false, min: 0, max: 100 });
    expect(checkNumber('0.0004', 0.001, 10).ok).toBe(false);
  });

  it("refuse a label size of 0 and a width below the kind's minimum (spec section 5)", () => {
    const w = labelFields.labelWidth;
    expect(checkNumber('0', w.min!, w.max!).ok).toBe(false);
    expect(checkNumber('50', w.min!, w.max!)).toEqual({ ok: true, value: 50 });
    const doc = createLabel();
    const barcode = createElement('barcode', {});
    const min = minSizeOf(barcode, doc, 'en');
    expect(checkNumber(String(min.width - 0.01), min.width, 2000).ok).toBe(false);
    expect(checkNumber(String(min.width), min.width, 2000)).toEqual({ ok: true, value: min.width });
  });
});
