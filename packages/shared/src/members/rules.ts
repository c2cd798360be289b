import { MESSAGES } from "../errors/messages.ts";
import { assignableRoles, canManageMembers, canRemoveMember } from "../permissions/member-rules.ts";
import type { Role } from "../permissions/roles.ts";
import { MEMBER_MESSAGES } from "./messages.ts";

/** `isCreator`: the member who created the organization (spec 6: the creator is its owner). */
type Party = { userId: string; role: Role | null; isCreator?: boolean };

/**
 * Why `actor` may not give `target` the role `newRole` (spec 6 "Member table rules"), or null
 * when they may. The server refuses with this text; the web app offers only what passes.
 */
export function roleChangeRefusal(actor: Party, target: Party, newRole: Role): string | null {
  if (!canManageMembers(actor.role)) return MESSAGES.cannotUpdateMemberRoles;
  if (actor.userId === target.userId) return MEMBER_MESSAGES.cannotChangeOwnRole;
  const offered = assignableRoles(actor, target);
  if (offered.length === 0) return MESSAGES.cannotManageMembers;
  if (target.isCreator) return MEMBER_MESSAGES.creatorStaysOwner;
  if (!offered.includes(newRole)) return MESSAGES.cannotAssignRole;
  return null;
}

/** Why `actor` may not remove `target`, or null when they may. */
export function removalRefusal(actor: Party, target: Party): string | null {
  if (!canManageMembers(actor.role)) return MESSAGES.cannotRemoveMembers;
  if (actor.userId === target.userId) return MESSAGES.cannotRemoveYourself;
  if (!canRemoveMember(actor, target)) return MESSAGES.cannotRemoveThisMember;
  if (target.isCreator) return MEMBER_MESSAGES.creatorStaysOwner;
  return null;
}
