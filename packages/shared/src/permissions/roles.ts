/** The four roles of an organization, lowest first. The rank is the index. */
export const ROLES = ["viewer", "editor", "admin", "owner"] as const;
export type Role = (typeof ROLES)[number];

/** Roles that can be given through an invitation (an owner is only ever the creator). */
export const INVITABLE_ROLES = ["viewer", "editor", "admin"] as const satisfies readonly Role[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const DEFAULT_ROLE: Role = "viewer";

export function roleRank(role: Role): number {
  return ROLES.indexOf(role);
}

/** True when `role` is `minimum` or higher. A missing role counts as the default role. */
export function hasRole(role: Role | null | undefined, minimum: Role): boolean {
  return roleRank(role ?? DEFAULT_ROLE) >= roleRank(minimum);
}

/** Badge colours of spec 2: owner red, admin purple, editor blue, other gray. */
export const ROLE_BADGE_COLOR: Record<Role, "red" | "purple" | "blue" | "gray"> = {
  owner: "red",
  admin: "purple",
  editor: "blue",
  viewer: "gray",
};

export function roleLabel(role: Role | null | undefined): string {
  return role ?? "member";
}

/** "a viewer", "an editor", "an admin", "an owner": a role as a sentence names it. */
export function roleWithArticle(role: string): string {
  return `${/^[aeiou]/.test(role) ? "an" : "a"} ${role}`;
}
