/**
 * How inventory orders and lines read (spec section 4): status and result codes, the tag
 * colour of each, and an order's counts as one line of text.
 *
 * The spec names four tag colours (info, success, primary, danger) for both sets of codes.
 * In Fluent UI's Badge they are informative (grey), success (green), brand (blue) and
 * danger (red): what has not started is grey, what went as planned green, what is under way or
 * found over the plan blue, what ended short red.
 */
import type { BadgeProps } from '@fluentui/react-components';

/** Order statuses (Anlageninventur.status). */
export const OrderStatus = { pending: 2, inProgress: 4, completed: 8, notComplete: 128 } as const;
export type OrderStatusCode = (typeof OrderStatus)[keyof typeof OrderStatus];
export const ORDER_STATUSES: readonly OrderStatusCode[] = [2, 4, 8, 128];

/** Line results (InventoryAsset.result). */
export const LineResult = { pending: 0, normal: 2, surplus: 4, shortage: 8 } as const;
export type LineResultCode = (typeof LineResult)[keyof typeof LineResult];
export const LINE_RESULTS: readonly LineResultCode[] = [0, 2, 4, 8];

export type TagColor = NonNullable<BadgeProps['color']>;

/** The spec's colour names as Fluent UI badge colours. */
const SPEC_COLOR = { info: 'informative', success: 'success', primary: 'brand', danger: 'danger' } as const satisfies Record<string, TagColor>;

const ORDER_STATUS_COLOR: Record<OrderStatusCode, TagColor> = {
  2: SPEC_COLOR.info,
  4: SPEC_COLOR.primary,
  8: SPEC_COLOR.success,
  128: SPEC_COLOR.danger,
};

const LINE_RESULT_COLOR: Record<LineResultCode, TagColor> = {
  0: SPEC_COLOR.info,
  2: SPEC_COLOR.success,
  4: SPEC_COLOR.primary,
  8: SPEC_COLOR.danger,
};

export function isOrderStatus(value: unknown): value is OrderStatusCode {
  return (ORDER_STATUSES as readonly unknown[]).includes(value);
}

export function isLineResult(value: unknown): value is LineResultCode {
  return (LINE_RESULTS as readonly unknown[]).includes(value);
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
  return status === OrderStatus.pending || status === OrderStatus.inProgress;
}

export interface OrderCounts {
  total: number;
  pending: number;
  normal: number;
  surplus: number;
  shortage: number;
}

/** How far the count is: lines counted (normal) of the lines planned (total less surplus), 0-100. */
export function countedPercent(counts: OrderCounts): number {
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
export function statusParam(value: string | null): OrderStatusCode | null {
  const n = value === null ? NaN : Number(value);
  return isOrderStatus(n) ? n : null;
}

/** `?result=` of the lines list: a known result, else all. */
export function resultParam(value: string | null): LineResultCode | null {
  const n = value === null || value === '' ? NaN : Number(value);
  return isLineResult(n) ? n : null;
}
