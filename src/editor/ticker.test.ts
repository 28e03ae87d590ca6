import { describe, expect, it } from 'vitest';
import { nextSecond, startTicker, type TickerClock } from './ticker.ts';

/** A clock whose time moves only when the test says; timers fire in time order. */
class FakeClock implements TickerClock {
  private timers = new Map<number, { at: number; fn: () => void }>();
  private serial = 0;
  waits: number[] = [];
  constructor(public time: number) {}
  now = () => this.time;
  setTimeout = (fn: () => void, ms: number) => {
    this.waits.push(ms);
    this.timers.set(++this.serial, { at: this.time + ms, fn });
    return this.serial;
  };
  clearTimeout = (h: unknown) => void this.timers.delete(h as number);
  get pending(): number {
    return this.timers.size;
  }
  /** Fires the earliest timer with the clock reading `at` (default: its due time). */
  fireNext(at?: number): void {
    const next = [...this.timers].sort((a, b) => a[1].at - b[1].at)[0];
    if (!next) throw new Error('no timer');
    this.timers.delete(next[0]);
    this.time = at ?? next[1].at;
    next[1].fn();
  }
  /** Fires every timer due by `to`, each `late` ms (>= 0) after its due time. */
  advance(to: number, late = 0): void {
    for (;;) {
      const next = [...this.timers].sort((a, b) => a[1].at - b[1].at)[0];
      if (!next || next[1].at + late > to) break;
      this.fireNext(next[1].at + late);
    }
    this.time = to;
  }
}

describe('date/time ticker', () => {
  it('aims at the next whole second', () => {
    expect(nextSecond(1_000)).toBe(2_000);
    expect(nextSecond(1_999)).toBe(2_000);
    expect(nextSecond(2_000.5)).toBe(3_000);
  });

  it('ticks on each second boundary, each wait measured from the clock (no drift)', () => {
    const clock = new FakeClock(10_250);
    const ticks: number[] = [];
    const stop = startTicker(clock, (t) => ticks.push(t));
    expect(clock.waits).toEqual([750]);
    clock.advance(13_500, 30); // every timer 30 ms late
    expect(ticks).toEqual([11_030, 12_030, 13_030]);
    // Each wait was shortened by the lateness before it, so lateness never adds up.
    expect(clock.waits).toEqual([750, 970, 970, 970]);
    stop();
    expect(clock.pending).toBe(0);
    clock.advance(20_000);
    expect(ticks).toHaveLength(3);
  });

  it('waits again when a timer fires early, and skips seconds missed by a long stall', () => {
    const clock = new FakeClock(0);
    const ticks: number[] = [];
    const stop = startTicker(clock, (t) => ticks.push(t));
    clock.fireNext(998); // before its boundary: no tick, a wait for the rest
    expect(ticks).toEqual([]);
    expect(clock.waits.at(-1)).toBe(2);
    clock.fireNext();
    expect(ticks).toEqual([1_000]);
    clock.fireNext(4_700); // the page was stalled 2.7 s: one tick, then the next boundary
    expect(ticks).toEqual([1_000, 4_700]);
    expect(clock.waits.at(-1)).toBe(300);
    stop();
  });

  it('stops from inside a tick without arming another timer', () => {
    const clock = new FakeClock(500);
    let stop = () => {};
    let n = 0;
    stop = startTicker(clock, () => {
      n++;
      stop();
    });
    clock.advance(5_000);
    expect(n).toBe(1);
    expect(clock.pending).toBe(0);
  });
});
