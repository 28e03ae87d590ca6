import { describe, expect, it } from 'vitest';
import { columnFinder, dataSourceFromRows } from './data.ts';

describe('columnFinder', () => {
  it('matches names ignoring case and surrounding blanks, first column first', () => {
    const find = columnFinder(['资产编号', ' Name ', 'name', '', 'Location']);
    expect(find('资产编号')).toBe(0);
    expect(find('NAME')).toBe(1);
    expect(find('  name')).toBe(1);
    expect(find('location ')).toBe(4);
    expect(find('')).toBe(-1); // an empty header cell names no column
    expect(find('missing')).toBe(-1);
  });

  it('answers the same when asked again, and past its memo', () => {
    const find = columnFinder(['A', 'B']);
    for (let i = 0; i < 600; i++) expect(find(`x${i}`)).toBe(-1);
    expect([find('b'), find('b'), find(' A ')]).toEqual([1, 1, 0]);
  });

  it('serves data sources made from rows', () => {
    const source = dataSourceFromRows(['Code', 'Name'], [['ZC1', 'Laptop']]);
    expect(source.text(0, source.findColumn('name'))).toBe('Laptop');
  });
});
