import { describe, expect, it } from 'vitest';
import { AssetUseStatus as S, BUSINESS_TYPES, type BusinessType } from '../../../src/api/contract.ts';
import { LIVE_STATUSES, step, TRANSITIONS, type AssetStatus, type Step } from './transitions.ts';

const ok = (after: AssetStatus): Step => ({ ok: true, after });
const no = (refused: 'scrapped' | 'returnFirst' | 'nothingToReturn' | 'already'): Step => ({ ok: false, refused });

/**
 * Every cell, written out independently of the table: [type, status before, expected step].
 * For Return the previous status is In use here (a maintenance of an asset in use); the
 * cases below check that a return gives back whatever it ends.
 */
const CELLS: [BusinessType, AssetStatus, Step][] = [
  ['Using', S.unused, ok(S.using)],
  ['Using', S.using, no('already')],
  ['Using', S.borrowed, no('returnFirst')],
  ['Using', S.maintain, no('returnFirst')],
  ['Using', S.discard, no('scrapped')],
  ['Borrowed', S.unused, ok(S.borrowed)],
  ['Borrowed', S.using, no('returnFirst')],
  ['Borrowed', S.borrowed, no('already')],
  ['Borrowed', S.maintain, no('returnFirst')],
  ['Borrowed', S.discard, no('scrapped')],
  ['Return', S.unused, no('nothingToReturn')],
  ['Return', S.using, ok(S.using)],
  ['Return', S.borrowed, ok(S.using)],
  ['Return', S.maintain, ok(S.using)],
  ['Return', S.discard, no('scrapped')],
  ['Maintain', S.unused, ok(S.maintain)],
  ['Maintain', S.using, ok(S.maintain)],
  ['Maintain', S.borrowed, no('returnFirst')],
  ['Maintain', S.maintain, no('already')],
  ['Maintain', S.discard, no('scrapped')],
  ['Discard', S.unused, ok(S.discard)],
  ['Discard', S.using, ok(S.discard)],
  ['Discard', S.borrowed, no('returnFirst')],
  ['Discard', S.maintain, ok(S.discard)],
  ['Discard', S.discard, no('scrapped')],
  ['Alter', S.unused, ok(S.unused)],
  ['Alter', S.using, ok(S.using)],
  ['Alter', S.borrowed, ok(S.borrowed)],
  ['Alter', S.maintain, ok(S.maintain)],
  ['Alter', S.discard, no('scrapped')],
];

describe('the transaction state machine', () => {
  it('has a cell for every type and status, and the cases cover each once', () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...BUSINESS_TYPES].sort());
    for (const type of BUSINESS_TYPES) expect(Object.keys(TRANSITIONS[type]).map(Number).sort((a, b) => a - b)).toEqual([...LIVE_STATUSES]);
    expect(new Set(CELLS.map(([type, before]) => `${type}/${before}`)).size).toBe(BUSINESS_TYPES.length * LIVE_STATUSES.length);
  });

  it.each(CELLS)('%s from status %i', (type, before, expected) => {
    expect(step(type, before, S.using)).toEqual(expected);
  });

  it('a return gives back the status before what it ends, and Unused when nothing was recorded', () => {
    expect(step('Return', S.borrowed, S.unused)).toEqual(ok(S.unused));
    expect(step('Return', S.maintain, S.unused)).toEqual(ok(S.unused));
    expect(step('Return', S.using, S.unused)).toEqual(ok(S.unused));
    // In use by the assignee rule: no receive line, so no previous status.
    expect(step('Return', S.using, null)).toEqual(ok(S.unused));
  });

  it('a scrapped asset takes no transaction at all', () => {
    for (const type of BUSINESS_TYPES) expect(step(type, S.discard, S.unused)).toEqual(no('scrapped'));
  });
});
