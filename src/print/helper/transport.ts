/**
 * One HTTP exchange with a helper, as a value: fetch (browsers and Node 20 both have it)
 * with a time-out and the caller's AbortSignal, and the protocol's reply
 * `{statusCode, resultInfo}` checked. Whatever happens on the wire ends as a HelperResult;
 * only a caller bug (a malformed URL) can still throw.
 *
 * The time-out covers the whole exchange, reply body included: a helper that accepts the
 * connection and never answers, or stops half-way through its reply, ends as
 * `{kind: 'timeout', ms}`.
 */
import { CODE, fail, ok, type HelperResult } from './errors.ts';

export interface Exchange {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** Network errors count as the page's plain-http case (see HelperError 'network'). */
  plainHttp: boolean;
}

/** The resultInfo of a statusCode 0 reply; any other outcome is an error value. */
export async function exchange(x: Exchange): Promise<HelperResult<unknown>> {
  if (x.signal?.aborted) return fail({ kind: 'aborted' });
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, x.timeoutMs);
  const onAbort = (): void => controller.abort();
  x.signal?.addEventListener('abort', onAbort, { once: true });

  let status: number;
  let text: string;
  try {
    const init: RequestInit = { method: x.method, signal: controller.signal, cache: 'no-store' };
    if (x.headers) init.headers = x.headers;
    if (x.body !== undefined) init.body = x.body;
    const response = await fetch(x.url, init);
    status = response.status;
    text = await response.text();
  } catch {
    // fetch rejects the same way for a closed port, a reset and a browser's block: only
    // our own time-out and the caller's cancel can be told apart.
    if (timedOut) return fail({ kind: 'timeout', ms: x.timeoutMs });
    if (x.signal?.aborted) return fail({ kind: 'aborted' });
    return fail({ kind: 'network', plainHttp: x.plainHttp });
  } finally {
    clearTimeout(timer);
    x.signal?.removeEventListener('abort', onAbort);
  }
  return readReply(status, text);
}

/** `{statusCode, resultInfo}` -> resultInfo, a helper code, or badReply. */
export function readReply(status: number, text: string): HelperResult<unknown> {
  let reply: unknown;
  try {
    reply = JSON.parse(text);
  } catch {
    return fail({ kind: 'badReply', status, detail: 'not JSON' });
  }
  if (typeof reply !== 'object' || reply === null || !('statusCode' in reply)) {
    return fail({ kind: 'badReply', status, detail: 'no statusCode' });
  }
  const { statusCode, resultInfo } = reply as { statusCode: unknown; resultInfo?: unknown };
  if (typeof statusCode !== 'number' || !Number.isInteger(statusCode)) {
    return fail({ kind: 'badReply', status, detail: 'statusCode is not a number' });
  }
  // A helper's code counts whatever the HTTP status was (ours answers refusals with 4xx too).
  if (statusCode === CODE.ok) return ok(resultInfo);
  const detail = replyText(resultInfo);
  return fail(detail === undefined ? { kind: 'code', code: statusCode } : { kind: 'code', code: statusCode, detail });
}

/** The helper's own words about a failure: resultInfo as text, or its message field. */
function replyText(resultInfo: unknown): string | undefined {
  const text =
    typeof resultInfo === 'string'
      ? resultInfo
      : typeof resultInfo === 'object' && resultInfo !== null && 'message' in resultInfo
        ? (resultInfo as { message: unknown }).message
        : undefined;
  // Kept short: it is shown to the user inside a sentence.
  return typeof text === 'string' && text.trim() !== '' ? text.trim().slice(0, 300) : undefined;
}
