/** Timing helpers the server-side benchmarks share: medians of repeated runs, in ms. */

/** The middle sample (the upper one of an even count). */
export function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Runs `fn` `warmup` times unmeasured, then `runs` times; the median duration, ms. */
export async function medianTime(fn: () => Promise<unknown>, runs: number, warmup: number): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}
