import { AppError, MESSAGES } from "@flowdeck/shared";
import { userAvatarUrl } from "@flowdeck/shared/images/urls";
import type { Profile } from "@flowdeck/shared/profile/schemas";
import type { Database, Executor } from "../../db/database.ts";
import type { EventHub } from "../../lib/event-hub.ts";
import { imageMetadataOf } from "../../lib/images.ts";
import { findProfile, listOrganizationIdsOfUser, updateUserProfile } from "./repository.ts";

/** Spec 2 "Profile": the signed-in user's own details. */
export async function getProfile({ db, userId }: { db: Executor; userId: string }): Promise<Profile> {
  const row = await findProfile(db, userId);
  if (!row) throw new AppError("unauthenticated", MESSAGES.notSignedIn);
  return {
    id: row.id,
    email: row.email,
    displayName: row.name,
    phone: row.phone,
    avatarUrl: row.avatar ? userAvatarUrl(row.id, row.avatar.uploadedAt) : null,
    avatarMetadata: row.avatar ? imageMetadataOf(row.avatar) : null,
    twoFactorEnabled: row.twoFactorEnabled,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Display name and phone; the email never changes here (the schema refuses it). */
export async function updateProfile({
  db,
  events,
  userId,
  changes,
}: {
  db: Database;
  events: EventHub;
  userId: string;
  changes: { displayName?: string; phone?: string | null };
}): Promise<Profile> {
  await db.transaction((tx) => updateUserProfile(tx, userId, { name: changes.displayName, phone: changes.phone }));
  await announceMemberChange({ db, events, userId });
  return getProfile({ db, userId });
}

/**
 * A member's name or picture shows in their organizations' member lists: each organization hears
 * of the change, so those lists (and every member's shell) refresh without a reload.
 */
export async function announceMemberChange({ db, events, userId }: { db: Executor; events: EventHub; userId: string }) {
  for (const organizationId of await listOrganizationIdsOfUser(db, userId)) {
    await events.publish(organizationId, { entity: "member", id: userId, action: "updated" });
  }
}
