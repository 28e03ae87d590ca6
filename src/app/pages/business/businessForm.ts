/**
 * The transaction form's rules that need no React (README "Asset transactions"): which
 * fields each type shows and needs, which types a user may start, reading the form's
 * address (?type=Borrowed&ids=3,7) and turning a filled form into the request.
 */
import { BUSINESS_PERMISSION, BUSINESS_TYPES, Permission, type BusinessSetRequest, type BusinessType } from '../../../api/contract';
import { hasPermission, type PermissionCode, type SessionUser } from '../../permissions';

export type BusinessField =
  | 'businessTime'
  | 'affiliatedDept'
  | 'affiliatedStaff'
  | 'depositSite'
  | 'planReturnTime'
  | 'repairCost'
  | 'reason'
  | 'remark';

/**
 * The fields each type shows, in form order. Receive and borrow move the assets to a
 * department and person (both required); a return may name where they go instead of back;
 * maintenance records its cost; alter changes department, person and place.
 */
export const BUSINESS_FIELDS: Record<BusinessType, readonly BusinessField[]> = {
  Using: ['businessTime', 'affiliatedDept', 'affiliatedStaff', 'depositSite', 'reason', 'remark'],
  Borrowed: ['businessTime', 'affiliatedDept', 'affiliatedStaff', 'depositSite', 'planReturnTime', 'reason', 'remark'],
  Return: ['businessTime', 'affiliatedDept', 'depositSite', 'remark'],
  Maintain: ['businessTime', 'depositSite', 'repairCost', 'reason', 'remark'],
  Discard: ['businessTime', 'reason', 'remark'],
  Alter: ['businessTime', 'affiliatedDept', 'affiliatedStaff', 'depositSite', 'reason', 'remark'],
};

/** Fields marked required (the server refuses without them, in the user's language). */
export function isRequiredField(type: BusinessType, field: BusinessField): boolean {
  return (type === 'Using' || type === 'Borrowed') && (field === 'affiliatedDept' || field === 'affiliatedStaff');
}

/**
 * Whether the user may start a transaction of this type (spec section 6, 104-108). A return
 * needs the permission of what it ends (receive, borrow or maintenance), which the server
 * checks per asset; the form offers it to anyone holding one of the three.
 */
export function canStartBusiness(user: SessionUser, type: BusinessType): boolean {
  if (type === 'Return') {
    const ended: PermissionCode[] = [Permission.assetReceive, Permission.assetBorrow, Permission.assetMaintain];
    return ended.some((code) => hasPermission(user, code));
  }
  // contract.ts types the table as plain numbers; its values are Permission's.
  return hasPermission(user, BUSINESS_PERMISSION[type] as PermissionCode);
}

/** The types the user may start, in the menu's order. */
export function allowedBusinessTypes(user: SessionUser): BusinessType[] {
  return BUSINESS_TYPES.filter((type) => canStartBusiness(user, type));
}

export function parseBusinessType(value: string | null): BusinessType | null {
  return (BUSINESS_TYPES as readonly string[]).includes(value ?? '') ? (value as BusinessType) : null;
}

/** Asset ids of the address (?ids=3,7): positive integers, each once, in order; others dropped. */
export function parseAssetIds(value: string | null): number[] {
  if (!value) return [];
  const ids = value.split(',').map((part) => part.trim()).filter((part) => /^[1-9]\d{0,15}$/.test(part)).map(Number);
  return [...new Set(ids)];
}

/** The form's address for a type and the chosen assets. */
export function businessFormPath(type: BusinessType, assetIds: readonly number[]): string {
  const ids = assetIds.length > 0 ? `&ids=${assetIds.join(',')}` : '';
  return `/asset/businessInfo?type=${type}${ids}`;
}

/** The form as typed: text as entered, ids of the choices (null: none chosen). */
export interface BusinessDraft {
  /** datetime-local text in the device's zone, e.g. '2026-11-27T09:30'. */
  businessTime: string;
  affiliatedDept: number | null;
  affiliatedStaff: number | null;
  depositSite: string;
  planReturnTime: string;
  repairCost: string;
  reason: string;
  remark: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as datetime-local text in the device's zone, to the minute. */
export function localDateTimeText(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** An empty form whose time is `now` (the moment it opens, as the server expects). */
export function emptyBusinessDraft(now: Date): BusinessDraft {
  return {
    businessTime: localDateTimeText(now),
    affiliatedDept: null,
    affiliatedStaff: null,
    depositSite: '',
    planReturnTime: '',
    repairCost: '',
    reason: '',
    remark: '',
  };
}

/** datetime-local text (device zone) as an ISO instant; the text itself when not a time, for the server to refuse. */
function instantText(local: string): string {
  const ms = new Date(local).getTime();
  return Number.isNaN(ms) ? local : new Date(ms).toISOString();
}

/**
 * The request for `type` over the chosen assets (with the versions they were loaded at, so
 * an asset changed meanwhile is refused with 31). Only the type's own fields are sent; a
 * blank text or an unchosen department or person is left out, except in an alter, where
 * nothing chosen means unchanged too.
 */
export function toBusinessRequest(
  type: BusinessType,
  draft: BusinessDraft,
  assets: readonly { id: number; version: number }[],
): BusinessSetRequest {
  const shown = new Set(BUSINESS_FIELDS[type]);
  const request: BusinessSetRequest = { type, assetIds: assets.map((a) => a.id), versions: assets.map((a) => a.version) };
  if (draft.businessTime.trim()) request.businessTime = instantText(draft.businessTime.trim());
  if (shown.has('affiliatedDept') && draft.affiliatedDept !== null) request.affiliatedDept = draft.affiliatedDept;
  if (shown.has('affiliatedStaff') && draft.affiliatedStaff !== null) request.affiliatedStaff = draft.affiliatedStaff;
  if (shown.has('depositSite') && draft.depositSite.trim()) request.depositSite = draft.depositSite.trim();
  if (shown.has('planReturnTime') && draft.planReturnTime.trim()) request.planReturnTime = instantText(draft.planReturnTime.trim());
  if (shown.has('repairCost') && draft.repairCost.trim()) request.repairCost = draft.repairCost.trim();
  if (shown.has('reason') && draft.reason.trim()) request.reason = draft.reason.trim();
  if (draft.remark.trim()) request.remark = draft.remark.trim();
  return request;
}
