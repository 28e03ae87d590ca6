import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.ts';
import { loadMigrations, migrate, schemaVersion } from './migrate.ts';
import { openTestDb } from './test-db.ts';

let db: Db;
beforeAll(async () => {
  db = await openTestDb({ migrate: false });
});
afterAll(() => db?.close());

describe('migrations', () => {
  it('apply in order once, and are skipped on every later start', async () => {
    const all = loadMigrations();
    expect(all.map((m) => m.version)).toEqual([...all.map((m) => m.version)].sort((a, b) => a - b));
    expect(all[0]).toMatchObject({ version: 1, name: 'accounts' });

    expect(await migrate(db)).toEqual(all.map((m) => m.version));
    expect(await migrate(db)).toEqual([]);
    expect(await schemaVersion(db)).toBe(all.at(-1)!.version);
    const { rows } = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(all.map((m) => m.version));
  });

  it('roll a failing migration back completely', async () => {
    const broken = { version: 9001, name: 'broken', sql: 'CREATE TABLE half_done (id int); SELECT no_such_function();' };
    await expect(migrate(db, [...loadMigrations(), broken])).rejects.toThrow();
    const table = await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'");
    expect(table.rowCount).toBe(0);
    const recorded = await db.query('SELECT 1 FROM schema_migrations WHERE version = 9001');
    expect(recorded.rowCount).toBe(0);
  });

  it('give companies from before the organisation migration a root department, and make the demo VIP', async () => {
    const fresh = await openTestDb({ migrate: false });
    try {
      const [accounts, ...later] = loadMigrations();
      await migrate(fresh, [accounts]);
      const made = await fresh.query<{ id: number }>("INSERT INTO companies (name) VALUES ('Old Co'), ('Demo') RETURNING id");
      const [oldCo, demo] = made.rows.map((r) => r.id);
      await fresh.query(
        `INSERT INTO users (company_id, email, password_hash, is_admin, is_demo)
         VALUES ($1, 'old@example.com', 'x', true, false), ($2, 'demo@example.com', 'x', true, true)`,
        [oldCo, demo],
      );
      expect(await migrate(fresh, [accounts, ...later])).toEqual(later.map((m) => m.version));
      const roots = await fresh.query<{ company_id: number; name: string | null; parent_id: number | null; path: string; id: number }>(
        'SELECT company_id, id, name, parent_id, path FROM departments ORDER BY company_id',
      );
      expect(roots.rows).toEqual([
        { company_id: oldCo, id: expect.any(Number), name: null, parent_id: null, path: `/${roots.rows[0].id}/` },
        { company_id: demo, id: expect.any(Number), name: null, parent_id: null, path: `/${roots.rows[1].id}/` },
      ]);
      const vip = await fresh.query<{ id: number; is_vip: boolean }>('SELECT id, is_vip FROM companies ORDER BY id');
      expect(vip.rows).toEqual([
        { id: oldCo, is_vip: false },
        { id: demo, is_vip: true },
      ]);
      // One root per company, and a name for every other department.
      await expect(fresh.query("INSERT INTO departments (company_id, path) VALUES ($1, '/1/')", [oldCo])).rejects.toThrow();
      await expect(
        fresh.query('INSERT INTO departments (company_id, parent_id, path) VALUES ($1, $2, $3)', [oldCo, roots.rows[0].id, '/1/2/']),
      ).rejects.toThrow();
    } finally {
      await fresh.close();
    }
  });

  it('return the same values from PGlite and PostgreSQL', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      "SELECT 9007199254740991::bigint AS big, '2024-02-29'::date AS day, 12.50::numeric(10,2) AS money, now() AS ts, true AS yes",
    );
    expect(rows[0]).toMatchObject({ big: 9007199254740991, day: '2024-02-29', money: '12.50', yes: true });
    expect(rows[0].ts).toBeInstanceOf(Date);
  });

  it('keep one account per email and phone', async () => {
    const company = await db.query<{ id: number }>("INSERT INTO companies (name) VALUES ('U') RETURNING id");
    const insert = (email: string) =>
      db.query("INSERT INTO users (company_id, email, password_hash) VALUES ($1, $2, 'x')", [company.rows[0].id, email]);
    await insert('one@example.com');
    await expect(insert('one@example.com')).rejects.toMatchObject({ code: '23505' });
    await expect(insert('Upper@example.com')).rejects.toThrow();
  });
});
