/**
 * The fixed sample of `npm run fuzz` that runs in `npm test`: the same targets and
 * generators, a fixed stream (seed), a few thousand inputs; zero failures expected. The
 * full run explores new streams; whatever it finds is fixed and gets a test of its own
 * (e.g. src/label/spreadsheet.test.ts, "Both found by npm run fuzz").
 */
import { describe, expect, it } from 'vitest';
import { Rng } from './random.ts';
import { mutateBytes } from './mutate.ts';
import { createTarget } from './targets/index.ts';
import type { FuzzFailure, TargetName } from './target.ts';

/** The stream of the sample. Any seed would do; this one is fixed so the sample is too. */
const SEED = 20_261_127;
const SAMPLE: Record<TargetName, number> = { engine: 3000, xml: 2000, sheet: 400 };

function runSample(name: TargetName): { index: number; failure: FuzzFailure }[] {
  const target = createTarget(name, SEED);
  const failures: { index: number; failure: FuzzFailure }[] = [];
  for (let i = 0; i < SAMPLE[name]; i++) {
    const failure = target.run(SEED, i);
    if (failure) failures.push({ index: i, failure });
  }
  return failures;
}

function describeFailures(failures: { index: number; failure: FuzzFailure }[]): string[] {
  return failures.map(({ index, failure }) => `input ${index}: ${failure.kind} in ${failure.label}: ${failure.message.split('\n')[0]} (replay: npm run fuzz -- --seed=${SEED} --only=${index})`);
}

describe('the fuzz sample', () => {
  it.each(['engine', 'xml', 'sheet'] as const)('%s: no trap, escaped exception, internal error or broken contract', (name) => {
    expect(describeFailures(runSample(name))).toEqual([]);
  });
});

describe('the fuzz generators', () => {
  it('give input i of a stream the same bytes alone as in sequence (so one input replays)', () => {
    const a = new Rng(7, 123_456);
    const b = new Rng(7, 123_456);
    const first = Array.from({ length: 8 }, () => a.u32());
    expect(Array.from({ length: 8 }, () => b.u32())).toEqual(first);
    expect(Array.from({ length: 8 }, () => new Rng(7, 123_457).u32())).not.toEqual(first);
    expect(Array.from({ length: 8 }, () => new Rng(8, 123_456).u32())).not.toEqual(first);
  });

  it('mutate without touching the input, and reproducibly', () => {
    const input = new Uint8Array(64).map((_, i) => i);
    const copy = input.slice();
    const one = mutateBytes(new Rng(1, 5), input);
    expect(input).toEqual(copy);
    expect(mutateBytes(new Rng(1, 5), input)).toEqual(one);
  });
});
