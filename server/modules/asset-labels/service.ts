/**
 * Asset labels (issue 16; contract "Asset labels"): the rows a label print binds, the record
 * of when each asset's label was last printed, and the asset's link.
 *
 * - Rows are the asset list's matches (the same filter, company and scope: assetWhere), or
 *   the selected ids within the scope, in ascending id order, paged by keyset (afterId): a
 *   page of 5,000 reads the (company, id) index from where the last one stopped, so the
 *   100,000th row costs what the first did (bench/asset-label-rows.ts measures pages and the whole pull).
 * - The fields are text as a label prints them, keyed as src/label/asset-fields.ts says (the
 *   client binds the same keys and the export's zh/en headers), then each custom attribute
 *   of the asset's classification by its name ('' when the asset has no value).
 * - Printed records the server's time and counts, in asset_label_prints (migration 015: an
 *   UPDATE of 5,000 assets cost 10 to 40 times as much); it is not an edit (version and
 *   updated_at stay), so a form open on an asset is not made stale by printing its label.
 * - A link is <origin>/a/<token>: the token is random (migration 015), names nothing, and
 *   resolves only with a session of the asset's company, within its scope.
 */
import {
  type AssetLabelPrintedResult,
  type AssetLabelRow,
  type AssetLabelRowsResult,
  type ClassifyAttribute,
} from '../../../src/api/contract.ts';
import { ASSET_FIELD_KEYS, type AssetFieldKey } from '../../../src/label/asset-fields.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { SqlParams } from '../../db/sql.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../access/service.ts';
import { assetWhere, DEPT_NAME, todayPlaceholder, type AssetFilter } from '../assets/service.ts';
import { assertTemplateReadable } from '../templates/service.ts';
import { assetLink } from './links.ts';

export interface AssetLabelDeps {
  db: Db;
  clock: Clock;
  timeZone: string;
}

/** The department (company name for the root), staff and classification of alias a. */
const NAME_JOINS = `JOIN companies c ON c.id = a.company_id
  LEFT JOIN departments d ON d.company_id = a.company_id AND d.id = a.dept_id
  LEFT JOIN staff s ON s.company_id = a.company_id AND s.id = a.staff_id
  LEFT JOIN asset_classes k ON k.company_id = a.company_id AND k.id = a.classify_id`;

/** The assets of a print: the list's filter, or ids (selected in the list). */
export type LabelSelection = { filter: AssetFilter } | { assetIds: readonly number[] };

export interface LabelRowsInput {
  selection: LabelSelection;
  /** The last id of the previous page; absent: from the start. */
  afterId?: number;
  /** Rows of this page, 1 to ASSET_LABEL_ROWS_MAX. */
  limit: number;
  /** Scheme, host and port the link starts with ('https://assets.example.com'). */
  origin: string;
}

interface LabelRowSql {
  id: number;
  classify_id: number | null;
  asset_coding: string;
  asset_name: string;
  specifications: string;
  unit: string;
  supplier: string;
  buy_date: string | null;
  buy_price: string | null;
  loss_cycle: number | null;
  dept_name: string | null;
  staff_name: string | null;
  deposit_site: string;
  classify_name: string | null;
  classify_attributes: ClassifyAttribute[] | null;
  attribute_values: Record<string, string>;
  link_token: string;
}

function toLabelRow(row: LabelRowSql, origin: string): AssetLabelRow {
  const standard: Record<AssetFieldKey, string> = {
    assetCoding: row.asset_coding,
    assetName: row.asset_name,
    specifications: row.specifications,
    unit: row.unit,
    supplier: row.supplier,
    buyDate: row.buy_date ?? '',
    buyPrice: row.buy_price ?? '',
    lossCycle: row.loss_cycle === null ? '' : String(row.loss_cycle),
    department: row.dept_name ?? '',
    user: row.staff_name ?? '',
    depositSite: row.deposit_site,
    classification: row.classify_name ?? '',
  };
  const fields: Record<string, string> = {};
  for (const key of ASSET_FIELD_KEYS) fields[key] = standard[key];
  // Attribute names never equal a standard key or header (classifications refuse them).
  for (const attribute of row.classify_attributes ?? []) fields[attribute.name] = row.attribute_values[attribute.name] ?? '';
  return { assetId: row.id, classifyId: row.classify_id, fields, link: assetLink(origin, row.link_token) };
}

/** GET api/AssetLabel/Rows: one page of label rows, with the count of all matches. */
export async function labelRows(deps: AssetLabelDeps, actor: Actor, input: LabelRowsInput): Promise<AssetLabelRowsResult> {
  const p = new SqlParams();
  const todayParam = todayPlaceholder(p, deps);
  const { selection } = input;
  let whereSql = assetWhere(actor, 'filter' in selection ? selection.filter : {}, p, todayParam);
  if ('assetIds' in selection) {
    if (selection.assetIds.length === 0) throw new AppError('assetsRequired');
    whereSql += ` AND a.id = ANY(${p.add([...new Set(selection.assetIds)])}::bigint[])`;
  }
  const countValues = [...p.values];
  // One snapshot for the count and the page (PGlite: no other request's statement in between).
  return deps.db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM assets a WHERE ${whereSql}`, countValues)).rows[0].n;
    const after = input.afterId === undefined ? '' : ` AND a.id > ${p.add(input.afterId)}`;
    // The (company, id) index read in order from afterId, stopping at the limit; the names
    // joined to those rows alone. (Ids first and then "id IN (page)", as the list does for
    // 50 rows, made the planner hash the whole company's assets for 5,000.) One row more
    // than the page tells whether another page follows.
    const { rows } = await tx.query<LabelRowSql>(
      `SELECT a.id, a.classify_id, a.asset_coding, a.asset_name, a.specifications, a.unit, a.supplier,
              a.buy_date, a.buy_price, a.loss_cycle, ${DEPT_NAME} AS dept_name, s.name AS staff_name,
              a.deposit_site, k.name AS classify_name, k.attributes AS classify_attributes,
              a.attribute_values, a.link_token
         FROM assets a ${NAME_JOINS}
        WHERE ${whereSql}${after}
        ORDER BY a.id
        LIMIT ${p.add(input.limit + 1)}`,
      p.values,
    );
    const more = rows.length > input.limit;
    const page = more ? rows.slice(0, input.limit) : rows;
    return {
      total,
      rows: page.map((row) => toLabelRow(row, input.origin)),
      nextAfterId: more ? page[page.length - 1].id : null,
    };
  });
}

/** assetWhere's today, for a condition without an expiry filter (which alone asks for it). */
function noToday(): string {
  throw new Error('an expiry filter needs today');
}

export interface PrintedInput {
  assetIds: readonly number[];
  templateId: number;
}

/**
 * POST api/AssetLabel/Printed: the server's time becomes each asset's labelPrintedAt, and its
 * print count goes up by one. All or nothing: an id missing or outside the scope (28), or a
 * template the caller may not read (28 / 5), records nothing.
 */
export async function recordPrinted(deps: AssetLabelDeps, actor: Actor, input: PrintedInput): Promise<AssetLabelPrintedResult> {
  const ids = [...new Set(input.assetIds)];
  if (ids.length === 0) throw new AppError('assetsRequired');
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    await assertTemplateReadable(tx, actor, input.templateId);
    const p = new SqlParams();
    const inScope = `${assetWhere(actor, {}, p, noToday)} AND a.id = ANY(${p.add(ids)}::bigint[])`;
    const found = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM assets a WHERE ${inScope}`, p.values);
    if (found.rows[0].n !== ids.length) throw new AppError('assetNotFound');
    // One row per asset (migration 015): a new one, or the time replaced and the count raised.
    const { rowCount } = await tx.query(
      `INSERT INTO asset_label_prints AS lp (company_id, asset_id, printed_at)
       SELECT a.company_id, a.id, ${p.add(now)} FROM assets a WHERE ${inScope}
       ON CONFLICT (company_id, asset_id) DO UPDATE SET printed_at = excluded.printed_at, print_count = lp.print_count + 1`,
      p.values,
    );
    // An asset deleted between the count and the write: nothing is recorded.
    if (rowCount !== ids.length) throw new AppError('assetNotFound');
    return { recorded: rowCount, printedAt: now.toISOString() };
  });
}
