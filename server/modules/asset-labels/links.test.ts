/**
 * Asset links in scans (assets/scanned-code.ts with asset-labels/links.ts): a scanned link
 * names its asset as the asset's code does, for the caller's company and scope only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetInfo, DepartmentInfo, DepartmentListResult, LoginResult, RoleInfo, StaffInfo } from '../../../src/api/contract.ts';
import { setVip } from '../../scripts/set-vip.ts';
import { companyIdOf, login, openChildUser, payload, registerAndLogin, startTestServer, type TestServer } from '../../testing/harness.ts';
import { loadActor, type Actor } from '../access/service.ts';
import { resolveScannedCode } from '../assets/scanned-code.ts';
import { assetLink, tokenOfLink } from './links.ts';

const TOKEN = 'abcDEF0123456789_-xyzQ';

describe('the token of a scanned link', () => {
  it('is read from a link of any host, with a trailing slash, query or fragment', () => {
    expect(tokenOfLink(`https://assets.example.com/a/${TOKEN}`)).toBe(TOKEN);
    expect(tokenOfLink(`http://10.0.0.5:8080/a/${TOKEN}/`)).toBe(TOKEN);
    expect(tokenOfLink(`HTTPS://Assets.Example.com/a/${TOKEN}?from=qr#top`)).toBe(TOKEN);
    expect(assetLink('https://assets.example.com/', TOKEN)).toBe(`https://assets.example.com/a/${TOKEN}`);
    expect(tokenOfLink(assetLink('http://localhost:8080', TOKEN))).toBe(TOKEN);
  });

  it('is none for any other text', () => {
    for (const text of [TOKEN, `/a/${TOKEN}`, `https://x.example.com/b/${TOKEN}`, `https://x.example.com/a/${TOKEN}x`,
      `https://x.example.com/a/${TOKEN.slice(1)}`, `ftp://x.example.com/a/${TOKEN}`, `https://x.example.com/a/${TOKEN}/more`, 'PC-001']) {
      expect(tokenOfLink(text), text).toBeNull();
    }
  });
});

describe('resolving a scanned link', () => {
  let server: TestServer;
  let owner: LoginResult;
  let ownerActor: Actor;
  let otherActor: Actor;
  let scopedActor: Actor;
  let inA: AssetInfo;
  let inB: AssetInfo;

  const actorOf = async (user: LoginResult) => loadActor(server.db, { userId: user.Id, companyId: await companyIdOf(server.db, user.Id) });
  const linkOf = async (assetId: number) =>
    assetLink('https://assets.example.com', (await server.db.query<{ link_token: string }>('SELECT link_token FROM assets WHERE id = $1', [assetId])).rows[0].link_token);

  beforeAll(async () => {
    server = await startTestServer();
    owner = await registerAndLogin(server, 'scan-links@example.com', 'pw', 'Scan Co');
    await setVip(server.db, 'scan-links@example.com', true);
    const other = await registerAndLogin(server, 'scan-other@example.com', 'pw', 'Other Co');
    const as = async <T>(method: string, path: string, body?: unknown) => payload(await server.call<T>(method, path, { token: owner.loginID, body }));
    const root = (await as<DepartmentListResult>('GET', '/api/Department/List')).departments[0].id;
    const deptA = (await as<DepartmentInfo>('POST', '/api/Department', { deptName: 'A', affiliatedDept: root })).id;
    const deptB = (await as<DepartmentInfo>('POST', '/api/Department', { deptName: 'B', affiliatedDept: root })).id;
    inA = await as<AssetInfo>('POST', '/api/Asset', { assetCoding: 'S-1', assetName: 'Scanner desk', affiliatedDept: deptA });
    inB = await as<AssetInfo>('POST', '/api/Asset', { assetCoding: 'S-2', assetName: 'Other desk', affiliatedDept: deptB });
    const roleId = (await as<RoleInfo>('POST', '/api/Role', { roleName: 'Counter', permissions: [201] })).id;
    const staff = await as<StaffInfo>('POST', '/api/Staff', { staffName: 'Counter', affiliatedDept: deptA });
    payload(await openChildUser(server, owner.loginID, { staffId: staff.id, email: 'counter@example.com', password: 'pw', roleId, authorizationType: 'Dept' }));
    ownerActor = await actorOf(owner);
    otherActor = await actorOf(other);
    scopedActor = await actorOf(await login(server, 'counter@example.com', 'pw'));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('names the asset, as its code does', async () => {
    expect(await resolveScannedCode(server.db, ownerActor, ` ${await linkOf(inA.id)}\r\n`)).toBe(inA.id);
    expect(await resolveScannedCode(server.db, ownerActor, 'S-1')).toBe(inA.id);
    expect(await resolveScannedCode(server.db, scopedActor, await linkOf(inA.id))).toBe(inA.id);
  });

  it('names nothing for another company, out of scope, or a token that does not exist', async () => {
    expect(await resolveScannedCode(server.db, otherActor, await linkOf(inA.id))).toBeNull();
    expect(await resolveScannedCode(server.db, scopedActor, await linkOf(inB.id))).toBeNull();
    expect(await resolveScannedCode(server.db, ownerActor, `https://assets.example.com/a/${TOKEN}`)).toBeNull();
  });
});
