/**
 * "Label printed" for assets (issue 16): as the printer confirms each label of an asset print,
 * its asset is noted, and the notes go to the server (POST api/AssetLabel/Printed) in batches
 * of up to BATCH_ASSETS, one call at a time; the rest when the run pauses, stops or ends.
 *
 * Which asset a label page is comes from the rows the run fetched (`window`), kept as ids only
 * (8 bytes an asset: 0.8 MB for 100,000). A label printed again (a second copy, a resumed run)
 * is sent again; the server's time then moves on, which is what "last printed" means.
 */
import type { ApiResult } from '../../../api/client';

/** Assets in one POST api/AssetLabel/Printed (the server takes up to 5,000). */
export const BATCH_ASSETS = 1000;

export type PostPrinted = (assetIds: number[]) => Promise<ApiResult<unknown>>;

export class PrintedRecorder {
  /** Asset id of each label page; 0 until its window was fetched. */
  private readonly ids: Float64Array;
  private pending = new Set<number>();
  private sending: Promise<void> = Promise.resolve();
  /** Assets the server recorded. */
  recorded = 0;
  /** The last failure's message, until a later batch succeeds. */
  error: string | null = null;

  constructor(
    labelPages: number,
    private readonly post: PostPrinted,
    private readonly onChange: () => void = () => undefined,
  ) {
    this.ids = new Float64Array(labelPages);
  }

  /** The asset ids of the label pages from `firstLabelPage` on (a window of rows). */
  window(firstLabelPage: number, assetIds: readonly number[]): void {
    for (let i = 0; i < assetIds.length && firstLabelPage + i < this.ids.length; i++) this.ids[firstLabelPage + i] = assetIds[i]!;
  }

  /** The printer confirmed label page `labelPage`. */
  printed(labelPage: number): void {
    const id = this.ids[labelPage];
    if (!id) return;
    this.pending.add(id);
    if (this.pending.size >= BATCH_ASSETS) void this.flush();
  }

  /** Sends what is noted; resolves when every batch so far was answered. */
  flush(): Promise<void> {
    if (this.pending.size > 0) {
      const batch = [...this.pending];
      this.pending = new Set();
      this.sending = this.sending.then(async () => {
        const r = await this.post(batch);
        if (r.ok) {
          this.recorded += batch.length;
          this.error = null;
        } else {
          this.error = r.message;
        }
        this.onChange();
      });
    }
    return this.sending;
  }
}
