/**
 * Who has a template user (spec section 6: "Private templates need a template user"). A
 * company's private templates belong to the company, so its template user id is the company's
 * id; it is given to the company owner (the admin, who holds every permission) and to
 * sub-users whose role holds Permission.labelTemplates (303). Everyone else has none
 * (templateUserId null in the login result): they see the general templates only, and the
 * server refuses them every private-template call (5), whatever the menu shows.
 */
import { Permission } from '../../../src/api/contract.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../access/service.ts';

/** The template user id of a user: the company's id, or null without the right. */
export function templateUserIdOf(user: { isAdmin: boolean; companyId: number; permissions: Iterable<number> }): number | null {
  if (user.isAdmin) return user.companyId;
  for (const code of user.permissions) if (code === Permission.labelTemplates) return user.companyId;
  return null;
}

/** Refuses (5) an actor without a template user. */
export function assertTemplateUser(actor: Actor): number {
  const owner = templateUserIdOf(actor);
  if (owner === null) throw new AppError('forbidden');
  return owner;
}
