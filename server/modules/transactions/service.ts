/**
 * Asset transactions (issue 15): receive, borrow, return, maintain, scrap and alter, each a
 * business record with its assets (BusinessAssetList lines), written in ONE database
 * transaction together with the assets it changes: if one asset is refused, nothing changes
 * and nothing is recorded.
 *
 * Order of checks: the request's own rules (rules.ts), then the type's permission (104-108;
 * a return needs the permission of what it ends, per asset), the department and person (in
 * the user's scope), the assets (all found in the user's scope, else assetNotFound; locked
 * FOR UPDATE), their versions, and each asset's step in the state machine (transitions.ts).
 *
 * Each changed asset gets its version bumped (migration 010) and its use_status set, so its
 * status comes from transactions from then on (the assignee rule only holds before any).
 * Reads are in reads.ts.
 */
import {
  BUSINESS_PERMISSION,
  type BusinessChangedField,
  type BusinessDetails,
  type BusinessSetRequest,
  type BusinessType,
} from '../../../src/api/contract.ts';
import type { Queryable } from '../../db/db.ts';
import { SqlParams } from '../../db/sql.ts';
import { AppError, type Lang } from '../../errors.ts';
import { deptCondition, holds, type Actor } from '../access/service.ts';
import { assertDeptInScope } from '../assets/service.ts';
import type { OrgDeps } from '../departments/service.ts';
import { findStaff } from '../staff/service.ts';
import { TYPE_ACTIONS, TYPE_PERMISSIONS, STATUS_LABELS } from './labels.ts';
import { businessDetails } from './reads.ts';
import { checkRequest, MAX_ASSETS, type CheckedRequest } from './rules.ts';
import { isAssetStatus, step, type AssetStatus, type Refusal } from './transitions.ts';
import { visibleAsset } from '../assets/visibility.ts';
import { refuseHeldAssets } from '../assets/import-hold.ts';

export type BusinessDeps = Pick<OrgDeps, 'db' | 'clock'>;

/** An asset as a transaction reads it (locked), with its open line when it has one. */
interface LockedAsset {
  id: number;
  asset_coding: string;
  asset_name: string;
  status: number;
  dept_id: number | null;
  dept_name: string | null;
  staff_id: number | null;
  staff_name: string | null;
  deposit_site: string;
  version: number;
  open_line_id: number | null;
  // The open line (NULL columns without one).
  open_type: BusinessType | null;
  open_status_before: number | null;
  open_dept_before: number | null;
  open_dept_before_exists: boolean;
  open_staff_before: number | null;
  open_staff_before_exists: boolean;
  open_site_before: string | null;
  open_prior_line: number | null;
}

/** What one asset becomes. */
interface Change {
  asset: LockedAsset;
  before: AssetStatus;
  after: AssetStatus;
  deptId: number | null;
  staffId: number | null;
  site: string;
  changed: BusinessChangedField[];
  /** The line a return ends (null otherwise, or when there is none). */
  endsLine: number | null;
  /** The asset's open line after this transaction: 'new' for this transaction's own line. */
  openLine: number | null | 'new';
}

const DEPT_NAME = 'CASE WHEN d.id IS NULL THEN NULL ELSE COALESCE(d.name, c.name) END';

function refusal(refused: Refusal, type: BusinessType, asset: LockedAsset, before: AssetStatus): AppError {
  const code = asset.asset_coding;
  switch (refused) {
    case 'scrapped':
      return new AppError('businessAssetScrapped', { code });
    case 'nothingToReturn':
      return new AppError('businessNothingToReturn', { code });
    case 'already':
      return new AppError('businessAlready', { code, status: STATUS_LABELS[before] });
    case 'returnFirst':
      return new AppError('businessReturnFirst', { code, status: STATUS_LABELS[before], type: TYPE_ACTIONS[type] });
  }
}

async function lockAssets(tx: Queryable, actor: Actor, ids: readonly number[]): Promise<LockedAsset[]> {
  const p = new SqlParams();
  const company = p.add(actor.companyId);
  // FOR UPDATE OF a: a concurrent transaction on the same assets (PostgreSQL server) waits
  // for this one and then sees its result, so two borrows of one asset cannot both pass.
  const { rows } = await tx.query<LockedAsset>(
    `SELECT a.id, a.asset_coding, a.asset_name, a.status, a.dept_id, ${DEPT_NAME} AS dept_name,
            a.staff_id, s.name AS staff_name, a.deposit_site, a.version, a.open_line_id,
            r.type AS open_type, l.status_before AS open_status_before,
            l.dept_before AS open_dept_before,
            EXISTS (SELECT 1 FROM departments od WHERE od.company_id = a.company_id AND od.id = l.dept_before) AS open_dept_before_exists,
            l.staff_before AS open_staff_before,
            EXISTS (SELECT 1 FROM staff os WHERE os.company_id = a.company_id AND os.id = l.staff_before) AS open_staff_before_exists,
            l.site_before AS open_site_before, l.prior_open_line AS open_prior_line
       FROM assets a
       JOIN companies c ON c.id = a.company_id
       LEFT JOIN departments d ON d.company_id = a.company_id AND d.id = a.dept_id
       LEFT JOIN staff s ON s.company_id = a.company_id AND s.id = a.staff_id
       LEFT JOIN business_assets l ON l.company_id = a.company_id AND l.id = a.open_line_id
       LEFT JOIN business_records r ON r.company_id = l.company_id AND r.id = l.business_id
      WHERE a.company_id = ${company} AND a.id = ANY(${p.add(ids)}::bigint[]) AND ${deptCondition(actor, 'a.dept_id', p)}
        AND ${visibleAsset('a', company)}
      ORDER BY a.id
      FOR UPDATE OF a`,
    p.values,
  );
  return rows;
}

/** The permission a return of this asset needs: that of the holding it ends. */
function returnPermission(asset: LockedAsset): number {
  if (asset.open_type && asset.open_type !== 'Return' && asset.open_type !== 'Alter') {
    return BUSINESS_PERMISSION[asset.open_type];
  }
  // In use by the assignee rule (no receive recorded), or a line whose record is gone.
  return BUSINESS_PERMISSION[asset.status === 16 ? 'Maintain' : asset.status === 8 ? 'Borrowed' : 'Using'];
}

function planChange(req: CheckedRequest, asset: LockedAsset): Change {
  if (!isAssetStatus(asset.status)) throw new AppError('internal');
  const before = asset.status;
  const previous = asset.open_status_before !== null && isAssetStatus(asset.open_status_before) ? asset.open_status_before : null;
  const next = step(req.type, before, previous);
  if (!next.ok) throw refusal(next.refused, req.type, asset, before);

  let deptId = asset.dept_id;
  let staffId = asset.staff_id;
  let site = asset.deposit_site;
  let endsLine: number | null = null;
  let openLine: Change['openLine'] = asset.open_line_id;
  switch (req.type) {
    case 'Using':
    case 'Borrowed':
      deptId = req.deptId ?? null;
      staffId = req.staffId ?? null;
      openLine = 'new';
      break;
    case 'Maintain':
      openLine = 'new';
      break;
    case 'Return':
      endsLine = asset.open_line_id;
      openLine = asset.open_prior_line;
      if (asset.open_line_id !== null) {
        // Back to the holder and place before; a department or person deleted since stays as it is / none.
        if (asset.open_dept_before_exists) deptId = asset.open_dept_before;
        staffId = asset.open_staff_before_exists ? asset.open_staff_before : null;
        site = asset.open_site_before ?? site;
      } else {
        // In use by the assignee rule: returning gives up the assignee.
        staffId = null;
      }
      if (req.deptId != null) deptId = req.deptId;
      break;
    case 'Discard':
      openLine = null;
      break;
    case 'Alter':
      if (req.deptId !== undefined) deptId = req.deptId;
      if (req.staffId !== undefined) staffId = req.staffId;
      break;
  }
  // A place given moves the asset there; an empty one clears it only in an alter (elsewhere: not given).
  if (req.depositSite !== undefined && (req.depositSite !== '' || req.type === 'Alter')) site = req.depositSite;
  const changed: BusinessChangedField[] = [];
  if (next.after !== before) changed.push('status');
  if (deptId !== asset.dept_id) changed.push('affiliatedDept');
  if (staffId !== asset.staff_id) changed.push('affiliatedStaff');
  if (site !== asset.deposit_site) changed.push('depositSite');
  return { asset, before, after: next.after, deptId, staffId, site, changed, endsLine, openLine };
}

/** The operator's name as the record keeps it: their staff name, else their login. */
async function operatorName(tx: Queryable, actor: Actor): Promise<string> {
  const { rows } = await tx.query<{ name: string }>(
    `SELECT COALESCE(s.name, u.phone, u.email, '') AS name
       FROM users u LEFT JOIN staff s ON s.company_id = u.company_id AND s.id = u.staff_id
      WHERE u.company_id = $1 AND u.id = $2`,
    [actor.companyId, actor.userId],
  );
  return rows[0]?.name ?? '';
}

/** Names of departments and staff by id, for the lines' before/after columns. */
async function namesOf(tx: Queryable, companyId: number, deptIds: number[], staffIds: number[]) {
  const depts = await tx.query<{ id: number; name: string }>(
    `SELECT d.id, COALESCE(d.name, c.name) AS name FROM departments d JOIN companies c ON c.id = d.company_id
      WHERE d.company_id = $1 AND d.id = ANY($2::bigint[])`,
    [companyId, deptIds],
  );
  const staff = await tx.query<{ id: number; name: string }>(
    'SELECT id, name FROM staff WHERE company_id = $1 AND id = ANY($2::bigint[])',
    [companyId, staffIds],
  );
  return {
    dept: new Map(depts.rows.map((r) => [r.id, r.name])),
    staff: new Map(staff.rows.map((r) => [r.id, r.name])),
  };
}

/** POST api/Business: records one transaction and applies it to its assets; all or nothing. */
export async function createBusiness(
  deps: BusinessDeps,
  actor: Actor,
  input: BusinessSetRequest,
  lang: Lang,
): Promise<BusinessDetails> {
  if (input.assetIds.length > MAX_ASSETS) throw new AppError('parameter', { fields: 'assetIds' });
  const req = checkRequest(input, deps.clock());
  const denied = () => new AppError('businessTypeRefused', { type: TYPE_PERMISSIONS[req.type] });
  if (req.type !== 'Return' && !holds(actor, BUSINESS_PERMISSION[req.type])) throw denied();
  // Only these types move an asset to a department or person; for the others they are ignored.
  const movesTo = req.type === 'Using' || req.type === 'Borrowed' || req.type === 'Alter' || req.type === 'Return';
  if (!movesTo) {
    req.deptId = undefined;
    req.staffId = undefined;
  }
  if (req.type === 'Return') {
    req.staffId = undefined;
    if (req.deptId === null) req.deptId = undefined;
  }

  const businessId = await deps.db.transaction(async (tx) => {
    let deptName: string | null = null;
    let staffName: string | null = null;
    if (req.deptId !== undefined) {
      await assertDeptInScope(tx, actor, req.deptId);
      if (req.deptId !== null) deptName = (await namesOf(tx, actor.companyId, [req.deptId], [])).dept.get(req.deptId) ?? null;
    }
    if (req.staffId !== undefined && req.staffId !== null) staffName = (await findStaff(tx, actor, req.staffId)).staffName;

    const assets = await lockAssets(tx, actor, req.assetIds);
    // Missing, another company's or out of scope: one answer, naming no asset.
    if (assets.length !== req.assetIds.length) throw new AppError('assetNotFound');
    // The caller's refusals come before the versions (a stale version reveals nothing to
    // someone not allowed), and the versions before each asset's own checks (reloading helps).
    if (req.type === 'Return' && assets.some((asset) => !holds(actor, returnPermission(asset)))) throw denied();
    if (req.versions) {
      for (const asset of assets) if (req.versions.get(asset.id) !== asset.version) throw new AppError('recordChanged');
    }
    await refuseHeldAssets(tx, actor.companyId, req.assetIds);
    const byId = new Map(assets.map((a) => [a.id, a]));
    const changes = req.assetIds.map((id) => planChange(req, byId.get(id)!));
    if (req.type === 'Alter' && changes.every((c) => c.changed.length === 0)) throw new AppError('nothingToChange');

    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO business_records (company_id, type, business_time, operator_id, operator_name, dept_id, dept_name,
                                     staff_id, staff_name, deposit_site, reason, plan_return_time, repair_cost, remark, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
      [
        actor.companyId,
        req.type,
        req.businessTime,
        actor.userId,
        await operatorName(tx, actor),
        req.deptId ?? null,
        deptName,
        req.staffId ?? null,
        staffName,
        req.depositSite ?? '',
        req.reason,
        req.planReturnTime,
        req.repairCost,
        req.remark,
        deps.clock(),
      ],
    );
    const id = rows[0].id;
    await writeLines(tx, actor, id, changes, deps.clock());
    return id;
  });
  return businessDetails(deps, actor, businessId, lang);
}

/** The lines (one multi-row INSERT), then the assets (one UPDATE), each from arrays. */
async function writeLines(tx: Queryable, actor: Actor, businessId: number, changes: Change[], now: Date): Promise<void> {
  const deptIds = [...new Set(changes.flatMap((c) => [c.asset.dept_id, c.deptId]).filter((v): v is number => v !== null))];
  const staffIds = [...new Set(changes.flatMap((c) => [c.asset.staff_id, c.staffId]).filter((v): v is number => v !== null))];
  const names = await namesOf(tx, actor.companyId, deptIds, staffIds);
  const column = <T>(pick: (c: Change) => T) => changes.map(pick);
  const inserted = await tx.query<{ id: number; asset_id: number }>(
    `INSERT INTO business_assets (company_id, business_id, asset_id, asset_coding, asset_name, status_before, status_after,
                                  dept_before, dept_name_before, dept_after, dept_name_after,
                                  staff_before, staff_name_before, staff_after, staff_name_after,
                                  site_before, site_after, changed_fields, prior_open_line, ends_line)
     SELECT $1, $2, v.* FROM unnest($3::bigint[], $4::text[], $5::text[], $6::smallint[], $7::smallint[],
                                    $8::bigint[], $9::text[], $10::bigint[], $11::text[],
                                    $12::bigint[], $13::text[], $14::bigint[], $15::text[],
                                    $16::text[], $17::text[], $18::jsonb[], $19::bigint[], $20::bigint[])
       AS v(asset_id, asset_coding, asset_name, status_before, status_after, dept_before, dept_name_before, dept_after,
            dept_name_after, staff_before, staff_name_before, staff_after, staff_name_after, site_before, site_after,
            changed_fields, prior_open_line, ends_line)
     RETURNING id, asset_id`,
    [
      actor.companyId,
      businessId,
      column((c) => c.asset.id),
      column((c) => c.asset.asset_coding),
      column((c) => c.asset.asset_name),
      column((c) => c.before),
      column((c) => c.after),
      column((c) => c.asset.dept_id),
      column((c) => c.asset.dept_name),
      column((c) => c.deptId),
      column((c) => (c.deptId === null ? null : (names.dept.get(c.deptId) ?? null))),
      column((c) => c.asset.staff_id),
      column((c) => c.asset.staff_name),
      column((c) => c.staffId),
      column((c) => (c.staffId === null ? null : (names.staff.get(c.staffId) ?? null))),
      column((c) => c.asset.deposit_site),
      column((c) => c.site),
      column((c) => JSON.stringify(c.changed)),
      // A holding line remembers the open line it covers (see migration 012).
      column((c) => (c.openLine === 'new' ? c.asset.open_line_id : null)),
      column((c) => c.endsLine),
    ],
  );
  const lineOf = new Map(inserted.rows.map((r) => [r.asset_id, r.id]));
  const { rowCount } = await tx.query(
    `UPDATE assets a SET use_status = v.status, dept_id = v.dept_id, staff_id = v.staff_id, deposit_site = v.site,
            open_line_id = v.open_line, updated_at = $3, version = a.version + 1
       FROM unnest($2::bigint[], $4::smallint[], $5::bigint[], $6::bigint[], $7::text[], $8::bigint[])
         AS v(id, status, dept_id, staff_id, site, open_line)
      WHERE a.company_id = $1 AND a.id = v.id`,
    [
      actor.companyId,
      column((c) => c.asset.id),
      now,
      column((c) => c.after),
      column((c) => c.deptId),
      column((c) => c.staffId),
      column((c) => c.site),
      column((c) => (c.openLine === 'new' ? lineOf.get(c.asset.id)! : c.openLine)),
    ],
  );
  if (rowCount !== changes.length) throw new AppError('internal');
}
