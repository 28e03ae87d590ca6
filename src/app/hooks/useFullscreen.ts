import { useCallback, useSyncExternalStore } from 'react';

/** Whether the page is in full-screen mode, and a toggle (spec section 2: fullscreen toggle). */
export function useFullscreen(): { isFullscreen: boolean; supported: boolean; toggle: () => void } {
  const isFullscreen = useSyncExternalStore(
    (onChange) => {
      document.addEventListener('fullscreenchange', onChange);
      return () => document.removeEventListener('fullscreenchange', onChange);
    },
    () => document.fullscreenElement !== null,
    () => false,
  );
  const toggle = useCallback(() => {
    const action = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    action.catch(() => {
      // Refused (no user gesture, iframe policy): nothing to do; the button stays as it was.
    });
  }, []);
  return { isFullscreen, supported: document.fullscreenEnabled !== false, toggle };
}
