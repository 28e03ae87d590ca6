/**
 * An order's lines (GET api/InventoryAsset): filter by result and keyword, sort by a column,
 * one page, and the order's counts. An order holds up to the whole register (100,000 lines
 * in bench/inventory.ts), so a page is read the way the asset list reads one: each sort key
 * has an index (migration 014) that leads with the order, the page is read in that order and
 * stops after it, and a page past the middle is read from the end in the reverse order. The
 * total without a keyword comes from the order's counts, not from counting lines.
 */
import {
  DEFAULT_PAGE_SIZE,
  type InventoryLine,
  type InventoryLineListResult,
  type InventoryLineSortKey,
  type InventoryResultValue,
} from '../../../src/api/contract.ts';
import type { Queryable } from '../../db/db.ts';
import { containsPattern, SqlParams } from '../../db/sql.ts';
import type { Actor } from '../access/service.ts';
import { countsOf, findOrder, type InventoryDeps, type OrderRow } from './service.ts';

export interface LineRow {
  id: number;
  order_id: number;
  asset_id: number | null;
  asset_coding: string;
  asset_name: string;
  dept_id: number | null;
  dept_name: string;
  staff_id: number | null;
  staff_name: string;
  deposit_site: string;
  classify_id: number | null;
  classify_name: string;
  result: InventoryResultValue;
  scanned_at: Date | null;
  scanned_by: number | null;
  scanned_by_name: string;
}

export const LINE_COLUMNS = `l.id, l.order_id, l.asset_id, l.asset_coding, l.asset_name, l.dept_id, l.dept_name, l.staff_id,
  l.staff_name, l.deposit_site, l.classify_id, l.classify_name, l.result, l.scanned_at, l.scanned_by, l.scanned_by_name`;

export function toLine(row: LineRow): InventoryLine {
  return {
    id: row.id,
    anlageninventurId: row.order_id,
    assetId: row.asset_id,
    assetCoding: row.asset_coding,
    assetName: row.asset_name,
    affiliatedDept: row.dept_id,
    department: row.dept_name,
    affiliatedStaff: row.staff_id,
    user: row.staff_name,
    depositSite: row.deposit_site,
    classify: row.classify_id,
    classification: row.classify_name,
    result: row.result,
    scannedAt: row.scanned_at === null ? null : row.scanned_at.toISOString(),
    scannedById: row.scanned_by,
    scannedBy: row.scanned_by_name,
  };
}

/** The column of each sort key; each has its index (company_id, order_id, column, id). */
const SORT_COLUMNS: Record<InventoryLineSortKey, string> = {
  id: 'l.id',
  assetCoding: 'l.asset_coding',
  assetName: 'l.asset_name',
  department: 'l.dept_name',
  user: 'l.staff_name',
  depositSite: 'l.deposit_site',
  classification: 'l.classify_name',
  result: 'l.result',
  scannedAt: 'l.scanned_at',
};

/**
 * ORDER BY of a sort, ties by id in the same direction. Scan time: latest first and never
 * scanned last when descending, the exact reverse when ascending, as its index reads.
 */
function orderSql(sortKey: InventoryLineSortKey | undefined, ascending: boolean): string {
  const column = SORT_COLUMNS[sortKey ?? 'id'];
  const direction = ascending ? 'ASC' : 'DESC';
  if (column === 'l.id') return `l.id ${direction}`;
  const nulls = sortKey === 'scannedAt' ? (ascending ? ' NULLS FIRST' : ' NULLS LAST') : '';
  return `${column} ${direction}${nulls}, l.id ${direction}`;
}

export interface LineFilter {
  /** Any of these results. */
  result?: InventoryResultValue[];
  /** Part of the code or the name, any case. */
  keyword?: string;
}

export interface LineListInput extends LineFilter {
  anlageninventurId: number;
  sortKey?: InventoryLineSortKey;
  isASC?: boolean;
  pageIndex?: number;
  pageSize?: number;
}

/** The condition on lines (alias l) of one order; the order must have been found for the actor. */
export function lineWhere(companyId: number, orderId: number, filter: LineFilter, p: SqlParams): string {
  const where = [`l.company_id = ${p.add(companyId)}`, `l.order_id = ${p.add(orderId)}`];
  if (filter.result?.length) where.push(`l.result = ANY(${p.add(filter.result)}::smallint[])`);
  const keyword = filter.keyword?.trim();
  // search_text: code and name lower-cased (migration 014).
  if (keyword) where.push(`l.search_text LIKE lower(${p.add(containsPattern(keyword))})`);
  return where.join(' AND ');
}

/** Lines matching the filter, from the order's counts where no keyword narrows them. */
async function matchingCount(tx: Queryable, order: OrderRow, filter: LineFilter, whereSql: string, values: unknown[]): Promise<number> {
  if (filter.keyword?.trim()) {
    return (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM inventory_lines l WHERE ${whereSql}`, values)).rows[0].n;
  }
  if (!filter.result?.length) return order.total_count;
  const counts = countsOf(order);
  const byResult: Record<InventoryResultValue, number> = { 0: counts.pending, 2: counts.normal, 4: counts.surplus, 8: counts.shortage };
  return [...new Set(filter.result)].reduce((sum: number, result) => sum + byResult[result], 0);
}

/** GET api/InventoryAsset: one page of an order's lines, the matching total, and the order's counts. */
export async function listLines(deps: Pick<InventoryDeps, 'db'>, actor: Actor, input: LineListInput): Promise<InventoryLineListResult> {
  const pageSize = input.pageSize ?? DEFAULT_PAGE_SIZE;
  const offset = ((input.pageIndex ?? 1) - 1) * pageSize;
  // One snapshot for the order's counts, the total and the page (a page from the end is placed by the total).
  return deps.db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const order = await findOrder(tx, actor, input.anlageninventurId);
    const p = new SqlParams();
    const whereSql = lineWhere(actor.companyId, order.id, input, p);
    const total = await matchingCount(tx, order, input, whereSql, [...p.values]);
    const counts = countsOf(order);
    if (offset >= total) return { inventoryAssetList: [], filterInventoryAssetCount: total, counts };

    const ascending = input.isASC !== false;
    const end = Math.min(offset + pageSize, total);
    // OFFSET reads every row it skips: past the middle, the page is read from the end in the
    // reverse order. The page's ids come from the sort key's index alone (it carries the
    // result), so skipped rows are never read from the table; then the page's rows.
    const fromEnd = total - end < offset;
    const { rows } = await tx.query<LineRow>(
      `WITH page AS MATERIALIZED (
         SELECT l.id FROM inventory_lines l WHERE ${whereSql}
          ORDER BY ${orderSql(input.sortKey, fromEnd ? !ascending : ascending)}
          LIMIT ${p.add(end - offset)} OFFSET ${p.add(fromEnd ? total - end : offset)})
       SELECT ${LINE_COLUMNS} FROM inventory_lines l
        WHERE l.company_id = ${p.add(actor.companyId)} AND l.id IN (SELECT id FROM page)
        ORDER BY ${orderSql(input.sortKey, ascending)}`,
      p.values,
    );
    return { inventoryAssetList: rows.map(toLine), filterInventoryAssetCount: total, counts };
  });
}

/** Lines by id, of one order (the answers of a scan batch). */
export async function linesById(q: Queryable, companyId: number, orderId: number, ids: readonly number[]): Promise<Map<number, InventoryLine>> {
  if (ids.length === 0) return new Map();
  const { rows } = await q.query<LineRow>(
    `SELECT ${LINE_COLUMNS} FROM inventory_lines l WHERE l.company_id = $1 AND l.order_id = $2 AND l.id = ANY($3::bigint[])`,
    [companyId, orderId, [...new Set(ids)]],
  );
  return new Map(rows.map((row) => [row.id, toLine(row)]));
}
