import { describe, expect, it } from 'vitest';
import { RepeatFilter } from './repeat-filter.ts';

describe('RepeatFilter (camera debounce)', () => {
  it('reports a text once while it stays in sight, however long', () => {
    const f = new RepeatFilter(2000);
    const reported = [0, 100, 200, 1900, 3800, 5700, 7600].map((t) => f.accept('AM-1', t));
    expect(reported).toEqual([true, false, false, false, false, false, false]);
  });

  it('reports it again after it was out of sight for longer than the window (a rescan)', () => {
    const f = new RepeatFilter(2000);
    expect(f.accept('AM-1', 0)).toBe(true);
    expect(f.accept('AM-1', 2000)).toBe(false); // exactly the window: still the same sighting
    expect(f.accept('AM-1', 4001)).toBe(true);
  });

  it('keeps texts apart: another code in between is reported at once', () => {
    const f = new RepeatFilter(2000);
    expect(f.accept('AM-1', 0)).toBe(true);
    expect(f.accept('AM-2', 10)).toBe(true);
    expect(f.accept('AM-1', 20)).toBe(false);
    expect(f.accept('AM-2', 30)).toBe(false);
  });

  it('forgets everything on clear (the camera was restarted)', () => {
    const f = new RepeatFilter(2000);
    f.accept('AM-1', 0);
    f.clear();
    expect(f.accept('AM-1', 10)).toBe(true);
  });
});
