import { describe, expect, it } from 'vitest';
import { HistoryManager, Store, reverseDiff, squashDiffs, type RecordsDiff } from './history.ts';
import { createElement, updateElement, type LabelElement } from './elements/index.ts';

interface Rec {
  id: string;
  x: number;
  name?: string;
}

function fakeTimers() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimer: (fn: () => void, ms: number) => {
      const id = next++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimer: (h: unknown) => void timers.delete(h as number),
    advance(ms: number) {
      now += ms;
      for (const [id, t] of [...timers]) if (t.at <= now) (timers.delete(id), t.fn());
    },
  };
}

function setup(options = {}) {
  const timers = fakeTimers();
  const store = new Store<Rec>([{ id: 'a', x: 0 }]);
  const history = new HistoryManager(store, { ...timers, ...options });
  const x = () => store.get('a')?.x;
  return { store, history, timers, x };
}

describe('diffs', () => {
  it('reverse and squash', () => {
    const a = { id: 'a', x: 1 };
    const a2 = { id: 'a', x: 2 };
    const d: RecordsDiff<Rec> = { added: { a }, updated: {}, removed: {} };
    expect(reverseDiff(d)).toEqual({ added: {}, updated: {}, removed: { a } });
    const up: RecordsDiff<Rec> = { added: {}, updated: { a: [a, a2] }, removed: {} };
    expect(squashDiffs(d, up)).toEqual({ added: { a: a2 }, updated: {}, removed: {} });
    expect(squashDiffs(d, reverseDiff(d))).toEqual({ added: {}, updated: {}, removed: {} });
    expect(squashDiffs(up, reverseDiff(up))).toEqual({ added: {}, updated: {}, removed: {} });
    expect(squashDiffs(up, { added: {}, updated: {}, removed: { a: a2 } })).toEqual({ added: {}, updated: {}, removed: { a } });
    expect(squashDiffs(reverseDiff(d), { added: { a: a2 }, updated: {}, removed: {} })).toEqual({ added: {}, updated: { a: [a, a2] }, removed: {} });
  });
});

describe('HistoryManager', () => {
  it('undoes and redoes change groups separated by marks', () => {
    const { store, history, x } = setup();
    store.update('a', (r) => ({ ...r, x: 1 }));
    store.update('a', (r) => ({ ...r, x: 2 }));
    history.mark('move');
    store.put([{ id: 'b', x: 9 }]);
    history.mark('add');
    expect(history.undoNames).toEqual(['move', 'add']);
    expect(history.undo()).toBe(true);
    expect(store.has('b')).toBe(false);
    expect(history.undo()).toBe(true);
    expect(x()).toBe(0);
    expect(history.undo()).toBe(false);
    expect(history.redo()).toBe(true);
    expect(x()).toBe(2);
    expect(history.redo()).toBe(true);
    expect(store.get('b')).toEqual({ id: 'b', x: 9 });
    expect(history.redo()).toBe(false);
  });

  it('discards the redo tail on a new change after undo', () => {
    const { store, history, x } = setup();
    store.update('a', (r) => ({ ...r, x: 1 }));
    history.mark();
    store.update('a', (r) => ({ ...r, x: 2 }));
    history.mark();
    history.undo();
    expect(history.canRedo).toBe(true);
    store.update('a', (r) => ({ ...r, x: 5 }));
    expect(history.canRedo).toBe(false);
    expect(history.redo()).toBe(false);
    history.undo();
    expect(x()).toBe(1);
  });

  it('commits a group by itself 100 ms after the last change', () => {
    const { store, history, timers, x } = setup();
    store.update('a', (r) => ({ ...r, x: 1 }));
    timers.advance(60);
    store.update('a', (r) => ({ ...r, x: 2 }));
    timers.advance(60); // 60 ms since the last change: still open
    expect(history.undoDepth).toBe(0);
    timers.advance(40);
    expect(history.undoDepth).toBe(1);
    store.update('a', (r) => ({ ...r, x: 3 }));
    timers.advance(100);
    expect(history.undoDepth).toBe(2);
    history.undo();
    expect(x()).toBe(2);
    history.undo();
    expect(x()).toBe(0);
  });

  it('merges repeated changes to the same property (a drag) into one step', () => {
    const { store, history, timers, x } = setup();
    for (let i = 1; i <= 10; i++) {
      history.batch(() => store.update('a', (r) => ({ ...r, x: i })), 'drag', 'a.x');
      timers.advance(500); // slower than auto-commit: still one step
    }
    history.batch(() => store.update('a', (r) => ({ ...r, name: 'n' })), 'rename', 'a.name');
    expect(history.undoNames).toEqual(['drag', 'rename']);
    history.undo();
    history.undo();
    expect(x()).toBe(0);
    // After an undo, a new drag does not merge into the older step.
    history.batch(() => store.update('a', (r) => ({ ...r, x: 4 })), 'drag', 'a.x');
    expect(history.undoDepth).toBe(1);
  });

  it('keeps at most 100 steps', () => {
    const { store, history, x } = setup();
    for (let i = 1; i <= 130; i++) {
      store.update('a', (r) => ({ ...r, x: i }));
      history.mark();
    }
    expect(history.undoDepth).toBe(100);
    while (history.undo());
    expect(x()).toBe(30);
  });

  it('is dirty when the position differs from the saved one', () => {
    const { store, history } = setup({ maxSteps: 3 });
    expect(history.isDirty).toBe(false);
    store.update('a', (r) => ({ ...r, x: 1 }));
    expect(history.isDirty).toBe(true);
    history.markSaved();
    expect(history.isDirty).toBe(false);
    store.update('a', (r) => ({ ...r, x: 2 }));
    history.mark();
    expect(history.isDirty).toBe(true);
    history.undo();
    expect(history.isDirty).toBe(false);
    history.undo();
    expect(history.isDirty).toBe(true);
    history.redo();
    expect(history.isDirty).toBe(false);
    // Once the saved step falls off the bottom, undoing everything is not "saved".
    for (let i = 0; i < 4; i++) {
      store.update('a', (r) => ({ ...r, x: 10 + i }));
      history.mark();
    }
    while (history.undo());
    expect(history.isDirty).toBe(true);
  });

  it('bails out of an open group and ignores what it is told to', () => {
    const { store, history, x } = setup();
    store.update('a', (r) => ({ ...r, x: 7 }));
    history.bail();
    expect(x()).toBe(0);
    expect(history.canUndo).toBe(false);
    history.ignore(() => store.put([{ id: 'sel', x: 0 }]));
    expect(history.canUndo).toBe(false);
    expect(store.has('sel')).toBe(true);
  });

  it('undoes edits of label elements kept as records', () => {
    type ElRec = { id: string; el: LabelElement };
    const store = new Store<ElRec>([{ id: 't1', el: createElement('text', { content: 'a' }) }]);
    const history = new HistoryManager(store, fakeTimers());
    const edit = (patch: Record<string, unknown>) => store.update('t1', (r) => ({ ...r, el: updateElement(r.el, patch) }));
    edit({ content: 'ab' });
    history.mark('type');
    edit({ fontHeight: 0.1, x: 3 });
    history.mark('style');
    expect(store.get('t1')!.el).toMatchObject({ content: 'ab', fontHeight: 1.058, x: 3 });
    history.undo();
    expect(store.get('t1')!.el).toMatchObject({ content: 'ab', fontHeight: 6, x: 0 }); // new text: 20% of the 30 mm label's height
    history.undo();
    expect(store.get('t1')!.el).toMatchObject({ content: 'a' });
  });
});
