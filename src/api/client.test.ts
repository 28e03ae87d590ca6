/**
 * Client contract: what each kind of reply (or non-reply) becomes, and what every request
 * carries. fetch is stubbed; the server side of the contract is tested in server/ and e2e/.
 */
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, DEFAULT_TIMEOUT_MS, type ApiClientOptions, type ClientMessageKey } from './client';
import { createUserApi } from './user';
import { md5Upper } from './md5';

const MESSAGES: Record<ClientMessageKey, string> = {
  network: 'Data request exception. Please check the network environment or request parameters!',
  unknown: 'Unknown Error!',
  sessionInvalid: 'Login information has expired. Please log out and log in again!',
  badParameter: 'Invalid request parameters.',
};

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function setup(reply: (sent: Sent) => Promise<Response> | Response, overrides: Partial<ApiClientOptions> = {}) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Sent = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: init?.headers as Record<string, string>,
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
    };
    sent.push(call);
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return reply(call);
  });
  let loginId: string | null = 'token-1';
  const onSessionInvalid = vi.fn();
  const client = createApiClient({
    baseUrl: 'http://api.test',
    fetch: fetch as unknown as typeof globalThis.fetch,
    getLoginId: () => loginId,
    getLanguage: () => 'en',
    message: (key) => MESSAGES[key],
    onSessionInvalid,
    ...overrides,
  });
  return { client, sent, fetch, onSessionInvalid, setLoginId: (id: string | null) => (loginId = id) };
}

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });

describe('api client', () => {
  it('returns resultInfo on statusCode 0 and sends the session, system flag and language', async () => {
    const { client, sent } = setup(() => json({ statusCode: 0, resultInfo: { a: 1 } }));
    const result = await client.request<{ a: number }>({ method: 'GET', path: 'api/Thing', query: { id: 7, q: 'x y', none: undefined } });
    expect(result).toEqual({ ok: true, data: { a: 1 } });
    expect(sent[0].url).toBe('http://api.test/api/Thing?id=7&q=x+y');
    expect(sent[0].headers).toMatchObject({ loginID: 'token-1', systemFlag: 'MYGDZC', 'Accept-Language': 'en' });
  });

  it('sends JSON bodies', async () => {
    const { client, sent } = setup(() => json({ statusCode: 0, resultInfo: null }));
    await client.request({ method: 'POST', path: '/api/Thing', body: { name: '资产' } });
    expect(sent[0]).toMatchObject({ url: 'http://api.test/api/Thing', method: 'POST', body: { name: '资产' } });
    expect(sent[0].headers['Content-Type']).toBe('application/json');
  });

  it('resolves paths against the page origin when no base address is configured', async () => {
    const { client, sent } = setup(() => json({ statusCode: 0, resultInfo: null }), { baseUrl: '' });
    await client.request({ method: 'GET', path: 'api/health', auth: false });
    expect(sent[0].url).toBe('/api/health');
  });

  it("shows the server's message for a non-zero statusCode", async () => {
    const { client } = setup(() => json({ statusCode: 8, resultInfo: 'Incorrect username or password' }));
    expect(await client.request({ method: 'POST', path: 'api/Login', auth: false })).toEqual({
      ok: false,
      kind: 'response',
      code: 8,
      message: 'Incorrect username or password',
    });
  });

  it('falls back to "Unknown Error!" when a failure carries no text', async () => {
    const { client } = setup(() => json({ statusCode: 1, resultInfo: null }));
    expect(await client.request({ method: 'GET', path: 'api/x' })).toMatchObject({ kind: 'response', code: 1, message: 'Unknown Error!' });
  });

  it('reads an envelope even when the HTTP status is not 2xx', async () => {
    const { client } = setup(() => json({ statusCode: 2, resultInfo: 'Parameter error' }, 400));
    expect(await client.request({ method: 'GET', path: 'api/x' })).toMatchObject({ kind: 'response', code: 2, message: 'Parameter error' });
  });

  it('reports a network error when there is no reply', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('fetch failed')));
    expect(await client.request({ method: 'GET', path: 'api/x' })).toEqual({ ok: false, kind: 'network', code: null, message: MESSAGES.network });
  });

  it('reports a network error when the reply is not an envelope', async () => {
    const { client } = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await client.request({ method: 'GET', path: 'api/x' })).toMatchObject({ kind: 'network' });
    const { client: client2 } = setup(() => json({ hello: 'world' }));
    expect(await client2.request({ method: 'GET', path: 'api/x' })).toMatchObject({ kind: 'network' });
  });

  it('gives up after 90 000 ms', async () => {
    vi.useFakeTimers();
    try {
      expect(DEFAULT_TIMEOUT_MS).toBe(90_000);
      let aborted = false;
      const { client } = setup(
        () => new Promise<Response>(() => {}),
        {
          fetch: ((_: unknown, init: RequestInit) =>
            new Promise<Response>((_resolve, reject) => {
              init.signal?.addEventListener('abort', () => {
                aborted = true;
                reject(new DOMException('aborted', 'AbortError'));
              });
            })) as unknown as typeof globalThis.fetch,
        },
      );
      const pending = client.request({ method: 'GET', path: 'api/slow' });
      await vi.advanceTimersByTimeAsync(89_999);
      expect(aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({ kind: 'network' });
      expect(aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a call that needs a session when there is none, without sending it', async () => {
    const { client, fetch, setLoginId } = setup(() => json({ statusCode: 0, resultInfo: null }));
    setLoginId(null);
    expect(await client.request({ method: 'GET', path: 'api/User/Current' })).toMatchObject({ kind: 'notLoggedIn', code: null });
    expect(fetch).not.toHaveBeenCalled();
    expect(await client.request({ method: 'GET', path: 'api/health', auth: false })).toMatchObject({ ok: true });
  });

  it('reports an invalid session (19) once per token and returns notLoggedIn', async () => {
    const { client, onSessionInvalid, setLoginId } = setup(() => json({ statusCode: 19, resultInfo: '登录信息失效' }));
    const results = await Promise.all([1, 2, 3].map(() => client.request({ method: 'GET', path: 'api/x' })));
    for (const r of results) expect(r).toEqual({ ok: false, kind: 'notLoggedIn', code: 19, message: MESSAGES.sessionInvalid });
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
    expect(onSessionInvalid).toHaveBeenCalledWith(MESSAGES.sessionInvalid);
    setLoginId('token-2');
    await client.request({ method: 'GET', path: 'api/x' });
    expect(onSessionInvalid).toHaveBeenCalledTimes(2);
  });

  it('reports a bad parameter, without sending, for a query object or a body that is not JSON', async () => {
    const { client, fetch } = setup(() => json({ statusCode: 0, resultInfo: null }));
    const query = { filter: { nested: true } } as unknown as Record<string, string>;
    expect(await client.request({ method: 'GET', path: 'api/x', query })).toMatchObject({ kind: 'badParameter', message: MESSAGES.badParameter });
    expect(await client.request({ method: 'POST', path: 'api/x', body: { n: 1n } })).toMatchObject({ kind: 'badParameter' });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('user api', () => {
  it('hashes every password and uses the account sub-paths', async () => {
    const { client, sent } = setup(() => json({ statusCode: 0, resultInfo: null }));
    const user = createUserApi(client);
    await user.requestCheckCode({ email: 'a@b.co' }, 'register');
    await user.register({ account: { phoneNumber: '+8613800138000' }, password: 'secret1', companyName: 'ACME', checkCode: '123456' });
    await user.resetPassword({ account: { email: 'a@b.co' }, password: 'secret2', checkCode: '654321' });
    await user.login({ email: 'a@b.co' }, 'secret2');
    await user.changePassword(5, 'secret2', 'secret3');
    await user.renameCompany(5, 'ACME Ltd');
    await user.current();
    await user.logout();
    expect(sent.map((s) => `${s.method} ${s.url.replace('http://api.test', '')}`)).toEqual([
      'GET /api/User?email=a%40b.co&purpose=register',
      'POST /api/User/Register',
      'POST /api/User/ResetPassword',
      'POST /api/Login',
      'POST /api/User/Update',
      'POST /api/User/Update',
      'GET /api/User/Current',
      'POST /api/Logout',
    ]);
    expect(sent[1].body).toEqual({ phoneNumber: '+8613800138000', password: md5Upper('secret1'), companyName: 'ACME', checkCode: '123456' });
    expect(sent[2].body).toEqual({ email: 'a@b.co', password: md5Upper('secret2'), checkCode: '654321' });
    expect(sent[3].body).toEqual({ email: 'a@b.co', password: md5Upper('secret2') });
    expect(sent[4].body).toEqual({ id: 5, password: md5Upper('secret3'), oldPwd: md5Upper('secret2') });
    expect(sent[5].body).toEqual({ id: 5, companyName: 'ACME Ltd' });
    expect(md5Upper('secret1')).toMatch(/^[0-9A-F]{32}$/);
  });
});
