/**
 * The VIP features on a self-hosted installation (every company VIP) and under the paid model
 * (ASSETMARK_PAID_MODEL=on: each company's flag), through the real app on PGlite.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LoginResult, RoleInfo } from '../../../src/api/contract.ts';
import { loadConfig } from '../../config.ts';
import { payload, registerAndLogin, snapshot, startTestServer, type TestServer } from '../../testing/harness.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('paid model setting', () => {
  it('is off unless ASSETMARK_PAID_MODEL turns it on; anything but on/off is refused', () => {
    expect(loadConfig({}).paidModel).toBe(false);
    for (const on of ['on', 'ON', '1', 'true']) expect(loadConfig({ ASSETMARK_PAID_MODEL: on }).paidModel).toBe(true);
    for (const off of ['off', '0', 'false', '']) expect(loadConfig({ ASSETMARK_PAID_MODEL: off }).paidModel).toBe(false);
    expect(() => loadConfig({ ASSETMARK_PAID_MODEL: 'yes please' })).toThrow(/ASSETMARK_PAID_MODEL: expected on or off/);
  });

  it('makes a new company VIP on a self-hosted installation: its owner can create roles at once', async () => {
    server = await startTestServer({ config: { paidModel: loadConfig({}).paidModel } });
    const owner = await registerAndLogin(server, 'owner@example.com', 'pw', 'Own Co');
    expect(owner.IsVip).toBe(true);
    const current = payload(await server.call<LoginResult>('GET', '/api/User/Current', { token: owner.loginID }));
    expect(current.IsVip).toBe(true);
    const role = payload(await server.call<RoleInfo>('POST', '/api/Role', { token: owner.loginID, body: { roleName: 'Clerks' } }));
    expect(role.roleName).toBe('Clerks');
  });

  it('follows the company flag under the paid model', async () => {
    server = await startTestServer({ config: { paidModel: true } });
    const owner = await registerAndLogin(server, 'payer@example.com', 'pw', 'Pay Co');
    expect(owner.IsVip).toBe(false);
    const before = await snapshot(server.db);
    const refused = await server.call('POST', '/api/Role', { token: owner.loginID, body: { roleName: 'Clerks' }, lang: 'en' });
    expect(refused.body).toEqual({ statusCode: 5, resultInfo: 'Roles and permissions are available to VIP companies only.' });
    expect(await snapshot(server.db)).toEqual(before);
  });
});
