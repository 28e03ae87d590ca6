import { describe, expect, it } from 'vitest';
import { Permission } from '../api/contract';
import { can, hasPermission } from './permissions';
import { makeUser } from './testing/makeUser';

describe('permissions (spec section 6)', () => {
  it('gives an admin every permission and others only what they hold', () => {
    expect(hasPermission(makeUser({ IsAdmin: true }), Permission.inventory)).toBe(true);
    expect(hasPermission(makeUser({ permissions: [201] }), Permission.inventory)).toBe(true);
    expect(hasPermission(makeUser({ permissions: [101] }), Permission.inventory)).toBe(false);
  });

  it('keeps asset registration reachable with edit but out of the menu without add', () => {
    const editor = makeUser({ permissions: [Permission.assetEdit] });
    expect(can.registerAssets(editor)).toBe(true);
    expect(can.seeAssetRegistrationInMenu(editor)).toBe(false);
    expect(can.seeAssetRegistrationInMenu(makeUser({ permissions: [Permission.assetAdd] }))).toBe(true);
  });

  it('gates roles on admin and VIP, private templates on a template user', () => {
    expect(can.manageRoles(makeUser({ IsAdmin: true }))).toBe(false);
    expect(can.manageRoles(makeUser({ IsAdmin: true, IsVip: true }))).toBe(true);
    // The page itself opens to a non-VIP admin too (it explains), not to sub-users.
    expect(can.openRoleArea(makeUser({ IsAdmin: true }))).toBe(true);
    expect(can.openRoleArea(makeUser({ IsVip: true }))).toBe(false);
    expect(can.usePrivateTemplates(makeUser())).toBe(false);
    expect(can.usePrivateTemplates(makeUser({ templateUserId: 9 }))).toBe(true);
  });

  it('lets the demo account neither rename the shared demo company nor change its password', () => {
    // The seeded demo account is an admin of the demo company.
    const demo = makeUser({ IsDemo: true, IsAdmin: true });
    expect(can.renameCompany(demo)).toBe(false);
    expect(can.renameCompany(makeUser({ IsAdmin: true }))).toBe(true);
    expect(can.changePassword(demo)).toBe(false);
    const staff = makeUser({ StaffName: 'Li' });
    expect(can.renameCompany(staff)).toBe(false);
    expect(can.changePassword(staff)).toBe(true);
  });
});
