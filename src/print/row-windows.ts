/**
 * A print's data rows pulled from the server in windows as the print run needs them (issue
 * 16: labels for up to 100,000 assets), instead of all at once.
 *
 * The source pages by key (GET api/AssetLabel/Rows: `afterId`, `limit`, answering rows and
 * `nextAfterId`), so row N is reached through the key the rows before it ended on. Windows
 * are WINDOW_ROWS rows each, window w holding rows [w * size, (w + 1) * size); the key each
 * window starts after is remembered, so a resumed or paused run fetches a window again
 * without walking from the start. At most the window being printed and the next one (fetched
 * ahead, so the printer does not wait on the network) are held: memory stays flat at any
 * row count.
 *
 * The run covers the `total` rows counted when it was planned. Each window starts after the
 * key the one before ended on, so every label shows its own row whatever changed meanwhile;
 * a row deleted meanwhile makes the last window come back short: its rows print, then the
 * run stops with an error value saying how many were expected and found, not a silent end. Rows
 * added meanwhile past the last key are not printed.
 */

/** One page of the keyset source. */
export type RowPage<R> = { ok: true; rows: R[]; nextAfterId: number | null } | { ok: false; message: string };

export type FetchRows<R> = (afterId: number, limit: number, signal?: AbortSignal) => Promise<RowPage<R>>;

export type RowsError = { code: 'rows.failed'; message: string } | { code: 'rows.changed'; expected: number; found: number; window: number };

/** A window's rows; `short`: it has fewer than the run counted (rows deleted meanwhile), so
 * the run stops after printing them. */
export type WindowResult<R> = { ok: true; rows: R[]; short?: RowsError } | { ok: false; error: RowsError };

/** Rows a window holds: the server's largest page (GET api/AssetLabel/Rows limit <= 5000). */
export const WINDOW_ROWS = 5000;

export class RowWindows<R> {
  /** Window index -> the key its first row comes after (window 0: 0, from the start). */
  private readonly starts = new Map<number, number>([[0, 0]]);
  /** Windows fetched or being fetched, kept while they may be asked for (current and next). */
  private readonly held = new Map<number, Promise<WindowResult<R>>>();

  constructor(
    /** Rows the run prints. */
    readonly total: number,
    private readonly fetchRows: FetchRows<R>,
    readonly windowRows = WINDOW_ROWS,
  ) {
    if (!Number.isInteger(windowRows) || windowRows < 1) throw new RangeError(`windowRows must be a whole number of at least 1, got ${windowRows}`);
  }

  get windows(): number {
    return Math.ceil(this.total / this.windowRows);
  }

  /** Rows window `w` should hold. */
  rowsIn(w: number): number {
    return Math.max(0, Math.min(this.windowRows, this.total - w * this.windowRows));
  }

  /**
   * Window `w`'s rows; starts fetching window w + 1 meanwhile and forgets windows before w.
   * A failed fetch is forgotten too, so asking again fetches again.
   */
  window(w: number): Promise<WindowResult<R>> {
    if (!Number.isInteger(w) || w < 0 || w >= this.windows) throw new RangeError(`window ${w} is outside 0..${this.windows - 1}`);
    for (const k of this.held.keys()) if (k < w || k > w + 1) this.held.delete(k);
    const current = this.fetchWindow(w);
    if (w + 1 < this.windows) {
      // Ahead, once this one's end key is known.
      void current.then((r) => {
        if (r.ok && this.held.has(w)) this.fetchWindow(w + 1);
      });
    }
    return current;
  }

  private fetchWindow(w: number): Promise<WindowResult<R>> {
    let p = this.held.get(w);
    if (p) return p;
    p = this.load(w).then((r) => {
      if (!r.ok) this.held.delete(w);
      return r;
    });
    this.held.set(w, p);
    return p;
  }

  private async load(w: number): Promise<WindowResult<R>> {
    // The nearest window before it whose start is known; walk from there (only a run that
    // starts past the first window, a page range, ever walks).
    let from = w;
    while (!this.starts.has(from)) from--;
    for (let k = from; k < w; k++) {
      const walked = await this.fetchExactly(k);
      if (!walked.ok) return walked;
    }
    return this.fetchExactly(w);
  }

  private async fetchExactly(w: number): Promise<WindowResult<R>> {
    const want = this.rowsIn(w);
    const page = await this.fetchRows(this.starts.get(w)!, want);
    if (!page.ok) return { ok: false, error: { code: 'rows.failed', message: page.message } };
    const rows = page.rows.length > want ? page.rows.slice(0, want) : page.rows;
    if (rows.length < want) return { ok: true, rows, short: { code: 'rows.changed', expected: want, found: rows.length, window: w } };
    if (page.nextAfterId !== null) this.starts.set(w + 1, page.nextAfterId);
    else if (w + 1 < this.windows) return { ok: true, rows, short: { code: 'rows.changed', expected: want + 1, found: want, window: w } };
    return { ok: true, rows };
  }
}
