import { AppError, MESSAGES } from "@flowdeck/shared";
import type { CurrentOrganization } from "@flowdeck/shared/organizations/current";
import type { Database } from "../../db/database.ts";
import type { TokenActor, UserActor } from "../../lib/actor.ts";
import { findCurrentMembership, findOrganizationSummary } from "./repository.ts";

/**
 * "Who am I" for scripts: an API token's organization and role (capped by its creator's, as on
 * every call), or a signed-in person's current organization and role there. A membership given
 * no role acts as a viewer, so it says viewer.
 */
export async function getCurrentOrganization({
  db,
  actor,
}: {
  db: Database;
  actor: UserActor | TokenActor;
}): Promise<CurrentOrganization> {
  if (actor.kind === "token") {
    const organization = await findOrganizationSummary(db, actor.organizationId);
    if (!organization) throw new AppError("not-found", MESSAGES.organizationNotFound);
    return { organization, role: actor.role, signedInWith: "api-token" };
  }
  const current = await findCurrentMembership(db, actor.userId);
  if (!current) throw new AppError("not-found", MESSAGES.noOrganizationSelected);
  const { role, ...organization } = current;
  return { organization, role: role ?? "viewer", signedInWith: "session" };
}
