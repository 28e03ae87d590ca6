/**
 * The rules of an inventory order's input that need no database: the name, the remark, and
 * the scope lists (trimmed, each value once). The service (service.ts) applies them before
 * it opens a transaction; the rules that read rows (departments in the caller's scope,
 * classifications of the company, an order that is not finished) are the service's.
 */
import type { InventoryOrderCreateRequest, InventoryOrderStatusValue } from '../../../src/api/contract.ts';
import { AppError } from '../../errors.ts';

export const NAME_MAX = 50;
export const REMARK_MAX = 500;
/** Most departments, classifications or places in one scope (a picker's worth). */
export const SCOPE_LIST_MAX = 200;
export const PLACE_MAX = 100;

export interface CheckedOrder {
  name: string;
  remark: string;
  departmentIds: number[];
  classifyIds: number[];
  places: string[];
}

const once = <T>(values: readonly T[]): T[] => [...new Set(values)];

/** Checks and normalises a new order; bad input is refused before anything is read. */
export function checkOrder(input: InventoryOrderCreateRequest): CheckedOrder {
  const name = input.name.trim();
  if (name === '') throw new AppError('inventoryNameRequired');
  if (name.length > NAME_MAX) throw new AppError('parameterTooLong', { field: 'name', max: NAME_MAX });
  const remark = (input.remark ?? '').trim();
  if (remark.length > REMARK_MAX) throw new AppError('parameterTooLong', { field: 'remark', max: REMARK_MAX });
  const places = once((input.places ?? []).map((place) => place.trim()).filter((place) => place !== ''));
  if (places.some((place) => place.length > PLACE_MAX)) throw new AppError('parameterTooLong', { field: 'places', max: PLACE_MAX });
  return {
    name,
    remark,
    departmentIds: once(input.departmentIds ?? []),
    classifyIds: once(input.classifyIds ?? []),
    places,
  };
}

/** Finished orders take no scans and cannot be finished again. */
export function isFinished(status: InventoryOrderStatusValue): boolean {
  return status === 8 || status === 128;
}

/** The status Finish gives: completed when nothing is missing, not complete otherwise. */
export function finishedStatus(shortage: number): InventoryOrderStatusValue {
  return shortage === 0 ? 8 : 128;
}
