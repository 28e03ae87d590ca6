/**
 * The dashboard's figures (spec section 1): total assets, total asset value, expired assets
 * and inventory orders pending, the usage-status chart and the total-value chart, all over
 * the assets the caller sees (the same scope condition as the asset list).
 *
 * "Total asset value" is the sum of the current (depreciated) values, what the assets are
 * worth today by the spec's rule; the sum of purchase prices comes along (totalBuyPrice) so
 * the page can show both. "Inventory orders pending" counts the orders pending (2) or in
 * progress (4) that the caller sees (modules/inventory: an order whose departments lie in
 * their scope).
 */
import { AssetUseStatus, type AssetUseStatusValue, type DashboardInfo } from '../../../src/api/contract.ts';
import { SqlParams } from '../../db/sql.ts';
import type { Actor } from '../access/service.ts';
import { assetWhere, todayPlaceholder, type AssetDeps } from '../assets/service.ts';
import { currentValueSql, daysLeftSql } from '../assets/depreciation.ts';
import { pendingOrderCount } from '../inventory/service.ts';

const STATUSES = Object.values(AssetUseStatus).filter((s) => s !== AssetUseStatus.none) as AssetUseStatusValue[];

interface GroupRow {
  id: number | null;
  name: string | null;
  count: number;
  value: string;
  buy_price: string;
}

export async function dashboard(deps: AssetDeps, actor: Actor): Promise<DashboardInfo> {
  const p = new SqlParams();
  const todayParam = todayPlaceholder(p, deps);
  const whereSql = assetWhere(actor, {}, p, todayParam);
  // One pass over the visible assets, then three small groupings of it.
  const { rows } = await deps.db.query<{ totals: string; statuses: string; by_classify: string; by_dept: string }>(
    `WITH v AS MATERIALIZED (
       SELECT a.status, a.classify_id, a.dept_id, a.buy_price,
              ${currentValueSql(todayParam())} AS value, ${daysLeftSql(todayParam())} < 0 AS expired
         FROM assets a WHERE ${whereSql})
     SELECT
       (SELECT json_build_object('n', count(*), 'value', COALESCE(sum(value), 0), 'buy', COALESCE(sum(buy_price), 0),
                                 'expired', count(*) FILTER (WHERE expired)) FROM v)::text AS totals,
       (SELECT COALESCE(json_agg(json_build_object('status', status, 'count', n)), '[]')
          FROM (SELECT status, count(*) AS n FROM v GROUP BY status) g)::text AS statuses,
       (SELECT COALESCE(json_agg(g ORDER BY g.value DESC, g.name), '[]') FROM (
          SELECT v.classify_id AS id, k.name, count(*)::int AS count,
                 COALESCE(sum(v.value), 0) AS value, COALESCE(sum(v.buy_price), 0) AS buy_price
            FROM v LEFT JOIN asset_classes k ON k.company_id = ${p.add(actor.companyId)} AND k.id = v.classify_id
           GROUP BY v.classify_id, k.name) g)::text AS by_classify,
       (SELECT COALESCE(json_agg(g ORDER BY g.value DESC, g.name), '[]') FROM (
          SELECT v.dept_id AS id, CASE WHEN d.id IS NULL THEN NULL ELSE COALESCE(d.name, c.name) END AS name,
                 count(*)::int AS count, COALESCE(sum(v.value), 0) AS value, COALESCE(sum(v.buy_price), 0) AS buy_price
            FROM v
            JOIN companies c ON c.id = ${p.add(actor.companyId)}
            LEFT JOIN departments d ON d.company_id = c.id AND d.id = v.dept_id
           GROUP BY v.dept_id, d.id, d.name, c.name) g)::text AS by_dept`,
    p.values,
  );
  const row = rows[0];
  // Sums travel as JSON text so numeric stays exact until here; yuan have 2 decimals.
  const totals = JSON.parse(row.totals) as { n: number; value: number; buy: number; expired: number };
  const statusCounts = new Map((JSON.parse(row.statuses) as { status: number; count: number }[]).map((s) => [s.status, s.count]));
  const groups = (text: string) =>
    (JSON.parse(text) as GroupRow[]).map((g) => ({
      id: g.id,
      name: g.name,
      count: g.count,
      value: round2(Number(g.value)),
      buyPrice: round2(Number(g.buy_price)),
    }));
  return {
    totalAssets: totals.n,
    totalValue: round2(Number(totals.value)),
    totalBuyPrice: round2(Number(totals.buy)),
    expiredAssets: totals.expired,
    pendingInventoryOrders: await pendingOrderCount(deps.db, actor),
    statusCounts: STATUSES.map((status) => ({ status, count: statusCounts.get(status) ?? 0 })),
    valueByClassify: groups(row.by_classify),
    valueByDept: groups(row.by_dept),
  };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
