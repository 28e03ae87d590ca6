/**
 * Generated asset codes count per company (codes.ts, migration 005): through the real app
 * for creates and imports, concurrently, and on a database migrated from before the counters.
 */
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetInfo, ImportStarted, ImportStatus, LoginResult } from '../../../src/api/contract.ts';
import { loadMigrations, migrate } from '../../db/migrate.ts';
import { openTestDb } from '../../db/test-db.ts';
import { companyIdOf, payload, registerAndLogin, startTestServer, type TestServer } from '../../testing/harness.ts';
import { importsSettled } from '../import-export/service.ts';
import { codeOf, numberOf, reserveCodes } from './codes.ts';

let server: TestServer;
let north: LoginResult;
let south: LoginResult;

beforeAll(async () => {
  server = await startTestServer();
  north = await registerAndLogin(server, 'north@example.com', 'pw', 'North Co');
  south = await registerAndLogin(server, 'south@example.com', 'pw', 'South Co');
});
afterAll(() => server?.close());

const create = async (who: LoginResult, body: Record<string, unknown>) =>
  payload(await server.call<AssetInfo>('POST', '/api/Asset', { token: who.loginID, body, lang: 'en' }));

async function codesOf(who: LoginResult): Promise<string[]> {
  const { rows } = await server.db.query<{ asset_coding: string }>(
    'SELECT asset_coding FROM assets WHERE company_id = $1 ORDER BY id',
    [await companyIdOf(server.db, who.Id)],
  );
  return rows.map((r) => r.asset_coding);
}

/** Imports rows (header + data) as .xlsx for `who` and waits for the job's end. */
async function importRows(who: LoginResult, rows: (string | number | null)[][]): Promise<ImportStatus> {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  const fileData = XLSX.write(book, { type: 'base64', bookType: 'xlsx' }) as string;
  const started = await server.call<ImportStarted>('POST', '/api/Excel', {
    token: who.loginID,
    body: { explain: 3, suffix: 'xlsx', fileData, fileName: 'assets.xlsx' },
    lang: 'en',
  });
  const job = payload(started).jobId;
  await importsSettled();
  return payload(await server.call<ImportStatus>('GET', `/api/Excel?jobId=${job}`, { token: who.loginID, lang: 'en' }));
}

describe('asset codes per company', () => {
  it('numbers each company’s assets 1, 2, 3... whatever the other company does', async () => {
    for (let i = 0; i < 3; i++) {
      await create(north, { assetName: `North ${i}` });
      await create(south, { assetName: `South ${i}` });
    }
    expect(await codesOf(north)).toEqual(['ZC00000001', 'ZC00000002', 'ZC00000003']);
    expect(await codesOf(south)).toEqual(['ZC00000001', 'ZC00000002', 'ZC00000003']);
  });

  it('continues the sequence in imports, skipping codes typed by hand or named by the file', async () => {
    // A code typed by hand in the counter's form is skipped when the counter reaches it.
    await create(north, { assetName: 'Typed', assetCoding: 'ZC00000005' });
    await create(north, { assetName: 'Next' });
    await create(north, { assetName: 'After' });
    expect((await codesOf(north)).slice(3)).toEqual(['ZC00000005', 'ZC00000004', 'ZC00000006']);
    // The file names ZC00000008 for one row; the rows without a code get 7, then 9 on.
    const status = await importRows(north, [
      ['Asset code', 'Asset name'],
      [null, 'Imported a'],
      ['ZC00000008', 'Imported b'],
      [null, 'Imported c'],
      [null, 'Imported d'],
    ]);
    expect(status).toMatchObject({ status: 'success', created: 4, errorCount: 0 });
    const { rows } = await server.db.query<{ asset_name: string; asset_coding: string }>(
      "SELECT asset_name, asset_coding FROM assets WHERE company_id = $1 AND asset_name LIKE 'Imported %' ORDER BY asset_name",
      [await companyIdOf(server.db, north.Id)],
    );
    expect(rows.map((r) => r.asset_coding)).toEqual(['ZC00000007', 'ZC00000008', 'ZC00000009', 'ZC00000010']);
    // South's numbers did not move.
    expect((await create(south, { assetName: 'South 3' })).assetCoding).toBe('ZC00000004');
  });

  it('gives 50 concurrent creates and an import running alongside unique, gap-free codes', async () => {
    const before = (await codesOf(south)).length;
    const file = [['Asset code', 'Asset name'], ...Array.from({ length: 30 }, (_, i) => [null, `Bulk ${i}`])];
    const [imported, ...made] = await Promise.all([
      importRows(south, file),
      ...Array.from({ length: 50 }, (_, i) => create(south, { assetName: `Concurrent ${i}` })),
    ]);
    expect(imported).toMatchObject({ status: 'success', created: 30 });
    expect(made).toHaveLength(50);
    const all = await codesOf(south);
    expect(all).toHaveLength(before + 80);
    expect(new Set(all).size).toBe(all.length);
    // Every number from 1 to the last, each once.
    const numbers = all.map((c) => numberOf(c)!).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  });

  it('hands the number back when the transaction rolls back', async () => {
    const company = await companyIdOf(server.db, north.Id);
    const next = async () => server.db.transaction((tx) => reserveCodes(tx, company, 1));
    const [first] = await next();
    await expect(
      server.db.transaction(async (tx) => {
        expect(await reserveCodes(tx, company, 2)).toEqual([codeOf(numberOf(first)! + 1), codeOf(numberOf(first)! + 2)]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await next()).toEqual([codeOf(numberOf(first)! + 1)]);
  });

  it('reads the counter’s form only: ZC and up to 15 digits', () => {
    expect(codeOf(1)).toBe('ZC00000001');
    expect(codeOf(123_456_789)).toBe('ZC123456789');
    expect([numberOf('ZC00000042'), numberOf('ZC7'), numberOf('zc00000001'), numberOf('ZC-1'), numberOf('ZC1234567890123456')]).toEqual([
      42,
      7,
      null,
      null,
      null,
    ]);
  });
});

describe('migrating a database from before the counters', () => {
  it('keeps existing codes and starts each company after its highest numbered code', async () => {
    const db = await openTestDb({ migrate: false });
    try {
      const all = loadMigrations();
      const before = all.filter((m) => m.version < 5);
      await migrate(db, before);
      const companies = await db.query<{ id: number }>("INSERT INTO companies (name) VALUES ('Old A'), ('Old B'), ('Old C') RETURNING id");
      const [a, b, c] = companies.rows.map((r) => r.id);
      // Codes from the old shared sequence, a hand-typed one, and forms the counter ignores.
      const old: [number, string, string | null, number | null][] = [
        [a, 'ZC00000007', '2024-03-15', 36],
        [a, 'ZC00000123', '2024-01-31', 1],
        [a, 'A-0042', null, null],
        [a, 'ZC12', null, null],
        [a, 'ZCX9', null, null],
        [b, 'ZC00000050', null, null],
        [c, 'B-1', null, null],
      ];
      for (const [company, code, buyDate, months] of old) {
        await db.query('INSERT INTO assets (company_id, asset_coding, asset_name, buy_date, loss_cycle) VALUES ($1, $2, $3, $4, $5)', [
          company,
          code,
          code,
          buyDate,
          months,
        ]);
      }
      // The old rule: 36 x 30 days.
      const oldExpiry = await db.query<{ expiry_date: string }>("SELECT expiry_date FROM assets WHERE asset_coding = 'ZC00000007'");
      expect(oldExpiry.rows[0].expiry_date).toBe('2027-02-28');

      await migrate(db, all);
      const codes = await db.query<{ company_id: number; asset_coding: string }>('SELECT company_id, asset_coding FROM assets ORDER BY id');
      expect(codes.rows.map((r) => [r.company_id, r.asset_coding])).toEqual(old.map(([company, code]) => [company, code]));
      // Expiry and the life's end follow the calendar-month rule for the rows already there.
      const expiry = await db.query<{ asset_coding: string; life_end: string | null; expiry_date: string | null }>(
        "SELECT asset_coding, life_end, expiry_date FROM assets WHERE company_id = $1 AND asset_coding LIKE 'ZC0%' ORDER BY id",
        [a],
      );
      expect(expiry.rows).toEqual([
        { asset_coding: 'ZC00000007', life_end: '2027-03-15', expiry_date: '2027-03-15' },
        { asset_coding: 'ZC00000123', life_end: '2024-02-29', expiry_date: '2024-02-29' },
      ]);
      const next = async (company: number) => db.transaction((tx) => reserveCodes(tx, company, 2));
      expect(await next(a)).toEqual(['ZC00000124', 'ZC00000125']);
      expect(await next(b)).toEqual(['ZC00000051', 'ZC00000052']);
      expect(await next(c)).toEqual(['ZC00000001', 'ZC00000002']);
    } finally {
      await db.close();
    }
  });
});
