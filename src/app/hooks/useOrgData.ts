/**
 * Page access to the organisation cache (state/org.ts): each hook loads its collection on
 * first use and re-renders on every change to it, whichever page made the change.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ApiResult } from '../../api/client';
import { buildDeptTree } from '../state/departmentTree';
import { org, orgState } from '../state/org';

/** Loads once per mount (and again after the cache was emptied); the failure's message if any. */
function useLoad(loaded: boolean, load: (force?: boolean) => Promise<ApiResult<null>>) {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void load().then((r) => live && setError(r.ok ? null : r.message));
    return () => {
      live = false;
    };
  }, [loaded, load]);
  const retry = useCallback(() => {
    setError(null);
    void load(true).then((r) => setError(r.ok ? null : r.message));
  }, [load]);
  return { error, retry };
}

export function useDepartments() {
  const { departments } = useSnapshot(orgState);
  const status = useLoad(departments !== null, org.loadDepartments);
  const tree = useMemo(() => (departments ? buildDeptTree(departments) : null), [departments]);
  return { departments, tree, ...status };
}

export function useChildUsers() {
  const { childUsers } = useSnapshot(orgState);
  return { childUsers, ...useLoad(childUsers !== null, org.loadChildUsers) };
}

export function useRoles() {
  const { roles } = useSnapshot(orgState);
  return { roles, ...useLoad(roles !== null, org.loadRoles) };
}

export function usePermissionCatalogue() {
  const { permissions } = useSnapshot(orgState);
  return { permissions, ...useLoad(permissions !== null, org.loadPermissions) };
}
