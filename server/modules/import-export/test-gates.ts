/**
 * Tests: an ImportGate (limits.ts) that holds an import at one stage until the test releases
 * it, so what other requests see at that point is checked without racing the import.
 */
import type { ImportStage } from './limits.ts';

/** Holds the import the `nth` time it reaches `stage`: `isHeld` resolves then, `release()` lets it go on. */
export function holdAt(stage: ImportStage, nth = 1) {
  let seen = 0;
  let held!: () => void;
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const gate = async (reached: ImportStage) => {
    if (reached !== stage || ++seen !== nth) return;
    held();
    await released;
  };
  return { gate, isHeld, release };
}
