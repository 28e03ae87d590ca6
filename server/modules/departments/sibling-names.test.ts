/**
 * Sibling departments have distinct names (issue 14): refused on create, rename and move in
 * both languages, held by migration 009's unique index under concurrency and for writers that
 * skip the service, and old databases with duplicates are migrated by renaming.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepartmentInfo, DepartmentListResult, LoginResult } from '../../../src/api/contract.ts';
import { StatusCode } from '../../../src/api/contract.ts';
import { loadMigrations, migrate } from '../../db/migrate.ts';
import { openTestDb } from '../../db/test-db.ts';
import { companyIdOf, payload, registerAndLogin, snapshot, startTestServer, type TestServer } from '../../testing/harness.ts';

let server: TestServer;
let admin: LoginResult;
beforeAll(async () => {
  server = await startTestServer();
  admin = await registerAndLogin(server, 'siblings@example.com', 'pw', 'Sibling Co');
});
afterAll(() => server?.close());

const call = <T>(method: string, path: string, body?: unknown, lang = 'en') =>
  server.call<T>(method, path, { token: admin.loginID, body, lang });
const create = async (deptName: string, affiliatedDept?: number) =>
  payload(await call<DepartmentInfo>('POST', '/api/Department', { deptName, affiliatedDept }));
const list = async () => payload(await call<DepartmentListResult>('GET', '/api/Department/List')).departments;

describe('sibling department names', () => {
  it('refuses a second child of the same name, ignoring case and extra white space, in both languages', async () => {
    const sales = await create('Sales Team');
    const before = await snapshot(server.db);
    for (const name of ['Sales Team', 'sales team', '  SALES   team ', 'Sales\tTeam']) {
      const en = await call('POST', '/api/Department', { deptName: name });
      expect(en.body).toEqual({
        statusCode: StatusCode.duplicate,
        resultInfo: 'There is already a department called "Sales Team" under "Sibling Co". Please choose another name.',
      });
    }
    const zh = await call('POST', '/api/Department', { deptName: 'sales team' }, 'zh-CN');
    expect(zh.body).toEqual({
      statusCode: StatusCode.duplicate,
      resultInfo: '“Sibling Co”下已有名为“Sales Team”的部门，请换一个名称。',
    });
    expect(await snapshot(server.db)).toEqual(before);
    // Under another parent the name may repeat, and a different name is fine.
    const east = await create('East', sales.id);
    expect(await create('Sales Team', east.id)).toMatchObject({ deptName: 'Sales Team', affiliatedDept: east.id });
    expect(await create('Sales Team 2')).toMatchObject({ deptName: 'Sales Team 2' });
  });

  it('refuses a rename onto a sibling’s name, but lets a department change its own case', async () => {
    const a = await create('Rename A');
    const b = await create('Rename B');
    const before = await snapshot(server.db);
    const clash = await call('POST', '/api/Department', { id: b.id, deptName: 'rename a' });
    expect(clash.body).toMatchObject({ statusCode: StatusCode.duplicate });
    expect(String(clash.body.resultInfo)).toContain('"Rename A"');
    expect(await snapshot(server.db)).toEqual(before);
    const own = payload(await call<DepartmentInfo>('POST', '/api/Department', { id: a.id, deptName: 'RENAME A' }));
    expect(own.deptName).toBe('RENAME A');
  });

  it('refuses a move under a parent that has a child of that name, with or without a rename', async () => {
    const left = await create('Move Left');
    const right = await create('Move Right');
    const x = await create('Shared', left.id);
    await create('Shared', right.id);
    const other = await create('Other', left.id);
    const before = await snapshot(server.db);
    const move = await call('POST', '/api/Department', { id: x.id, affiliatedDept: right.id });
    expect(move.body).toEqual({
      statusCode: StatusCode.duplicate,
      resultInfo: 'There is already a department called "Shared" under "Move Right". Please choose another name.',
    });
    const renameAndMove = await call('POST', '/api/Department', { id: other.id, deptName: 'shared', affiliatedDept: right.id });
    expect(renameAndMove.body).toMatchObject({ statusCode: StatusCode.duplicate });
    expect(await snapshot(server.db)).toEqual(before);
    // Renamed on the way, the move goes through.
    const moved = payload(await call<DepartmentInfo>('POST', '/api/Department', { id: x.id, deptName: 'Shared 2', affiliatedDept: right.id }));
    expect(moved).toMatchObject({ deptName: 'Shared 2', affiliatedDept: right.id });
  });

  it('creates exactly one of many concurrent same-name requests', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call<DepartmentInfo>('POST', '/api/Department', { deptName: i % 2 ? 'Race' : ' race ' })),
    );
    expect(results.filter((r) => r.body.statusCode === StatusCode.ok)).toHaveLength(1);
    expect(results.filter((r) => r.body.statusCode === StatusCode.duplicate)).toHaveLength(7);
    expect((await list()).filter((d) => d.deptName.trim().toLowerCase() === 'race')).toHaveLength(1);
  });

  it('is held by the database for writers that skip the service', async () => {
    const companyId = await companyIdOf(server.db, admin.Id);
    const top = await create('Direct');
    await expect(
      server.db.query(
        `INSERT INTO departments (company_id, name, parent_id, path) VALUES ($1, ' DIRECT  ', $2, '/0/')`,
        [companyId, top.affiliatedDept],
      ),
    ).rejects.toMatchObject({ code: '23505' });
  });
});

describe('migration 009', () => {
  it('renames the existing duplicates of old databases with a free number, keeping the oldest as it was', async () => {
    const db = await openTestDb({ migrate: false });
    try {
      const all = loadMigrations();
      const before009 = all.filter((m) => m.version < 9);
      await migrate(db, before009);
      const company = (await db.query<{ id: number }>("INSERT INTO companies (name) VALUES ('Old Co') RETURNING id")).rows[0].id;
      const root = (await db.query<{ id: number }>('SELECT id FROM departments WHERE company_id = $1', [company])).rows[0]?.id
        ?? (await db.query<{ id: number }>(
          `INSERT INTO departments (company_id, path) VALUES ($1, '/0/') RETURNING id`, [company])).rows[0].id;
      const other = (await db.query<{ id: number }>(
        `INSERT INTO departments (company_id, name, parent_id, path) VALUES ($1, 'Elsewhere', $2, '/0/') RETURNING id`,
        [company, root],
      )).rows[0].id;
      const names = ['Sales', 'sales', 'Sales (2)', ' SALES ', 'x'.repeat(50), 'X'.repeat(50), 'Solo'];
      const ids: number[] = [];
      for (const name of names) {
        const { rows } = await db.query<{ id: number }>(
          `INSERT INTO departments (company_id, name, parent_id, path) VALUES ($1, $2, $3, '/0/') RETURNING id`,
          [company, name, root],
        );
        ids.push(rows[0].id);
      }
      // The same name under another parent is no duplicate.
      const nested = (await db.query<{ id: number }>(
        `INSERT INTO departments (company_id, name, parent_id, path) VALUES ($1, 'Sales', $2, '/0/') RETURNING id`,
        [company, other],
      )).rows[0].id;

      expect(await migrate(db, all)).toEqual(all.filter((m) => m.version >= 9).map((m) => m.version));
      const { rows } = await db.query<{ id: number; name: string }>(
        'SELECT id, name FROM departments WHERE id = ANY($1::bigint[]) ORDER BY id',
        [[...ids, nested]],
      );
      expect(rows.map((r) => r.name)).toEqual([
        'Sales',
        'sales (3)', // 'Sales (2)' is taken by a sibling
        'Sales (2)',
        'SALES (4)',
        'x'.repeat(50),
        `${'X'.repeat(46)} (2)`, // cut to stay within 50 characters
        'Solo',
        'Sales',
      ]);
      await expect(
        db.query(`INSERT INTO departments (company_id, name, parent_id, path) VALUES ($1, 'SOLO', $2, '/0/')`, [company, root]),
      ).rejects.toMatchObject({ code: '23505' });
    } finally {
      await db.close();
    }
  });
});
