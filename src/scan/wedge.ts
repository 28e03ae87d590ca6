/**
 * A keyboard-wedge scanner is a keyboard: it types what it reads, then Enter. It types far
 * faster than a person: a scanner's keys come 1-30 ms apart (USB HID scanners typically
 * 5-20 ms), a fast typist's rarely under 60 ms and never a whole code that fast. So a burst
 * of at least `minLength` characters, each within `maxGapMs` of the one before, ended by
 * Enter within `maxGapMs`, is a scan; anything slower is typing and is left alone.
 *
 *   const wedge = new WedgeDetector();
 *   on keydown: const text = wedge.key(event.key, event.timeStamp); if (text) report(text);
 *
 * Times are ms on one clock (KeyboardEvent.timeStamp).
 */

/** Largest gap between a scanner's keys, ms (default). */
export const WEDGE_MAX_GAP_MS = 50;
/** Fewest characters a scan has (default): shorter bursts are stray keys. */
export const WEDGE_MIN_LENGTH = 3;

export interface WedgeOptions {
  maxGapMs?: number;
  minLength?: number;
}

export class WedgeDetector {
  private readonly maxGapMs: number;
  private readonly minLength: number;
  private text = '';
  private lastAt = -Infinity;

  constructor(options: WedgeOptions = {}) {
    this.maxGapMs = options.maxGapMs ?? WEDGE_MAX_GAP_MS;
    this.minLength = options.minLength ?? WEDGE_MIN_LENGTH;
  }

  /**
   * One key (KeyboardEvent.key) at `atMs`: the scanned text when it completes a burst
   * (the key is Enter), else null. Other keys (Shift, arrows, ...) are ignored; they do not
   * break a burst, since a scanner presses Shift for capitals.
   */
  key(key: string, atMs: number): string | null {
    const inBurst = atMs - this.lastAt <= this.maxGapMs;
    if (key === 'Enter') {
      const text = inBurst && this.text.length >= this.minLength ? this.text : null;
      this.reset();
      return text;
    }
    if ([...key].length !== 1) return null; // a named key: Shift, Tab, ArrowLeft, ...
    this.text = inBurst ? this.text + key : key;
    this.lastAt = atMs;
    return null;
  }

  /** Whether keys are arriving as a burst right now (the last one within the gap). */
  inBurst(atMs: number): boolean {
    return this.text.length > 1 && atMs - this.lastAt <= this.maxGapMs;
  }

  reset(): void {
    this.text = '';
    this.lastAt = -Infinity;
  }
}
