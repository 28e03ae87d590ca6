/**
 * How inventory orders and lines read (spec section 4; the codes are contract.ts's): the tag
 * colour of each status and result, an order's progress, and the pages' address parameters.
 *
 * The spec names four tag colours (info, success, primary, danger) for both sets of codes.
 * In Fluent UI's Badge they are informative (grey), success (green), brand (blue) and
 * danger (red): what has not started is grey, what went as planned green, what is under way or
 * found over the plan blue, what ended short red.
 */
import type { BadgeProps } from '@fluentui/react-components';
import {
  INVENTORY_ORDER_STATUSES,
  INVENTORY_RESULTS,
  InventoryOrderStatus,
  type InventoryCounts,
  type InventoryOrderStatusValue,
  type InventoryResultValue,
} from '../../../api/contract';
import { ASSET_TEXT_MAX } from '../asset/assetForm';

export type TagColor = NonNullable<BadgeProps['color']>;

/** The spec's colour names as Fluent UI badge colours. */
const SPEC_COLOR = { info: 'informative', success: 'success', primary: 'brand', danger: 'danger' } as const satisfies Record<string, TagColor>;

const ORDER_STATUS_COLOR: Record<InventoryOrderStatusValue, TagColor> = {
  2: SPEC_COLOR.info,
  4: SPEC_COLOR.primary,
  8: SPEC_COLOR.success,
  128: SPEC_COLOR.danger,
};

const LINE_RESULT_COLOR: Record<InventoryResultValue, TagColor> = {
  0: SPEC_COLOR.info,
  2: SPEC_COLOR.success,
  4: SPEC_COLOR.primary,
  8: SPEC_COLOR.danger,
};

export function isOrderStatus(value: unknown): value is InventoryOrderStatusValue {
  return (INVENTORY_ORDER_STATUSES as readonly unknown[]).includes(value);
}

export function isLineResult(value: unknown): value is InventoryResultValue {
  return (INVENTORY_RESULTS as readonly unknown[]).includes(value);
}

/** A status the client does not know (a newer server) shows grey. */
export function orderStatusColor(status: number): TagColor {
  return isOrderStatus(status) ? ORDER_STATUS_COLOR[status] : SPEC_COLOR.info;
}

export function lineResultColor(result: number): TagColor {
  return isLineResult(result) ? LINE_RESULT_COLOR[result] : SPEC_COLOR.info;
}

/** Whether scans may still be added: pending or in progress. */
export function isOrderOpen(status: number): boolean {
  return status === InventoryOrderStatus.pending || status === InventoryOrderStatus.inProgress;
}

/** How far the count is: lines counted (normal) of the lines planned (total less surplus), 0-100. */
export function countedPercent(counts: InventoryCounts): number {
  const planned = counts.total - counts.surplus;
  if (planned <= 0) return 0;
  return Math.floor((counts.normal / planned) * 100);
}

/** `?id=` of the details page: a positive integer, else null (the page says the order is unknown). */
export function orderIdParam(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/** `?status=` of the orders list: a known status, else all. */
export function statusParam(value: string | null): InventoryOrderStatusValue | null {
  const n = value === null ? NaN : Number(value);
  return isOrderStatus(n) ? n : null;
}

/** `?result=` of the lines list: a known result, else all. */
export function resultParam(value: string | null): InventoryResultValue | null {
  const n = value === null || value === '' ? NaN : Number(value);
  return isLineResult(n) ? n : null;
}

/**
 * Whether a surplus code that names no asset can become a new asset's code: a code, but not a
 * link (an asset link of a label this user cannot resolve, any URL) and nothing longer than
 * an asset code may be.
 */
export function isRegistrableCode(text: string): boolean {
  const code = text.trim();
  return code !== '' && code.length <= ASSET_TEXT_MAX.assetCoding && !/^[a-z][a-z0-9+.-]*:\/\//i.test(code);
}
