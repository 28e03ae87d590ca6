import { describe, expect, it } from 'vitest';
import { initialTemplateId, sharedClassifyId } from './assetLabelChoice';

const rows = (ids: (number | null)[], total = ids.length) => ({ rows: ids.map((classifyId) => ({ classifyId })), total });

describe('the classification of a label print', () => {
  it('is the selected assets’ when they all share one', () => {
    expect(sharedClassifyId('selected', [3, 3, 3], undefined, null)).toBe(3);
    expect(sharedClassifyId('selected', [3, 4], undefined, null)).toBeNull();
    expect(sharedClassifyId('selected', [3, null], undefined, null)).toBeNull();
    expect(sharedClassifyId('selected', [], undefined, null)).toBeNull();
  });

  it("is the filter's classification, or the rows' when the first rows are all of them", () => {
    expect(sharedClassifyId('filtered', [4], 7, rows([1, 2]))).toBe(7);
    expect(sharedClassifyId('filtered', [], undefined, rows([5, 5]))).toBe(5);
    // 20 rows of 100,000 say nothing of the rest.
    expect(sharedClassifyId('filtered', [], undefined, rows([5, 5], 100_000))).toBeNull();
    expect(sharedClassifyId('filtered', [], undefined, null)).toBeNull();
  });
});

describe('the template a print starts on', () => {
  const listed = [{ templateID: 10 }, { templateID: 11 }];
  it("is the classification's default when listed, else the first listed", () => {
    expect(initialTemplateId(listed, 11)).toBe(11);
    // A private default is not listed for a user without a template user.
    expect(initialTemplateId(listed, 99)).toBe(10);
    expect(initialTemplateId(listed, null)).toBe(10);
    expect(initialTemplateId([], 11)).toBeNull();
  });
});
