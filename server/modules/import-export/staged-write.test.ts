/**
 * The staged write (staged-write.ts): while an import is held between two of its staging
 * transactions, other requests are answered and see nothing of the file, though its codes are
 * taken; a failure in the third chunk, or a server that died mid-staging, leaves nothing.
 * Runs on PGlite, and on PostgreSQL with scripts/with-postgres.sh.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetInfo, AssetListResult, DashboardInfo, DepartmentInfo, ImportStatus, LoginResult } from '../../../src/api/contract.ts';
import type { Db } from '../../db/db.ts';
import { silentLogger } from '../../log.ts';
import { companyIdOf, payload, registerAndLogin, snapshot, startTestServer, type TestServer } from '../../testing/harness.ts';
import { loadActor, type Actor } from '../access/service.ts';
import type { ImportStage } from './limits.ts';
import { failInterruptedImports, startImport, type ImportDeps } from './service.ts';
import { PUBLISH_CHUNK, STAGE_CHUNK } from './staged-write.ts';

let server: TestServer;
let admin: LoginResult;
let actor: Actor;
let ops: DepartmentInfo;

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerAndLogin(server, 'staged@example.com', 'pw', 'Staged Co');
  ops = payload(await call<DepartmentInfo>('POST', '/api/Department', { deptName: 'Ops' }));
  actor = await loadActor(server.db, { userId: admin.Id, companyId: await companyIdOf(server.db, admin.Id) });
});
afterAll(() => server?.close());

const call = <T>(method: string, path: string, body?: unknown) => server.call<T>(method, path, { token: admin.loginID, body, lang: 'en' });
const deps = (over: Partial<ImportDeps>): ImportDeps => ({ db: server.db, clock: server.clock.now, timeZone: 'Asia/Shanghai', log: silentLogger, ...over });
const csv = (lines: string[]) => Buffer.from(lines.join('\n'), 'utf8').toString('base64');
/** `count` new assets STG-<prefix>-00000... in Ops. */
const newRows = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(5, '0')},Chair ${i},Ops`);
const listed = async (search: string) => payload(await call<AssetListResult>('GET', `/api/Asset?search=${encodeURIComponent(search)}&pageSize=20`)).filterAssetCount;
const stagedRows = async () => (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM import_staged_assets')).rows[0].n;

/** A gate holding the import at its first `stage`; `reached` resolves there, `release()` lets it go on. */
function holdAt(stage: ImportStage) {
  let reached!: () => void;
  const isReached = new Promise<void>((resolve) => (reached = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  const gate = async (at: ImportStage) => {
    if (at !== stage || ++calls > 1) return;
    reached();
    await released;
  };
  return { gate, reached: isReached, release };
}

describe('the staged write of an import', () => {
  it('answers other requests while held between two chunks, and shows nothing of the file until it is published', async () => {
    const existing = payload(await call<AssetInfo>('POST', '/api/Asset', { assetCoding: 'STG-OLD', assetName: 'Old name', affiliatedDept: ops.id }));
    const dashboardBefore = payload(await call<DashboardInfo>('GET', '/api/Dashboard'));
    // More than one statement of the final copy, the row without a code in the last one.
    const rows = PUBLISH_CHUNK + 20;
    const file = csv(['资产编码,资产名称,所属部门', ...newRows('STG-A-', rows), 'STG-OLD,New name,Ops', ',No code given,Ops']);
    const hold = holdAt('writing');
    const started = await startImport(deps({ gate: hold.gate }), actor, { fileData: file, suffix: 'csv' });
    await hold.reached;

    // The first chunk is committed to the staging table; the import waits for its second.
    expect(await stagedRows()).toBe(STAGE_CHUNK);
    // Each call below needs the database: on PGlite it would wait for the import's end if the
    // import held its connection (and this test would time out).
    expect(await listed('STG-A-')).toBe(0);
    expect(payload(await call<AssetInfo>('GET', `/api/Asset/details?id=${existing.id}`)).assetName).toBe('Old name');
    expect(payload(await call<DashboardInfo>('GET', '/api/Dashboard')).totalAssets).toBe(dashboardBefore.totalAssets);
    expect(payload(await call<ImportStatus>('GET', `/api/Excel?jobId=${started.jobId}`))).toMatchObject({ status: 'importing', phase: 'saving', done: STAGE_CHUNK });
    // A code the import is about to create is taken already: a form may not save it as well.
    const clash = await call('POST', '/api/Asset', { assetCoding: 'STG-A-00003', assetName: 'Clash', affiliatedDept: ops.id });
    expect(clash.body).toEqual({ statusCode: 29, resultInfo: 'The asset code "STG-A-00003" already exists.' });
    // One the import does not stage is free.
    payload(await call<AssetInfo>('POST', '/api/Asset', { assetCoding: 'STG-FORM', assetName: 'By hand', affiliatedDept: ops.id }));

    hold.release();
    await started.finished;
    expect(payload(await call<ImportStatus>('GET', `/api/Excel?jobId=${started.jobId}`))).toMatchObject({ status: 'success', created: rows + 1, updated: 1 });
    expect(await listed('STG-A-')).toBe(rows);
    expect(payload(await call<AssetInfo>('GET', `/api/Asset/details?id=${existing.id}`))).toMatchObject({ assetName: 'New name', version: 2 });
    expect(payload(await call<DashboardInfo>('GET', '/api/Dashboard')).totalAssets).toBe(dashboardBefore.totalAssets + rows + 2);
    expect(await stagedRows()).toBe(0);
    // The row without a code got the company's next one, in the final transaction.
    const generated = payload(await call<AssetListResult>('GET', `/api/Asset?search=${encodeURIComponent('No code given')}&pageSize=20`));
    expect(generated.assets.map((a) => a.assetCoding)).toEqual([expect.stringMatching(/^ZC\d{8}$/)]);
  });

  it('leaves nothing when the database refuses the third chunk, marks the job failed, and frees the company', async () => {
    let stagings = 0;
    // The third staging INSERT fails, after two chunks have been committed to the staging table.
    const failing: Db = {
      ...server.db,
      transaction: (fn) =>
        server.db.transaction((tx) =>
          fn({
            exec: (script) => tx.exec(script),
            query: (sql, params) => {
              if (sql.includes('INSERT INTO import_staged_assets') && ++stagings === 3) throw new Error('disk full (injected)');
              return tx.query(sql, params);
            },
          }),
        ),
    };
    const before = await snapshot(server.db);
    const file = csv(['资产编码,资产名称,所属部门', ...newRows('STG-C3-', STAGE_CHUNK * 3 + 10)]);
    const started = await startImport(deps({ db: failing }), actor, { fileData: file, suffix: 'csv' });
    await started.finished;
    expect(stagings).toBe(3);
    expect((await snapshot(server.db)).assets).toEqual(before.assets);
    expect(await stagedRows()).toBe(0);
    expect(payload(await call<ImportStatus>('GET', `/api/Excel?jobId=${started.jobId}`))).toMatchObject({
      status: 'error',
      created: 0,
      message: 'The import failed and nothing was saved. Please try again.',
    });
    // The codes it had staged are free again, and the next import goes through.
    payload(await call<AssetInfo>('POST', '/api/Asset', { assetCoding: 'STG-C3-00001', assetName: 'Now free', affiliatedDept: ops.id }));
    const again = await startImport(deps({}), actor, { fileData: csv(['资产编码,资产名称,所属部门', ...newRows('STG-C3B-', 3)]), suffix: 'csv' });
    await again.finished;
    expect(await listed('STG-C3B-')).toBe(3);
  });

  it('fails whole when an asset it updates is edited while it stages, writing none of its rows', async () => {
    const asset = payload(await call<AssetInfo>('POST', '/api/Asset', { assetCoding: 'STG-EDIT', assetName: 'Before', affiliatedDept: ops.id }));
    const before = await snapshot(server.db);
    const hold = holdAt('writing');
    const file = csv(['资产编码,资产名称,所属部门', ...newRows('STG-E-', STAGE_CHUNK + 5), 'STG-EDIT,From the file,Ops']);
    const started = await startImport(deps({ gate: hold.gate }), actor, { fileData: file, suffix: 'csv' });
    await hold.reached;
    const edited = payload(await call<AssetInfo>('POST', '/api/Asset', { id: asset.id, version: asset.version, assetName: 'Edited meanwhile' }));
    hold.release();
    await started.finished;
    expect(payload(await call<ImportStatus>('GET', `/api/Excel?jobId=${started.jobId}`))).toMatchObject({ status: 'error', created: 0 });
    expect(await listed('STG-E-')).toBe(0);
    expect(payload(await call<AssetInfo>('GET', `/api/Asset/details?id=${asset.id}`))).toMatchObject({ assetName: 'Edited meanwhile', version: edited.version });
    expect(JSON.parse((await snapshot(server.db)).assets)).toHaveLength(JSON.parse(before.assets).length);
    expect(await stagedRows()).toBe(0);
  });

  it('drops the staged rows of an import a stopped server left behind, at the next start', async () => {
    // What a process killed mid-staging leaves: its job still 'importing' and a chunk staged
    // (this import is held after its first chunk for ever, as if its process had died there).
    let reached!: () => void;
    const isReached = new Promise<void>((resolve) => (reached = resolve));
    const gate = async (stage: ImportStage) => {
      if (stage !== 'writing') return;
      reached();
      await new Promise<never>(() => {});
    };
    const before = await snapshot(server.db);
    const file = csv(['资产编码,资产名称,所属部门', ...newRows('STG-K-', STAGE_CHUNK + 5)]);
    const started = await startImport(deps({ gate }), actor, { fileData: file, suffix: 'csv' });
    await isReached;
    expect(await stagedRows()).toBe(STAGE_CHUNK);

    expect(await failInterruptedImports(server.db, server.clock.now())).toBe(1);
    expect(await stagedRows()).toBe(0);
    expect((await snapshot(server.db)).assets).toEqual(before.assets);
    expect(payload(await call<ImportStatus>('GET', `/api/Excel?jobId=${started.jobId}`))).toMatchObject({ status: 'error', created: 0 });
  });
});

