/**
 * Label rows on the server (GET api/AssetLabel/Rows): 100,000 assets in an in-memory PGlite
 * (or the PostgreSQL at DATABASE_URL), pulled the way a print pulls them, pages of 5,000.
 *
 *   1. One page of 5,000: the first, one in the middle (afterId at asset 50,000) and the last,
 *      through the service and through HTTP (JSON of the reply included); median of RUNS.
 *      Peer in the same run: the same page by OFFSET (what paging like the list would cost).
 *   2. All 100,000, page after page, as the print road pulls them: one run, wall time.
 *   3. POST api/AssetLabel/Printed for 5,000 assets (median of RUNS).
 *
 *   node --import tsx bench/asset-label-rows.ts      (or: node --import tsx bench/run.ts label-rows)
 *
 * Never fails on a time.
 */
import { performance } from 'node:perf_hooks';
import type { AssetLabelRowsResult } from '../src/api/contract.ts';
import { loadActor } from '../server/modules/access/service.ts';
import { labelRows, recordPrinted } from '../server/modules/asset-labels/service.ts';
import { tidyTables } from '../server/db/vacuum.ts';
import { companyIdOf, payload, registerAndLogin, startTestServer } from '../server/testing/harness.ts';
import { medianTime } from './timing.ts';

const ASSETS = Number(process.argv.find((a) => a.startsWith('--label-rows-assets='))?.split('=')[1] ?? 100_000);
const PAGE = 5_000;
const RUNS = 11;

/** One unmeasured run first. */
const measure = (fn: () => Promise<unknown>, runs = RUNS): Promise<number> => medianTime(fn, runs, 1);

const ms = (value: number) => value.toFixed(value < 100 ? 1 : 0);

const server = await startTestServer();
try {
  const db = server.db;
  const admin = await registerAndLogin(server, 'label-rows@example.com', 'pw', 'Bench Co');
  const companyId = await companyIdOf(db, admin.Id);
  const post = async (path: string, body: unknown) => payload(await server.call<{ id: number; templateID: number }>('POST', path, { token: admin.loginID, body }));

  const seedStart = performance.now();
  const root = (await db.query<{ id: number }>('SELECT id FROM departments WHERE company_id = $1', [companyId])).rows[0].id;
  const depts: number[] = [];
  for (let d = 0; d < 20; d++) depts.push((await post('/api/Department', { deptName: `部门 ${d}`, affiliatedDept: root })).id);
  const staff = (
    await db.query<{ id: number }>(
      `INSERT INTO staff (company_id, name, job_number, dept_id)
       SELECT $1, 'Staff ' || i, 'E' || i, ($2::bigint[])[1 + i % 20] FROM generate_series(1, 500) AS i RETURNING id`,
      [companyId, depts],
    )
  ).rows.map((r) => r.id);
  const classes: number[] = [];
  for (let k = 0; k < 5; k++) {
    const attributes = k < 2 ? [{ name: '颜色', attributeType: 1, items: ['黑', '白'] }, { name: 'Serial', attributeType: 0 }] : [];
    classes.push((await post('/api/AssetClassify', { classifyName: `分类 ${k}`, attributes })).id);
  }
  await db.query(
    `INSERT INTO assets (company_id, asset_coding, asset_name, specifications, unit, supplier, buy_date, buy_price,
                         loss_cycle, dept_id, staff_id, deposit_site, classify_id, attribute_values)
     SELECT $1, 'ZC' || lpad(i::text, 8, '0'), '笔记本电脑 ' || i, 'Model ' || (i % 97), '台', 'Lenovo',
            date '2020-01-01' + (i % 3650), (i % 20000) + 0.99, 36,
            ($2::bigint[])[1 + i % 20], CASE WHEN i % 2 = 0 THEN ($3::bigint[])[1 + i % 500] END,
            'Room ' || (i % 500), ($4::bigint[])[1 + i % 5],
            CASE WHEN i % 5 < 2 THEN jsonb_build_object('颜色', '黑', 'Serial', 'S' || i) ELSE '{}'::jsonb END
       FROM generate_series(1, $5) AS i`,
    [companyId, depts, staff, classes, ASSETS],
  );
  await tidyTables(db);
  console.log(`seeded ${ASSETS} assets in ${ms(performance.now() - seedStart)} ms (${db.kind})`);

  const deps = { db, clock: server.clock.now, timeZone: 'Asia/Shanghai' };
  const actor = await loadActor(db, { userId: admin.Id, companyId });
  const ids = (await db.query<{ id: number }>('SELECT id FROM assets WHERE company_id = $1 ORDER BY id', [companyId])).rows.map((r) => r.id);
  const origin = 'https://assets.example.com';
  const page = (afterId?: number) => labelRows(deps, actor, { selection: { filter: {} }, afterId, limit: PAGE, origin });

  // ---- 1. one page ---------------------------------------------------------------------------
  const at = { first: undefined, middle: ids[Math.floor(ids.length / 2)], last: ids[ids.length - PAGE - 1] };
  console.log(`\nlabel rows, one page of ${PAGE}, median ms of ${RUNS} runs, ${ASSETS} assets`);
  console.log(`${'page'.padEnd(10)}${'service'.padStart(10)}${'HTTP'.padStart(10)}${'JSON MB'.padStart(10)}${'OFFSET peer'.padStart(14)}`);
  for (const [name, afterId] of Object.entries(at)) {
    const service = await measure(() => page(afterId));
    let bytes = 0;
    const http = await measure(async () => {
      const res = await server.app.request(`/api/AssetLabel/Rows?limit=${PAGE}${afterId ? `&afterId=${afterId}` : ''}`, { headers: { loginID: admin.loginID } });
      const text = await res.text();
      bytes = text.length;
      if ((JSON.parse(text) as { statusCode: number }).statusCode !== 0) throw new Error(text.slice(0, 200));
    });
    // The peer: the same rows found by OFFSET (ids in order, the rows skipped read and dropped).
    const offset = afterId === undefined ? 0 : ids.indexOf(afterId) + 1;
    const peer = await measure(() =>
      db.query(
        `SELECT a.id, a.asset_coding, a.asset_name, a.specifications, a.unit, a.supplier, a.buy_date, a.buy_price,
                a.loss_cycle, d.name, s.name, a.deposit_site, k.name, k.attributes, a.attribute_values, a.link_token
           FROM assets a LEFT JOIN departments d ON d.company_id = a.company_id AND d.id = a.dept_id
           LEFT JOIN staff s ON s.company_id = a.company_id AND s.id = a.staff_id
           LEFT JOIN asset_classes k ON k.company_id = a.company_id AND k.id = a.classify_id
          WHERE a.company_id = $1 ORDER BY a.id LIMIT $2 OFFSET $3`,
        [companyId, PAGE, offset],
      ),
    );
    console.log(`${name.padEnd(10)}${ms(service).padStart(10)}${ms(http).padStart(10)}${(bytes / 1e6).toFixed(2).padStart(10)}${ms(peer).padStart(14)}`);
  }

  // ---- 2. all of them --------------------------------------------------------------------------
  const start = performance.now();
  let afterId: number | undefined;
  let pulled = 0;
  let pages = 0;
  for (;;) {
    const result: AssetLabelRowsResult = await page(afterId);
    pulled += result.rows.length;
    pages++;
    if (result.nextAfterId === null) break;
    afterId = result.nextAfterId;
  }
  console.log(`\nall ${pulled} rows in ${pages} pages: ${ms(performance.now() - start)} ms (service)`);

  // ---- 3. printed -------------------------------------------------------------------------------
  const template = await post('/api/Template', {
    templateContent: '<LPAPI version="1.3" labelName="B" labelWidth="40" labelHeight="30"><Page><Text x="2" y="2" width="30" height="5" content="A"/></Page></LPAPI>',
  });
  let batch = 0;
  const printed = await measure(async () => {
    const slice = ids.slice((batch % 20) * PAGE, (batch % 20) * PAGE + PAGE);
    batch++;
    await recordPrinted(deps, actor, { assetIds: slice, templateId: template.templateID });
  });
  console.log(`POST api/AssetLabel/Printed, ${PAGE} assets: ${ms(printed)} ms (median of ${RUNS})`);
} finally {
  await server.close();
}
