/**
 * Visited pages shown as tags above the content (spec section 2). Pinned ("affix") tags,
 * the dashboard, are always present and cannot be closed. The list operations are pure
 * functions; the store and the shell apply them.
 */
import { proxy } from 'valtio';
import type { MessageKey } from '../i18n/types';

export interface VisitedTag {
  path: string;
  titleKey: MessageKey;
  affix: boolean;
}

export const tagsState = proxy<{ visited: VisitedTag[] }>({ visited: [] });

/** Adds a tag for a page at the end, unless one is open already; pinned tags come first. */
export function withVisited(list: readonly VisitedTag[], tag: VisitedTag): VisitedTag[] {
  if (list.some((t) => t.path === tag.path)) return [...list];
  if (!tag.affix) return [...list, tag];
  const pinned = list.filter((t) => t.affix);
  return [...pinned, tag, ...list.filter((t) => !t.affix)];
}

/**
 * Result of a close: the tags left, and where to go when the page on screen was closed
 * (the last tag left, as a browser does with its last tab).
 */
export interface CloseResult {
  visited: VisitedTag[];
  navigateTo: string | null;
}

export function closeTag(list: readonly VisitedTag[], path: string, activePath: string): CloseResult {
  const visited = list.filter((t) => t.affix || t.path !== path);
  return { visited, navigateTo: path === activePath && visited.length < list.length ? lastPath(visited) : null };
}

/** Keeps the pinned tags and the chosen one, and shows the chosen one. */
export function closeOtherTags(list: readonly VisitedTag[], path: string, activePath: string): CloseResult {
  const visited = list.filter((t) => t.affix || t.path === path);
  return { visited, navigateTo: path === activePath ? null : path };
}

export function closeAllTags(list: readonly VisitedTag[], activePath: string): CloseResult {
  const visited = list.filter((t) => t.affix);
  return { visited, navigateTo: visited.some((t) => t.path === activePath) ? null : lastPath(visited) };
}

function lastPath(list: readonly VisitedTag[]): string {
  return list.length > 0 ? list[list.length - 1].path : '/';
}

export function resetTags(): void {
  tagsState.visited = [];
}
