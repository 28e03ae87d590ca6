/**
 * Imports and record versions (migration 010): an import that changes an asset is a save like
 * a form's. It bumps the asset's version (open forms then reload); a row that changes nothing
 * leaves it; and an asset edited between the import's check and its write is not overwritten
 * with values merged from the older state: the import fails and saves nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportStatus, LoginResult } from '../../../src/api/contract.ts';
import { silentLogger } from '../../log.ts';
import { companyIdOf, payload, registerAndLogin, startTestServer, type TestServer } from '../../testing/harness.ts';
import { loadActor, type Actor } from '../access/service.ts';
import type { ImportStage } from './limits.ts';
import { startImport, type ImportDeps } from './service.ts';

let server: TestServer;
let admin: LoginResult;
let actor: Actor;

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerAndLogin(server, 'versions@example.com', 'pw', 'Versions Co');
  payload(await server.call('POST', '/api/Department', { token: admin.loginID, body: { deptName: 'Ops' } }));
  actor = await loadActor(server.db, { userId: admin.Id, companyId: await companyIdOf(server.db, admin.Id) });
});
afterAll(() => server?.close());

const deps = (gate?: ImportDeps['gate']): ImportDeps => ({ db: server.db, clock: server.clock.now, timeZone: 'Asia/Shanghai', log: silentLogger, gate });
const csv = (rows: string[]) => Buffer.from(['资产编码,资产名称,规格型号,所属部门', ...rows].join('\n'), 'utf8').toString('base64');
const asset = async (code: string) =>
  (await server.db.query<{ asset_name: string; specifications: string; version: number }>(
    'SELECT asset_name, specifications, version FROM assets WHERE company_id = $1 AND asset_coding = $2',
    [actor.companyId, code],
  )).rows[0];
async function importCsv(rows: string[], gate?: ImportDeps['gate']): Promise<ImportStatus> {
  const started = await startImport(deps(gate), actor, { fileData: csv(rows), suffix: 'csv' });
  await started.finished;
  return payload(await server.call<ImportStatus>('GET', `/api/Excel?jobId=${started.jobId}`, { token: admin.loginID, lang: 'en' }));
}

describe('imports and record versions', () => {
  it('start new assets at version 1, bump the version of an asset they change, and leave an unchanged one', async () => {
    expect(await importCsv(['VER-1,Desk,A,Ops', 'VER-2,Chair,B,Ops'])).toMatchObject({ status: 'success', created: 2 });
    expect(await asset('VER-1')).toEqual({ asset_name: 'Desk', specifications: 'A', version: 1 });
    expect(await importCsv(['VER-1,Desk,A2,Ops', 'VER-2,Chair,B,Ops'])).toMatchObject({ status: 'success', updated: 1, unchanged: 1 });
    expect(await asset('VER-1')).toEqual({ asset_name: 'Desk', specifications: 'A2', version: 2 });
    expect(await asset('VER-2')).toMatchObject({ version: 1 });
  });

  it('fails, saving nothing, when an asset it updates was edited after the check', async () => {
    let edited = false;
    const gate = async (stage: ImportStage) => {
      if (stage !== 'checked' || edited) return;
      edited = true;
      // A form's save between the import's check and its write (db/record-version.ts).
      await server.db.query(
        "UPDATE assets SET asset_name = 'Desk (edited)', version = version + 1 WHERE company_id = $1 AND asset_coding = 'VER-1'",
        [actor.companyId],
      );
    };
    const status = await importCsv(['VER-1,Desk,A3,Ops', 'VER-3,Lamp,C,Ops'], gate);
    expect(edited).toBe(true);
    expect(status).toMatchObject({ status: 'error', created: 0, message: 'The import failed and nothing was saved. Please try again.' });
    expect(await asset('VER-1')).toEqual({ asset_name: 'Desk (edited)', specifications: 'A2', version: 3 });
    expect(await asset('VER-3')).toBeUndefined();
    // Imported again, the file is checked against the edit and saved.
    expect(await importCsv(['VER-1,Desk,A3,Ops', 'VER-3,Lamp,C,Ops'])).toMatchObject({ status: 'success', created: 1, updated: 1 });
    expect(await asset('VER-1')).toEqual({ asset_name: 'Desk', specifications: 'A3', version: 4 });
  });
});
