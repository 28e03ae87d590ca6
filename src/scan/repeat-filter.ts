/**
 * The camera sees a label in frame after frame; a user means it once. A text is reported
 * when it first appears and again only after it has been out of sight for `windowMs`
 * (default 2000 ms): a label held in front of the camera is reported once however long it
 * stays, one taken away and shown again after two seconds is a deliberate rescan and is
 * reported again (the counting page then warns about the duplicate).
 *
 * Times are the caller's clock in ms (performance.now() of the frame's capture).
 */
export const REPEAT_WINDOW_MS = 2000;

export class RepeatFilter {
  /** text -> when it was last seen, ms. */
  private readonly seen = new Map<string, number>();

  constructor(private readonly windowMs = REPEAT_WINDOW_MS) {}

  /** Whether `text`, seen at `atMs`, is to be reported (and remembers the sighting). */
  accept(text: string, atMs: number): boolean {
    const last = this.seen.get(text);
    this.seen.set(text, atMs);
    this.forgetOlderThan(atMs - this.windowMs);
    return last === undefined || atMs - last > this.windowMs;
  }

  /** Forgets every sighting (e.g. the camera was stopped: the next sighting is new). */
  clear(): void {
    this.seen.clear();
  }

  /** Drops sightings that can no longer suppress anything, so the map stays small. */
  private forgetOlderThan(cutoffMs: number): void {
    for (const [text, at] of this.seen) if (at < cutoffMs) this.seen.delete(text);
  }
}
