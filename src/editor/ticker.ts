/**
 * The date/time ticker (label-editor.md section 4): while the label shows dates or times,
 * the canvas is drawn again on each second boundary, and the ticking stops when there are
 * none or the page closes. Each wait is set to the next whole second from the clock's own
 * reading (a setTimeout chain, not setInterval), so timer lateness never accumulates. The
 * clock is injected, so tests (and Playwright's page.clock) drive it deterministically.
 */

export interface TickerClock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTickerClock: TickerClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** The next whole second strictly after `nowMs`, ms since the epoch. */
export function nextSecond(nowMs: number): number {
  return Math.floor(nowMs / 1000) * 1000 + 1000;
}

/**
 * Calls `onTick(nowMs)` on every second boundary from now on, until the returned stop is
 * called. A timer that fires early (before the boundary it waited for) waits again for the
 * rest; a late one ticks once with the clock's time and aims at the next boundary after it
 * (missed seconds are not replayed).
 */
export function startTicker(clock: TickerClock, onTick: (nowMs: number) => void): () => void {
  let stopped = false;
  let handle: unknown = null;
  let target = nextSecond(clock.now());
  const arm = () => {
    handle = clock.setTimeout(fire, Math.max(0, target - clock.now()));
  };
  const fire = () => {
    if (stopped) return;
    const now = clock.now();
    if (now < target) return arm();
    target = nextSecond(now);
    onTick(now);
    if (!stopped) arm();
  };
  arm();
  return () => {
    stopped = true;
    if (handle !== null) clock.clearTimeout(handle);
  };
}
