/**
 * GET api/File/<id> and picture attachments follow the assets' scope, and picture addresses
 * carry a short-lived read-only file token instead of the session token.
 *
 * The company:  R ─ A (asset pa with picture PA)      PU: uploaded by the admin, on no asset
 *                 └ B (asset pb with picture PB)
 *   reader  sub-user, scope Dept (A), no role at all: sees PA only
 *   editor  sub-user, scope Dept (A), role [101, 102]: sees PA and its own upload PX
 *   other   the admin of another company
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetInfo, DepartmentInfo, FileInfo, FileTokenResult, RoleInfo, StaffInfo } from '../../src/api/contract.ts';
import { MINUTE_MS } from '../clock.ts';
import { pngOf } from '../modules/files/test-pictures.ts';
import { setVip } from '../scripts/set-vip.ts';
import { login, openChildUser, payload, registerAndLogin, snapshot, startTestServer, type TestServer } from '../testing/harness.ts';

type Who = 'admin' | 'reader' | 'editor' | 'other';
let server: TestServer;
const tokens = {} as Record<Who, string>;
const pics = {} as Record<'PA' | 'PB' | 'PU' | 'PX', number>;
const assets = {} as Record<'pa' | 'pb' | 'own', number>;
let deptA: number;

// A real picture: uploads are decoded (files/picture.ts).
const PNG = pngOf(4, 3);

function call<T>(who: Who | null, method: string, path: string, body?: unknown) {
  return server.call<T>(method, path, { token: who ? tokens[who] : undefined, body, lang: 'en' });
}
const upload = async (who: Who) =>
  payload(await call<FileInfo>(who, 'POST', '/api/File/Upload', { fileName: 'p.png', fileData: PNG.toString('base64'), explain: 2, suffix: 'png' })).id;
/** The raw reply of a picture request: status code 0 stands for the picture's bytes. */
async function read(path: string, headers: Record<string, string> = {}): Promise<number> {
  const response = await server.app.request(path, { headers });
  if (response.headers.get('Content-Type') === 'image/png') return 0;
  return (JSON.parse(await response.text()) as { statusCode: number }).statusCode;
}
const readAs = (who: Who, id: number) => read(`/api/File/${id}`, { loginID: tokens[who] });
async function issueToken(who: Who): Promise<FileTokenResult> {
  return payload(await call<FileTokenResult>(who, 'GET', '/api/File/Token'));
}

beforeAll(async () => {
  server = await startTestServer();
  tokens.admin = (await registerAndLogin(server, 'files@example.com', 'pw', 'Files Co')).loginID;
  await setVip(server.db, 'files@example.com', true);
  tokens.other = (await registerAndLogin(server, 'files-other@example.com', 'pw', 'Other Co')).loginID;
  const dept = async (deptName: string) => payload(await call<DepartmentInfo>('admin', 'POST', '/api/Department', { deptName })).id;
  const A = await dept('A');
  deptA = A;
  const B = await dept('B');
  pics.PA = await upload('admin');
  pics.PB = await upload('admin');
  pics.PU = await upload('admin');
  const asset = async (assetName: string, affiliatedDept: number, picture: number) =>
    payload(await call<AssetInfo>('admin', 'POST', '/api/Asset', { assetName, affiliatedDept, picture })).id;
  assets.pa = await asset('pa', A, pics.PA);
  assets.pb = await asset('pb', B, pics.PB);
  const writer = payload(await call<RoleInfo>('admin', 'POST', '/api/Role', { roleName: 'Writer', permissions: [101, 102] })).id;
  const open = async (who: Who, roleId: number | null) => {
    const email = `${who}@files.example.com`;
    const staffId = payload(await call<StaffInfo>('admin', 'POST', '/api/Staff', { staffName: who, affiliatedDept: A })).id;
    payload(await openChildUser(server, tokens.admin, { staffId, email, password: 'pw', roleId, authorizationType: 'Dept' }));
    tokens[who] = (await login(server, email, 'pw')).loginID;
  };
  await open('reader', null);
  await open('editor', writer);
  pics.PX = await upload('editor');
  assets.own = payload(await call<AssetInfo>('editor', 'POST', '/api/Asset', { assetName: 'own', affiliatedDept: A })).id;
});
afterAll(() => server?.close());

describe('pictures follow the scope of the assets they are on', () => {
  it('a sub-user without any permission reads the pictures of its scope only', async () => {
    expect(await readAs('reader', pics.PA)).toBe(0);
    expect(await readAs('reader', pics.PB)).toBe(28);
    expect(await readAs('reader', pics.PU)).toBe(28);
    expect(await readAs('reader', pics.PX)).toBe(28);
  });

  it('the uploader reads its own picture before any asset carries it; the admin reads all', async () => {
    expect(await readAs('editor', pics.PX)).toBe(0);
    expect(await readAs('editor', pics.PB)).toBe(28);
    for (const id of Object.values(pics)) expect(await readAs('admin', id)).toBe(0);
    for (const id of Object.values(pics)) expect(await readAs('other', id)).toBe(28);
  });

  it('an out-of-scope or unattached picture cannot be put on an asset of the caller, and nothing changes', async () => {
    for (const picture of [pics.PB, pics.PU, `/api/File/${pics.PB}`]) {
      const before = await snapshot(server.db);
      const reply = await call('editor', 'POST', '/api/Asset', { id: assets.own, picture });
      expect(reply.body).toEqual({ statusCode: 28, resultInfo: 'This file does not exist.' });
      expect(await snapshot(server.db)).toEqual(before);
      // Nor on a new one.
      expect((await call('editor', 'POST', '/api/Asset', { assetName: 'new', affiliatedDept: deptA, picture })).body.statusCode).toBe(28);
    }
    expect(payload(await call<AssetInfo>('editor', 'POST', '/api/Asset', { id: assets.own, picture: pics.PA })).pictureId).toBe(pics.PA);
    expect(payload(await call<AssetInfo>('editor', 'POST', '/api/Asset', { id: assets.own, picture: pics.PX })).pictureId).toBe(pics.PX);
    // Once on an asset of A, the reader sees it too.
    expect(await readAs('reader', pics.PX)).toBe(0);
  });
});

describe('the session token stays out of URLs', () => {
  it('is refused in the query string on every endpoint, reads and writes alike', async () => {
    const t = encodeURIComponent(tokens.admin);
    expect((await call(null, 'GET', `/api/User/Current?loginID=${t}`)).body.statusCode).toBe(19);
    expect((await call(null, 'GET', `/api/Asset?loginID=${t}`)).body.statusCode).toBe(19);
    const before = await snapshot(server.db);
    expect((await call(null, 'POST', `/api/Department?loginID=${t}`, { deptName: 'Via query' })).body.statusCode).toBe(19);
    expect((await call(null, 'DELETE', `/api/Asset?id=${assets.pb}&loginID=${t}`)).body.statusCode).toBe(19);
    expect(await snapshot(server.db)).toEqual(before);
    expect(await read(`/api/File/${pics.PA}?loginID=${t}`)).toBe(19);
  });

  it('a file token reads pictures within the same scope, for minutes, and nothing else', async () => {
    const { fileToken, expiresAt } = await issueToken('reader');
    const lifetime = new Date(expiresAt).getTime() - server.clock.now().getTime();
    expect(lifetime).toBeGreaterThan(5 * MINUTE_MS - 1);
    expect(lifetime).toBeLessThanOrEqual(10 * MINUTE_MS);
    expect(fileToken).not.toContain(tokens.reader);
    const q = `fileToken=${encodeURIComponent(fileToken)}`;
    expect(await read(`/api/File/${pics.PA}?${q}`)).toBe(0);
    expect(await read(`/api/File/${pics.PB}?${q}`)).toBe(28);
    // Read-only and file-only: no other route takes it, as a query, header or body token.
    expect((await call(null, 'GET', `/api/User/Current?${q}`)).body.statusCode).toBe(19);
    expect((await server.call('GET', '/api/Asset', { token: fileToken })).body.statusCode).toBe(19);
    expect((await call(null, 'POST', '/api/Asset', { loginID: fileToken, assetName: 'x' })).body.statusCode).toBe(19);
    expect((await server.call('GET', `/api/File/${pics.PA}`, { token: fileToken })).body.statusCode).toBe(19);
    // Within its window the same token is issued again (stable picture addresses, browser cache).
    expect((await issueToken('reader')).fileToken).toBe(fileToken);
  });

  it('expires, cannot be altered, and ends with its session', async () => {
    const { fileToken, expiresAt } = await issueToken('admin');
    const q = (t: string) => `/api/File/${pics.PA}?fileToken=${encodeURIComponent(t)}`;
    expect(await read(q(fileToken))).toBe(0);
    // Another user id, a later expiry, a changed signature: each refused.
    const [user, exp, mac] = fileToken.split('.') as [string, string, string];
    expect(await read(q(`${Number(user) + 1}.${exp}.${mac}`))).toBe(19);
    expect(await read(q(`${user}.${Number(exp) + 300}.${mac}`))).toBe(19);
    // The first character of the base64url signature: all six of its bits are signature bits
    // (the last character's low bits are padding, so changing it may change nothing).
    expect(await read(q(`${user}.${exp}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`))).toBe(19);
    expect(await read(q('garbage'))).toBe(19);
    server.clock.set(new Date(expiresAt));
    expect(await read(q(fileToken))).toBe(19);
    const fresh = await issueToken('admin');
    expect(await read(q(fresh.fileToken))).toBe(0);
    payload(await call('admin', 'POST', '/api/Logout'));
    expect(await read(q(fresh.fileToken))).toBe(19);
  });

  it('is not issued without a session', async () => {
    expect((await call(null, 'GET', '/api/File/Token')).body.statusCode).toBe(19);
  });
});
