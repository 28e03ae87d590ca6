/**
 * Assets: the register's records (spec section 3), with their department, staff assignee,
 * classification and custom attribute values, picture and RFID fields.
 *
 * Scope: an asset belongs to the department it is in; a user sees the assets of the
 * departments of their scope (the access module's SQL condition) and assets without a
 * department only as an admin, exactly as staff. Writes keep an asset inside the writer's
 * scope: its department, its staff assignee and (for a move) its new department must all be
 * ones the writer sees. Permissions: create 101, update 102, delete 103 (route guards and
 * setAsset); reading needs only a session.
 *
 * The list answers filter + sort + page with two statements (the total, then the page) in
 * one snapshot, as the staff list does; bench/assets.ts measures it on 100,000 assets. Depreciation and expiry
 * are SQL (depreciation.ts) with today from the clock, so they filter, sort and sum.
 */
import {
  DEFAULT_PAGE_SIZE,
  Permission,
  type AssetInfo,
  type AssetSetRequest,
  type AssetSortKey,
  type AssetUseStatusValue,
  type ClassifyAttribute,
  type ExpiryBand,
} from '../../../src/api/contract.ts';
import type { Clock } from '../../clock.ts';
import { isUniqueViolation, type Queryable } from '../../db/db.ts';
import { assertVersion, assertWritten, versionMatches } from '../../db/record-version.ts';
import { containsPattern, SqlParams } from '../../db/sql.ts';
import { AppError, type Lang } from '../../errors.ts';
import { assertPermission, deptCondition, type Actor } from '../access/service.ts';
import { findClassify, type ClassifyRow } from '../classifications/service.ts';
import type { OrgDeps } from '../departments/service.ts';
import { assertFileOf, fileUrl } from '../files/service.ts';
import { findStaff } from '../staff/service.ts';
import { reserveCodes } from './codes.ts';
import { currentValueSql, daysLeftSql, expiryBandsSql, expiryOf, todayIn } from './depreciation.ts';
import { refuseHeldAssets } from './import-hold.ts';
import { visibleAsset } from './visibility.ts';
import {
  checkAttributeValues,
  currentAttributeValues,
  FIELD_LABELS,
  parseAmount,
  parseDate,
  parseLossCycle,
  parseText,
} from './fields.ts';

export interface AssetDeps extends OrgDeps {
  /** The zone whose calendar day is "today" (config TIME_ZONE). */
  timeZone: string;
}

export function today(deps: { clock: Clock; timeZone: string }): string {
  return todayIn(deps.clock(), deps.timeZone);
}

/**
 * Today's placeholder, added to the parameters on first use only: PostgreSQL refuses a
 * parameter that the statement never uses (it cannot tell its type).
 */
export function todayPlaceholder(p: SqlParams, deps: { clock: Clock; timeZone: string }): () => string {
  let placeholder: string | undefined;
  return () => (placeholder ??= p.add(today(deps)));
}

/** A row as the reads select it (SELECT_COLUMNS). */
export interface AssetRow {
  id: number;
  asset_coding: string;
  asset_name: string;
  specifications: string;
  unit: string;
  supplier: string;
  buy_date: string | null;
  buy_price: string | null;
  surplus_value: string | null;
  loss_cycle: number | null;
  expire_date: string | null;
  dept_id: number | null;
  dept_name: string | null;
  staff_id: number | null;
  staff_name: string | null;
  deposit_site: string;
  classify_id: number | null;
  classify_name: string | null;
  classify_attributes: ClassifyAttribute[] | null;
  picture_id: number | null;
  epc: string;
  tid: string;
  attribute_values: Record<string, string>;
  use_status: AssetUseStatusValue | null;
  status: AssetUseStatusValue;
  expiry_date: string | null;
  days_left: number | null;
  current_value: string | null;
  created_at: Date;
  updated_at: Date;
  version: number;
  label_printed_at: Date | null;
  label_print_count: number;
}

const money = (value: string | null) => (value === null ? null : Number(value));

export function toInfo(row: AssetRow, lang: Lang): AssetInfo {
  return {
    id: row.id,
    assetCoding: row.asset_coding,
    assetName: row.asset_name,
    specifications: row.specifications,
    unit: row.unit,
    supplier: row.supplier,
    buyDate: row.buy_date,
    buyPrice: money(row.buy_price),
    surplusValue: money(row.surplus_value),
    lossCycle: row.loss_cycle,
    expireDate: row.expire_date,
    affiliatedDept: row.dept_id,
    deptName: row.dept_name,
    affiliatedStaff: row.staff_id,
    staffName: row.staff_name,
    depositSite: row.deposit_site,
    classify: row.classify_id,
    classifyName: row.classify_name,
    pictureId: row.picture_id,
    picture: row.picture_id === null ? null : fileUrl(row.picture_id),
    epc: row.epc,
    tid: row.tid,
    attributeValues: currentAttributeValues(row.attribute_values, row.classify_attributes),
    useStatus: row.use_status,
    status: row.status,
    currentValue: money(row.current_value),
    expiry: expiryOf(row.expiry_date, row.days_left, lang),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
    labelPrintedAt: row.label_printed_at?.toISOString() ?? null,
    labelPrintCount: row.label_print_count,
  };
}

/** The department's name (the company's for the root), NULL without one (aliases a, d, c). */
export const DEPT_NAME = 'CASE WHEN d.id IS NULL THEN NULL ELSE COALESCE(d.name, c.name) END';
const DEPT_JOIN = `JOIN companies c ON c.id = a.company_id
  LEFT JOIN departments d ON d.company_id = a.company_id AND d.id = a.dept_id`;
const STAFF_JOIN = 'LEFT JOIN staff s ON s.company_id = a.company_id AND s.id = a.staff_id';
const CLASSIFY_JOIN = 'LEFT JOIN asset_classes k ON k.company_id = a.company_id AND k.id = a.classify_id';
/** When its label was last printed (migration 015; modules/asset-labels). */
const LABEL_PRINTS_JOIN = 'LEFT JOIN asset_label_prints lp ON lp.company_id = a.company_id AND lp.asset_id = a.id';
export const ASSET_JOINS = `${DEPT_JOIN} ${STAFF_JOIN} ${CLASSIFY_JOIN} ${LABEL_PRINTS_JOIN}`;

/** The columns of AssetRow; `today` is the placeholder of today's date. */
export function selectColumns(today: string): string {
  return `a.id, a.asset_coding, a.asset_name, a.specifications, a.unit, a.supplier, a.buy_date, a.buy_price,
    a.surplus_value, a.loss_cycle, a.expire_date, a.dept_id, ${DEPT_NAME} AS dept_name, a.staff_id,
    s.name AS staff_name, a.deposit_site, a.classify_id, k.name AS classify_name, k.attributes AS classify_attributes,
    a.picture_id, a.epc, a.tid, a.attribute_values, a.use_status, a.status, a.expiry_date,
    ${daysLeftSql(today)} AS days_left, ${currentValueSql(today)} AS current_value, a.created_at, a.updated_at, a.version,
    lp.printed_at AS label_printed_at, COALESCE(lp.print_count, 0) AS label_print_count`;
}

// ---- filters, sorting ------------------------------------------------------------------

export interface AssetFilter {
  search?: string;
  classify?: number;
  /** Keeps this department and its sub-departments. */
  affiliatedDept?: number;
  affiliatedStaff?: number;
  /** Any of these effective statuses. */
  status?: number[];
  buyDateFrom?: string;
  buyDateTo?: string;
  /** Any of these bands. */
  expiryBand?: ExpiryBand[];
}

/**
 * The company filter, the visibility rule (visibility.ts), the actor's scope and the filter, for alias a (no joins needed).
 * `todayParam` gives today's placeholder (the expiry bands need it).
 */
export function assetWhere(actor: Actor, filter: AssetFilter, p: SqlParams, todayParam: () => string): string {
  const company = p.add(actor.companyId);
  // A scope of departments (and the department filter below) as one array of ids, computed
  // once (an InitPlan), rather than `IN (subquery)`: the planner cannot estimate the
  // subquery's path join (it guessed 1 department of 11), so it read all the scope's assets
  // to sort 50 by name, where the name index finds them in 900 entries; an array of ids it
  // estimates like a list. The same rows: an asset's department is one of its company's. An
  // admin's scope includes assets without a department and the scope All is just that, so
  // both keep their condition.
  const scope =
    actor.isAdmin || actor.scope === 'All'
      ? deptCondition(actor, 'a.dept_id', p)
      : `a.dept_id = ANY(ARRAY(SELECT sd0.id FROM departments sd0
           WHERE sd0.company_id = ${company} AND ${deptCondition(actor, 'sd0.id', p)}))`;
  const where = [`a.company_id = ${company}`, visibleAsset('a', company), scope];
  const search = filter.search?.trim();
  // search_text is the searched fields lower-cased (migration 003).
  if (search) where.push(`a.search_text LIKE lower(${p.add(containsPattern(search))})`);
  if (filter.classify !== undefined) where.push(`a.classify_id = ${p.add(filter.classify)}`);
  if (filter.affiliatedDept !== undefined) {
    // A department of another company has no path here: the filter then matches nothing.
    where.push(`a.dept_id = ANY(ARRAY(
      SELECT fd.id FROM departments fd
       WHERE fd.company_id = ${company}
         AND starts_with(fd.path, (SELECT f.path FROM departments f WHERE f.company_id = ${company} AND f.id = ${p.add(filter.affiliatedDept)}))))`);
  }
  if (filter.affiliatedStaff !== undefined) where.push(`a.staff_id = ${p.add(filter.affiliatedStaff)}`);
  if (filter.status?.length) where.push(`a.status = ANY(${p.add(filter.status)}::smallint[])`);
  if (filter.buyDateFrom) where.push(`a.buy_date >= ${p.add(filter.buyDateFrom)}::date`);
  if (filter.buyDateTo) where.push(`a.buy_date <= ${p.add(filter.buyDateTo)}::date`);
  if (filter.expiryBand?.length) where.push(expiryBandsSql(filter.expiryBand, todayParam));
  return where.join(' AND ');
}

/** Sort expressions; those needing a join say which. */
const SORTS: Record<AssetSortKey, { sql: (today: () => string) => string; join?: string }> = {
  id: { sql: () => 'a.id' },
  assetCoding: { sql: () => 'a.asset_coding' },
  assetName: { sql: () => 'a.asset_name' },
  specifications: { sql: () => 'a.specifications' },
  unit: { sql: () => 'a.unit' },
  supplier: { sql: () => 'a.supplier' },
  buyDate: { sql: () => 'a.buy_date' },
  buyPrice: { sql: () => 'a.buy_price' },
  surplusValue: { sql: () => 'a.surplus_value' },
  lossCycle: { sql: () => 'a.loss_cycle' },
  expireDate: { sql: () => 'a.expiry_date' },
  affiliatedDept: { sql: () => DEPT_NAME, join: DEPT_JOIN },
  affiliatedStaff: { sql: () => 's.name', join: STAFF_JOIN },
  depositSite: { sql: () => 'a.deposit_site' },
  classify: { sql: () => 'k.name', join: CLASSIFY_JOIN },
  status: { sql: () => 'a.status' },
  currentValue: { sql: (today) => currentValueSql(today()) },
  epc: { sql: () => 'a.epc' },
  tid: { sql: () => 'a.tid' },
  createdAt: { sql: () => 'a.created_at' },
  updatedAt: { sql: () => 'a.updated_at' },
};

export interface AssetOrder {
  sortKey?: AssetSortKey;
  isASC?: boolean;
}

/** ORDER BY for an order, ties broken by id in the same direction; and the join it needs. */
export function orderBy(order: AssetOrder, todayParam: () => string): { sql: string; join: string } {
  const sort = SORTS[order.sortKey ?? 'id'];
  const direction = order.isASC === false ? 'DESC' : 'ASC';
  const key = sort.sql(todayParam);
  return { sql: key === 'a.id' ? `a.id ${direction}` : `${key} ${direction}, a.id ${direction}`, join: sort.join ?? '' };
}

// ---- reads -----------------------------------------------------------------------------

export interface AssetListInput extends AssetFilter, AssetOrder {
  pageIndex?: number;
  pageSize?: number;
}

export async function listAssets(
  deps: AssetDeps,
  actor: Actor,
  input: AssetListInput,
  lang: Lang,
): Promise<{ assets: AssetInfo[]; filterAssetCount: number }> {
  const p = new SqlParams();
  const todayParam = todayPlaceholder(p, deps);
  const whereSql = assetWhere(actor, input, p, todayParam);
  const countValues = [...p.values];
  const pageSize = input.pageSize ?? DEFAULT_PAGE_SIZE;
  const offset = ((input.pageIndex ?? 1) - 1) * pageSize;
  // One snapshot for the total and the page: a page taken from the end (below) is placed by
  // the total, so both must see the same rows (PGlite: the transaction also keeps other
  // requests' statements from running in between).
  return deps.db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM assets a WHERE ${whereSql}`, countValues))
      .rows[0].n;
    if (offset >= total) return { assets: [], filterAssetCount: total };

    // OFFSET reads and drops every row it skips, so a page past the middle is read from the
    // end, in the reverse order (every order is total: ties are broken by id), and put back
    // in order by the second statement: page 1,000 of 1,001 skips one page, not 999.
    const end = Math.min(offset + pageSize, total);
    const fromEnd = total - end < offset;
    const pageOrder = fromEnd ? { sortKey: input.sortKey, isASC: input.isASC === false } : input;
    const pageIds = pageIdsSql(pageOrder, whereSql, actor.companyId, p, todayParam, {
      limit: end - offset,
      offset: fromEnd ? total - end : offset,
    });
    const order = orderBy(input, todayParam);
    // The page's ids first, from assets alone (joined only to sort by a joined name), so the
    // rows OFFSET skips are never joined; then the page's rows in full, in the page's order.
    const { rows } = await tx.query<AssetRow>(
      `WITH page AS MATERIALIZED (${pageIds})
       SELECT ${selectColumns(todayParam())} FROM assets a ${ASSET_JOINS}
        WHERE a.company_id = ${p.add(actor.companyId)} AND a.id IN (SELECT id FROM page)
        ORDER BY ${order.sql}`,
      p.values,
    );
    return { assets: rows.map((row) => toInfo(row, lang)), filterAssetCount: total };
  });
}

/** The ids of one page of the rows matching whereSql, in the order given. */
function pageIdsSql(
  order: AssetOrder,
  whereSql: string,
  companyId: number,
  p: SqlParams,
  todayParam: () => string,
  page: { limit: number; offset: number },
): string {
  const limits = `LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)}`;
  if (order.sortKey === 'affiliatedDept') {
    // By department name: joining every matching asset to its department to sort them all
    // costs more than the page (100,000 assets: 50 ms). The company's departments (about a
    // hundred, plus a NULL row for assets without one) are sorted instead and their assets
    // read in that order from the (company, department, id) index, so the planner sorts only
    // within one name (Incremental Sort) and stops at the page. The same key (DEPT_NAME, NULL
    // without a department) and directions as orderBy, so the same order.
    const direction = order.isASC === false ? 'DESC' : 'ASC';
    return `SELECT a.id
        FROM (SELECT d.id AS dept_id, ${DEPT_NAME} AS k
                FROM departments d JOIN companies c ON c.id = d.company_id
               WHERE d.company_id = ${p.add(companyId)}
              UNION ALL SELECT NULL, NULL
               ORDER BY k ${direction}) dk
       CROSS JOIN LATERAL (
             SELECT a.id FROM assets a WHERE dk.dept_id IS NOT NULL AND a.dept_id = dk.dept_id AND ${whereSql}
             UNION ALL
             SELECT a.id FROM assets a WHERE dk.dept_id IS NULL AND a.dept_id IS NULL AND ${whereSql}) a
       ORDER BY dk.k ${direction}, a.id ${direction}
       ${limits}`;
  }
  const sorted = orderBy(order, todayParam);
  return `SELECT a.id FROM assets a ${sorted.join} WHERE ${whereSql} ORDER BY ${sorted.sql} ${limits}`;
}

async function findAssetRow(q: Queryable, deps: AssetDeps, actor: Actor, id: number): Promise<AssetRow> {
  const p = new SqlParams();
  const todayParam = todayPlaceholder(p, deps);
  const whereSql = assetWhere(actor, {}, p, todayParam);
  const { rows } = await q.query<AssetRow>(
    `SELECT ${selectColumns(todayParam())} FROM assets a ${ASSET_JOINS} WHERE ${whereSql} AND a.id = ${p.add(id)}`,
    p.values,
  );
  // Missing, another company's, or outside the scope: the same answer.
  if (!rows[0]) throw new AppError('assetNotFound');
  return rows[0];
}

export async function assetDetails(deps: AssetDeps, actor: Actor, id: number, lang: Lang): Promise<AssetInfo> {
  return toInfo(await findAssetRow(deps.db, deps, actor, id), lang);
}

// ---- writes ----------------------------------------------------------------------------

/** What POST api/Asset carries (the wire contract), after the route's shape checks. Absent: unchanged (update) or empty. */
export type SetAssetInput = AssetSetRequest;

/** A department the actor may put assets in: one of theirs; no department for admins only. */
export async function assertDeptInScope(q: Queryable, actor: Actor, deptId: number | null): Promise<void> {
  if (deptId === null) {
    if (!actor.isAdmin) throw new AppError('deptOutOfScope');
    return;
  }
  const p = new SqlParams();
  const { rowCount } = await q.query(
    `SELECT 1 FROM departments d
      WHERE d.company_id = ${p.add(actor.companyId)} AND d.id = ${p.add(deptId)} AND ${deptCondition(actor, 'd.id', p)}`,
    p.values,
  );
  if (rowCount === 0) throw new AppError('deptNotFound');
}

function pictureId(value: number | string | null): number | null {
  if (value === null || value === '') return null;
  if (typeof value === 'number') return value;
  const match = /^(?:\/?api\/File\/)?([1-9]\d{0,14})$/.exec(value.trim());
  if (!match) throw new AppError('fileNotFound');
  return Number(match[1]);
}

/** Whether an update names a department, user or place other than the asset's. */
function movesByEdit(input: SetAssetInput, current: AssetRow): boolean {
  return (
    (input.affiliatedDept !== undefined && input.affiliatedDept !== current.dept_id) ||
    (input.affiliatedStaff !== undefined && input.affiliatedStaff !== current.staff_id) ||
    (input.depositSite !== undefined && parseText(input.depositSite, 'depositSite') !== current.deposit_site)
  );
}

/** Creates (no id; 101) or updates (id; 102) an asset; returns it. */
export async function setAsset(deps: AssetDeps, actor: Actor, input: SetAssetInput, lang: Lang): Promise<AssetInfo> {
  assertPermission(actor, input.id === undefined ? Permission.assetAdd : Permission.assetEdit);
  let code = '';
  try {
    const id = await deps.db.transaction(async (tx) => {
      const current = input.id === undefined ? null : await findAssetRow(tx, deps, actor, input.id);
      // A save based on an old version is refused before anything else is checked: its
      // fields may be the cause of any other refusal, and reloading is what helps.
      if (current) assertVersion(current.version, input.version);
      const pick = <K extends keyof SetAssetInput>(key: K, fallback: SetAssetInput[K]): SetAssetInput[K] =>
        input[key] === undefined ? fallback : input[key];

      const assetName = parseText(pick('assetName', current?.asset_name), 'assetName');
      if (assetName === '') throw new AppError('assetNameRequired');
      code = parseText(input.assetCoding, 'assetCoding') || current?.asset_coding || '';
      const values = {
        specifications: parseText(pick('specifications', current?.specifications), 'specifications'),
        unit: parseText(pick('unit', current?.unit), 'unit'),
        supplier: parseText(pick('supplier', current?.supplier), 'supplier'),
        depositSite: parseText(pick('depositSite', current?.deposit_site), 'depositSite'),
        epc: parseText(pick('epc', current?.epc), 'epc'),
        tid: parseText(pick('tid', current?.tid), 'tid'),
        buyDate: parseDate(pick('buyDate', current?.buy_date), FIELD_LABELS.buyDate),
        buyPrice: parseAmount(pick('buyPrice', current?.buy_price), 'buyPrice'),
        surplusValue: parseAmount(pick('surplusValue', current?.surplus_value), 'surplusValue'),
        lossCycle: parseLossCycle(pick('lossCycle', current?.loss_cycle)),
        expireDate: parseDate(pick('expireDate', current?.expire_date), FIELD_LABELS.expireDate),
      };

      const classifyId = pick('classify', current?.classify_id ?? null) ?? null;
      const classify: ClassifyRow | null = classifyId === null ? null : await findClassify(tx, actor.companyId, classifyId);
      const attributeValues = checkAttributeValues(
        input.attributeValues ?? currentAttributeValues(current?.attribute_values ?? null, classify?.attributes ?? null),
        classify,
      );

      // A registered asset's department, user and place change through transactions only
      // (modules/transactions; README "Asset transactions"): an edit naming others is refused.
      if (current && movesByEdit(input, current)) throw new AppError('assetFieldsByTransaction');
      const staffId = pick('affiliatedStaff', current?.staff_id ?? null) ?? null;
      const staff = staffId === null || staffId === current?.staff_id ? null : await findStaff(tx, actor, staffId);
      let deptId: number | null;
      if (input.affiliatedDept !== undefined) deptId = input.affiliatedDept;
      else if (current) deptId = current.dept_id;
      else deptId = staff?.affiliatedDept ?? null;
      if (!current || deptId !== current.dept_id) await assertDeptInScope(tx, actor, deptId);

      const picture = input.picture === undefined ? (current?.picture_id ?? null) : pictureId(input.picture);
      if (picture !== null && picture !== current?.picture_id) await assertFileOf(tx, actor, picture);

      if (code !== '' && code !== current?.asset_coding) {
        // Not under the visibility rule: a row an import is writing holds its code (visibility.ts).
        const taken = await tx.query('SELECT 1 FROM assets WHERE company_id = $1 AND asset_coding = $2', [
          actor.companyId,
          code,
        ]);
        if (taken.rowCount > 0) throw new AppError('assetCodingTaken', { code });
      }
      const row = [
        values.specifications,
        values.unit,
        values.supplier,
        values.buyDate,
        values.buyPrice,
        values.surplusValue,
        values.lossCycle,
        values.expireDate,
        deptId,
        staffId,
        values.depositSite,
        classifyId,
        picture,
        values.epc,
        values.tid,
        JSON.stringify(attributeValues),
        deps.clock(),
      ];
      if (current) {
        await refuseHeldAssets(tx, actor.companyId, [current.id]);
        const { rowCount } = await tx.query(
          `UPDATE assets SET asset_coding = $3, asset_name = $4, specifications = $5, unit = $6, supplier = $7,
                  buy_date = $8, buy_price = $9, surplus_value = $10, loss_cycle = $11, expire_date = $12,
                  dept_id = $13, staff_id = $14, deposit_site = $15, classify_id = $16, picture_id = $17,
                  epc = $18, tid = $19, attribute_values = $20, updated_at = $21, version = version + 1
            WHERE company_id = $1 AND id = $2 AND ${versionMatches('$22')}`,
          [actor.companyId, current.id, code, assetName, ...row, input.version ?? null],
        );
        assertWritten(rowCount);
        return current.id;
      }
      // No code given: the company's next one (codes.ts), taken in this transaction.
      if (code === '') [code] = await reserveCodes(tx, actor.companyId, 1);
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO assets (company_id, asset_coding, asset_name, specifications, unit, supplier, buy_date,
                             buy_price, surplus_value, loss_cycle, expire_date, dept_id, staff_id, deposit_site,
                             classify_id, picture_id, epc, tid, attribute_values, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $20)
         RETURNING id`,
        [actor.companyId, code, assetName, ...row],
      );
      return rows[0].id;
    });
    return await assetDetails(deps, actor, id, lang);
  } catch (err) {
    // Two requests giving the same code at once (PostgreSQL server only).
    if (isUniqueViolation(err)) throw new AppError('assetCodingTaken', { code });
    throw err;
  }
}

/**
 * Deletes the assets with these ids (103, checked by the route), all or none: if any id is
 * missing, of another company or outside the actor's scope, nothing is deleted and the
 * answer is assetNotFound; if all are there but one no longer has the version given for it
 * (`versions`, in the order of ids; absent: not checked), nothing is deleted and the answer
 * is recordChanged. DELETE api/Asset is the case of one id.
 */
export async function deleteAssets(
  deps: Pick<OrgDeps, 'db'>,
  actor: Actor,
  ids: readonly number[],
  versions?: readonly number[],
): Promise<number> {
  if (versions !== undefined && versions.length !== ids.length) {
    throw new AppError('parameter', { fields: 'versions' });
  }
  // One expected version an id; an id given twice with two versions cannot match both.
  const expected = new Map<number, number | null>();
  ids.forEach((id, i) => {
    const version = versions?.[i] ?? null;
    if (expected.has(id) && expected.get(id) !== version) throw new AppError('recordChanged');
    expected.set(id, version);
  });
  const unique = [...expected.keys()];
  if (unique.length === 0) throw new AppError('assetsRequired');
  return deps.db.transaction(async (tx) => {
    const p = new SqlParams();
    const company = p.add(actor.companyId);
    const inScope = `a.company_id = ${company} AND a.id = ANY(${p.add(unique)}::bigint[]) AND ${deptCondition(actor, 'a.dept_id', p)}
      AND ${visibleAsset('a', company)}`;
    // Missing or out of scope first (28), so the answer to a foreign id never depends on versions.
    const found = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM assets a WHERE ${inScope}`, p.values);
    if (found.rows[0].n !== unique.length) throw new AppError('assetNotFound');
    await refuseHeldAssets(tx, actor.companyId, unique);
    const { rowCount } = await tx.query(
      `DELETE FROM assets a
        USING unnest(${p.add(unique)}::bigint[], ${p.add([...expected.values()])}::integer[]) AS v(id, version)
        WHERE ${inScope} AND v.id = a.id AND ${versionMatches('v.version', 'a.version')}`,
      p.values,
    );
    // Throwing rolls back the assets already deleted.
    if (rowCount !== unique.length) throw new AppError('recordChanged');
    return rowCount;
  });
}
