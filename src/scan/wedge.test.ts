import { describe, expect, it } from 'vitest';
import { WedgeDetector } from './wedge.ts';

/** Types `text` then Enter, one key every `gapMs` from `startMs`; the detector's reports. */
function type(w: WedgeDetector, text: string, gapMs: number, startMs = 1000): (string | null)[] {
  return [...text, 'Enter'].map((key, i) => w.key(key, startMs + i * gapMs));
}

describe('WedgeDetector', () => {
  it('recognises a fast burst ended by Enter as a scan', () => {
    const w = new WedgeDetector({ maxGapMs: 50 });
    expect(type(w, 'AM-00042', 8).filter(Boolean)).toEqual(['AM-00042']);
  });

  it('leaves typing at a person’s pace alone, even a fast typist', () => {
    const w = new WedgeDetector({ maxGapMs: 50 });
    expect(type(w, 'AM-00042', 120).filter(Boolean)).toEqual([]);
    expect(type(w, 'AM-00042', 60, 5000).filter(Boolean)).toEqual([]);
  });

  it('needs the Enter to come fast too', () => {
    const w = new WedgeDetector({ maxGapMs: 50 });
    for (const [i, c] of [...'AM-1'].entries()) w.key(c, 100 + i * 5);
    expect(w.key('Enter', 100 + 3 * 5 + 400)).toBeNull();
  });

  it('starts a new burst after a pause: slow keys before a scan do not join it', () => {
    const w = new WedgeDetector({ maxGapMs: 50 });
    w.key('x', 0);
    w.key('y', 300);
    expect(type(w, 'AM-7', 5, 1000).filter(Boolean)).toEqual(['AM-7']);
  });

  it('ignores bursts shorter than minLength and named keys inside a burst', () => {
    const w = new WedgeDetector({ maxGapMs: 50, minLength: 3 });
    expect(type(w, 'ab', 5).filter(Boolean)).toEqual([]);
    const keys = ['Shift', 'A', 'Shift', 'M', '-', '9', 'Enter'];
    expect(keys.map((k, i) => w.key(k, 2000 + i * 5)).filter(Boolean)).toEqual(['AM-9']);
  });
});
