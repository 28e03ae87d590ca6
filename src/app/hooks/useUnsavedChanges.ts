/**
 * Unsaved changes (issue 14): while a form is dirty, the browser asks before the tab closes
 * or reloads, and the app asks (window.confirm) before it leaves the page. Shared by the
 * label editor, the asset form, the role permissions and the classification dialog.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type Location } from 'react-router';

/**
 * Whether two form values are the same, field by field (plain objects, arrays and
 * primitives, as the forms' drafts are). A form is dirty when its values differ from what
 * was loaded or last saved.
 */
export function sameValues(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameValues((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * Asks before leaving while `dirty`. Returns `allowLeave`: call it right before navigating
 * away after a successful save, because the state that makes the form clean only lands on
 * the next render, while the navigation is checked at once. `keepsChanges` names the moves
 * that lose nothing (the label editor's Print hands its session to the print page), also
 * when they come back by the browser's Forward.
 */
export function useUnsavedChanges(dirty: boolean, message: string, keepsChanges?: (next: Location) => boolean): () => void {
  // Read at the moment of leaving (beforeunload, the router's check), not from a closure
  // of an older render.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (dirtyRef.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  // Only a move to another page loses the form; a change of the hash does not.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) && !keepsChanges?.(nextLocation),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);

  return useCallback(() => {
    dirtyRef.current = false;
  }, []);
}
