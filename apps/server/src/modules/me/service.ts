import { AppError, MESSAGES, type Me } from "@flowdeck/shared";
import { organizationLogoUrl, userAvatarUrl } from "@flowdeck/shared/images/urls";
import type { Database } from "../../db/database.ts";
import { findMe } from "./repository.ts";

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
