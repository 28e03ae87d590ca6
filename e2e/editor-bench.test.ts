/**
 * The editor benchmark's harness works (bench/editor.ts): a short run, 10 moves of each
 * drag and one timed load, gives a sample for every move and finite figures for the editor,
 * its peer and the first frame, with the label at 1,000 x 750 px. Times are not checked.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../bench/editor';

describe('the editor benchmark', () => {
  it('measures every move of a short drag, the peer and a first frame', async () => {
    const r = await run({ json: true, moves: 10, warmup: 2, loads: 1 });
    expect(r.label).toMatchObject({ controls: 50, rasterWidth: 1000, rasterHeight: 750 });
    expect(r.drag.moves).toBe(10);
    expect(r.drag.peer.moves).toBe(10);
    for (const x of [r.drag.medianMs, r.drag.p99Ms, r.drag.fromInputMedianMs, r.drag.peer.medianMs, r.drag.peer.p99Ms, r.firstFrame.medianMs]) {
      expect(Number.isFinite(x) && x > 0, String(x)).toBe(true);
    }
    // A move's frame comes after the move: from input received is never shorter.
    expect(r.drag.fromInputMedianMs).toBeGreaterThanOrEqual(r.drag.medianMs);
    expect(r.firstFrame.allMs).toHaveLength(1);
  });
});
