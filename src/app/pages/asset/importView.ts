/**
 * What the import page shows for a job status (spec section 4: not imported, importing,
 * success, error): the state, the progress of the two server steps (checking the rows, then
 * saving them) as one bar, the counts and the bad rows, and how to present a refusal of the
 * start call.
 */
import { StatusCode, type ImportStatus, type ImportStatusValue } from '../../../api/contract';

/** Checking the rows is the first half of the bar, saving them the second. */
export const CHECK_SHARE = 0.5;

export interface ImportProgressView {
  step: 'checking' | 'saving';
  done: number;
  total: number;
  /** 0..1 over both steps. */
  fraction: number;
}

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  errors: number;
}

/**
 * What the state badge says: the job's state, except that a finished import some of whose
 * rows were refused is 'partial' (the other rows were saved): "succeeded" would hide that
 * rows are missing.
 */
export type ImportBadgeState = ImportStatusValue | 'partial';

export interface ImportView {
  state: ImportStatusValue;
  badge: ImportBadgeState;
  fileName: string;
  progress: ImportProgressView | null;
  /** Once finished; null while running or without a job. */
  counts: ImportCounts | null;
  problems: { row: number; reason: string }[];
  /** Problems the server counted but did not list (it keeps the first 1,000). */
  unlistedProblems: number;
  /** The reason nothing was saved (state 'error'), or null. */
  message: string | null;
  finishedAt: string | null;
}

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);

export function importView(status: ImportStatus | null): ImportView {
  const state = status?.status ?? 'none';
  const base: ImportView = {
    state,
    badge: state,
    fileName: status?.fileName ?? '',
    progress: null,
    counts: null,
    problems: [],
    unlistedProblems: 0,
    message: null,
    finishedAt: status?.finishedAt ?? null,
  };
  if (!status || state === 'none') return base;
  if (state === 'importing') {
    const step = status.phase ?? 'checking';
    const done = status.done ?? 0;
    const total = status.total ?? 0;
    const within = total > 0 ? clamp01(done / total) : 0;
    const fraction = step === 'checking' ? within * CHECK_SHARE : CHECK_SHARE + within * (1 - CHECK_SHARE);
    return { ...base, progress: { step, done, total, fraction } };
  }
  const problems = status.errors ?? [];
  const errors = Math.max(status.errorCount ?? problems.length, problems.length);
  return {
    ...base,
    badge: state === 'success' && errors > 0 ? 'partial' : state,
    counts: {
      created: status.created ?? 0,
      updated: status.updated ?? 0,
      unchanged: status.unchanged ?? 0,
      errors,
    },
    problems,
    unlistedProblems: errors - problems.length,
    message: state === 'error' ? (status.message ?? null) : null,
  };
}

export function isImportRunning(status: ImportStatus | null): boolean {
  return status?.status === 'importing';
}

/**
 * How a refused start is presented: 'busy' (10007: another import runs; its progress is
 * shown), 'stale' (10009: the page offers the template), 'file' (the file itself: 10003 to
 * 10006), 'other' (the server's message as it is).
 */
export type ImportRefusal = 'busy' | 'stale' | 'file' | 'other';

export function importRefusal(code: number | null): ImportRefusal {
  switch (code) {
    case StatusCode.importBusy:
      return 'busy';
    case StatusCode.staleTemplate:
      return 'stale';
    case StatusCode.noExcelImported:
    case StatusCode.importWrongType:
    case StatusCode.importTooLarge:
    case StatusCode.importParseFailed:
      return 'file';
    default:
      return 'other';
  }
}

/** Badge colour of each state. */
export const IMPORT_STATE_COLOR = {
  none: 'informative',
  importing: 'brand',
  success: 'success',
  partial: 'warning',
  error: 'danger',
} as const satisfies Record<ImportBadgeState, string>;
