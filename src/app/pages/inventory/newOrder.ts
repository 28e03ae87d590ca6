/** The new-order form's rules: what it sends for what was entered. */
import type { InventoryOrderCreateRequest } from '../../../api/contract';

/** Longest order name (characters), as the server takes it. */
export const ORDER_NAME_MAX = 50;
/** Longest remark (characters). */
export const ORDER_REMARK_MAX = 500;

export interface NewOrderDraft {
  name: string;
  departmentIds: number[];
  classifyIds: number[];
  /** One place a line, as typed. */
  places: string;
  remark: string;
}

/** The places typed, one a line: trimmed, blank lines dropped, each once. */
export function placesOf(text: string): string[] {
  return [...new Set(text.split(/\r?\n/).map((p) => p.trim()).filter(Boolean))];
}

/** The request for a draft; null when it has no name (the form says so at the field). */
export function newOrderRequest(draft: NewOrderDraft): InventoryOrderCreateRequest | null {
  const name = draft.name.trim();
  if (name === '') return null;
  return {
    name,
    departmentIds: [...new Set(draft.departmentIds)],
    classifyIds: [...new Set(draft.classifyIds)],
    places: placesOf(draft.places),
    remark: draft.remark.trim(),
  };
}
