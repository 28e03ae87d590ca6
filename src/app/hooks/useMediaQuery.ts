import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, updated live (e.g. '(max-width: 767px)'). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Phones and narrow windows: the sidebar becomes an overlay drawer. */
export const NARROW_SCREEN = '(max-width: 767px)';
