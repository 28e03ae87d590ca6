/**
 * Staff list speed: 10,000 staff across a 111-department tree in an in-memory PGlite (or the
 * PostgreSQL at DATABASE_URL), queried the way the staff page does: first page, a middle
 * page, a search term, a department filter (with its sub-departments), each as the admin and
 * as a sub-user with scope Dept; through the service and through the whole HTTP stack
 * (session, actor, validation, JSON). Prints the median of RUNS runs per query.
 *
 * Peer, measured in the same run: the department filter written as a recursive CTE over
 * parent_id instead of the materialized path (migration 002); the ratio is CTE / path.
 *
 *   node --import tsx bench/staff-list.ts
 *
 * Never fails on a time; the target is under 100 ms per list call on PGlite.
 */
import { performance } from 'node:perf_hooks';
import type { StaffListResult } from '../src/api/contract.ts';
import { loadActor, type Actor } from '../server/modules/access/service.ts';
import { listStaff } from '../server/modules/staff/service.ts';
import { companyIdOf, payload, registerAndLogin, startTestServer } from '../server/testing/harness.ts';
import { medianTime } from './timing.ts';

const STAFF = 10_000;
const TOP_DEPTS = 10;
const SUB_DEPTS = 10;
const RUNS = 31;
const WARMUP = 3;

const measure = (fn: () => Promise<unknown>): Promise<number> => medianTime(fn, RUNS, WARMUP);

const server = await startTestServer();
try {
  const admin = await registerAndLogin(server, 'bench@example.com', 'pw', 'Bench Co');
  const companyId = await companyIdOf(server.db, admin.Id);
  const db = server.db;
  const post = async (path: string, body: unknown) =>
    payload(await server.call<{ id: number }>('POST', path, { token: admin.loginID, body }));

  // ---- seed: 10 top departments of 10 sub-departments each, 10,000 staff among the 100 leaves
  const seedStart = performance.now();
  const root = (await db.query<{ id: number }>('SELECT id FROM departments WHERE company_id = $1', [companyId])).rows[0].id;
  const leaves: number[] = [];
  const tops: number[] = [];
  for (let t = 0; t < TOP_DEPTS; t++) {
    const top = await post('/api/Department', { deptName: `部门 ${t}`, affiliatedDept: root });
    tops.push(top.id);
    for (let s = 0; s < SUB_DEPTS; s++) {
      const sub = await post('/api/Department', { deptName: `Team ${t}-${s}`, affiliatedDept: top.id });
      leaves.push(sub.id);
    }
  }
  await db.query(
    `INSERT INTO staff (company_id, name, position, job_number, dept_id, working_status)
     SELECT $1,
            (ARRAY['Zhang','Li','Wang','Liu','Chen','Yang','Zhao','Huang','Zhou','Wu'])[1 + i % 10] || ' ' || md5(i::text)::varchar(6),
            (ARRAY['Engineer','Manager','Clerk','Driver','Analyst'])[1 + i % 5],
            'E' || lpad(i::text, 6, '0'),
            ($2::bigint[])[1 + i % array_length($2::bigint[], 1)],
            CASE WHEN i % 7 = 0 THEN 'inactive' ELSE 'active' END
       FROM generate_series(1, $3) AS i`,
    [companyId, leaves, STAFF],
  );
  await db.exec('ANALYZE');
  // A sub-user with scope Dept in the first top department (10 teams, about 1,000 staff).
  const mine = await post('/api/Staff', { staffName: 'Scoped', affiliatedDept: tops[0] });
  await db.query(
    `INSERT INTO users (company_id, email, password_hash, is_admin, staff_id, auth_scope)
     VALUES ($1, 'scoped@bench', 'x', false, $2, 'Dept')`,
    [companyId, mine.id],
  );
  const scopedUser = (await db.query<{ id: number }>("SELECT id FROM users WHERE email = 'scoped@bench'")).rows[0].id;
  const seedMs = (performance.now() - seedStart).toFixed(0);
  console.log(`seeded ${STAFF} staff in ${leaves.length + tops.length + 1} departments in ${seedMs} ms (${db.kind})`);

  const adminActor: Actor = await loadActor(db, { userId: admin.Id, companyId });
  const scopedActor: Actor = await loadActor(db, { userId: scopedUser, companyId });

  const middlePage = Math.floor(STAFF / 50 / 2);
  const queries: [string, Parameters<typeof listStaff>[2]][] = [
    ['first page (50, by id)', {}],
    [`middle page ${middlePage} (50, by name)`, { pageIndex: middlePage, sortKey: 'staffName' }],
    ['search "zhang" (first 50)', { search: 'zhang' }],
    ['search job number "E0042"', { search: 'E0042' }],
    ['department filter (top dept, ~1000)', { affiliatedDept: tops[3] }],
    ['department filter + search + sort desc', { affiliatedDept: tops[3], search: 'engineer', sortKey: 'jobNumber', isASC: false }],
    ['last page of 200, by department', { pageIndex: Math.ceil(STAFF / 200), pageSize: 200, sortKey: 'affiliatedDept' }],
  ];

  const rows: string[][] = [];
  for (const [name, query] of queries) {
    const asAdmin = await measure(() => listStaff({ db }, adminActor, query));
    const asScoped = await measure(() => listStaff({ db }, scopedActor, query));
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    const http = await measure(async () => {
      const result = await server.call<StaffListResult>('GET', `/api/Staff/List?${qs}`, { token: admin.loginID });
      if (result.body.statusCode !== 0) throw new Error(JSON.stringify(result.body));
    });
    rows.push([name, asAdmin.toFixed(2), asScoped.toFixed(2), http.toFixed(2)]);
  }

  // ---- peer: the department filter as a recursive CTE over parent_id (page + total, as the service does)
  const cteWhere = `s.company_id = $1 AND s.dept_id IN (
      WITH RECURSIVE sub AS (
        SELECT id FROM departments WHERE company_id = $1 AND id = $2
        UNION ALL
        SELECT d.id FROM departments d JOIN sub ON d.parent_id = sub.id WHERE d.company_id = $1)
      SELECT id FROM sub)`;
  const viaCte = await measure(async () => {
    await db.query(`SELECT count(*)::int AS n FROM staff s WHERE ${cteWhere}`, [companyId, tops[3]]);
    await db.query(
      `SELECT s.id, s.name, s.position, s.job_number, s.dept_id FROM staff s
        LEFT JOIN departments d ON d.company_id = s.company_id AND d.id = s.dept_id
        WHERE ${cteWhere} ORDER BY s.id LIMIT 50`,
      [companyId, tops[3]],
    );
  });
  const viaPath = await measure(() => listStaff({ db }, adminActor, { affiliatedDept: tops[3] }));

  const widths = [42, 12, 14, 12];
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' ');
  console.log(`\nmedian ms of ${RUNS} runs, ${STAFF} staff`);
  console.log(line(['query', 'admin', 'scope Dept', 'HTTP admin']));
  for (const row of rows) console.log(line(row));
  console.log(
    `\ndepartment filter, peer: recursive CTE ${viaCte.toFixed(2)} ms vs materialized path ${viaPath.toFixed(2)} ms` +
      ` (CTE / path = ${(viaCte / viaPath).toFixed(2)})`,
  );
} finally {
  await server.close();
}
