import { describe, expect, it } from 'vitest';
import { BATCH_ASSETS, PrintedRecorder } from './printedRecorder';

/** A server that records the batches it gets; `fail` refuses the nth call. */
function server(fail?: number) {
  const batches: number[][] = [];
  return {
    batches,
    post: async (ids: number[]) => {
      batches.push(ids);
      return batches.length === fail
        ? ({ ok: false, kind: 'network', code: null, message: '网络异常！' } as const)
        : ({ ok: true, data: null } as const);
    },
  };
}

describe('recording printed asset labels', () => {
  it('sends each confirmed label page as its asset, in batches, the rest on flush', async () => {
    const s = server();
    const r = new PrintedRecorder(BATCH_ASSETS + 10, s.post);
    r.window(0, Array.from({ length: BATCH_ASSETS + 10 }, (_, i) => 100 + i));
    for (let p = 0; p < BATCH_ASSETS + 3; p++) r.printed(p);
    await r.flush();
    expect(s.batches.map((b) => b.length)).toEqual([BATCH_ASSETS, 3]);
    expect(s.batches[1]).toEqual([100 + BATCH_ASSETS, 101 + BATCH_ASSETS, 102 + BATCH_ASSETS]);
    expect(r.recorded).toBe(BATCH_ASSETS + 3);
  });

  it('counts an asset once a batch, and ignores pages of windows it was not told', async () => {
    const s = server();
    const r = new PrintedRecorder(10, s.post);
    r.window(5, [7, 8]);
    for (const p of [5, 5, 6, 0, 9]) r.printed(p);
    await r.flush();
    expect(s.batches).toEqual([[7, 8]]);
  });

  it('keeps the failure to show and goes on with later batches', async () => {
    const s = server(1);
    const r = new PrintedRecorder(4, s.post);
    r.window(0, [1, 2, 3, 4]);
    r.printed(0);
    await r.flush();
    expect(r.error).toBe('网络异常！');
    r.printed(1);
    await r.flush();
    expect(r.error).toBeNull();
    expect(r.recorded).toBe(1);
  });
});
