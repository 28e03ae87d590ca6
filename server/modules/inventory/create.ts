/**
 * Making an inventory order (POST api/Anlageninventur): its lines are the register at that
 * moment, up to 100,000 assets (bench/inventory.ts).
 *
 * PGlite has one connection: a transaction holds it, and every other request waits until it
 * ends. So the lines are written in chunks of LINES_PER_CHUNK, each in its own short
 * transaction, and other requests are answered between them:
 *   1. one transaction checks the scope and adds the order marked `preparing` (migration
 *      017), which no one sees (service.ts orderVisible), and notes the register's highest
 *      asset id, so an asset added meanwhile is not taken in;
 *   2. each chunk copies the next assets by id (the register's primary key: each chunk reads
 *      only its own assets);
 *   3. one transaction publishes the order: its counts, no longer preparing, the company's
 *      inventory version.
 * A failure on the way deletes the half-made order (its lines cascade); one left by a
 * process that stopped meanwhile is deleted at the next start (removeUnfinishedOrders).
 * The request still answers the finished order, as before.
 */
import type { InventoryOrderCreateRequest, InventoryOrderInfo } from '../../../src/api/contract.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { SqlParams } from '../../db/sql.ts';
import { AppError } from '../../errors.ts';
import { visibleDeptIds, deptCondition, type Actor } from '../access/service.ts';
import { assetWhere } from '../assets/service.ts';
import { hidingImportJobs, notWrittenBy } from '../assets/visibility.ts';
import { checkOrder, type CheckedOrder } from './rules.ts';
import { bumpInventoryVersion, orderDetails, tidyLines, userDisplayName, type InventoryDeps } from './service.ts';

/**
 * Lines a chunk writes in one transaction: on PGlite another request waits up to one chunk
 * (bench/inventory.ts shows the waits; 2,000 lines waited 2.6 s median at a load average of
 * 24 on 2 cores), while one statement a chunk keeps its own cost small beside the rows'.
 */
export const LINES_PER_CHUNK = 1_000;

export interface CreateDeps extends Pick<InventoryDeps, 'db' | 'clock' | 'log'> {
  /** Lines a chunk writes (tests: a few, to have several chunks); LINES_PER_CHUNK otherwise. */
  linesPerChunk?: number;
  /**
   * Tests: asked after each chunk's transaction committed, before the next begins (chunk:
   * 1, 2, ...); the creation goes on when it resolves, and fails (removing the order) when
   * it rejects.
   */
  gate?: (chunk: number) => Promise<void>;
}

/**
 * The departments an order covers when none was chosen: the top-most departments of the
 * actor's scope (those whose parent the actor does not see); none for an admin (the whole
 * company, assets without a department included).
 */
async function scopeTops(q: Queryable, actor: Actor): Promise<number[]> {
  if (actor.isAdmin) return [];
  const p = new SqlParams();
  const { rows } = await q.query<{ id: number }>(
    `SELECT d.id FROM departments d
      WHERE d.company_id = ${p.add(actor.companyId)} AND ${deptCondition(actor, 'd.id', p)}
        AND (d.parent_id IS NULL OR NOT (${deptCondition(actor, 'd.parent_id', p)}))
      ORDER BY d.id`,
    p.values,
  );
  return rows.map((r) => r.id);
}

/** Step 1: the scope checked, the order added as preparing, and the highest asset id now. */
async function addPreparingOrder(
  deps: CreateDeps,
  actor: Actor,
  order: CheckedOrder,
): Promise<{ orderId: number; lastAssetId: number; hiddenJobs: number[] }> {
  return deps.db.transaction(async (tx) => {
    const visible = await visibleDeptIds(tx, actor, order.departmentIds);
    if (order.departmentIds.some((deptId) => !visible.has(deptId))) throw new AppError('deptNotFound');
    if (order.classifyIds.length > 0) {
      const { rows } = await tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM asset_classes WHERE company_id = $1 AND id = ANY($2::bigint[])',
        [actor.companyId, order.classifyIds],
      );
      if (rows[0].n !== order.classifyIds.length) throw new AppError('classifyNotFound');
    }
    const deptIds = order.departmentIds.length > 0 ? order.departmentIds : await scopeTops(tx, actor);
    // A non-admin whose scope holds no department sees no asset: nothing to count.
    if (!actor.isAdmin && deptIds.length === 0) throw new AppError('inventoryNoAssets');
    const inserted = await tx.query<{ id: number }>(
      `INSERT INTO inventory_orders (company_id, name, dept_ids, classify_ids, places, remark, creator_id, creator_name, created_at, preparing)
       VALUES ($1, $2, $3::bigint[], $4::bigint[], $5::text[], $6, $7, $8, $9, true) RETURNING id`,
      [actor.companyId, order.name, deptIds, order.classifyIds, order.places, order.remark, actor.userId, await userDisplayName(tx, actor), deps.clock()],
    );
    const { rows } = await tx.query<{ last: number }>('SELECT COALESCE(max(id), 0) AS last FROM assets WHERE company_id = $1', [actor.companyId]);
    // Rows an import is writing now stay out even if it is published while the lines are copied.
    const hiddenJobs = await hidingImportJobs(tx, actor.companyId);
    return { orderId: inserted.rows[0].id, lastAssetId: Number(rows[0].last), hiddenJobs };
  });
}

interface ChunkResult {
  /** Lines written. */
  n: number;
  /** The highest asset id written (the next chunk starts after it); null when none. */
  last: number | null;
  /** Some line has no department (the order is then for admins only). */
  noDept: boolean;
}

/**
 * Step 2, one chunk: the next assets of the scope after `afterAssetId` (up to `untilAssetId`)
 * copied into lines, with the names of their department, user and classification as they are.
 */
async function copyChunk(
  q: Queryable,
  actor: Actor,
  order: CheckedOrder,
  orderId: number,
  range: { afterAssetId: number; untilAssetId: number; limit: number; hiddenJobs: number[] },
): Promise<ChunkResult> {
  const p = new SqlParams();
  const where = [
    // The actor's scope (assets/service.ts), and no scrapped asset: it is gone from the room.
    assetWhere(actor, {}, p, () => {
      throw new Error('no date filter here');
    }),
    'a.status <> 32',
    `a.id > ${p.add(range.afterAssetId)}`,
    `a.id <= ${p.add(range.untilAssetId)}`,
    notWrittenBy('a', p.add(range.hiddenJobs)),
  ];
  if (order.departmentIds.length > 0) {
    where.push(`a.dept_id = ANY(ARRAY(
      SELECT sd.id FROM departments sd JOIN departments top ON top.company_id = sd.company_id AND starts_with(sd.path, top.path)
       WHERE sd.company_id = ${p.add(actor.companyId)} AND top.id = ANY(${p.add(order.departmentIds)}::bigint[])))`);
  }
  if (order.classifyIds.length > 0) where.push(`a.classify_id = ANY(${p.add(order.classifyIds)}::bigint[])`);
  if (order.places.length > 0) where.push(`a.deposit_site = ANY(${p.add(order.places)}::text[])`);
  // One statement a chunk; the assets are read along the register's primary key from the
  // last one copied, so a chunk costs its own rows only.
  const { rows } = await q.query<{ n: number; last: number | null; no_dept: boolean }>(
    `WITH added AS (
       INSERT INTO inventory_lines (company_id, order_id, asset_id, asset_coding, asset_name, dept_id, dept_name,
                                    staff_id, staff_name, deposit_site, classify_id, classify_name)
       SELECT a.company_id, ${p.add(orderId)}, a.id, a.asset_coding, a.asset_name, a.dept_id,
              CASE WHEN d.id IS NULL THEN '' ELSE COALESCE(d.name, c.name) END, a.staff_id, COALESCE(s.name, ''),
              a.deposit_site, a.classify_id, COALESCE(k.name, '')
         FROM assets a
         JOIN companies c ON c.id = a.company_id
         LEFT JOIN departments d ON d.company_id = a.company_id AND d.id = a.dept_id
         LEFT JOIN staff s ON s.company_id = a.company_id AND s.id = a.staff_id
         LEFT JOIN asset_classes k ON k.company_id = a.company_id AND k.id = a.classify_id
        WHERE ${where.join(' AND ')}
        ORDER BY a.id
        LIMIT ${p.add(range.limit)}
       RETURNING asset_id, dept_id)
     SELECT count(*)::int AS n, max(asset_id) AS last, COALESCE(bool_or(dept_id IS NULL), false) AS no_dept FROM added`,
    p.values,
  );
  const row = rows[0];
  return { n: row.n, last: row.last === null ? null : Number(row.last), noDept: row.no_dept };
}

/** Step 3: the order's counts, seen from now on. */
async function publishOrder(db: Db, companyId: number, orderId: number, lines: number, noDept: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      `UPDATE inventory_orders SET total_count = $3, pending_count = $3, has_no_dept = $4, preparing = false
        WHERE company_id = $1 AND id = $2 AND preparing`,
      [companyId, orderId, lines, noDept],
    );
    // Gone meanwhile (its company deleted, or a start-up clean-up of another process).
    if (rowCount !== 1) throw new AppError('internal');
    await bumpInventoryVersion(tx, companyId);
  });
}

/** A half-made order and its lines, gone. */
async function removeOrder(db: Db, companyId: number, orderId: number): Promise<void> {
  await db.query('DELETE FROM inventory_orders WHERE company_id = $1 AND id = $2 AND preparing', [companyId, orderId]);
}

/** POST api/Anlageninventur: the order and its lines, from the register as it is now. */
export async function createOrder(deps: CreateDeps, actor: Actor, input: InventoryOrderCreateRequest): Promise<InventoryOrderInfo> {
  const order = checkOrder(input);
  const limit = deps.linesPerChunk ?? LINES_PER_CHUNK;
  const { orderId, lastAssetId, hiddenJobs } = await addPreparingOrder(deps, actor, order);
  let lines = 0;
  let noDept = false;
  try {
    let after = 0;
    for (let chunk = 1; ; chunk++) {
      const range = { afterAssetId: after, untilAssetId: lastAssetId, limit, hiddenJobs };
      const written = await deps.db.transaction((tx) => copyChunk(tx, actor, order, orderId, range));
      lines += written.n;
      noDept ||= written.noDept;
      if (written.n < limit || written.last === null) break;
      after = written.last;
      await deps.gate?.(chunk);
    }
    if (lines === 0) throw new AppError('inventoryNoAssets');
    await publishOrder(deps.db, actor.companyId, orderId, lines, noDept);
  } catch (err) {
    await removeOrder(deps.db, actor.companyId, orderId).catch((cleanupErr) =>
      // The next start removes it (removeUnfinishedOrders); it is never seen meanwhile.
      deps.log?.error('[inventory] could not remove a half-made order:', cleanupErr),
    );
    throw err;
  }
  await tidyLines(deps, lines);
  return orderDetails(deps, actor, orderId);
}

/** No order takes this long to write (one request: 100,000 lines take seconds), in ms. */
export const ABANDONED_ORDER_MS = 60 * 60 * 1000;

/**
 * Orders whose lines a stopped process was writing (never seen, never published) are deleted
 * with their lines; answers how many. `begunBefore` null: every such order, for PGlite at
 * start (its data directory is this process's alone). Otherwise only those begun before it:
 * on a PostgreSQL server shared by several instances another one may be writing a newer order,
 * so start-up and the hourly maintenance remove those begun ABANDONED_ORDER_MS ago.
 */
export async function removeUnfinishedOrders(db: Queryable, begunBefore: Date | null): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM inventory_orders WHERE preparing AND ($1::timestamptz IS NULL OR created_at < $1)', [
    begunBefore,
  ]);
  return rowCount;
}

/** The `begunBefore` of removeUnfinishedOrders for an order abandoned by `now`. */
export const abandonedBefore = (now: Date) => new Date(now.getTime() - ABANDONED_ORDER_MS);
