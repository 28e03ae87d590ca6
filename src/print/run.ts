/**
 * A print run: pages rendered by a pool stream through a bounded queue to a printer, with
 * progress (rendered, sent, confirmed), pause, resume, cancel, and recovery from a failure
 * without losing or repeating a label.
 *
 *   renderer (worker pool, in page order) --> queue (at most QUEUE_PAGES) --> sender (one page
 *   in flight) --> printer confirms
 *
 * Rendering runs ahead of the printer by up to the queue's capacity, so the printer never
 * waits on rendering while memory stays flat at any page count: when the queue is full the
 * renderer's `onPage` promise stays pending, and the pool stops handing out pages.
 *
 * Exactly once: a send counts as printed only when the printer confirmed it (the helper's
 * reply to PrintImageD comes after the printer took the page). One page is in flight at a
 * time, so when a send fails, every earlier send is confirmed and this one is not: the run
 * stops with `next` = that send, and `resume()` starts rendering again from it. A page that
 * cannot be rendered (bad data in its row) stops the run the same way, after every page
 * before it has been printed; the user fixes the data, or `skip()`s that label.
 *
 * The run knows nothing of browsers or helpers: the renderer and sender are parameters, so
 * the same controller drives the browser's worker pool and helper client, and tests drive it
 * with Node's pool and the real print helper.
 */
import type { Page } from '../engine/types.ts';
import type { PrintPlan, Send } from './plan.ts';

export type Outcome<E> = { ok: true } | { ok: false; error: E };

/** Renders job pages in order (a worker pool). */
export interface RunRenderer<RenderError> {
  /**
   * Renders job pages `first` .. `first + count - 1` and calls `onPage` for each, in order,
   * awaiting its promise before delivering more (backpressure). Resolves ok when all were
   * delivered, or with the first page's failure; stops early (any outcome) once `signal`
   * aborts.
   */
  render(first: number, count: number, onPage: (page: Page, jobPage: number) => Promise<void>, signal: AbortSignal): Promise<Outcome<RenderError>>;
}

/** Hands one page to the printer and resolves when the printer confirmed it. */
export interface RunSender<SendError> {
  send(page: Page, send: Send, signal: AbortSignal): Promise<Outcome<SendError>>;
}

export type RunStatus = 'idle' | 'running' | 'paused' | 'failed' | 'cancelled' | 'done';

export type RunFailure<RenderError, SendError> =
  | { stage: 'render'; error: RenderError }
  | { stage: 'send'; error: SendError };

export interface RunState<RenderError, SendError> {
  status: RunStatus;
  /** Sends in the plan, and labels in all. */
  sends: number;
  labels: number;
  /** Pages rendered so far (re-rendered pages after a resume count again). */
  rendered: number;
  /** Sends handed to the printer, and sends it confirmed (sent - confirmed <= 1). */
  sent: number;
  confirmed: number;
  /** Labels confirmed (confirmed sends x their copies). */
  labelsConfirmed: number;
  /** The next send to print (== confirmed when running in order); with status 'failed' the
   * send that failed, which `resume()` starts from. */
  next: number;
  failure?: RunFailure<RenderError, SendError>;
}

/** Pages rendered ahead of the printer at most: enough to cover the render pool's jitter,
 * small enough that 100,000 pages never sit in memory (a 203 dpi 40 x 30 mm page is 9.6 KB). */
export const QUEUE_PAGES = 16;

export class PrintRun<RenderError, SendError> {
  private state: RunState<RenderError, SendError>;
  private readonly listeners = new Set<(s: Readonly<RunState<RenderError, SendError>>) => void>();
  /** Aborts the current segment's rendering and the send in flight. */
  private segment: AbortController | null = null;
  /** Resolves the pause gate. */
  private unpause: (() => void) | null = null;
  private gate: Promise<void> | null = null;
  private driving: Promise<void> | null = null;

  constructor(
    readonly plan: PrintPlan,
    private readonly renderer: RunRenderer<RenderError>,
    private readonly sender: RunSender<SendError>,
    private readonly queuePages = QUEUE_PAGES,
  ) {
    this.state = { status: 'idle', sends: plan.sends, labels: plan.labels, rendered: 0, sent: 0, confirmed: 0, labelsConfirmed: 0, next: 0 };
  }

  get snapshot(): Readonly<RunState<RenderError, SendError>> {
    return this.state;
  }

  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: (s: Readonly<RunState<RenderError, SendError>>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts the run (once). Resolves when it ends, fails, or is cancelled. */
  start(): Promise<void> {
    if (this.driving) return this.driving;
    return this.drive();
  }

  /** Stops handing pages to the printer after the page in flight; rendering fills the queue
   * and waits. */
  pause(): void {
    if (this.state.status !== 'running') return;
    this.gate = new Promise((resolve) => (this.unpause = resolve));
    this.update({ status: 'paused' });
  }

  /** Continues a paused run, or restarts a failed one from the send that failed. */
  resume(): Promise<void> {
    if (this.state.status === 'paused' && this.gate) {
      this.update({ status: 'running' });
      this.openGate();
      return this.driving ?? Promise.resolve();
    }
    if (this.state.status === 'failed') return this.drive();
    return this.driving ?? Promise.resolve();
  }

  /** A failed run goes on after the send that failed, leaving that label out. */
  skip(): Promise<void> {
    if (this.state.status !== 'failed') return Promise.resolve();
    this.update({ next: this.state.next + 1 });
    return this.drive();
  }

  /** Ends the run now: rendering stops and the page in flight is abandoned (it counts as
   * not confirmed, though the printer may still print it). */
  cancel(): void {
    if (this.state.status === 'done' || this.state.status === 'cancelled') return;
    this.update({ status: 'cancelled' });
    this.segment?.abort(new DOMException('the print run was cancelled', 'AbortError'));
    this.openGate();
  }

  /** A method, not an inline test: the status changes across awaits (cancel()). */
  private isCancelled(): boolean {
    return this.state.status === 'cancelled';
  }

  private openGate(): void {
    const open = this.unpause;
    this.unpause = null;
    this.gate = null;
    open?.();
  }

  private update(patch: Partial<RunState<RenderError, SendError>>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l(this.state);
  }

  private drive(): Promise<void> {
    this.update({ status: 'running', failure: undefined });
    this.driving = this.run().finally(() => {
      this.driving = null;
    });
    return this.driving;
  }

  private async run(): Promise<void> {
    const plan = this.plan;
    while (this.state.status === 'running' || this.state.status === 'paused') {
      if (this.state.next >= plan.sends) {
        this.update({ status: 'done' });
        return;
      }
      // One segment renders from `next` to the end of its pass (job pages are contiguous
      // within a pass; collated copies start the range again).
      const start = this.state.next;
      const pass = Math.floor(start / plan.sendsPerPass);
      const passEnd = (pass + 1) * plan.sendsPerPass;
      const ended = await this.runSegment(start, passEnd);
      if (!ended) return;
    }
  }

  /** Renders and sends sends [start, end). Returns false when the run stopped (failure or
   * cancel), true when the segment completed. */
  private async runSegment(start: number, end: number): Promise<boolean> {
    const plan = this.plan;
    const controller = new AbortController();
    this.segment = controller;
    const queue = new PageQueue(this.queuePages);
    const firstJobPage = plan.at(start).jobPage;
    const rendering = this.renderer
      .render(firstJobPage, end - start, (page) => {
        this.update({ rendered: this.state.rendered + 1 });
        return queue.push(page);
      }, controller.signal)
      .then(
        (outcome) => queue.close(outcome),
        (error: unknown) => queue.close(controller.signal.aborted ? { ok: true } : { ok: false, error: error as RenderError }),
      );
    try {
      for (let index = start; index < end; index++) {
        if (this.gate) await this.gate;
        if (this.isCancelled()) return false;
        const item = await queue.take();
        if (this.isCancelled()) return false;
        if (item.page === null) {
          // Rendering ended before this send: its page failed (or the renderer stopped).
          const failure = item.outcome && !item.outcome.ok
            ? { stage: 'render' as const, error: item.outcome.error as RenderError }
            : { stage: 'render' as const, error: new Error('the renderer ended early') as unknown as RenderError };
          this.update({ status: 'failed', next: index, failure });
          return false;
        }
        const send = plan.at(index);
        this.update({ sent: this.state.sent + 1 });
        const sent = await this.sender.send(item.page, send, controller.signal);
        if (this.isCancelled()) {
          this.update({ sent: this.state.sent - 1 });
          return false;
        }
        if (!sent.ok) {
          this.update({ status: 'failed', sent: this.state.sent - 1, next: index, failure: { stage: 'send', error: sent.error } });
          return false;
        }
        this.update({ confirmed: this.state.confirmed + 1, labelsConfirmed: this.state.labelsConfirmed + send.copies, next: index + 1 });
      }
      return true;
    } finally {
      controller.abort();
      queue.drain();
      await rendering;
      if (this.segment === controller) this.segment = null;
    }
  }
}

/**
 * A bounded FIFO of rendered pages between the renderer (push, which waits for room) and
 * the sender (take, which waits for a page or the end).
 */
class PageQueue {
  private readonly pages: Page[] = [];
  private waitingTaker: ((item: { page: Page | null; outcome?: Outcome<unknown> }) => void) | null = null;
  private waitingPushers: (() => void)[] = [];
  private ended: Outcome<unknown> | null = null;
  /** After drain: pages are dropped and pushes never wait (the renderer is being stopped). */
  private drained = false;

  constructor(private readonly capacity: number) {}

  push(page: Page): Promise<void> {
    if (this.drained) return Promise.resolve();
    if (this.waitingTaker) {
      const take = this.waitingTaker;
      this.waitingTaker = null;
      take({ page });
      return Promise.resolve();
    }
    this.pages.push(page);
    if (this.pages.length < this.capacity) return Promise.resolve();
    return new Promise((resolve) => this.waitingPushers.push(resolve));
  }

  take(): Promise<{ page: Page | null; outcome?: Outcome<unknown> }> {
    const page = this.pages.shift();
    if (page) {
      this.waitingPushers.shift()?.();
      return Promise.resolve({ page });
    }
    if (this.ended) return Promise.resolve({ page: null, outcome: this.ended });
    return new Promise((resolve) => (this.waitingTaker = resolve));
  }

  close(outcome: Outcome<unknown>): void {
    this.ended = outcome;
    const take = this.waitingTaker;
    this.waitingTaker = null;
    take?.({ page: null, outcome });
  }

  /** Drops queued pages and releases a waiting renderer (the segment is over). */
  drain(): void {
    this.drained = true;
    this.pages.length = 0;
    for (const release of this.waitingPushers.splice(0)) release();
  }
}
