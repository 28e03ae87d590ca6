/**
 * Asset register speed: 100,000 assets across a 111-department tree in an in-memory PGlite
 * (or the PostgreSQL at DATABASE_URL).
 *
 *   1. The list (GET api/Asset) with a filter and a sort, page 1 and page 1,000 (OFFSET
 *      49,950), a text search, a department filter, an expiry band, and a scope Dept
 *      sub-user; through the service and through the whole HTTP stack. Median of RUNS.
 *      Peers, measured in the same run: the page selected with its joins before OFFSET (one
 *      statement instead of ids first, then joins), and the search as ILIKE over the eight
 *      searched columns instead of the stored lower-cased search_text.
 *   2. Export of the 100,000 assets to .xlsx (median of 3).
 *   3. Import of 10,000 rows (.xlsx) as new assets, then the same file again with every row
 *      changed (updates), then unchanged; and 100,000 new rows. One run each: wall time from
 *      the request to the committed job (and the VACUUM after it on PGlite), plus the
 *      file's read time alone.
 * The table is vacuumed after seeding, as the hourly maintenance does on PGlite.
 *
 *   node --import tsx bench/assets.ts
 *
 * Never fails on a time. Targets (issue): list ≤ 50 ms, import 10,000 < 10 s, 100,000 < 60 s,
 * export 100,000 < 10 s.
 */
import { performance } from 'node:perf_hooks';
import * as XLSX from 'xlsx';
import type { AssetListResult } from '../src/api/contract.ts';
import { loadActor, type Actor } from '../server/modules/access/service.ts';
import { listAssets, type AssetDeps, type AssetListInput } from '../server/modules/assets/service.ts';
import { exportAssets } from '../server/modules/import-export/export.ts';
import { startImport } from '../server/modules/import-export/service.ts';
import { readSpreadsheet } from '../server/modules/import-export/workbook.ts';
import { tidyTables } from '../server/db/vacuum.ts';
import { silentLogger } from '../server/log.ts';
import { companyIdOf, payload, registerAndLogin, startTestServer } from '../server/testing/harness.ts';
import { medianTime } from './timing.ts';

const ASSETS = 100_000;
const TOP_DEPTS = 10;
const SUB_DEPTS = 10;
const STAFF = 2_000;
const RUNS = 21;
const WARMUP = 3;

const measure = (fn: () => Promise<unknown>, runs = RUNS, warmup = WARMUP): Promise<number> => medianTime(fn, runs, warmup);

async function once(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const ms = (value: number) => value.toFixed(value < 100 ? 2 : 0);

const server = await startTestServer();
try {
  const db = server.db;
  const admin = await registerAndLogin(server, 'bench@example.com', 'pw', 'Bench Co');
  const companyId = await companyIdOf(db, admin.Id);
  const post = async (path: string, body: unknown) =>
    payload(await server.call<{ id: number }>('POST', path, { token: admin.loginID, body }));

  // ---- seed ------------------------------------------------------------------------------
  const seedStart = performance.now();
  const root = (await db.query<{ id: number }>('SELECT id FROM departments WHERE company_id = $1', [companyId])).rows[0].id;
  const tops: number[] = [];
  const leaves: number[] = [];
  for (let t = 0; t < TOP_DEPTS; t++) {
    const top = await post('/api/Department', { deptName: `部门 ${t}`, affiliatedDept: root });
    tops.push(top.id);
    for (let s = 0; s < SUB_DEPTS; s++) leaves.push((await post('/api/Department', { deptName: `Team ${t}-${s}`, affiliatedDept: top.id })).id);
  }
  const staffIds = (
    await db.query<{ id: number }>(
      `INSERT INTO staff (company_id, name, job_number, dept_id)
       SELECT $1, (ARRAY['Zhang','Li','Wang','Liu','Chen'])[1 + i % 5] || ' ' || i, 'E' || lpad(i::text, 5, '0'),
              ($2::bigint[])[1 + i % array_length($2::bigint[], 1)]
         FROM generate_series(1, $3) AS i RETURNING id`,
      [companyId, leaves, STAFF],
    )
  ).rows.map((r) => r.id);
  const classes: number[] = [];
  for (let k = 0; k < 10; k++) {
    const attributes = k < 2 ? [{ name: '颜色', attributeType: 1, items: ['黑', '白'] }, { name: 'Serial', attributeType: 0 }] : [];
    classes.push((await post('/api/AssetClassify', { classifyName: `分类 ${k}`, attributes })).id);
  }
  // 60% have a user (status 4, in the user's department), the rest a department only.
  await db.query(
    `INSERT INTO assets (company_id, asset_coding, asset_name, specifications, unit, supplier, buy_date, buy_price,
                         loss_cycle, dept_id, staff_id, deposit_site, classify_id, epc)
     SELECT $1, 'ZC' || lpad(i::text, 8, '0'),
            (ARRAY['笔记本电脑','Desk','Printer','Monitor','Chair','Phone'])[1 + i % 6] || ' ' || md5(i::text)::varchar(6),
            'Model ' || (i % 97), 'pcs', (ARRAY['Lenovo','Dell','HP','Apple'])[1 + i % 4],
            date '2020-01-01' + (i % 3650), (i % 20000) + 0.99, (ARRAY[0, 12, 36, 60])[1 + i % 4],
            CASE WHEN i % 10 < 6 THEN (SELECT s.dept_id FROM staff s WHERE s.company_id = $1 AND s.id = ($3::bigint[])[1 + i % $5])
                 ELSE ($2::bigint[])[1 + i % array_length($2::bigint[], 1)] END,
            CASE WHEN i % 10 < 6 THEN ($3::bigint[])[1 + i % $5] END,
            'Room ' || (i % 500), ($4::bigint[])[1 + i % 10], 'E2' || lpad(to_hex(i), 10, '0')
       FROM generate_series(1, $6) AS i`,
    [companyId, leaves, staffIds, classes, STAFF, ASSETS],
  );
  // What the hourly maintenance leaves on PGlite (no autovacuum there; db/vacuum.ts).
  await tidyTables(db);
  const mine = await post('/api/Staff', { staffName: 'Scoped', affiliatedDept: tops[0] });
  await db.query(
    `INSERT INTO users (company_id, email, password_hash, is_admin, staff_id, auth_scope) VALUES ($1, 'scoped@bench', 'x', false, $2, 'Dept')`,
    [companyId, mine.id],
  );
  const scopedId = (await db.query<{ id: number }>("SELECT id FROM users WHERE email = 'scoped@bench'")).rows[0].id;
  console.log(`seeded ${ASSETS} assets, ${STAFF} staff, ${leaves.length + tops.length + 1} departments in ${ms(performance.now() - seedStart)} ms (${db.kind})`);

  const deps: AssetDeps = { db, clock: server.clock.now, timeZone: 'Asia/Shanghai' };
  const adminActor: Actor = await loadActor(db, { userId: admin.Id, companyId });
  const scopedActor: Actor = await loadActor(db, { userId: scopedId, companyId });

  // ---- 1. the list -------------------------------------------------------------------------
  const inUseByName: AssetListInput = { status: [4], sortKey: 'assetName' };
  const queries: [string, AssetListInput][] = [
    ['status=4, by name, page 1', { ...inUseByName, pageIndex: 1 }],
    ['status=4, by name, page 1000 (offset 49,950)', { ...inUseByName, pageIndex: 1000 }],
    ['search "lenovo", by buy date desc, page 1', { search: 'lenovo', sortKey: 'buyDate', isASC: false }],
    ['search "model 42", page 20', { search: 'model 42', pageIndex: 20 }],
    ['top department (10%), by code, page 1', { affiliatedDept: tops[3], sortKey: 'assetCoding' }],
    ['expiring within 90 days, by expiry, page 1', { expiryBand: ['within7', 'within30', 'within90'], sortKey: 'expireDate' }],
    ['no filter, by id, page 1000 of 100', { pageIndex: 1000, pageSize: 100 }],
    ['no filter, by department name, page 1', { sortKey: 'affiliatedDept' }],
  ];
  const rows: string[][] = [];
  for (const [name, query] of queries) {
    const asAdmin = await measure(() => listAssets(deps, adminActor, query, 'en'));
    const asScoped = await measure(() => listAssets(deps, scopedActor, query, 'en'));
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
    ).toString();
    const http = await measure(async () => {
      const result = await server.call<AssetListResult>('GET', `/api/Asset?${qs}`, { token: admin.loginID });
      if (result.body.statusCode !== 0) throw new Error(JSON.stringify(result.body));
    });
    rows.push([name, ms(asAdmin), ms(asScoped), ms(http)]);
  }
  const widths = [46, 10, 12, 12];
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' ');
  console.log(`\nasset list, median ms of ${RUNS} runs, ${ASSETS} assets`);
  console.log(line(['query', 'admin', 'scope Dept', 'HTTP admin']));
  for (const row of rows) console.log(line(row));

  // Peers.
  const page1000 = await measure(() => listAssets(deps, adminActor, { ...inUseByName, pageIndex: 1000 }, 'en'));
  const joinedFirst = await measure(() =>
    db.query(
      `SELECT a.*, d.name AS dept_name, s.name AS staff_name, k.name AS classify_name
         FROM assets a
         LEFT JOIN departments d ON d.company_id = a.company_id AND d.id = a.dept_id
         LEFT JOIN staff s ON s.company_id = a.company_id AND s.id = a.staff_id
         LEFT JOIN asset_classes k ON k.company_id = a.company_id AND k.id = a.classify_id
        WHERE a.company_id = $1 AND a.status = 4
        ORDER BY a.asset_name, a.id LIMIT 50 OFFSET 49950`,
      [companyId],
    ),
  );
  const searchStored = await measure(() =>
    db.query(`SELECT count(*) FROM assets a WHERE a.company_id = $1 AND a.search_text LIKE '%model 42%'`, [companyId]),
  );
  const searchIlike = await measure(() =>
    db.query(
      `SELECT count(*) FROM assets a WHERE a.company_id = $1 AND (a.asset_coding ILIKE $2 OR a.asset_name ILIKE $2
          OR a.specifications ILIKE $2 OR a.unit ILIKE $2 OR a.supplier ILIKE $2 OR a.deposit_site ILIKE $2
          OR a.epc ILIKE $2 OR a.tid ILIKE $2)`,
      [companyId, '%model 42%'],
    ),
  );
  console.log(
    `\npeer, page 1000: joins before OFFSET ${ms(joinedFirst)} ms (page only) vs ids first ${ms(page1000)} ms (page + count)` +
      ` (ratio ${(joinedFirst / page1000).toFixed(2)})`,
  );
  console.log(
    `peer, search count: ILIKE over 8 columns ${ms(searchIlike)} ms vs search_text LIKE ${ms(searchStored)} ms` +
      ` (ratio ${(searchIlike / searchStored).toFixed(2)})`,
  );

  // ---- 2. export -----------------------------------------------------------------------------
  const importDeps = { ...deps, log: silentLogger };
  let exportedRows = 0;
  let exportedBytes = 0;
  const exportMs = await measure(
    async () => {
      const file = await exportAssets(importDeps, adminActor, {}, 'zh');
      exportedRows = file.rowCount ?? 0;
      exportedBytes = file.bytes.length;
    },
    3,
    0,
  );
  console.log(`\nexport: ${exportedRows} rows, ${(exportedBytes / 1024 / 1024).toFixed(1)} MB .xlsx, median of 3: ${ms(exportMs)} ms`);

  // ---- 3. import -----------------------------------------------------------------------------
  const header = ['资产编码', '资产名称', '规格型号', '计量单位', '供应商', '购买日期', '购买价格(元)', '折旧周期(月)', '所属部门', '使用人', '存放地点', '资产分类', '颜色', 'Serial'];
  const deptName = (i: number) => `Team ${i % TOP_DEPTS}-${Math.floor(i / TOP_DEPTS) % SUB_DEPTS}`;
  const sheet = (count: number, prefix: string, variant: string): string => {
    const aoa: unknown[][] = [header];
    for (let i = 0; i < count; i++) {
      const classified = i % 5 === 0;
      aoa.push([
        `${prefix}${String(i).padStart(7, '0')}`,
        `Imported ${variant} ${i}`,
        `Model ${i % 97}`,
        'pcs',
        'Lenovo',
        '2024-03-01',
        (i % 5000) + 0.5,
        36,
        deptName(i),
        null,
        `Room ${i % 300}`,
        classified ? '分类 0' : `分类 ${2 + (i % 8)}`,
        classified ? '黑' : null,
        classified ? `SN${i}` : null,
      ]);
    }
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(aoa, { dense: true } as XLSX.AOA2SheetOpts), 'Assets');
    return XLSX.write(workbook, { type: 'base64', bookType: 'xlsx', compression: true });
  };
  const runImport = async (name: string, fileData: string) => {
    const bytes = Buffer.from(fileData, 'base64');
    const readMs = await once(async () => readSpreadsheet(bytes));
    let result = '';
    const total = await once(async () => {
      const started = await startImport(importDeps, adminActor, { fileData, suffix: 'xlsx' }, { maxBytes: Infinity });
      await started.finished;
      const job = await db.query<{ status: string; created_count: number; updated_count: number; unchanged_count: number; error_count: number }>(
        'SELECT status, created_count, updated_count, unchanged_count, error_count FROM import_jobs WHERE company_id = $1 AND id = $2',
        [companyId, started.jobId],
      );
      const j = job.rows[0];
      result = `${j.status}: ${j.created_count} created, ${j.updated_count} updated, ${j.unchanged_count} unchanged, ${j.error_count} errors`;
    });
    console.log(
      `${name.padEnd(34)} ${(bytes.length / 1024 / 1024).toFixed(1).padStart(5)} MB  read ${ms(readMs).padStart(6)} ms  total ${ms(total).padStart(6)} ms  (${result})`,
    );
  };
  console.log('\nimport (one run each; total = request to committed job)');
  const tenK = sheet(10_000, 'IMP-', 'a');
  await runImport('10,000 rows, new', tenK);
  await runImport('10,000 rows, every row changed', sheet(10_000, 'IMP-', 'b'));
  await runImport('10,000 rows, unchanged', sheet(10_000, 'IMP-', 'b'));
  await runImport('100,000 rows, new', sheet(100_000, 'BIG-', 'a'));
} finally {
  await server.close();
}
