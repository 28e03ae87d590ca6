/**
 * Undo and redo (spec section 4), after tldraw's HistoryManager: a store of records keyed
 * by id reports every change as a reversible diff; the history collects diffs into change
 * groups separated by marks, and undoes or redoes a group by applying its reverse.
 *
 * - A group ends at `mark()`, or by itself 100 ms after its last change (auto-commit;
 *   the timer is injectable).
 * - Changes sharing a `mergeKey` with the group on top (a mouse drag changing the same
 *   property) join that group instead of starting one.
 * - A new change after an undo discards the redo tail.
 * - At most 100 groups are kept; the oldest go first.
 * - `isDirty` is true when the current position differs from the one `markSaved()` recorded.
 */

export interface StoreRecord {
  readonly id: string;
}

/** Changes to a store: records added, updated ([from, to]) and removed, by id. */
export interface RecordsDiff<R extends StoreRecord> {
  added: Record<string, R>;
  updated: Record<string, [from: R, to: R]>;
  removed: Record<string, R>;
}

export function emptyDiff<R extends StoreRecord>(): RecordsDiff<R> {
  return { added: {}, updated: {}, removed: {} };
}

export function isEmptyDiff(d: RecordsDiff<StoreRecord>): boolean {
  return Object.keys(d.added).length === 0 && Object.keys(d.updated).length === 0 && Object.keys(d.removed).length === 0;
}

/** The diff that undoes `d`. */
export function reverseDiff<R extends StoreRecord>(d: RecordsDiff<R>): RecordsDiff<R> {
  const out = emptyDiff<R>();
  for (const [id, r] of Object.entries(d.added)) out.removed[id] = r;
  for (const [id, r] of Object.entries(d.removed)) out.added[id] = r;
  for (const [id, [from, to]] of Object.entries(d.updated)) out.updated[id] = [to, from];
  return out;
}

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** `a` then `b` as one diff (into a fresh object). */
export function squashDiffs<R extends StoreRecord>(a: RecordsDiff<R>, b: RecordsDiff<R>): RecordsDiff<R> {
  const out: RecordsDiff<R> = { added: { ...a.added }, updated: { ...a.updated }, removed: { ...a.removed } };
  for (const [id, r] of Object.entries(b.added)) {
    if (Object.hasOwn(out.removed, id)) {
      const was = out.removed[id]!;
      delete out.removed[id];
      if (!same(was, r)) out.updated[id] = [was, r];
    } else out.added[id] = r;
  }
  for (const [id, [from, to]] of Object.entries(b.updated)) {
    if (Object.hasOwn(out.added, id)) out.added[id] = to;
    else if (Object.hasOwn(out.updated, id)) {
      const first = out.updated[id]![0];
      if (same(first, to)) delete out.updated[id];
      else out.updated[id] = [first, to];
    } else out.updated[id] = [from, to];
  }
  for (const [id, r] of Object.entries(b.removed)) {
    if (Object.hasOwn(out.added, id)) delete out.added[id];
    else if (Object.hasOwn(out.updated, id)) {
      out.removed[id] = out.updated[id]![0];
      delete out.updated[id];
    } else out.removed[id] = r;
  }
  return out;
}

/** A small record store that reports every change as a diff. */
export class Store<R extends StoreRecord> {
  private records = new Map<string, R>();
  private listeners = new Set<(diff: RecordsDiff<R>) => void>();

  constructor(initial: Iterable<R> = []) {
    for (const r of initial) this.records.set(r.id, r);
  }

  get(id: string): R | undefined {
    return this.records.get(id);
  }

  all(): R[] {
    return [...this.records.values()];
  }

  has(id: string): boolean {
    return this.records.has(id);
  }

  /** Adds or replaces records. */
  put(records: readonly R[]): void {
    const d = emptyDiff<R>();
    for (const r of records) {
      const prev = this.records.get(r.id);
      if (prev === r) continue;
      if (prev) d.updated[r.id] = [prev, r];
      else d.added[r.id] = r;
      this.records.set(r.id, r);
    }
    this.emit(d);
  }

  /** Replaces a record with `fn` of it. */
  update(id: string, fn: (r: R) => R): void {
    const r = this.records.get(id);
    if (r) this.put([fn(r)]);
  }

  remove(ids: readonly string[]): void {
    const d = emptyDiff<R>();
    for (const id of ids) {
      const r = this.records.get(id);
      if (!r) continue;
      d.removed[id] = r;
      this.records.delete(id);
    }
    this.emit(d);
  }

  /** Applies a diff (as undo and redo do) and reports it like any change. */
  applyDiff(d: RecordsDiff<R>): void {
    for (const id of Object.keys(d.removed)) this.records.delete(id);
    for (const [id, r] of Object.entries(d.added)) this.records.set(id, r);
    for (const [id, [, to]] of Object.entries(d.updated)) this.records.set(id, to);
    this.emit(d);
  }

  listen(fn: (diff: RecordsDiff<R>) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(d: RecordsDiff<R>): void {
    if (isEmptyDiff(d)) return;
    for (const fn of this.listeners) fn(d);
  }
}

export interface HistoryOptions {
  /** Groups kept (spec: 100). */
  maxSteps?: number;
  /** Quiet time after which an open group commits by itself, ms (spec: 100). */
  autoCommitMs?: number;
  /** Timer functions (tests pass fakes). */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

interface Step<R extends StoreRecord> {
  diff: RecordsDiff<R>;
  name: string;
  mergeKey?: string;
  /** Unique, for the saved position. */
  serial: number;
}

export class HistoryManager<R extends StoreRecord> {
  private undos: Step<R>[] = [];
  private redos: Step<R>[] = [];
  private pending = emptyDiff<R>();
  private pendingName = '';
  private pendingKey: string | undefined;
  private applying = false;
  private ignoring = 0;
  private timer: unknown;
  private serial = 0;
  /** Position below the oldest kept group (0 until groups are dropped for the cap). */
  private base = 0;
  private savedAt = 0;
  /** Whether the group on top may take merges (not after undo, redo or save). */
  private mergeable = false;
  private readonly maxSteps: number;
  private readonly autoCommitMs: number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly unlisten: () => void;

  constructor(
    readonly store: Store<R>,
    options: HistoryOptions = {},
  ) {
    this.maxSteps = options.maxSteps ?? 100;
    this.autoCommitMs = options.autoCommitMs ?? 100;
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
    this.unlisten = store.listen((d) => this.onChange(d));
  }

  dispose(): void {
    this.unlisten();
    if (this.timer !== undefined) this.clearTimer(this.timer);
  }

  private onChange(d: RecordsDiff<R>): void {
    if (this.applying || this.ignoring > 0) return;
    this.pending = squashDiffs(this.pending, d);
    this.redos = [];
    if (this.timer !== undefined) this.clearTimer(this.timer);
    this.timer = this.setTimer(() => {
      this.timer = undefined;
      this.mark();
    }, this.autoCommitMs);
  }

  /**
   * Ends the open change group (if it changed anything) under `name`. A group with the
   * same `mergeKey` as the one on top joins it.
   */
  mark(name = '', mergeKey?: string): void {
    if (this.timer !== undefined) {
      this.clearTimer(this.timer);
      this.timer = undefined;
    }
    const key = mergeKey ?? this.pendingKey;
    const diff = this.pending;
    this.pending = emptyDiff<R>();
    this.pendingKey = undefined;
    const label = name || this.pendingName;
    this.pendingName = '';
    if (isEmptyDiff(diff)) return;
    const top = this.undos[this.undos.length - 1];
    if (key !== undefined && top && this.mergeable && top.mergeKey === key) {
      top.diff = squashDiffs(top.diff, diff);
      if (isEmptyDiff(top.diff)) {
        this.undos.pop();
        this.mergeable = false;
      }
      return;
    }
    this.undos.push({ diff, name: label, mergeKey: key, serial: ++this.serial });
    this.mergeable = true;
    if (this.undos.length > this.maxSteps) {
      const dropped = this.undos.splice(0, this.undos.length - this.maxSteps);
      this.base = dropped[dropped.length - 1]!.serial;
    }
  }

  /**
   * Runs `fn` and records its changes as one group named `name`; with `mergeKey`, repeated
   * calls with the same key (a drag) become one group.
   */
  batch(fn: () => void, name = '', mergeKey?: string): void {
    this.mark();
    this.pendingName = name;
    this.pendingKey = mergeKey;
    try {
      fn();
    } finally {
      this.mark(name, mergeKey);
    }
  }

  /** Runs `fn` without recording its changes (loading a document, selection). */
  ignore(fn: () => void): void {
    this.ignoring++;
    try {
      fn();
    } finally {
      this.ignoring--;
    }
  }

  get canUndo(): boolean {
    return this.undos.length > 0 || !isEmptyDiff(this.pending);
  }

  get canRedo(): boolean {
    return this.redos.length > 0 && isEmptyDiff(this.pending);
  }

  /** Undoes the last group (committing an open one first). Returns whether anything changed. */
  undo(): boolean {
    this.mark();
    const step = this.undos.pop();
    if (!step) return false;
    this.apply(reverseDiff(step.diff));
    this.redos.push(step);
    this.mergeable = false;
    return true;
  }

  redo(): boolean {
    this.mark();
    const step = this.redos.pop();
    if (!step) return false;
    this.apply(step.diff);
    this.undos.push(step);
    this.mergeable = false;
    return true;
  }

  /** Drops the open group's changes from the store and the history (a cancelled drag). */
  bail(): void {
    if (this.timer !== undefined) {
      this.clearTimer(this.timer);
      this.timer = undefined;
    }
    const d = this.pending;
    this.pending = emptyDiff<R>();
    this.pendingKey = undefined;
    if (!isEmptyDiff(d)) this.apply(reverseDiff(d));
  }

  /** Records the current position as saved. */
  markSaved(): void {
    this.mark();
    this.savedAt = this.position();
    this.mergeable = false;
  }

  /** True when the current position differs from the saved one. */
  get isDirty(): boolean {
    return !isEmptyDiff(this.pending) || this.position() !== this.savedAt;
  }

  /** Names of the groups that can be undone, oldest first. */
  get undoNames(): string[] {
    return this.undos.map((s) => s.name);
  }

  get undoDepth(): number {
    return this.undos.length;
  }

  get redoDepth(): number {
    return this.redos.length;
  }

  clear(): void {
    this.mark();
    this.base = this.position();
    this.undos = [];
    this.redos = [];
    this.savedAt = this.base;
    this.mergeable = false;
  }

  /** Identity of the current position: the serial of the group on top, 0 at the start. */
  private position(): number {
    return this.undos[this.undos.length - 1]?.serial ?? this.base;
  }

  private apply(d: RecordsDiff<R>): void {
    this.applying = true;
    try {
      this.store.applyDiff(d);
    } finally {
      this.applying = false;
    }
  }
}
