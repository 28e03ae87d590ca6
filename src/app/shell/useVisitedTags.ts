import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import type { RouteHandle } from '../router';
import { pageRoutes } from '../routes';
import { tagsState, withVisited } from '../state/tags';

/** Keeps the tags in step with navigation: pinned pages always, plus each page visited. */
export function useVisitedTags(): void {
  const { pathname } = useLocation();
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.tag)?.handle as
    | RouteHandle
    | undefined;

  useEffect(() => {
    let visited = tagsState.visited;
    for (const route of pageRoutes) {
      if (route.affix) visited = withVisited(visited, { path: route.path, titleKey: route.titleKey, affix: true });
    }
    if (handle?.tag) visited = withVisited(visited, { path: pathname, titleKey: handle.titleKey, affix: handle.tag.affix });
    if (visited.length !== tagsState.visited.length) tagsState.visited = visited;
  }, [pathname, handle]);
}
