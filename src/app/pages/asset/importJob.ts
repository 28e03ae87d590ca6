/**
 * The import job as the page follows it: on mount the company's latest job (so a reload
 * while an import runs shows its progress, and otherwise the last outcome), then polling
 * while it runs. Starting an import sends the file and follows the new job; a refusal
 * because another import runs (10007) follows that one instead.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiFailure } from '../../../api/client';
import type { ImportStatus } from '../../../api/contract';
import { excelApi } from '../../api';
import { assetStore } from '../../state/assets';
import { readFileAsBase64, fileSuffix } from './importFile';
import { importRefusal, isImportRunning } from './importView';

/** How often a running job is asked for its progress. */
export const IMPORT_POLL_MS = 800;
/** After a failed poll (network), the next try waits this long. */
const RETRY_MS = 3000;

export interface StartImportInput {
  file: File;
  classifyId?: number;
  allOrNothing: boolean;
}

export function useImportJob() {
  const [status, setStatus] = useState<ImportStatus | null>(null);
  /** Loading the latest job or polling failed: the message (polling goes on). */
  const [pollError, setPollError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [retry, setRetry] = useState(0);
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  /** Takes a new status; an import that just finished with writes refreshes the asset lists. */
  const accept = useCallback((next: ImportStatus) => {
    setStatus((prev) => {
      const finished = isImportRunning(prev) && !isImportRunning(next) && prev?.jobId === next.jobId;
      if (finished && next.status === 'success' && (next.created ?? 0) + (next.updated ?? 0) > 0) assetStore.assetsChanged();
      return next;
    });
    setPollError(null);
  }, []);

  // The latest job, on mount and on retry until it loads.
  useEffect(() => {
    if (loaded) return;
    let active = true;
    void excelApi.importStatus().then((result) => {
      if (!active) return;
      if (result.ok) {
        accept(result.data);
        setLoaded(true);
      } else setPollError(result.message);
    });
    return () => {
      active = false;
    };
  }, [loaded, retry, accept]);

  // While the job runs: ask again after a pause (each answer is a new status: a new round).
  useEffect(() => {
    if (!isImportRunning(status) || status?.jobId === undefined) return;
    const jobId = status.jobId;
    let active = true;
    const timer = setTimeout(() => {
      void excelApi.importStatus(jobId).then((result) => {
        if (!active) return;
        if (result.ok) accept(result.data);
        else {
          setPollError(result.message);
          setTimeout(() => active && setRetry((n) => n + 1), RETRY_MS);
        }
      });
    }, IMPORT_POLL_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [status, retry, accept]);

  /** Sends the file; null when the import started, else the refusal (10007 follows the running job). */
  const start = useCallback(
    async ({ file, classifyId, allOrNothing }: StartImportInput): Promise<ApiFailure | null> => {
      const fileData = await readFileAsBase64(file);
      const result = await excelApi.startImport({ suffix: fileSuffix(file.name), fileName: file.name, fileData, allOrNothing, classifyId });
      if (!live.current) return null;
      if (result.ok) {
        accept({ status: 'importing', jobId: result.data.jobId, fileName: file.name, phase: 'checking', done: 0, total: result.data.totalRows });
        return null;
      }
      if (importRefusal(result.code) === 'busy') {
        const latest = await excelApi.importStatus();
        if (live.current && latest.ok) accept(latest.data);
      }
      return result;
    },
    [accept],
  );

  const reload = useCallback(() => {
    setLoaded(false);
    setRetry((n) => n + 1);
  }, []);

  return { status, loaded, pollError, start, reload };
}
