/**
 * The spec's asset operation rules (section 5) that need no database: the assets named, the
 * times, the repair cost, and the department and person receive and borrow need. The
 * service (service.ts) applies them before it opens a database transaction, so a refused
 * request costs no lock; the rules that read rows (scope, status) are the service's.
 */
import type { BusinessSetRequest, BusinessType } from '../../../src/api/contract.ts';
import { MINUTE_MS } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import { FIELD_NAMES } from './labels.ts';

/**
 * How far before the server's now an operation time may lie (ms). A form takes its time
 * when it opens, the user then picks assets, and the device's clock may be off by a little:
 * five minutes covers both, while a time backdated by an hour or a day is refused.
 */
export const TIME_TOLERANCE_MS = 5 * MINUTE_MS;

/** Most assets in one transaction (a page of 200, five times over). */
export const MAX_ASSETS = 1000;

export interface CheckedRequest {
  type: BusinessType;
  assetIds: number[];
  /** Expected versions by asset id (absent: not checked). */
  versions: Map<number, number> | null;
  businessTime: Date;
  planReturnTime: Date | null;
  /** Yuan as exact decimal text, or null. */
  repairCost: string | null;
  /** undefined: not given (unchanged); null: none (alter: no user / no department). */
  deptId: number | null | undefined;
  staffId: number | null | undefined;
  depositSite: string | undefined;
  reason: string;
  remark: string;
}

/**
 * ISO 8601 text starting with a day that exists (Date.parse rolls 2030-02-30 over to March,
 * which PostgreSQL would refuse as text), as a Date; null otherwise. A bare date means its
 * midnight UTC, as Date.parse reads it.
 */
export function instantOf(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const noon = new Date(Date.UTC(year, month - 1, day, 12));
  if (year < 1 || noon.getUTCFullYear() !== year || noon.getUTCMonth() !== month - 1 || noon.getUTCDate() !== day) return null;
  const ms = Date.parse(text.trim());
  return Number.isNaN(ms) ? null : new Date(ms);
}

function parseInstant(value: string, field: keyof typeof FIELD_NAMES): Date {
  const instant = instantOf(value);
  if (!instant) throw new AppError('businessTimeInvalid', { field: FIELD_NAMES[field] });
  return instant;
}

/** Yuan, at least 0, at most 2 decimals; a number or numeric text. */
export function parseRepairCost(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const refuse = () => new AppError('amountInvalid', { field: FIELD_NAMES.repairCost });
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0 || value >= 1e12) throw refuse();
    const cents = Math.round(value * 100);
    if (Math.abs(value * 100 - cents) > 1e-6 * Math.max(1, value)) throw refuse();
    return (cents / 100).toFixed(2);
  }
  const text = value.trim().replace(/^[¥￥]/, '');
  if (text === '') return null;
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) throw refuse();
  return text;
}

/** Checks a request against the rules above; `now` is the server clock's. */
export function checkRequest(input: BusinessSetRequest, now: Date): CheckedRequest {
  if (input.assetIds.length === 0) throw new AppError('assetsRequired');
  if (new Set(input.assetIds).size !== input.assetIds.length) throw new AppError('businessAssetRepeated');
  if (input.versions !== undefined && input.versions.length !== input.assetIds.length) {
    throw new AppError('parameter', { fields: 'versions' });
  }
  const versions = input.versions ? new Map(input.assetIds.map((id, i) => [id, input.versions![i]])) : null;

  const businessTime = input.businessTime ? parseInstant(input.businessTime, 'businessTime') : now;
  if (businessTime.getTime() < now.getTime() - TIME_TOLERANCE_MS) throw new AppError('businessTimePast');
  const planReturnTime = input.planReturnTime ? parseInstant(input.planReturnTime, 'planReturnTime') : null;
  if (planReturnTime && planReturnTime.getTime() < businessTime.getTime()) throw new AppError('businessPlanReturnBeforeTime');
  const repairCost = parseRepairCost(input.repairCost);

  const holding = input.type === 'Using' || input.type === 'Borrowed';
  if (holding && (input.affiliatedDept == null || input.affiliatedStaff == null)) {
    throw new AppError('businessDeptAndPersonRequired');
  }
  return {
    type: input.type,
    assetIds: input.assetIds,
    versions,
    businessTime,
    planReturnTime,
    repairCost,
    deptId: input.affiliatedDept,
    staffId: input.affiliatedStaff,
    depositSite: input.depositSite === undefined ? undefined : input.depositSite.trim(),
    reason: (input.reason ?? '').trim(),
    remark: (input.remark ?? '').trim(),
  };
}
