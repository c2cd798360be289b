import { AppError } from "@flowdeck/shared";
import { SSO_MESSAGES } from "@flowdeck/shared/sso/messages";
import type { Executor } from "../../db/database.ts";
import type { ChangeLog } from "../../lib/change-log.ts";
import { deleteMemberSessionsOnDomains, findEnforcingMembership } from "./repository.ts";

/**
 * Enforced single sign-on (decision 077), the one home of its rule. A person must sign in through
 * their organization's identity provider when they are a member of the organization that verified
 * their address's domain and its connection enforces single sign-on. Several memberships change
 * nothing: a domain is verified for one organization at most, and that one decides.
 *
 * The organization's owner keeps a way in when the provider is down (break-glass): their password
 * with two-factor sign-in; resetting their password and creating API tokens stay theirs too.
 */
export type SsoEnforcement = NonNullable<Awaited<ReturnType<typeof findEnforcingMembership>>>;

/** The ways in that enforced single sign-on closes. */
export type WayIn = "password" | "password-reset" | "api-token" | "google-or-github";

export async function ssoEnforcementFor(db: Executor, email: string): Promise<SsoEnforcement | null> {
  return (await findEnforcingMembership(db, email)) ?? null;
}

/** Why this way in is closed to this person, or null when it is open. */
export function ssoRefusal(enforcement: SsoEnforcement | null, way: WayIn): string | null {
  if (!enforcement) return null;
  if (enforcement.role !== "owner") return way === "api-token" ? SSO_MESSAGES.enforcedApiTokens : SSO_MESSAGES.enforced;
  if (way === "google-or-github") return SSO_MESSAGES.enforced;
  if (way === "password" && !enforcement.twoFactorEnabled) return SSO_MESSAGES.breakGlassNeedsTwoFactor;
  return null;
}

/** Whether this sign-in with a password is the owner's break-glass. */
export const isBreakGlass = (enforcement: SsoEnforcement | null): enforcement is SsoEnforcement =>
  enforcement?.role === "owner";

/** For Flowdeck's own routes (API token creation): a 403 with the reason, when the way is closed. */
export async function refuseWhenSsoEnforced(db: Executor, email: string, way: WayIn) {
  const refusal = ssoRefusal(await ssoEnforcementFor(db, email), way);
  if (refusal) throw new AppError("permission-denied", refusal);
}

/**
 * Domains whose members must now sign in through the provider end those members' sessions, all
 * but the owner's, in the change's transaction and its audit log. Answers whose sessions ended,
 * for `sessionsChanged` after the commit.
 */
export async function endSessionsOnNewlyEnforcedDomains(
  tx: Executor,
  log: ChangeLog,
  organizationId: string,
  domains: readonly string[],
): Promise<string[]> {
  if (domains.length === 0) return [];
  const ended = await deleteMemberSessionsOnDomains(tx, organizationId, domains);
  const people = ended.length === 1 ? "1 member" : `${ended.length} members`;
  log.record({
    action: "sso.sessions_ended",
    entityId: organizationId,
    summary: `Single sign-on is required for ${domains.join(", ")}: ended the sessions of ${people}`,
    changes: { endedSessionsOf: { before: null, after: ended.length } },
  });
  return ended;
}
