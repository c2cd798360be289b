import { AppError, can, deniedMessage, MESSAGES, tokensMay, type Action } from "@flowdeck/shared";
import { API_TOKEN_MESSAGES } from "@flowdeck/shared/api-tokens/messages";
import { TWO_FACTOR_REQUIREMENT_MESSAGES } from "@flowdeck/shared/settings/messages";
import type { Database } from "../../db/database.ts";
import { actorRole, type Actor } from "../../lib/actor.ts";
import type { SessionMembership } from "../../lib/session-cache.ts";
import { findMembership } from "../../modules/organizations/repository.ts";

/**
 * The actor of an /api/orgs/:orgId route, completed with the organization and its role there, if
 * it may do the route's action. It takes the membership cached with the session (a role change or
 * removal ends that cache at once, decision 033) or reads it when the cache does not list the
 * organization. A non-member gets 404: another tenant's data does not exist for them. An actor
 * whose role is below the action gets 403 before the body is read, so a viewer learns nothing from
 * validation. In an organization that requires two-factor sign-in, a member without it gets 403 on
 * every route until they turn it on in their profile (decision 032).
 */
export async function authorizeInOrganization(
  db: Database,
  options: {
    actor: Actor;
    memberships: ReadonlyMap<string, SessionMembership> | null;
    organizationId: string;
    action: Action;
  },
): Promise<Actor> {
  const { actor, action } = options;
  const member = await actorInOrganization(db, options);
  if (!member) throw new AppError("not-found", MESSAGES.organizationNotFound);
  if (actor.kind === "token" && !tokensMay(action)) {
    throw new AppError("permission-denied", API_TOKEN_MESSAGES.peopleOnly);
  }
  if (!can(actorRole(member), action)) throw new AppError("permission-denied", deniedMessage(action));
  return member;
}

/** The actor with the organization and its role, or null when it does not belong to it. */
async function actorInOrganization(
  db: Database,
  options: { actor: Actor; memberships: ReadonlyMap<string, SessionMembership> | null; organizationId: string },
): Promise<Actor | null> {
  const { actor, memberships, organizationId } = options;
  switch (actor.kind) {
    case "user": {
      // Not cached: not a member, or one since the session was cached, which the database knows.
      const membership =
        memberships?.get(organizationId) ?? (await findMembership(db, { organizationId, userId: actor.userId }));
      if (!membership) return null;
      if (membership.requireTwoFactor && actor.twoFactorEnabled !== true) {
        throw new AppError("permission-denied", TWO_FACTOR_REQUIREMENT_MESSAGES.required);
      }
      return { ...actor, organizationId, role: membership.role };
    }
    case "token":
      return actor.organizationId === organizationId ? actor : null;
    // Runners speak only their own protocol, a webhook only its URL; the system never comes through HTTP.
    case "runner":
    case "system":
    case "hook":
      return null;
  }
}
