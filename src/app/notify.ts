/**
 * App-wide notifications from anywhere (including non-React code such as the API client's
 * session handler). <Notifications /> renders them as Fluent toasts.
 */
export type NotifyIntent = 'success' | 'info' | 'warning' | 'error';

export interface Notice {
  intent: NotifyIntent;
  message: string;
}

type Listener = (notice: Notice) => void;
const listeners = new Set<Listener>();

export function notify(intent: NotifyIntent, message: string): void {
  for (const listener of listeners) listener({ intent, message });
}

export function onNotice(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
