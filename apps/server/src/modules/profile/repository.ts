import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/database.ts";
import { memberships, user, userAvatars } from "../../db/schema/index.ts";
import type { ProcessedImage } from "../../lib/images.ts";

/** Everything about an avatar except its bytes. */
const avatarMetadataColumns = {
  contentType: userAvatars.contentType,
  width: userAvatars.width,
  height: userAvatars.height,
  originalName: userAvatars.originalName,
  originalSize: userAvatars.originalSize,
  processedSize: userAvatars.processedSize,
  uploadedAt: userAvatars.uploadedAt,
};

export async function findProfile(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      phone: user.phone,
      twoFactorEnabled: user.twoFactorEnabled,
      updatedAt: user.updatedAt,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) return undefined;
  const [avatar] = await db.select(avatarMetadataColumns).from(userAvatars).where(eq(userAvatars.userId, userId));
  return { ...row, avatar };
}

/** Stores the user's one avatar, replacing the previous one. */
export async function upsertAvatar(db: Executor, userId: string, image: ProcessedImage) {
  const values = { ...image, uploadedAt: new Date() };
  const [row] = await db
    .insert(userAvatars)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userAvatars.userId, set: values })
    .returning(avatarMetadataColumns);
  if (!row) throw new Error("the avatar was not stored");
  return row;
}

export async function deleteAvatar(db: Executor, userId: string) {
  const rows = await db
    .delete(userAvatars)
    .where(eq(userAvatars.userId, userId))
    .returning({ userId: userAvatars.userId });
  return rows.length > 0;
}

export async function findAvatarContent(db: Executor, userId: string) {
  const [row] = await db
    .select({ contentType: userAvatars.contentType, content: userAvatars.content, uploadedAt: userAvatars.uploadedAt })
    .from(userAvatars)
    .where(eq(userAvatars.userId, userId));
  return row;
}

/** True when the two users are members of at least one common organization. */
export async function shareAnOrganization(db: Executor, keys: { userId: string; otherUserId: string }) {
  const other = alias(memberships, "other_membership");
  const [row] = await db
    .select({ organizationId: memberships.organizationId })
    .from(memberships)
    .innerJoin(other, eq(other.organizationId, memberships.organizationId))
    .where(and(eq(memberships.userId, keys.userId), eq(other.userId, keys.otherUserId)))
    .limit(1);
  return Boolean(row);
}

export async function listOrganizationIdsOfUser(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ organizationId: memberships.organizationId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return rows.map((row) => row.organizationId);
}
