/**
 * What an import's rows are checked against (rows.ts), loaded once per import so checking
 * 100,000 rows costs no query: the departments and staff within the importer's scope by
 * name and path, the company's classifications, and the assets the file's codes name.
 */
import { SqlParams } from '../../db/sql.ts';
import type { Queryable } from '../../db/db.ts';
import { deptCondition, type Actor } from '../access/service.ts';
import { classifiesOf } from '../classifications/service.ts';
import { lower, type ExistingAsset, type Lookups } from './rows.ts';
import type { Plan } from './service.ts';
import { visibleAsset } from '../assets/visibility.ts';
import { yieldToEventLoop } from './write.ts';

/** Codes looked up per statement. */
const EXISTING_SLICE = 5000;

export async function loadLookups(q: Queryable, actor: Actor, plan: Plan): Promise<Lookups> {
  // Departments: the whole tree for the names of paths, the scope for what may be named.
  const p = new SqlParams();
  const depts = await q.query<{ id: number; name: string; path: string; parent_id: number | null; visible: boolean }>(
    `SELECT d.id, COALESCE(d.name, c.name) AS name, d.path, d.parent_id, ${deptCondition(actor, 'd.id', p)} AS visible
       FROM departments d JOIN companies c ON c.id = d.company_id
      WHERE d.company_id = ${p.add(actor.companyId)}`,
    p.values,
  );
  const nameById = new Map(depts.rows.map((d) => [d.id, d.name]));
  const deptByName = new Map<string, number[]>();
  const deptByPath = new Map<string, number>();
  const deptPathById = new Map<number, string>();
  for (const d of depts.rows) {
    if (!d.visible) continue;
    const key = lower(d.name);
    deptByName.set(key, [...(deptByName.get(key) ?? []), d.id]);
    if (d.parent_id !== null) {
      // '/<root>/<a>/<b>/' → 'a/b': the path below the company.
      const ids = d.path.split('/').filter(Boolean).slice(1).map(Number);
      deptByPath.set(ids.map((id) => lower(nameById.get(id) ?? '')).join('/'), d.id);
      deptPathById.set(d.id, ids.map((id) => nameById.get(id) ?? '').join('/'));
    }
  }

  const sp = new SqlParams();
  const staff = await q.query<{ id: number; name: string; job_number: string; dept_id: number | null }>(
    `SELECT s.id, s.name, s.job_number, s.dept_id FROM staff s
      WHERE s.company_id = ${sp.add(actor.companyId)} AND ${deptCondition(actor, 's.dept_id', sp)}`,
    sp.values,
  );
  const staffByName = new Map<string, { id: number; deptId: number | null }[]>();
  const staffByNameJob = new Map<string, { id: number; deptId: number | null }>();
  for (const s of staff.rows) {
    const entry = { id: s.id, deptId: s.dept_id };
    const key = lower(s.name);
    staffByName.set(key, [...(staffByName.get(key) ?? []), entry]);
    if (s.job_number !== '') staffByNameJob.set(`${key}(${lower(s.job_number)})`, entry);
  }

  const classes = await classifiesOf(q, actor.companyId);

  // The assets the file's codes name, with whether the importer sees them.
  const codeColumn = plan.columns.findIndex((c) => c.kind === 'standard' && c.key === 'assetCoding');
  const codes =
    codeColumn < 0
      ? []
      : [...new Set(plan.data.map(({ cells }) => String(cells[codeColumn] ?? '').trim()).filter((code) => code !== ''))];
  // EXISTING_SLICE codes a statement, the event loop yielded between them: on PGlite one
  // statement for 100,000 codes held every other request for over a second. Each asset's
  // version is checked again when its change is staged (write.ts), so slices read at slightly
  // different moments are safe.
  const existing: ExistingAsset[] = [];
  for (let start = 0; start < codes.length; start += EXISTING_SLICE) {
    const ep = new SqlParams();
    const company = ep.add(actor.companyId);
    const { rows } = await q.query<ExistingAsset>(
      `SELECT a.id, a.version, a.asset_coding, a.asset_name, a.specifications, a.unit, a.supplier, a.buy_date, a.buy_price,
              a.loss_cycle, a.dept_id, a.staff_id, a.deposit_site, a.classify_id, a.attribute_values,
              ${deptCondition(actor, 'a.dept_id', ep)} AS in_scope
         FROM assets a
        WHERE a.company_id = ${company} AND a.asset_coding = ANY(${ep.add(codes.slice(start, start + EXISTING_SLICE))}::text[])
          AND ${visibleAsset('a', company)}`,
      ep.values,
    );
    existing.push(...rows);
    await yieldToEventLoop();
  }

  return {
    actor,
    deptByName,
    deptByPath,
    deptPathById,
    staffByName,
    staffByNameJob,
    classifyByName: new Map(classes.map((k) => [lower(k.name), k])),
    classifyById: new Map(classes.map((k) => [k.id, k])),
    defaultClassify: plan.defaultClassify,
    existing: new Map(existing.map((a) => [a.asset_coding, a])),
  };
}
