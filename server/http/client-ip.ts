import type { Context } from 'hono';

/**
 * The client's address, for the per-address login limit. Behind a reverse proxy every request
 * comes from the proxy, so with trustProxy the first X-Forwarded-For entry counts instead
 * (only safe when the proxy sets that header itself). In-process test requests have no socket.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}
