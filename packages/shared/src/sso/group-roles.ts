import { roleRank, type Role } from "../permissions/roles.ts";

/**
 * The role a sign-in through the identity provider gives (decision 075): the highest role any of
 * the person's groups maps to, the connection's default when none does. The caller keeps the
 * organization's creator owner, whatever this says.
 */
export function roleFromGroups(
  groups: readonly string[],
  mapping: ReadonlyArray<{ group: string; role: Role }>,
  defaultRole: Role,
): Role {
  const mapped = mapping.filter((entry) => groups.includes(entry.group)).map((entry) => entry.role);
  if (mapped.length === 0) return defaultRole;
  return mapped.reduce((highest, role) => (roleRank(role) > roleRank(highest) ? role : highest));
}

/** A group claim as providers send it: an array of names, one name, or nothing. */
export function groupsOf(claim: unknown): string[] {
  if (typeof claim === "string") return [claim];
  if (Array.isArray(claim)) return claim.filter((item): item is string => typeof item === "string");
  return [];
}
