/**
 * Inventory counts on 100,000 assets (issue 15, "Benchmarks"), in an in-memory PGlite (or the
 * PostgreSQL at DATABASE_URL), seeded as bench/assets.ts seeds its register:
 *
 *   1. Making an order over the whole register: 100,000 assets copied into lines (and their
 *      indexes) in chunks of short transactions (modules/inventory/create.ts). Median of
 *      CREATE_RUNS, each a new order; meanwhile a small request (GET api/AnlageninventurVersion)
 *      is sent again and again, and how long each waited is shown: on PGlite's one
 *      connection, the longest wait is about one chunk, not the whole creation.
 *   2. The line list (GET api/InventoryAsset) of that order after a third of it was counted:
 *      page 1 and a page in the middle and at the end, sorted by a column, filtered by result,
 *      searched; through the service and through the HTTP stack. Median of RUNS.
 *      Measured beside it in the same run, the asset list page (GET api/Asset) on the same
 *      100,000 assets, whose goal the line list shares (issue: under 50 ms a page).
 *   3. Scans: batches of 100 codes (a device syncing its queue), median ms a batch.
 * Lines and assets are vacuumed after seeding, as the hourly maintenance does on PGlite.
 *
 *   node --import tsx bench/run.ts inventory
 *
 * Never fails on a time.
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { InventoryLineListResult } from '../src/api/contract.ts';
import { tidyTables } from '../server/db/vacuum.ts';
import { loadActor, type Actor } from '../server/modules/access/service.ts';
import { listAssets, type AssetDeps, type AssetListInput } from '../server/modules/assets/service.ts';
import { listLines, type LineListInput } from '../server/modules/inventory/lines.ts';
import { recordScans } from '../server/modules/inventory/scans.ts';
import { createOrder } from '../server/modules/inventory/create.ts';
import type { InventoryDeps } from '../server/modules/inventory/service.ts';
import { companyIdOf, payload, registerAndLogin, startTestServer } from '../server/testing/harness.ts';
import { median, medianTime } from './timing.ts';

const ASSETS = 100_000;
const DEPTS = 100;
const STAFF = 2_000;
const RUNS = 21;
const WARMUP = 3;
const CREATE_RUNS = 3;
const SCAN_BATCH = 100;
const SCAN_BATCHES = 11;

const measure = (fn: () => Promise<unknown>, runs = RUNS, warmup = WARMUP): Promise<number> => medianTime(fn, runs, warmup);

const ms = (value: number) => value.toFixed(value < 100 ? 2 : 0);

const server = await startTestServer();
try {
  const db = server.db;
  const admin = await registerAndLogin(server, 'bench-inventory@example.com', 'pw', 'Bench Co');
  const companyId = await companyIdOf(db, admin.Id);

  // ---- seed ------------------------------------------------------------------------------
  const seedStart = performance.now();
  const root = (await db.query<{ id: number }>('SELECT id FROM departments WHERE company_id = $1', [companyId])).rows[0].id;
  const depts: number[] = [];
  for (let d = 0; d < DEPTS; d++) {
    depts.push(
      payload(await server.call<{ id: number }>('POST', '/api/Department', { token: admin.loginID, body: { deptName: `部门 ${d}`, affiliatedDept: root } }))
        .id,
    );
  }
  const staffIds = (
    await db.query<{ id: number }>(
      `INSERT INTO staff (company_id, name, job_number, dept_id)
       SELECT $1, (ARRAY['Zhang','Li','Wang','Liu','Chen'])[1 + i % 5] || ' ' || i, 'E' || lpad(i::text, 5, '0'),
              ($2::bigint[])[1 + i % array_length($2::bigint[], 1)]
         FROM generate_series(1, $3) AS i RETURNING id`,
      [companyId, depts, STAFF],
    )
  ).rows.map((r) => r.id);
  const classes = (
    await db.query<{ id: number }>(
      `INSERT INTO asset_classes (company_id, name) SELECT $1, '分类 ' || k FROM generate_series(1, 10) AS k RETURNING id`,
      [companyId],
    )
  ).rows.map((r) => r.id);
  await db.query(
    `INSERT INTO assets (company_id, asset_coding, asset_name, buy_date, buy_price, dept_id, staff_id, deposit_site, classify_id)
     SELECT $1, 'ZC' || lpad(i::text, 8, '0'),
            (ARRAY['笔记本电脑','Desk','Printer','Monitor','Chair','Phone'])[1 + i % 6] || ' ' || md5(i::text)::varchar(6),
            date '2020-01-01' + (i % 3650), (i % 20000) + 0.99,
            ($2::bigint[])[1 + i % array_length($2::bigint[], 1)],
            CASE WHEN i % 10 < 6 THEN ($3::bigint[])[1 + i % array_length($3::bigint[], 1)] END,
            'Room ' || (i % 500), ($4::bigint[])[1 + i % 10]
       FROM generate_series(1, $5) AS i`,
    [companyId, depts, staffIds, classes, ASSETS],
  );
  await tidyTables(db);
  console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} (1, 5, 15 min) on ${availableParallelism()} cores`);
  console.log(`seeded ${ASSETS} assets, ${STAFF} staff, ${DEPTS + 1} departments in ${ms(performance.now() - seedStart)} ms (${db.kind})`);

  const deps: InventoryDeps & AssetDeps = { db, clock: server.clock.now, timeZone: 'Asia/Shanghai' };
  const actor: Actor = await loadActor(db, { userId: admin.Id, companyId });

  // ---- 1. making an order ------------------------------------------------------------------
  const createSamples: number[] = [];
  const waits: number[] = [];
  let orderId = 0;
  for (let i = 0; i < CREATE_RUNS; i++) {
    const start = performance.now();
    let making = true;
    // Another user's small request, again and again while the order is made.
    const others = (async () => {
      while (making) {
        const sent = performance.now();
        const result = await server.call('GET', '/api/AnlageninventurVersion', { token: admin.loginID });
        if (result.body.statusCode !== 0) throw new Error(JSON.stringify(result.body));
        if (making) waits.push(performance.now() - sent);
      }
    })();
    const order = await createOrder(deps, actor, { name: `Year end ${i}` }).finally(() => (making = false));
    createSamples.push(performance.now() - start);
    await others;
    if (order.counts.total !== ASSETS) throw new Error(`order has ${order.counts.total} lines`);
    orderId = order.id;
  }
  console.log(`\nmaking an order over ${ASSETS} assets: median ${ms(median(createSamples))} ms of ${CREATE_RUNS} (${createSamples.map(ms).join(', ')})`);
  console.log(
    `  meanwhile ${waits.length} other requests answered: median wait ${waits.length ? ms(median(waits)) : '-'} ms, ` +
      `longest ${waits.length ? ms(Math.max(...waits)) : '-'} ms`,
  );

  // A third of the order counted (the lines of every third asset), as one statement: the
  // scans' own speed is part 3.
  await db.query(
    `UPDATE inventory_lines SET result = 2, scanned_at = now() - (id % 1000) * interval '1 second', scanned_by_name = 'Bench'
      WHERE company_id = $1 AND order_id = $2 AND asset_id % 3 = 0`,
    [companyId, orderId],
  );
  const counted = (
    await db.query<{ n: number }>('SELECT count(*)::int AS n FROM inventory_lines WHERE company_id = $1 AND order_id = $2 AND result = 2', [
      companyId,
      orderId,
    ])
  ).rows[0].n;
  await db.query(
    'UPDATE inventory_orders SET pending_count = total_count - $3, normal_count = $3, status = 4 WHERE company_id = $1 AND id = $2',
    [companyId, orderId, counted],
  );
  await tidyTables(db, ['inventory_lines', 'inventory_orders']);

  // ---- 2. the line list, beside the asset list ---------------------------------------------
  const lineQueries: [string, Omit<LineListInput, 'anlageninventurId'>][] = [
    ['by id, page 1', {}],
    ['by id, page 1000 of 2000 (offset 49,950)', { pageIndex: 1000 }],
    ['by name, page 1', { sortKey: 'assetName' }],
    ['by name desc, page 1000', { sortKey: 'assetName', isASC: false, pageIndex: 1000 }],
    ['by department, page 600', { sortKey: 'department', pageIndex: 600 }],
    ['pending (0), by code, page 1', { result: [0], sortKey: 'assetCoding' }],
    ['normal (2), by scan time desc, page 1', { result: [2], sortKey: 'scannedAt', isASC: false }],
    ['normal (2), by user, page 300', { result: [2], sortKey: 'user', pageIndex: 300 }],
    ['keyword "printer", by id, page 1', { keyword: 'printer' }],
    ['keyword "zc0004", by name, page 1', { keyword: 'zc0004', sortKey: 'assetName' }],
  ];
  const rows: string[][] = [];
  const lineMedians: number[] = [];
  for (const [name, query] of lineQueries) {
    const input: LineListInput = { anlageninventurId: orderId, ...query };
    let total = 0;
    const service = await measure(async () => {
      total = (await listLines(deps, actor, input)).filterInventoryAssetCount;
    });
    const qs = new URLSearchParams(
      Object.entries(input).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
    ).toString();
    const http = await measure(async () => {
      const result = await server.call<InventoryLineListResult>('GET', `/api/InventoryAsset?${qs}`, { token: admin.loginID });
      if (result.body.statusCode !== 0) throw new Error(JSON.stringify(result.body));
    });
    lineMedians.push(service);
    rows.push([name, String(total), ms(service), ms(http)]);
  }
  const assetQueries: [string, AssetListInput][] = [
    ['asset list: status=4, by name, page 1', { status: [4], sortKey: 'assetName' }],
    ['asset list: status=4, by name, page 1000', { status: [4], sortKey: 'assetName', pageIndex: 1000 }],
    ['asset list: no filter, by id, page 1000', { pageIndex: 1000 }],
    ['asset list: by department name, page 1', { sortKey: 'affiliatedDept' }],
    ['asset list: search "printer", page 1', { search: 'printer' }],
  ];
  const assetMedians: number[] = [];
  for (const [name, query] of assetQueries) {
    let total = 0;
    const service = await measure(async () => {
      total = (await listAssets(deps, actor, query, 'en')).filterAssetCount;
    });
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
    ).toString();
    const http = await measure(async () => {
      const result = await server.call('GET', `/api/Asset?${qs}`, { token: admin.loginID });
      if (result.body.statusCode !== 0) throw new Error(JSON.stringify(result.body));
    });
    assetMedians.push(service);
    rows.push([name, String(total), ms(service), ms(http)]);
  }
  const widths = [46, 8, 10, 10];
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' ');
  console.log(`\nline list of an order of ${ASSETS} lines (${counted} counted) and the asset list, median ms of ${RUNS} runs, pages of 50`);
  console.log(line(['query', 'matches', 'service', 'HTTP']));
  for (const row of rows) console.log(line(row));
  const worstLine = Math.max(...lineMedians);
  console.log(
    `line list: median of the medians ${ms(median(lineMedians))} ms, slowest ${ms(worstLine)} ms; asset list: median ${ms(median(assetMedians))} ms, ` +
      `slowest ${ms(Math.max(...assetMedians))} ms (ratio of medians ${(median(lineMedians) / median(assetMedians)).toFixed(2)}; goal: under 50 ms a page)`,
  );

  // ---- 3. scans ----------------------------------------------------------------------------
  // Pending codes (asset ids not divisible by 3), batch after batch, as a device syncs.
  const codes = (
    await db.query<{ asset_coding: string }>(
      `SELECT asset_coding FROM inventory_lines WHERE company_id = $1 AND order_id = $2 AND result = 0 ORDER BY id LIMIT $3`,
      [companyId, orderId, SCAN_BATCH * (SCAN_BATCHES + WARMUP)],
    )
  ).rows.map((r) => r.asset_coding);
  let batch = 0;
  const scanMs = await measure(
    async () => {
      const scans = codes.slice(batch * SCAN_BATCH, ++batch * SCAN_BATCH).map((text) => ({ scanId: crypto.randomUUID(), text }));
      const result = await recordScans(deps, actor, { anlageninventurId: orderId, scans }, 'en');
      if (result.answers.some((a) => a.outcome !== 'normal')) throw new Error('a bench scan was not normal');
    },
    SCAN_BATCHES,
    WARMUP,
  );
  console.log(`\nscans: ${SCAN_BATCH} codes a batch, median ${ms(scanMs)} ms a batch (${ms(scanMs / SCAN_BATCH)} ms a scan), ${SCAN_BATCHES} batches`);
} finally {
  await server.close();
}
