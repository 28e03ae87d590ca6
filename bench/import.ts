/**
 * Other requests during an import, on PGlite (one connection, in the server's process): a
 * register of 100,000 assets, then an import of 100,000 new rows (CSV), one of 10,000 rows
 * changing existing assets and one changing all 100,000 (the row limit), each while the asset
 * list (GET api/Asset, page 1 and the total, through the whole HTTP stack in process) is asked
 * every 100 ms (each wait counted from its tick, also when the thread was busy at that tick).
 * For each import: its total time (request to settled job, the VACUUM after it included), the
 * time of each stage it passed (limits.ts), the waits of the list requests started while it
 * ran (median, p95, max, overall and while it writes: from the stage 'checked' on), and where
 * the three longest began.
 *
 *   node --import tsx bench/import.ts      (or: node --import tsx bench/run.ts import)
 *
 * Never fails on a time. Goal (issue 14): other requests answered in well under a second
 * while any import runs.
 */
import { performance } from 'node:perf_hooks';
import type { AssetListResult } from '../src/api/contract.ts';
import { tidyTables } from '../server/db/vacuum.ts';
import { silentLogger } from '../server/log.ts';
import { loadActor } from '../server/modules/access/service.ts';
import { importsSettled, startImport } from '../server/modules/import-export/service.ts';
import { companyIdOf, payload, registerAndLogin, startTestServer } from '../server/testing/harness.ts';
import { median } from './timing.ts';

const REGISTER = 100_000;
/** Between two list requests, ms. */
const EVERY_MS = 100;

const ms = (value: number) => value.toFixed(value < 100 ? 1 : 0);
const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
};

const server = await startTestServer();
try {
  const db = server.db;
  const admin = await registerAndLogin(server, 'import-bench@example.com', 'pw', 'Import Bench Co');
  const companyId = await companyIdOf(db, admin.Id);
  payload(await server.call('POST', '/api/Department', { token: admin.loginID, body: { deptName: 'Ops' } }));
  const ops = (await db.query<{ id: number }>("SELECT id FROM departments WHERE company_id = $1 AND name = 'Ops'", [companyId])).rows[0].id;
  await db.query(
    `INSERT INTO assets (company_id, asset_coding, asset_name, specifications, buy_date, buy_price, dept_id, deposit_site)
     SELECT $1, 'ZC' || lpad(i::text, 8, '0'), 'Desk ' || i, 'Model ' || (i % 97), date '2020-01-01' + (i % 3650),
            (i % 20000) + 0.99, $2, 'Room ' || (i % 500)
       FROM generate_series(1, $3) AS i`,
    [companyId, ops, REGISTER],
  );
  await tidyTables(db);
  const actor = await loadActor(db, { userId: admin.Id, companyId });
  console.log(`seeded ${REGISTER} assets (${db.kind}); the list is asked every ${EVERY_MS} ms during each import`);

  const csv = (lines: string[]) => Buffer.from(['资产编码,资产名称,规格型号,所属部门,存放地点', ...lines].join('\n'), 'utf8').toString('base64');

  const measureImport = async (name: string, fileData: string) => {
    const t0 = performance.now();
    const stages: [string, number][] = [];
    const gate = async (stage: string) => void stages.push([stage, performance.now() - t0]);
    const waits: { at: number; ms: number }[] = [];
    const pending: Promise<void>[] = [];
    let sampling = true;
    // A client asks at 0, 100, 200 ... ms. PGlite runs each statement on this thread, so a tick
    // that falls within one fires late: the requests of the ticks it missed are sent then, and
    // each one's wait counts from its own tick, as a real client's would.
    const sample = async (at: number) => {
      const reply = await server.call<AssetListResult>('GET', '/api/Asset?pageSize=20', { token: admin.loginID });
      if (reply.body.statusCode !== 0) throw new Error(JSON.stringify(reply.body));
      waits.push({ at, ms: performance.now() - t0 - at });
    };
    let nextTick = 0;
    const timer = setInterval(() => {
      for (const now = performance.now() - t0; sampling && nextTick <= now; nextTick += EVERY_MS) pending.push(sample(nextTick));
    }, EVERY_MS / 4);
    let result = '';
    try {
      const started = await startImport(
        { db, clock: server.clock.now, timeZone: 'Asia/Shanghai', log: silentLogger, gate },
        actor,
        { fileData, suffix: 'csv' },
        { maxBytes: Infinity },
      );
      await started.finished;
      const job = (
        await db.query<{ status: string; created_count: number; updated_count: number }>(
          'SELECT status, created_count, updated_count FROM import_jobs WHERE company_id = $1 AND id = $2',
          [companyId, started.jobId],
        )
      ).rows[0];
      result = `${job.status}: ${job.created_count} created, ${job.updated_count} updated`;
    } finally {
      sampling = false;
      clearInterval(timer);
    }
    const total = performance.now() - t0;
    await Promise.all(pending);
    await importsSettled();
    const writeFrom = stages.find(([stage]) => stage === 'checked')?.[1] ?? 0;
    const all = waits.map((w) => w.ms);
    const writing = waits.filter((w) => w.at >= writeFrom).map((w) => w.ms);
    const stat = (xs: number[]) => `median ${ms(median(xs))}  p95 ${ms(percentile(xs, 95))}  max ${ms(Math.max(...xs))} ms (${xs.length} requests)`;
    // Chunks: a stage repeats; name the first and last of each run.
    const marks = stages.filter(([stage], i) => stages[i + 1]?.[0] !== stage || stages[i - 1]?.[0] !== stage);
    console.log(`\n${name}: total ${ms(total)} ms (${result})`);
    console.log(`  stages (ms from the request): ${marks.map(([stage, at]) => `${stage} ${ms(at)}`).join(', ')}`);
    console.log(`  list waits, whole import: ${stat(all)}`);
    console.log(`  list waits, while writing: ${stat(writing)}`);
    // Where the longest waits began: after which stage (the VACUUM follows the last).
    const longest = [...waits].sort((a, b) => b.ms - a.ms).slice(0, 3);
    const after = (at: number) => [...stages].reverse().find(([, t]) => t <= at)?.[0] ?? 'request';
    console.log(`  longest waits: ${longest.map((w) => `${ms(w.ms)} ms at ${ms(w.at)} (after ${after(w.at)})`).join(', ')}`);
  };

  const newRows = Array.from({ length: 100_000 }, (_, i) => `NEW${String(i).padStart(7, '0')},Imported ${i},Model ${i % 97},Ops,Room ${i % 300}`);
  await measureImport('100,000 new rows', csv(newRows));
  const changing = (count: number, step: number, name: string) =>
    Array.from({ length: count }, (_, i) => {
      const n = 1 + i * step;
      return `ZC${String(n).padStart(8, '0')},${name} ${n},Model ${n % 97},Ops,Room ${n % 500}`;
    });
  await measureImport('10,000 rows changing existing assets', csv(changing(10_000, 7, 'Changed')));
  await measureImport('100,000 rows changing existing assets', csv(changing(100_000, 1, 'Renamed')));
} finally {
  await server.close();
}
