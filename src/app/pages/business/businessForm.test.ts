import { describe, expect, it } from 'vitest';
import { Permission } from '../../../api/contract';
import { makeUser } from '../../testing/makeUser';
import {
  allowedBusinessTypes,
  BUSINESS_FIELDS,
  businessFormPath,
  emptyBusinessDraft,
  isRequiredField,
  localDateTimeText,
  parseAssetIds,
  parseBusinessType,
  toBusinessRequest,
} from './businessForm';

const ASSETS = [
  { id: 3, version: 2 },
  { id: 7, version: 5 },
];

describe('transaction form rules', () => {
  it('offers each type only with its permission (104-108); a return with any of receive, borrow, maintain', () => {
    expect(allowedBusinessTypes(makeUser({ IsAdmin: true }))).toEqual(['Using', 'Borrowed', 'Return', 'Maintain', 'Discard', 'Alter']);
    expect(allowedBusinessTypes(makeUser({ permissions: [Permission.assetBorrow] }))).toEqual(['Borrowed', 'Return']);
    expect(allowedBusinessTypes(makeUser({ permissions: [Permission.assetScrap, Permission.assetAlter] }))).toEqual(['Discard', 'Alter']);
    expect(allowedBusinessTypes(makeUser({ permissions: [Permission.assetAdd, Permission.assetEdit] }))).toEqual([]);
  });

  it('requires department and person only for receive and borrow', () => {
    expect(isRequiredField('Borrowed', 'affiliatedStaff')).toBe(true);
    expect(isRequiredField('Using', 'affiliatedDept')).toBe(true);
    expect(isRequiredField('Alter', 'affiliatedStaff')).toBe(false);
    expect(isRequiredField('Borrowed', 'depositSite')).toBe(false);
    expect(BUSINESS_FIELDS.Maintain).toContain('repairCost');
    expect(BUSINESS_FIELDS.Borrowed).toContain('planReturnTime');
    expect(BUSINESS_FIELDS.Discard).not.toContain('affiliatedStaff');
  });

  it('reads the address: a known type, ids each once, and writes it back', () => {
    expect(parseBusinessType('Borrowed')).toBe('Borrowed');
    expect(parseBusinessType('borrow')).toBeNull();
    expect(parseBusinessType(null)).toBeNull();
    expect(parseAssetIds('3, 7,3,x,-1,0,12')).toEqual([3, 7, 12]);
    expect(parseAssetIds(null)).toEqual([]);
    expect(businessFormPath('Return', [3, 7])).toBe('/asset/businessInfo?type=Return&ids=3,7');
    expect(businessFormPath('Alter', [])).toBe('/asset/businessInfo?type=Alter');
  });

  it("sends only the type's own fields, trimmed, times as instants, with the assets' versions", () => {
    const now = new Date(2030, 4, 6, 9, 5);
    const draft = {
      ...emptyBusinessDraft(now),
      affiliatedDept: 4,
      affiliatedStaff: 9,
      depositSite: '  Room 3 ',
      planReturnTime: '2030-05-08T18:00',
      repairCost: '120.50',
      reason: ' project ',
    };
    expect(draft.businessTime).toBe('2030-05-06T09:05');
    expect(toBusinessRequest('Borrowed', draft, ASSETS)).toEqual({
      type: 'Borrowed',
      assetIds: [3, 7],
      versions: [2, 5],
      businessTime: now.toISOString(),
      affiliatedDept: 4,
      affiliatedStaff: 9,
      depositSite: 'Room 3',
      planReturnTime: new Date(2030, 4, 8, 18, 0).toISOString(),
      reason: 'project',
    });
    // A scrap carries no department, person, place or cost even when the draft holds them.
    expect(toBusinessRequest('Discard', draft, ASSETS)).toEqual({
      type: 'Discard',
      assetIds: [3, 7],
      versions: [2, 5],
      businessTime: now.toISOString(),
      reason: 'project',
    });
    expect(toBusinessRequest('Maintain', draft, ASSETS).repairCost).toBe('120.50');
    // Unchosen person: left out, for the server to refuse a borrow in the user's language.
    expect(toBusinessRequest('Borrowed', { ...draft, affiliatedStaff: null }, ASSETS)).not.toHaveProperty('affiliatedStaff');
  });

  it('writes local time to the minute', () => {
    expect(localDateTimeText(new Date(2031, 0, 2, 3, 4, 59))).toBe('2031-01-02T03:04');
  });
});
