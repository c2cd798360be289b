import { AppError, INITIAL_CREDITS, MESSAGES } from "@flowdeck/shared";
import type { Database } from "../../db/database.ts";
import type { UserActor } from "../../lib/actor.ts";
import { transact, type ChangeContext } from "../../lib/change-log.ts";
import { sessionsChanged } from "../../lib/session-cache.ts";
import { setCurrentOrganization } from "../users/repository.ts";
import { findMembership } from "./repository.ts";
import { startOrganization } from "./start-organization.ts";

export async function createOrganization({ name, ...context }: ChangeContext & { actor: UserActor; name: string }) {
  const { actor } = context;
  const created = await transact(context, async (tx, log) => {
    const organization = await startOrganization(tx, {
      name,
      domain: null,
      createdBy: actor.userId,
      credits: INITIAL_CREDITS,
    });
    log.record({
      action: "organization.created",
      organizationId: organization.id,
      entityId: organization.id,
      summary: `Created the organization "${name}"`,
      changes: { name: { after: name } },
    });
    return organization;
  });
  // The creator's cached session lists their organizations: it must now list this one too.
  await sessionsChanged(context.events, [actor.userId]);
  return created;
}

export async function switchOrganization({
  db,
  userId,
  organizationId,
}: {
  db: Database;
  userId: string;
  organizationId: string;
}) {
  const membership = await findMembership(db, { organizationId, userId });
  if (!membership) throw new AppError("permission-denied", MESSAGES.noOrganizationAccess);
  await setCurrentOrganization(db, { userId, organizationId });
}
