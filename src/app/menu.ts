/**
 * The sidebar menu for one user, built from the route table: pages they may see, in table
 * order, top-level pages and sections in the order each first appears.
 */
import type { SessionUser } from './permissions';
import { canOpen, type MenuGroup, type PageRoute } from './routes';

export type MenuNode =
  | { kind: 'page'; route: PageRoute }
  | { kind: 'group'; group: MenuGroup; pages: PageRoute[] };

export function buildMenu(routes: readonly PageRoute[], groups: readonly MenuGroup[], user: SessionUser): MenuNode[] {
  const nodes: MenuNode[] = [];
  const groupNodes = new Map<string, Extract<MenuNode, { kind: 'group' }>>();
  for (const route of routes) {
    if (route.hidden || !canOpen(route, user) || !(route.inMenu ?? (() => true))(user)) continue;
    if (!route.group) {
      nodes.push({ kind: 'page', route });
      continue;
    }
    let node = groupNodes.get(route.group);
    if (!node) {
      const group = groups.find((g) => g.id === route.group);
      if (!group) throw new Error(`route ${route.path} names unknown menu group ${route.group}`);
      node = { kind: 'group', group, pages: [] };
      groupNodes.set(route.group, node);
      nodes.push(node);
    }
    node.pages.push(route);
  }
  return nodes;
}

/** Where a section's own path leads: its first page the user may open. */
export function groupLanding(routes: readonly PageRoute[], group: MenuGroup, user: SessionUser): string | null {
  const first = routes.find((r) => r.group === group.id && !r.hidden && canOpen(r, user));
  return first ? first.path : null;
}
