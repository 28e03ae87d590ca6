/**
 * Who may open what (spec section 6). The route table (routes.tsx) refers to these
 * predicates, so a page's gate is written once, next to the spec's wording.
 */
import type { Snapshot } from 'valtio';
import { Permission, type LoginResult } from '../api/contract';

export type PermissionCode = (typeof Permission)[keyof typeof Permission];
/** The signed-in user as the stores hand it out (read-only). */
export type SessionUser = Snapshot<LoginResult>;
export type AccessRule = (user: SessionUser) => boolean;

/** An admin holds every permission; anyone else only what their list names. */
export function hasPermission(user: SessionUser, code: PermissionCode): boolean {
  return user.IsAdmin || user.permissions.includes(code);
}

export const can = {
  /** Asset registration: reachable with add or edit... */
  registerAssets: (u) => hasPermission(u, Permission.assetAdd) || hasPermission(u, Permission.assetEdit),
  /** ...but listed in the menu only with add. */
  seeAssetRegistrationInMenu: (u) => hasPermission(u, Permission.assetAdd),
  importAssets: (u) => hasPermission(u, Permission.assetAdd),
  classify: (u) => hasPermission(u, Permission.systemClassification),
  inventory: (u) => hasPermission(u, Permission.inventory),
  organize: (u) => hasPermission(u, Permission.systemOrganization),
  manageRoles: (u) => u.IsAdmin && u.IsVip,
  /**
   * The role page opens to every admin: without VIP (the paid model, where the company's
   * flag is off) it says why roles are closed and what to do, rather than an error page
   * telling the admin to ask his administrator.
   */
  openRoleArea: (u) => u.IsAdmin,
  usePrivateTemplates: (u) => u.templateUserId !== null,
  /** The demo account cannot change its password. */
  changePassword: (u) => !u.IsDemo,
  /** Only admins can rename the company, and not the demo account: everyone shares its company. */
  renameCompany: (u) => u.IsAdmin && !u.IsDemo,
} satisfies Record<string, AccessRule>;
