/**
 * An import's changes to existing assets (service.ts, migration 019): staged while it writes,
 * then applied by its publish and, when there are more than one chunk of them (applyChunk: 2
 * here, WRITE_CHUNK on PGlite), by short transactions after it. From its staging until its
 * change is applied, an asset is held (assets/import-hold.ts): a form's save, a delete or a
 * transaction of it is refused with a message naming it, and changes nothing. Until its last
 * change is applied the import still runs, for its status and for the company's next file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetInfo, ImportStatus, LoginResult } from '../../../src/api/contract.ts';
import { errorMessage } from '../../errors.ts';
import { silentLogger } from '../../log.ts';
import { companyIdOf, payload, registerAndLogin, startTestServer, type TestServer } from '../../testing/harness.ts';
import { loadActor, type Actor } from '../access/service.ts';
import { holdAt } from './test-gates.ts';
import { importsSettled, importStatus, startImport, type ImportDeps } from './service.ts';

let server: TestServer;
let admin: LoginResult;
let actor: Actor;
let companyId: number;
const ids = new Map<string, number>();
const CODES = ['APL-1', 'APL-2', 'APL-3', 'APL-4', 'APL-5', 'APL-6', 'APL-7'];

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerAndLogin(server, 'apply@example.com', 'pw', 'Apply Co');
  companyId = await companyIdOf(server.db, admin.Id);
  payload(await call('POST', '/api/Department', { deptName: 'Ops' }));
  const ops = (await server.db.query<{ id: number }>("SELECT id FROM departments WHERE company_id = $1 AND name = 'Ops'", [companyId])).rows[0].id;
  for (const code of CODES) {
    ids.set(code, payload(await call<AssetInfo>('POST', '/api/Asset', { assetCoding: code, assetName: `Old ${code}`, affiliatedDept: ops })).id);
  }
  actor = await loadActor(server.db, { userId: admin.Id, companyId });
});
afterAll(() => server?.close());

function call<T>(method: string, path: string, body?: unknown) {
  return server.call<T>(method, path, { token: admin.loginID, body, lang: 'en' });
}
const deps = (gate: ImportDeps['gate']): ImportDeps => ({
  db: server.db,
  clock: server.clock.now,
  timeZone: 'Asia/Shanghai',
  log: silentLogger,
  gate,
  applyChunk: 2,
});
const csv = (lines: string[]) => Buffer.from(['资产编码,资产名称,所属部门', ...lines].join('\n'), 'utf8').toString('base64');

const nameOf = async (code: string) =>
  (await server.db.query<{ asset_name: string }>('SELECT asset_name FROM assets WHERE company_id = $1 AND asset_coding = $2', [companyId, code]))
    .rows[0]?.asset_name;
const names = async () => Object.fromEntries(await Promise.all(CODES.map(async (code) => [code, await nameOf(code)])));
const heldMessage = (code: string) => ({ statusCode: 10007, resultInfo: errorMessage('assetBeingImported', 'en', { code }) });
const edit = (code: string, assetName: string) => call('POST', '/api/Asset', { id: ids.get(code), assetName });

describe("an import's changes to existing assets", () => {
  it('are applied after the publish in chunks; each asset is held until its change is applied', async () => {
    const lines = CODES.map((code, i) => `${code},Round ${i + 1},Ops`);
    // Held after the publish (chunk 1: APL-1, 2) and the next chunk (APL-3, 4).
    const { gate, isHeld, release } = holdAt('chunkApplied');
    const started = await startImport(deps(gate), actor, { fileData: csv([...lines, 'APL-NEW,Brand new,Ops']), suffix: 'csv', fileName: 'apply.csv' });
    await isHeld;

    expect(await names()).toEqual({
      'APL-1': 'Round 1',
      'APL-2': 'Round 2',
      'APL-3': 'Round 3',
      'APL-4': 'Round 4',
      'APL-5': 'Old APL-5',
      'APL-6': 'Old APL-6',
      'APL-7': 'Old APL-7',
    });
    // The new row shows from the publish on.
    expect(payload(await call<{ filterAssetCount: number }>('GET', '/api/Asset?search=APL-NEW')).filterAssetCount).toBe(1);
    // Still importing for its user, and for the company's next file.
    const status = await importStatus({ db: server.db }, actor, started.jobId, 'en');
    expect(status).toMatchObject({ status: 'importing', phase: 'saving', total: 8, finishedAt: null });
    expect(status.done).toBeGreaterThanOrEqual(5);
    expect(status.done).toBeLessThan(8);
    await expect(startImport(deps(undefined), actor, { fileData: csv(['APL-X,x,Ops']), suffix: 'csv' })).rejects.toMatchObject({ kind: 'importBusy' });

    // A change still to apply holds its asset: refused, nothing written.
    expect((await edit('APL-6', 'Edited')).body).toEqual(heldMessage('APL-6'));
    expect((await call('DELETE', '/api/Asset', { id: ids.get('APL-7') })).body).toEqual(heldMessage('APL-7'));
    expect((await call('POST', '/api/Business', { type: 'Maintain', assetIds: [ids.get('APL-3'), ids.get('APL-5')] })).body).toEqual(
      heldMessage('APL-5'),
    );
    expect((await server.db.query('SELECT 1 FROM business_records WHERE company_id = $1', [companyId])).rowCount).toBe(0);
    // One applied is free again.
    expect((await edit('APL-2', 'Edited 2')).body.statusCode).toBe(0);
    expect(await nameOf('APL-6')).toBe('Old APL-6');
    expect(await nameOf('APL-7')).toBe('Old APL-7');

    release();
    await importsSettled();
    expect(await importStatus({ db: server.db }, actor, started.jobId, 'en')).toMatchObject({ status: 'success', updated: 7, created: 1, done: 8 });
    expect(await names()).toEqual({
      'APL-1': 'Round 1',
      'APL-2': 'Edited 2',
      'APL-3': 'Round 3',
      'APL-4': 'Round 4',
      'APL-5': 'Round 5',
      'APL-6': 'Round 6',
      'APL-7': 'Round 7',
    });
    // Every change bumped the version once (the edited one twice); nothing is held any more.
    const versions = await server.db.query<{ asset_coding: string; version: number }>(
      'SELECT asset_coding, version FROM assets WHERE company_id = $1 AND asset_coding LIKE $2 ORDER BY asset_coding',
      [companyId, 'APL-_'],
    );
    expect(versions.rows.map((r) => r.version)).toEqual([2, 3, 2, 2, 2, 2, 2]);
    expect((await edit('APL-6', 'Edited 6')).body.statusCode).toBe(0);
    expect((await server.db.query('SELECT 1 FROM import_updates WHERE job_id = $1', [started.jobId])).rowCount).toBe(0);
    expect((await server.db.query('SELECT apply_after FROM import_jobs WHERE id = $1', [started.jobId])).rows[0]).toEqual({ apply_after: null });
  });

  it('holds an asset from its staging on: an edit during the import is refused, and the import succeeds', async () => {
    // Held after the first staged chunk (APL-1, 2 of a file changing APL-1..4).
    const { gate, isHeld, release } = holdAt('chunkWritten');
    const started = await startImport(deps(gate), actor, {
      fileData: csv(['APL-1,Staged 1,Ops', 'APL-2,Staged 2,Ops', 'APL-3,Staged 3,Ops', 'APL-4,Staged 4,Ops']),
      suffix: 'csv',
    });
    await isHeld;
    expect((await edit('APL-1', 'Mine')).body).toEqual(heldMessage('APL-1'));
    // An asset the import does not change is free.
    expect((await edit('APL-5', 'Mine 5')).body.statusCode).toBe(0);
    release();
    await importsSettled();
    expect(await importStatus({ db: server.db }, actor, started.jobId, 'en')).toMatchObject({ status: 'success', updated: 4 });
    expect([await nameOf('APL-1'), await nameOf('APL-5')]).toEqual(['Staged 1', 'Mine 5']);
  });

  it('are released when the import fails before its publish', async () => {
    const { gate, isHeld, release } = holdAt('publishing');
    const started = await startImport(deps(gate), actor, {
      fileData: csv(['APL-1,Lost 1,Ops', 'APL-2,Lost 2,Ops', 'APL-3,Lost 3,Ops']),
      suffix: 'csv',
    });
    await isHeld;
    expect((await edit('APL-3', 'Mine 3')).body).toEqual(heldMessage('APL-3'));
    // Another process marked it interrupted (as a start does): the publish finds it no longer importing.
    await server.db.query("UPDATE import_jobs SET status = 'error' WHERE id = $1", [started.jobId]);
    expect((await edit('APL-3', 'Mine 3')).body.statusCode).toBe(0);
    release();
    await importsSettled();
    expect((await importStatus({ db: server.db }, actor, started.jobId, 'en')).status).toBe('error');
    expect([await nameOf('APL-1'), await nameOf('APL-3')]).toEqual(['Staged 1', 'Mine 3']);
  });
});
