/**
 * Page access to the asset-register cache (state/assets.ts) and to the staff pickers' list.
 */
import { useCallback, useEffect, useState } from 'react';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import type { AssetClassifyInfo, StaffInfo } from '../../../api/contract';
import { staffApi } from '../../api';
import { assetState, assetStore } from '../../state/assets';
import { orgState } from '../../state/org';
import { session } from '../../state/session';

/** The classifications, loaded on first use; re-renders on every change to them. */
export function useClassifies() {
  const { classifies } = useSnapshot(assetState);
  const [error, setError] = useState<string | null>(null);
  const loaded = classifies !== null;
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void assetStore.loadClassifies().then((r) => live && setError(r.ok ? null : r.message));
    return () => {
      live = false;
    };
  }, [loaded]);
  const retry = useCallback(() => {
    setError(null);
    void assetStore.loadClassifies(true).then((r) => setError(r.ok ? null : r.message));
  }, []);
  return { classifies: classifies as readonly AssetClassifyInfo[] | null, error, retry };
}

/**
 * Every staff member the user sees (the pickers' choices), by name; fetched again after any
 * staff change made through the organisation cache.
 */
export function useStaffOptions(): { staff: StaffInfo[] | null; error: string | null } {
  const { user } = useSnapshot(session);
  const { staffRevision } = useSnapshot(orgState);
  const { data, error } = useSWR(
    user ? (['asset-staff-options', user.loginID, staffRevision] as const) : null,
    async () => {
      const result = await staffApi.children();
      if (!result.ok) throw new Error(result.message);
      return result.data.staffs;
    },
    { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true },
  );
  return { staff: data ?? null, error: error ? (error as Error).message : null };
}
