/**
 * An import writes in short transactions (service.ts): its new rows are committed chunk by
 * chunk but hidden (assets/visibility.ts) until the job is published, and its changes to
 * existing assets are staged until then. Held at a gate between committed chunks, no
 * transaction is open: every request is answered, and none shows any part of the import.
 * Released, all of it shows at once. A failed import shows nothing and its rows are removed;
 * so are those of an import a stopped server left behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AssetInfo,
  AssetLabelRowsResult,
  AssetListResult,
  DashboardInfo,
  ExcelFile,
  ImportStatus,
  InventoryOrderInfo,
  LoginResult,
} from '../../../src/api/contract.ts';
import { errorMessage } from '../../errors.ts';
import { silentLogger } from '../../log.ts';
import { companyIdOf, payload, registerAndLogin, startTestServer, type TestServer } from '../../testing/harness.ts';
import { loadActor, type Actor } from '../access/service.ts';
import { assetIdOfToken } from '../asset-labels/links.ts';
import { resolveScannedCode } from '../assets/scanned-code.ts';
import { holdAt } from './test-gates.ts';
import { takeOverExpiredJobs } from './resume.ts';
import { importsSettled, startImport, sweepUnfinishedImports, WRITE_CHUNK, type ImportDeps } from './service.ts';

let server: TestServer;
let admin: LoginResult;
let actor: Actor;
let companyId: number;
let ops: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerAndLogin(server, 'hidden@example.com', 'pw', 'Hidden Co');
  companyId = await companyIdOf(server.db, admin.Id);
  ops = payload(await call<{ id: number }>('POST', '/api/Department', { deptName: 'Ops' })).id;
  for (const code of ['UPD-1', 'UPD-2', 'UPD-3', 'KEEP-1']) {
    payload(await call('POST', '/api/Asset', { assetCoding: code, assetName: `Old ${code}`, affiliatedDept: ops }));
  }
  actor = await loadActor(server.db, { userId: admin.Id, companyId });
});
afterAll(() => server?.close());

function call<T>(method: string, path: string, body?: unknown) {
  return server.call<T>(method, path, { token: admin.loginID, body, lang: 'en' });
}
const deps = (gate: ImportDeps['gate']): ImportDeps => ({ db: server.db, clock: server.clock.now, timeZone: 'Asia/Shanghai', log: silentLogger, gate });
const csv = (lines: string[]) => Buffer.from(['资产编码,资产名称,所属部门', ...lines].join('\n'), 'utf8').toString('base64');
const newRows = (prefix: string, count: number, dept = 'Ops') =>
  Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(5, '0')},Chair ${i},${dept}`);

/** What the company's users see, through every read that lists, counts or finds assets. */
async function seen(): Promise<Record<string, unknown>> {
  const list = payload(await call<AssetListResult>('GET', '/api/Asset?pageSize=100&sortKey=assetCoding'));
  const exported = payload(await call<ExcelFile>('GET', '/api/Excel/Export?sortKey=assetCoding'));
  const dashboard = payload(await call<DashboardInfo>('GET', '/api/Dashboard'));
  const labels = payload(await call<AssetLabelRowsResult>('GET', '/api/AssetLabel/Rows?limit=1000'));
  return {
    listTotal: list.filterAssetCount,
    names: list.assets.map((a) => `${a.assetCoding}:${a.assetName}`),
    exported: exported.rowCount,
    dashboardTotal: dashboard.totalAssets,
    labelTotal: labels.total,
    labelIds: labels.rows.map((r) => r.assetId),
  };
}

const hiddenRows = async (jobId: number) =>
  (await server.db.query<{ id: number; asset_coding: string; link_token: string }>(
    'SELECT id, asset_coding, link_token FROM assets WHERE company_id = $1 AND import_job = $2 ORDER BY id',
    [companyId, jobId],
  )).rows;
const jobRow = async (jobId: number) =>
  (await server.db.query<{ status: string; swept: boolean }>('SELECT status, swept FROM import_jobs WHERE id = $1', [jobId])).rows[0];
const NOT_FOUND = { statusCode: 28, resultInfo: errorMessage('assetNotFound', 'en') };

describe('an import held between committed chunks', () => {
  it('is seen by no read, answers every request meanwhile, and shows whole once published', async () => {
    const before = await seen();
    const ROWS = 10_000;
    const temp = payload(await call<{ id: number }>('POST', '/api/Department', { deptName: 'Temp' })).id;
    const lines = [...newRows('HID-', ROWS - 10), ...newRows('TMP-', 10, 'Temp'), 'UPD-1,New UPD-1,Ops', 'UPD-2,New UPD-2,Ops', 'UPD-3,New UPD-3,Ops'];
    // Held after every chunk is committed (new rows and staged changes), before the publish.
    const { gate, isHeld, release } = holdAt('publishing');
    const started = await startImport(deps(gate), actor, { fileData: csv(lines), suffix: 'csv', fileName: 'held.csv' });
    await isHeld;

    // Everything is written and committed, hidden: no transaction is open, so every request
    // below is answered while the import is held.
    const hidden = await hiddenRows(started.jobId);
    expect(hidden.length).toBe(ROWS);
    expect((await server.db.query('SELECT 1 FROM import_updates WHERE job_id = $1', [started.jobId])).rowCount).toBe(3);
    expect(await seen()).toEqual(before);
    const hiddenOne = hidden[7];
    expect((await call('GET', `/api/Asset/details?id=${hiddenOne.id}`)).body).toEqual(NOT_FOUND);
    expect((await call('GET', `/api/Asset?search=HID-`)).body).toMatchObject({ statusCode: 0, resultInfo: { filterAssetCount: 0 } });
    expect(payload(await call<AssetLabelRowsResult>('GET', `/api/AssetLabel/Rows?assetIds=${hiddenOne.id}`)).total).toBe(0);
    expect(await resolveScannedCode(server.db, actor, hiddenOne.asset_coding)).toBeNull();
    expect(await assetIdOfToken(server.db, actor, hiddenOne.link_token)).toBeNull();
    expect((await call('GET', `/api/AssetLink/${hiddenOne.link_token}`)).body).toEqual(NOT_FOUND);
    expect((await call('DELETE', '/api/Asset', { id: hiddenOne.id })).body).toEqual(NOT_FOUND);
    // An inventory order made now copies the register without the import.
    const order = payload(await call<InventoryOrderInfo>('POST', '/api/Anlageninventur', { name: 'During the import' }));
    expect(order.counts.total).toBe(before.listTotal);
    // The staged changes are not applied yet.
    const upd1 = (await call<AssetListResult>('GET', '/api/Asset?search=UPD-1')).body.resultInfo.assets[0];
    expect(upd1.assetName).toBe('Old UPD-1');
    // A department only the hidden rows use has no assets for its users, and its delete is
    // refused by the rows' foreign key (in use), so the import is not broken.
    expect((await call('DELETE', '/api/Department', { id: temp })).body).toEqual({ statusCode: 30, resultInfo: errorMessage('deptInUse', 'en') });
    // A form creating a code the import holds is refused as taken.
    expect((await call('POST', '/api/Asset', { assetCoding: 'HID-00003', assetName: 'Mine' })).body).toMatchObject({
      resultInfo: errorMessage('assetCodingTaken', 'en', { code: 'HID-00003' }),
    });

    release();
    await started.finished;
    const status = payload(await call<ImportStatus>('GET', `/api/Excel?jobId=${started.jobId}`));
    expect(status).toMatchObject({ status: 'success', created: ROWS, updated: 3, errorCount: 0 });
    const after = await seen();
    expect(after.listTotal).toBe((before.listTotal as number) + ROWS);
    expect(after.exported).toBe((before.exported as number) + ROWS);
    expect(after.dashboardTotal).toBe((before.dashboardTotal as number) + ROWS);
    expect(after.labelTotal).toBe((before.labelTotal as number) + ROWS);
    expect(payload(await call<AssetInfo>('GET', `/api/Asset/details?id=${hiddenOne.id}`)).assetCoding).toBe(hiddenOne.asset_coding);
    expect(await resolveScannedCode(server.db, actor, hiddenOne.asset_coding)).toBe(hiddenOne.id);
    const updated = payload(await call<AssetListResult>('GET', '/api/Asset?search=UPD-&sortKey=assetCoding')).assets;
    expect(updated.map((a) => [a.assetName, a.version])).toEqual([
      ['New UPD-1', 2],
      ['New UPD-2', 2],
      ['New UPD-3', 2],
    ]);
    await importsSettled();
    expect((await server.db.query('SELECT 1 FROM import_updates WHERE job_id = $1', [started.jobId])).rowCount).toBe(0);
    expect(await jobRow(started.jobId)).toEqual({ status: 'success', swept: true });
  });

  it('holds between two chunks with no transaction open: the first chunk is committed and hidden', async () => {
    const ROWS = WRITE_CHUNK * 2 + 5;
    const before = await seen();
    const { gate, isHeld, release } = holdAt('chunkWritten', 1);
    const started = await startImport(deps(gate), actor, { fileData: csv(newRows('ONE-', ROWS)), suffix: 'csv' });
    await isHeld;
    expect((await hiddenRows(started.jobId)).length).toBe(WRITE_CHUNK);
    expect(await seen()).toEqual(before);
    release();
    await started.finished;
    expect((await seen()).listTotal).toBe((before.listTotal as number) + ROWS);
  });
});

describe('an import that fails', () => {
  it('ends in error when a code it writes later is created meanwhile, shows nothing, and its rows are removed', async () => {
    const before = await seen();
    const ROWS = WRITE_CHUNK * 2 + 5;
    const { gate, isHeld, release } = holdAt('chunkWritten', 1);
    const started = await startImport(deps(gate), actor, { fileData: csv(newRows('CONF-', ROWS)), suffix: 'csv' });
    await isHeld;
    expect((await hiddenRows(started.jobId)).length).toBe(WRITE_CHUNK);
    // A code of the second chunk, not written yet: the form takes it.
    const late = `CONF-${String(WRITE_CHUNK + 3).padStart(5, '0')}`;
    payload(await call('POST', '/api/Asset', { assetCoding: late, assetName: 'Made by hand', affiliatedDept: ops }));
    release();
    await started.finished;
    const status = payload(await call<ImportStatus>('GET', `/api/Excel?jobId=${started.jobId}`));
    expect(status).toMatchObject({ status: 'error', created: 0, message: errorMessage('importFailed', 'en') });
    await importsSettled();
    expect(await hiddenRows(started.jobId)).toEqual([]);
    expect(await jobRow(started.jobId)).toEqual({ status: 'error', swept: true });
    const list = payload(await call<AssetListResult>('GET', '/api/Asset?search=CONF-'));
    expect(list.assets.map((a) => a.assetCoding)).toEqual([late]);
    expect((await seen()).listTotal).toBe((before.listTotal as number) + 1);
    // The codes are free again: the same file without the taken code is imported whole.
    const again = await startImport(deps(undefined), actor, {
      fileData: csv(newRows('CONF-', ROWS).filter((line) => !line.startsWith(`${late},`))),
      suffix: 'csv',
    });
    await again.finished;
    expect(payload(await call<ImportStatus>('GET', `/api/Excel?jobId=${again.jobId}`))).toMatchObject({ status: 'success', created: ROWS - 1 });
  });

  it('hands back the codes it reserved when it fails, unless a number was taken since', async () => {
    const newCode = async () => payload(await call<AssetInfo>('POST', '/api/Asset', { assetName: 'Numbered', affiliatedDept: ops })).assetCoding;
    const numberOf = (code: string) => Number(code.slice(2));
    // Two rows without a code (numbers reserved before any chunk), then enough coded rows for
    // a second chunk, one of whose codes a form takes while the import is held.
    const failing = async (meanwhile: () => Promise<unknown>) => {
      const { gate, isHeld, release } = holdAt('chunkWritten', 1);
      const lines = [',Lamp A,Ops', ',Lamp B,Ops', ...newRows('BACK-', WRITE_CHUNK + 5)];
      const started = await startImport(deps(gate), actor, { fileData: csv(lines), suffix: 'csv' });
      await isHeld;
      await meanwhile();
      payload(await call('POST', '/api/Asset', { assetCoding: `BACK-${String(WRITE_CHUNK + 2).padStart(5, '0')}`, assetName: 'Hand', affiliatedDept: ops }));
      release();
      await importsSettled();
      expect(payload(await call<ImportStatus>('GET', `/api/Excel?jobId=${started.jobId}`)).status).toBe('error');
      await server.db.query("DELETE FROM assets WHERE company_id = $1 AND asset_coding LIKE 'BACK-%'", [companyId]);
    };

    const last = numberOf(await newCode());
    await failing(async () => {});
    // The two numbers the import reserved are free again: no gap.
    expect(numberOf(await newCode())).toBe(last + 1);

    // A form took the next number while the import was held: the import's stay taken (a gap).
    let taken = 0;
    await failing(async () => (taken = numberOf(await newCode())));
    expect(taken).toBe(last + 4);
    expect(numberOf(await newCode())).toBe(last + 5);
  });

  it('left by a stopped server without its file is failed when taken over, and its hidden rows removed', async () => {
    // What a process killed between two chunks leaves: a job 'importing' and committed hidden rows.
    const { rows } = await server.db.query<{ id: number }>(
      `INSERT INTO import_jobs (company_id, user_id, file_name, status, total_rows) VALUES ($1, $2, 'died.csv', 'importing', 3000) RETURNING id`,
      [companyId, admin.Id],
    );
    const jobId = rows[0].id;
    await server.db.query(
      `INSERT INTO assets (company_id, asset_coding, asset_name, import_job)
       SELECT $1, 'DIED-' || i, 'Died ' || i, $2 FROM generate_series(1, 3000) AS i`,
      [companyId, jobId],
    );
    const before = await seen();
    expect((await call('GET', '/api/Asset?search=DIED-')).body).toMatchObject({ resultInfo: { filterAssetCount: 0 } });
    const deps = { db: server.db, clock: server.clock.now, timeZone: 'Asia/Shanghai', log: silentLogger };
    expect(await takeOverExpiredJobs(deps)).toBe(1);
    await importsSettled();
    expect(await seen()).toEqual(before);
    expect(await hiddenRows(jobId)).toEqual([]);
    expect(await jobRow(jobId)).toEqual({ status: 'error', swept: true });
    expect(await sweepUnfinishedImports(server.db, silentLogger)).toBe(0);
  });
});
