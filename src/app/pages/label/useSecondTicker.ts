/**
 * The date/time ticker as a hook (editor/ticker.ts): while `active`, the clock's reading
 * (ms since the epoch) at each whole second, so whatever depends on it draws again; null
 * while inactive (nothing ticks, no timer is left behind on unmount).
 */
import { useEffect, useState } from 'react';
import { startTicker, systemTickerClock, type TickerClock } from '../../../editor/ticker';

export function useSecondTicker(active: boolean, clock: TickerClock = systemTickerClock): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!active) return;
    const stop = startTicker(clock, setNow);
    return () => {
      stop();
      setNow(null);
    };
  }, [active, clock]);
  return active ? now : null;
}
