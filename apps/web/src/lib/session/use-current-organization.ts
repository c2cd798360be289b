import type { Membership, Role } from "@flowdeck/shared";
import { useMe } from "./get-me.ts";

export type CurrentOrganization = {
  organization: Membership | null;
  /** The role in the current organization; null with no organization or a role-less membership. */
  role: Role | null;
  loading: boolean;
};

/** The user's current organization (spec 1: one current organization at a time). */
export function useCurrentOrganization(): CurrentOrganization {
  const { data, isPending } = useMe();
  const organization = data?.organizations.find((org) => org.id === data.user.currentOrgId) ?? null;
  return { organization, role: organization?.role ?? null, loading: isPending };
}
