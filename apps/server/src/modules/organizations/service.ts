import { AppError, INITIAL_CREDITS, MESSAGES, type Me } from "@flowdeck/shared";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { user } from "../../db/schema/index.ts";
import { organizationLogoUrl, userAvatarUrl } from "@flowdeck/shared/images/urls";
import type { UserActor } from "../../lib/actor.ts";
import { transact, type ChangeContext } from "../../lib/change-log.ts";
import { findAvatarVersion } from "../profile/repository.ts";
import { findLogoVersions } from "../settings/repository.ts";
import { setCurrentOrganization } from "../users/repository.ts";
import { findMembership, insertOrganization, listMembershipsOfUser } from "./repository.ts";

export async function getMe({ db, userId }: { db: Database; userId: string }): Promise<Me> {
  const [profile] = await db
    .select({ id: user.id, email: user.email, name: user.name, currentOrgId: user.currentOrgId })
    .from(user)
    .where(eq(user.id, userId));
  if (!profile) throw new AppError("unauthenticated", MESSAGES.notSignedIn);
  const organizations = await listMembershipsOfUser(db, userId);
  // Logo and avatar URLs carry their upload time, so a new image is a new URL everywhere at once.
  // The avatar comes from the stored image only: users.image may hold another site's picture.
  const logos = await findLogoVersions(
    db,
    organizations.map((org) => org.id),
  );
  const avatarUploadedAt = await findAvatarVersion(db, userId);
  return {
    user: {
      id: profile.id,
      email: profile.email,
      displayName: profile.name || null,
      avatarUrl: avatarUploadedAt ? userAvatarUrl(profile.id, avatarUploadedAt) : null,
      currentOrgId: profile.currentOrgId,
    },
    organizations: organizations.map((org) => {
      const logoUploadedAt = logos.get(org.id);
      return {
        ...org,
        role: org.role ?? null,
        logoUrl: logoUploadedAt ? organizationLogoUrl(org.id, logoUploadedAt) : null,
      };
    }),
  };
}

export async function createOrganization({ name, ...context }: ChangeContext & { actor: UserActor; name: string }) {
  const { actor } = context;
  return transact(context, async (tx, log) => {
    const organization = await insertOrganization(tx, {
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
