/**
 * Listens for a keyboard-wedge scanner anywhere on the page (WedgeDetector: a burst of keys
 * each within `maxGapMs`, default 50 ms, ended by Enter) and reports the text. Keys typed
 * into a text field are the field's (its own Enter handles them, as the typed entry does);
 * keys with Ctrl, Alt or Meta are shortcuts, not scans. The Enter that ends a scan is kept
 * from the focused element, so a scan never presses the button that has the focus.
 */
import { useEffect, useRef } from 'react';
import { WedgeDetector, type WedgeOptions } from './wedge.ts';

/** Whether keys on this element are typing into it (inputs that take text, textareas,
 * selects, editable content). */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (el as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'range', 'reset', 'submit', 'color', 'file', 'image'].includes(type);
}

export function useWedgeScanner(onScan: (text: string) => void, options: WedgeOptions & { enabled?: boolean } = {}): void {
  const report = useRef(onScan);
  report.current = onScan;
  const { enabled = true, maxGapMs, minLength } = options;
  useEffect(() => {
    if (!enabled) return;
    const detector = new WedgeDetector({ maxGapMs, minLength });
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing || isTextEntry(event.target)) {
        detector.reset();
        return;
      }
      const text = detector.key(event.key, event.timeStamp);
      if (text === null) return;
      event.preventDefault();
      event.stopPropagation();
      report.current(text);
    };
    // Capture phase: seen before the focused element acts on the Enter.
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [enabled, maxGapMs, minLength]);
}
