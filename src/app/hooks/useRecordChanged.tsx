/**
 * Record versions in the forms (migration 010, contract RecordVersion): every form that saves
 * or deletes a versioned record sends the version it loaded; when the server answers 31
 * (someone else changed the record meanwhile; nothing was written) the form shows
 * RecordChangedBar, whose Reload loads the record again and puts the form back on it, so
 * nothing stale stays on screen. One hook for every such form:
 *
 *   const changed = useRecordChanged(async () => { ...load again, reset the form...; return null });
 *   const result = await save(...);
 *   if (changed.caught(result)) return;   // the bar is up
 *   ...
 *   {changed.bar}
 *
 * reload returns null when done, or a message to show instead (the record is gone, say).
 */
import { useCallback, useState, type ReactNode } from 'react';
import type { ApiResult } from '../../api/client';
import { StatusCode } from '../../api/contract';
import { RecordChangedBar } from '../components/RecordChangedBar';

/** Whether a call was refused because the record changed since the version it sent. */
export function isRecordChanged(result: ApiResult<unknown>): boolean {
  return !result.ok && result.code === StatusCode.recordChanged;
}

export interface RecordChanged {
  /** True (and the bar shows) when `result` is the record-changed refusal. */
  caught(result: ApiResult<unknown>): boolean;
  /** The bar while the refusal stands, else null. */
  bar: ReactNode;
  /** Whether the bar is up (the form should not save again before reloading). */
  stale: boolean;
  /** Takes the bar down (the form was closed or reloaded by other means). */
  clear(): void;
}

export function useRecordChanged(reload: () => Promise<string | null>): RecordChanged {
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const caught = useCallback((result: ApiResult<unknown>) => {
    if (!isRecordChanged(result) || result.ok) return false;
    setMessage(result.message);
    return true;
  }, []);

  const onReload = async () => {
    setBusy(true);
    const problem = await reload();
    setBusy(false);
    setMessage(problem);
  };

  const bar = message === null ? null : <RecordChangedBar message={message} busy={busy} onReload={() => void onReload()} />;
  return { caught, bar, stale: message !== null, clear: () => setMessage(null) };
}
