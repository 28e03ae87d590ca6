import { describe, expect, it } from 'vitest';
import { pageSizeFromStorage } from './settings';

describe('remembered page size (spec section 9)', () => {
  it('defaults to 50 when nothing is stored', () => {
    expect(pageSizeFromStorage(null)).toBe(50);
  });

  it('uses a stored size that is one of 20, 50, 100, 200', () => {
    expect(pageSizeFromStorage('100')).toBe(100);
    expect(pageSizeFromStorage('"200"')).toBe(200);
    expect(pageSizeFromStorage('20')).toBe(20);
  });

  it('falls back to 20 when what is stored is not a page size', () => {
    expect(pageSizeFromStorage('35')).toBe(20);
    expect(pageSizeFromStorage('junk')).toBe(20);
    expect(pageSizeFromStorage('')).toBe(20);
  });
});
