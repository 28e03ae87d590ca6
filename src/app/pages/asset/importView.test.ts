import { describe, expect, it } from 'vitest';
import type { ImportStatus } from '../../../api/contract';
import { importRefusal, importView, isImportRunning } from './importView';

describe('importView', () => {
  it('shows nothing to report without a job', () => {
    expect(importView(null)).toMatchObject({ state: 'none', progress: null, counts: null, problems: [] });
    expect(importView({ status: 'none' }).state).toBe('none');
  });

  it('spreads the two steps over one bar', () => {
    const running = (s: Partial<ImportStatus>): ImportStatus => ({ status: 'importing', jobId: 1, ...s });
    expect(importView(running({ phase: 'checking', done: 0, total: 10 })).progress).toEqual({ step: 'checking', done: 0, total: 10, fraction: 0 });
    expect(importView(running({ phase: 'checking', done: 5, total: 10 })).progress?.fraction).toBe(0.25);
    expect(importView(running({ phase: 'saving', done: 0, total: 8 })).progress?.fraction).toBe(0.5);
    expect(importView(running({ phase: 'saving', done: 8, total: 8 })).progress?.fraction).toBe(1);
    // No phase yet, nothing counted, or counts past the total: still a sane bar.
    expect(importView(running({})).progress).toEqual({ step: 'checking', done: 0, total: 0, fraction: 0 });
    expect(importView(running({ phase: 'saving', done: 9, total: 8 })).progress?.fraction).toBe(1);
    expect(isImportRunning(running({}))).toBe(true);
    expect(isImportRunning({ status: 'success' })).toBe(false);
    expect(isImportRunning(null)).toBe(false);
  });

  it('reports the counts and the bad rows once finished', () => {
    const view = importView({
      status: 'success',
      jobId: 3,
      fileName: 'a.xlsx',
      created: 2,
      updated: 1,
      unchanged: 4,
      errorCount: 1203,
      errors: [{ row: 5, reason: 'No department "X"' }],
      finishedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(view).toMatchObject({
      state: 'success',
      // Some rows were refused: the badge says so instead of "succeeded".
      badge: 'partial',
      fileName: 'a.xlsx',
      progress: null,
      counts: { created: 2, updated: 1, unchanged: 4, errors: 1203 },
      problems: [{ row: 5, reason: 'No department "X"' }],
      unlistedProblems: 1202,
      message: null,
      finishedAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it('badges an import without refused rows as succeeded, one with some as partly imported', () => {
    const done = (s: Partial<ImportStatus>): ImportStatus => ({ status: 'success', jobId: 4, created: 3, ...s });
    expect(importView(done({ errorCount: 0, errors: [] })).badge).toBe('success');
    expect(importView(done({ errorCount: 2, errors: [{ row: 2, reason: 'r' }, { row: 3, reason: 'r' }] })).badge).toBe('partial');
    // Counted but not listed (past the first 1,000) still counts.
    expect(importView(done({ errorCount: 1, errors: [] })).badge).toBe('partial');
    expect(importView({ status: 'error', message: 'm', errors: [{ row: 2, reason: 'r' }] }).badge).toBe('error');
    expect(importView({ status: 'importing', jobId: 5 }).badge).toBe('importing');
  });

  it('says why nothing was saved on error', () => {
    const view = importView({ status: 'error', message: 'nothing saved', errors: [{ row: 2, reason: 'r' }] });
    expect(view.message).toBe('nothing saved');
    expect(view.counts).toEqual({ created: 0, updated: 0, unchanged: 0, errors: 1 });
    expect(view.unlistedProblems).toBe(0);
  });
});

describe('importRefusal', () => {
  it('tells a running import and a stale template apart from file problems', () => {
    expect(importRefusal(10007)).toBe('busy');
    expect(importRefusal(10009)).toBe('stale');
    for (const code of [10003, 10004, 10005, 10006]) expect(importRefusal(code)).toBe('file');
    expect(importRefusal(2)).toBe('other');
    expect(importRefusal(null)).toBe('other');
  });
});
