import { describe, expect, it } from 'vitest';
import { parsePageRange, planPrint, type PrintPlan } from './plan.ts';

function plan(options: Partial<Parameters<typeof planPrint>[0]> = {}): PrintPlan {
  const p = planPrint({ firstPage: 0, pageCount: 3, copies: 1, autoPaging: false, bothSides: false, ...options });
  if ('invalid' in p) throw new Error(`invalid plan: ${p.invalid}`);
  return p;
}

/** Every send as "page:side x copies", pages 1-based: the order a person would check. */
function order(p: PrintPlan): string[] {
  return Array.from({ length: p.sends }, (_, i) => {
    const s = p.at(i);
    return `${s.labelPage + 1}${s.side === 'mirrored' ? 'm' : ''}x${s.copies}`;
  });
}

describe('planPrint: copies x pages x auto paging x mirrorPrint', () => {
  it('sends each page once with its copies when auto paging is off', () => {
    const p = plan({ copies: 3 });
    expect(order(p)).toEqual(['1x3', '2x3', '3x3']);
    expect(p.labels).toBe(9);
  });

  it('collates copies when auto paging is on: each copy steps through the pages', () => {
    const p = plan({ copies: 2, autoPaging: true });
    expect(order(p)).toEqual(['1x1', '2x1', '3x1', '1x1', '2x1', '3x1']);
    expect(p.passes).toBe(2);
    expect(p.labels).toBe(6);
  });

  it('does not collate a single page or a single copy', () => {
    expect(order(plan({ pageCount: 1, copies: 4, autoPaging: true }))).toEqual(['1x4']);
    expect(order(plan({ copies: 1, autoPaging: true }))).toEqual(['1x1', '2x1', '3x1']);
  });

  it('prints each page normally, then its mirrored side', () => {
    expect(order(plan({ bothSides: true, pageCount: 2 }))).toEqual(['1x1', '1mx1', '2x1', '2mx1']);
    expect(order(plan({ bothSides: true, pageCount: 2, copies: 2, autoPaging: true }))).toEqual(['1x1', '1mx1', '2x1', '2mx1', '1x1', '1mx1', '2x1', '2mx1']);
    expect(plan({ bothSides: true, firstPage: 4, pageCount: 1 }).at(1).jobPage).toBe(9);
  });

  it('starts at the first page of the range', () => {
    const p = plan({ firstPage: 9, pageCount: 2, copies: 2, autoPaging: true });
    expect(order(p)).toEqual(['10x1', '11x1', '10x1', '11x1']);
    expect(p.at(2)).toMatchObject({ pass: 1, jobPage: 9 });
  });

  it('counts the labels printed before a send', () => {
    const p = plan({ copies: 5 });
    expect(p.labelsBefore(0)).toBe(0);
    expect(p.labelsBefore(2)).toBe(10);
    expect(p.labelsBefore(99)).toBe(15);
  });

  it('describes huge runs without listing them', () => {
    const p = plan({ pageCount: 100_000, copies: 99, autoPaging: true, bothSides: true });
    expect(p.sends).toBe(19_800_000);
    expect(p.at(p.sends - 1)).toMatchObject({ pass: 98, labelPage: 99_999, side: 'mirrored' });
  });

  it('refuses bad options', () => {
    expect(planPrint({ firstPage: 0, pageCount: 0, copies: 1, autoPaging: false, bothSides: false })).toEqual({ invalid: 'range' });
    expect(planPrint({ firstPage: -1, pageCount: 2, copies: 1, autoPaging: false, bothSides: false })).toEqual({ invalid: 'range' });
    expect(planPrint({ firstPage: 0, pageCount: 2, copies: 0, autoPaging: false, bothSides: false })).toEqual({ invalid: 'copies' });
    expect(planPrint({ firstPage: 0, pageCount: 2, copies: 10_000, autoPaging: false, bothSides: false })).toEqual({ invalid: 'copies' });
    expect(planPrint({ firstPage: 0, pageCount: 2, copies: 1.5, autoPaging: false, bothSides: false })).toEqual({ invalid: 'copies' });
    expect(() => plan().at(3)).toThrow(RangeError);
  });
});

describe('parsePageRange', () => {
  it('reads one contiguous range, 1-based and inclusive', () => {
    expect(parsePageRange('', 10)).toEqual({ first: 0, count: 10 });
    expect(parsePageRange(' 3 ', 10)).toEqual({ first: 2, count: 1 });
    expect(parsePageRange('2-5', 10)).toEqual({ first: 1, count: 4 });
    expect(parsePageRange('7-', 10)).toEqual({ first: 6, count: 4 });
    expect(parsePageRange('1 - 10', 10)).toEqual({ first: 0, count: 10 });
  });

  it('refuses what is not a range of existing pages', () => {
    for (const bad of ['0', '11', '5-3', '1-11', 'a', '1,3', '-', '-4', '1-2-3']) expect(parsePageRange(bad, 10), bad).toBeNull();
  });
});
