/**
 * Reading transactions: the records list (filter by type, time, person, asset; paged), one
 * record with its lines, an asset's history, and the list's version.
 *
 * Scope: a line is seen by a user who sees the asset's department before or after the
 * transaction (admins see every line), and a record by a user who sees any of its lines. So
 * history follows the departments as they were, and an asset moved out of a user's scope by
 * an alter keeps its earlier lines visible to them; another department's records are not.
 */
import {
  DEFAULT_PAGE_SIZE,
  type BusinessAssetLine,
  type BusinessDetails,
  type BusinessHistoryEntry,
  type BusinessInfo,
  type BusinessListResult,
  type BusinessType,
  type BusinessVersionInfo,
} from '../../../src/api/contract.ts';
import type { Clock } from '../../clock.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { containsPattern, SqlParams } from '../../db/sql.ts';
import { AppError, type Lang } from '../../errors.ts';
import { deptCondition, type Actor } from '../access/service.ts';
import { visibleAsset } from '../assets/visibility.ts';

export interface BusinessReadDeps {
  db: Db;
  clock: Clock;
  /** The zone whose days a YYYY-MM-DD time filter means (config TIME_ZONE). */
  timeZone?: string;
}

interface RecordRow {
  id: number;
  type: BusinessType;
  business_time: Date;
  created_at: Date;
  operator_id: number | null;
  operator_name: string;
  dept_id: number | null;
  dept_name: string | null;
  staff_id: number | null;
  staff_name: string | null;
  deposit_site: string;
  reason: string;
  plan_return_time: Date | null;
  repair_cost: string | null;
  remark: string;
  version: number;
  asset_count: number;
}

interface LineRow {
  id: number;
  business_id: number;
  asset_id: number;
  asset_coding: string;
  asset_name: string;
  status_before: BusinessAssetLine['statusBefore'];
  status_after: BusinessAssetLine['statusAfter'];
  dept_before: number | null;
  dept_name_before: string | null;
  dept_after: number | null;
  dept_name_after: string | null;
  staff_before: number | null;
  staff_name_before: string | null;
  staff_after: number | null;
  staff_name_after: string | null;
  site_before: string;
  site_after: string;
  changed_fields: BusinessAssetLine['changedFields'];
}

/** A line the actor sees (alias l); the statement filters on company_id itself. */
function lineVisible(actor: Actor, l: string, p: SqlParams): string {
  if (actor.isAdmin) return 'TRUE';
  return `(${deptCondition(actor, `${l}.dept_before`, p)} OR ${deptCondition(actor, `${l}.dept_after`, p)})`;
}

function recordColumns(actor: Actor, p: SqlParams): string {
  return `r.id, r.type, r.business_time, r.created_at, r.operator_id, r.operator_name, r.dept_id, r.dept_name,
    r.staff_id, r.staff_name, r.deposit_site, r.reason, r.plan_return_time, r.repair_cost, r.remark, r.version,
    (SELECT count(*)::int FROM business_assets cl
      WHERE cl.company_id = r.company_id AND cl.business_id = r.id AND ${lineVisible(actor, 'cl', p)}) AS asset_count`;
}

const LINE_COLUMNS = `l.id, l.business_id, l.asset_id, l.asset_coding, l.asset_name, l.status_before, l.status_after,
  l.dept_before, l.dept_name_before, l.dept_after, l.dept_name_after, l.staff_before, l.staff_name_before,
  l.staff_after, l.staff_name_after, l.site_before, l.site_after, l.changed_fields`;

function toInfo(row: RecordRow): BusinessInfo {
  return {
    id: row.id,
    type: row.type,
    businessTime: row.business_time.toISOString(),
    createdAt: row.created_at.toISOString(),
    operatorId: row.operator_id,
    operatorName: row.operator_name,
    affiliatedDept: row.dept_id,
    deptName: row.dept_name,
    affiliatedStaff: row.staff_id,
    staffName: row.staff_name,
    depositSite: row.deposit_site,
    reason: row.reason,
    planReturnTime: row.plan_return_time === null ? null : row.plan_return_time.toISOString(),
    repairCost: row.repair_cost === null ? null : Number(row.repair_cost),
    remark: row.remark,
    version: row.version,
    assetCount: row.asset_count,
  };
}

function toLine(row: LineRow): BusinessAssetLine {
  return {
    id: row.id,
    businessId: row.business_id,
    assetId: row.asset_id,
    assetCoding: row.asset_coding,
    assetName: row.asset_name,
    statusBefore: row.status_before,
    statusAfter: row.status_after,
    deptBefore: row.dept_before,
    deptNameBefore: row.dept_name_before,
    deptAfter: row.dept_after,
    deptNameAfter: row.dept_name_after,
    staffBefore: row.staff_before,
    staffNameBefore: row.staff_name_before,
    staffAfter: row.staff_after,
    staffNameAfter: row.staff_name_after,
    siteBefore: row.site_before,
    siteAfter: row.site_after,
    changedFields: row.changed_fields,
  };
}

export interface BusinessListInput {
  type?: BusinessType[];
  /** ISO instants, or YYYY-MM-DD days in deps.timeZone (timeTo: to the end of that day). */
  timeFrom?: string;
  timeTo?: string;
  affiliatedStaff?: number;
  assetId?: number;
  /** Asset code or name, anywhere in it. */
  search?: string;
  isASC?: boolean;
  pageIndex?: number;
  pageSize?: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** GET api/Business: the records the actor sees, newest first, one page and the total. */
export async function listBusiness(deps: BusinessReadDeps, actor: Actor, input: BusinessListInput): Promise<BusinessListResult> {
  const p = new SqlParams();
  const company = p.add(actor.companyId);
  const zone = () => p.add(deps.timeZone ?? 'UTC');
  const where = [
    `r.company_id = ${company}`,
    `EXISTS (SELECT 1 FROM business_assets l WHERE l.company_id = r.company_id AND l.business_id = r.id AND ${lineVisible(actor, 'l', p)})`,
  ];
  if (input.type?.length) where.push(`r.type = ANY(${p.add(input.type)}::text[])`);
  if (input.timeFrom) {
    where.push(
      DAY.test(input.timeFrom)
        ? `r.business_time >= (${p.add(input.timeFrom)}::date)::timestamp AT TIME ZONE ${zone()}`
        : `r.business_time >= ${p.add(new Date(input.timeFrom))}::timestamptz`,
    );
  }
  if (input.timeTo) {
    where.push(
      DAY.test(input.timeTo)
        ? `r.business_time < (${p.add(input.timeTo)}::date + 1)::timestamp AT TIME ZONE ${zone()}`
        : `r.business_time <= ${p.add(new Date(input.timeTo))}::timestamptz`,
    );
  }
  if (input.affiliatedStaff !== undefined) where.push(`r.staff_id = ${p.add(input.affiliatedStaff)}`);
  if (input.assetId !== undefined || input.search?.trim()) {
    const conditions = [`a.company_id = r.company_id`, `a.business_id = r.id`, lineVisible(actor, 'a', p)];
    if (input.assetId !== undefined) conditions.push(`a.asset_id = ${p.add(input.assetId)}`);
    const search = input.search?.trim();
    if (search) {
      const pattern = p.add(containsPattern(search));
      conditions.push(`(lower(a.asset_coding) LIKE lower(${pattern}) OR lower(a.asset_name) LIKE lower(${pattern}))`);
    }
    where.push(`EXISTS (SELECT 1 FROM business_assets a WHERE ${conditions.join(' AND ')})`);
  }
  const whereSql = where.join(' AND ');
  const direction = input.isASC ? 'ASC' : 'DESC';
  const pageSize = input.pageSize ?? DEFAULT_PAGE_SIZE;
  const offset = ((input.pageIndex ?? 1) - 1) * pageSize;
  return deps.db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const countValues = [...p.values];
    const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM business_records r WHERE ${whereSql}`, countValues))
      .rows[0].n;
    if (offset >= total) return { businesses: [], filterBusinessCount: total };
    const columns = recordColumns(actor, p);
    const { rows } = await tx.query<RecordRow>(
      `SELECT ${columns} FROM business_records r WHERE ${whereSql}
        ORDER BY r.business_time ${direction}, r.id ${direction}
        LIMIT ${p.add(pageSize)} OFFSET ${p.add(offset)}`,
      p.values,
    );
    return { businesses: rows.map(toInfo), filterBusinessCount: total };
  });
}

async function findRecord(q: Queryable, actor: Actor, id: number): Promise<RecordRow> {
  const p = new SqlParams();
  const { rows } = await q.query<RecordRow>(
    `SELECT ${recordColumns(actor, p)} FROM business_records r
      WHERE r.company_id = ${p.add(actor.companyId)} AND r.id = ${p.add(id)}`,
    p.values,
  );
  // Another company's, or none of its lines in the actor's scope: as one that does not exist.
  if (!rows[0] || rows[0].asset_count === 0) throw new AppError('businessNotFound');
  return rows[0];
}

/** GET api/BusinessAssetList?businessId=: a record's lines the actor sees. */
export async function businessLines(deps: Pick<BusinessReadDeps, 'db'>, actor: Actor, businessId: number): Promise<BusinessAssetLine[]> {
  await findRecord(deps.db, actor, businessId);
  const p = new SqlParams();
  const { rows } = await deps.db.query<LineRow>(
    `SELECT ${LINE_COLUMNS} FROM business_assets l
      WHERE l.company_id = ${p.add(actor.companyId)} AND l.business_id = ${p.add(businessId)} AND ${lineVisible(actor, 'l', p)}
      ORDER BY l.id`,
    p.values,
  );
  return rows.map(toLine);
}

/** GET api/Business/Details?businessId=: the record and its lines. */
export async function businessDetails(
  deps: Pick<BusinessReadDeps, 'db'>,
  actor: Actor,
  businessId: number,
  _lang?: Lang,
): Promise<BusinessDetails> {
  const record = await findRecord(deps.db, actor, businessId);
  return { ...toInfo(record), assets: await businessLines(deps, actor, businessId) };
}

/**
 * GET api/BusinessAssetList?assetId=: the asset's history, newest first, as lines with their
 * records. An asset the actor does not see now still shows the lines they see (its past in
 * their departments); one with none answers assetNotFound, as an id that never existed.
 */
export async function assetHistory(deps: Pick<BusinessReadDeps, 'db'>, actor: Actor, assetId: number): Promise<BusinessHistoryEntry[]> {
  const p = new SqlParams();
  const company = p.add(actor.companyId);
  const { rows } = await deps.db.query<LineRow & { record: RecordRow }>(
    `SELECT ${LINE_COLUMNS}, (SELECT row_to_json(x) FROM (SELECT ${recordColumns(actor, p)}
                                FROM business_records r WHERE r.company_id = l.company_id AND r.id = l.business_id) x) AS record
       FROM business_assets l
      WHERE l.company_id = ${company} AND l.asset_id = ${p.add(assetId)} AND ${lineVisible(actor, 'l', p)}
      ORDER BY l.id DESC`,
    p.values,
  );
  if (rows.length === 0) {
    // No history: answer [] for an asset the actor sees, not found otherwise.
    const q = new SqlParams();
    const seen = await deps.db.query(
      `SELECT 1 FROM assets a WHERE a.company_id = ${q.add(actor.companyId)} AND a.id = ${q.add(assetId)} AND ${deptCondition(actor, 'a.dept_id', q)}
        AND ${visibleAsset('a', q.add(actor.companyId))}`,
      q.values,
    );
    if (seen.rowCount === 0) throw new AppError('assetNotFound');
    return [];
  }
  return rows.map((row) => {
    // row_to_json gives timestamps as text.
    const r = row.record as unknown as Record<string, unknown>;
    const record: RecordRow = {
      ...(r as unknown as RecordRow),
      business_time: new Date(r.business_time as string),
      created_at: new Date(r.created_at as string),
      plan_return_time: r.plan_return_time === null ? null : new Date(r.plan_return_time as string),
      repair_cost: r.repair_cost === null ? null : String(r.repair_cost),
    };
    return { ...toLine(row), business: toInfo(record) };
  });
}

/** GET api/BusinessVersion: the newest record id the actor sees (0: none). */
export async function businessVersion(deps: Pick<BusinessReadDeps, 'db'>, actor: Actor): Promise<BusinessVersionInfo> {
  const p = new SqlParams();
  const { rows } = await deps.db.query<{ version: number | null }>(
    `SELECT max(l.business_id) AS version FROM business_assets l
      WHERE l.company_id = ${p.add(actor.companyId)} AND ${lineVisible(actor, 'l', p)}`,
    p.values,
  );
  return { version: rows[0]?.version ?? 0 };
}
