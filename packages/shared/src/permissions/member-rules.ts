import { INVITABLE_ROLES, ROLES, type Role } from "./roles.ts";

type Actor = { userId: string; role: Role | null };
type Target = { userId: string; role: Role | null };

/** Spec 6 "Member table rules": managing is for admins and owners only. */
export function canManageMembers(actorRole: Role | null): boolean {
  return actorRole === "admin" || actorRole === "owner";
}

/** The roles `actor` may give to `target`; empty when the role may not be changed at all. */
export function assignableRoles(actor: Actor, target: Target): readonly Role[] {
  if (actor.userId === target.userId) return [];
  if (actor.role === "owner") return ROLES;
  if (actor.role === "admin" && target.role !== "owner" && target.role !== "admin") {
    return INVITABLE_ROLES.filter((role) => role !== "admin");
  }
  return [];
}

export function canChangeRole(actor: Actor, target: Target, newRole: Role): boolean {
  return assignableRoles(actor, target).includes(newRole);
}

export function canRemoveMember(actor: Actor, target: Target): boolean {
  if (actor.userId === target.userId) return false;
  if (actor.role === "owner") return true;
  if (actor.role === "admin") return target.role !== "owner" && target.role !== "admin";
  return false;
}
