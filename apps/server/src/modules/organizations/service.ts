import { AppError, INITIAL_CREDITS, MESSAGES, type Me } from "@flowdeck/shared";
import type { Database } from "../../db/database.ts";
import { organizationLogoUrl, userAvatarUrl } from "@flowdeck/shared/images/urls";
import type { UserActor } from "../../lib/actor.ts";
import { transact, type ChangeContext } from "../../lib/change-log.ts";
import { sessionsChanged } from "../../lib/session-cache.ts";
import { setCurrentOrganization } from "../users/repository.ts";
import { findMe, findMembership } from "./repository.ts";
import { startOrganization } from "./start-organization.ts";

export async function getMe({ db, userId }: { db: Database; userId: string }): Promise<Me> {
  const profile = await findMe(db, userId);
  if (!profile) throw new AppError("unauthenticated", MESSAGES.notSignedIn);
  // Logo and avatar URLs carry their upload time, so a new image is a new URL everywhere at once.
  // The avatar comes from the stored image only: users.image may hold another site's picture.
  const { avatarUploadedAt } = profile;
  return {
    user: {
      id: profile.id,
      email: profile.email,
      displayName: profile.name || null,
      avatarUrl: avatarUploadedAt === null ? null : userAvatarUrl(profile.id, new Date(avatarUploadedAt)),
      currentOrgId: profile.currentOrgId,
      twoFactorEnabled: profile.twoFactorEnabled ?? false,
    },
    organizations: profile.organizations.map(({ logoUploadedAt, ...org }) => ({
      ...org,
      role: org.role ?? null,
      logoUrl: logoUploadedAt === null ? null : organizationLogoUrl(org.id, new Date(logoUploadedAt)),
    })),
  };
}

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
