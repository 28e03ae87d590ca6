/**
 * A scanned text to an asset of the caller's: by its code, trimmed, exactly; nothing outside
 * the caller's scope or company.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../src/api/contract.ts';
import { companyIdOf, login, openChildUser, payload, registerAndLogin, startTestServer, type TestServer } from '../../testing/harness.ts';
import { loadActor, type Actor } from '../access/service.ts';
import { resolveScannedCode } from './scanned-code.ts';

let server: TestServer;
let admin: Actor;
let scoped: Actor;
let other: Actor;
const ids: Record<string, number> = {};

async function actorOf(user: LoginResult): Promise<Actor> {
  return loadActor(server.db, { userId: user.Id, companyId: await companyIdOf(server.db, user.Id) });
}

beforeAll(async () => {
  server = await startTestServer();
  const owner = await registerAndLogin(server, 'scan-code@example.com', 'pw', 'Scan Co');
  const call = <T>(method: string, path: string, body: unknown) => server.call<T>(method, path, { token: owner.loginID, body });
  const dept = async (deptName: string) => payload(await call<{ id: number }>('POST', '/api/Department', { deptName })).id;
  const [east, west] = [await dept('East'), await dept('West')];
  for (const [code, affiliatedDept] of [['A-100', east], ['a-100', east], ['W-1', west]] as const) {
    ids[code] = payload(await call<{ id: number }>('POST', '/api/Asset', { assetCoding: code, assetName: code, affiliatedDept })).id;
  }
  const staffId = payload(await call<{ id: number }>('POST', '/api/Staff', { staffName: 'Scanner', affiliatedDept: east })).id;
  payload(await openChildUser(server, owner.loginID, { staffId, email: 'scanner@example.com', password: 'pw', authorizationType: 'Dept', authorizedDepts: [] }));
  const outsider = await registerAndLogin(server, 'scan-code-other@example.com', 'pw', 'Other Co');
  payload(await server.call('POST', '/api/Asset', { token: outsider.loginID, body: { assetCoding: 'A-100', assetName: 'Theirs' } }));
  admin = await actorOf(owner);
  scoped = await actorOf(await login(server, 'scanner@example.com', 'pw'));
  other = await actorOf(outsider);
});
afterAll(() => server?.close());

describe('resolveScannedCode', () => {
  it('finds the asset by its code, without the white space a scanner adds, case and all', async () => {
    expect(await resolveScannedCode(server.db, admin, 'A-100')).toBe(ids['A-100']);
    expect(await resolveScannedCode(server.db, admin, '  A-100\r\n')).toBe(ids['A-100']);
    expect(await resolveScannedCode(server.db, admin, 'a-100')).toBe(ids['a-100']);
    expect(await resolveScannedCode(server.db, admin, 'A-10')).toBeNull();
    expect(await resolveScannedCode(server.db, admin, '   ')).toBeNull();
  });

  it("finds nothing outside the caller's scope or company", async () => {
    expect(await resolveScannedCode(server.db, scoped, 'A-100')).toBe(ids['A-100']);
    expect(await resolveScannedCode(server.db, scoped, 'W-1')).toBeNull();
    expect(await resolveScannedCode(server.db, admin, 'W-1')).toBe(ids['W-1']);
    const theirs = await resolveScannedCode(server.db, other, 'A-100');
    expect(theirs).not.toBeNull();
    expect(theirs).not.toBe(ids['A-100']);
  });
});
