/**
 * Inventory orders (issue 15; spec sections 3, 4, 7: Anlageninventur): made for a scope, they
 * take their lines from the register at that moment; scans (scans.ts) count them; Finish marks
 * what was not found as shortage. Lines are read in lines.ts, exported in export.ts.
 *
 * Who sees an order: admins every order; anyone else an order whose departments all lie in
 * their scope (each with its sub-tree), so a user never sees a line of an asset outside it.
 * An order made without choosing departments keeps the departments of its creator's scope
 * (an admin's: none, the whole company, which users of scope All see too unless it holds an
 * asset without a department, which only admins see). Another company's order, or one not
 * seen, answers as one that does not exist (28).
 *
 * Status (spec section 4): 2 when made; the first scan makes it 4; Finish makes it 8
 * (completed: every line found) or 128 (not complete: some line is shortage). Surplus does
 * not make an order incomplete: every asset it was made for was found.
 */
import type {
  InventoryCounts,
  InventoryOrderInfo,
  InventoryOrderListResult,
  InventoryOrderStatusValue,
  InventoryVersionInfo,
} from '../../../src/api/contract.ts';
import { DEFAULT_PAGE_SIZE } from '../../../src/api/contract.ts';
import type { Clock } from '../../clock.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { SqlParams } from '../../db/sql.ts';
import { tidyTables } from '../../db/vacuum.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import { deptCondition, type Actor } from '../access/service.ts';
import { finishedStatus, isFinished } from './rules.ts';

export interface InventoryDeps {
  db: Db;
  clock: Clock;
  /** The zone of the export's dates and times (config TIME_ZONE). */
  timeZone: string;
  log?: Logger;
}

/**
 * Lines written by one statement from which on the order's lines are tidied: below it a page
 * is fast without index-only scans (a small order is read whole in a few ms).
 */
const TIDY_MIN_LINES = 5_000;

/**
 * After a write of many lines (an order made, an order finished): on PGlite, which has no
 * autovacuum, VACUUM the lines so the list's pages are read from the indexes alone (the
 * visibility map) rather than an hour later, when maintenance.ts would; on a server, ANALYZE.
 * The write is committed by then: a failure here is logged, not answered.
 */
export async function tidyLines(deps: Pick<InventoryDeps, 'db' | 'log'>, written: number): Promise<void> {
  if (written < TIDY_MIN_LINES) return;
  await tidyTables(deps.db, ['inventory_lines']).catch((err) => deps.log?.error('[inventory] vacuum failed:', err));
}

export interface OrderRow {
  id: number;
  name: string;
  status: InventoryOrderStatusValue;
  dept_ids: number[];
  classify_ids: number[];
  places: string[];
  remark: string;
  creator_id: number | null;
  creator_name: string;
  total_count: number;
  pending_count: number;
  normal_count: number;
  surplus_count: number;
  shortage_count: number;
  created_at: Date;
  finished_at: Date | null;
  version: number;
}

export const ORDER_COLUMNS = `o.id, o.name, o.status, o.dept_ids, o.classify_ids, o.places, o.remark, o.creator_id,
  o.creator_name, o.total_count, o.pending_count, o.normal_count, o.surplus_count, o.shortage_count, o.created_at,
  o.finished_at, o.version`;

export function countsOf(row: OrderRow): InventoryCounts {
  return {
    total: row.total_count,
    pending: row.pending_count,
    normal: row.normal_count,
    surplus: row.surplus_count,
    shortage: row.shortage_count,
  };
}

export function toOrderInfo(row: OrderRow): InventoryOrderInfo {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    // bigint[] arrives as text from some drivers: numbers either way.
    scope: { departmentIds: row.dept_ids.map(Number), classifyIds: row.classify_ids.map(Number), places: row.places },
    remark: row.remark,
    createdAt: row.created_at.toISOString(),
    creatorId: row.creator_id,
    creatorName: row.creator_name,
    finishedAt: row.finished_at === null ? null : row.finished_at.toISOString(),
    counts: countsOf(row),
    version: row.version,
  };
}

/**
 * An order (alias o) the actor sees; the statement filters on company_id itself. An order
 * whose lines are still being written (create.ts) is seen by no one.
 */
export function orderVisible(actor: Actor, o: string, p: SqlParams): string {
  if (actor.isAdmin) return `NOT ${o}.preparing`;
  const whole = actor.scope === 'All' ? 'TRUE' : `cardinality(${o}.dept_ids) > 0`;
  return `(NOT ${o}.preparing AND NOT ${o}.has_no_dept AND ${whole} AND NOT EXISTS (
    SELECT 1 FROM unnest(${o}.dept_ids) AS od(id) WHERE NOT (${deptCondition(actor, 'od.id', p)})))`;
}

/** The order, if the actor sees it (FOR UPDATE when `lock`); inventoryOrderNotFound otherwise. */
export async function findOrder(q: Queryable, actor: Actor, id: number, lock = false): Promise<OrderRow> {
  const p = new SqlParams();
  const { rows } = await q.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM inventory_orders o
      WHERE o.company_id = ${p.add(actor.companyId)} AND o.id = ${p.add(id)} AND ${orderVisible(actor, 'o', p)}
      ${lock ? 'FOR UPDATE' : ''}`,
    p.values,
  );
  if (!rows[0]) throw new AppError('inventoryOrderNotFound');
  return rows[0];
}

/** One more change of the company's inventory (GET api/AnlageninventurVersion). */
export async function bumpInventoryVersion(q: Queryable, companyId: number): Promise<void> {
  await q.query(
    `INSERT INTO inventory_changes (company_id, version) VALUES ($1, 1)
     ON CONFLICT (company_id) DO UPDATE SET version = inventory_changes.version + 1`,
    [companyId],
  );
}

/** The name a user's actions are kept under: their staff name, else their login. */
export async function userDisplayName(q: Queryable, actor: Actor): Promise<string> {
  const { rows } = await q.query<{ name: string }>(
    `SELECT COALESCE(s.name, u.phone, u.email, '') AS name
       FROM users u LEFT JOIN staff s ON s.company_id = u.company_id AND s.id = u.staff_id
      WHERE u.company_id = $1 AND u.id = $2`,
    [actor.companyId, actor.userId],
  );
  return rows[0]?.name ?? '';
}

export interface OrderListInput {
  status?: InventoryOrderStatusValue[];
  isASC?: boolean;
  pageIndex?: number;
  pageSize?: number;
}

/** GET api/Anlageninventur/List: the orders the actor sees, newest first, one page and the total. */
export async function listOrders(deps: Pick<InventoryDeps, 'db'>, actor: Actor, input: OrderListInput): Promise<InventoryOrderListResult> {
  const p = new SqlParams();
  const where = [`o.company_id = ${p.add(actor.companyId)}`, orderVisible(actor, 'o', p)];
  if (input.status?.length) where.push(`o.status = ANY(${p.add(input.status)}::smallint[])`);
  const whereSql = where.join(' AND ');
  const direction = input.isASC ? 'ASC' : 'DESC';
  const pageSize = input.pageSize ?? DEFAULT_PAGE_SIZE;
  const offset = ((input.pageIndex ?? 1) - 1) * pageSize;
  return deps.db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM inventory_orders o WHERE ${whereSql}`, [...p.values]))
      .rows[0].n;
    if (offset >= total) return { anlageninventurs: [], filterAnlageninventurCount: total };
    const { rows } = await tx.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM inventory_orders o WHERE ${whereSql}
        ORDER BY o.created_at ${direction}, o.id ${direction}
        LIMIT ${p.add(pageSize)} OFFSET ${p.add(offset)}`,
      p.values,
    );
    return { anlageninventurs: rows.map(toOrderInfo), filterAnlageninventurCount: total };
  });
}

/** GET api/Anlageninventur/Details. */
export async function orderDetails(deps: Pick<InventoryDeps, 'db'>, actor: Actor, id: number): Promise<InventoryOrderInfo> {
  return toOrderInfo(await findOrder(deps.db, actor, id));
}

/** The version named, when named, must be the order's (31 otherwise, after the order was found). */
function assertOrderVersion(row: OrderRow, version: number | undefined): void {
  if (version !== undefined && version !== row.version) throw new AppError('recordChanged');
}

/** POST api/Anlageninventur/Finish: pending lines become shortage; 8 or 128 (see above). */
export async function finishOrder(
  deps: Pick<InventoryDeps, 'db' | 'clock' | 'log'>,
  actor: Actor,
  input: { anlageninventurId: number; version?: number },
): Promise<InventoryOrderInfo> {
  const marked = await deps.db.transaction(async (tx) => {
    const row = await findOrder(tx, actor, input.anlageninventurId, true);
    assertOrderVersion(row, input.version);
    if (isFinished(row.status)) throw new AppError('inventoryOrderClosed', { name: row.name });
    const { rowCount } = await tx.query(
      'UPDATE inventory_lines SET result = 8 WHERE company_id = $1 AND order_id = $2 AND result = 0',
      [actor.companyId, row.id],
    );
    if (rowCount !== row.pending_count) throw new AppError('internal');
    const shortage = row.shortage_count + rowCount;
    await tx.query(
      `UPDATE inventory_orders SET pending_count = 0, shortage_count = $3, status = $4, finished_at = $5, version = version + 1
        WHERE company_id = $1 AND id = $2`,
      [actor.companyId, row.id, shortage, finishedStatus(shortage), deps.clock()],
    );
    await bumpInventoryVersion(tx, actor.companyId);
    return rowCount;
  });
  await tidyLines(deps, marked);
  return orderDetails(deps, actor, input.anlageninventurId);
}

/** DELETE api/Anlageninventur: the order, its lines and its scans. */
export async function deleteOrder(deps: Pick<InventoryDeps, 'db'>, actor: Actor, input: { id: number; version?: number }): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await findOrder(tx, actor, input.id, true);
    assertOrderVersion(row, input.version);
    await tx.query('DELETE FROM inventory_orders WHERE company_id = $1 AND id = $2', [actor.companyId, row.id]);
    await bumpInventoryVersion(tx, actor.companyId);
  });
}

/** GET api/AnlageninventurVersion. */
export async function inventoryVersion(deps: Pick<InventoryDeps, 'db'>, actor: Actor): Promise<InventoryVersionInfo> {
  const { rows } = await deps.db.query<{ version: number }>('SELECT version FROM inventory_changes WHERE company_id = $1', [
    actor.companyId,
  ]);
  return { version: rows[0] ? Number(rows[0].version) : 0 };
}

/** The dashboard's "inventory orders pending": orders pending or in progress that the actor sees. */
export async function pendingOrderCount(q: Queryable, actor: Actor): Promise<number> {
  const p = new SqlParams();
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM inventory_orders o
      WHERE o.company_id = ${p.add(actor.companyId)} AND o.status IN (2, 4) AND ${orderVisible(actor, 'o', p)}`,
    p.values,
  );
  return rows[0].n;
}
