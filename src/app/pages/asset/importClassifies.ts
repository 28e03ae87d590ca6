/**
 * The classifications the import page offers (their templates), from the shared asset cache
 * (state/assets.ts): loaded on first use, the failure's message if loading failed.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { assetState, assetStore } from '../../state/assets';

export function useImportClassifies(): { error: string | null } {
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
  return { error };
}
