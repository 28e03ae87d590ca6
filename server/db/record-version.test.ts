/**
 * Record versions (migration 010) on every record a form edits: asset, classification,
 * department, staff member, role, sub-user. For each, through the real routes: two saves
 * based on one version, the second refused with code 31 in the caller's language and
 * nothing written (the record stays as the first save left it); a delete based on an old
 * version refused the same way; a delete based on the current version goes through.
 * Runs on PGlite, and on PostgreSQL under scripts/with-postgres.sh.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../src/api/contract.ts';
import { setVip } from '../scripts/set-vip.ts';
import { openChildUser, payload, registerAndLogin, snapshot, startTestServer, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let admin: LoginResult;
beforeAll(async () => {
  server = await startTestServer();
  admin = await registerAndLogin(server, 'versions@example.com', 'pw', 'Versions Co');
  await setVip(server.db, 'versions@example.com', true);
});
afterAll(() => server?.close());

interface Versioned {
  id: number;
  version: number;
}

const call = <T>(method: string, path: string, body?: unknown, lang = 'en') =>
  server.call<T>(method, path, { token: admin.loginID, body, lang });

let serial = 0;
const unique = (prefix: string) => `${prefix} ${++serial}`;

/** How to make, change, read and delete one kind of record. */
interface Kind {
  name: string;
  create(): Promise<Versioned>;
  /** A save of `id` based on `version`; `n` tells the two saves apart. */
  save(id: number, version: number, n: 1 | 2): { method: string; path: string; body: unknown };
  read(id: number): Promise<Versioned>;
  remove(id: number, version: number): { method: string; path: string; body?: unknown };
  /** Where the list answers it (lists return versions too). */
  listed(id: number): Promise<Versioned | undefined>;
}

async function newStaff(): Promise<Versioned> {
  return payload(await call<Versioned>('POST', '/api/Staff', { staffName: unique('staff') }));
}

const KINDS: Kind[] = [
  {
    name: 'asset',
    create: async () => payload(await call<Versioned>('POST', '/api/Asset', { assetName: unique('asset') })),
    save: (id, version, n) => ({
      method: 'POST',
      path: '/api/Asset',
      body: { id, version, assetName: `Laptop ${n}`, supplier: `Supplier ${n}`, buyPrice: n * 100 },
    }),
    read: async (id) => payload(await call<Versioned>('GET', `/api/Asset/details?id=${id}`)),
    remove: (id, version) => ({ method: 'DELETE', path: '/api/Asset', body: { id, version } }),
    listed: async (id) =>
      payload(await call<{ assets: Versioned[] }>('GET', '/api/Asset?pageSize=200')).assets.find((a) => a.id === id),
  },
  {
    name: 'classification',
    create: async () =>
      payload(await call<Versioned>('POST', '/api/AssetClassify', { classifyName: unique('class'), attributes: [] })),
    save: (id, version, n) => ({
      method: 'POST',
      path: '/api/AssetClassify',
      body: {
        id,
        version,
        classifyName: `Class ${id} v${n}`,
        attributes: [{ name: `Colour ${n}`, attributeType: 1, items: [`Red ${n}`] }],
      },
    }),
    read: async (id) => payload(await call<Versioned>('GET', `/api/AssetClassify/Details?assetClassifyId=${id}`)),
    remove: (id, version) => ({ method: 'DELETE', path: `/api/AssetClassify?id=${id}&version=${version}` }),
    listed: async (id) =>
      payload(await call<{ assetClassifys: Versioned[] }>('GET', '/api/AssetClassify/List')).assetClassifys.find(
        (k) => k.id === id,
      ),
  },
  {
    name: 'department',
    create: async () => payload(await call<Versioned>('POST', '/api/Department', { deptName: unique('dept') })),
    save: (id, version, n) => ({ method: 'POST', path: '/api/Department', body: { id, version, deptName: `Dept ${id} v${n}` } }),
    read: async (id) => (await listedDept(id))!,
    remove: (id, version) => ({ method: 'DELETE', path: '/api/Department', body: { id, version } }),
    listed: (id) => listedDept(id),
  },
  {
    name: 'staff member',
    create: newStaff,
    save: (id, version, n) => ({
      method: 'POST',
      path: '/api/Staff',
      body: { id, version, staffName: `Staff ${id} v${n}`, position: `Position ${n}` },
    }),
    read: async (id) => (await listedStaff(id))!,
    remove: (id, version) => ({ method: 'DELETE', path: '/api/Staff', body: { id, version } }),
    listed: (id) => listedStaff(id),
  },
  {
    name: 'role',
    create: async () => payload(await call<Versioned>('POST', '/api/Role', { roleName: unique('role'), permissions: [101] })),
    save: (id, version, n) => ({
      method: 'POST',
      path: '/api/Role',
      body: { id, version, roleName: `Role ${id} v${n}`, permissions: n === 1 ? [101, 102] : [301] },
    }),
    read: async (id) => payload(await call<Versioned>('GET', `/api/Role/Details?roleId=${id}`)),
    remove: (id, version) => ({ method: 'DELETE', path: '/api/Role', body: { id, version } }),
    listed: async (id) => payload(await call<{ roles: Versioned[] }>('GET', '/api/Role/List')).roles.find((r) => r.id === id),
  },
  {
    name: 'sub-user',
    create: async () => {
      const staff = await newStaff();
      return payload(
        await openChildUser(server, admin.loginID, { staffId: staff.id, email: `${unique('sub').replace(' ', '')}@example.com` }),
      );
    },
    save: (id, version, n) => ({
      method: 'POST',
      path: '/api/User/ChildRegister',
      body: { id, version, authorizationType: n === 1 ? 'All' : 'Dept' },
    }),
    read: async (id) => (await listedSubUser(id))!,
    remove: (id, version) => ({ method: 'DELETE', path: '/api/ChildUser', body: { id, version } }),
    listed: (id) => listedSubUser(id),
  },
];

async function listedDept(id: number) {
  return payload(await call<{ departments: Versioned[] }>('GET', '/api/Department/List')).departments.find((d) => d.id === id);
}
async function listedStaff(id: number) {
  return payload(await call<{ staffs: Versioned[] }>('GET', '/api/Staff/List?pageSize=200')).staffs.find((s) => s.id === id);
}
async function listedSubUser(id: number) {
  return payload(await call<{ childUserInfos: Versioned[] }>('GET', '/api/ChildUser/List')).childUserInfos.find(
    (u) => u.id === id,
  );
}

const CHANGED = {
  en: { statusCode: 31, resultInfo: 'This record was changed by someone else; reload it.' },
  zh: { statusCode: 31, resultInfo: '此记录已被他人修改，请重新加载。' },
};

describe.each(KINDS)('$name', (kind) => {
  it('starts at version 1, in its list too', async () => {
    const created = await kind.create();
    expect(created.version).toBe(1);
    expect((await kind.listed(created.id))?.version).toBe(1);
  });

  it('refuses the second of two saves based on one version, and keeps the first', async () => {
    const { id, version } = await kind.create();
    const first = kind.save(id, version, 1);
    const second = kind.save(id, version, 2);

    const saved = payload(await call<Versioned>(first.method, first.path, first.body));
    expect(saved.version).toBe(version + 1);
    const afterFirst = await kind.read(id);
    expect(afterFirst).toEqual(saved);

    const before = await snapshot(server.db);
    expect((await call(second.method, second.path, second.body, 'en')).body).toEqual(CHANGED.en);
    expect((await call(second.method, second.path, second.body, 'zh-CN')).body).toEqual(CHANGED.zh);
    expect(await snapshot(server.db)).toEqual(before);
    expect(await kind.read(id)).toEqual(afterFirst);

    // Based on the version the first save gave, the same change goes through.
    const again = kind.save(id, saved.version, 2);
    expect((await call<Versioned>(again.method, again.path, again.body)).body).toMatchObject({
      statusCode: 0,
      resultInfo: { version: saved.version + 1 },
    });
  });

  it('refuses a delete based on an old version, and deletes with the current one', async () => {
    const { id, version } = await kind.create();
    const change = kind.save(id, version, 1);
    const saved = payload(await call<Versioned>(change.method, change.path, change.body));

    const stale = kind.remove(id, version);
    const before = await snapshot(server.db);
    expect((await call(stale.method, stale.path, stale.body)).body).toEqual(CHANGED.en);
    expect(await snapshot(server.db)).toEqual(before);

    const current = kind.remove(id, saved.version);
    expect((await call(current.method, current.path, current.body)).body.statusCode).toBe(0);
    expect(await kind.listed(id)).toBeUndefined();
  });

  it('writes unconditionally when no version is given (clients that follow the spec)', async () => {
    const { id } = await kind.create();
    const { version: _omitted, ...body } = kind.save(id, 1, 1).body as Record<string, unknown>;
    const first = kind.save(id, 1, 1);
    expect(payload(await call<Versioned>(first.method, first.path, body)).version).toBe(2);
    expect(payload(await call<Versioned>(first.method, first.path, body)).version).toBe(3);
  });
});

describe('asset bulk delete', () => {
  const asset = async () => payload(await call<Versioned>('POST', '/api/Asset', { assetName: unique('bulk') }));

  it('deletes none when one asset changed since its version was read', async () => {
    const [a, b] = [await asset(), await asset()];
    payload(await call('POST', '/api/Asset', { id: b.id, version: b.version, assetName: 'Changed' }));
    const before = await snapshot(server.db);
    const stale = await call('POST', '/api/Asset/DeleteAll', { ids: [a.id, b.id], versions: [a.version, b.version] });
    expect(stale.body).toEqual(CHANGED.en);
    expect(await snapshot(server.db)).toEqual(before);

    const fresh = await call('POST', '/api/Asset/DeleteAll', { ids: [a.id, b.id], versions: [a.version, b.version + 1] });
    expect(fresh.body).toEqual({ statusCode: 0, resultInfo: { deleted: 2 } });
  });

  it('still answers 28 when an id is missing, whatever the versions', async () => {
    const a = await asset();
    const result = await call('POST', '/api/Asset/DeleteAll', { ids: [a.id, 99_999_999], versions: [a.version, 1] });
    expect(result.body.statusCode).toBe(28);
    expect(await KINDS[0].listed(a.id)).toBeDefined();
  });

  it('refuses versions that do not pair with the ids', async () => {
    const a = await asset();
    const result = await call('POST', '/api/Asset/DeleteAll', { ids: [a.id], versions: [1, 1] });
    expect(result.body.statusCode).toBe(2);
  });
});

describe('other writers', () => {
  it('a sub-user disabled meanwhile refuses a change based on the version before', async () => {
    const user = await KINDS[5].create();
    const disabled = payload(
      await call<Versioned>('POST', '/api/User/Enable', { id: user.id, version: user.version, enable: 1 }),
    );
    expect(disabled.version).toBe(user.version + 1);
    const stale = await call('POST', '/api/User/Enable', { id: user.id, version: user.version, enable: 0 });
    expect(stale.body).toEqual(CHANGED.en);
  });

  it('renaming the company gives the root department a new version', async () => {
    const root = payload(await call<{ departments: (Versioned & { affiliatedDept: number | null })[] }>('GET', '/api/Department/List'))
      .departments.find((d) => d.affiliatedDept === null)!;
    payload(await call('POST', '/api/User/Update', { id: admin.Id, companyName: 'Versions Co 2' }));
    expect((await listedDept(root.id))?.version).toBe(root.version + 1);
    const stale = await call('POST', '/api/Department', { id: root.id, version: root.version, deptName: 'Versions Co 3' });
    expect(stale.body).toEqual(CHANGED.en);
  });
});
