/**
 * The typed API client: one `request` that turns every outcome of an HTTP call into a
 * value (spec section 8), never a thrown exception:
 *
 *   ok            statusCode 0; `data` is resultInfo
 *   badParameter  the request could not be built (a query value that is not a scalar, a
 *                 body that is not JSON); nothing was sent
 *   network       no usable reply: connection failure, the 90 000 ms timeout, or a reply
 *                 that is not an envelope ("网络异常！" / "Data request exception...")
 *   response      a non-zero statusCode; `message` is the server's resultInfo text, already
 *                 in the language sent in Accept-Language
 *   notLoggedIn   the call needs a session and there is none (nothing was sent), or the
 *                 server answered 19 (session invalid); the latter also fires
 *                 `onSessionInvalid` once per session so the app can warn and log out
 *
 * The client knows nothing of React or i18next: the app hands it the session token, the
 * language and the texts of the client-side messages.
 */
import { LOGIN_ID_HEADER, StatusCode, SYSTEM_FLAG, SYSTEM_FLAG_HEADER, type Envelope } from './contract';

export type ApiErrorKind = 'badParameter' | 'network' | 'response' | 'notLoggedIn';

export interface ApiSuccess<T> {
  ok: true;
  data: T;
}

export interface ApiFailure {
  ok: false;
  kind: ApiErrorKind;
  /** The server's statusCode for `response` and a server-side `notLoggedIn`; else null. */
  code: number | null;
  /** A user-facing message in the current language. */
  message: string;
}

export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

/** Messages the client itself produces (the server localizes its own). */
export type ClientMessageKey = 'network' | 'unknown' | 'sessionInvalid' | 'badParameter';

export type UiLanguage = 'zh-CN' | 'en';

export interface ApiClientOptions {
  /** Prefix of every path, e.g. 'https://assets.example.com/'; '' means the page's origin. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** Milliseconds before a call counts as a network error; spec section 9 says 90 000. */
  timeoutMs?: number;
  systemFlag?: string;
  getLoginId: () => string | null;
  getLanguage: () => UiLanguage;
  message: (key: ClientMessageKey) => string;
  /** Called once per invalidated session token when the server answers 19. */
  onSessionInvalid?: (message: string) => void;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path below the base address, e.g. 'api/Login'. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Whether the call needs a session (default true). Public calls: login, register, ... */
  auth?: boolean;
  signal?: AbortSignal;
}

export interface ApiClient {
  request<T>(options: RequestOptions): Promise<ApiResult<T>>;
}

export const DEFAULT_TIMEOUT_MS = 90_000;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const {
    baseUrl = '',
    timeoutMs = DEFAULT_TIMEOUT_MS,
    systemFlag = SYSTEM_FLAG,
    getLoginId,
    getLanguage,
    message,
    onSessionInvalid,
  } = options;
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  // The token whose invalidity was already reported: many calls in flight may all get 19.
  let reportedInvalidLoginId: string | null = null;

  const failure = (kind: ApiErrorKind, code: number | null, text: string): ApiFailure => ({
    ok: false,
    kind,
    code,
    message: text,
  });

  async function request<T>(req: RequestOptions): Promise<ApiResult<T>> {
    const loginId = getLoginId();
    const needsSession = req.auth ?? true;
    if (needsSession && !loginId) return failure('notLoggedIn', null, message('sessionInvalid'));

    const url = buildUrl(baseUrl, req.path, req.query);
    let body: string | undefined;
    try {
      if (url === null) throw new Error('query');
      if (req.body !== undefined) body = JSON.stringify(req.body);
    } catch {
      return failure('badParameter', null, message('badParameter'));
    }

    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': getLanguage(),
      [SYSTEM_FLAG_HEADER]: systemFlag,
    };
    if (loginId) headers[LOGIN_ID_HEADER] = loginId;
    if (body !== undefined) headers['Content-Type'] = 'application/json';

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const onCallerAbort = () => controller.abort();
    req.signal?.addEventListener('abort', onCallerAbort, { once: true });
    let envelope: Envelope | null;
    try {
      const response = await fetchImpl(url!, { method: req.method, headers, body, signal: controller.signal });
      envelope = asEnvelope(await response.json().catch(() => null));
    } catch {
      envelope = null;
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onCallerAbort);
    }

    if (envelope === null) return failure('network', null, message('network'));
    if (envelope.statusCode === StatusCode.ok) return { ok: true, data: envelope.resultInfo as T };
    if (envelope.statusCode === StatusCode.sessionInvalid) {
      const text = message('sessionInvalid');
      if (loginId && loginId !== reportedInvalidLoginId) {
        reportedInvalidLoginId = loginId;
        onSessionInvalid?.(text);
      }
      return failure('notLoggedIn', envelope.statusCode, text);
    }
    const serverText = typeof envelope.resultInfo === 'string' && envelope.resultInfo.trim() !== ''
      ? envelope.resultInfo
      : message('unknown');
    return failure('response', envelope.statusCode, serverText);
  }

  return { request };
}

/** The URL of a call, or null when a query value is not a scalar. */
function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue> | undefined): string | null {
  const base = baseUrl === '' ? '/' : baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  let url = base + path.replace(/^\/+/, '');
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || value === null) continue;
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return null;
      if (typeof value === 'number' && !Number.isFinite(value)) return null;
      params.append(key, String(value));
    }
    const search = params.toString();
    if (search) url += `?${search}`;
  }
  return url;
}

function asEnvelope(value: unknown): Envelope | null {
  if (typeof value !== 'object' || value === null) return null;
  const statusCode = (value as { statusCode?: unknown }).statusCode;
  if (typeof statusCode !== 'number' || !Number.isInteger(statusCode)) return null;
  return { statusCode, resultInfo: (value as { resultInfo?: unknown }).resultInfo ?? null };
}
