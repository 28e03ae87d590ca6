/**
 * An import in progress does not stop the server: while a large file is held inside its parse
 * worker, the health check and the asset list answer; rows with characters the database
 * cannot keep are refused by row, never stored; a file over the row limit is refused whole
 * and leaves nothing behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportStatus, LoginResult } from '../../../src/api/contract.ts';
import { errorMessage } from '../../errors.ts';
import { silentLogger } from '../../log.ts';
import { companyIdOf, payload, registerAndLogin, snapshot, startTestServer, type TestServer } from '../../testing/harness.ts';
import { loadActor, type Actor } from '../access/service.ts';
import { DEFAULT_IMPORT_LIMITS, type ImportStage } from './limits.ts';
import { ImportParser } from './parse-queue.ts';
import { importsSettled, startImport, type ImportDeps } from './service.ts';
import { rowXml, streamedXlsx } from './test-files.ts';

let server: TestServer;
let admin: LoginResult;
let actor: Actor;

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerAndLogin(server, 'responsive@example.com', 'pw', 'Busy Co');
  payload(await server.call('POST', '/api/Department', { token: admin.loginID, body: { deptName: 'Ops' } }));
  actor = await loadActor(server.db, { userId: admin.Id, companyId: await companyIdOf(server.db, admin.Id) });
});
afterAll(() => server?.close());

const call = <T>(method: string, path: string, body?: unknown) => server.call<T>(method, path, { token: admin.loginID, body, lang: 'en' });
const deps = (over: Partial<ImportDeps>): ImportDeps => ({ db: server.db, clock: server.clock.now, timeZone: 'Asia/Shanghai', log: silentLogger, ...over });
const base64Csv = (lines: string[]) => Buffer.from(lines.join('\n'), 'utf8').toString('base64');
const countAssets = async (prefix: string) =>
  (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM assets WHERE asset_coding LIKE $1', [`${prefix}%`])).rows[0].n;

describe('imports and the rest of the server', () => {
  it('answers the health check and the asset list while an import is held inside its parse worker', async () => {
    // 30,000 rows: large, within the limits (about 1 MB as CSV).
    const lines = ['资产编码,资产名称,所属部门'];
    for (let i = 0; i < 30_000; i++) lines.push(`HELD-${i},Chair ${i},Ops`);
    const parser = new ImportParser(DEFAULT_IMPORT_LIMITS);
    let held!: () => void;
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const gate = async (stage: ImportStage) => {
      if (stage !== 'parsed') return;
      held();
      await released;
    };
    const starting = startImport(deps({ parser, gate }), actor, { fileData: base64Csv(lines), suffix: 'csv', fileName: 'held.csv' });
    await isHeld;
    // The file is parsed and held in the worker; the request thread is free.
    expect(parser.load).toEqual({ active: 1, waiting: 0 });
    expect((await server.call('GET', '/api/health')).body.statusCode).toBe(0);
    const list = await call<{ total: number }>('GET', '/api/Asset?pageIndex=1&pageSize=20');
    expect(list.body.statusCode).toBe(0);
    // The company's import is running: a second one is refused before it is parsed.
    expect((await call('POST', '/api/Excel', { suffix: 'csv', fileData: base64Csv(['资产名称', 'x']) })).body.statusCode).toBe(10007);
    expect(await countAssets('HELD-')).toBe(0);
    release();
    const started = await starting;
    expect(started.totalRows).toBe(30_000);
    await started.finished;
    expect(await countAssets('HELD-')).toBe(30_000);
    expect(parser.load).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses rows with NUL characters or lone surrogates by row number, and stores none of them', async () => {
    const file = streamedXlsx(() => [
      rowXml(['资产编码', '资产名称', '规格型号', '所属部门']),
      rowXml(['NUL-1', 'Desk', 'plain', 'Ops']),
      rowXml(['NUL-2', 'Chair', 'a_x0000_b', 'Ops']),
      `<row>${['NUL-3', 'Lamp&#xDC00;', '', 'Ops'].map((t) => `<c t="inlineStr"><is><t>${t}</t></is></c>`).join('')}</row>`,
      rowXml(['NUL-4', 'Shelf \u{1F4DA}', '', 'Ops']),
    ]);
    const started = await call<{ jobId: number; totalRows: number }>('POST', '/api/Excel', { suffix: 'xlsx', fileData: file.toString('base64') });
    expect(started.body).toMatchObject({ statusCode: 0, resultInfo: { totalRows: 4 } });
    await importsSettled();
    const status = payload(await call<ImportStatus>('GET', `/api/Excel?jobId=${started.body.resultInfo.jobId}`));
    expect(status).toMatchObject({ status: 'success', created: 2, errorCount: 2 });
    expect(status.errors).toEqual([
      { row: 3, reason: '"规格型号" contains a NUL or an invalid Unicode character (a lone surrogate); correct the cell.' },
      { row: 4, reason: '"资产名称" contains a NUL or an invalid Unicode character (a lone surrogate); correct the cell.' },
    ]);
    const { rows } = await server.db.query<{ asset_coding: string; asset_name: string }>(
      "SELECT asset_coding, asset_name FROM assets WHERE asset_coding LIKE 'NUL-%' ORDER BY asset_coding",
    );
    expect(rows).toEqual([
      { asset_coding: 'NUL-1', asset_name: 'Desk' },
      { asset_coding: 'NUL-4', asset_name: 'Shelf \u{1F4DA}' },
    ]);
  });

  it('refuses a file over the row limit with the limit in both languages, leaving no job and no asset', async () => {
    const before = await snapshot(server.db);
    const jobsBefore = (await server.db.query('SELECT id FROM import_jobs')).rows;
    const parser = new ImportParser({ ...DEFAULT_IMPORT_LIMITS, maxRows: 3 });
    const fileData = base64Csv(['资产名称', 'a', 'b', 'c', 'd']);
    await expect(startImport(deps({ parser }), actor, { fileData, suffix: 'csv' })).rejects.toMatchObject({ kind: 'importTooManyRows', params: { max: 3 } });
    expect(errorMessage('importTooManyRows', 'en', { max: 3 })).toBe(
      'The file has more than 3 rows of data; at most 3 rows can be imported at a time. Split it into several files.',
    );
    expect(errorMessage('importTooManyRows', 'zh', { max: 3 })).toBe('文件的数据超过 3 行，一次最多导入 3 行。请把文件拆成几份分别导入。');
    expect(await snapshot(server.db)).toEqual(before);
    expect((await server.db.query('SELECT id FROM import_jobs')).rows).toEqual(jobsBefore);
    // The company is free again: a file within the limit is imported.
    const started = await startImport(deps({ parser }), actor, { fileData: base64Csv(['资产编码,资产名称,所属部门', 'LIM-1,a,Ops']), suffix: 'csv' });
    await started.finished;
    expect(await countAssets('LIM-')).toBe(1);
  });
});
