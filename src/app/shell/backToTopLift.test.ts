import { describe, expect, it } from 'vitest';
import { backToTopBottom } from './backToTopLift';

// Area bottom at 900, button 40 px tall resting 24 px above it (so it spans 836..876), gap 8.
const lift = (bars: { top: number; bottom: number }[]) => backToTopBottom(900, 24, 40, bars, 8);

describe('backToTopBottom', () => {
  it('stays put with no action bar on screen', () => {
    expect(lift([])).toBe(24);
  });

  it('stays put when the bar is well above the button', () => {
    expect(lift([{ top: 700, bottom: 740 }])).toBe(24);
  });

  it('stays put when the bar has scrolled below the area', () => {
    expect(lift([{ top: 910, bottom: 950 }])).toBe(24);
  });

  it('rises above a bar that reaches into its band', () => {
    // Bar 850..890: the button must end 8 px above its top, i.e. 900 - 850 + 8 = 58 from the bottom.
    expect(lift([{ top: 850, bottom: 890 }])).toBe(58);
  });

  it('rises above a bar just touching it within the gap', () => {
    expect(lift([{ top: 880, bottom: 900 }])).toBe(28);
  });

  it('clears stacked bars, the lift off one landing it on the next', () => {
    // First lift (to 58: button 802..842) lands on the bar 800..845, so it rises again to 108.
    expect(lift([{ top: 850, bottom: 890 }, { top: 800, bottom: 845 }])).toBe(108);
  });

  it('ignores empty (hidden) bars', () => {
    expect(lift([{ top: 860, bottom: 860 }])).toBe(24);
  });
});
