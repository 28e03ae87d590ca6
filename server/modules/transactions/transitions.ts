/**
 * The asset transaction state machine (spec section 4, issue 15): what each transaction type
 * does to an asset in each use status, in ONE table. The service (service.ts) reads it for
 * every asset of a transaction; transitions.test.ts checks every cell.
 *
 * A cell is either the status the asset moves to, 'previous' (return: the status before the
 * receive, borrow or maintenance it ends, kept on that transaction's BusinessAssetList line),
 * 'same' (alter: status unchanged), or a refusal naming why, which becomes the user's message.
 *
 * Decisions beyond the spec (which says "the exact transitions are not shown"):
 * - Receive and borrow start from Unused only. An asset in use, borrowed or in maintenance is
 *   held by someone: it is returned first, so every holding is ended by exactly one return
 *   and the history reads as a sequence. (To give an in-use asset to another user, alter it.)
 * - Maintenance starts from Unused or In use: a user's laptop goes to repair and comes back
 *   to the same user (return gives In use back). A borrowed asset is returned by the
 *   borrower first: the lender sends it to repair, not the borrower.
 * - Return ends the open receive, borrow or maintenance: from In use, Borrowed or In
 *   maintenance. An Unused asset has nothing to return.
 * - Scrap from Unused, In use or In maintenance (a repair that failed); not from Borrowed,
 *   which is with someone outside its holder's hands: return it first.
 * - Alter (department, user, place) from every live status and keeps it: alter never makes
 *   an asset in use; receive does.
 * - A scrapped asset takes no further transaction of any type.
 */
import { AssetUseStatus, BUSINESS_TYPES, type BusinessType } from '../../../src/api/contract.ts';

/** The statuses an asset can be in (the effective status; never 0). */
export const LIVE_STATUSES = [
  AssetUseStatus.unused,
  AssetUseStatus.using,
  AssetUseStatus.borrowed,
  AssetUseStatus.maintain,
  AssetUseStatus.discard,
] as const;
export type AssetStatus = (typeof LIVE_STATUSES)[number];

/** Why a cell refuses; each is a message of server/errors.ts (businessRefused*). */
export type Refusal = 'scrapped' | 'returnFirst' | 'nothingToReturn' | 'already';

export type Outcome = AssetStatus | 'previous' | 'same' | { refused: Refusal };

const U = AssetUseStatus.unused;
const I = AssetUseStatus.using;
const B = AssetUseStatus.borrowed;
const M = AssetUseStatus.maintain;
const D = AssetUseStatus.discard;
const scrapped = { refused: 'scrapped' } as const;
const returnFirst = { refused: 'returnFirst' } as const;
const already = { refused: 'already' } as const;

/** TRANSITIONS[type][status before]: the outcome. Rows: types; columns: statuses. */
export const TRANSITIONS: Readonly<Record<BusinessType, Readonly<Record<AssetStatus, Outcome>>>> = {
  //            Unused                           In use       Borrowed     Maintenance  Scrapped
  Using:    { [U]: I,                            [I]: already,     [B]: returnFirst, [M]: returnFirst, [D]: scrapped },
  Borrowed: { [U]: B,                            [I]: returnFirst, [B]: already,     [M]: returnFirst, [D]: scrapped },
  Return:   { [U]: { refused: 'nothingToReturn' }, [I]: 'previous', [B]: 'previous',  [M]: 'previous',  [D]: scrapped },
  Maintain: { [U]: M,                            [I]: M,           [B]: returnFirst, [M]: already,     [D]: scrapped },
  Discard:  { [U]: D,                            [I]: D,           [B]: returnFirst, [M]: D,           [D]: scrapped },
  Alter:    { [U]: 'same',                       [I]: 'same',      [B]: 'same',      [M]: 'same',      [D]: scrapped },
};

/** The types whose transaction a return ends (the asset's open line points at one of them). */
export const HOLDING_TYPES: readonly BusinessType[] = ['Using', 'Borrowed', 'Maintain'];

export function isAssetStatus(value: number): value is AssetStatus {
  return (LIVE_STATUSES as readonly number[]).includes(value);
}

export type Step = { ok: true; after: AssetStatus } | { ok: false; refused: Refusal };

/**
 * The status an asset moves to. `previous` is the status a return gives back (the line of
 * the holding it ends; Unused when the asset was put in use without a transaction, by the
 * spec's assignee rule, so there is no line).
 */
export function step(type: BusinessType, before: AssetStatus, previous: AssetStatus | null): Step {
  const outcome = TRANSITIONS[type][before];
  if (typeof outcome === 'object') return { ok: false, refused: outcome.refused };
  if (outcome === 'same') return { ok: true, after: before };
  if (outcome === 'previous') return { ok: true, after: previous ?? AssetUseStatus.unused };
  return { ok: true, after: outcome };
}

export { BUSINESS_TYPES };
