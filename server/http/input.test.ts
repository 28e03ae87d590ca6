/**
 * Bad text and impossible dates are parameter errors (code 2) on every route, checked where
 * input is parsed (http/body.ts, routes/fields.ts), before a session is looked up or a service
 * runs: NUL characters (PostgreSQL cannot store them in text, so they used to surface as
 * code 1), lone UTF-16 surrogates (they used to be stored as U+FFFD without a word) and
 * calendar dates that do not exist. Nothing is written by a refused call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetInfo } from '../../src/api/contract.ts';
import { setVip } from '../scripts/set-vip.ts';
import { payload, registerAndLogin, snapshot, startTestServer, wirePassword, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let token: string;
let assetId: number;

beforeAll(async () => {
  server = await startTestServer();
  token = (await registerAndLogin(server, 'input@example.com', 'pw', 'Input Co')).loginID;
  // Roles are a VIP company's: without it the role probe would be refused for that instead.
  await setVip(server.db, 'input@example.com', true);
  assetId = payload(await server.call<AssetInfo>('POST', '/api/Asset', { token, body: { assetName: 'Desk' } })).id;
});
afterAll(() => server?.close());

const NUL = '\u0000';
const LONE = '\ud800';

interface Probe {
  name: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  session: boolean;
}

/** Raw JSON with a lone surrogate: JSON.stringify would escape it the same way, but say it plainly. */
const rawJson = (template: string) => template;

const PROBES: Probe[] = [
  { name: 'login address with NUL', method: 'POST', path: '/api/Login', session: false, body: { email: `a${NUL}@example.com`, password: wirePassword('pw') } },
  { name: 'login account with a lone surrogate', method: 'POST', path: '/api/Login', session: false, body: rawJson(`{"account":"a\\ud800@example.com","password":"${wirePassword('pw')}"}`) },
  { name: 'code request address with NUL (query)', method: 'GET', path: '/api/User?email=a%00@example.com&purpose=register', session: false },
  { name: 'register company name with NUL', method: 'POST', path: '/api/User/Register', session: false, body: { email: 'new@example.com', password: wirePassword('pw'), companyName: `Co${NUL}`, checkCode: '123456' } },
  { name: 'asset name with NUL', method: 'POST', path: '/api/Asset', session: true, body: { assetName: `Desk${NUL}` } },
  { name: 'asset name with a lone surrogate', method: 'POST', path: '/api/Asset', session: true, body: { assetName: `Desk${LONE}` } },
  { name: 'attribute key with NUL', method: 'POST', path: '/api/Asset', session: true, body: { assetName: 'Desk', attributeValues: { [`k${NUL}`]: 'v' } } },
  { name: 'department name with NUL', method: 'POST', path: '/api/Department', session: true, body: { deptName: `D${NUL}` } },
  { name: 'staff name with a lone low surrogate', method: 'POST', path: '/api/Staff', session: true, body: { staffName: 'S\udc00' } },
  { name: 'role name with NUL', method: 'POST', path: '/api/Role', session: true, body: { roleName: `R${NUL}`, permissions: [] } },
  { name: 'classification name with NUL', method: 'POST', path: '/api/AssetClassify', session: true, body: { classifyName: `C${NUL}` } },
  { name: 'asset search with NUL', method: 'GET', path: '/api/Asset?search=a%00b', session: true },
  { name: 'staff search with NUL', method: 'GET', path: '/api/Staff/List?search=%00', session: true },
  { name: 'export search with NUL', method: 'GET', path: '/api/Excel/Export?search=%00', session: true },
  { name: 'buyDateFrom 2024-02-30', method: 'GET', path: '/api/Asset?buyDateFrom=2024-02-30', session: true },
  { name: 'buyDateTo 2024-13-45', method: 'GET', path: '/api/Asset?buyDateTo=2024-13-45', session: true },
  { name: 'export buyDateFrom 2023-02-29', method: 'GET', path: '/api/Excel/Export?buyDateFrom=2023-02-29', session: true },
  { name: 'asset buyDate 2024-02-30', method: 'POST', path: '/api/Asset', session: true, body: { assetName: 'Desk', buyDate: '2024-02-30' } },
  { name: 'buyDateFrom 0000-01-01', method: 'GET', path: '/api/Asset?buyDateFrom=0000-01-01', session: true },
];

describe('bad text and impossible dates answer code 2 and write nothing', () => {
  it.each(PROBES)('$name', async (probe) => {
    const before = await snapshot(server.db);
    const reply = await server.call(probe.method, probe.path, { token: probe.session ? token : undefined, body: probe.body, lang: 'en' });
    expect(reply.status).toBe(200);
    expect(reply.body.statusCode, JSON.stringify(reply.body)).toBe(2);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('an asset update with a lone surrogate leaves the asset as it was', async () => {
    const reply = await server.call('POST', '/api/Asset', { token, body: { id: assetId, supplier: `Acme${LONE}` }, lang: 'en' });
    expect(reply.body.statusCode).toBe(2);
    const asset = payload(await server.call<AssetInfo>('GET', `/api/Asset/details?id=${assetId}`, { token }));
    expect(asset.supplier).toBe('');
  });

  it('real dates, leap days and well-formed astral characters still pass', async () => {
    const list = await server.call('GET', '/api/Asset?buyDateFrom=2024-02-29&buyDateTo=2024-12-31', { token });
    expect(list.body.statusCode).toBe(0);
    const saved = await server.call<AssetInfo>('POST', '/api/Asset', { token, body: { id: assetId, supplier: 'Acme 😀 资产' } });
    expect(payload(saved).supplier).toBe('Acme 😀 资产');
  });
});
