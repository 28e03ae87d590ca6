/**
 * CORS on the label base address (http/template-cors.ts): a web app of a listed origin may
 * call the template routes from another address, with its session header; any other origin,
 * and every other route, gets no grant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, TemplateVersionList } from '../../src/api/contract.ts';
import { loadConfig } from '../config.ts';
import { registerAndLogin, startTestServer, type TestServer } from '../testing/harness.ts';

const APP = 'https://app.example.com';
let server: TestServer;
let owner: LoginResult;

beforeAll(async () => {
  server = await startTestServer({ config: { templateCorsOrigins: [APP, 'http://localhost:5173'] } });
  owner = await registerAndLogin(server, 'cors@example.com', 'pw', 'CORS Co');
});
afterAll(async () => {
  await server?.close();
});

function preflight(path: string, origin: string, method = 'POST') {
  return server.app.request(path, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': 'content-type, loginid' },
  });
}

describe('template routes from another origin', () => {
  it('grants a listed origin’s preflight the methods and the session header', async () => {
    for (const path of ['/api/Template', '/api/Template/Save', '/api/version/template', '/api/Template/Thumbnail/3']) {
      const res = await preflight(path, APP);
      expect(res.status, path).toBe(204);
      expect(res.headers.get('Access-Control-Allow-Origin')).toBe(APP);
      expect(res.headers.get('Access-Control-Allow-Methods')).toBe('GET, POST, DELETE');
      expect(res.headers.get('Access-Control-Allow-Headers')?.toLowerCase().split(', ')).toEqual(
        expect.arrayContaining(['content-type', 'loginid', 'accept-language', 'systemflag']),
      );
      // The session is a header, never a cookie: no credentials mode is granted.
      expect(res.headers.get('Access-Control-Allow-Credentials')).toBeNull();
    }
  });

  it('answers the call itself with the grant, errors included', async () => {
    const res = await server.app.request('/api/version/template', { headers: { Origin: APP, loginID: owner.loginID } });
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe(APP);
    expect(res.headers.get('Vary')).toContain('Origin');
    const body = (await res.json()) as { statusCode: number; resultInfo: TemplateVersionList };
    expect(body.statusCode).toBe(0);
    const refused = await server.app.request('/api/Template?templateID=999999', { headers: { Origin: APP, loginID: owner.loginID } });
    expect(refused.headers.get('Access-Control-Allow-Origin')).toBe(APP);
    expect(((await refused.json()) as { statusCode: number }).statusCode).toBe(28);
    const noSession = await server.app.request('/api/Template/List?scope=public', { headers: { Origin: APP } });
    expect(noSession.headers.get('Access-Control-Allow-Origin')).toBe(APP);
    expect(((await noSession.json()) as { statusCode: number }).statusCode).toBe(19);
  });

  it('refuses an origin not listed: a preflight gets 403 and no grant, a call no grant', async () => {
    for (const origin of ['https://evil.example.com', 'https://app.example.com.evil.example', 'null', 'http://app.example.com']) {
      const res = await preflight('/api/Template', origin);
      expect(res.status, origin).toBe(403);
      expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull();
      const call = await server.app.request('/api/version/template', { headers: { Origin: origin, loginID: owner.loginID } });
      expect(call.headers.get('Access-Control-Allow-Origin')).toBeNull();
    }
  });

  it('grants nothing on the other routes, even to a listed origin', async () => {
    const res = await preflight('/api/Asset', APP, 'GET');
    expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(res.status).not.toBe(204);
    const call = await server.app.request('/api/Asset', { headers: { Origin: APP, loginID: owner.loginID } });
    expect(call.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const lookalike = await preflight('/api/TemplateX', APP);
    expect(lookalike.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('grants nothing when no origin is configured (the default)', async () => {
    const plain = await startTestServer();
    try {
      const res = await plain.app.request('/api/Template', { method: 'OPTIONS', headers: { Origin: APP, 'Access-Control-Request-Method': 'POST' } });
      expect(res.status).toBe(403);
      expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull();
    } finally {
      await plain.close();
    }
  });
});

describe('TEMPLATE_CORS_ORIGINS and PUBLIC_ORIGIN', () => {
  it('reads a comma list of origins, and an origin for links; none by default', () => {
    expect(loadConfig({})).toMatchObject({ templateCorsOrigins: [], publicOrigin: undefined });
    const set = loadConfig({ TEMPLATE_CORS_ORIGINS: ' https://app.example.com/, http://localhost:5173 ,', PUBLIC_ORIGIN: 'https://assets.example.com/' });
    expect(set.templateCorsOrigins).toEqual(['https://app.example.com', 'http://localhost:5173']);
    expect(set.publicOrigin).toBe('https://assets.example.com');
  });

  it('refuses anything but origins, naming the variable', () => {
    for (const bad of ['*', 'app.example.com', 'https://app.example.com/path', 'ftp://files.example.com']) {
      expect(() => loadConfig({ TEMPLATE_CORS_ORIGINS: bad }), bad).toThrow(/TEMPLATE_CORS_ORIGINS/);
      expect(() => loadConfig({ PUBLIC_ORIGIN: bad }), bad).toThrow(/PUBLIC_ORIGIN/);
    }
  });
});
