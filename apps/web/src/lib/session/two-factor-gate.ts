import type { Me, Membership } from "@flowdeck/shared";

/**
 * The current organization when it requires two-factor sign-in and the user has not turned it on
 * (docs/decisions/032): until they do, every page but /profile sends them there.
 */
export function organizationRequiringTwoFactor(me: Me): Membership | null {
  if (me.user.twoFactorEnabled) return null;
  const current = me.organizations.find((org) => org.id === me.user.currentOrgId);
  return current?.requireTwoFactor ? current : null;
}

export const TWO_FACTOR_SET_UP_PATH = "/profile";
